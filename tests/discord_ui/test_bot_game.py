"""A whole game on the fake Discord, from `/istanbul new` to the final standings, driven only by
injected interactions: three people pick with the greedy computer player's policy."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ai import get_policy
from bot.discord_ui import ids
from tests.discord_ui import botkit
from tests.discord_ui.fakecord import Fakecord
from tests.playable import mocha_playable  # noqa: F401  (a fixture, asked for by name)
from tests.service.helpers import FakeClock


@pytest.mark.parametrize("game", ["base", "mocha"])
async def test_a_whole_three_player_game(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest, game: str
) -> None:
    """The base game and each module's game (Mocha & Baksheesh held playable while its rules
    land: its places act as far as they are merged)."""
    botkit.cheap_images(monkeypatch)
    if game == "mocha":
        request.getfixturevalue("mocha_playable")
    svc = await botkit.open_service(tmp_path, FakeClock())
    try:
        srv = fake.basic_server()
        await fake.start_bot(botkit.factory(tmp_path, svc))
        table = botkit.Table(fake, srv, svc)
        await table.open(seats=3, **({} if game == "base" else {"game": game}))
        await table.start()
        choices = await table.play_out(get_policy("greedy"))
        done = await table.game()
        assert done.row.status == "finished" and choices > 50
        assert done.state.settings.expansions == (() if game == "base" else (game,))
        end = fake.last_message(srv.channel)
        assert "Game over" in end.embed_text
        assert ("coffee and guild cards never count" in end.embed_text) == (game == "mocha")  # E-56
        assert end.button("Rematch")
        # every component the bot sent anywhere is one of its dynamic items
        sent = fake.messages_in(srv.channel) + [m for u in srv.users for m in fake.dms(u) + fake.ephemerals(u)]
        custom_ids = {cid for m in sent for cid in m.custom_ids}
        assert custom_ids and all(ids.recognised(cid) for cid in custom_ids)
        # only the final message still has buttons in the channel
        assert [m.id for m in fake.messages_in(srv.channel) if m.components] == [end.id]
    finally:
        await fake.close_bot()
        await svc.close()
