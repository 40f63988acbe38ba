"""Game settings: player count, expansions, layout, variants and the rule options (RULES-NOTES §4).

Which modules and layouts combine is `bot.engine.modules`' business: without a layout a game
takes its game's default (base ``short``, one expansion ``first``, the Great Bazaar ``random``);
a pairing the game does not allow, and a module that is not playable yet, are refused with one
sentence. Tests and previews validate with ``context={"preview": True}`` (see `preview_settings`)
to build games of modules that have not landed.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from . import modules
from .components import MAX_PLAYERS, MIN_PLAYERS
from .modules import LayoutName

__all__ = ["RULE_NAMES", "VARIANTS", "GameSettings", "LayoutName", "RuleOptions", "preview_settings"]

VARIANTS = ("neutral_assistants", "caravan_leader")


class RuleOptions(BaseModel):
    """Rule options where a reasonable table could decide differently. Only `move_card_semantics`
    changes the base game; the others wait for their expansions and are validated already."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    move_card_semantics: Literal["distance", "walk"] = "distance"
    two_player_tavern_tiles: Literal["1and3", "all"] = "1and3"
    companion_usable_on_placement_turn: bool = True
    secret_society_bonus_per: Literal["player", "action"] = "player"
    catacombs_family_member_moves: bool = False
    ls_bonus_deck: Literal["lsPlusBase", "lsOnly"] = "lsPlusBase"


RULE_NAMES = tuple(RuleOptions.model_fields)


class GameSettings(BaseModel):
    """Everything fixed before the first turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)
    expansions: tuple[str, ...] = ()  # checked by `modules` (a name no module registered is refused)
    layout: LayoutName = "short"
    neutral_assistants: bool = False
    caravan_leader: bool = False
    rules: RuleOptions = RuleOptions()

    @model_validator(mode="before")
    @classmethod
    def _game_defaults(cls, data: Any) -> Any:
        """The expansions in their stored order, and the game's default layout if none is given."""
        if not isinstance(data, dict):
            return data
        expansions = data.get("expansions", ())
        if not isinstance(expansions, list | tuple) or not all(isinstance(x, str) for x in expansions):
            return data  # the field's own validation words the problem
        try:
            named = modules.normalised(expansions)
        except ValueError:
            return data  # an unknown name: `_check` refuses it (modules.settings_problem)
        data = {**data, "expansions": named}
        if data.get("layout") is None:
            data["layout"] = modules.default_layout(named)
        return data

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> GameSettings:
        preview = bool(info.context and info.context.get("preview"))
        problem = modules.settings_problem(self.expansions, self.layout, preview)
        if problem:
            raise ValueError(problem)
        if self.neutral_assistants and self.players > 4:
            raise ValueError("the Neutral Assistants variant is for 2-4 players")
        return self


def preview_settings(**fields: Any) -> GameSettings:
    """Settings of a game whose modules may not be playable yet (tests, layout previews); every
    other check applies."""
    return GameSettings.model_validate(fields, context={"preview": True})
