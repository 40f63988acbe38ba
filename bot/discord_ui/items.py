"""Every component the bot sends is one of these `discord.ui.DynamicItem`s, so a button or select
works however old its message is and across restarts. Each item only parses its custom_id; the
work is done by the bot's `Handlers` (see `handlers.py`), reached through the client.

Views are built only from these items (never mixed with static items: when such a view times
out, discord.py would drop the dynamic templates for the whole bot)."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from . import ids

Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]


class Clicks(Protocol):
    """What runs a parsed click: the bot's `handlers.Handlers` (this module sits below it and
    names only what it calls)."""

    async def option(self, interaction: discord.Interaction[Any], game_id: int, decision_id: int, code: str) -> None: ...

    async def select(
        self, interaction: discord.Interaction[Any], game_id: int, decision_id: int, values: list[str],
    ) -> None: ...

    async def card(self, interaction: discord.Interaction[Any], game_id: int, code: str) -> None: ...

    async def card_select(self, interaction: discord.Interaction[Any], game_id: int, values: list[str]) -> None: ...

    async def utility(self, interaction: discord.Interaction[Any], game_id: int, action: str) -> None: ...

    async def lobby(self, interaction: discord.Interaction[Any], game_id: int, action: str, values: list[str]) -> None: ...


def handlers(interaction: discord.Interaction[Any]) -> Clicks:
    return cast(Clicks, interaction.client.istanbul)  # type: ignore[attr-defined]


class OptionButton(discord.ui.DynamicItem[Button], template=ids.OPTION_TEMPLATE):
    """One option of one decision: ``ist:o:<game>:<decision>:<code>``."""

    def __init__(
        self, game: int, decision: int, code: str, *, label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary, row: int | None = None,
    ) -> None:
        super().__init__(Button(label=label, style=style, custom_id=ids.option_id(game, decision, code)), row=row)
        self.game, self.decision, self.code = game, decision, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionButton:
        return cls(int(match["game"]), int(match["decision"]), match["code"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).option(interaction, self.game, self.decision, self.code)


class OptionSelect(discord.ui.DynamicItem[Select], template=ids.SELECT_TEMPLATE):
    """One select of a decision too big for buttons: ``ist:s:<game>:<decision>:<part>``, the
    values are option codes (an old ``ist:s:<game>:<decision>`` is read as part 0)."""

    def __init__(
        self, game: int, decision: int, options: list[discord.SelectOption] | None = None, *,
        placeholder: str | None = None, row: int | None = None, part: int = 0, custom_id: str | None = None,
    ) -> None:
        select = Select(
            custom_id=custom_id or ids.select_id(game, decision, part), options=options or [], placeholder=placeholder,
        )
        super().__init__(select, row=row)
        self.game, self.decision, self.part = game, decision, part

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionSelect:
        part = int(match["part"]) if match["part"] is not None else 0
        return cls(int(match["game"]), int(match["decision"]), part=part, custom_id=match.group(0))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).select(interaction, self.game, self.decision, list(self.item.values))


class CardButton(discord.ui.DynamicItem[Button], template=ids.CARD_TEMPLATE):
    """Play a bonus card in whatever decision offers it when clicked: ``ist:c:<game>:<code>``."""

    def __init__(
        self, game: int, code: str, *, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.success,
        row: int | None = None,
    ) -> None:
        super().__init__(Button(label=label, style=style, custom_id=ids.card_id(game, code)), row=row)
        self.game, self.code = game, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardButton:
        return cls(int(match["game"]), match["code"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).card(interaction, self.game, self.code)


class CardSelect(discord.ui.DynamicItem[Select], template=ids.CARD_SELECT_TEMPLATE):
    """One select of card plays, for more cards than buttons fit: ``ist:k:<game>:<part>``; the
    values are card-play codes, played in whatever decision offers them when chosen."""

    def __init__(
        self, game: int, part: int, options: list[discord.SelectOption] | None = None, *,
        placeholder: str | None = None, row: int | None = None,
    ) -> None:
        select = Select(custom_id=ids.card_select_id(game, part), options=options or [], placeholder=placeholder)
        super().__init__(select, row=row)
        self.game, self.part = game, part

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardSelect:
        return cls(int(match["game"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).card_select(interaction, self.game, list(self.item.values))


class UtilityButton(discord.ui.DynamicItem[Button], template=ids.UTILITY_TEMPLATE):
    """Undo, My cards, Log, Choose privately, skip, ...: ``ist:u:<game>:<action>``."""

    def __init__(
        self, game: int, action: str, *, label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None,
    ) -> None:
        super().__init__(Button(label=label, style=style, custom_id=ids.utility_id(game, action)), row=row)
        self.game, self.action = game, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UtilityButton:
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).utility(interaction, self.game, self.action)


class LobbyItem(discord.ui.DynamicItem[discord.ui.Item[discord.ui.View]], template=ids.LOBBY_TEMPLATE):
    """A lobby component: ``ist:l:<game>:<action>``, a button (Join, Leave, Start, Settings) or a
    select (colour, each setting). One class for the prefix, so one template matches it."""

    def __init__(self, item: Button | Select, game: int, action: str) -> None:
        super().__init__(item)
        self.game, self.action = game, action

    @classmethod
    def button(
        cls, game: int, action: str, *, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> LobbyItem:
        return cls(Button(label=label, style=style, custom_id=ids.lobby_id(game, action), row=row), game, action)

    @classmethod
    def select(
        cls, game: int, action: str, options: list[discord.SelectOption], *, placeholder: str,
        min_values: int = 1, max_values: int = 1, row: int | None = None,
    ) -> LobbyItem:
        select = Select(
            custom_id=ids.lobby_id(game, action), options=options, placeholder=placeholder,
            min_values=min_values, max_values=max_values, row=row,
        )
        return cls(select, game, action)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyItem:
        custom_id = match.group(0)
        base: Button | Select
        if isinstance(item, discord.ui.Select):
            base = Select(custom_id=custom_id, options=list(item.options), max_values=item.max_values)
        else:
            base = Button(custom_id=custom_id, label="…")
        return cls(base, int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list(self.item.values) if isinstance(self.item, discord.ui.Select) else []
        await handlers(interaction).lobby(interaction, self.game, self.action, values)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    OptionButton, OptionSelect, CardButton, CardSelect, UtilityButton, LobbyItem,
)
