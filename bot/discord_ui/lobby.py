"""The lobby's messages: the lobby (seats and settings, Join / Leave / Start / Settings and a
colour select), its closed form, the creator's settings selects, and the option changes a
settings select asks for. What each lobby component does is `lobby_actions`.

The game and its layout are one select (the panel has five rows, Discord's limit): its options
are the service's `table_pairs`, the (game, layout) pairs a table may choose, so a pairing the
engine refuses is never offered. A base-game option's value is the layout's name, as before
the Big Box ("short"); another game's is "<game>.<layout>" ("mocha.first")."""

from __future__ import annotations

from typing import Any

import discord

from ..service import (
    COLOURS,
    DEFAULT_LEVEL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    Level,
    TableOptions,
    errors,
    game_named,
    game_title,
    level_named,
    level_names,
    levels,
    table_games,
    table_pairs,
    table_rules,
)
from .items import LobbyItem
from .payloads import Payload, view_of
from .text import NEUTRAL, clip, plain

LOBBY_DAYS = 7  # a table not started by then is closed (the scheduler's hourly sweep)

LAYOUT_LABELS = {  # the base game's layouts
    "short": "Short paths (recommended for a first game)",
    "long": "Long paths",
    "in_order": "Places in number order",
    "random": "Random (Fountain inside, Black Market and Tea House apart)",
}
MODULE_LAYOUT_LABELS = {  # the layouts of a game with expansions
    "first": "First-game layout (recommended for a first game)",
    "random": "Random layout",
}
LEVEL_PREFIX = "level."  # a level's value in the computer players' select ("level.easy")
HINTS_PREFIX = "hints."  # hints on or off in the same select ("hints.off")
LAYOUT_NAMES = frozenset(LAYOUT_LABELS) | frozenset(MODULE_LAYOUT_LABELS)
BASE = "base"
VARIANT_LABELS = {
    "neutral_assistants": "Neutral assistants (2-4 players)",
    "caravan_leader": "Caravan Leader",
    "walk": "'Move 3 or 4' walks any path (house rule)",
    "tavern_all": "2 players: all four tiles in each Tavern pile",
    "companion_next_turn": "Companion moves only from the turn after it is set out",
    "society_per_visit": "Secret Society Lira to the first three visits, not players",
    "ls_cards_only": "Only the Letters & Seals bonus cards",
    "catacombs_family": "A family member sent to the Catacombs moves on",
}
# A variant that sets a module's rule option, offered and shown only while that rule is in play:
# variant -> (the rule, its value while the variant is on, its value while off).
VARIANT_RULES: dict[str, tuple[str, object, object]] = {
    "tavern_all": ("two_player_tavern_tiles", "all", "1and3"),
    "companion_next_turn": ("companion_usable_on_placement_turn", False, True),
    "society_per_visit": ("secret_society_bonus_per", "action", "player"),
    "ls_cards_only": ("ls_bonus_deck", "lsOnly", "lsPlusBase"),
    "catacombs_family": ("catacombs_family_member_moves", True, False),
}


def _variants_on(opts: TableOptions) -> set[str]:
    """The variants select's entries that are on for these options."""
    on = {v for v in ("neutral_assistants", "caravan_leader") if getattr(opts, v)}
    if opts.rules.move_card_semantics == "walk":
        on.add("walk")
    rules = table_rules(opts.expansions)
    for variant, (rule, value, _) in VARIANT_RULES.items():
        if rule in rules and getattr(opts.rules, rule) == value:
            on.add(variant)
    return on


def _variants_offered(opts: TableOptions) -> list[str]:
    rules = table_rules(opts.expansions)
    return [v for v in VARIANT_LABELS if v not in VARIANT_RULES or VARIANT_RULES[v][0] in rules]


# (reminder hours, timeout hours) presets of the settings select; /istanbul new sets any values.
CLOCKS = {
    "fast": (2.0, 12.0, "Brisk: remind after 2 h, skippable after 12 h"),
    "daily": (24.0, 72.0, "Daily: remind after 24 h, skippable after 3 days"),
    "relaxed": (48.0, 168.0, "Relaxed: remind after 2 days, skippable after 7 days"),
}


def hours(h: float) -> str:
    if h >= 48 and h % 24 == 0:
        return f"{int(h // 24)} days"
    return f"{h:g} h"


def layout_label(expansions: tuple[str, ...], layout: str) -> str:
    labels = MODULE_LAYOUT_LABELS if expansions else LAYOUT_LABELS
    return labels.get(layout, layout)


def layout_choices() -> list[tuple[str, str]]:
    """The layouts of the games a table may choose now, each once, in the order of the pairs,
    with the label of the one game offering it (shared by several games: "Random layout")."""
    games: dict[str, list[tuple[str, ...]]] = {}
    for g, layout in table_pairs():
        games.setdefault(layout, []).append(g.expansions)
    return [
        (layout, layout_label(found[0], layout) if len(found) == 1 else MODULE_LAYOUT_LABELS.get(layout, layout))
        for layout, found in games.items()
    ]


def pair_value(key: str, layout: str) -> str:
    """The select value of a (game, layout) pair: the layout for the base game, else "key.layout"."""
    return layout if key == BASE else f"{key}.{layout}"


def level_line(opts: TableOptions) -> str:
    """The computer players' level as a table's summary shows it: "Normal: plans each ..."."""
    level = table_level(opts)
    return f"**Computer players:** {level.name.capitalize()} ({level.description})"


def table_level(opts: TableOptions) -> Level:
    """The table's level, or the default for a stored level no longer on offer."""
    try:
        return level_named(opts.level)
    except ValueError:
        return level_named(DEFAULT_LEVEL)


def settings_lines(opts: TableOptions) -> list[str]:
    on = _variants_on(opts)
    variants = [VARIANT_LABELS[v] for v in VARIANT_LABELS if v in on]
    return [
        f"**Game:** {game_title(opts.expansions)}",
        f"**Layout:** {layout_label(opts.expansions, opts.layout)}",
        f"**Variants:** {', '.join(variants) if variants else 'none'}",
        level_line(opts),
        f"**Hints:** {'on' if opts.hints else 'off'}",
        f"**Clock:** a reminder after {hours(opts.reminder_hours)}; an idle turn may be skipped after "
        f"{hours(opts.timeout_hours)}",
    ]


def lobby_payload(game: Game, creator_name: str) -> Payload:
    opts = game.options
    seats = [f"{i + 1}. {plain(s.name)}" + (f" ({s.colour})" if s.colour else "") for i, s in enumerate(game.seats)]
    open_seats = opts.human_seats - len(game.seats)
    if open_seats > 0:
        seats.append(f"_{open_seats} open seat{'s' if open_seats != 1 else ''}_")
    if opts.computers:
        seats.append(f"_+ {opts.computers} computer player{'s' if opts.computers != 1 else ''}_")
    embed = discord.Embed(
        title=f"Istanbul · a new table (game #{game.id})",
        description=(
            f"{plain(creator_name)} is setting up a game of Istanbul for {opts.seats} players. "
            "Press **Join** to take a seat; the creator presses **Start** (seat order is drawn at random)."
        ),
        colour=NEUTRAL,
    )
    embed.add_field(name=f"Players ({len(game.seats)}/{opts.human_seats})", value="\n".join(seats)[:1024], inline=True)
    embed.add_field(name="Settings", value="\n".join(settings_lines(opts))[:1024], inline=True)
    embed.set_footer(
        text=f"Only the creator can change the settings or start. The lobby closes after {LOBBY_DAYS} days."
    )
    taken = {s.colour for s in game.seats if s.colour}
    colours = [discord.SelectOption(label="Any colour (drawn at the start)", value="any")] + [
        discord.SelectOption(label=c.capitalize(), value=c) for c in COLOURS if c not in taken
    ]
    view = view_of(
        LobbyItem.button(game.id, "join", label="Join", style=discord.ButtonStyle.success, row=0),
        LobbyItem.button(game.id, "leave", label="Leave", row=0),
        LobbyItem.button(game.id, "start", label="Start", style=discord.ButtonStyle.primary, row=0),
        LobbyItem.button(game.id, "settings", label="Settings", row=0),
        LobbyItem.select(game.id, "colour", colours, placeholder="Join with a colour, or change yours", row=1),
    )
    return Payload(None, embed, [], view)


def closed_payload(game: Game) -> Payload:
    what = {
        "active": "The game has started: turn messages follow below.",
        "finished": "This game is over.",
        "abandoned": "This table was closed.",
    }.get(game.row.status, "This table is closed.")
    seats = ", ".join(plain(s.name) for s in game.seats) or "nobody"
    embed = discord.Embed(title=f"Istanbul · game #{game.id}", description=f"{what}\nPlayers: {seats}")
    return Payload(None, embed, [], None)


def settings_payload(game: Game) -> Payload:
    """The creator's settings selects (ephemeral), each showing the current value."""
    opts = game.options
    g = game.id

    def choice(label: str, value: str, current: bool, description: str | None = None) -> discord.SelectOption:
        return discord.SelectOption(label=label, value=value, default=current, description=description)

    seats = [choice(f"{n} players", str(n), n == opts.seats) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
    # the number of computer players, their level and the hints share one select (the panel's five
    # rows are taken): pick any of them, at most one of each kind; the current ones show as chosen
    current = table_level(opts).name
    computers = [choice(f"{n} computer player{'s' if n != 1 else ''}", str(n), n == opts.computers) for n in range(MAX_PLAYERS)]
    computers += [
        choice(f"Level: {level.name}", f"{LEVEL_PREFIX}{level.name}", level.name == current, level.description[:100])
        for level in levels()
    ]
    computers += [
        choice("Hints on", f"{HINTS_PREFIX}on", opts.hints, "players may ask what the computer would play"),
        choice("Hints off", f"{HINTS_PREFIX}off", not opts.hints, "no \"What would the computer play?\""),
    ]
    several = len(table_games()) > 1
    layouts = [
        choice(
            ((f"{g.title} · " if several else "") + layout_label(g.expansions, layout))[:100],
            pair_value(g.key, layout), (g.expansions, layout) == (opts.expansions, opts.layout),
        )
        for g, layout in table_pairs()
    ]
    on = _variants_on(opts)
    variants = [choice(VARIANT_LABELS[name], name, name in on) for name in _variants_offered(opts)]
    clocks = [
        choice(label, key, (r, t) == (opts.reminder_hours, opts.timeout_hours)) for key, (r, t, label) in CLOCKS.items()
    ]
    view = view_of(
        LobbyItem.select(g, "set.seats", seats, placeholder="Players at the table", row=0),
        LobbyItem.select(g, "set.computers", computers, placeholder="Computer players, their level, hints",
                         max_values=3, row=1),
        LobbyItem.select(g, "set.layout", layouts, placeholder="Game and layout" if several else "Layout", row=2),
        LobbyItem.select(g, "set.variants", variants, placeholder="Variants: none", min_values=0,
                         max_values=len(variants), row=3),
        LobbyItem.select(g, "set.clock", clocks, placeholder="Clock (custom: set with /istanbul new)", row=4),
    )
    return Payload(f"Settings of game #{g} (only you see this; changes show on the lobby at once).", None, [], view)


def setting_changes(game: Game, action: str, values: list[str]) -> dict[str, Any]:
    """The option changes a settings select asks for; `BadOptions` for values it never offered."""
    name = action.removeprefix("set.")
    if name == "computers":
        return computers_and_level(values)
    if name == "seats":
        if len(values) != 1 or not values[0].isdigit():
            raise errors.BadOptions("Pick one number.")
        return {name: int(values[0])}
    if name == "layout":
        return game_and_layout(values)
    if name == "variants":
        if not set(values) <= set(_variants_offered(game.options)) or len(set(values)) != len(values):
            raise errors.BadOptions("Pick variants from the list.")
        rules = {**game.options.rules.model_dump(), "move_card_semantics": "walk" if "walk" in values else "distance"}
        offered = table_rules(game.options.expansions)
        for variant, (rule, on, off) in VARIANT_RULES.items():
            if rule in offered:
                rules[rule] = on if variant in values else off
        return {
            "neutral_assistants": "neutral_assistants" in values, "caravan_leader": "caravan_leader" in values,
            "rules": rules,
        }
    if name == "clock":
        if len(values) != 1 or values[0] not in CLOCKS:
            raise errors.BadOptions("Pick one of the clocks offered.")
        reminder, timeout, _ = CLOCKS[values[0]]
        return {"reminder_hours": reminder, "timeout_hours": timeout}
    raise errors.BadOptions("That setting does not exist.")


def computers_and_level(values: list[str]) -> dict[str, Any]:
    """The changes the computer players' select asks for: a number ("2"), a level ("level.strong"),
    hints on or off ("hints.off"), at most one of each. A value it never offers, or two of a kind,
    is refused."""
    numbers = [v for v in values if v.isdigit() and len(v) == 1]
    chosen = [v.removeprefix(LEVEL_PREFIX) for v in values if v.startswith(LEVEL_PREFIX)]
    hints = [v.removeprefix(HINTS_PREFIX) for v in values if v.startswith(HINTS_PREFIX)]
    kinds = (numbers, chosen, hints)
    if not values or sum(map(len, kinds)) != len(values) or any(len(kind) > 1 for kind in kinds):
        raise errors.BadOptions("Pick a number of computer players, a level, hints on or off, or one of each.")
    if chosen and chosen[0] not in level_names():
        raise errors.BadOptions(f"There is no computer level '{clip(chosen[0], 40)}'; pick one from the list.")
    if hints and hints[0] not in ("on", "off"):
        raise errors.BadOptions("Pick hints on or off.")
    changes: dict[str, Any] = {"computers": int(numbers[0])} if numbers else {}
    if chosen:
        changes["level"] = chosen[0]
    if hints:
        changes["hints"] = hints[0] == "on"
    return changes


def game_and_layout(values: list[str]) -> dict[str, Any]:
    """The changes the game-and-layout select asks for. A value it never offers is refused: a
    game not playable (any more) in the service's sentence, a layout its game does not allow or
    an unknown value in one sentence."""
    if len(values) != 1 or not values[0]:
        raise errors.BadOptions("Pick one of the layouts offered.")
    key, _, layout = values[0].rpartition(".")
    expansions = game_named(key or BASE)
    if not any(g.expansions == expansions and layout == offered for g, offered in table_pairs()):
        raise errors.BadOptions("Pick one of the layouts offered.")
    return {"expansions": list(expansions), "layout": layout}
