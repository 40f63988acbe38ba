"""A whole game on the fake Discord, from `/istanbul new` to the final standings, driven only by
injected interactions: the people pick with the greedy computer player's policy (the base game,
Mocha & Baksheesh, and Letters & Seals with a computer seat and its rule options)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import engine
from bot.ai import get_policy
from bot.discord_ui import ids
from bot.service.core import engine_events
from bot.store import games as store_games
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


async def test_a_whole_letters_game_with_a_computer_seat(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Letters & Seals from `/istanbul new` (its three rule options typed, shown in the lobby) to
    the final standings: two people with buttons and one computer seat. Each person's cards come
    by DM, every turn message carries the board picture, and no public message names a card a
    person drew, the next letter or the next kiosk tile."""
    botkit.cheap_images(monkeypatch)
    # one deal on every run: the checks below need a game in which a kiosk tile is picked and a
    # letter delivered, which a deal drawn afresh each run does not always give
    botkit.fixed_randomness(monkeypatch, "test_a_whole_letters_game_with_a_computer_seat")
    svc = await botkit.open_service(tmp_path, FakeClock())
    try:
        srv = fake.basic_server()
        await fake.start_bot(botkit.factory(tmp_path, svc))
        table = botkit.Table(fake, srv, svc)
        options = {"companion": "next_turn", "society_bonus": "action", "bonus_deck": "lsOnly"}
        lobby = await table.open(seats=3, computers=1, game="letters", **options)
        assert "**Game:** Letters & Seals" in lobby.embed_text and "**Layout:** First-game layout" in lobby.embed_text
        assert "Only the Letters & Seals bonus cards" in lobby.embed_text
        await table.start()
        game = await table.game()
        assert game.state.settings.expansions == ("letters",)
        rules = game.state.settings.rules
        assert (rules.companion_usable_on_placement_turn, rules.secret_society_bonus_per, rules.ls_bonus_deck) == (
            False, "action", "lsOnly")
        assert sum(s.played_by_computer for s in game.seats) == 1 and len(game.seats) == 3
        choices = await table.play_out(get_policy("greedy"))
        done = await table.game()
        assert done.row.status == "finished" and choices > 50
        end = fake.last_message(srv.channel)
        assert "Game over" in end.embed_text and end.button("Rematch")
        assert [m.id for m in fake.messages_in(srv.channel) if m.components] == [end.id]
        sent = fake.messages_in(srv.channel) + [m for u in srv.users for m in fake.dms(u) + fake.ephemerals(u)]
        assert all(ids.recognised(cid) for m in sent for cid in m.custom_ids)
        # the board picture with the turns, each person's cards by DM
        assert len([m for m in fake.messages_in(srv.channel) if m.files]) > 20
        people = [u for u in srv.users if any(s.user_id == str(u.id) for s in done.seats)]
        assert len(people) == 2 and all(fake.dms(u) for u in people)
        # letters went round, kiosk tiles were picked; what only its owner may read stays out of the
        # channel (a card drawn, named to the drawer alone)
        async with svc.db.read() as conn:
            events = engine_events(await store_games.events(conn, table.game_id))
        kinds = {e.kind for e in events}
        assert {"kiosk_pick", "delivered"} <= kinds, sorted(kinds)
        public = "\n".join(m.content + "\n" + m.embed_text for m in fake.messages_in(srv.channel))
        secret = 0
        for e in events:
            own, shown = engine.describe(e, e.player), engine.describe(e, None)
            if own and own != shown:
                secret += 1
                assert done.fill(own) not in public, own
        assert secret > 0
    finally:
        await fake.close_bot()
        await svc.close()
