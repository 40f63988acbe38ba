"""The playout path against the full path: the same decider, the same codes in the same order at
every step, and the same final state (the stored JSON less the undo record), over seeded random
games of every playable game, layout, variant and rule value, 2-5 players; and over Mocha &
Baksheesh games (played as a preview until the module is playable)."""

from __future__ import annotations

import random
import typing
from typing import Any

import pytest

from bot.engine import (
    GameOver,
    GameSettings,
    GameState,
    RuleOptions,
    apply,
    forfeit_turn,
    new_game,
    pending,
    to_json,
)
from bot.engine.components import COLOURS
from bot.engine.modules import allowed_pairs
from bot.engine.playout import Playout, disagreement, snapshot

GAMES = 200
WHOLE_EVERY = 5  # every fifth game is played to its end; the others stop after CAP decisions
CAP = 300
SNAPSHOT_EVERY = 500  # decisions between mid-game snapshot comparisons
FORFEIT_RATE = 0.004


def _rule_values() -> list[tuple[str, tuple[Any, ...]]]:
    out = []
    for name, info in RuleOptions.model_fields.items():
        if info.annotation is bool:
            out.append((name, (False, True)))
        else:
            out.append((name, typing.get_args(info.annotation)))
    return out


RULES = _rule_values()
PAIRS = allowed_pairs(playable_only=True)


def settings_for(index: int) -> GameSettings:
    """Game `index` of the series: cycles through the player counts, then the (game, layout) pairs,
    then the variants; each rule option's value is drawn from a generator seeded with `index`."""
    players = 2 + index % 4
    k = index // 4
    game, layout = PAIRS[k % len(PAIRS)]
    k //= len(PAIRS)
    variants = k % 4
    rng = random.Random(index)
    rules = {name: rng.choice(values) for name, values in RULES}
    return GameSettings.model_validate({
        "players": players, "expansions": game.expansions, "layout": layout,
        "neutral_assistants": bool(variants & 1) and players <= 4, "caravan_leader": bool(variants & 2),
        "rules": RuleOptions(**rules),
    })


def same_decision(p: Playout, g: GameState, where: str) -> None:
    problem = disagreement(p, g)
    assert problem is None, f"{where}: {problem}"


def play_both(seed: int, settings: GameSettings, cap: int | None = None) -> tuple[int, int]:
    """One random game through both paths, compared at every step, to its end or for `cap`
    decisions; (decisions, forfeits)."""
    rng = random.Random(seed)
    g = new_game(settings, list(COLOURS[: settings.players]), seed)
    p = Playout(g)
    decisions = forfeits = 0
    while (d := pending(g)) is not None:
        if cap is not None and decisions >= cap:
            assert snapshot(p.state) == snapshot(g), f"seed {seed}: the states differ at the cap"
            return decisions, forfeits
        where = f"seed {seed}, {settings}, decision {decisions}"
        same_decision(p, g, where)
        if rng.random() < FORFEIT_RATE:
            g, _ = forfeit_turn(g, d.player)
            p = Playout(g)  # the playout path starts from any state, a forfeited turn included
            forfeits += 1
            continue
        code = d.options[rng.randrange(len(d.options))].code
        g, _ = apply(g, d.player, d.decision_id, code)
        p.choose(code)
        decisions += 1
        if decisions % SNAPSHOT_EVERY == 0:
            assert snapshot(p.state) == snapshot(g), where
    same_decision(p, g, f"seed {seed}: the end")
    assert p.state.finished
    assert snapshot(p.state) == snapshot(g), f"seed {seed}: the final states differ"
    return decisions, forfeits


@pytest.mark.parametrize("block", range(8))
def test_playout_matches_the_full_path(block: int) -> None:
    total = forfeits = 0
    for k in range(block, GAMES, 8):
        n, f = play_both(1000 + k, settings_for(k), None if k % WHOLE_EVERY == 0 else CAP)
        total += n
        forfeits += f
    assert total > 0
    if block == 0:
        assert forfeits > 0  # the forfeit path was exercised somewhere


# Mocha & Baksheesh before it is playable (`preview`): the same comparison over its own series.
MOCHA_GAMES = 16
MOCHA_WHOLE_EVERY = 5  # games 0, 5, 10, 15 (2, 3, 4 and 5 players) are played to their end


def mocha_settings_for(index: int) -> GameSettings:
    """Mocha game `index`: the player counts, then its layouts (first, random), then the variants;
    `two_player_tavern_tiles` alternating every eight games, each other rule option's value drawn
    from a generator seeded with `index`."""
    players = 2 + index % 4
    layout = ("first", "random")[(index // 4) % 2]
    variants = (index // 8) % 4 if index < 8 else (index // 2) % 4
    rng = random.Random(index)
    rules = {name: rng.choice(values) for name, values in RULES}
    rules["two_player_tavern_tiles"] = ("1and3", "all")[(index // 8) % 2]  # both values at 2 players
    return GameSettings.model_validate(
        {
            "players": players, "expansions": ("mocha",), "layout": layout,
            "neutral_assistants": bool(variants & 1) and players <= 4, "caravan_leader": bool(variants & 2),
            "rules": RuleOptions(**rules),
        },
        context={"preview": True},
    )


@pytest.mark.parametrize("block", range(2))
def test_playout_matches_the_full_path_in_mocha_games(block: int) -> None:
    total = 0
    for k in range(block, MOCHA_GAMES, 2):
        n, _ = play_both(3000 + k, mocha_settings_for(k), None if k % MOCHA_WHOLE_EVERY == 0 else CAP)
        total += n
    assert total > 0


def test_the_mocha_series_covers_its_layouts_variants_and_rule_values() -> None:
    seen = [mocha_settings_for(k) for k in range(MOCHA_GAMES)]
    assert {(s.players, s.layout) for s in seen} == {(p, lay) for p in (2, 3, 4, 5) for lay in ("first", "random")}
    assert {(s.neutral_assistants, s.caravan_leader) for s in seen} == {
        (a, b) for a in (False, True) for b in (False, True)
    }
    assert {s.rules.two_player_tavern_tiles for s in seen if s.players == 2} == {"1and3", "all"}
    whole = [mocha_settings_for(k) for k in range(0, MOCHA_GAMES, MOCHA_WHOLE_EVERY)]
    assert {s.players for s in whole} == {2, 3, 4, 5}


def test_the_series_covers_every_setting() -> None:
    seen = [settings_for(k) for k in range(GAMES)]
    assert {s.players for s in seen} == {2, 3, 4, 5}
    assert {(s.expansions, s.layout) for s in seen} == {(g.expansions, lay) for g, lay in PAIRS}
    assert {(s.neutral_assistants, s.caravan_leader) for s in seen} == {
        (a, b) for a in (False, True) for b in (False, True)
    }
    for name, values in RULES:
        assert {getattr(s.rules, name) for s in seen} == set(values), name


def test_the_given_state_is_never_changed() -> None:
    g = new_game(GameSettings(players=3), ["red", "blue", "green"], 7)
    before = to_json(g)
    p = Playout(g)
    rng = random.Random(7)
    while (codes := p.codes()) is not None:
        p.choose(rng.choice(codes))
    assert to_json(g) == before
    assert p.state.undo is None


def test_a_copy_plays_on_without_touching_the_original() -> None:
    settings = GameSettings(players=4, layout="long")
    g = new_game(settings, list(COLOURS[:4]), 11)
    rng = random.Random(11)
    p = Playout(g)
    for _ in range(60):
        codes = p.codes()
        assert codes is not None
        code = rng.choice(codes)
        g, _ = apply(g, p.decider() or 0, g.decision_id, code)
        p.choose(code)
    assert snapshot(p.state) == snapshot(g)
    frozen = snapshot(g)
    for branch in range(3):  # several copies, each played to the end on its own choices
        q = p.copy()
        other = random.Random(branch)
        while (codes := q.codes()) is not None:
            q.choose(other.choice(codes))
        assert q.state.finished
        assert snapshot(p.state) == frozen  # the original did not move
    # the original plays on exactly like the full path
    while (d := pending(g)) is not None:
        same_decision(p, g, "after the copies")
        code = d.options[rng.randrange(len(d.options))].code
        g, _ = apply(g, d.player, d.decision_id, code)
        p.choose(code)
    assert snapshot(p.state) == snapshot(g)


def test_chance_counts_dice_and_draws() -> None:
    g = new_game(GameSettings(players=2), ["red", "blue"], 3)
    p = Playout(g)
    assert p.chance == 0
    rng = random.Random(3)
    while (codes := p.codes()) is not None:
        p.choose(rng.choice(codes))
    assert p.chance == p.state.rng_counter - g.rng_counter > 0


def test_choosing_after_the_end_is_refused() -> None:
    g = new_game(GameSettings(players=2), ["red", "blue"], 5)
    p = Playout(g)
    rng = random.Random(5)
    while (codes := p.codes()) is not None:
        p.choose(rng.choice(codes))
    with pytest.raises(GameOver):
        p.choose("pass")
