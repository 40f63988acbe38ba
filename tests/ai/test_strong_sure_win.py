"""The strong player takes a win that is there now instead of putting it off: a line that ends the
game with its seat first is worth more the sooner it does (`strong_search.SOONER`)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import bot.ai.strong_search as strong_search
from bot.ai import analyse
from bot.engine import GameSettings, GameState, apply, new_game, pending, view
from bot.engine.components import COLOURS

FIXTURE = Path(__file__).with_name("fixtures") / "mocha_sure_win.json"


def _sure_win() -> GameState:
    """Mocha & Baksheesh, 2 players, seed 1121, replayed to turn 71 (strong against greedy in an
    arena): seat 0 has 5 rubies and the 8 goods the Sultan's Palace asks for, one step away."""
    found = json.loads(FIXTURE.read_text())
    settings = GameSettings.model_validate(
        {"players": found["players"], "expansions": found["expansions"], "layout": found["layout"]}
    )
    g = new_game(settings, list(COLOURS[: found["players"]]), found["seed"])
    for code in found["codes"]:
        d = pending(g)
        assert d is not None
        g, _ = apply(g, d.player, d.decision_id, code)
    return g


def test_the_winning_delivery_is_made_now() -> None:
    g = _sure_win()
    d = pending(g)
    assert d is not None and d.player == 0 and "go.13" in d.codes()
    assert g.players[0].rubies == 5 and not g.end_triggered
    for seed in (1, 2):
        a = analyse(view(g, 0), d, random.Random(seed))
        assert a.code == "go.13"
    # and the choice wins: moving there, leaving an assistant and delivering ends the game
    for code in ("go.13", "a.leave", "act"):
        d = pending(g)
        assert d is not None
        g, _ = apply(g, d.player, d.decision_id, code)
    assert g.players[0].rubies == 6 and g.end_triggered


def test_without_the_reward_for_winning_sooner_it_put_the_win_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The position the rule was made for: with no reward, walking to the Police Station (and
    delivering a turn later) can score a hair better, so the strong seat kept putting the win off.
    Since the greedy seats stopped waiting for rubies they cannot pay (the rollouts' other seat
    plays otherwise), it is one deal in several (the generator's seed 2 of 1-6), where before it
    was every one; with the reward, seed 2 delivers too (the test above)."""
    monkeypatch.setattr(strong_search, "SOONER", 0.0)
    g = _sure_win()
    d = pending(g)
    assert d is not None
    assert analyse(view(g, 0), d, random.Random(2)).code != "go.13"
