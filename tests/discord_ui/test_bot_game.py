"""A whole game on the fake Discord, from `/istanbul new` to the final standings, driven only by
injected interactions: three people pick with the greedy computer player's policy."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ai import get_policy
from tests.discord_ui import botkit
from tests.discord_ui.fakecord import Fakecord
from tests.service.helpers import FakeClock


async def test_a_whole_three_player_game(fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    botkit.cheap_images(monkeypatch)
    svc = await botkit.open_service(tmp_path, FakeClock())
    try:
        srv = fake.basic_server()
        await fake.start_bot(botkit.factory(tmp_path, svc))
        table = botkit.Table(fake, srv, svc)
        await table.open(seats=3)
        await table.start()
        choices = await table.play_out(get_policy("greedy"))
        game = await table.game()
        assert game.row.status == "finished" and choices > 50
        end = fake.last_message(srv.channel)
        assert "Game over" in end.embed_text
        assert end.button("Rematch")
    finally:
        await fake.close_bot()
        await svc.close()
