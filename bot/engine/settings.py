"""Game settings: player count, expansions, layout, variants and the rule options (RULES-NOTES §4)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

LayoutName = Literal["short", "long", "in_order", "random"]
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

    players: int = Field(ge=2, le=5)
    expansions: tuple[Literal["mocha", "letters"], ...] = ()
    layout: LayoutName = "short"
    neutral_assistants: bool = False
    caravan_leader: bool = False
    rules: RuleOptions = RuleOptions()

    @model_validator(mode="after")
    def _check(self) -> GameSettings:
        if self.expansions:
            raise ValueError("the expansions are not built yet: only the base game can be played")
        if self.neutral_assistants and self.players > 4:
            raise ValueError("the Neutral Assistants variant is for 2-4 players")
        return self
