"""--modules on every local tool (issue 21, item 1): play, simulate, soak, arena, render, bench.

Mocha & Baksheesh and Letters & Seals are playable, each alone and together (the Great Bazaar), and
a playable module's choice reaches the game itself. A game not playable yet (the Great Bazaar held
unplayable here, as it was before it landed) is refused by each tool but soak (which checks such a
game as a preview) in the engine's sentence with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.cli.playout import LAYOUTS, config_for, game_label
from bot.engine import GameSettings
from bot.engine.settings import RuleOptions
from bot.service.errors import BadOptions
from bot.service.options import parse_options
from tests.cli.commands import run_main as _run
from tests.playable import mocha_playable, playable_modules  # noqa: F401  (the fixture)

TOOLS = ("play", "simulate", "soak", "arena", "render", "bench")
GAMES = {"mocha": "Mocha & Baksheesh", "letters": "Letters & Seals", "mocha,letters": "The Great Bazaar"}


@pytest.mark.parametrize("tool", [t for t in TOOLS if t != "soak"])  # soak checks a preview (below)
@pytest.mark.parametrize("names", ["mocha,letters"])
def test_every_tool_refuses_a_game_not_playable_yet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, tool: str, names: str
) -> None:
    """The one sentence on stderr, exit status 2, nothing played and nothing written."""
    db = ["--db", str(tmp_path / "t.db")] if tool == "play" else []
    with playable_modules(("mocha", "letters"), False):
        code, out, err = _run(capsys, tool, "--modules", names, *db)
    assert code == 2
    assert err == f"{tool}: {GAMES[names]} is not playable yet.\n"
    assert out == ""
    assert not (tmp_path / "t.db").exists()


@pytest.mark.parametrize("tool", TOOLS)
def test_every_tool_refuses_an_unknown_module(capsys: pytest.CaptureFixture[str], tool: str) -> None:
    code, out, err = _run(capsys, tool, "--modules", "mocha,coffee")
    assert code == 2 and out == ""
    assert err == f"{tool}: There is no module called 'coffee'; the modules are mocha, letters.\n"


@pytest.mark.parametrize("tool", TOOLS)
def test_every_tool_shows_modules_in_its_help(capsys: pytest.CaptureFixture[str], tool: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main([tool, "--help"])
    assert stop.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--modules NAMES" in text
    for names, title in GAMES.items():
        assert f"{names} ({title})" in text


def test_base_is_the_same_as_no_modules(capsys: pytest.CaptureFixture[str]) -> None:
    """--modules base (or nothing) is the base game: the same game, the same words."""
    argv = ("simulate", "--players", "2", "--seed", "3", "--quiet")
    assert _run(capsys, *argv, "--modules", "base") == _run(capsys, *argv)


def test_soak_checks_a_game_not_playable_yet_as_a_preview(capsys: pytest.CaptureFixture[str]) -> None:
    """soak plays a module's games before the module lands (`soak --modules mocha,letters`), and
    says that it was a preview; a playable module's games are no preview."""
    with playable_modules(("mocha", "letters"), False):
        code, out, err = _run(
            capsys, "soak", "--modules", "mocha,letters", "--games", "1", "--seed", "0", "--option-sample", "0"
        )
    assert code == 0, err
    assert "games: 1 (seeds 0..0, The Great Bazaar, a preview: not playable yet)" in out
    for names, title in (("mocha", "Mocha & Baksheesh"), ("letters", "Letters & Seals")):
        code, out, err = _run(capsys, "soak", "--modules", names, "--games", "1", "--seed", "0", "--option-sample", "0")
        assert code == 0, err
        assert f"games: 1 (seeds 0..0, {title})" in out
        assert "failures: 0" in out


def test_soak_without_modules_keeps_its_base_series() -> None:
    """Game i of a series is the configuration it always was: players, the four base layouts,
    the variants, then the move-card rule (the formula soak has used since it was written)."""
    for k in range(300):
        settings = config_for(k)
        variants = (k // 16) % 4
        assert settings.expansions == ()
        assert settings.players == 2 + k % 4
        assert settings.layout == LAYOUTS[(k // 4) % 4]
        assert settings.neutral_assistants == (bool(variants & 1) and settings.players <= 4)
        assert settings.caravan_leader == bool(variants & 2)
        assert settings.rules == (RuleOptions(move_card_semantics="walk") if (k // 64) % 2 else RuleOptions())
    assert config_for(5, 10) == config_for(15)


def test_the_label_words_a_base_game_as_before() -> None:
    settings = GameSettings(players=5, layout="random", caravan_leader=True, rules=RuleOptions(move_card_semantics="walk"))
    assert game_label(settings) == "5 players, random, caravan_leader, move_card_semantics=walk"


def test_bench_without_modules_names_no_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "bench", "--games", "1", "--no-store", "--no-render", "--no-ai")
    assert code == 0
    data = json.loads(out)
    assert data["layout"] == "short" and "game" not in data and "modules" not in data


@pytest.mark.parametrize(("names", "layouts"), [("mocha", ("first", "random")), ("letters", ("first", "random")),
                                               ("mocha,letters", ("random",))])
def test_a_playable_module_reaches_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, names: str, layouts: tuple[str, ...]
) -> None:
    """A playable module's option plays it: its default layout, its name in the tools' words, its
    layouts in the soak series (the Great Bazaar's random 5x5 one only)."""
    title, modules = GAMES[names], tuple(names.split(","))
    code, out, err = _run(capsys, "render", "--modules", names, "--turn", "2", "--out", str(tmp_path))
    assert code == 0, err
    assert out.startswith(f"Istanbul, {title}, 3 players, {layouts[0]}, seed 1: turn 2")
    code, out, err = _run(capsys, "arena", "--modules", names, "--players", "2", "--seats", "random,random", "--games", "1",
                          "--turn-cap", "3")
    assert code == 0, err
    assert out.startswith(f"arena: 1 game, {title}, 2 players, layout {layouts[0]},")
    assert {config_for(i, 0, modules).layout for i in range(8)} == set(layouts)
    assert all(config_for(i, 0, modules).expansions == modules for i in range(8))


@pytest.mark.usefixtures("mocha_playable")
def test_a_layout_the_game_does_not_allow_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "simulate", "--modules", "mocha", "--layout", "short")
    assert code == 2 and out == ""
    assert err.startswith(
        "simulate: invalid settings: Mocha & Baksheesh is played on the first-game layout or a random "
        "layout, not on short paths."
    )
    assert err.count("\n") == 1


def test_a_table_names_its_game_and_refuses_what_the_engine_refuses() -> None:
    """The service's table options carry the modules; old rows without them are base games."""
    old = parse_options({"seats": 3, "layout": "long"})
    assert old.expansions == () and old.engine_settings(3).expansions == ()
    assert parse_options({"seats": 5, "expansions": ["letters", "mocha"]}).expansions == ("mocha", "letters")
    with playable_modules(("mocha", "letters"), False), pytest.raises(BadOptions) as refused:
        parse_options({"expansions": ["letters", "mocha"]})
    assert str(refused.value) == "The Great Bazaar is not playable yet."
    for raw, sentence in (
        ({"expansions": ["coffee"]}, "There is no module called 'coffee'; the modules are mocha, letters."),
        ({"layout": "first"}, "The base game is played on short paths, long paths, the places in number "
                              "order or a random layout, not on the first-game layout."),
    ):
        with pytest.raises(BadOptions) as refused:
            parse_options(raw)
        assert str(refused.value) == sentence


@pytest.mark.parametrize(("modules", "layout"), [(("mocha",), "first"), (("letters",), "first"),
                                                 (("mocha", "letters"), "random")])
def test_a_table_of_a_playable_module_takes_its_default_layout(modules: tuple[str, ...], layout: str) -> None:
    opts = parse_options({"seats": 2, "expansions": list(modules)})
    assert opts.layout == layout
    settings = opts.engine_settings(2)
    assert settings.expansions == modules and settings.layout == layout
