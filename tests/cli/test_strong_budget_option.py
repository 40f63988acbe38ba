"""`--strong-budget` is declared once (`common.add_strong_budget_argument`) for the two tools that
take it: arena and bench show the same option, with the same help and default, and read it the
same way."""

from __future__ import annotations

import argparse

from bot.ai import STRONG_BUDGET
from bot.cli import arena
from bot.cli.bench_ai import add_strong_arguments
from bot.cli.common import ToolParser


def _strong_budget(parser: argparse.ArgumentParser) -> argparse.Action:
    return next(a for a in parser._actions if "--strong-budget" in a.option_strings)


def test_arena_and_bench_offer_the_same_strong_budget_option() -> None:
    bench = ToolParser(prog="bench")
    add_strong_arguments(bench)  # the bench's hook for its strong section
    ours, theirs = _strong_budget(arena._parser()), _strong_budget(bench)
    assert (ours.help, ours.default, ours.metavar, ours.type) == (theirs.help, theirs.default, theirs.metavar, theirs.type)
    assert ours.help.startswith("engine calls per decision of the strong computer player, counted in base-game calls")
    assert ours.help.endswith(f"(default {STRONG_BUDGET})")
    assert bench.parse_args(["--strong-budget", "150"]).strong_budget == 150
    assert bench.parse_args([]).strong_budget is None  # the strong player's own budget then
