"""Undo: a player takes back their last choices, never past a barrier (engine contract, `undo`)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.engine import (
    GameSettings,
    GameState,
    NothingToUndo,
    StaleDecision,
    apply,
    can_undo,
    forfeit_turn,
    new_game,
    pending,
    set_chance_script,
    to_json,
    undo,
)
from tests.engine.helpers import codes, decider, give, kind, play, quiet_game, to_discard


def same_but_id(a: GameState, b: GameState) -> bool:
    """The two states are equal (==) apart from the decision id."""
    return dataclasses.replace(a, decision_id=b.decision_id) == b


def warehouse_turn() -> list[GameState]:
    """Seat 0 goes to the Fabric Warehouse, leaves an assistant and fills up: three choices,
    none of them a barrier; the last one passes the turn to seat 1."""
    states = [quiet_game()]
    for code in ("go.2", "a.leave", "act"):
        states.append(play(states[-1], code))
    return states


def assert_nothing_to_undo(g: GameState, seat: int) -> None:
    before = to_json(g)
    assert not can_undo(g, seat)
    with pytest.raises(NothingToUndo) as err:
        undo(g, seat)
    assert "nothing" in str(err.value).lower()
    assert to_json(g) == before


# ---- taking back ------------------------------------------------------------------------------


def test_undo_takes_back_the_last_choice() -> None:
    """Undo returns the merchant to where it stood; the state equals the one before the choice."""
    s0 = quiet_game()
    s1 = play(s0, "go.2")
    assert s1.players[0].merchant == 2 and can_undo(s1, 0)
    g, events = undo(s1, 0)
    assert g.players[0].merchant == 7
    assert kind(g) == "move" and "go.2" in codes(g)
    assert same_but_id(g, s0)
    assert [e.kind for e in events] == ["undo"] and events[0].player == 0


def test_the_decision_id_still_rises() -> None:
    """Undo is an accepted input: the decision id rises, so the old buttons go stale."""
    s0 = quiet_game()
    s1 = play(s0, "go.2")
    g, _ = undo(s1, 0)
    assert g.decision_id == s1.decision_id + 1
    with pytest.raises(StaleDecision):
        apply(g, 0, s1.decision_id, "go.3")
    with pytest.raises(StaleDecision):
        apply(g, 0, s0.decision_id, "go.3")
    g = play(g, "go.3")
    assert g.players[0].merchant == 3


def test_repeated_undo_goes_back_step_by_step() -> None:
    """Each undo takes back one more choice of the same player, in reverse order."""
    s = warehouse_turn()
    assert s[3].players[0].goods == (2, 0, 0, 0) and decider(s[3]) == 1
    g = s[3]
    for back in (s[2], s[1], s[0]):
        g, _ = undo(g, 0)
        assert same_but_id(g, back)
    assert g.players[0].merchant == 7 and g.players[0].stack == "oooo"
    assert_nothing_to_undo(g, 0)


def test_the_previous_player_can_undo_until_the_next_one_chooses() -> None:
    """After the turn passed, its player may still take back the last choice ..."""
    s = warehouse_turn()
    assert decider(s[3]) == 1 and can_undo(s[3], 0)
    assert_nothing_to_undo(s[3], 1)
    g, _ = undo(s[3], 0)
    assert decider(g) == 0 and kind(g) == "action"
    assert g.players[0].goods == (0, 0, 0, 0)
    assert g.turn.player == 0 and g.turns == s[2].turns


def test_another_players_choice_is_a_barrier() -> None:
    """... but not once the next player has chosen: only that player may undo then."""
    s = warehouse_turn()
    g = play(s[3], "go.3")
    assert_nothing_to_undo(g, 0)
    assert can_undo(g, 1)
    g, _ = undo(g, 1)
    assert g.players[1].merchant == 7 and decider(g) == 1


def test_a_closed_undo_stays_closed_when_the_next_player_undoes() -> None:
    """The next player's choice closed the previous player's undo; undoing it restores the board
    but does not reopen the earlier player's choices."""
    s = warehouse_turn()
    g, _ = undo(play(s[3], "go.3"), 1)
    assert not can_undo(g, 0)
    assert g.players == s[3].players and g.steps == s[3].steps and g.board == s[3].board


def test_nothing_to_undo_at_the_start() -> None:
    """Nobody has chosen anything yet: NothingToUndo for every seat, the state unchanged."""
    g = quiet_game()
    for seat in range(3):
        assert_nothing_to_undo(g, seat)


def test_undo_then_choose_again() -> None:
    """After an undo the player simply chooses again; the new choice can be undone in turn."""
    s = warehouse_turn()
    g, _ = undo(s[3], 0)  # back at the action step of the Fabric Warehouse
    g = play(g, "skip")
    assert g.players[0].goods == (0, 0, 0, 0) and decider(g) == 1
    g, _ = undo(g, 0)
    assert same_but_id(g, s[2])


# ---- barriers ---------------------------------------------------------------------------------


def test_a_die_roll_is_a_barrier() -> None:
    """Black Market: the choice that rolled cannot be undone, the good taken after it can."""
    g = set_chance_script(quiet_game(), dice=[(5, 4)])
    g = play(g, "go.8", "a.leave", "roll")
    assert g.players[0].goods == (0, 0, 0, 2) and kind(g) == "bm_good"
    assert_nothing_to_undo(g, 0)
    after_roll = g
    g = play(g, "g.yellow")
    assert g.players[0].goods == (0, 0, 1, 2)
    g, _ = undo(g, 0)
    assert same_but_id(g, after_roll)
    assert_nothing_to_undo(g, 0)


def test_a_card_drawn_at_the_caravansary_is_a_barrier() -> None:
    """Caravansary: a card from the face-down pile stops undo; the public discard top does not."""
    g = quiet_game()
    to_discard(g, "stay")
    g = set_chance_script(play(g, "go.6", "a.leave", "act"), cards=["lira5"])
    assert kind(g) == "caravan_draw" and set(codes(g)) == {"pile", "top"}
    g = play(g, "pile")
    assert g.players[0].cards == ("lira5",)
    assert_nothing_to_undo(g, 0)
    second = g
    g = play(g, "top")
    assert g.players[0].cards == ("lira5", "stay") and kind(g) == "card_discard"
    g, _ = undo(g, 0)
    assert same_but_id(g, second)
    assert_nothing_to_undo(g, 0)


def test_the_governors_card_is_a_barrier_and_so_is_a_discard() -> None:
    """Governor: the card drawn, the roll that moves him and a card discarded all stop undo."""
    g = quiet_game()
    g.board.governor = 2
    g.players[0].lira = 5
    g = set_chance_script(play(g, "go.2", "a.leave", "act"), cards=["good"], dice=[(3, 3)])
    assert "gov" in codes(g)
    g = play(g, "gov")
    assert g.players[0].cards == ("good",) and kind(g) == "gov_pay"
    assert_nothing_to_undo(g, 0)
    at_payment = g
    g = play(g, "pay")
    assert g.players[0].lira == 3 and g.board.governor == 6
    # the Governor's relocation rolled: that is a barrier too
    assert_nothing_to_undo(g, 0)
    g = play(at_payment, "d.good")
    assert g.players[0].cards == () and g.discard == ("good",)
    assert_nothing_to_undo(g, 0)


def test_a_catch_reward_card_is_a_barrier_but_lira_are_not() -> None:
    """Catching a family member: the 3 Lira can be taken back, a drawn card cannot."""
    g = quiet_game()
    g.players[1].family = 2
    g = play(g, "go.2", "a.leave", "skip")
    assert set(codes(g)) == {"k1.card", "k1.lira"}
    before = g
    g = play(before, "k1.lira")
    assert g.players[0].lira == 5 and g.players[1].family == 12
    g, _ = undo(g, 0)
    assert same_but_id(g, before)
    assert g.players[1].family == 2
    g = play(set_chance_script(before, cards=["stay"]), "k1.card")
    assert g.players[0].cards == ("stay",)
    assert_nothing_to_undo(g, 0)


def test_a_bonus_card_played_is_a_barrier() -> None:
    """A played bonus card is shown to everyone: neither it nor earlier choices can be undone."""
    g = quiet_game()
    give(g, 0, "lira5")
    g = play(g, "go.2", "a.leave")
    assert "c.lira5" in codes(g)
    g = play(g, "c.lira5")
    assert g.players[0].lira == 7 and g.discard == ("lira5",)
    assert_nothing_to_undo(g, 0)
    g = play(g, "act")  # a choice after the card can be undone again, back to the card
    g, _ = undo(g, 0)
    assert g.players[0].lira == 7 and g.players[0].goods == (0, 0, 0, 0) and kind(g) == "action"
    assert_nothing_to_undo(g, 0)


def test_a_forfeit_is_a_barrier() -> None:
    """After a forfeit nobody can undo, not even the choices made before it."""
    g = play(quiet_game(), "go.2", "a.leave")
    g, _ = forfeit_turn(g, 0)
    assert decider(g) == 1
    for seat in range(3):
        assert_nothing_to_undo(g, seat)


def test_a_neutral_merchants_relocation_is_a_barrier() -> None:
    """2 players: paying a neutral merchant rolls the dice for its new place; no undo past it."""
    g = quiet_game(players=2)
    g.players[0].merchant = 10
    g = set_chance_script(play(g, "go.14", "a.leave"), dice=[(1, 2)])
    assert set(codes(g)) == {"pay", "x.end"}
    g = play(g, "pay")
    assert g.board.neutral_merchants[0] == 3
    assert_nothing_to_undo(g, 0)


# ---- the contract on random games ---------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 4])
def test_undo_restores_the_state_before_each_choice(seed: int) -> None:
    """Through a random game: whenever a choice can be undone right away, undoing it gives back
    the state before it (==, apart from the decision id), and only its player may undo."""
    rnd = random.Random(seed)
    g = new_game(GameSettings(players=3, layout="short"), ["red", "blue", "green"], seed)
    checked = 0
    for _ in range(250):
        d = pending(g)
        if d is None:
            break
        after, _ = apply(g, d.player, d.decision_id, rnd.choice(d.codes()))
        if can_undo(after, d.player):
            for other in range(3):
                assert not can_undo(after, other) or other == d.player
            if g.undo is None or g.undo.player == d.player:
                back, _ = undo(after, d.player)
                assert same_but_id(back, g)
                assert back.decision_id == after.decision_id + 1
                checked += 1
        g = after
    assert checked > 50


@pytest.mark.parametrize("seed", [5, 6])
def test_undoing_the_first_choice_after_a_hand_over_gives_back_that_position(seed: int) -> None:
    """When the previous player could still undo (their record is on the state) and the next
    player chooses, that choice starts a record of its own from the position before it (without
    the previous player's record); undoing it gives that position back, and every state handed out
    on the way is unchanged by the play that followed (the record shares the board with it)."""
    rnd = random.Random(seed)
    g = new_game(GameSettings(players=3, layout="short"), ["red", "blue", "green"], seed)
    handed_out: list[tuple[GameState, str]] = []
    checked = 0
    for _ in range(300):
        d = pending(g)
        if d is None:
            break
        after, _ = apply(g, d.player, d.decision_id, rnd.choice(d.codes()))
        handed_out.append((after, to_json(after)))
        if g.undo is not None and g.undo.player != d.player and can_undo(after, d.player):
            assert after.undo is not None and after.undo.base.undo is None
            back, _ = undo(after, d.player)
            assert same_but_id(back, dataclasses.replace(g, undo=None))
            assert not can_undo(back, g.undo.player)  # the previous player's record is gone
            checked += 1
        g = after
    assert checked > 5
    assert all(to_json(state) == text for state, text in handed_out)


def test_a_sale_turns_up_the_next_demand_tile_and_is_a_barrier() -> None:
    """Markets: after a sale the next demand tile lies face up, so the sale cannot be taken back
    (the choices that led to it could otherwise be replayed knowing that tile)."""
    g = quiet_game()
    g.players[0].goods = (1, 1, 0, 0)
    g.board.small_demand = ("s1", "s2", "s3", "s4", "s5")
    g = play(g, "go.11", "a.leave", "act", "s.red")
    assert can_undo(g, 0) and kind(g) == "sell"
    g = play(g, "done")
    assert g.board.small_demand[0] == "s2"
    assert_nothing_to_undo(g, 0)
