"""The wheel carries everything the bot needs: built, installed into a fresh virtual environment
and run from another folder, it answers --help, migrates a database and renders an image with
its bundled font (the migrations and assets are force-included)."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, f"{' '.join(args)} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def test_the_installed_wheel_works_from_another_folder(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(REPO_ROOT)], tmp_path)
    wheels = list(dist.glob("istanbul_bot-*.whl"))
    assert len(wheels) == 1
    env_dir = tmp_path / "venv"
    # A venv without pip of its own (ensurepip costs seconds): this pip installs into it, and
    # the byte-code is compiled on first import rather than for every file of every dependency.
    venv.create(env_dir, with_pip=False)
    python = str(env_dir / "bin" / "python")
    _run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-compile", str(wheels[0])], tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    clean = {k: v for k, v in os.environ.items()
             if k not in ("PYTHONPATH", "DISCORD_TOKEN", "DB_PATH", "VIRTUAL_ENV", "PYTHONDONTWRITEBYTECODE")}
    help_text = _run([python, "-m", "bot", "--help"], elsewhere, clean).stdout
    assert "run" in help_text and "play" in help_text
    migrated = _run([python, "-m", "bot", "migrate", "--db", str(elsewhere / "games.db")], elsewhere, clean)
    assert "schema version" in migrated.stdout
    out = elsewhere / "images"
    _run([python, "-m", "bot", "render", "--seed", "2", "--players", "3", "--turn", "5", "--out", str(out)], elsewhere, clean)
    png = (out / "turn.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20_000
    # the code ran from the installed wheel, not from this checkout
    where = _run([python, "-c", "import bot, pathlib; print(pathlib.Path(bot.__file__).resolve())"], elsewhere, clean)
    assert str(env_dir) in where.stdout


def test_the_dockerfile_runs_the_bot_as_a_user_with_a_data_volume() -> None:
    """`docker build` cannot run on these machines; the file's essentials are checked instead."""
    text = (REPO_ROOT / "Dockerfile").read_text()
    assert text.count("FROM python:3.11-slim") == 1
    assert "USER istanbul" in text and 'VOLUME ["/data"]' in text and "DB_PATH=/data/istanbul.db" in text
    assert 'CMD ["python", "-m", "bot", "run"]' in text
    for folder in ("bot", "migrations", "assets"):
        assert f"COPY {folder} ./{folder}" in text
