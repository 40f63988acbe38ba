"""Typed errors of the engine; every message can be shown to a player as it is."""

from __future__ import annotations


class EngineError(Exception):
    """Base class: the state was not changed."""


class GameOver(EngineError):
    def __init__(self) -> None:
        super().__init__("The game is over.")


class NotYourDecision(EngineError):
    def __init__(self, player: int, expected: int) -> None:
        super().__init__("It is not your decision right now.")
        self.player = player
        self.expected = expected


class StaleDecision(EngineError):
    def __init__(self, given: int, current: int) -> None:
        super().__init__("The board has moved on since that choice was offered.")
        self.given = given
        self.current = current


class IllegalChoice(EngineError):
    def __init__(self, code: str, reason: str = "") -> None:
        super().__init__(reason or f"'{code}' is not one of the choices offered now.")
        self.code = code
        self.reason = reason  # the step's own words for a refusal ("You hold 9 Lira: ..."), or ""


class NothingToUndo(EngineError):
    def __init__(self) -> None:
        super().__init__("There is nothing you can take back now.")


class ScriptError(EngineError):
    """A scripted outcome that cannot happen (a card that is not in the pile, a die that is not 1-6)."""
