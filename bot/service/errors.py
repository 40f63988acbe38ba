"""Typed outcomes for bad input: each has a message a player can read; none writes anything."""

from __future__ import annotations


class ServiceError(Exception):
    """Base class: nothing was changed."""


class UnknownGame(ServiceError):
    def __init__(self, game_id: object) -> None:
        super().__init__(f"There is no game #{shown(str(game_id))}.")


class NotSeated(ServiceError):
    def __init__(self) -> None:
        super().__init__("You are not seated in this game.")


class NotYourDecision(ServiceError):
    """A choice from someone who is not asked. `off_turn`: the question is another seat's decision
    in the middle of a turn (an interlude), so it speaks of that decision rather than of a turn."""

    def __init__(self, decider: str = "", *, off_turn: bool = False) -> None:
        if off_turn:
            super().__init__(f"This decision is {decider}'s to make, not yours." if decider else "This decision is not yours to make.")
        else:
            super().__init__(f"It is not your turn: {decider} is choosing." if decider else "It is not your turn.")


class StaleDecision(ServiceError):
    def __init__(self) -> None:
        super().__init__("The board has moved on since that choice was offered.")


class IllegalOption(ServiceError):
    """A code the decision does not offer; `reason`, the step's own words when it has them (a bid
    above the bidder's Lira), else a sentence that quotes the code."""

    def __init__(self, code: str, reason: str = "") -> None:
        super().__init__(reason or f"'{shown(code)}' is not one of the choices you have right now.")
        self.code = code


def shown(text: str, limit: int = 40) -> str:
    """Someone's input as it may be quoted back: one line of printable characters, cut short."""
    flat = "".join(ch if ch.isprintable() else " " for ch in text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class GameIsOver(ServiceError):
    def __init__(self) -> None:
        super().__init__("This game is over.")


class NothingToUndo(ServiceError):
    """A refused undo, with why when it is known (`engine.preview.undo_refusal`'s words: "a die
    was rolled"); a player who has made no choice to take back hears just that."""

    NO_CHOICE = "you have made no choice to take back"

    def __init__(self, why: str = "") -> None:
        if why and why != self.NO_CHOICE:
            super().__init__(f"Can't undo: {why}.")
        else:
            super().__init__("There is nothing you can take back now.")
        self.why = why


class AlreadyTakenBack(ServiceError):
    """An undo offered at a decision the game has moved on from (a second click on one Undo)."""

    def __init__(self) -> None:
        super().__init__("Already taken back: that Undo was for an earlier moment, so nothing more was undone.")


class LobbyFull(ServiceError):
    def __init__(self) -> None:
        super().__init__("Every seat at this table is taken.")


class AlreadyJoined(ServiceError):
    def __init__(self) -> None:
        super().__init__("You have already joined this game.")


class ChannelBusy(ServiceError):
    def __init__(self, game_id: int, status: str) -> None:
        what = "a lobby" if status == "lobby" else "a game"
        super().__init__(f"This channel already has {what} (#{game_id}); finish or abandon it first.")
        self.game_id = game_id


class NotInLobby(ServiceError):
    def __init__(self) -> None:
        super().__init__("That can only be done before the game starts.")


class NotStarted(ServiceError):
    def __init__(self) -> None:
        super().__init__("The game has not started yet.")


class DamagedGame(ServiceError):
    """The game's stored data cannot be read (a damaged row); the other games are not affected."""

    def __init__(self, game_id: int, what: str) -> None:
        super().__init__(
            f"Game #{game_id} cannot be loaded: {what}. The other games are not affected; "
            "the bot's admin can restore a backup."
        )
        self.game_id = game_id


class NotAllowed(ServiceError):
    def __init__(self, why: str) -> None:
        super().__init__(why)


class BadOptions(ServiceError):
    """Settings that do not validate; the message names the problem."""
