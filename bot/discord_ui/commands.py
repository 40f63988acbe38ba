"""The ``/istanbul`` command group. Discord's clients enforce option ranges and choices, but
discord.py does not, so every value is checked again here or by the service."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..service import (
    COLOURS,
    DEFAULT_LEVEL,
    Game,
    TableOptions,
    errors,
    game_named,
    level_names,
    levels,
    parse_options,
    pending,
    result,
    rule_text,
    rule_topics,
    table_games,
    table_rules,
    zones_matching,
)
from . import payloads
from .handlers import Handlers, jump_url
from .idle import confirm, leave_game, take_back
from .lobby import BASE, LAYOUT_NAMES, layout_choices
from .lobby_actions import lobby_action
from .payloads import Answer, Payload
from .publisher import ChannelBlocked, needed_permissions
from .status import change_settings, games_overview, set_away, user_stats
from .text import EMBED_DESCRIPTION_LIMIT, clip, counted, plain

log = logging.getLogger(__name__)
Choice = app_commands.Choice

# Only the games playable now are offered (a module's issue makes it playable); their layouts, each
# once, the base game's first. A value from elsewhere is checked again in `table_options`.
GAME_CHOICES = [Choice(name=g.title, value=g.key) for g in table_games()]
LAYOUT_CHOICES = [Choice(name=label[:100], value=name) for name, label in layout_choices()]
MOVE_CHOICES = [
    Choice(name="exactly 3 or 4 places away (rulebook)", value="distance"),
    Choice(name="along any walk of 3 or 4 steps (house rule)", value="walk"),
]


@dataclass(frozen=True)
class ModuleRule:
    """A module's rule option in `/istanbul new`: the engine's rule it sets, its choices (the
    value Discord sends, the words shown, the engine's value), what it is called in a refusal and
    the game it belongs to."""

    rule: str
    choices: tuple[tuple[str, str, object], ...]
    called: str  # "the Tavern tiles": "Unknown rule for the Tavern tiles"
    title: str  # "The Tavern tiles rule belongs to Mocha & Baksheesh"
    game: str

    @property
    def values(self) -> dict[str, object]:
        return {value: engine_value for value, _, engine_value in self.choices}

    @property
    def discord_choices(self) -> list[Choice[str]]:
        return [Choice(name=label, value=value) for value, label, _ in self.choices]


MODULE_RULES = {
    "tavern_tiles": ModuleRule(
        "two_player_tavern_tiles",
        (("1and3", "2 players: only the 1 and 3 coffee tiles (rulebook)", "1and3"),
         ("all", "2 players: all four tiles of each pile", "all")),
        "the Tavern tiles", "The Tavern tiles rule", "Mocha & Baksheesh",
    ),
    "companion": ModuleRule(
        "companion_usable_on_placement_turn",
        (("same_turn", "it may move on the turn it is set out (ruling E-45)", True),
         ("next_turn", "it moves only from the next turn on", False)),
        "the companion", "The companion rule", "Letters & Seals",
    ),
    "society_bonus": ModuleRule(
        "secret_society_bonus_per",
        (("player", "3, 2 and 1 Lira to the first three players, once each (ruling E-52)", "player"),
         ("action", "3, 2 and 1 Lira to the first three visits, whoever makes them", "action")),
        "the Secret Society's Lira", "The Secret Society rule", "Letters & Seals",
    ),
    "bonus_deck": ModuleRule(
        "ls_bonus_deck",
        (("lsPlusBase", "Letters & Seals cards and the base game's (rulebook)", "lsPlusBase"),
         ("lsOnly", "only the Letters & Seals cards", "lsOnly")),
        "the bonus cards", "The choice of bonus cards", "Letters & Seals (without Mocha & Baksheesh)",
    ),
    "catacombs": ModuleRule(
        "catacombs_family_member_moves",
        (("stays", "a family member sent there stays; only merchants and companions move on (ruling E-46)", False),
         ("moves", "a family member sent there by the Police Station moves on too", True)),
        "the Catacombs", "The Catacombs rule", "the Great Bazaar",
    ),
}  # fmt: skip
# The levels whose players are registered (easy, normal, strong); descriptions fit Discord's 100.
LEVEL_CHOICES = [Choice(name=f"{lv.name.capitalize()}: {lv.description}"[:100], value=lv.name) for lv in levels()]
COLOUR_CHOICES = [Choice(name=c.capitalize(), value=c) for c in COLOURS]
NOTIFY_CHOICES = [
    Choice(name="a mention in the game's channel", value="channel"),
    Choice(name="a direct message", value="dm"),
    Choice(name="both", value="both"),
    Choice(name="no reminders", value="none"),
]


def table_options(
    seats: int, computers: int, layout: str | None, neutral_assistants: bool, caravan_leader: bool, move_card: str,
    reminder_hours: float, timeout_hours: float, game: str = BASE, tavern_tiles: str | None = None,
    companion: str | None = None, society_bonus: str | None = None, bonus_deck: str | None = None,
    catacombs: str | None = None, level: str = DEFAULT_LEVEL, hints: bool = True,
) -> TableOptions:
    """The options of `/istanbul new`, validated as the service validates any table (any hours
    may be typed here; the lobby's settings offer presets). A game not playable now (a stale or
    forged choice) is refused in one sentence, and so is a layout the game does not allow;
    without a layout the game's default applies. A module's rule option (`MODULE_RULES`:
    `tavern_tiles`, `companion`, `society_bonus`, `bonus_deck`, `catacombs`) is refused for a game without
    that module. An unknown `level` is refused in one sentence naming the levels on offer."""
    expansions = game_named(game)
    if level not in level_names():
        raise errors.BadOptions(f"There is no computer level '{clip(level, 40)}'; choose {', '.join(level_names())}.")
    if layout is not None and layout not in LAYOUT_NAMES:
        raise errors.BadOptions(f"Unknown layout '{clip(layout, 40)}'.")
    if move_card not in ("distance", "walk"):
        raise errors.BadOptions(f"Unknown rule for the move card: '{clip(move_card, 40)}'.")
    rules: dict[str, object] = {"move_card_semantics": move_card}
    given = {"tavern_tiles": tavern_tiles, "companion": companion, "society_bonus": society_bonus,
             "bonus_deck": bonus_deck, "catacombs": catacombs}
    for name, value in given.items():
        if value is None:
            continue
        option = MODULE_RULES[name]
        if option.rule not in table_rules(expansions):
            raise errors.BadOptions(f"{option.title} belongs to {option.game}: pick that game or leave it out.")
        if value not in option.values:
            raise errors.BadOptions(f"Unknown rule for {option.called}: '{clip(value, 40)}'.")
        rules[option.rule] = option.values[value]
    return parse_options({
        "seats": seats, "computers": computers, "expansions": list(expansions), "layout": layout,
        "neutral_assistants": neutral_assistants,
        "caravan_leader": caravan_leader, "rules": rules,
        "reminder_hours": reminder_hours, "timeout_hours": timeout_hours, "level": level, "hints": hints,
    })


class IstanbulCog(commands.GroupCog, group_name="istanbul", group_description="Play Istanbul in this channel"):
    def __init__(self, handlers: Handlers) -> None:
        self.handlers = handlers
        super().__init__()

    async def _game_here(self, interaction: discord.Interaction[Any], game_id: int | None = None) -> Game:
        """The game this command is about: the given id (it must be one of the user's), else the
        game in this channel, else (in a DM) the user's only game."""
        svc = self.handlers.service
        user = str(interaction.user.id)
        if game_id is not None:
            game = await svc.load(game_id)
            if game.seat_of(user) is None and game.row.channel_id != interaction.channel_id:
                raise errors.NotSeated()
            return game
        if interaction.guild_id is not None and interaction.channel_id is not None:
            found = await svc.game_in_channel(interaction.channel_id)
            if found is None:
                raise errors.NotAllowed("There is no game in this channel. Start one with `/istanbul new`.")
            return found
        mine = [row for row in await svc.user_games(user) if row.origin == "discord"]
        if len(mine) == 1:
            return await svc.load(mine[0].id)
        raise errors.NotAllowed("Use this in the game's channel (or give the game's number).")

    def _run(self, interaction: discord.Interaction[Any], what: str, work: Any, game_id: int | None = None) -> Any:
        return self.handlers.guarded(interaction, f"/istanbul {what}", game_id, "private", work)

    # -- setting up ---------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a table for a new game of Istanbul in this channel")
    @app_commands.describe(
        game="The base game, or a game with expansions (only those playable here are offered)",
        seats="Players at the table, computers included (2-5)",
        computers="How many seats computer players take (0-4)",
        layout="How the places are laid out (default: the game's first layout)",
        neutral_assistants="Variant for 2-4 players: neutral assistants on the board",
        caravan_leader="Variant: the Caravan Leader tile",
        move_card="How the 'Move 3 or 4' bonus card counts",
        tavern_tiles="Mocha & Baksheesh, 2 players: which Tavern tiles are in the piles",
        companion="Letters & Seals: when a companion set out beside the merchant may first move",
        society_bonus="Letters & Seals: who gets the Secret Society's 3, 2 and 1 Lira",
        bonus_deck="Letters & Seals alone: its bonus cards with the base game's, or on their own",
        catacombs="The Great Bazaar: whether a family member sent to the Catacombs moves on from there",
        reminder_hours="Remind the player to move after this many hours (1-168)",
        timeout_hours="Others may skip an idle turn after this many hours (1-720)",
        colour="Your colour (otherwise drawn at the start)",
        level="How well the computer plays its seats and any idle seat handed to it (default: normal)",
        hints="Whether players may ask what the computer would play (default: on)",
    )
    @app_commands.choices(
        game=GAME_CHOICES, layout=LAYOUT_CHOICES, move_card=MOVE_CHOICES, colour=COLOUR_CHOICES, level=LEVEL_CHOICES,
        **{name: option.discord_choices for name, option in MODULE_RULES.items()},
    )
    async def new(
        self, interaction: discord.Interaction[Any], game: str = BASE, seats: app_commands.Range[int, 2, 5] = 4,
        computers: app_commands.Range[int, 0, 4] = 0, layout: str | None = None, neutral_assistants: bool = False,
        caravan_leader: bool = False, move_card: str = "distance",
        reminder_hours: app_commands.Range[float, 1, 168] = 24.0,
        timeout_hours: app_commands.Range[float, 1, 720] = 72.0, colour: str | None = None,
        tavern_tiles: str | None = None, companion: str | None = None, society_bonus: str | None = None,
        bonus_deck: str | None = None, catacombs: str | None = None, level: str = DEFAULT_LEVEL, hints: bool = True,
    ) -> None:
        async def work() -> Answer:
            if interaction.guild_id is None or interaction.channel_id is None:
                raise errors.NotAllowed("Games are played in a server channel, not in direct messages.")
            if colour is not None and colour not in COLOURS:
                raise errors.BadOptions(f"Unknown colour '{clip(colour, 20)}'.")
            opts = table_options(
                seats, computers, layout, neutral_assistants, caravan_leader, move_card, reminder_hours, timeout_hours,
                game, tavern_tiles, companion, society_bonus, bonus_deck, catacombs, level, hints,
            )
            missing = needed_permissions(interaction.app_permissions)
            if missing:
                return f"I cannot post in this channel. Please let me {missing} here, then try again."
            table = await self.handlers.service.create_lobby(
                creator=str(interaction.user.id), creator_name=interaction.user.display_name, options=opts,
                origin="discord", guild_id=interaction.guild_id, channel_id=interaction.channel_id, colour=colour,
            )
            try:
                await self.handlers.publisher.sync(table.id)
            except (discord.Forbidden, ChannelBlocked):  # the channel changed since the check above
                await self.handlers.service.abandon(table.id, str(interaction.user.id))
                return f"I cannot post in this channel. Please let me {needed_permissions()} here, then try again."
            return f"Your table (game #{table.id}) is open. Others join with the **Join** button; press **Start** when ready."

        await self._run(interaction, "new", work)

    async def _lobby_command(self, interaction: discord.Interaction[Any], action: str) -> Answer:
        game = await self._game_here(interaction)
        return await lobby_action(self.handlers.service, self.handlers.publisher, interaction, game.id, action, [])

    @app_commands.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, "join", lambda: self._lobby_command(interaction, "join"))

    @app_commands.command(name="start", description="Start the game at this channel's table (its creator)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Answer:
            await self._lobby_command(interaction, "start")
            return "The game has started."

        await self._run(interaction, "start", work)

    @app_commands.command(name="leave", description="Leave the table; after the start, a computer plays your seat")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Answer:
            game = await self._game_here(interaction)
            if game.row.status == "lobby":
                return await lobby_action(self.handlers.service, self.handlers.publisher, interaction, game.id, "leave", [])
            return await leave_game(self.handlers.service, self.handlers.publisher, game, str(interaction.user.id), confirmed=False)

        await self._run(interaction, "leave", work)

    @app_commands.command(name="abandon", description="End this channel's game without a result (creator or Manage Channels)")
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Answer:
            game = await self._game_here(interaction)
            self.handlers.service.check_abandon(game, str(interaction.user.id), admin=bool(interaction.permissions.manage_channels))
            return confirm(game.id, "abandonok", f"Abandon game #{game.id}? It ends without a result.", "Yes, abandon it")

        await self._run(interaction, "abandon", work)

    # -- during the game ----------------------------------------------------------------------

    @app_commands.command(name="status", description="Where this channel's game stands")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Answer:
            game = await self._game_here(interaction)
            if game.state is None:
                names = ", ".join(plain(s.name) for s in game.seats)
                return f"Game #{game.id} is a lobby: {names} so far.\n{game.options.computer_words()}"
            state = game.state
            decision = pending(state)
            turn = await self.handlers.service.message(game.id, "turn")
            who = plain(game.names().get(decision.player, "?")) if decision else "nobody"
            lines = [f"Round {state.round}. {who} is choosing." if decision else "The game is over."]
            lines.append(game.options.computer_words())
            link = jump_url(game, turn.message_id if turn else None)
            if link:
                lines.append(f"Turn message: {link}")
            for s in result(state):
                lines.append(f"{plain(game.names().get(s.seat, '?'))}: {counted(s.rubies, 'ruby', 'rubies')}, {s.lira} Lira")
            images = await self.handlers.service.images_of(game, ())
            embed = discord.Embed(title=f"Istanbul · game #{game.id}", description="\n".join(lines))
            embed.set_image(url=f"attachment://{payloads.BOARD_FILE}")
            return payloads.pictured(Payload(None, embed), images.public, None)

        await self._run(interaction, "status", work)

    @app_commands.command(name="cards", description="Your bonus cards (only you see them)")
    @app_commands.describe(game="The game's number (only needed in direct messages)")
    async def cards(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        async def work() -> Answer:
            found = await self._game_here(interaction, game)
            return await self.handlers.cards(found.id, str(interaction.user.id))

        await self._run(interaction, "cards", work)

    @app_commands.command(name="log", description="What has happened in this channel's game")
    @app_commands.describe(game="The game's number (only needed in direct messages)")
    async def log(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        async def work() -> Answer:
            found = await self._game_here(interaction, game)
            return await self.handlers.log(found.id)

        await self._run(interaction, "log", work)

    @app_commands.command(name="undo", description="Take back your last choice")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Answer:
            game = await self._game_here(interaction)  # the choice that was last when the command arrived
            return await self.handlers.undo(game.id, str(interaction.user.id), game.row.decision_id)

        await self._run(interaction, "undo", work)

    @app_commands.command(name="hint", description="What would the computer play? For whoever decides now (only you see it)")
    @app_commands.describe(game="The game's number (only needed in direct messages)")
    async def hint(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        async def work() -> Answer:
            found = await self._game_here(interaction, game)
            return await self.handlers.hint(found.id, str(interaction.user.id), None)

        await self._run(interaction, "hint", work)

    @app_commands.command(name="resume", description="Take your seat back from the computer player")
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Answer:
            game = await self._game_here(interaction)
            return await take_back(self.handlers.service, self.handlers.publisher, game, str(interaction.user.id))

        await self._run(interaction, "resume", work)

    # -- anywhere -----------------------------------------------------------------------------

    @app_commands.command(name="rules", description="The rules of a place, bonus card or mosque tile")
    @app_commands.describe(topic="A place, card, tile or encounter, e.g. 'Sultan's Palace' or '13'")
    async def rules(self, interaction: discord.Interaction[Any], topic: str) -> None:
        async def work() -> Answer:
            text = rule_text(topic[:100])
            if text is None:
                return f"I know no rule called '{plain(clip(topic, 60))}'. Start typing to see the topics."
            name, _, body = text.partition(": ")
            return Payload(None, discord.Embed(title=name, description=body[:EMBED_DESCRIPTION_LIMIT]))

        await self._run(interaction, "rules", work)

    @rules.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
        wanted = current.strip().lower()
        found = [t for t in rule_topics() if wanted in t.lower()]
        return [Choice(name=t[:100], value=t[:100]) for t in found[:25]]

    @app_commands.command(name="games", description="Your games in every server")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Answer:
            return await games_overview(self.handlers, str(interaction.user.id))

        await self._run(interaction, "games", work)

    @app_commands.command(name="settings", description="How and when you are reminded to move")
    @app_commands.describe(
        reminders="Where reminders reach you", quiet="Quiet hours like 22:00-07:00, or 'off'",
        zone="Your time zone, e.g. Europe/Berlin (for quiet hours)",
    )
    @app_commands.choices(reminders=NOTIFY_CHOICES)
    async def settings(
        self, interaction: discord.Interaction[Any], reminders: str | None = None, quiet: str | None = None,
        zone: str | None = None,
    ) -> None:
        async def work() -> Answer:
            return await change_settings(self.handlers, str(interaction.user.id), reminders, quiet, zone)

        await self._run(interaction, "settings", work)

    @settings.autocomplete("zone")
    async def _zones(self, interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
        return [Choice(name=zone, value=zone) for zone in zones_matching(current[:100])]

    @app_commands.command(name="away", description="Pause your reminders and turn timeouts for some days (0 ends it)")
    @app_commands.describe(days="How many days (0-14)")
    async def away(self, interaction: discord.Interaction[Any], days: app_commands.Range[int, 0, 14]) -> None:
        async def work() -> Answer:
            return await set_away(self.handlers, str(interaction.user.id), days)

        await self._run(interaction, "away", work)

    @app_commands.command(name="stats", description="Your finished games, wins and mean rubies, per server")
    async def stats(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Answer:
            return await user_stats(self.handlers, str(interaction.user.id))

        await self._run(interaction, "stats", work)
