"""The one verdict of every random-playout series (`bot.cli.playout.check_game` reports): no game
failed, each message naming its seed, and every game took turns and decisions."""

from __future__ import annotations

from collections.abc import Sequence

from bot.cli.playout import GameReport


def assert_clean(reports: Sequence[GameReport]) -> None:
    failed = [r for r in reports if not r.ok]
    summary = "\n".join(r.failures[0] for r in failed)  # each message starts with its seed
    assert not failed, f"{len(failed)} of {len(reports)} games failed, seeds {[r.seed for r in failed]}:\n{summary}"
    assert reports and all(r.turns > 0 and r.decisions > 0 for r in reports)
