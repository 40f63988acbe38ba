"""`python -m bot render`: a seeded game played to a turn, its turn message's pictures, both side by
side and the private images written to a folder; and the render section of `python -m bot bench`."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from bot import engine
from bot.__main__ import main
from bot.cli.render import play_to_turn, played_to_turn
from bot.engine import GameSettings
from bot.render import render_sheet, render_turn
from bot.render.caption import caption
from tests.cli.commands import run_main as _run


def test_render_writes_the_turn_image_and_each_private_image(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = tmp_path / "images"
    code, out, err = _run(capsys, "render", "--seed", "2", "--players", "3", "--turn", "40", "--out", str(out_dir))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Istanbul, 3 players, short, seed 2: turn 40, round ")
    names = ["board.png", "players.png", "turn.png", "private-0.png", "private-1.png", "private-2.png"]
    assert lines[1:] == [str(out_dir / n) for n in names]
    for name in names:
        with Image.open(out_dir / name) as image:
            assert image.format == "PNG"
    state, log = played_to_turn(GameSettings(players=3), 2, 40)
    assert state.turns == 40 and play_to_turn(GameSettings(players=3), 2, 40).turns == 40
    labels = ["Red", "Blue", "Green"]
    told = caption(log, ["red", "blue", "green"])
    assert told
    board, players = render_turn(engine.view(state, None), labels, told)
    assert (out_dir / "board.png").read_bytes() == board.png and (out_dir / "players.png").read_bytes() == players.png
    assert (out_dir / "turn.png").read_bytes() == render_sheet(engine.view(state, None), labels, told)


def test_render_is_deterministic_and_takes_the_game_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ("render", "--seed", "5", "--players", "2", "--turn", "12", "--layout", "random",
            "--variant", "neutral_assistants", "--variant", "caravan_leader", "--rule", "move_card_semantics=walk")
    assert _run(capsys, *argv, "--out", str(tmp_path / "a"))[0] == 0
    code, out, _ = _run(capsys, *argv, "--out", str(tmp_path / "b"))
    assert code == 0 and "2 players, random, neutral_assistants, caravan_leader, move_card_semantics=walk" in out
    for name in ("board.png", "players.png", "turn.png", "private-0.png", "private-1.png"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_a_turn_past_the_end_draws_the_final_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = _run(capsys, "render", "--seed", "1", "--players", "5", "--turn", "100000", "--out", str(tmp_path))
    assert code == 0 and "the game ended after" in out.splitlines()[0]
    assert len(list(tmp_path.glob("private-*.png"))) == 5
    with Image.open(io.BytesIO((tmp_path / "turn.png").read_bytes())) as image:
        assert image.mode == "P" and "transparency" not in image.info  # a palette PNG, fully opaque


@pytest.mark.parametrize(
    "argv",
    [("--players", "7"), ("--turn", "0"), ("--layout", "spiral"), ("--variant", "x"), ("--seed", "x"), ("--bogus",)],
)
def test_bad_arguments_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...]) -> None:
    code, out, err = _run(capsys, "render", "--out", str(tmp_path), *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("render: ")
    assert not list(tmp_path.iterdir())


def test_help_lists_the_render_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    assert "    render " in capsys.readouterr().out


def test_bench_has_a_render_section(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "bench", "--games", "1", "--no-store", "--no-ai", "--render-repeats", "1")
    assert code == 0
    data = json.loads(out)
    assert "turns_per_second" in data and "apply_p50_us" in data  # the engine figures stay
    section = data["render"]
    assert 3 <= section["png_compress_level"] <= 6
    for figures in (section["players"]["2"], section["players"]["5"], section["5x5"], section["mocha"],
                    section["letters"]):
        for key in ("turn_p50_ms", "turn_cpu_p50_ms", "turn_bytes_p50", "turn_bytes_max", "private_p50_ms",
                    "private_bytes_p50"):
            assert figures[key] > 0
        assert figures["turn_bytes_max"] <= 400_000  # both pictures of a turn message
        assert sorted(figures["pictures"]) == ["board.png", "players.png"]
        assert figures["pictures"]["players.png"]["px"][0] == 720
    assert section["players"]["5"]["grid"] == "4x4" and section["5x5"]["grid"] == "5x5"
    assert section["mocha"]["grid"] == "5x4"  # a Mocha & Baksheesh position with every state of the module
    assert section["letters"]["grid"] == "5x4"  # and a Letters & Seals one
    assert section["5x5"]["pictures"]["board.png"]["px"][0] > section["players"]["5"]["pictures"]["board.png"]["px"][0]
    assert section["first_render_ms"] > 0
    code, out, _ = _run(capsys, "bench", "--games", "1", "--no-store", "--no-ai", "--no-render")
    assert code == 0 and "render" not in json.loads(out)
    code, _, err = _run(capsys, "bench", "--render-repeats", "0")
    assert code == 2 and err.startswith("bench: ")
