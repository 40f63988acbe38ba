"""The companion earned and brought home at the Fountain (RULES-NOTES E-44) and set beside the
merchant at the start of a turn (E-45, D-30).

The first-game layout of Letters & Seals (rows): 9 1 4 21 3 / 15 6 7 11 22 / 13 24 12 14 8 /
10 2 23 5 16; every merchant starts on the Fountain (7), every family member on the Police
Station (12).
"""

from __future__ import annotations

import pytest

from bot.engine import GameState, IllegalChoice, RuleOptions, apply, describe, pending, to_json
from bot.engine.letters.parts import COMPANION_IN_GENERAL_SUPPLY, letters_player
from bot.engine.tokens import OFF_BOARD
from tests.engine.helpers import codes, give, kind, play, play_events
from tests.engine.letters.letters_helpers import done, edit, put_companion, quiet_letters

FOUNTAIN, CARAVANSARY, POLICE = 7, 6, 12


def companion(g: GameState, seat: int = 0) -> int:
    return letters_player(g, seat).companion


def _one_assistant_out(g: GameState, seat: int, where: int) -> None:
    p = g.players[seat]
    p.stack = p.stack[:-1]
    p.assistants = (where,)


def at_caravansary(assistant_out: int | None = 4, rules: RuleOptions | None = None) -> GameState:
    """Seat 0's merchant beside the Fountain (on the Caravansary), one of its assistants out
    (or none)."""
    g = edit(quiet_letters(rules=rules))
    g.players[0].merchant = CARAVANSARY
    if assistant_out is not None:
        _one_assistant_out(g, 0, assistant_out)
    return g


# ---- E-44: earned with the first Fountain action ------------------------------------------------


def test_e44_the_first_fountain_action_brings_the_companion_from_the_general_supply() -> None:
    g = done(at_caravansary())
    assert companion(g) == COMPANION_IN_GENERAL_SUPPLY
    g = play(g, "go.7")
    assert kind(g) == "action" and codes(g) == ("r.all", "skip")
    g, events = play_events(g, "r.all")
    assert companion(g) == OFF_BOARD  # its owner's supply
    assert g.players[0].assistants == ()  # the action itself as ever
    earned = [e for e in events if e.kind == "companion_earned"]
    assert [e.player for e in earned] == [0]
    assert describe(earned[0], None) == "{seat:0} earned their companion with their first Fountain action: it waits in their supply."
    assert all(companion(g, s) == COMPANION_IN_GENERAL_SUPPLY for s in (1, 2))


def test_e44_with_no_assistant_out_the_fountain_action_still_earns_the_companion() -> None:
    g = play(done(at_caravansary(assistant_out=None)), "go.7")
    assert codes(g) == ("r.earn", "skip")
    g = play(g, "r.earn")
    assert companion(g) == OFF_BOARD


def test_e44_skipping_the_fountain_action_earns_nothing() -> None:
    g = play(done(at_caravansary()), "go.7", "skip")
    assert companion(g) == COMPANION_IN_GENERAL_SUPPLY


def test_e44_the_family_member_sent_to_the_fountain_earns_the_companion() -> None:
    g = edit(quiet_letters())
    g.players[0].merchant = 14  # beside the Police Station
    g = play(done(g), "go.12", "a.leave")
    assert kind(g) == "action" and "f.7" in codes(g)
    g = play(g, "f.7")  # the family member's action at the Fountain
    assert kind(g) == "action" and codes(g)[0] == "r.all"
    g = play(g, "r.all")
    assert companion(g) == OFF_BOARD
    assert g.players[0].family == FOUNTAIN


def test_e44_a_later_fountain_action_offers_to_bring_the_companion_home() -> None:
    g = at_caravansary()
    put_companion(g, 0, 22)
    g = play(done(g), "go.7", "r.all")
    d = pending(g)
    assert d is not None and d.kind == "companion_back" and d.player == 0
    assert d.codes() == ("ch.home", "ch.stay") and d.default == "ch.stay"
    g, events = play_events(g, "ch.home")
    assert companion(g) == OFF_BOARD
    assert [e.data for e in events if e.kind == "companion_home"] == [{"from": 22, "why": "fountain"}]


def test_e44_the_companion_may_stay_on_the_board_after_a_fountain_action() -> None:
    g = at_caravansary()
    put_companion(g, 0, 22)
    g = play(done(g), "go.7", "r.all", "ch.stay")
    assert companion(g) == 22


def test_e44_with_no_assistant_out_the_fountain_action_brings_the_companion_home() -> None:
    g = at_caravansary(assistant_out=None)
    put_companion(g, 0, 22)
    g = play(done(g), "go.7")
    assert codes(g) == ("r.home", "skip")
    g = play(g, "r.home")
    assert companion(g) == OFF_BOARD and kind(g) != "companion_back"


def test_e44_with_the_companion_in_its_owners_supply_an_idle_fountain_has_no_action() -> None:
    g = at_caravansary(assistant_out=None)
    put_companion(g, 0, OFF_BOARD)
    g, events = play_events(done(g), "go.7")
    assert [e.data["could"] for e in events if e.kind == "skip"] == [False]  # nothing to carry out
    assert g.turn.player == 1


def test_e44_the_fountain_in_a_base_game_is_unchanged_without_assistants_out() -> None:
    from tests.engine.helpers import quiet_game

    g = quiet_game()
    g = g.copy()
    g.players[0].merchant = 3  # beside the Fountain on the "in_order" layout (7 is row 2, column 3)
    g = play(g, "go.7")
    assert g.turn.player == 1  # no action was offered: the turn went on by itself


def test_e44_the_companion_is_earned_by_guild_card_12_in_the_great_bazaar() -> None:
    from tests.engine.mocha.core_helpers import give_guild

    g = edit(_bazaar())
    give_guild(g, 0, "g12")
    g = play(done(g), "c.g12", "p.7")
    assert companion(g) == OFF_BOARD  # the family member's action of the Fountain, from afar


def _bazaar() -> GameState:
    from bot.engine import new_game, preview_settings
    from tests.engine.helpers import COLOURS_IN_SEAT_ORDER, quieten

    settings = preview_settings(players=3, expansions=("mocha", "letters"))
    g = new_game(settings, COLOURS_IN_SEAT_ORDER[:3], 1).copy()
    return done(quieten(g))


# ---- E-45, D-30: set beside the merchant at the start of a turn ----------------------------------


def in_supply(rules: RuleOptions | None = None) -> GameState:
    g = edit(quiet_letters(rules=rules))
    put_companion(g, 0, OFF_BOARD)
    return g


def test_e45_the_companion_is_set_beside_the_merchant_at_the_start_of_a_turn() -> None:
    g = done(in_supply())
    assert kind(g) == "move" and "t.cp" in codes(g)
    lira = [p.lira for p in g.players]
    g, events = play_events(g, "t.cp")
    assert companion(g) == FOUNTAIN  # the merchant's place
    assert [p.lira for p in g.players] == lira  # free
    assert [e.data for e in events if e.kind == "companion_placed"] == [{"place": FOUNTAIN}]
    line = describe(next(e for e in events if e.kind == "companion_placed"), None)
    assert line == "{seat:0} set their companion beside their merchant at Fountain."
    assert kind(g) == "move" and "t.cp" not in codes(g)  # the turn still chooses its token
    assert {c for c in codes(g) if c.startswith("t.cm.")} == {"t.cm.4", "t.cm.6", "t.cm.11", "t.cm.12"}


def test_d30_setting_the_companion_out_costs_nothing_and_meets_nobody() -> None:
    g = in_supply()
    g.players[0].merchant = 4
    g.players[1].merchant = 4  # another merchant there
    g.players[2].family = 4  # a family member there
    g.board.governor = 4
    g = done(g)
    lira = [p.lira for p in g.players]
    g, events = play_events(g, "t.cp")
    assert companion(g) == 4
    assert [p.lira for p in g.players] == lira
    assert g.players[2].family == 4  # not caught
    assert kind(g) == "move"
    assert not [e for e in events if e.kind in ("fee", "caught", "end_early")]


def test_e45_by_default_either_token_may_move_in_the_turn_the_companion_is_set_out() -> None:
    g = play(done(in_supply()), "t.cp", "t.cm.4")
    assert companion(g) == 4 and g.players[0].merchant == FOUNTAIN


def test_e45_under_the_rule_option_only_the_merchant_moves_in_the_turn_it_is_set_out() -> None:
    rules = RuleOptions(companion_usable_on_placement_turn=False)
    g = edit(in_supply(rules))
    give(g, 0, "companion2")
    g = play(done(g), "t.cp")
    assert not [c for c in codes(g) if c.startswith("t.cm.")]
    assert "c.companion2" not in codes(g)
    with pytest.raises(IllegalChoice):
        d = pending(g)
        assert d is not None
        apply(g, 0, d.decision_id, "t.cm.4")
    g = play(g, "go.4", "a.leave", "act", "done")
    while g.turn.player != 0:  # the others end their turns at once
        g = play(g, "go.6", "x.end") if "go.6" in codes(g) else play(g, codes(g)[0])
    assert {"t.cm.4", "t.cm.6", "t.cm.11", "t.cm.12", "c.companion2"} <= set(codes(g))


def test_e45_the_companion_is_set_out_only_at_the_start_of_a_turn() -> None:
    g = play(done(in_supply()), "go.4")
    seen = []
    while g.turn.player == 0:
        seen.extend(codes(g))
        g = play(g, codes(g)[0])
    assert "t.cp" not in seen
    assert companion(g) == OFF_BOARD


def test_e44_a_companion_still_in_the_general_supply_cannot_be_set_out() -> None:
    g = quiet_letters()
    assert "t.cp" not in codes(g)
    d = pending(g)
    assert d is not None
    before = to_json(g)
    with pytest.raises(IllegalChoice, match="not one of the choices"):
        apply(g, 0, d.decision_id, "t.cp")
    assert to_json(g) == before
