"""``python -m bot bench``: engine speed in uniform-random games, the store's figures (see
`bot.cli.bench_store`) and the renderer's (the turn message's pictures and the private images of
mid-game positions, on the 4x4 board and on a 5x5 one), printed as one JSON object; with
``--against PATH`` also the engine race against the tree at PATH (see `bot.cli.race`)."""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.engine import GameSettings, GameState, apply, new_game, pending, view
from bot.engine.modules import default_layout, game_title, games
from bot.engine.settings import LayoutName
from bot.settings import bot_command

from .bench_ai import AI_GAMES, add_strong_arguments, ai_figures, check_strong_arguments, strong_figures
from .bench_searches import search_figures
from .bench_sharing import sharing_figures
from .bench_store import SampleGame, store_figures
from .common import ToolParser, UsageError, add_modules_argument, modules_from_arguments, usage_error
from .playout import colours_of, play
from .race import RaceError, check_tree, race_section

RACE_GAMES = 40  # per player count and run, for --against
RACE_RUNS = 5
DEFAULT_GAMES = 120  # per player count: about 20 s in all on one recent x86-64 core
PLAYER_COUNTS = (2, 5)
LAYOUT: LayoutName = "short"  # the base game's; with --modules, the game's default layout
RENDER_POSITIONS = 3  # mid-game positions per player count
GREAT_BAZAAR = ("mocha", "letters")  # the "5x5" figure's game (the base game's run shows it)
RENDER_REPEATS = 5  # timed renders of each position (after one untimed warm-up)


@dataclass(slots=True)
class _Totals:
    games: int = 0
    turns: int = 0
    decisions: int = 0
    loop_ns: int = 0
    apply_ns: list[int] = field(default_factory=list)
    by_kind_ns: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    by_kind_count: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sample: list[SampleGame] = field(default_factory=list)  # every game, for the store section


def _play(settings: GameSettings, seed: int, totals: _Totals) -> None:
    """One game; times the pending/apply loop as a whole and every `apply` call on its own."""
    rng = random.Random(seed)
    state = new_game(settings, colours_of(settings), seed)
    apply_ns = totals.apply_ns
    by_kind_ns = totals.by_kind_ns
    by_kind_count = totals.by_kind_count
    clock = time.perf_counter_ns
    decisions = 0
    events = 0
    start = clock()
    while (d := pending(state)) is not None:
        code = rng.choice(d.options).code
        t0 = clock()
        state, evs = apply(state, d.player, d.decision_id, code)
        dt = clock() - t0
        events += len(evs)
        apply_ns.append(dt)
        by_kind_ns[d.kind] += dt
        by_kind_count[d.kind] += 1
        decisions += 1
    totals.loop_ns += clock() - start
    totals.games += 1
    totals.turns += state.turns
    totals.decisions += decisions
    totals.sample.append(SampleGame(settings.players, seed, events))


def _figures(t: _Totals) -> dict[str, Any]:
    seconds = t.loop_ns / 1e9
    return {
        "games": t.games,
        "turns": t.turns,
        "decisions": t.decisions,
        "seconds": round(seconds, 3),
        "turns_per_second": round(t.turns / seconds, 1),
        "ms_per_game": round(1000 * seconds / t.games, 2),
        "decisions_per_second": round(t.decisions / seconds, 1),
        "apply_p50_us": round(statistics.median(t.apply_ns) / 1000, 1),
    }


def _machine() -> dict[str, Any]:
    return {
        "platform": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "processor": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
    }


def _ms_p50(samples: list[int]) -> float:
    return round(statistics.median(samples) / 1e6, 1)


def _render_case(positions: list[tuple[GameState, str]], labels: list[str], repeats: int) -> dict[str, Any]:
    """Timings and sizes of the turn message's pictures (both, rendered and encoded) and of the
    private images, over `positions` (each with its caption)."""
    import io

    from PIL import Image

    from bot.render import render_private, render_turn

    clock = time.perf_counter_ns
    cpu = time.thread_time_ns
    turn_ns: list[int] = []
    turn_cpu_ns: list[int] = []
    turn_bytes: list[int] = []
    private_ns: list[int] = []
    private_bytes: list[int] = []
    sizes: dict[str, Any] = {}
    for state, told in positions:
        public = view(state, None)
        pictures = render_turn(public, labels, told)
        turn_bytes.append(sum(len(p.png) for p in pictures))
        for p in pictures:
            with Image.open(io.BytesIO(p.png)) as image:
                sizes[p.name] = {"px": list(image.size), "bytes": len(p.png)}
        for _ in range(repeats):
            t0, c0 = clock(), cpu()
            render_turn(public, labels, told)
            turn_ns.append(clock() - t0)
            turn_cpu_ns.append(cpu() - c0)
        for seat in range(len(state.players)):
            own = view(state, seat)
            private_bytes.append(len(render_private(own, seat, labels)))
            for _ in range(repeats):
                t0 = clock()
                render_private(own, seat, labels)
                private_ns.append(clock() - t0)
    return {
        "positions_at_turn": [state.turns for state, _ in positions],
        "grid": f"{positions[0][0].width}x{len(positions[0][0].layout) // positions[0][0].width}",
        "pictures": sizes,  # the last position's
        "turn_p50_ms": _ms_p50(turn_ns),
        "turn_cpu_p50_ms": _ms_p50(turn_cpu_ns),
        "turn_max_ms": round(max(turn_ns) / 1e6, 1),
        "turn_bytes_p50": int(statistics.median(turn_bytes)),
        "turn_bytes_max": max(turn_bytes),
        "private_p50_ms": _ms_p50(private_ns),
        "private_bytes_p50": int(statistics.median(private_bytes)),
    }


def render_figures(seed: int, repeats: int = RENDER_REPEATS, expansions: tuple[str, ...] = ()) -> dict[str, Any]:
    """The turn message's pictures (board and players, rendered and PNG-encoded, timed together)
    and the private images at 2 and at 5 players on the game's board (the base game's 4x4 unless
    `expansions` name modules), and with the base game a real Great Bazaar game at 5 players on
    its 5x5 board too ("5x5"), each from the positions
    halfway through `RENDER_POSITIONS` seeded uniform-random games; wall time and the thread's
    CPU time (the machine may be shared), and the first render of the process (which also works
    out the palette and draws the static layers)."""
    from bot.render import PNG_COMPRESS_LEVEL, render_turn
    from bot.render.caption import caption

    from .render import played_to_turn

    def halfway(settings: GameSettings) -> list[tuple[GameState, str]]:
        positions = []
        for k in range(RENDER_POSITIONS):
            game_seed = seed + k
            mid = max(1, play(settings, game_seed).state.turns // 2)
            state, log = played_to_turn(settings, game_seed, mid)
            positions.append((state, caption(log, colours_of(settings))))
        return positions

    cases: dict[str, tuple[list[tuple[GameState, str]], list[str]]] = {}
    for players in PLAYER_COUNTS:
        cases[str(players)] = (halfway(_settings(players, expansions)), [f"Player {i + 1}" for i in range(players)])
    five = cases[str(PLAYER_COUNTS[-1])]
    if not expansions:
        cases["5x5"] = (halfway(_settings(PLAYER_COUNTS[-1], GREAT_BAZAAR)), five[1])
        cases["mocha"] = ([(mocha_showcase(seed), "")], five[1])
        cases["letters"] = ([(letters_showcase(seed), "")], five[1])
    largest = cases.get("5x5", five)
    first = largest[0][0]
    t0 = time.perf_counter_ns()
    render_turn(view(first[0], None), largest[1], first[1])  # palette, static layers, fonts
    first_ms = round((time.perf_counter_ns() - t0) / 1e6, 1)
    for positions, labels in cases.values():  # every kind of board's static layer drawn before timing
        render_turn(view(positions[0][0], None), labels, positions[0][1])
    per_case = {name: _render_case(positions, labels, repeats) for name, (positions, labels) in cases.items()}
    extra: dict[str, Any] = {name: per_case[name] for name in ("5x5", "mocha", "letters") if name in per_case}
    return {
        "benchmark": (
            "render_turn() (board.png and players.png, PNG encoding included) and render_private() of "
            "mid-game positions, one thread; '5x5': 5-player Great Bazaar positions on its 5x5 board; "
            "'mocha': a 5-player Mocha & Baksheesh position with every state of the module shown "
            "(coffee, guild hands, Tavern tiles, the Barrier); 'letters': a 5-player Letters & Seals "
            "position likewise (letters, companions, the double move, kiosk tiles, a bid, the Secret "
            "Society's Lira)"
        ),
        "turn_png": "palette (256 colours)",
        "png_compress_level": PNG_COMPRESS_LEVEL,
        "repeats_per_position": repeats,
        "first_render_ms": first_ms,
        "players": {k: v for k, v in per_case.items() if k not in extra},
        **extra,
    }


def mocha_showcase(seed: int, players: int = 5) -> GameState:
    """A fresh Mocha & Baksheesh game (playable or not) with every state the module draws: two
    guild cards dealt to each seat from the top of the pile and one discarded, coffee, Tavern tiles
    bought from the piles, the Baksheesh on side B and the Barrier on an edge of the second row."""
    from bot.engine import preview_settings, validate
    from bot.engine.mocha import data
    from bot.engine.mocha.guild_deck import GUILD_DECK
    from bot.engine.mocha.parts import set_mocha_board, set_mocha_player

    settings = preview_settings(players=players, expansions=("mocha",))
    g = new_game(settings, colours_of(settings), seed)
    pile = list(GUILD_DECK.pile(g))
    tiles = {kind: list(data.tavern_pile(players)) for kind in data.TAVERN_TILE_TYPES}  # top first
    for seat in range(players):
        GUILD_DECK.set_hand(g.mut(seat), tuple(sorted(pile[:2])))
        del pile[:2]
        taken = tuple(data.tavern_tile_id(k, tiles[k].pop(0)) for k in data.TAVERN_TILE_TYPES[: seat % 3] if tiles[k])
        set_mocha_player(g, seat, coffee=3 * seat + 1, tavern_tiles=taken)
    GUILD_DECK.set_discard(g, tuple(pile[:1]))
    GUILD_DECK.set_pile(g, tuple(pile[1:]))
    edge = sorted(g.layout[g.width : g.width + 2])
    set_mocha_board(g, barrier=(edge[0], edge[1]), barrier_controller=1, movement_tiles=tuple(tiles["movement"]),
                    encounter_tiles=tuple(tiles["encounter"]), baksheesh="b")
    return validate(g, preview=True)


def letters_showcase(seed: int, players: int = 5) -> GameState:
    """A fresh Letters & Seals game (playable or not) with every state the module draws: letters
    dealt from the pile to each seat (some delivered), one discarded, companions on the board, in
    a supply and not earned, a double move made this round, kiosk tiles turned up and picked, a
    running bid and a Secret Society bonus paid."""
    from bot.engine import preview_settings, validate
    from bot.engine.letters.kiosk_deck import KIOSK_DECK
    from bot.engine.letters.letter_deck import LETTER_DECK, letter_place
    from bot.engine.letters.parts import set_letters_board, set_letters_player

    settings = preview_settings(players=players, expansions=("letters",))
    g = new_game(settings, colours_of(settings), seed)
    pile = list(LETTER_DECK.pile(g))
    home = {g.players[0].merchant, g.players[0].family}  # where every seat's tokens start
    for seat in range(players):
        mine = [p for p in (letter_place(item) for item in pile) if p not in home][: seat + 1]
        for place in mine:
            pile.remove(f"l{place}")
        set_letters_player(g, seat, letters=tuple((place, k % 2 == 1) for k, place in enumerate(mine)))
    LETTER_DECK.set_discard(g, tuple(pile[:1]))
    LETTER_DECK.set_pile(g, tuple(pile[1:]))
    set_letters_player(g, 0, companion=g.players[0].merchant)
    set_letters_player(g, 1, companion=0)
    set_letters_player(g, players - 1, double_move_round=g.round)
    tiles = list(KIOSK_DECK.pile(g))
    up, taken = tuple(tiles[:3]), ((0, tiles[3]), (1, tiles[4]))
    KIOSK_DECK.set_pile(g, tuple(tiles[5:]))
    bidder = max(range(players), key=lambda s: g.players[s].lira)
    set_letters_board(g, society_bonuses=(1,), kiosk_up=up, kiosk_taken=taken, bid=g.players[bidder].lira,
                      bidder=bidder)
    return validate(g, preview=True)


def _settings(players: int, expansions: tuple[str, ...]) -> GameSettings:
    """The benchmark's game: the base game on short paths, or the modules on their default layout."""
    layout = default_layout(expansions) if expansions else LAYOUT
    return GameSettings.model_validate({"players": players, "expansions": expansions, "layout": layout})


def main(argv: list[str]) -> int:
    parser = ToolParser(
        prog=bot_command("bench"),
        description=(
            "Time uniform-random games (no invariant checks) at 2 and at 5 players and print one JSON "
            "object: player turns and decisions per second, ms per game, the median apply time, the "
            "share of apply time per step kind, the machine, (unless --no-store) the store: submit "
            "latency, load time, bytes per game and the time to start with many stored games, and "
            "(unless --no-render) the renderer: the turn message's pictures (board and players) and the "
            "private image, p50 ms and PNG bytes of mid-game positions at 2 and at 5 players and at 5 players "
            "on a 5x5 board, and (unless --no-ai) the greedy computer "
            "player's decision time p50/p95 ms at 2 and at 5 players, and (with --searches) how fast a "
            "click in one game is acknowledged and answered while two computer searches run, with the "
            "searches in threads and in worker processes. "
            "With --against PATH (a checkout of an older commit, e.g. a git worktree) also the race "
            "section: for the base game and every playable module (or the game --modules names), at 2 "
            "and at 5 players, the same seeded games through this tree's playout path, its full path "
            "(new_game/pending/apply) and PATH's full path, each in its own process, every game played "
            "by each side in turn, CPU time, the median of the runs: turns per second, the mean microseconds of apply plus the next "
            "pending, the ratios against PATH, and the playout rate from positions of greedy games with "
            "the cost of one Playout.copy()."
        ),
    )
    parser.add_argument(
        "--games", type=int, default=DEFAULT_GAMES, help=f"games per player count (default {DEFAULT_GAMES})"
    )
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    add_modules_argument(parser)
    parser.add_argument("--no-store", action="store_true", help="leave out the store section")
    parser.add_argument("--no-render", action="store_true", help="leave out the render section")
    parser.add_argument("--no-ai", action="store_true", help="leave out the computer players' section")
    parser.add_argument(
        "--searches", action="store_true",
        help="add the searches section: clicks acknowledged and answered while two computer searches run "
        "(about half a minute)",
    )
    parser.add_argument(
        "--ai-games", type=int, default=AI_GAMES, metavar="N",
        help=f"all-greedy games per player count for the ai section (default {AI_GAMES})",
    )
    parser.add_argument(
        "--render-repeats", type=int, default=RENDER_REPEATS, metavar="N",
        help=f"timed renders of each mid-game position (default {RENDER_REPEATS})",
    )
    parser.add_argument(
        "--store-active", type=int, default=1000, metavar="N",
        help="active stored games for the submit and start-up figures (default 1000)",
    )
    parser.add_argument(
        "--against", type=Path, metavar="PATH",
        help="race this tree's engine against the one checked out at PATH (adds the race section)",
    )
    parser.add_argument(
        "--race-games", type=int, default=RACE_GAMES, metavar="N",
        help=f"games per player count in each run of the race (default {RACE_GAMES})",
    )
    parser.add_argument(
        "--race-runs", type=int, default=RACE_RUNS, metavar="N",
        help=f"passes of the race over its games, the median reported (default {RACE_RUNS})",
    )
    parser.add_argument(
        "--store-total", type=int, default=10_000, metavar="N",
        help="stored games in all for the start-up figure (default 10000)",
    )
    add_strong_arguments(parser)
    parser.add_argument(
        "--strong-sharing", type=int, default=0, metavar="N",
        help="add the strong_sharing section: N strong decisions per player count, each timed with its deals "
        "in one process and shared with a helper process, back to back (default 0: left out)",
    )
    try:
        args = parser.parse_args(argv)
        check_strong_arguments(parser, args)
        if args.games < 1:
            parser.error("--games must be at least 1")
        if args.strong_sharing < 0:
            parser.error("--strong-sharing must be at least 0")
        if args.render_repeats < 1:
            parser.error("--render-repeats must be at least 1")
        if args.ai_games < 1:
            parser.error("--ai-games must be at least 1")
        if not 1 <= args.store_active <= args.store_total:
            parser.error("--store-active must be at least 1 and at most --store-total")
        if args.race_games < 1:
            parser.error("--race-games must be at least 1")
        if args.race_runs < 1:
            parser.error("--race-runs must be at least 1")
        if args.against is not None:
            try:
                args.against = check_tree(args.against)
            except RaceError as exc:
                parser.error(f"--against: {exc}")
        expansions = modules_from_arguments(args)
    except UsageError as exc:
        return usage_error("bench", exc)
    per_count: dict[str, dict[str, Any]] = {}
    overall = _Totals()
    for players in PLAYER_COUNTS:
        totals = _Totals()
        settings = _settings(players, expansions)
        for i in range(args.games):
            _play(settings, args.seed + i, totals)
        per_count[str(players)] = _figures(totals)
        overall.games += totals.games
        overall.turns += totals.turns
        overall.decisions += totals.decisions
        overall.loop_ns += totals.loop_ns
        overall.apply_ns += totals.apply_ns
        overall.sample += totals.sample
        for kind, ns in totals.by_kind_ns.items():
            overall.by_kind_ns[kind] += ns
            overall.by_kind_count[kind] += totals.by_kind_count[kind]
    all_apply = sum(overall.by_kind_ns.values())
    shares = {
        kind: {
            "share": round(ns / all_apply, 4),
            "calls": overall.by_kind_count[kind],
            "mean_us": round(ns / overall.by_kind_count[kind] / 1000, 1),
        }
        for kind, ns in sorted(overall.by_kind_ns.items(), key=lambda kv: -kv[1])
    }
    layout = _settings(PLAYER_COUNTS[0], expansions).layout
    game = {"game": game_title(expansions), "modules": list(expansions)} if expansions else {}
    out = {
        "benchmark": "uniform-random games, pending/apply loop only, no invariant checks",
        **game,
        "layout": layout,
        "games_per_player_count": args.games,
        "players": per_count,
        **{k: v for k, v in _figures(overall).items() if k not in ("games", "turns", "decisions", "seconds")},
        "apply_time_by_step_kind": shares,
        "machine": _machine(),
    }
    if not args.no_store:
        out["store"] = store_figures(
            overall.sample, layout, active=args.store_active, total=args.store_total, expansions=expansions
        )
    if not args.no_render:
        out["render"] = render_figures(args.seed, args.render_repeats, expansions)
    if not args.no_ai:
        out["ai"] = ai_figures(args.seed, layout, args.ai_games, expansions=expansions)
    if args.searches:
        out["searches"] = search_figures(args.seed)
    if args.strong_games:
        out["ai_strong"] = strong_figures(
            args.seed, layout, args.strong_games, args.strong_budget, expansions=expansions, alone=args.strong_alone,
        )
    if args.strong_sharing:
        out["strong_sharing"] = sharing_figures(args.seed, layout, args.strong_sharing, expansions=expansions)
    if args.against is not None:
        raced = [expansions] if expansions else [g.expansions for g in games(playable_only=True)]
        try:
            out["race"] = race_section(
                args.against, raced, race_games=args.race_games, runs=args.race_runs, seed=args.seed,
                players=PLAYER_COUNTS,
            )
        except RaceError as exc:
            print(f"bench: the race failed: {exc}", file=sys.stderr)
            return 1
    print(json.dumps(out, indent=2))
    return 0
