"""Issue item 6: every kind of bad input has its own error type, and each message is one short
sentence a player can read (no class names, no ids of other tables, no line breaks)."""

from __future__ import annotations

import pytest

from bot.service import errors

CASES = [
    (errors.UnknownGame(404), "There is no game #404."),
    (errors.NotSeated(), "You are not seated in this game."),
    (errors.NotYourDecision("Ann"), "It is not your turn: Ann is choosing."),
    (errors.NotYourDecision(), "It is not your turn."),
    (errors.NotYourDecision("Ann", off_turn=True), "This decision is Ann's to make, not yours."),
    (errors.NotYourDecision(off_turn=True), "This decision is not yours to make."),
    (errors.StaleDecision(), "The board has moved on since that choice was offered."),
    (errors.IllegalOption("go.99"), "'go.99' is not one of the choices you have right now."),
    (errors.GameIsOver(), "This game is over."),
    (errors.LobbyFull(), "Every seat at this table is taken."),
    (errors.AlreadyJoined(), "You have already joined this game."),
    (errors.ChannelBusy(7, "lobby"), "This channel already has a lobby (#7); finish or abandon it first."),
    (errors.ChannelBusy(8, "active"), "This channel already has a game (#8); finish or abandon it first."),
]


@pytest.mark.parametrize(("error", "message"), CASES, ids=lambda x: type(x).__name__ if isinstance(x, Exception) else "")
def test_each_refusal_reads_as_one_sentence(error: errors.ServiceError, message: str) -> None:
    assert str(error) == message
    assert isinstance(error, errors.ServiceError)


def test_each_kind_of_bad_input_is_its_own_type() -> None:
    kinds = {type(error) for error, _ in CASES}
    assert len(kinds) == 9 and all(issubclass(k, errors.ServiceError) for k in kinds)
    assert errors.ChannelBusy(7, "lobby").game_id == 7
