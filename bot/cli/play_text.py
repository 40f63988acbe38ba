"""What `python -m bot play` prints: a decision as a numbered list, the chooser's own wheelbarrow
and hand, standings, help from the engine's rule texts, and the list of unfinished games.

Plain functions from values to lines; nothing here reads input or touches the database."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence

from bot.engine import Decision, GameState, Standing, View
from bot.engine.board import place_name
from bot.engine.components import GOODS, ruby_target
from bot.engine.texts import CARD_NAMES, GOOD_NAMES, MOSQUE_TILE_NAMES, rule_text, rule_topics
from bot.service import Game, LocalGame

from .common import plural, standing_line

COMMANDS_HELP = (
    "Type an option's number or its code to choose it. Commands: :u takes back your last choice "
    "(until someone else has chosen), :l shows the recent moves, :s the standings, :h TOPIC a rule "
    "text (a place's number or name, a card's code or name, a mosque tile; :h topics lists them), "
    ":q saves the game and quits."
)


def seat_label(game: Game, seat: int) -> str:
    """A seat's name with its colour when the name does not already say it."""
    s = game.seats[seat]
    colour = (s.colour or "").capitalize()
    return s.name if not colour or s.name == colour else f"{s.name} ({colour})"


def table_lines(game: Game) -> list[str]:
    """The seats in turn order (seat 1 starts), people marked."""
    rows = []
    for s in game.seats:
        who = "computer" if s.played_by_computer else "at this keyboard"
        rows.append(f"  {s.seat + 1}. {seat_label(game, s.seat)}, {who}")
    return ["Seats in turn order:", *rows]


def options_summary(game: Game) -> str:
    o = game.options
    parts = [plural(len(game.seats), "player"), f"{o.layout} layout"]
    parts += [name for name in ("neutral_assistants", "caravan_leader") if getattr(o, name)]
    parts += [f"{k}={v}" for k, v in sorted(o.rules.model_dump(exclude_defaults=True).items())]
    return ", ".join(parts)


def own_cards(v: View, seat: int) -> tuple[str, ...]:
    """The seat's hand when the view is that seat's own (never anyone else's)."""
    hand = v.hand(seat)
    return hand if isinstance(hand, tuple) else ()


def wheelbarrow(v: View, seat: int) -> list[str]:
    """The chooser's own Lira, goods against capacity, rubies against the target and cards: what
    their view shows them (their hand included, nobody else's)."""
    g = v.state
    p = g.players[seat]
    target = ruby_target(len(g.players), len(g.settings.expansions))
    goods = ", ".join(f"{GOOD_NAMES[c]} {p.good(c)}/{p.capacity}" for c in GOODS)
    first = (
        f"{p.lira} Lira | goods: {goods} | rubies {p.rubies} of {target} | "
        f"{plural(len(p.stack), 'assistant')} with the merchant at {place_name(p.merchant)}"
    )
    tiles = ", ".join(MOSQUE_TILE_NAMES[t] for t in p.mosque_tiles)
    counts = Counter(own_cards(v, seat))
    cards = ", ".join(
        f"{CARD_NAMES[c]}{f' x{n}' if n > 1 else ''} (c.{c})" for c, n in sorted(counts.items())
    ) or "none"
    second = f"Bonus cards: {cards}" + (f" | mosque tiles: {tiles}" if tiles else "")
    return [first, second]


def decision_lines(game: Game, d: Decision) -> list[str]:
    """The prompt and the numbered options with their codes, seat placeholders filled with the
    seats' names (as on Discord)."""
    labels = [game.fill(o.label) for o in d.options]
    width = max(len(label) for label in labels)
    digits = len(str(len(d.options)))
    rows = [f"  {i:>{digits}}. {label:<{width}}  {o.code}" for i, (o, label) in enumerate(zip(d.options, labels, strict=True), 1)]
    return [game.fill(d.prompt), *rows]


def ask_prompt(game: Game, d: Decision) -> str:
    numbers = "1" if len(d.options) == 1 else f"1-{len(d.options)}"
    return f"{game.names()[d.player]}, choose {numbers} (:h for help) > "


def heading(game: Game, state: GameState, seat: int) -> str:
    last = " (last round)" if state.end_triggered else ""
    return f"--- {seat_label(game, seat)} | round {state.round}{last} | game #{game.id} ---"


def standings_lines(placings: Sequence[tuple[Standing, str]], *, final: bool) -> list[str]:
    """Ranks with every tie-breaker (rubies, then Lira, goods, bonus cards); tied ranks are shared."""
    title = "Final standings" if final else "Standings now"
    rows = [standing_line(s, name) for s, name in placings]
    return [f"{title} (rubies, then Lira, goods and bonus cards break ties):", *rows]


def help_lines(v: View, seat: int, topic: str) -> list[str]:
    """`:h` alone: the commands, the place where the chooser's merchant stands and their cards;
    `:h topics`: every topic; `:h TOPIC`: that rule text, or a one-line answer."""
    topic = topic.strip()
    if topic.lower() == "topics":
        return ["Topics: " + ", ".join(rule_topics())]
    if topic:
        text = rule_text(topic)
        return [text] if text else [f"No rule text for {topic!r}; :h topics lists them."]
    p = v.state.players[seat]
    lines = [COMMANDS_HELP, f"Here: {rule_text(str(p.merchant))}"]
    lines += [f"Your card: {rule_text('c.' + c)}" for c in sorted(set(own_cards(v, seat)))]
    return lines


def resume_lines(games: Sequence[LocalGame]) -> list[str]:
    rows = []
    for g in games:
        names = ", ".join(s.name for s in g.seats)
        if g.problem:
            rows.append(f"  #{g.id}: {names} | cannot be loaded: the database holds it damaged")
            continue
        where = "not started" if g.round is None else f"round {g.round}"
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.updated_at))
        rows.append(f"  #{g.id}: {names} | {where} | last move {when}")
    return rows
