"""A whole Great Bazaar game through the real discord.py code (issue 25): `/istanbul new` with
the rule options of both expansions and the Catacombs typed, the lobby, two people and a computer
seat to the final standings with buttons, the board picture, the cards by DM (bonus and guild
cards), a Kiosk where other players pick, the Catacombs, and a rematch. Privacy by invariance
over every deck along the way: the bonus cards, the guild cards, the letter pile and the kiosk
tiles dealt again change nothing that the public or another person receives."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bot import engine
from bot.ai import get_policy
from bot.discord_ui import ids
from bot.discord_ui.card_payloads import card_lines
from bot.engine.board import grid_of
from bot.service import view as game_view
from tests.discord_ui import botkit
from tests.discord_ui.fakecord import Fakecord
from tests.discord_ui.test_bot_privacy import what_they_get

KIOSK, CATACOMBS = 22, 25
OPTIONS = {"companion": "next_turn", "society_bonus": "action", "tavern_tiles": "all", "catacombs": "moves"}


def _next_to(place: int) -> Callable[[engine.GameState], None]:
    """An edit for `set_position`: the current player's merchant stands next to `place`."""

    def edit(state: engine.GameState) -> None:
        state.players[state.turn.player].merchant = grid_of(state).neighbours(place)[0]

    return edit


async def _same_for_everyone_after_a_new_deal(env: botkit.Env, table: botkit.Table, rng: random.Random) -> None:
    """Every deck dealt again from what each viewer sees (the public, each person): what that
    viewer receives stays the same, byte for byte."""
    game = await table.game()
    state = game.state
    people = [s.seat for s in game.seats if s.user_id is not None and not s.played_by_computer]
    for viewer in (None, *people):
        real = await what_they_get(env, table, viewer)
        dealt = engine.determinize(engine.view(state, viewer), rng.randrange(1 << 30))
        await botkit.replace_state(env.service, table.game_id, dealt)
        again = await what_they_get(env, table, viewer)
        await botkit.replace_state(env.service, table.game_id, state)
        for key in real:
            for part in real[key]:
                assert again[key][part] == real[key][part], (viewer, key, part)


async def test_a_whole_great_bazaar_game_with_people_and_a_computer(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = await botkit.start_env(fake, tmp_path, monkeypatch, policy=get_policy("greedy"))
    srv = env.srv
    try:
        table = env.table
        lobby = await table.open(seats=3, computers=1, game="bazaar", **OPTIONS)
        text = lobby.embed_text
        assert "**Game:** The Great Bazaar" in text and "**Layout:** Random layout" in text
        for shown in ("Companion moves only from the turn after it is set out",
                      "Secret Society Lira to the first three visits, not players",
                      "2 players: all four tiles in each Tavern pile",
                      "A family member sent to the Catacombs moves on"):
            assert shown in text
        await table.start()
        game = await table.game()
        settings = game.state.settings
        assert set(settings.expansions) == {"mocha", "letters"} and settings.layout == "random"
        rules = settings.rules
        assert (rules.companion_usable_on_placement_turn, rules.secret_society_bonus_per,
                rules.two_player_tavern_tiles, rules.catacombs_family_member_moves) == (False, "action", "all", True)
        assert sorted(game.state.layout) == list(range(1, 26)) and game.state.width == 5
        assert sum(s.played_by_computer for s in game.seats) == 1

        greedy, rng = get_policy("greedy"), random.Random(5)
        people = {s.seat: table.users[s.user_id] for s in game.seats if s.user_id is not None and not s.played_by_computer}
        goals = [KIOSK, CATACOMBS]  # the next person's turn walks there and takes the action
        kiosk_others: set[int] = set()
        catacombs_moves = 0
        dm_decks: set[str] = set()
        choices = 0
        for choices in range(3000):  # noqa: B007
            game = await table.game()
            if game.row.status != "active":
                break
            decision = engine.pending(game.state)
            assert decision is not None
            turn = game.state.turn.player
            if goals and decision.kind == "move" and decision.player == turn and decision.option(f"go.{goals[0]}") is None:
                await botkit.set_position(env.service, table.game_id, _next_to(goals[0]))
                continue
            if decision.kind == "kiosk_pick" and decision.player != turn:
                if decision.player in people and not kiosk_others:
                    await _same_for_everyone_after_a_new_deal(env, table, rng)
                kiosk_others.add(decision.player)
            if decision.kind == "catacombs":
                if not catacombs_moves:
                    await _same_for_everyone_after_a_new_deal(env, table, rng)
                catacombs_moves += 1
            wanted = [c for c in (f"go.{goals[0]}", "act") if goals and decision.option(c) is not None]
            code = wanted[0] if wanted else greedy(engine.view(game.state, decision.player), decision, rng)
            if code == "act" and goals:
                goals.pop(0)
            if choices % 40 == 0:
                for seat, user in people.items():
                    own = game_view(game.state, seat)
                    held = {deck for deck, items in own.holdings(seat).items() if items}
                    dm = fake.last_dm(user)
                    assert all(line in dm.content + dm.embed_text for line in card_lines(own, seat))
                    dm_decks |= held
            await table.choose(code)
        done = await table.game()
        assert done.row.status == "finished" and choices > 100
        assert kiosk_others and catacombs_moves >= 1
        assert {"bonus", "guild"} <= dm_decks, dm_decks
        end = fake.last_message(srv.channel)
        assert "Game over" in end.embed_text and end.button("Rematch")
        assert [m.id for m in fake.messages_in(srv.channel) if m.components] == [end.id]
        sent = fake.messages_in(srv.channel) + [m for u in srv.users for m in fake.dms(u) + fake.ephemerals(u)]
        assert all(ids.recognised(cid) for m in sent for cid in m.custom_ids)
        assert len([m for m in fake.messages_in(srv.channel) if m.files]) > 20
        story = "\n".join(m.embed_text for m in fake.messages_in(srv.channel))
        assert "out of the Catacombs" in story
        rematch = fake.click(end, f"ist:u:{table.game_id}:rematch", srv.alice)
        await fake.settle()
        assert "new table" in rematch.replies[-1].content
        again = table.lobby()
        assert table.game_id != done.id and "**Game:** The Great Bazaar" in again.embed_text
        assert "A family member sent to the Catacombs moves on" in again.embed_text
    finally:
        await botkit.stop_env(env)
