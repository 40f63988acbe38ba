"""The turn message's pictures are uploaded only when they change: when the question comes back to
the seat whose turn it is (an auction's last word), the message is edited with the pictures drawn
again, and a picture that shows exactly what the message carries keeps its attachment (the same id)
instead of being uploaded again; a picture that changed is uploaded."""

from __future__ import annotations

import pytest

import bot.service.render as service_render
from bot import engine
from bot.engine.letters.parts import letters_board
from bot.render import render_turn
from tests.discord_ui.botkit import Env, Table
from tests.discord_ui.messages import Msg
from tests.discord_ui.test_bot_letters_offturn import auction_table


def pictures_of(msg: Msg) -> dict[str, int]:
    return {f.filename: f.id for f in msg.files}


def uploads_to(env: Env, msg: Msg, since: int) -> list[list[str]]:
    """The files each request since the `since`-th uploaded to `msg`, one list per request."""
    return [
        [u.filename for u in r.uploads] for r in env.fake.requests[since:]
        if r.uploads and r.url.rsplit("/", 1)[1] in (str(msg.id), "@original")
    ]


async def to_the_last_word(env: Env) -> tuple[Table, Msg, int]:
    """An auction in which the opener bids 2 and the other person 3 (the computer answers at once):
    the opener has the last word on her own turn message. Returns the table, that message and
    the number of requests made before the opening bid."""
    table, _alice, seat, others = await auction_table(env)
    game = await table.game()
    person = next(s for s in others if not game.seats[s].played_by_computer)
    turn = table.turn_message()
    assert set(pictures_of(turn)) == {"board.png", "players.png"}
    before = len(env.fake.requests)
    await table.choose("v.2")
    assert engine.pending((await table.game()).state).player == person
    await table.choose("v.3")
    state = (await table.game()).state
    last = engine.pending(state)
    assert last is not None and (last.kind, last.player) == ("auction_bid", seat)
    assert letters_board(state).bidder != seat
    assert table.turn_message().id == turn.id
    return table, turn, before


async def test_the_last_word_of_an_auction_uploads_only_the_board_whose_bid_changed(
    env: Env, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(service_render, "render_turn", render_turn)  # the real pictures, bid chip and all
    table, turn, before = await to_the_last_word(env)
    shown = pictures_of(env.fake.message(turn.id))
    opened = pictures_of(turn)
    # the board shows the running bid now: drawn and uploaded again; the players picture did not
    # change (nobody has paid yet): the message keeps its attachment
    assert uploads_to(env, turn, before) == [["board.png"]]
    assert shown["players.png"] == opened["players.png"] and shown["board.png"] != opened["board.png"]
    bid = letters_board((await table.game()).state).bid  # Bob's 3, or the computer's raise
    assert f"bids {bid} Lira" in next(f.description for f in env.fake.message(turn.id).files if f.filename == "board.png")

    # the opener passes: the winner pays her and takes the lot, so both pictures change
    mark = len(env.fake.requests)
    await table.choose("pass")
    assert letters_board((await table.game()).state).bidder == -1
    assert uploads_to(env, turn, mark) == [["board.png", "players.png"]]
    after = pictures_of(env.fake.message(turn.id))
    assert after["board.png"] != shown["board.png"] and after["players.png"] != shown["players.png"]


async def test_a_turn_message_whose_pictures_did_not_change_uploads_nothing(env: Env) -> None:
    # the stand-in renderer draws the same pictures (and alt texts: the caption of the turn) at
    # every bid, so the last word's edit keeps both attachments
    _table, turn, before = await to_the_last_word(env)
    assert uploads_to(env, turn, before) == []
    assert pictures_of(env.fake.message(turn.id)) == pictures_of(turn)
    assert any(c.endswith(":pass") for c in env.fake.message(turn.id).custom_ids)  # the last word is asked
