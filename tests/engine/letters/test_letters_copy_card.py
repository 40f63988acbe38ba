"""The copy card (components.md §8.3; RULES-NOTES E-35, E-32, E-33, E-55): the top card of the bonus
discard pile, as it lay before the copy card, carried out with its own timing and conditions."""

from __future__ import annotations

from bot.engine import GameState, can_undo, pending
from bot.engine.invariants import violations
from bot.engine.letters import data
from tests.engine.helpers import codes, kind, play, play_events, to_discard
from tests.engine.letters.letters_helpers import done, edit
from tests.engine.letters.test_letters_bonus_cards import at_the_end, holding, lines, offered

COPY = data.COPY


def copying(top: str, *cards: str, lira: int | None = None, goods: tuple[int, int, int, int] | None = None) -> GameState:
    g = edit(holding(COPY, *cards, lira=lira, goods=goods))
    to_discard(g, top)
    return done(g)


def test_copy_card_carries_out_the_top_card_of_the_discard_pile() -> None:
    g = copying("lira5", lira=0)
    assert COPY in offered(g)
    g, events = play_events(g, f"c.{COPY}")
    assert g.players[0].lira == 5 and g.discard[-2:] == ("lira5", COPY) and not g.players[0].cards
    assert "{seat:0} carried out the “Take 5 Lira” card from the top of the discard pile." in lines(events)
    assert violations(g) == []


def test_copy_card_copies_a_letters_card_too() -> None:
    g = play(copying("good3.r", lira=0), f"c.{COPY}")
    assert g.players[0].goods == (1, 0, 0, 0) and g.players[0].lira == 3


def test_e35_copy_card_is_not_playable_on_an_empty_pile_or_on_another_copy_card() -> None:
    assert COPY not in offered(holding(COPY))  # E-35: nothing to copy
    g = copying(COPY)
    assert COPY not in offered(g)
    g = play(copying("lira5", COPY), f"c.{COPY}")  # a copy card now lies on top
    assert g.players[0].cards == (COPY,) and COPY not in offered(g)


def test_e35_copy_card_keeps_the_copied_cards_timing() -> None:
    g = copying("stay")  # "do not move": only instead of the move
    assert COPY in offered(g)
    g = play(copying("stay"), "go.11", "a.leave")
    assert kind(g) == "action" and COPY not in offered(g)
    g = copying("stay")
    d = pending(g)
    assert d is not None and any(o.code == f"c.{COPY}" for o in d.options)
    g = play(g, f"c.{COPY}")
    assert g.players[0].merchant == 7 and g.discard[-1] == COPY


def test_e35_copy_card_keeps_the_copied_cards_conditions() -> None:
    assert COPY not in offered(copying("family"))  # the family member is already at the station (E-36)
    assert COPY not in offered(copying(data.PAY3, lira=2))  # 3 Lira are needed
    assert COPY in offered(copying(data.PAY3, lira=3))


def test_e32_copy_card_declared_with_an_action_like_the_copied_card() -> None:
    g = edit(copying(data.MOSQUE2, goods=(2, 2, 2, 2)))
    g.players[0].merchant = 13
    g = play(done(g), "go.15", "a.leave")  # the Great Mosque
    assert kind(g) == "action" and f"c.{COPY}" in codes(g)
    d = pending(g)
    assert d is not None and [o.label for o in d.options if o.code == f"c.{COPY}"] == [
        "Play the “Copy the discard” card as the “Mosque twice” card"
    ]
    g = play(g, f"c.{COPY}", "m.blue", "m.yellow")
    assert {"blue", "yellow"} <= set(g.players[0].mosque_tiles) and g.discard[-2:] == (data.MOSQUE2, COPY)


def test_copy_card_of_an_action_card_is_not_offered_elsewhere() -> None:
    g = play(copying(data.MOSQUE2, goods=(2, 2, 2, 2)), "go.11", "a.leave")
    assert kind(g) == "action" and COPY not in offered(g)
    assert COPY not in offered(copying(data.MOSQUE2))  # not in the free window either


def test_e55_copy_card_after_the_last_round_only_when_the_copied_card_qualifies() -> None:
    g = edit(at_the_end(COPY, data.PAY3))
    to_discard(g, "good3.b")
    g = done(g)
    assert COPY in offered(g)
    g = play(g, f"c.{COPY}")
    assert g.players[0].goods == (0, 0, 0, 1) and kind(g) == "final"
    g = edit(at_the_end(COPY, data.PAY3))
    to_discard(g, data.LETTER)
    assert COPY not in offered(done(g))


def test_copy_card_play_is_an_undo_barrier() -> None:
    g = play(copying("lira5"), f"c.{COPY}")
    assert not can_undo(g, 0)
