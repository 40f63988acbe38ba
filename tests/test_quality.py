"""Static checks that run as part of the test suite: ruff over the code, mypy over the engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=REPO_ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_check_is_clean() -> None:
    result = _run("ruff", "check", "bot", "tests")
    assert result.returncode == 0, f"ruff check failed:\n{result.stdout}\n{result.stderr}"


def test_mypy_engine_is_clean() -> None:
    result = _run("mypy", "--strict", "bot/engine")
    assert result.returncode == 0, f"mypy --strict bot/engine failed:\n{result.stdout}\n{result.stderr}"
