"""What `python -m bot play` prints: a decision as a numbered list, the chooser's own wheelbarrow
and hand, standings, help from the engine's rule texts, and the list of unfinished games.

Plain functions from values to lines; nothing here reads input or touches the database."""

from __future__ import annotations

import re
import textwrap
import time
from collections import Counter
from collections.abc import Sequence

from bot.engine import Decision, GameSettings, GameState, Standing, View
from bot.engine.board import place_name
from bot.engine.components import GOODS, ruby_target
from bot.engine.preview import previews
from bot.engine.scoring import never_counted
from bot.engine.state import HIDDEN
from bot.engine.texts import CARD_NAMES, GOOD_NAMES, MOSQUE_TILE_NAMES, rule_text, rule_topics
from bot.render.ranking import ranking
from bot.service import Game, LocalGame, game_title

from .board_text import WHEELBARROW_LINES
from .common import plural, standing_line
from .play_input import keys_hint, option_keys

COMMANDS_HELP = (
    "Type an option's key (the number or letter before it) or its code to choose it; where the "
    "options are places, the key is the place's number. Commands: :u takes back your last choice "
    "(until someone else has chosen), :l shows the recent moves, :s the standings, :b the board, "
    ":h TOPIC a rule text (a place's number or name, a card's code or name, a mosque tile; :h "
    "topics lists them), :hint what the computer would play here and why (unless the table "
    "turned hints off), :q saves the game and quits."
)
WIDTH = 80  # an option line, its note included, fits a terminal of 80 columns
MIN_NOTE = 24  # a note with less room than this goes on a line of its own under the option
NOTE_INDENT = "      "
MORE_ONLY = re.compile(r"\+\d+ more")  # a note shrunk to nothing but its count


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
    parts = [game_title(o.expansions)] if o.expansions else []  # the base game is not named, as before
    parts += [plural(len(game.seats), "player"), f"{o.layout} layout"]
    parts += [name for name in ("neutral_assistants", "caravan_leader") if getattr(o, name)]
    parts += [f"{k}={v}" for k, v in sorted(o.rules.model_dump(exclude_defaults=True).items())]
    return ", ".join(parts)


def own_cards(v: View, seat: int) -> tuple[str, ...]:
    """The seat's hand when the view is that seat's own (never anyone else's)."""
    hand = v.hand(seat)
    return hand if isinstance(hand, tuple) else ()


def wheelbarrow(v: View, seat: int) -> list[str]:
    """The chooser's own Lira, goods against capacity and rubies against the target; where their
    merchant stands; their cards: what their view shows them (their hand included, nobody
    else's). The first two lines fit 80 columns whatever the counts; the cards wrap onto
    indented lines."""
    g = v.state
    p = g.players[seat]
    target = ruby_target(len(g.players), len(g.settings.expansions))
    goods = ", ".join(f"{GOOD_NAMES[c]} {p.good(c)}/{p.capacity}" for c in GOODS)
    wallet = f"{p.lira} Lira | goods: {goods} | rubies {p.rubies}/{target}"
    merchant = f"Merchant at {place_name(p.merchant)} ({p.merchant}) with {plural(len(p.stack), 'assistant')}"
    tiles = ", ".join(MOSQUE_TILE_NAMES[t] for t in p.mosque_tiles)
    counts = Counter(own_cards(v, seat))
    cards = ", ".join(
        f"{CARD_NAMES[c]}{f' x{n}' if n > 1 else ''} (c.{c})" for c, n in sorted(counts.items())
    ) or "none"
    held = f"Bonus cards: {cards}" + (f" | mosque tiles: {tiles}" if tiles else "")
    more = (line for extra in WHEELBARROW_LINES.active(g.settings) for line in extra(v, seat))
    return [wallet, merchant, *textwrap.wrap(held, WIDTH, subsequent_indent="  "), *more]


def decision_lines(game: Game, d: Decision, v: View | None = None) -> list[str]:
    """The prompt and the options, each with its key (`option_keys`), its label (seat
    placeholders filled with the seats' names, as on Discord), its code and, given the chooser's
    view `v`, the note on where it leads (`engine.preview`). A line fits 80 columns: the label is
    never cut, the note shrinks ("+N more"); when too little of it would be left beside the
    label, it takes a line of its own under the option. The codes (still accepted) give way when
    without them more notes fit whole beside their labels."""
    keys = option_keys(d)
    labels = [game.fill(o.label) for o in d.options]
    width = max(len(label) for label in labels)
    digits = max(len(k) for k in keys)
    codes = max(len(o.code) for o in d.options)

    def rows(with_codes: bool) -> list[str]:
        code = (lambda o: f"  {o.code:<{codes}}") if with_codes else (lambda o: "")
        return [f"  {k:>{digits}}. {label:<{width}}{code(o)}" for k, o, label in zip(keys, d.options, labels, strict=True)]

    if v is None:
        return [game.fill(d.prompt), *(row.rstrip() for row in rows(True))]
    below = previews(v, d, WIDTH - len(NOTE_INDENT))

    def whole(room: int) -> int:
        return sum(len(note) <= room for note in below.values())

    shown = rows(True)
    if whole(WIDTH - len(rows(False)[0]) - 2) > whole(WIDTH - len(shown[0]) - 2):
        shown = rows(False)
    room = WIDTH - len(shown[0]) - 2
    beside = previews(v, d, room) if room >= MIN_NOTE else {}
    out = [game.fill(d.prompt)]
    for row, o in zip(shown, d.options, strict=True):
        note = beside.get(o.code)
        if note and not MORE_ONLY.fullmatch(note):
            out.append(f"{row}  {note}")
            continue
        out.append(row.rstrip())
        if o.code in below:  # too long to show any of it beside the label: on a line of its own
            out.append(NOTE_INDENT + below[o.code])
    return out


def ask_prompt(game: Game, d: Decision) -> str:
    return f"{game.names()[d.player]}, choose {keys_hint(option_keys(d))} (:h for help) > "


def heading(game: Game, state: GameState, seat: int) -> str:
    last = " (last round)" if state.end_triggered else ""
    return f"--- {seat_label(game, seat)} | round {state.round}{last} | game #{game.id} ---"


def standings_lines(
    placings: Sequence[tuple[Standing, str]], *, final: bool, settings: GameSettings | None = None
) -> list[str]:
    """Ranks with every tie-breaker (rubies, then Lira, goods, bonus cards); tied ranks are shared.
    The final standings also say, for each place, the count that decided it ("ahead on Lira
    23–18" of the player below, "tied on every count")."""
    title = "Final standings" if final else "Standings now"
    rows = [standing_line(s, name) for s, name in placings]
    if final and len(placings) > 1:
        places = ranking([s for s, _ in placings])
        rows = [f"{row} ({p.decided})" if p.decided else row for row, p in zip(rows, places, strict=True)]
    never = never_counted(settings) if settings is not None else ""
    note = f"; {never} never count" if never else ""
    return [f"{title} (rubies, then Lira, goods and bonus cards break ties{note}):", *rows]


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
    for deck, items in sorted(v.holdings(seat).items()):  # another private deck's cards (guild cards)
        if deck != "bonus" and HIDDEN not in items:
            lines += [f"Your {deck} card: {rule_text('c.' + c)}" for c in sorted(set(items))]
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
