"""Privacy by invariance on Discord (DESIGN "Tests and checks"): deal the hidden information again
from what a viewer may see, and everything that viewer receives must not change: every public
payload and image, and the viewer's own DM and ephemeral content. The real renderer draws here."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot import engine
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.fakecord import Fakecord
from tests.discord_ui.messages import Msg


def _embed(embed: dict[str, Any]) -> dict[str, Any]:
    """An embed without the CDN address of its image (it names the message; the bytes are
    compared with the files)."""
    out = dict(embed)
    if "image" in out:
        out["image"] = out["image"]["url"].rsplit("/", 1)[-1]
    return out


def shape(msg: Msg) -> dict[str, Any]:
    """Everything a reader gets from a message."""
    return {
        "content": msg.content, "embeds": [_embed(e) for e in msg.embeds], "ids": msg.custom_ids,
        "labels": [getattr(c, "label", None) or getattr(c, "placeholder", None) for c in msg.components],
        "files": [(f.filename, f.data) for f in msg.files], "pings": msg.pings,
    }


async def what_they_get(env: Env, table: botkit.Table, seat: int | None) -> dict[str, Any]:
    """Post the turn message afresh and collect what the public (and `seat`, if given) receive."""
    svc, fake = env.service, env.fake
    publisher = fake.bot.istanbul.publisher
    turn = await svc.message(table.game_id, "turn")
    mark = turn.seq if turn is not None else 0
    await svc.drop_message(table.game_id, "turn")
    game = await svc.load(table.game_id)
    for s in range(len(game.seats)):
        await svc.set_seen(table.game_id, s, mark)
    await publisher.sync(table.game_id)
    await fake.settle()
    got: dict[str, Any] = {"public": shape(table.turn_message())}
    if seat is not None:
        user = table.users[game.seats[seat].user_id]
        await publisher.cards.refresh(game, only=seat, force=True)
        got["dm"] = shape(fake.last_dm(user))
        cards = fake.click(table.turn_message(), f"ist:u:{table.game_id}:cards", user)
        await fake.settle()
        got["my cards"] = shape(cards.replies[-1])
        decision = engine.pending(game.state)
        if decision is not None and decision.player == seat and f"ist:u:{table.game_id}:private" in table.turn_message().custom_ids:
            private = fake.click(table.turn_message(), f"ist:u:{table.game_id}:private", user)
            await fake.settle()
            got["private"] = shape(private.replies[-1])
    return got


async def test_what_each_viewer_receives_is_the_same_when_hidden_cards_are_dealt_again(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = await botkit.start_env(fake, tmp_path, monkeypatch, images=True)
    try:
        table = env.table
        await table.open(seats=3)
        await table.start()
        rng = random.Random(3)
        checked = 0
        for step in range(60):
            game = await table.game()
            if any(p.cards for p in game.state.players) and step % 15 == 0 or step == 59:
                state = game.state
                for viewer in (None, 0, 1, 2):
                    real = await what_they_get(env, table, viewer)
                    dealt = engine.determinize(engine.view(state, viewer), rng.randrange(1 << 30))
                    await botkit.replace_state(env.service, table.game_id, dealt)
                    again = await what_they_get(env, table, viewer)
                    await botkit.replace_state(env.service, table.game_id, state)
                    for key in real:
                        for part in real[key]:
                            assert again[key][part] == real[key][part], (viewer, step, key, part)
                    checked += 1
            _, decision = await table.decider()
            await table.choose(rng.choice(decision.codes()))
        assert checked >= 8
    finally:
        await botkit.stop_env(env)
