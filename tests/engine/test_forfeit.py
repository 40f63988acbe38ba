"""Forfeiting a turn: the idle player's default choices are played until the turn is over
(engine contract `forfeit_turn`; at the movement step the merchant stays, house ruling)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.engine import (
    GameOver,
    GameSettings,
    GameState,
    NotYourDecision,
    can_undo,
    forfeit_turn,
    new_game,
    pending,
    set_chance_script,
    to_json,
    validate,
)
from bot.engine.invariants import violations
from tests.engine.helpers import codes, decider, give, grant_tile, kind, play, quiet_game, reach, to_discard
from tests.engine.mocha.bonus_helpers import at_corner, at_exchange, at_six_die
from tests.testkinds import base_position


def forfeit(g: GameState) -> GameState:
    """The deciding player forfeits; the turn must pass to the next seat."""
    seat = decider(g)
    turns = g.turns
    g, events = forfeit_turn(g, seat)
    assert events[0].kind == "forfeit" and events[0].player == seat
    assert g.turns == turns + 1 and g.turn.player == (seat + 1) % len(g.players)
    assert decider(g) == g.turn.player and kind(g) == "move"
    assert not can_undo(g, seat)
    return g


def test_at_the_movement_step_the_merchant_stays() -> None:
    """Movement step: the merchant does not move, nothing is handled, the next seat moves."""
    g = quiet_game()
    before = g.players[0]
    after = forfeit(g)
    assert after.players[0] == before
    assert after.decision_id == g.decision_id + 1


def test_after_the_move34_card_the_merchant_stays() -> None:
    """The '3 or 4 places' card played, then forfeit: the card is spent, the merchant stays."""
    g = quiet_game()
    give(g, 0, "move34")
    g = play(g, "c.move34")
    assert kind(g) == "move34"
    g = forfeit(g)
    assert g.players[0].merchant == 7 and g.players[0].cards == () and g.discard == ("move34",)


def test_at_the_assistant_step_the_turn_ends() -> None:
    """Assistant step: the default ends the turn; the merchant stays where it moved, no assistant left."""
    g = forfeit(play(quiet_game(), "go.2"))
    p = g.players[0]
    assert (p.merchant, p.stack, p.assistants, p.goods) == (2, "oooo", (), (0, 0, 0, 0))


def test_at_the_pay_step_nobody_is_paid() -> None:
    """Pay step: the default refuses to pay; the assistant already left stays there (E-7)."""
    g = quiet_game()
    g.players[1].merchant = 2
    g = play(g, "go.2", "a.leave")
    assert set(codes(g)) == {"pay", "x.end"}
    g = forfeit(g)
    assert [p.lira for p in g.players] == [2, 3, 4]
    assert g.players[0].assistants == (2,) and g.players[0].goods == (0, 0, 0, 0)


def test_at_the_action_step_the_action_is_skipped() -> None:
    """Action step: the default skips the action."""
    g = play(quiet_game(), "go.2", "a.leave")
    assert kind(g) == "action"
    g = forfeit(g)
    assert g.players[0].goods == (0, 0, 0, 0) and g.players[0].assistants == (2,)


def test_mid_sale_sells_only_what_was_chosen() -> None:
    """Small Market, one spice chosen: forfeiting completes that sale and nothing more."""
    g = quiet_game()
    g.board.small_demand = ("s1", "s2", "s3", "s4", "s5")
    g.players[0].goods = (2, 2, 0, 0)
    g = play(g, "go.11", "a.leave", "act", "s.green")
    assert kind(g) == "sell" and "done" in codes(g)
    g = forfeit(g)
    assert g.players[0].goods == (2, 1, 0, 0) and g.players[0].lira == 2 + 2
    assert g.board.small_demand[0] == "s2"


def test_at_the_sultans_any_good_step_the_ruby_is_still_paid_for() -> None:
    """Sultan's Palace, the fixed goods already paid: forfeiting pays an 'any' good and takes the ruby."""
    g = quiet_game()
    g.players[0].goods = (2, 1, 1, 2)
    g = play(reach(g, 13), "act")
    assert kind(g) == "sultan_any" and set(codes(g)) == {"g.red", "g.blue"}
    g = forfeit(g)
    p = g.players[0]
    assert p.rubies == 1 and sum(p.goods) == 1 and g.board.sultan_rubies == 5


def test_at_the_caravansary_draws_the_cards_are_still_taken() -> None:
    """Caravansary, before the first draw: forfeiting draws two cards and discards one."""
    g = quiet_game()
    to_discard(g, "stay")
    g = set_chance_script(play(g, "go.6", "a.leave", "act"), cards=["lira5", "good"])
    assert kind(g) == "caravan_draw"
    counter = g.rng_counter
    g, events = forfeit_turn(g, 0)
    assert [e.kind for e in events if e.kind == "draw"] == ["draw", "draw"]
    assert g.rng_counter == counter + 2
    assert len(g.players[0].cards) == 1 and len(g.discard) == 2
    assert decider(g) == 1 and g.turn.player == 1


def test_at_the_encounters_step_the_catch_still_happens() -> None:
    """Encounters with another family member there: the catch is mandatory, also on forfeit."""
    g = quiet_game()
    g.players[1].family = 2
    g = set_chance_script(play(g, "go.2", "a.leave", "skip"), cards=["stay"])
    assert set(codes(g)) == {"k1.card", "k1.lira"}
    g = forfeit(g)
    assert g.players[1].family == 12
    p = g.players[0]
    assert (p.cards, p.lira) in {(("stay",), 2), ((), 5)}


def test_at_the_encounters_step_the_governor_is_declined() -> None:
    """Encounters with only the Governor: forfeiting does not use him."""
    g = quiet_game()
    g.board.governor = 2
    g = play(g, "go.2", "a.leave", "act")
    assert set(codes(g)) == {"gov", "done"}
    g = forfeit(g)
    assert g.board.governor == 2 and g.players[0].cards == () and g.players[0].goods == (2, 0, 0, 0)


def test_at_the_fountains_neutral_assistant_the_default_leaves_it() -> None:
    """Neutral Assistants, a neutral one on the Fountain: the default (and a forfeit) leaves it there."""
    g = new_game(GameSettings(players=3, layout="in_order", neutral_assistants=True), ["red", "blue", "green"], 1)
    g.players[0].merchant = 6
    g.players[1].stack = "ooo"
    g.board.neutral_assistants = (7,)
    g = play(validate(g), "go.7")
    d = pending(g)
    assert d is not None and set(d.codes()) == {"a.neutral", "a.none"}
    assert d.default == "a.none"
    g, _ = forfeit_turn(g, 0)
    assert g.players[0].stack == "ooon" and g.board.neutral_assistants == (7,)


def end_of_last_round(*hands: tuple[str, ...]) -> GameState:
    """Seat 0 to move in the last round (the end is triggered); hands as given."""
    g = quiet_game()
    for seat, hand in enumerate(hands):
        give(g, seat, *hand)
    g.end_triggered = True
    return g


def test_at_the_leftover_card_step_no_card_is_played() -> None:
    """Leftover-card step after the last round: forfeiting plays no card and the game goes on to
    the next seat's leftover cards."""
    g = end_of_last_round(("lira5",), ("good",))
    g = forfeit(forfeit(g))
    g, _ = forfeit_turn(g, 2)
    assert kind(g) == "final" and decider(g) == 0
    g, _ = forfeit_turn(g, 0)
    assert g.players[0].lira == 2 and g.players[0].cards == ("lira5",)
    assert kind(g) == "final" and decider(g) == 1
    g, _ = forfeit_turn(g, 1)
    assert g.finished and pending(g) is None


def test_the_last_seats_forfeit_keeps_its_leftover_cards_window() -> None:
    """Forfeiting the last turn of the game forfeits that turn only, not the leftover-card step."""
    g = end_of_last_round((), (), ("lira5",))
    g = forfeit(forfeit(g))
    g, _ = forfeit_turn(g, 2)
    assert not g.finished
    assert kind(g) == "final" and decider(g) == 2 and "c.lira5" in codes(g)


def test_wrong_player_cannot_forfeit() -> None:
    """Only the deciding player can forfeit: NotYourDecision, the state unchanged."""
    g = play(quiet_game(), "go.2")
    before = to_json(g)
    with pytest.raises(NotYourDecision) as err:
        forfeit_turn(g, 1)
    assert "not your" in str(err.value).lower()
    assert to_json(g) == before


def test_forfeit_after_the_end_is_game_over() -> None:
    """Once the game is over nobody can forfeit."""
    g = end_of_last_round((), (), ())
    g = forfeit(forfeit(g))
    g, _ = forfeit_turn(g, 2)
    assert g.finished
    with pytest.raises(GameOver):
        forfeit_turn(g, 0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_forfeit_anywhere_passes_the_turn(seed: int) -> None:
    """Through random games, forfeiting at any decision ends that player's turn and keeps the
    game consistent; the decisions met cover the sub-steps of many places."""
    rnd = random.Random(seed)
    g = new_game(GameSettings(players=3, layout="short"), ["red", "blue", "green"], seed)
    kinds: set[str] = set()
    for _ in range(400):
        d = pending(g)
        if d is None:
            break
        if rnd.random() < 0.15:
            kinds.add(d.kind)
            turns, final = g.turns, any(s.kind == "final" for s in g.steps)
            g, events = forfeit_turn(g, d.player)
            assert events[0].kind == "forfeit"
            assert not any(can_undo(g, s) for s in range(3))
            if not final:
                assert g.turns == turns + 1 or g.finished or kind(g) == "final"
            assert decider(g) != d.player or kind(g) == "final"
            assert violations(g) == []
        else:
            g = play(g, rnd.choice(d.codes()))
    assert {"move", "assistant", "action"} <= kinds


# ---- every kind of step -------------------------------------------------------------------------


def _at_gov_pay() -> GameState:
    g = quiet_game()
    g.board.governor = 3
    return set_chance_script(play(reach(g, 3), "skip", "gov"), cards=["stay"])


def _at_smug_good() -> GameState:
    g = quiet_game()
    g.board.smuggler = 3
    return play(reach(g, 3), "skip", "smug")


def _at_dice() -> GameState:
    g = quiet_game()
    grant_tile(g, 0, "red")
    return play(set_chance_script(reach(g, 9), dice=[(1, 2)]), "n7")


def _at_bm_good() -> GameState:
    return play(set_chance_script(reach(quiet_game(), 8), dice=[(6, 6)]), "roll")


def _at_green_tile() -> GameState:
    g = quiet_game()
    grant_tile(g, 0, "green")
    return play(reach(g, 3), "act")


def _at_card_discard() -> GameState:
    # the discard pile is empty: both cards come from the face-down pile without asking
    return play(set_chance_script(reach(quiet_game(), 6), cards=["stay", "good"]), "act")


def _at_fountain() -> GameState:
    g = quiet_game()
    g.players[0].merchant, g.players[0].stack, g.players[0].assistants = 6, "oo", (2, 5)
    return play(validate(g), "go.7", "r.some")


def _with_card(card: str, *moves: str) -> GameState:
    g = quiet_game()
    give(g, 0, card)
    g.players[0].stack, g.players[0].assistants, g.players[0].family = "oo", (2, 4), 5
    return play(validate(g), f"c.{card}", *moves)


def _at_action_again() -> GameState:
    g = quiet_game()
    give(g, 0, "post2")
    return play(reach(g, 5), "c.post2")


def _at_family_action() -> GameState:
    return play(reach(quiet_game(), 12), "f.3")


Check = Callable[[GameState, GameState], bool]  # (before the forfeit, after it) -> as expected

STEPS: dict[str, tuple[Callable[[], GameState], str, Check]] = {
    # the Governor's card is kept and 2 Lira paid (the default when they can be paid)
    "gov_pay": (_at_gov_pay, "gov_pay", lambda a, b: b.players[0].lira == a.players[0].lira - 2),
    # the first good (fabric) is taken and paid for with 2 Lira
    "smug_good": (_at_smug_good, "smug_good", lambda a, b: b.players[0].goods == (1, 0, 0, 0)),
    "smug_pay": (
        lambda: play(_at_smug_good(), "g.blue"), "smug_pay",
        lambda a, b: b.players[0].goods == (0, 0, 0, 1) and b.players[0].lira == a.players[0].lira - 2,
    ),
    # the dice are kept as rolled (1 and 2 do not reach 7): 2 Lira
    "dice": (_at_dice, "dice", lambda a, b: b.players[0].lira == a.players[0].lira + 2),
    "bm_good": (_at_bm_good, "bm_good", lambda a, b: b.players[0].goods == (1, 0, 0, 2)),
    # no extra good bought
    "green_tile": (_at_green_tile, "green_tile", lambda a, b: b.players[0].lira == a.players[0].lira),
    "card_discard": (_at_card_discard, "card_discard", lambda a, b: len(b.players[0].cards) == 1),
    # nobody else comes back
    "fountain": (_at_fountain, "fountain", lambda a, b: b.players[0].assistants == a.players[0].assistants),
    "recall": (lambda: _with_card("return"), "recall", lambda a, b: b.players[0].stack == "ooo"),
    "reward": (lambda: _with_card("family"), "reward", lambda a, b: b.players[0].lira == a.players[0].lira + 3),
    "card_good": (lambda: _with_card("good"), "card_good", lambda a, b: b.players[0].goods == (1, 0, 0, 0)),
    # the repeat is skipped: one Post Office reward only
    "action_again": (_at_action_again, "action", lambda a, b: b.board.mail == 1),
    # the family member stays where it was sent, its action skipped
    "family_action": (_at_family_action, "action", lambda a, b: b.players[0].goods == (0, 0, 0, 0)),
    # Mocha & Baksheesh: the Roasting Plant makes its first open deal (2 Lira) and stops there
    "roast": (lambda: play(_at_roasting_plant(), "act"), "roast", lambda a, b: b.players[0].lira == a.players[0].lira - 2),
    # the Coffee trader is paid with the first offer, 2 Lira (the coffee came before)
    "cof_pay": (lambda: play(_at_coffee_trader(), "cof"), "cof_pay", lambda a, b: b.players[0].lira == a.players[0].lira - 2),
    # Mocha & Baksheesh: the corner card's jump is a movement step (the merchant stays), the
    # exchange stops, the die-to-6 card turns the first die (6 and 3: 2 jewelry)
    "corner": (at_corner, "corner", lambda a, b: b.players[0].merchant == a.players[0].merchant),
    "exchange": (at_exchange, "exchange", lambda a, b: b.players[0].goods == (1, 0, 0, 0) and b.players[0].parts == a.players[0].parts),
    "six_die": (at_six_die, "six_die", lambda a, b: b.players[0].goods == (1, 0, 0, 2)),
    # the second step of a choice of many values (tests.testkinds): back, then the pass; no bid
    "value_range": (
        lambda: play(base_position("test_values"), "vr.99"), "value_range",
        lambda a, b: b.players[0].lira == a.players[0].lira and b.players[0].merchant == 7,
    ),
    # Mocha & Baksheesh's Tavern: the coffee is paid; the first edge, then its first place, whose
    # action is skipped (tests/engine/mocha/tavern_position.py: the first-game grid)
    "barrier": (lambda: _at_barrier(), "barrier", lambda a, b: _barrier_of(b) == ((1, 7), 0)),
    "barrier standing": (lambda: _at_barrier((6, 7)), "barrier", lambda a, b: _barrier_of(b) == ((6, 7), 0)),
    "barrier_act": (lambda: play(_at_barrier(), "e.6.7"), "barrier_act", lambda a, b: _barrier_of(b) == ((6, 7), 0)),
}


def _at_roasting_plant() -> GameState:
    from tests.engine.mocha.core_helpers import done, edit, quiet_mocha, step_onto

    g = edit(quiet_mocha())
    g.players[0].lira, g.players[0].goods = 5, (1, 0, 0, 0)
    return step_onto(done(g), 17)


def _at_coffee_trader() -> GameState:
    from bot.engine.mocha.parts import set_mocha_board
    from tests.engine.mocha.core_helpers import done, edit, quiet_mocha, step_onto

    g = edit(quiet_mocha())
    set_mocha_board(g, coffee_trader=5)
    g.players[0].lira, g.players[0].goods = 5, (1, 0, 0, 0)
    return play(step_onto(done(g), 5), "skip")
def _at_barrier(standing: tuple[int, int] | None = None) -> GameState:
    """Seat 0 at the Tavern's Barrier step; `standing`: the edge the Barrier already stands on
    (seat 1 holding its control tile), where an idle player leaves it."""
    from bot.engine.mocha.parts import set_mocha_board
    from tests.engine.mocha.tavern_position import at_tavern, mocha_game, with_coffee

    g = with_coffee(mocha_game(), 0, 2)
    if standing is not None:
        g = g.copy()
        set_mocha_board(g, barrier=standing, barrier_controller=1)
    return play(at_tavern(g), "barrier")


def _barrier_of(g: GameState) -> tuple[object, int]:
    from bot.engine.mocha.parts import mocha_board

    board = mocha_board(g)
    return board.barrier, board.barrier_controller


@pytest.mark.parametrize("where", sorted(STEPS))
def test_forfeit_at_every_kind_of_step(where: str) -> None:
    """Whatever step the idle player is at, a forfeit plays its defaults to the end of the turn,
    keeps every invariant, cannot be undone, and the next seat moves."""
    setup, expected, check = STEPS[where]
    g = setup()
    assert kind(g) == expected and decider(g) == 0
    after = forfeit(g)
    assert violations(after) == []
    assert check(g, after)


def test_the_steps_above_cover_every_decision() -> None:
    """Together with the tests above, every kind of decision the engine can ask is forfeited."""
    from bot.engine.machine import KINDS
    from tests.engine.letters.test_companion_forfeit import FORFEITED as COMPANION_FORFEITED
    from tests.engine.letters.test_kiosk_forfeit import FORFEITED as KIOSK_FORFEITED
    from tests.engine.letters.test_letters_cards_forfeit import FORFEITED as LETTERS_CARDS_FORFEITED
    from tests.engine.letters.test_letters_forfeit import FORFEITED as LETTERS_FORFEITED
    from tests.engine.mocha.test_guild_forfeit import FORFEITED as GUILD_FORFEITED

    covered = {kind for _, kind, _ in STEPS.values()} | {
        "move", "move34", "assistant", "pay", "action", "sell", "sultan_any", "caravan_draw", "after", "final",
    }
    covered |= GUILD_FORFEITED  # Mocha & Baksheesh's guild steps: tests/engine/mocha/test_guild_forfeit.py
    covered |= COMPANION_FORFEITED  # Letters & Seals' companion: tests/engine/letters/test_companion_forfeit.py
    covered |= {"catacombs"}  # the Great Bazaar's: tests/engine/bazaar/test_catacombs.py (a forfeit there)
    covered |= KIOSK_FORFEITED  # the Kiosk's and the Auction House's: tests/engine/letters/test_kiosk_forfeit.py
    covered |= LETTERS_FORFEITED  # Letters & Seals: tests/engine/letters/test_letters_forfeit.py
    covered |= LETTERS_CARDS_FORFEITED  # Letters & Seals' card steps: tests/engine/letters/test_letters_cards_forfeit.py
    automatic = {"turn", "end", "gameover", "relocate"}
    engine_kinds = {name for name, k in KINDS.items() if k.module != "test"}  # not tests.testkinds'
    assert engine_kinds - automatic == covered
