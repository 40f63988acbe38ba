"""A whole Great Bazaar game through the real discord.py code (issue 25): `/istanbul new` with
the rule options of both expansions and the Catacombs typed, the lobby, two people and a computer
seat to the final standings with buttons, the board picture, the cards by DM (bonus and guild
cards), a Kiosk where other players pick, an auction at the Auction House (the other person bids
by the buttons of their own message, the computer at once), the Catacombs, and a rematch. Privacy
by invariance over every deck along the way: the bonus cards (the auction's lot among them), the
guild cards, the letter pile and the kiosk tiles dealt again change nothing that the public or
another person receives."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bot.service.render as service_render
from bot import engine
from bot.ai import get_policy
from bot.discord_ui import ids
from bot.discord_ui.card_payloads import card_lines
from bot.engine.board import grid_of
from bot.engine.decks import BONUS_DECK
from bot.engine.letters.parts import letters_board
from bot.engine.mocha.guild_deck import GUILD_DECK
from bot.service import view as game_view
from tests.discord_ui import botkit
from tests.discord_ui.dayskit import channel_since, newest_id
from tests.discord_ui.fakecord import Fakecord
from tests.discord_ui.offturnkit import mentions, options_of, refused_without_change
from tests.discord_ui.test_bot_privacy import what_they_get

KIOSK, AUCTION_HOUSE, CATACOMBS = 22, 23, 25
OPTIONS = {"companion": "next_turn", "society_bonus": "action", "tavern_tiles": "all", "catacombs": "moves"}


def _next_to(place: int, guild_cards_to: tuple[int, ...] = ()) -> Callable[[engine.GameState], None]:
    """An edit for `set_position`: the current player's merchant stands next to `place`; each seat
    of `guild_cards_to` draws the top guild card of the Guild Hall's pile."""

    def edit(state: engine.GameState) -> None:
        state.players[state.turn.player].merchant = grid_of(state).neighbours(place)[0]
        for seat in guild_cards_to:
            pile = GUILD_DECK.pile(state)
            GUILD_DECK.set_pile(state, pile[1:])
            player = state.players[seat]
            GUILD_DECK.set_hand(player, (*GUILD_DECK.hand(player), pile[0]))

    return edit


def _near_the_end(state: engine.GameState) -> None:
    """An edit for `set_position`: every player takes rubies from the supply up to 4 of the 6 a
    Great Bazaar game needs, so that the game ends within a few rounds."""
    for p in state.players:
        take = min(max(0, 4 - p.rubies), state.board.ruby_supply)
        p.rubies += take
        state.board.ruby_supply -= take


def _dms_show_every_hand(fake: Fakecord, game: Any, people: dict[int, Any]) -> set[str]:
    """Each person's DM holds every card of every private deck they hold (bonus and guild cards);
    returns the decks seen in a hand."""
    held: set[str] = set()
    for seat, user in people.items():
        own = game_view(game.state, seat)
        dm = fake.last_dm(user)
        for line in card_lines(own, seat):
            assert line in dm.content + dm.embed_text, (seat, line)
        held |= {deck for deck, items in own.holdings(seat).items() if items}
    return held


REAL_RENDERER = (service_render.render_turn, service_render.render_private)


async def _received(env: botkit.Env, table: botkit.Table, viewer: int | None) -> dict[str, Any]:
    """What `viewer` (None: the public) receives: the messages (`what_they_get`) and the pictures
    the service draws of this position for them (the board and players, their own private image)."""
    got = await what_they_get(env, table, viewer)
    images = await env.service.images_of(await table.game(), [] if viewer is None else [viewer])
    got["pictures"] = {"files": [(p.name, p.png) for p in images.public], "alt": [p.alt for p in images.public],
                       "private": images.private}
    return got


async def _same_for_everyone_after_a_new_deal(env: botkit.Env, table: botkit.Table, rng: random.Random) -> None:
    """Every deck dealt again from what each viewer sees (the public, each person): what that
    viewer receives stays the same, byte for byte, the real pictures included (the rest of the
    game draws stand-ins, to keep the test fast)."""
    game = await table.game()
    state = game.state
    people = [s.seat for s in game.seats if s.user_id is not None and not s.played_by_computer]
    with pytest.MonkeyPatch.context() as real_pictures:
        real_pictures.setattr(service_render, "render_turn", REAL_RENDERER[0])
        real_pictures.setattr(service_render, "render_private", REAL_RENDERER[1])
        for viewer in (None, *people):
            real = await _received(env, table, viewer)
            dealt = engine.determinize(engine.view(state, viewer), rng.randrange(1 << 30))
            assert engine.to_json(dealt) != engine.to_json(state)  # some hidden order did change
            await botkit.replace_state(env.service, table.game_id, dealt)
            again = await _received(env, table, viewer)
            await botkit.replace_state(env.service, table.game_id, state)
            assert any(len(data) > 10_000 for _, data in real["pictures"]["files"])  # the real renderer drew
            for key in real:
                for part in real[key]:
                    assert again[key][part] == real[key][part], (viewer, key, part)


async def _an_auction(env: botkit.Env, table: botkit.Table, people: dict[int, Any], rng: random.Random) -> int:
    """A person has taken their good at the Auction House and opens the bidding; the other person
    raises with the buttons of the message that asks them, the computer answers at once, the
    opener passes on the last word. Lira are set first (the opener 9, the other person 12, the
    computer 6) so that every bid is possible. Checks the words, the mentions, that no picture is
    drawn for a bid, the lot's hidden cards dealt again, and that the winner gets the lot and
    pays. Returns the winner's seat."""
    fake, gid = env.fake, table.game_id
    game = await table.game()
    opening = engine.pending(game.state)
    assert opening is not None and opening.kind == "auction_bid"
    actor = opening.player
    person = next(s for s in people if s != actor)
    robot = next(s.seat for s in game.seats if s.played_by_computer)
    alice, bob, names = people[actor], people[person], {s.seat: s.name for s in game.seats}
    lira = {actor: 9, person: 12, robot: 6}

    def purses(state: engine.GameState) -> None:
        for seat, amount in lira.items():
            state.players[seat].lira = amount

    await botkit.set_position(env.service, gid, purses)
    await fake.bot.istanbul.publisher.sync(gid)
    await fake.settle()
    turn = table.turn_message()
    assert "Auction House, 2 bonus cards for sale, no bid yet: open the bidding" in turn.embed_text
    assert await refused_without_change(env, turn, f"ist:o:{gid}:{opening.decision_id}:v.10", alice) == (
        "You hold 9 Lira: you cannot bid 10."
    )
    before = (await table.game()).state
    mark, requests = newest_id(env), len(fake.requests)
    await table.choose("v.2")  # on the opener's own turn message

    game = await table.game()
    asked = engine.pending(game.state)
    assert asked is not None and (asked.kind, asked.player) == ("auction_bid", person)
    posted = channel_since(env, mark)
    assert len(posted) == 1  # the message asking the other person, and nothing else
    ask = posted[0]
    assert ask.pings == {bob.id} and not ask.files
    board = letters_board(game.state)
    assert f"in {names[actor]}'s turn" in ask.embed_text
    assert f"{names[actor]} bid 2 Lira at the Auction House." in ask.embed_text
    assert (f"2 bonus cards for sale, highest bid {board.bid} Lira by {names[board.bidder]}: "
            "bid more (you hold 12 Lira) or pass") in ask.embed_text
    assert options_of(ask)[0] == "pass" and f"v.{board.bid + 1}" in options_of(ask)
    assert f"Waiting for {names[person]}" in fake.message(turn.id).embed_text

    raise_to = board.bid + 1  # Bob raises with a button of his own message
    fake.click(ask, f"ist:o:{gid}:{asked.decision_id}:v.{raise_to}", bob)
    await fake.settle()
    game = await table.game()
    last = engine.pending(game.state)
    assert last is not None and (last.kind, last.player) == ("auction_bid", actor)  # the opener's last word
    story = fake.message(turn.id).embed_text
    assert f"{names[person]} bid {raise_to} Lira at the Auction House." in story
    assert f"{names[robot]} bid " in story or f"{names[robot]} passed at the auction." in story  # at once
    assert table.turn_message().id == turn.id and "pass" in options_of(fake.message(turn.id))
    assert mentions(channel_since(env, mark)) == {bob.id: 1}  # one mention for the one person asked
    # no picture is uploaded with a bid: the opener's turn message is edited for her last word, but
    # its pictures are the ones it already shows (pictures go up only when they change)
    pictured = [r.url.rsplit("/", 1)[1] for r in fake.requests[requests:] if r.uploads]
    assert pictured == [], pictured

    await _same_for_everyone_after_a_new_deal(env, table, rng)  # the lot is still in the pile
    winner, price = letters_board(game.state).bidder, letters_board(game.state).bid
    assert winner != actor
    await table.choose("pass")
    done = (await table.game()).state
    assert f"{names[winner]} won the auction and paid {price} Lira to {names[actor]}." in (
        table.turn_message().embed_text
    )
    assert len(BONUS_DECK.hand(done.players[winner])) == len(BONUS_DECK.hand(before.players[winner])) + 2
    assert (done.players[winner].lira, done.players[actor].lira) == (lira[winner] - price, lira[actor] + price)
    assert letters_board(done).bidder == -1
    return winner


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
        goals = [KIOSK, AUCTION_HOUSE, CATACOMBS]  # a person's turn walks there and acts, one after the other
        kiosk_others: set[int] = set()
        auction_won_by: int | None = None
        catacombs_moves, shortened = 0, False
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
                cards_to = tuple(people) if goals[0] == KIOSK else ()
                await botkit.set_position(env.service, table.game_id, _next_to(goals[0], cards_to))
                await what_they_get(env, table, None)  # the turn message posted again for the new position
                if cards_to:
                    dm_decks |= _dms_show_every_hand(fake, await table.game(), people)
                continue
            if not goals and catacombs_moves and not shortened and decision.kind == "move":
                shortened = True
                await botkit.set_position(env.service, table.game_id, _near_the_end)
                await what_they_get(env, table, None)
                continue
            if decision.kind == "kiosk_pick" and decision.player != turn:
                if decision.player in people and not kiosk_others:
                    await _same_for_everyone_after_a_new_deal(env, table, rng)
                kiosk_others.add(decision.player)
            if (decision.kind == "auction_bid" and auction_won_by is None and decision.player == turn
                    and letters_board(game.state).bidder == -1):
                auction_won_by = await _an_auction(env, table, people, rng)
                if auction_won_by in people:
                    dm_decks |= _dms_show_every_hand(fake, await table.game(), {auction_won_by: people[auction_won_by]})
                continue
            if decision.kind == "catacombs":
                if not catacombs_moves:
                    await _same_for_everyone_after_a_new_deal(env, table, rng)
                catacombs_moves += 1
            code = greedy(engine.view(game.state, decision.player), decision, rng)
            if goals and decision.player == turn:  # on the way to the goal: go, leave an assistant, act
                heading = game.state.players[turn].merchant == goals[0]
                if decision.kind == "move":
                    code = f"go.{goals[0]}"
                elif heading and decision.kind == "assistant":
                    code = "a.leave"
                elif heading and decision.kind == "action":
                    code = next(c for c in (code, *decision.codes()) if c != "skip")
                    goals.pop(0)
            if choices % 40 == 0:
                dm_decks |= _dms_show_every_hand(fake, game, people)
            await table.choose(code)
        done = await table.game()
        assert done.row.status == "finished" and choices > 50 and shortened
        assert kiosk_others and catacombs_moves >= 1 and auction_won_by is not None
        assert {"bonus", "guild"} <= dm_decks, dm_decks
        end = fake.last_message(srv.channel)
        assert "Game over" in end.embed_text and end.button("Rematch")
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
