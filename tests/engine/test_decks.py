"""Decks and dice (issue 21, item 2): named hidden decks with a face-down pile and a face-up
discard, drawing and reshuffling (RULES-NOTES E-34, E-39), the chance script per deck, replay,
views and `determinize` over every deck, the invariants that conserve each deck, and die rolls
that name their roller and how many dice. Proven with the test decks of `tests.testkinds` (a
private one like the guild cards, a public one like the kiosk tiles)."""

from __future__ import annotations

import pytest

from bot.engine import (
    Event,
    GameSettings,
    ScriptError,
    apply,
    continue_from,
    describe,
    determinize,
    from_json,
    holdings,
    new_game,
    pending,
    replay,
    set_chance_script,
    to_json,
    view,
)
from bot.engine.decks import BONUS_DECK, decks_in_play
from bot.engine.invariants import violations
from tests.engine.helpers import play, play_events, quiet_game
from tests.testkinds import TEST_HAND, TEST_TILES, deck_position


def test_the_decks_in_play_follow_the_modules() -> None:
    """A base game has the bonus cards only; the test decks come with the module that implies them."""
    assert decks_in_play(GameSettings(players=3)) == (BONUS_DECK,)
    g = deck_position()
    assert decks_in_play(g.settings)[0] == BONUS_DECK and decks_in_play(g.settings)[-2:] == (TEST_HAND, TEST_TILES)
    assert TEST_HAND.pile(g) == ("t1", "t1", "t2", "t3", "t4", "t5") and TEST_TILES.pile(g) == ("K01", "K02", "K03", "K04")
    assert violations(g) == []


def test_a_draw_from_another_deck_names_its_deck() -> None:
    """The card goes into the hand, the pile shrinks, one outcome is used; the event names the
    deck and the card, and the card is named to its owner only."""
    g = set_chance_script(deck_position(), cards={"testhand": ["t3"]})
    counter = g.rng_counter
    g, events = play_events(g, "d.hand")
    draw = next(e for e in events if e.kind == "draw")
    assert (draw.player, draw.data) == (0, {"deck": "testhand", "card": "t3"})
    assert g.rng_counter == counter + 1 and TEST_HAND.pile(g) == ("t1", "t1", "t2", "t4", "t5")
    assert holdings(g, 0) == {"bonus": g.players[0].cards, "testhand": ("t3",)}
    assert describe(draw, 0) == "{seat:0} drew test card t3."
    assert describe(draw, 1) == describe(draw, None) == "{seat:0} drew a test card."
    assert violations(g) == []


def test_a_public_deck_turns_up_for_everyone() -> None:
    g = set_chance_script(deck_position(), cards={"testtiles": ["K03"]})
    g, events = play_events(g, "d.tile")
    draw = next(e for e in events if e.kind == "draw")
    assert draw.data == {"deck": "testtiles", "card": "K03"}
    assert describe(draw, None) == describe(draw, 2) == "{seat:0} turned up test tile K03."
    assert g.board_part("testlot").tiles == ("K03",) and violations(g) == []


def test_a_bonus_card_draw_keeps_its_shape() -> None:
    """Bonus cards log {card} only, as before, and a list script is the bonus cards'."""
    g = set_chance_script(play(quiet_game(), "go.6", "a.leave"), cards=["stay", "family"])
    g, events = play_events(g, "act")
    assert [e.data for e in events if e.kind == "draw"] == [{"card": "stay"}, {"card": "family"}]


def test_the_script_is_per_deck() -> None:
    """Scripted items of each deck are drawn from that deck only, in order."""
    g = set_chance_script(deck_position(), cards={"testhand": ["t5", "t1"], "testtiles": ["K02"]})
    assert g.script_draws == {"testhand": ("t5", "t1"), "testtiles": ("K02",)} and g.script_cards == ()
    g = play(g, "d.tile", "d.hand", "d.hand")
    assert TEST_HAND.hand(g.players[0]) == ("t1", "t5") and g.board_part("testlot").tiles == ("K02",)
    assert g.script_draws == {}


def test_a_scripted_item_not_in_its_pile_is_a_script_error() -> None:
    g = set_chance_script(deck_position(), cards={"testhand": ["K01"]})
    before = to_json(g)
    with pytest.raises(ScriptError, match="testhand"):
        play(g, "d.hand")
    assert to_json(g) == before
    with pytest.raises(ScriptError, match="no deck called"):
        set_chance_script(g, cards={"nodeck": ["x"]})


def test_a_deck_reshuffles_its_discards_when_its_pile_runs_out() -> None:
    """E-34/E-39: the discard pile becomes the new face-down pile; with both empty a draw brings
    nothing."""
    g = deck_position()
    g = play(g, *["d.hand"] * 6)
    hand = TEST_HAND.hand(g.players[0])
    assert len(hand) == 6 and TEST_HAND.pile(g) == ()
    g, events = play_events(g, "d.hand")
    assert [(e.kind, e.data) for e in events[1:]] == [("no_card", {"deck": "testhand"})]
    assert describe(events[1], None) == "{seat:0} found no test card left to take."
    g = play(g, "x.t1", "x.t2")
    assert TEST_HAND.discard(g) == ("t1", "t2")
    g, events = play_events(g, "d.hand")
    shuffled = next(e for e in events if e.kind == "reshuffle")
    assert shuffled.data == {"cards": 2, "deck": "testhand"}
    assert describe(shuffled, None) == "The discarded test cards were shuffled into a new face-down pile."
    assert TEST_HAND.discard(g) == () and len(TEST_HAND.pile(g)) == 1 and violations(g) == []


def test_one_die_names_its_roller_and_count() -> None:
    """A one-die roll logs {d: [x]} with the roller as the event's player; it uses one outcome
    and can be scripted as (x,); a two-dice script entry for it is a ScriptError."""
    g = deck_position()
    counter = g.rng_counter
    after, events = play_events(g, "d.die")
    (dice,) = [e for e in events if e.kind == "dice"]
    assert dice.player == 0 and len(dice.data["d"]) == 1 and 1 <= dice.data["d"][0] <= 6
    assert after.rng_counter == counter + 1
    assert describe(dice, None) == f"{{seat:0}} rolled {dice.data['d'][0]}."
    scripted, events = play_events(set_chance_script(g, dice=[(5,)]), "d.die")
    assert [e.data for e in events if e.kind == "dice"] == [{"d": [5]}]
    with pytest.raises(ScriptError):
        play(set_chance_script(g, dice=[(5, 2)]), "d.die")


def test_replay_reads_every_deck_and_one_die() -> None:
    """A log with draws from several decks and one-die rolls replays to the same state."""
    start = deck_position()
    g, log = start, []
    for code in ("d.die", "d.hand", "d.tile", "d.hand", "d.die", "d.tile"):
        d = pending(g)
        assert d is not None
        g, events = apply(g, d.player, d.decision_id, code)
        log += events
    assert continue_from(start, log) == g
    stored = [Event.from_jsonable(e.to_jsonable()) for e in log]
    assert continue_from(start, stored) == g


def test_a_base_log_still_replays() -> None:
    g = new_game(GameSettings(players=2), ["red", "blue"], 9)
    log = []
    for _ in range(60):
        d = pending(g)
        assert d is not None
        g, events = apply(g, d.player, d.decision_id, d.options[-1].code)
        log += events
    assert replay(g.settings, ["red", "blue"], 9, log) == g


def test_views_hide_every_pile_and_private_hand() -> None:
    g = play(deck_position(), "d.hand", "d.hand", "d.tile")
    for viewer in (None, 0, 1):
        v = view(g, viewer)
        assert set(TEST_HAND.pile(v.state)) == {"?"} and set(TEST_TILES.pile(v.state)) == {"?"}
        own = TEST_HAND.hand(v.state.players[0])
        assert own == (TEST_HAND.hand(g.players[0]) if viewer == 0 else ("?", "?"))
        assert v.holdings(0)["testhand"] == own
        assert v.state.board.parts["testlot"].tiles == g.board_part("testlot").tiles  # face up
        assert v.state.script_draws == {}


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_determinize_redeals_every_deck(viewer: int | None) -> None:
    """A re-deal looks the same to the viewer, keeps every deck whole, and does change what the
    viewer cannot see for some seed."""
    g = play(deck_position(), "d.hand", "d.hand", "d.tile", "d.hand")
    v = view(g, viewer)
    hands = set()
    for seed in range(12):
        dealt = determinize(v, seed)
        assert view(dealt, viewer) == v and view(dealt, None) == view(g, None)
        assert violations(dealt) == []
        hands.add((TEST_HAND.hand(dealt.players[0]), TEST_HAND.pile(dealt)))
    assert len(hands) > 1 if viewer != 0 else len({h for h, _ in hands}) == 1


def test_the_invariants_conserve_each_deck() -> None:
    g = play(deck_position(), "d.hand", "d.tile")
    lost = g.copy()
    TEST_HAND.set_hand(lost.players[0], ())
    assert violations(lost)[0] == "the testhand deck is not conserved"
    tile_gone = g.copy()
    tile_gone.set_board_part("testlot", type(g.board_part("testlot"))(()))
    assert violations(tile_gone)[0] == "the testtiles deck is not conserved"
    unsorted = g.copy()
    TEST_HAND.set_pile(unsorted, tuple(reversed(TEST_HAND.pile(g))))
    assert "the testhand pile is not kept sorted" in violations(unsorted)[0]


def test_a_preview_state_round_trips_through_json() -> None:
    """The decks, hands, scripts and parts of a module game survive JSON; such a state loads only
    as a preview while its module is not playable."""
    g = set_chance_script(play(deck_position(), "d.hand", "d.tile"), dice=[(3,)], cards={"testhand": ["t2"]})
    assert from_json(to_json(g), preview=True) == g
    with pytest.raises(ValueError, match="not playable yet"):
        from_json(to_json(g))
