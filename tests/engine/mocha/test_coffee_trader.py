"""The Coffee trader: a neutral token placed by the set-up dice, met in phase 4 for 1 coffee
against 2 Lira or any 1 good (never coffee, E-43), moved by the dice after use (E-29, E-58)."""

from __future__ import annotations

import pytest

from bot.engine import IllegalChoice, apply, describe, new_game, pending, preview_settings
from bot.engine.invariants import violations
from bot.engine.mocha.coffee import coffee_of
from bot.engine.mocha.parts import mocha_board, set_mocha_board
from bot.engine.state import GameState
from bot.engine.tokens import WAIVERS, NeutralToken, Waiver
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER, codes, kind, play, play_events
from tests.engine.mocha.core_helpers import done, edit, give_coffee, quiet_mocha, step_onto

PLACE = 5  # the Post Office: its action is always open, so the encounter follows it


def meeting(lira: int = 5, goods: tuple[int, int, int, int] = (1, 0, 0, 0), coffee: int = 0) -> GameState:
    """Seat 0 at the Post Office with the Coffee trader there, after its action."""
    g = edit(quiet_mocha())
    set_mocha_board(g, coffee_trader=PLACE)
    g.players[0].lira, g.players[0].goods = lira, goods
    give_coffee(g, 0, coffee)
    g = step_onto(done(g), PLACE)
    return play(g, "skip")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_coffee_trader_is_placed_by_the_set_up_dice(players: int) -> None:
    """E-58: like the Governor and the Smuggler, on the place of a 2d6 roll (2-12)."""
    for seed in range(12):
        g = new_game(preview_settings(players=players, expansions=("mocha",)), COLOURS_IN_SEAT_ORDER[:players], seed)
        assert 2 <= mocha_board(g).coffee_trader <= 12


def test_coffee_trader_takes_two_lira_or_a_good() -> None:
    """E-29: 1 coffee for 2 Lira or any 1 good; the dice move him after use."""
    g = meeting()
    assert kind(g) == "after" and "cof" in codes(g)
    g, events = play_events(g, "cof")
    assert coffee_of(g, 0) == 1
    assert kind(g) == "cof_pay" and codes(g) == ("pay", "g.red")  # no coffee among the payments
    assert "{seat:0} took 1 coffee from the Coffee trader (now 1)." in [describe(e, None) for e in events]
    paid, events = play_events(g, "pay")
    assert paid.players[0].lira == 3 and paid.players[0].goods == (1, 0, 0, 0)
    lines = [describe(e, None) for e in events]
    assert "{seat:0} paid 2 Lira to the Coffee trader." in lines
    assert any(e.kind == "relocate" for e in events)  # the dice move him after use
    dice = next(e for e in events if e.kind == "dice").data["d"]
    assert mocha_board(paid).coffee_trader == sum(dice)  # type: ignore[arg-type]
    assert "cof" not in codes(paid)  # met once per turn
    by_good = play(g, "g.red")
    assert by_good.players[0].lira == 5 and by_good.players[0].goods == (0, 0, 0, 0)
    assert violations(paid) == [] and violations(by_good) == []


def test_coffee_trader_payment_is_never_coffee() -> None:
    """E-43: coffee never pays for "any good"."""
    g = meeting(lira=1, goods=(0, 0, 0, 0), coffee=4)
    # coffee cannot pay him (E-43): with nothing else he is not offered and the turn ends
    assert g.turn.player == 1 and coffee_of(g, 0) == 4
    g = meeting(lira=0, goods=(0, 0, 1, 0), coffee=4)
    g = play(g, "cof")
    assert codes(g) == ("g.yellow",) or kind(g) != "cof_pay"
    assert coffee_of(g, 0) == 5 and g.players[0].goods == (0, 0, 0, 0)


def test_coffee_trader_refuses_a_forged_payment_and_changes_nothing() -> None:
    g = play(meeting(lira=5, goods=(0, 1, 0, 0)), "cof")
    d = pending(g)
    assert d is not None
    for code in ("coffee", "g.red", "c.coffee"):
        with pytest.raises(IllegalChoice):
            apply(g, d.player, d.decision_id, code)
    assert coffee_of(g, 0) == 1 and g.players[0].lira == 5


class _EveryCost(Waiver):
    """A stand-in for the Encounter tile: waives every neutral token's cost."""

    module = "mocha"

    def waives(self, g: GameState, seat: int, token: NeutralToken) -> bool:
        return True


def test_coffee_trader_cost_is_waived_by_a_waiver_and_he_still_moves() -> None:
    """E-29: with the Encounter tile the cost is waived but the token still relocates."""
    waiver = WAIVERS.add(_EveryCost())
    try:
        g = meeting(lira=0, goods=(0, 0, 0, 0))  # nothing to pay with, but nothing owed either
        assert "cof" in codes(g)
        g, events = play_events(g, "cof")
        assert coffee_of(g, 0) == 1 and not any(e.kind == "pay" for e in events)
        assert [e.kind for e in events if e.kind in ("waived", "relocate")] == ["waived", "relocate"]
        assert "{seat:0} owed the Coffee trader nothing this time." in [describe(e, None) for e in events]
    finally:
        WAIVERS.remove(waiver)


def test_a_base_game_has_no_coffee_trader() -> None:
    g = new_game(preview_settings(players=3), COLOURS_IN_SEAT_ORDER[:3], 1)
    assert not g.board.parts


def test_coffee_trader_relocation_follows_the_chance_script() -> None:
    """His relocation is one roll of the dice: a scripted roll of 4 and 5 puts him on place 9."""
    from bot.engine import set_chance_script

    g = set_chance_script(meeting(), dice=[(4, 5)])
    g = play(g, "cof", "pay")
    assert mocha_board(g).coffee_trader == 9
