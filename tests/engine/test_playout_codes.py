"""The playout keeps codes only: a step kind's optional `codes(g, step)` gives exactly the codes of
its options, and `Playout.options()` (built on request) is what `pending` offers, labels included."""

from __future__ import annotations

import random

from bot.engine import GameSettings, apply, new_game, pending
from bot.engine.components import COLOURS
from bot.engine.machine import FREE_WINDOWS, KINDS
from bot.engine.places import PLACES
from bot.engine.playout import Playout

SETTINGS = [
    GameSettings(players=2),
    GameSettings(players=5, layout="long"),
    GameSettings.model_validate({"players": 3, "rules": {"move_card_semantics": "walk"}}),
]


def test_a_kinds_codes_are_its_options_codes_in_order() -> None:
    seen: set[str] = set()
    for index, settings in enumerate(SETTINGS):
        for seed in range(4):
            rng = random.Random(seed)
            g = new_game(settings, list(COLOURS[: settings.players]), seed + 10 * index)
            while (d := pending(g)) is not None:
                step = g.steps[-1]
                kind = KINDS[step.kind]
                codes = getattr(kind, "codes", None)
                if codes is not None:
                    listed = kind.options(g, step)
                    assert list(codes(g, step)) == [o.code for o in listed or ()], step
                    seen.add(step.kind)
                code = d.options[rng.randrange(len(d.options))].code
                g, _ = apply(g, d.player, d.decision_id, code)
    assert {"move", "move34", "assistant", "pay", "action", "after"} <= seen  # the kinds that have codes() were met


def test_free_windows_and_places_give_their_options_codes_in_order() -> None:
    """The free windows' and the places' optional `codes` (the playout path's) are the codes of
    their options, in the same order, at every step of seeded games (Mocha & Baksheesh too)."""
    windows_seen = places_seen = 0
    games = [*SETTINGS, GameSettings(players=3, expansions=("mocha",), layout="first")]
    for index, settings in enumerate(games):
        windows = FREE_WINDOWS.active(settings)
        for seed in range(3):
            rng = random.Random(seed)
            g = new_game(settings, list(COLOURS[: settings.players]), seed + 10 * index)
            while (d := pending(g)) is not None:
                step = g.steps[-1]
                for window in windows:
                    codes = getattr(window, "codes", None)
                    if codes is not None:
                        listed = [o.code for o in window.options(g, step)]
                        assert list(codes(g, step)) == listed, (window, step)
                        windows_seen += bool(listed)
                if step.kind == "action" and step.place in PLACES:
                    place = PLACES[step.place]
                    assert list(place.codes(g, step.actor, step)) == [o.code for o in place.options(g, step.actor, step)]
                    places_seen += 1
                code = d.options[rng.randrange(len(d.options))].code
                g, _ = apply(g, d.player, d.decision_id, code)
    assert windows_seen > 20 and places_seen > 50


def test_playout_options_are_the_full_paths_with_their_labels() -> None:
    settings = GameSettings(players=3)
    g = new_game(settings, list(COLOURS[:3]), 21)
    p = Playout(g)
    rng = random.Random(21)
    steps = 0
    while (d := pending(g)) is not None:
        assert p.options() == list(d.options)
        assert p.codes() == list(d.codes())
        code = d.options[rng.randrange(len(d.options))].code
        g, _ = apply(g, d.player, d.decision_id, code)
        p.choose(code)
        steps += 1
    assert p.options() is None and p.codes() is None
    assert steps > 100
