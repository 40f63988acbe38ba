"""Privacy by invariance: re-dealing what a viewer cannot see changes nothing they can see."""

from __future__ import annotations

import random

import pytest

from bot.engine import (
    Decision,
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
from tests.engine.helpers import give, play, quiet_game, reach

COLOURS = ["red", "blue", "green", "yellow", "white"]


def public_part(d: Decision | None) -> object:
    """What the table sees of a decision: who decides, on what, and the public options."""
    if d is None:
        return None
    public = tuple((o.code, o.label) for o in d.options if not o.private)
    option = d.option(d.default)
    default = d.default if option is not None and not option.private else None
    return (d.player, d.kind, d.prompt, public, default)


def lines(events: list[Event], viewer: int | None, skip_draws: bool = False) -> list[str | None]:
    """The lines a viewer reads, leaving out the demand tile turned up after a sale (a re-deal
    reorders the stack) and, with `skip_draws`, the cards drawn (a re-deal changes them)."""
    skip = ("draw", "demand") if skip_draws else ("demand",)
    return [describe(e, viewer) for e in events if e.kind not in skip]


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
        assert public_part(pending(dealt)) == public_part(d), "the decision on show depends on hidden cards"
        if viewer is not None and viewer != d.player:
            continue
        if option.private and viewer != d.player:
            continue  # the code itself depends on the hand the viewer cannot see
        dealt = set_chance_script(dealt, dice=dice)
        after2, events2 = apply(dealt, d.player, d.decision_id, code)
        assert lines(events2, None) == lines(events, None), "the public story depends on hidden cards"
        assert lines(events2, viewer, skip_draws=drew) == lines(events, viewer, skip_draws=drew)
        if not any(e.kind == "sold" for e in events):  # a sale turns up a hidden demand tile
            assert view(after2, None) == view(after, None), "the public view depends on hidden cards"
        assert public_part(pending(after2)) == public_part(pending(after)), "the next decision depends on hidden cards"


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


def test_the_family_members_action_waits_whatever_the_hand() -> None:
    """Police Station: the family member's action cannot be taken at the Small Market (no good
    the demand tile wants) yet a card could change that ('any goods'), so the player is asked
    whichever card they hold; the table cannot tell the two hands apart."""
    asked = []
    for card in ("smallany", "lira5"):
        g = quiet_game()
        g.players[0].goods = (0, 0, 0, 2)
        g.board.small_demand = ("s3", "s1", "s2", "s4", "s5")  # s3 wants no blue
        give(g, 0, card)
        g = play(reach(g, 12), "f.11")
        d = pending(g)
        assert d is not None and (d.player, d.kind) == (0, "action")
        asked.append(public_part(d))
    assert asked[0] == asked[1]
