"""Small helpers shared by the command-line tools: a one-line-error argument parser and settings."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from typing import NoReturn

from pydantic import ValidationError

from bot.engine import Event, Standing, describe, fill_seats, modules
from bot.engine.settings import RULE_NAMES, VARIANTS, GameSettings, RuleOptions


class UsageError(Exception):
    """A bad command line: the message is one line for stderr; the exit code is 2."""


class ToolParser(argparse.ArgumentParser):
    """An argument parser whose errors raise `UsageError` (one line, no usage dump) instead of
    exiting, so that a tool's `main` returns 2 itself; ``--help`` still prints and exits 0."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


class ParagraphFormatter(argparse.HelpFormatter):
    """Help whose description and epilog keep their paragraphs (blank lines between them), each
    paragraph wrapped to the terminal's width like the rest of the help."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n")]
        return "\n\n".join(textwrap.fill(p, width, initial_indent=indent, subsequent_indent=indent) for p in paragraphs)


def usage_error(tool: str, exc: UsageError) -> int:
    """Print the one-line message on stderr; the exit code for a bad command line."""
    print(f"{tool}: {exc}", file=sys.stderr)
    return 2


def output_closed() -> int:
    """After a `BrokenPipeError` (the output was closed, e.g. piped into ``head``): point stdout at
    the null device so that the interpreter's last flush stays quiet; the exit code 1."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 1


def add_modules_argument(parser: argparse.ArgumentParser) -> None:
    """--modules: the Big Box modules in play (read by `modules_from_arguments`)."""
    games = [f"{','.join(g.expansions)} ({g.title})" for g in modules.games() if g.expansions]
    parser.add_argument(
        "--modules", default="", metavar="NAMES",
        help=(
            f"the expansions in play, comma-separated: {', '.join(games[:-1])} or {games[-1]}; default: "
            "none, the base game. A game that is not playable yet is refused"
        ),
    )


def modules_from_arguments(args: argparse.Namespace, preview: bool = False) -> tuple[str, ...]:
    """The value of GameSettings.expansions that --modules names (`modules.parse_modules`); an
    unknown name, or a game that is not playable yet, raises `UsageError` with the engine's one
    sentence ("Mocha & Baksheesh is not playable yet."). With `preview` (soak) a game that is not
    playable yet is accepted: its rules are checked before it lands."""
    try:
        expansions = modules.parse_modules(args.modules)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    game = modules.game_of(expansions)
    problem = modules.settings_problem(expansions, game.layouts[0], preview)
    if problem:
        raise UsageError(problem)
    return expansions


def layouts_help() -> str:
    """--layout's help: the layouts of each game, its default first."""
    words = [
        f"{' | '.join(g.layouts)} for {'the base game' if not g.expansions else g.title} (default {g.layouts[0]})"
        for g in modules.games()
    ]
    return "; ".join(words)


def add_strong_budget_argument(parser: argparse.ArgumentParser) -> None:
    """--strong-budget N, the strong computer player's work per decision (arena, bench), read as
    None when not given: the player's own default then."""
    from bot.ai import STRONG_BUDGET  # on use: the other tools need not load the computer players

    parser.add_argument(
        "--strong-budget", type=int, default=None, metavar="N",
        help=(
            f"engine calls per decision of the strong computer player, counted in base-game calls "
            f"and divided where a module's calls cost more (default {STRONG_BUDGET})"
        ),
    )


def add_game_arguments(parser: argparse.ArgumentParser, *, players: int = 3, seed: int | None = 1) -> None:
    """The options that describe a game (the same for simulate, render, arena and play): --players,
    --seed (``seed=None``: no default, the tool picks one), --modules, --layout, --variant and
    --rule."""
    parser.add_argument("--players", type=int, default=players, help=f"2-5 (default {players})")
    seed_help = f"the game's seed (default {seed})" if seed is not None else "the game's seed (default: a secret random one)"
    parser.add_argument("--seed", type=int, default=seed, help=seed_help)
    add_modules_argument(parser)
    parser.add_argument("--layout", default=None, help=layouts_help())
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME", help=f"repeatable: {', '.join(VARIANTS)}"
    )
    parser.add_argument(
        "--rule", action="append", default=[], metavar="NAME=VALUE",
        help=f"repeatable; values true/false or text; names: {', '.join(RULE_NAMES)}",
    )


def settings_from_arguments(args: argparse.Namespace) -> tuple[GameSettings, dict[str, str | bool]]:
    """Validated engine settings (and the --rule values as given) from `add_game_arguments`'
    options; a bad value raises `UsageError`."""
    expansions = modules_from_arguments(args)
    variants = check_variants(args.variant)
    rules = dict(parse_rule(text) for text in args.rule)
    return build_settings(args.players, args.layout, variants, rules, expansions), rules


def parse_rule(text: str) -> tuple[str, str | bool]:
    """``NAME=VALUE`` -> (name, value); ``true``/``false`` become booleans, anything else stays text."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise UsageError(f"--rule needs NAME=VALUE, got {text!r}")
    if name not in RULE_NAMES:
        raise UsageError(f"unknown rule {name!r}; known rules: {', '.join(RULE_NAMES)}")
    raw = raw.strip()
    value: str | bool = {"true": True, "false": False}.get(raw.lower(), raw)
    return name, value


def check_variants(names: list[str]) -> set[str]:
    unknown = [v for v in names if v not in VARIANTS]
    if unknown:
        raise UsageError(f"unknown variant {unknown[0]!r}; known variants: {', '.join(VARIANTS)}")
    return set(names)


def build_settings(
    players: int, layout: str | None, variants: set[str], rules: dict[str, str | bool],
    expansions: tuple[str, ...] = (),
) -> GameSettings:
    """Validated settings (`layout` None: the game's default layout); any invalid value raises
    `UsageError` with a one-line message."""
    try:
        return GameSettings.model_validate(
            {
                "players": players,
                "expansions": expansions,
                "layout": layout,
                "neutral_assistants": "neutral_assistants" in variants,
                "caravan_leader": "caravan_leader" in variants,
                "rules": RuleOptions.model_validate(rules),
            }
        )
    except ValidationError as exc:
        raise UsageError(f"invalid settings: {first_error(exc)}") from None


def first_error(exc: ValidationError) -> str:
    """The first problem pydantic found, in one line: where, what and the value given."""
    err = exc.errors()[0]
    msg = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
    loc = ".".join(str(part) for part in err.get("loc", ()))
    if not loc:
        return msg
    return f"{loc}: {msg} (got {err.get('input')!r})"


def public_line(event: Event, colours: list[str]) -> str | None:
    """The public description of an event with seat placeholders replaced by colour names."""
    line = describe(event, None)
    if line is None:
        return None
    return fill_seats(line, lambda seat: seat_name(colours, seat))


def seat_name(colours: list[str], seat: int) -> str:
    return colours[seat].capitalize() if 0 <= seat < len(colours) else f"seat {seat}"


def standing_line(s: Standing, name: str) -> str:
    """One row of a standings list: rank, name, then rubies and each tie-breaker."""
    return (
        f"  {s.rank}. {name}: {plural(s.rubies, 'ruby', 'rubies')}, {s.lira} Lira, "
        f"{plural(s.goods, 'good')}, {plural(s.cards, 'bonus card')}"
    )


def plural(n: int, word: str, words: str = "") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"
