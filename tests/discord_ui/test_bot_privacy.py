"""Privacy by invariance on Discord (DESIGN "Tests and checks"): deal the hidden information again
from what a viewer may see, and everything that viewer receives must not change: every public
payload and image, and the viewer's own DM and ephemeral content (the hint of the decider
included). The real renderer draws here."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import engine
from bot.engine.board import grid_of
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


async def what_they_get(env: Env, table: botkit.Table, seat: int | None, *, hint: bool = True) -> dict[str, Any]:
    """Post the turn message afresh and collect what the public (and `seat`, if given) receive;
    `hint`: the decider's hint too (a search: the strong player's once it is registered)."""
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
        hint_id = f"ist:u:{table.game_id}:hint.{decision.decision_id}" if decision is not None else ""
        if hint and decision is not None and decision.player == seat and hint_id in table.turn_message().custom_ids:
            asked = fake.click(table.turn_message(), hint_id, user)  # the hint: the decider's view alone
            await fake.settle()
            got["hint"] = shape(asked.replies[-1])
            assert asked.replies[-1].ephemeral and got["hint"]["content"].startswith("The computer would choose: ")
    return got


@pytest.mark.parametrize("module", ["base", "letters"])
async def test_what_each_viewer_receives_is_the_same_when_hidden_cards_are_dealt_again(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str
) -> None:
    """In a Letters & Seals game the letter pile and the kiosk tiles' pile are dealt again too
    (the first player walks to the Kiosk and takes its action, so that tiles lie turned up while
    they pick): no public payload, image or DM depends on their order."""
    env = await botkit.start_env(fake, tmp_path, monkeypatch, images=True)
    try:
        table = env.table
        await table.open(seats=3, **({} if module == "base" else {"game": module}))
        await table.start()
        if module == "letters":
            await botkit.set_position(env.service, table.game_id, _next_to(KIOSK))
        rng = random.Random(3)
        checked, at_kiosk = 0, False
        for step in range(60):
            game = await table.game()
            kiosk = engine.pending(game.state).kind == "kiosk_pick" and not at_kiosk
            at_kiosk |= kiosk
            if any(p.cards for p in game.state.players) and step % 15 == 0 or step == 59 or kiosk:
                state = game.state
                for viewer in (None, 0, 1, 2):
                    hint = checked < 12  # a handful of hints: each one is a search
                    real = await what_they_get(env, table, viewer, hint=hint)
                    dealt = engine.determinize(engine.view(state, viewer), rng.randrange(1 << 30))
                    await botkit.replace_state(env.service, table.game_id, dealt)
                    again = await what_they_get(env, table, viewer, hint=hint)
                    await botkit.replace_state(env.service, table.game_id, state)
                    for key in real:
                        for part in real[key]:
                            assert again[key][part] == real[key][part], (viewer, step, key, part)
                    checked += 1
            _, decision = await table.decider()
            wanted = [c for c in (f"go.{KIOSK}", "act") if step < 4 and decision.option(c) is not None]
            await table.choose(wanted[0] if wanted else rng.choice(decision.codes()))
        assert checked >= 8 and at_kiosk == (module == "letters")
        assert await env.service.hints_used(table.game_id)  # the decider's hints were asked and compared
    finally:
        await botkit.stop_env(env)


KIOSK = 22


def _next_to(place: int) -> Callable[[engine.GameState], None]:
    """An edit for `set_position`: the current player's merchant stands next to `place`."""

    def edit(state: engine.GameState) -> None:
        state.players[state.turn.player].merchant = grid_of(state).neighbours(place)[0]

    return edit
