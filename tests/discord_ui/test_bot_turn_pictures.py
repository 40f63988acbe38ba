"""The turn message's pictures are uploaded only when they change: when the question comes back to
the seat whose turn it is (an auction's last word), the message is edited with the pictures drawn
again, and a picture that shows exactly what the message carries keeps its attachment (the same id)
instead of being uploaded again; a picture that changed is uploaded."""

from __future__ import annotations

import discord
import pytest

import bot.service.render as service_render
from bot import engine
from bot.discord_ui import shown_pictures
from bot.discord_ui.payloads import Payload, pictured
from bot.engine.letters.parts import letters_board
from bot.render import render_turn
from bot.service import Picture
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
    asked = engine.pending((await table.game()).state)
    assert asked is not None and asked.player == person
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
    alt = next(f.description for f in env.fake.message(turn.id).files if f.filename == "board.png")
    assert f"bids {bid} Lira" in (alt or "")

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


def test_an_edit_lists_kept_pictures_by_id_and_uploads_the_others() -> None:
    board, players = Picture("board.png", b"b", "the board"), Picture("players.png", b"p", "the players")
    payload = pictured(Payload("x"), [board, players], None)
    assert [f.filename for f in payload.edit_kwargs()["attachments"]] == ["board.png", "players.png"]
    payload.kept = {"players.png": 42}
    kept, fresh = payload.edit_kwargs()["attachments"]
    assert kept.to_dict() == {"id": 42, "filename": "players.png"} and isinstance(fresh, discord.File)
    assert (fresh.filename, fresh.description) == ("board.png", "the board")
    payload.kept = {"players.png": 42, "board.png": 41}
    assert "attachments" not in payload.edit_kwargs()  # nothing to upload: the message keeps its files
    assert [f.filename for f in payload.send_kwargs()["files"]] == ["board.png", "players.png"]  # a new message: all


def test_a_picture_the_message_no_longer_has_is_dropped_even_when_the_others_are_kept() -> None:
    """The message carries the board and the players; the new payload has the players alone,
    unchanged: the edit uploads nothing but lists the players' attachment alone, so the board goes
    (listing nothing would leave it on the message)."""
    players = Picture("players.png", b"p", "the players")
    payload = pictured(Payload("x"), [players], None)
    payload.kept = {"players.png": 42}
    payload.shown = frozenset({"board.png", "players.png"})
    (kept,) = payload.edit_kwargs()["attachments"]
    assert kept.to_dict() == {"id": 42, "filename": "players.png"}
    payload.kept, payload.shown = {}, frozenset({"board.png"})
    (fresh,) = payload.edit_kwargs()["attachments"]  # a picture shown for the first time: uploaded
    assert isinstance(fresh, discord.File) and fresh.filename == "players.png"
    bare = Payload("no pictures")
    bare.shown = frozenset({"board.png"})
    assert bare.edit_kwargs()["attachments"] == []  # no picture at all any more: every attachment goes


def test_what_a_message_shows_is_remembered_per_picture() -> None:
    board, players = Picture("board.png", b"b", "the board"), Picture("players.png", b"p", "the players")
    digest = f"board.png={shown_pictures.picture_digest(board)}:41 players.png={shown_pictures.picture_digest(players)}:42"
    assert shown_pictures.unchanged(digest, [board, players]) == {"board.png": 41, "players.png": 42}
    moved = Picture("board.png", b"B", "the board")
    retold = Picture("players.png", b"p", "the players, after a bid")  # the same PNG, another alt text
    assert shown_pictures.unchanged(digest, [moved, retold]) == {}
    assert shown_pictures.unchanged("", [board]) == {}  # a row stored before pictures were remembered
