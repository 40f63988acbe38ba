"""``python -m bot run``: explain when no token is set; start the bot when one is."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main

REPO_ROOT = Path(__file__).resolve().parent.parent


def _run_bot(tmp_path: Path, token: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DB_PATH")}
    env["PYTHONPATH"] = str(REPO_ROOT)
    if token is not None:
        env["DISCORD_TOKEN"] = token
    return subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,  # no .env here
        env=env,
        stdin=subprocess.DEVNULL,  # not a terminal: no offer of a game
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_run_without_token_explains_and_exits_0(tmp_path: Path) -> None:
    result = _run_bot(tmp_path, token=None)
    assert result.returncode == 0, result.stderr
    assert "token" in result.stdout.lower()
    assert "python -m bot play" in result.stdout  # the way to a local game is named ...
    assert "Play a game against" not in result.stdout  # ... but not offered without a terminal
    assert result.stderr == ""


def test_run_with_a_token_starts_the_bot_and_a_refused_token_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With a token, `run` starts the Discord bot; a token Discord refuses is a plain message, exit 2."""
    import discord

    from bot.discord_ui.client import IstanbulBot

    started: list[str] = []

    async def refuse(self: IstanbulBot, token: str, *, reconnect: bool = True) -> None:
        started.append(token)
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DB_PATH", str(tmp_path / "bot.db"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(IstanbulBot, "start", refuse)
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kwargs: None)
    assert main(["run"]) == 2
    assert started == ["not-a-real-token"]
    err = capsys.readouterr().err
    assert "refused the token" in err and "not-a-real-token" not in err


def test_run_without_a_network_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    from bot.discord_ui.client import IstanbulBot

    async def offline(self: IstanbulBot, token: str, *, reconnect: bool = True) -> None:
        raise OSError("Name or service not known")

    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("DB_PATH", str(tmp_path / "bot.db"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(IstanbulBot, "start", offline)
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kwargs: None)
    assert main(["run"]) == 1
    assert "cannot reach Discord" in capsys.readouterr().err


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m bot --help` names run and each local tool, the database ones included."""
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for command in ("run", "simulate", "soak", "bench", "migrate", "backup", "play"):
        assert f"    {command} " in out


def test_run_with_a_bad_setting_is_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DB_PATH")}
    env |= {"PYTHONPATH": str(REPO_ROOT), "DEV_GUILD_ID": "not-a-number"}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "run"], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().startswith("Invalid setting DEV_GUILD_ID=") and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [("render", "--players", "2", "--out", "."), ("simulate", "--players", "2"), ("soak", "--games", "1")],
)
def test_output_closed_early_ends_a_tool_quietly(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """`python -m bot render … | head`: the reader goes away before the tool writes; the tool
    stops with exit code 1 and no traceback."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DB_PATH")}
    env["PYTHONPATH"] = str(REPO_ROOT)
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", *argv], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the interpreter has even started: the first write finds no reader
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 1
    assert err == ""


def test_ci_runs_the_readme_test_command_and_the_quick_start_has_two() -> None:
    """The quick start's two commands (run, test) and `.ci/run` must not drift apart."""
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in quick_start.splitlines() if line.startswith("python3 -m venv")]
    assert len(commands) == 2 and commands[0].endswith("-m bot run") and commands[1].endswith("-m pytest -q")
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci[-1] == commands[1]


# ---- item 13: every hint names the interpreter in use ----------------------------------------


def test_hints_name_the_interpreter_relative_to_the_working_directory_when_inside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.settings import bot_command

    venv_python = tmp_path / ".venv" / "bin" / "python"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "executable", str(venv_python))
    assert bot_command("play", "--resume", "1") == ".venv/bin/python -m bot play --resume 1"
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")  # outside: the whole path
    assert bot_command("sync") == f"{venv_python} -m bot sync"
    monkeypatch.setattr(sys, "executable", str(tmp_path / "elsewhere" / "python"))  # in the folder itself
    assert bot_command() == "./python -m bot"
    spaced = tmp_path / "my venv" / "bin" / "python"
    monkeypatch.setattr(sys, "executable", str(spaced))
    assert bot_command("play", "--db", "a b.db") == f"'{spaced}' -m bot play --db 'a b.db'"
    monkeypatch.setattr(sys, "executable", "")  # an embedded interpreter that does not know itself
    assert bot_command("run") == "python3 -m bot run"


def test_the_no_token_text_names_the_interpreter_not_a_bare_python(tmp_path: Path) -> None:
    out = _run_bot(tmp_path, token=None).stdout
    assert f"  {os.path.abspath(sys.executable)} -m bot play --resume\n" in out
    assert f"(every option: {os.path.abspath(sys.executable)} -m bot play --help)" in out
    assert re.findall(r"(\S*)python -m bot", out) and all(re.findall(r"(\S*)python -m bot", out))


def test_play_hints_and_help_name_the_interpreter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "env" / "bin" / "python"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(":q\n"))
    assert main(["play", "--db", "game.db", "--seed", "2", "--ai", "random", "--no-images"]) == 0
    assert "Game #1 is saved. Continue it with: env/bin/python -m bot play --resume 1 --db game.db\n" in capsys.readouterr().out
    assert main(["play", "--db", "none.db", "--resume"]) == 1
    assert capsys.readouterr().err.strip().endswith("start one with: env/bin/python -m bot play")
    assert main(["play", "--nope"]) == 2
    assert "(see env/bin/python -m bot play --help)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert capsys.readouterr().out.startswith("usage: env/bin/python -m bot play ")
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: env/bin/python -m bot ")
