"""Privacy by invariance: re-dealing what a viewer cannot see changes nothing they can see."""

from __future__ import annotations

import random

import pytest

from bot.engine import (
    Event,
    GameSettings,
    GameState,
    apply,
    describe,
    determinize,
    new_game,
    pending,
    set_chance_script,
    to_json,
    view,
)

COLOURS = ["red", "blue", "green", "yellow", "white"]


def lines(events: list[Event], viewer: int | None, skip_draws: bool = False) -> list[str | None]:
    return [describe(e, viewer) for e in events if not (skip_draws and e.kind == "draw")]


def check_step(g: GameState, code: str, after: GameState, events: list[Event], seed: int) -> None:
    d = pending(g)
    assert d is not None
    option = d.option(code)
    assert option is not None
    dice = [(e.data["d"][0], e.data["d"][1]) for e in events if e.kind == "dice"]
    drew = any(e.kind == "draw" for e in events)
    for viewer in [None, *range(len(g.players))]:
        v = view(g, viewer)
        dealt = determinize(v, seed)
        assert view(dealt, viewer) == v, f"re-dealt state looks different to {viewer}"
        assert view(dealt, None) == view(g, None), "re-dealt state looks different to the public"
        if viewer is not None and viewer != d.player:
            continue
        if option.private and viewer != d.player:
            continue  # the code itself depends on the hand the viewer cannot see
        dealt = set_chance_script(dealt, dice=dice)
        after2, events2 = apply(dealt, d.player, d.decision_id, code)
        assert lines(events2, None) == lines(events, None), "the public story depends on hidden cards"
        assert lines(events2, viewer, skip_draws=drew) == lines(events, viewer, skip_draws=drew)
        assert view(after2, None).state.players[0].lira == view(after, None).state.players[0].lira


@pytest.mark.parametrize("game", range(12))
def test_views_and_lines_do_not_depend_on_hidden_information(game: int) -> None:
    """Every 10th step of a random game: a re-deal is indistinguishable to each viewer."""
    n = 2 + game % 4
    settings = GameSettings(
        players=n, layout=["short", "long", "in_order", "random"][game % 4], neutral_assistants=game % 3 == 0 and n < 5
    )
    g = new_game(settings, COLOURS[:n], seed=1000 + game)
    rng = random.Random(game)
    step = 0
    while (d := pending(g)) is not None and g.turns < 400:
        code = rng.choice(d.codes())
        after, events = apply(g, d.player, d.decision_id, code)
        if step % 10 == 0:
            check_step(g, code, after, events, seed=rng.randrange(1 << 30))
        g = after
        step += 1
    assert step > 100


def test_public_view_hides_hands_piles_and_generator() -> None:
    """The public view names no card in a hand or the pile, and carries no seed."""
    g = new_game(GameSettings(players=3), COLOURS[:3], seed=424242)
    text = to_json(view(g, None).state)
    assert "424242" not in text
    for p in g.players:
        for card in p.cards:
            assert view(g, None).state.players[p.seat].cards == ("?",)
            assert card in view(g, p.seat).state.players[p.seat].cards
    assert set(view(g, None).state.draw_pile) == {"?"}
    assert view(g, None).state.board.small_demand[1:] == ("?",) * 4
