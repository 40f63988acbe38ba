"""The end of the game: the ruby target, the last round, leftover cards and the winner
(rulebook "End of the game", RULES-NOTES D-01, D-02, E-54..E-56)."""

from __future__ import annotations

import pytest

from bot.engine import (
    GameOver,
    GameState,
    apply,
    can_undo,
    forfeit_turn,
    result,
    undo,
    winners,
)
from tests.engine.helpers import codes, decider, give, kind, play, quiet_game, reach


def pass_turn(g: GameState) -> GameState:
    """The deciding player forfeits (the merchant stays, the turn ends)."""
    g, _ = forfeit_turn(g, decider(g))
    return g


def buy_ruby(g: GameState) -> GameState:
    """The current player buys a ruby at the Gemstone Dealer and the turn ends."""
    seat = g.turn.player
    g = g.copy()
    g.players[seat].lira = 30
    rubies = g.players[seat].rubies
    g = play(reach(g, 16), "act")
    assert g.players[seat].rubies == rubies + 1
    return g


def ready(players: int = 3, rubies: int = 4) -> GameState:
    """A quiet game whose players all have `rubies` rubies (taken from the supply)."""
    g = quiet_game(players)
    for p in g.players:
        p.rubies = rubies
        g.board.ruby_supply -= rubies
    g.board.neutral_merchants = tuple(3 for _ in g.board.neutral_merchants)
    return g


# ---- the trigger and the last round -------------------------------------------------------------


def test_five_rubies_trigger_the_end_and_the_round_is_finished() -> None:
    """3 players: seat 1 reaches 5 rubies; seat 2 still plays, seat 0 does not play again."""
    g = buy_ruby(pass_turn(ready()))
    assert g.end_triggered and not g.finished
    assert g.players[1].rubies == 5 and decider(g) == 2 and kind(g) == "move"
    g = pass_turn(g)
    assert g.finished and decider(g) == -1
    assert g.turns == 3 and g.round == 1


def test_the_start_player_triggers_and_the_others_still_play() -> None:
    """Seat 0 (the start player) reaches the target: seats 1 and 2 finish the round."""
    g = buy_ruby(ready())
    assert g.end_triggered and decider(g) == 1
    g = pass_turn(g)
    assert decider(g) == 2 and not g.finished
    g = pass_turn(g)
    assert g.finished and g.turns == 3


def test_the_last_seat_triggers_and_the_game_ends_with_that_turn() -> None:
    """The seat before the start player reaches the target: its turn is played to the end
    (here the Governor is still there), then nobody plays another turn."""
    g = pass_turn(pass_turn(ready()))
    g.board.governor = 16
    g = buy_ruby(g)
    assert g.end_triggered and not g.finished
    assert decider(g) == 2 and set(codes(g)) == {"gov", "done"}
    g = play(g, "done")
    assert g.finished and g.turns == 3


def test_two_players_need_six_rubies() -> None:
    """2 players: the fifth ruby does not end the game, the sixth does."""
    g = buy_ruby(ready(players=2))
    assert g.players[0].rubies == 5 and not g.end_triggered
    g = pass_turn(g)
    assert decider(g) == 0 and g.round == 2
    g = buy_ruby(g)
    assert g.players[0].rubies == 6 and g.end_triggered and decider(g) == 1
    g = pass_turn(g)
    assert g.finished


def test_a_trigger_in_an_earlier_round_waits_for_the_round_end() -> None:
    """The end is triggered mid-round: turns go on in seat order until the round is complete."""
    g = pass_turn(pass_turn(pass_turn(ready())))
    assert g.round == 2 and decider(g) == 0
    g = buy_ruby(pass_turn(g))
    assert g.end_triggered and g.players[1].rubies == 5
    g = pass_turn(g)
    assert g.finished and g.round == 2 and g.turns == 6


# ---- leftover cards ----------------------------------------------------------------------------


def last_round(hands: list[tuple[str, ...]]) -> GameState:
    """The end is triggered; every seat forfeits its last turn; the leftover cards remain."""
    g = quiet_game(len(hands))
    for seat, hand in enumerate(hands):
        give(g, seat, *hand)
    g.end_triggered = True
    for _ in hands:
        g = pass_turn(g)
    return g


def test_leftover_cards_that_give_goods_or_lira_only() -> None:
    """After the last round only '1 good', '5 Lira' and 'family member home' may be played."""
    g = quiet_game()
    g.players[0].family = 3
    give(g, 0, "family", "good", "lira5", "sultan2", "move34", "stay", "return", "smallany")
    g.end_triggered = True
    for _ in range(3):
        g = pass_turn(g)
    assert kind(g) == "final" and decider(g) == 0
    assert set(codes(g)) == {"c.family", "c.good", "c.lira5", "done"}


def test_the_family_card_gives_3_lira_at_the_end() -> None:
    """The family card after the last round: the member goes home and the reward is 3 Lira."""
    g = quiet_game()
    g.players[0].family = 3
    give(g, 0, "family")
    g.end_triggered = True
    for _ in range(3):
        g = pass_turn(g)
    g = play(g, "c.family")
    p = g.players[0]
    assert (p.family, p.lira, p.cards) == (12, 2 + 3, ())
    assert g.finished


def test_the_family_card_is_not_offered_when_the_member_is_home() -> None:
    """A family member already at the Police Station: the family card is not playable."""
    g = last_round([("family", "lira5"), (), ()])
    assert set(codes(g)) == {"c.lira5", "done"}


def test_leftover_cards_in_seat_order() -> None:
    """Seat 0 plays its leftover cards first, then seat 1, then seat 2; then the game is over."""
    g = last_round([("good", "lira5"), ("lira5",), ("lira5",)])
    assert decider(g) == 0
    g = play(g, "c.lira5")
    assert decider(g) == 0 and g.players[0].lira == 7
    g = play(g, "c.good", "g.blue")
    assert g.players[0].goods == (0, 0, 0, 1) and g.players[0].cards == ()
    assert decider(g) == 1
    g = play(g, "done")
    assert decider(g) == 2 and g.players[1].lira == 3 and g.players[1].cards == ("lira5",)
    g = play(g, "c.lira5")
    assert g.finished and g.players[2].lira == 9


def test_a_leftover_good_is_lost_beyond_capacity() -> None:
    """The '1 good' card at the end still respects the wheelbarrow's capacity."""
    g = quiet_game()
    g.players[0].goods = (2, 2, 2, 2)
    give(g, 0, "good")
    g.end_triggered = True
    for _ in range(3):
        g = pass_turn(g)
    g = play(g, "c.good", "g.red")
    assert g.players[0].goods == (2, 2, 2, 2) and g.finished


# ---- after the end ----------------------------------------------------------------------------


def test_nothing_can_be_done_after_the_end() -> None:
    """After the end apply, undo and forfeit raise GameOver; nobody may undo."""
    g = last_round([("lira5",), (), ()])
    last_id = g.decision_id
    g = play(g, "done")
    assert g.finished
    assert not any(can_undo(g, s) for s in range(3))
    with pytest.raises(GameOver) as err:
        apply(g, 0, g.decision_id, "done")
    assert "over" in str(err.value)
    with pytest.raises(GameOver):
        apply(g, 0, last_id, "done")
    with pytest.raises(GameOver):
        undo(g, 0)
    with pytest.raises(GameOver):
        forfeit_turn(g, 0)


def test_the_game_over_event_carries_the_ranking() -> None:
    """The last input's events end with the final ranking."""
    g = quiet_game()
    g.end_triggered = True
    g.players[2].rubies = 1
    g.board.ruby_supply -= 1
    g = pass_turn(pass_turn(g))
    g, events = forfeit_turn(g, 2)
    assert g.finished
    assert events[-1].kind == "game_over"
    assert events[-1].data["ranking"][0] == [2, 1]


# ---- the winner --------------------------------------------------------------------------------


def standings(*rows: tuple[int, int, tuple[int, int, int, int], int]) -> GameState:
    """A position whose seats have (rubies, Lira, goods, number of bonus cards) as given."""
    g = quiet_game(len(rows))
    for seat, (rubies, lira, goods, cards) in enumerate(rows):
        p = g.players[seat]
        p.rubies, p.lira, p.goods = rubies, lira, goods
        give(g, seat, *g.draw_pile[:cards])
    return g


def ranks(g: GameState) -> dict[int, int]:
    return {s.seat: s.rank for s in result(g)}


def test_most_rubies_wins() -> None:
    """Rubies come first, however rich the others are."""
    g = standings((3, 50, (2, 2, 2, 2), 5), (4, 0, (0, 0, 0, 0), 0), (2, 9, (0, 0, 0, 0), 0))
    assert ranks(g) == {1: 1, 0: 2, 2: 3}
    assert [s.seat for s in result(g)] == [1, 0, 2]
    assert winners(g) == [1]


def test_lira_break_a_ruby_tie() -> None:
    """Equal rubies: most Lira wins."""
    g = standings((5, 10, (2, 2, 2, 2), 5), (5, 11, (0, 0, 0, 0), 0), (1, 99, (0, 0, 0, 0), 0))
    assert ranks(g) == {1: 1, 0: 2, 2: 3}


def test_goods_break_a_lira_tie() -> None:
    """Equal rubies and Lira: most goods on the wheelbarrow wins."""
    g = standings((5, 10, (1, 1, 1, 0), 5), (5, 10, (0, 0, 0, 4), 0), (5, 9, (2, 2, 2, 2), 9))
    assert ranks(g) == {1: 1, 0: 2, 2: 3}


def test_bonus_cards_break_a_goods_tie() -> None:
    """Equal rubies, Lira and goods: most bonus cards in hand wins."""
    g = standings((5, 10, (1, 1, 1, 1), 2), (5, 10, (2, 2, 0, 0), 3), (5, 10, (0, 0, 0, 0), 9))
    assert ranks(g) == {1: 1, 0: 2, 2: 3}


def test_a_full_tie_is_a_shared_win() -> None:
    """Equal on everything: both win (rank 1); the next player is third, not second."""
    g = standings((5, 10, (1, 1, 1, 1), 2), (3, 20, (0, 0, 0, 0), 0), (5, 10, (2, 2, 0, 0), 2))
    assert ranks(g) == {0: 1, 2: 1, 1: 3}
    assert winners(g) == [0, 2]
    best = result(g)[0]
    assert (best.rubies, best.lira, best.goods, best.cards) == (5, 10, 4, 2)


def test_the_leftover_window_waits_for_any_hand() -> None:
    """A hand with no card still playable is asked all the same (only 'done' on offer): whether
    the game waits for a player must not tell the table what that hand holds. A seat without
    cards has nothing to hide and is not asked."""
    g = last_round([("sultan2",), ("lira5",), ()])
    assert (kind(g), decider(g), codes(g)) == ("final", 0, ("done",))
    g = play(g, "done")
    assert (kind(g), decider(g), codes(g)) == ("final", 1, ("c.lira5", "done"))
    g = play(g, "done")
    assert g.finished
