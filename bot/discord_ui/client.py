"""The bot client: opens the game service, registers the dynamic items and the command group,
runs the timers, and answers what no dynamic item will (forged or stale custom_ids)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..service import GameService, Policy, Searches, turn_palette
from ..settings import Settings
from . import ids
from .commands import IstanbulCog
from .handlers import Handlers
from .items import DYNAMIC_ITEMS
from .publisher import Publisher
from .scheduler import Scheduler

log = logging.getLogger(__name__)
# How the bot's admin registers the commands again (issue 19 item 13 prints the interpreter in use:
# when bot.settings has such a helper, this should use it).
SYNC_COMMAND = "python -m bot sync"


def component_on_message(message: discord.Message | None, custom_id: str, component_type: int) -> bool:
    """Whether the message carries a component with this custom_id and type (what discord.py
    needs before it runs a dynamic item)."""
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id and child.type.value == component_type:
                return True
    return False


def command_shapes(payloads: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What must agree between the commands Discord has and the bot's own for a command to work:
    names, option types, which are required, fixed choices; nested subcommands alike (texts such
    as descriptions may differ)."""

    def shape(option: dict[str, Any]) -> tuple[Any, ...]:
        choices = tuple(sorted(str(c.get("value")) for c in option.get("choices") or []))
        inner = tuple(sorted(shape(o) for o in option.get("options") or []))
        return option.get("name"), option.get("type", 1), bool(option.get("required", False)), choices, inner

    return sorted(shape(p) for p in payloads)


class IstanbulBot(commands.Bot):
    """`service`: an open GameService to use (tests); otherwise one is opened from the settings
    in `setup_hook`, whose computer seats play at each table's level (`policy`: one player for
    every table instead). `run_timers`: run the timer loop (tests
    drive `scheduler.run_due` by hand instead). `auto_sync`: register the slash commands at start
    when Discord does not know them yet."""

    def __init__(
        self, settings: Settings, *, service: GameService | None = None, policy: Policy | None = None,
        run_timers: bool = True, auto_sync: bool = True,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None,
            allowed_mentions=discord.AllowedMentions.none(), max_ratelimit_timeout=30.0,
        )
        self.settings = settings
        self._service = service
        self._owns_service = service is None
        self._policy = policy
        self.run_timers = run_timers
        self.auto_sync = auto_sync
        self._background: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        if self._service is None:
            # computer turns and hints in worker processes: the event loop keeps answering clicks
            self._service = await GameService.from_settings(
                self.settings, policy=self._policy, searches=Searches(processes=True),
            )
        publisher = Publisher(self, self._service)
        self.istanbul = Handlers(self, self._service, publisher)
        self.scheduler = Scheduler(
            self.istanbul, backup_dir=self.settings.backups, backup_keep=self.settings.backup_keep,
            backup_hours=self.settings.backup_hours,
        )
        self.istanbul.wake = self.scheduler.poke
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.add_cog(IstanbulCog(self.istanbul))
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        if self.run_timers:
            self._background = asyncio.create_task(self._run_background(), name="istanbul-timers")

    @property
    def service(self) -> GameService:
        assert self._service is not None, "setup_hook has not run"
        return self._service

    async def _run_background(self) -> None:
        await asyncio.to_thread(turn_palette)  # worked out once per process: not on a player's click
        if self._owns_service:
            await self.service.searches.warm()  # the search processes start before the first turn
        await self.wait_until_ready()
        if self.auto_sync:
            await self.sync_if_unknown()
        await self.heal_all()
        await self.scheduler.run_forever()

    async def sync_if_unknown(self) -> None:
        """Register the commands once, when Discord does not know `/istanbul` yet; when Discord
        knows other commands than the bot's own (a newer or older version), say once in the log
        how to register them (the bot does not re-register on every start)."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        try:
            known = await self.tree.fetch_commands(guild=guild)
            if not any(c.name == "istanbul" for c in known):
                if guild is not None:
                    self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
                log.info("registered the /istanbul commands")
            elif command_shapes([dict(c.to_dict()) for c in known]) != command_shapes(self.own_commands()):
                log.warning("the commands registered with Discord differ from this bot's own; run `%s`", SYNC_COMMAND)
        except discord.HTTPException as exc:
            log.warning("could not check the registered commands (%s)", exc.status)

    def own_commands(self) -> list[dict[str, Any]]:
        """The bot's commands as Discord would register them."""
        return [command.to_dict(self.tree) for command in self.tree.get_commands()]

    async def heal_all(self) -> None:
        """After a start: bring every running game's messages up to date (a computer seat that was
        about to move, a message that was never posted)."""
        for row in await self.service.games(("active",), "discord"):
            try:
                await self.istanbul.publisher.sync(row.id)
            except Exception as exc:  # one game's trouble must not stop the others
                log.warning("game %s: could not be brought up to date at start (%s)", row.id, type(exc).__name__)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Components that discord.py's dynamic items will not run: one of ours that is no longer
        on its message (a client that had not seen the edit yet) is run here all the same, so its
        sender hears that the board moved on; anything else with our prefix or none is forged or
        malformed, and gets a plain answer."""
        if interaction.type is not discord.InteractionType.component or not isinstance(interaction.data, dict):
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        raw_type = interaction.data.get("component_type", 0)
        component_type = raw_type if isinstance(raw_type, int) else 0
        if component_on_message(interaction.message, custom_id, component_type) and ids.recognised(custom_id):
            return  # the dynamic item runs it
        raw_values = interaction.data.get("values", [])
        values = [str(v) for v in raw_values] if isinstance(raw_values, list) else []
        parsed = ids.parse(custom_id)
        if parsed is None:
            await self.istanbul.stray(interaction)
            return
        kind, game, decision, rest = parsed
        if kind == "o":
            await self.istanbul.option(interaction, game, decision, rest)
        elif kind == "s":
            await self.istanbul.select(interaction, game, decision, values)
        elif kind == "c":
            await self.istanbul.card(interaction, game, rest)
        elif kind == "k":
            await self.istanbul.card_select(interaction, game, values)
        elif kind == "u":
            await self.istanbul.utility(interaction, game, rest)
        else:
            await self.istanbul.lobby(interaction, game, rest, values)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server: its games there end without a result."""
        await self.scheduler.abandon_server(guild.id)

    async def _on_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError,
    ) -> None:
        if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
            log.warning("command options refused (%s)", type(error).__name__)
            text = "I could not read that command's options; please check them and try again."
        elif isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
            log.warning("a command Discord sent is not this bot's version of it (%s); run `%s`",
                        type(error).__name__, SYNC_COMMAND)
            text = f"This command has changed; the bot's admin should run `{SYNC_COMMAND}`. Nothing was changed."
        else:
            log.error("command failed (interaction %s)", interaction.id, exc_info=error)
            text = "Something went wrong on my side; nothing was changed."
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)

    async def close(self) -> None:
        if self._background is not None:
            self._background.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._background
        await super().close()
        if self._owns_service and self._service is not None:
            await self._service.close()
