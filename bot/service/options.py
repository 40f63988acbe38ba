"""A table's options: the engine's settings plus how many seats, computers and the clock."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..engine.modules import settings_problem
from ..engine.settings import GameSettings, LayoutName, RuleOptions
from .refusals import refusal


class TableOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: int = Field(default=4, ge=2, le=5)  # the table's size: humans who may join + computers
    computers: int = Field(default=0, ge=0, le=5)
    layout: LayoutName = "short"
    neutral_assistants: bool = False
    caravan_leader: bool = False
    rules: RuleOptions = RuleOptions()
    reminder_hours: float = Field(default=24, ge=1, le=168)
    timeout_hours: float = Field(default=72, ge=1, le=720)
    # A local game someone chose to watch: computer players in every seat, nobody seated.
    watched: bool = False

    @model_validator(mode="after")
    def _check(self) -> TableOptions:
        if self.watched and self.computers != self.seats:
            raise ValueError("a watched game has a computer player in every seat")
        if self.computers >= self.seats and not self.watched:
            raise ValueError("at least one seat must be left for a person")
        if self.neutral_assistants and self.seats > 4:
            raise ValueError("the Neutral Assistants variant is for 2-4 players")
        problem = settings_problem((), self.layout)  # a table plays the base game (for now)
        if problem:
            raise ValueError(problem)
        return self

    @property
    def human_seats(self) -> int:
        return self.seats - self.computers

    def engine_settings(self, players: int) -> GameSettings:
        return GameSettings(
            players=players, layout=self.layout, neutral_assistants=self.neutral_assistants,
            caravan_leader=self.caravan_leader, rules=self.rules,
        )


def parse_options(raw: dict[str, Any]) -> TableOptions:
    try:
        return TableOptions.model_validate(raw)
    except ValidationError as exc:
        raise refusal(exc) from exc
