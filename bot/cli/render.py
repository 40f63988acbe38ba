"""``python -m bot render``: play a seeded game between uniform-random players to a given turn and
write the turn message's two pictures (``board.png`` and ``players.png``), both side by side as
local play shows them (``turn.png``) and each player's private image (``private-<seat>.png``), so
anyone can look at a real position."""

from __future__ import annotations

from pathlib import Path

from bot import engine
from bot.engine import Event, GameSettings, GameState
from bot.settings import bot_command

from .common import (
    ToolParser,
    UsageError,
    add_game_arguments,
    seat_name,
    settings_from_arguments,
    usage_error,
)
from .playout import RandomPlayer, colours_of, game_label


def _parser() -> ToolParser:
    parser = ToolParser(
        prog=bot_command("render"),
        description=(
            "Play a seeded game between uniform-random players (the same game as `simulate` with the "
            "same options) up to the start of turn T, write board.png and players.png (the turn message's "
            "pictures), turn.png (both side by side) and private-<seat>.png to DIR and print their paths."
        ),
    )
    add_game_arguments(parser)
    parser.add_argument("--turn", type=int, default=1, metavar="T",
                        help="draw the position at the start of turn T (default 1; past the end: the final position)")
    parser.add_argument("--out", type=Path, default=Path("."), metavar="DIR", help="folder for the images (default .)")
    return parser


def play_to_turn(settings: GameSettings, seed: int, turn: int) -> GameState:
    """The position when turn `turn` has just started (the final position if the game ends
    first), played by the same random players as `simulate`."""
    return played_to_turn(settings, seed, turn)[0]


def played_to_turn(settings: GameSettings, seed: int, turn: int) -> tuple[GameState, list[Event]]:
    """`play_to_turn` and the game's log up to there."""
    player = RandomPlayer(seed)
    state = engine.new_game(settings, colours_of(settings), seed)
    log: list[Event] = []
    while state.turns < turn and (d := engine.pending(state)) is not None:
        state, events = engine.apply(state, d.player, d.decision_id, player.choose(d))
        log += events
    return state, log


def main(argv: list[str]) -> int:
    try:
        return _main(argv)
    except UsageError as exc:
        return usage_error("render", exc)


def _main(argv: list[str]) -> int:
    from bot.render import render_private, render_sheet, render_turn
    from bot.render.caption import caption

    parser = _parser()
    args = parser.parse_args(argv)
    settings, _rules = settings_from_arguments(args)
    if args.turn < 1:
        parser.error("--turn must be at least 1")
    colours = colours_of(settings)
    labels = [seat_name(colours, seat) for seat in range(len(colours))]
    state, log = played_to_turn(settings, args.seed, args.turn)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {args.out}: {exc.strerror or exc}") from None
    where = f"turn {state.turns}, round {state.round}"
    if state.finished:
        where = f"the game ended after {state.turns} turns; final position"
    public = engine.view(state, None)
    told = caption(log, colours)
    files = {p.name: p.png for p in render_turn(public, labels, told)}
    files["turn.png"] = render_sheet(public, labels, told)
    for seat in range(len(colours)):
        files[f"private-{seat}.png"] = render_private(engine.view(state, seat), seat, labels)
    paths = [args.out / name for name in files]
    try:  # every image is written before anything is printed
        for path, data in zip(paths, files.values(), strict=True):
            path.write_bytes(data)
    except OSError as exc:
        raise UsageError(f"cannot write to {args.out}: {exc.strerror or exc}") from None
    print(f"Istanbul, {game_label(settings)}, seed {args.seed}: {where}")
    for path in paths:
        print(path)
    return 0
