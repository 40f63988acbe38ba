"""What the bot writes to its log: game and interaction ids, never the token, never a card."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.engine.texts import CARD_NAMES
from tests.discord_ui import botkit
from tests.discord_ui.fakecord import Fakecord


async def test_logs_name_games_and_interactions_but_no_token_and_no_card(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    caplog.set_level(logging.INFO)
    env = await botkit.start_env(fake, tmp_path, monkeypatch)
    try:
        table = env.table
        await table.open(seats=3)
        await table.start()
        _, decision = await table.decider()
        await botkit.set_position(env.service, table.game_id, botkit.give_cards(decision.player, "sultan2", "good"))
        for _ in range(40):
            _, d = await table.decider()
            await table.choose(d.codes()[-1])
        my_cards = env.fake.click(table.turn_message(), f"ist:u:{table.game_id}:cards", env.srv.alice)
        await env.fake.settle()
        assert my_cards.acknowledged
    finally:
        await botkit.stop_env(env)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert f"game {table.game_id}" in text and "interaction" in text
    assert "fake-token" not in text
    for kind, name in CARD_NAMES.items():
        assert f"c.{kind}" not in text and name not in text
