"""A table's options: the engine's settings plus how many seats, computers and the clock.

The game (`expansions`, the modules in play) and its layout are checked as the engine checks
them (`bot.engine.modules.settings_problem`): a module that is not playable yet, or a layout its
game does not allow, is refused in one sentence; without a layout the game's default applies.
A table read back from the database (`parse_options(..., stored=True)`) is not refused for a
module that is not playable (any more): it can still be listed and closed, and `start` refuses it
in the same sentence."""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from ..ai.levels import DEFAULT_LEVEL, level_named
from ..engine import modules
from ..engine.components import MAX_PLAYERS, MIN_PLAYERS
from ..engine.settings import GameSettings, LayoutName, RuleOptions
from .errors import BadOptions, shown
from .refusals import refusal


class TableOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: int = Field(default=4, ge=MIN_PLAYERS, le=MAX_PLAYERS)  # the table's size: humans who may join + computers
    computers: int = Field(default=0, ge=0, le=MAX_PLAYERS)
    expansions: tuple[str, ...] = ()  # the modules in play (GameSettings.expansions); old rows: none
    layout: LayoutName = "short"  # without one: the game's default (see _game_default)
    neutral_assistants: bool = False
    caravan_leader: bool = False
    rules: RuleOptions = RuleOptions()
    reminder_hours: float = Field(default=24, ge=1, le=168)
    timeout_hours: float = Field(default=72, ge=1, le=720)
    # A local game someone chose to watch: computer players in every seat, nobody seated.
    watched: bool = False
    # How the computer plays every computer seat and every seat handed to it (`bot.ai.levels`);
    # a table stored before levels has none and plays at the default ("normal": the greedy player).
    level: str = DEFAULT_LEVEL
    hints: bool = True  # whether its players may ask "What would the computer play?"

    @field_validator("expansions", mode="before")
    @classmethod
    def _modules(cls, value: Any) -> Any:
        """Known module names in their stored order (an unknown one: the engine's sentence)."""
        if isinstance(value, list | tuple) and all(isinstance(x, str) for x in value):
            return modules.normalised(value)
        return value

    @model_validator(mode="before")
    @classmethod
    def _game_default(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("layout") is None:
            try:
                return {**data, "layout": modules.default_layout(data.get("expansions") or ())}
            except (TypeError, ValueError):
                return data  # the fields' own validation words the problem
        return data

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> TableOptions:
        stored = bool(info.context and info.context.get("stored"))
        problem = modules.settings_problem(self.expansions, self.layout, preview=stored)
        if problem:
            raise ValueError(problem)
        if not stored:
            level_named(self.level)  # a stored level no longer on offer plays at the default
        if self.watched and self.computers != self.seats:
            raise ValueError("a watched game has a computer player in every seat")
        if self.computers >= self.seats and not self.watched:
            raise ValueError("at least one seat must be left for a person")
        if self.neutral_assistants and self.seats > 4:
            raise ValueError("the Neutral Assistants variant is for 2-4 players")
        return self

    def unplayable(self) -> str | None:
        """Why this table's game cannot be played now, in one sentence (None: it can)."""
        return modules.settings_problem(self.expansions, self.layout)

    @property
    def human_seats(self) -> int:
        return self.seats - self.computers

    def computer_words(self) -> str:
        """The level the computer plays at here and whether hints are on, in words (a stored
        level no longer on offer: the default it plays at, see `levels.level_policy`)."""
        try:
            level = level_named(self.level).name
        except ValueError:
            level = DEFAULT_LEVEL
        return computer_words(level, self.hints)

    def engine_settings(self, players: int) -> GameSettings:
        return GameSettings.model_validate(
            {
                "players": players, "expansions": self.expansions, "layout": self.layout,
                "neutral_assistants": self.neutral_assistants, "caravan_leader": self.caravan_leader,
                "rules": self.rules,
            }
        )


def computer_words(player: str, hints: bool) -> str:
    """What status says of the computer: "Computer players: normal · hints on" (`player`: a level,
    or in the terminal the player that `--ai` named)."""
    return f"Computer players: {player} · hints {'on' if hints else 'off'}"


def parse_options(raw: dict[str, Any], *, stored: bool = False) -> TableOptions:
    """Validated table options; `BadOptions` in one sentence. `stored`: a table read back from
    the database, whose game may have been playable when it was chosen."""
    try:
        return TableOptions.model_validate(raw, context={"stored": stored})
    except ValidationError as exc:
        raise refusal(exc) from exc


# ---- the games a table may choose (the front ends offer these; the engine decides) -----------------


def table_games() -> tuple[modules.Game, ...]:
    """The games a new table may choose now: the playable ones, the base game first."""
    return modules.games(playable_only=True)


def table_pairs() -> tuple[tuple[modules.Game, LayoutName], ...]:
    """Every (game, layout) a table may choose now, each game's default layout first."""
    return modules.allowed_pairs(playable_only=True)


def game_named(key: str) -> tuple[str, ...]:
    """The modules of the game called `key` ("base", "mocha", "letters", "bazaar"), as
    `TableOptions.expansions`; `BadOptions` in one sentence for an unknown game or one that is not
    playable yet (a stale or forged choice)."""
    try:
        game = modules.game_by_key(key)
    except ValueError:
        raise BadOptions(f"There is no game called '{shown(key)}'.") from None
    if not game.playable:
        raise BadOptions(modules.settings_problem(game.expansions, game.layouts[0]) or f"{game.title} cannot be played.")
    return game.expansions


# The rule options (RULES-NOTES §4) a table chooses besides the base game's `move_card_semantics`,
# by the module they belong to: a table is offered (and shown) one only while its module is in play.
RULE_MODULES: dict[str, str] = {
    "two_player_tavern_tiles": "mocha",
    "companion_usable_on_placement_turn": "letters",
    "secret_society_bonus_per": "letters",
    "ls_bonus_deck": "letters",
    "catacombs_family_member_moves": "bazaar",
}
# A rule option that does not apply while this other module is in play too: the Great Bazaar takes
# every bonus card, so the choice of Letters & Seals' deck is for Letters & Seals alone (D-21).
RULE_UNLESS: dict[str, str] = {"ls_bonus_deck": "mocha"}


def table_rules(expansions: tuple[str, ...]) -> tuple[str, ...]:
    """The rule options a table of these modules may set: the base game's, then its modules'."""
    play = modules.in_play(expansions)
    offered = (
        name for name, module in RULE_MODULES.items() if module in play and RULE_UNLESS.get(name) not in play
    )
    return ("move_card_semantics", *offered)


def game_title(expansions: tuple[str, ...]) -> str:
    """"Base game", "Mocha & Baksheesh", "Letters & Seals" or "The Great Bazaar"."""
    return modules.game_title(expansions)
