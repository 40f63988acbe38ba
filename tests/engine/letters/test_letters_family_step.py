"""The family-step card (components.md §8.3; RULES-NOTES E-37, E-11, E-12, E-32a, E-33): the family
member, never at or into the Police Station, steps to a neighbouring place and takes its action
there without an assistant and without encounters; that is the whole turn."""

from __future__ import annotations

import pytest

from bot.engine import GameState, IllegalChoice, apply, can_undo, pending, undo
from bot.engine.board import grid_of
from bot.engine.invariants import violations
from bot.engine.letters import data
from bot.engine.mocha.parts import set_mocha_board
from tests.engine.helpers import codes, kind, play, play_events
from tests.engine.letters.letters_helpers import done, edit, give_letters
from tests.engine.letters.test_letters_bonus_cards import bazaar, holding, lines, offered

STEP = data.FAMILY_STEP
# First-game layout: 9 1 4 21 3 / 15 6 7 11 22 / 13 24 12 14 8 / 10 2 23 5 16.


def family_at(place: int, *cards: str, g: GameState | None = None) -> GameState:
    g = edit(holding(STEP, *cards, g=g))
    g.players[0].family = place
    return done(g)


def test_e37_familystep_card_acts_at_the_neighbouring_place_without_encounters() -> None:
    g = edit(family_at(1))  # the Wainwright: neighbours 9, 4 and 6
    g.players[1].merchant = 4  # another merchant, family member and the Governor at the Fruit Warehouse
    g.players[2].family = 4
    g.board.governor = 4
    give_letters(g, 0, (4, False))
    g = done(g)
    assert f"c.{STEP}" in codes(g)
    g = play(g, f"c.{STEP}")
    assert kind(g) == "family_step" and set(codes(g)) == {"go.9", "go.4", "go.6"}
    lira = [p.lira for p in g.players]
    g, events = play_events(g, "go.4")
    assert "{seat:0}'s family member moved from Wainwright to Fruit Warehouse." in lines(events)
    assert g.players[0].family == 4 and g.players[0].merchant == 7  # the merchant stack stays
    assert kind(g) == "action" and set(codes(g)) == {"act", "skip"}
    g = play(g, "act")
    assert g.players[0].good("yellow") == g.players[0].capacity  # the action, with no assistant
    assert [p.lira for p in g.players] == lira and g.players[2].family == 4  # no fee, nobody caught
    assert g.board.governor == 4 and g.turn.player == 1  # no Governor; the turn is over
    assert (4, True) in g.players[0].parts["letters_player"].letters  # type: ignore[attr-defined]
    assert violations(g) == []


def test_e37_familystep_card_never_from_or_into_the_police_station() -> None:
    assert STEP not in offered(family_at(12))  # at the station (the start of every game)
    g = play(family_at(7), f"c.{STEP}")  # the Fountain: 4, 6, 11 and the station 12 around it
    assert set(codes(g)) == {"go.4", "go.6", "go.11"}
    g0 = pending(g)
    assert g0 is not None
    with pytest.raises(IllegalChoice):
        apply(g, g0.player, g0.decision_id, "go.12")


def test_e11_e12_familystep_card_respects_the_barrier() -> None:
    g = edit(holding(STEP, g=bazaar()))
    here = g.layout[0]  # a corner
    g.players[0].family = here
    around = grid_of(g).neighbours(here)
    blocked = tuple(sorted((here, around[0])))
    set_mocha_board(g, barrier=blocked)
    g = play(done(g), f"c.{STEP}")
    targets = {int(c[3:]) for c in codes(g)} if kind(g) == "family_step" else {g.players[0].family}
    assert around[0] not in targets
    g = edit(holding(STEP, g=bazaar()))
    g.players[0].family = here
    set_mocha_board(g, barrier=blocked, barrier_controller=0)  # its controller passes (E-12)
    g = play(done(g), f"c.{STEP}")
    targets = {int(c[3:]) for c in codes(g)} if kind(g) == "family_step" else {g.players[0].family}
    assert around[0] in targets


def test_e32_familystep_card_only_instead_of_the_move() -> None:
    g = play(family_at(1), "go.11", "a.leave")
    assert kind(g) == "action" and STEP not in offered(g)


def test_familystep_turn_ends_with_a_free_moment_for_cards() -> None:
    g = play(family_at(1, "lira5"), f"c.{STEP}", "go.4", "act")
    assert kind(g) == "family_end" and "c.lira5" in codes(g) and "done" in codes(g)
    g = play(g, "c.lira5")  # with the hand empty the lone "done" is taken at once
    assert g.turn.player == 1


def test_e33_familystep_card_lets_place_bound_cards_apply_where_the_family_member_stands() -> None:
    g = edit(family_at(13, data.MOSQUE2))  # the Sultan's Palace; the Great Mosque 15 above it
    g.players[0].goods = (2, 2, 2, 2)
    g = play(done(g), f"c.{STEP}", "go.15")
    assert kind(g) == "action" and f"c.{data.MOSQUE2}" in codes(g)  # E-33: it stands there


def test_familystep_step_can_be_taken_back_before_the_action() -> None:
    g = play(family_at(1), f"c.{STEP}")
    assert not can_undo(g, 0)  # the card is shown
    g = play(g, "go.9")  # the Tea House: the call comes next
    assert kind(g) == "action" and can_undo(g, 0)
    g, _ = undo(g, 0)
    assert kind(g) == "family_step" and g.players[0].family == 1
