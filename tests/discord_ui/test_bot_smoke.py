"""First steps with the real bot on the fake Discord: a lobby, a start, a few turns."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discord_ui import botkit
from tests.discord_ui.fakecord import Fakecord
from tests.service.helpers import FakeClock


async def test_new_join_start_and_a_first_choice(fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    botkit.cheap_images(monkeypatch)
    clock = FakeClock()
    svc = await botkit.open_service(tmp_path, clock)
    try:
        srv = fake.basic_server()
        await fake.start_bot(botkit.factory(tmp_path, svc))
        table = botkit.Table(fake, srv, svc)
        lobby = await table.open(seats=3)
        assert "Players (3/3)" in lobby.embed_text
        await table.start()
        turn = table.turn_message()
        user, decision = await table.decider()
        assert user.id in turn.pings
        await table.choose(decision.options[0].code)
        game = await table.game()
        assert game.state.decision_id > decision.decision_id
    finally:
        await fake.close_bot()
        await svc.close()
