"""Letters & Seals' decisions of other seats (issue 24, item 8) through the real discord.py code:
the Auction House's bids and the Kiosk's picks are asked in the middle of someone's turn, in an
interlude message that names the lot and the bids in plain words (no board image), one mention
per person who must decide, computer seats answering at once, bad bids and stale or forged
buttons refused with nothing changed, idle bidders reminded, skipped or handed to the computer,
and a restart in the middle of an auction losing nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot import engine
from bot.engine.letters.parts import letters_board
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env, Table
from tests.discord_ui.dayskit import (
    HOUR,
    channel_since,
    click,
    command,
    finish_turn,
    idle_notices,
    later,
    newest_id,
    started,
)
from tests.discord_ui.offturnkit import arrive_at, mentions, options_of, refused_without_change, seat_user
from tests.discord_ui.world import User

AUCTION_HOUSE, KIOSK = 23, 22


async def auction_table(env: Env, **options: object) -> tuple[Table, User, int, list[int]]:
    """A 3-seat Letters & Seals table with one computer seat, whose first person has just taken a
    good at the Auction House (9 Lira each, the second person 4): the opening bid is next.
    Returns the table, the acting person, their seat and the other seats in bidding order (the
    other person first: earlier turns are played with default choices until that person acts)."""
    table = await started(env, seats=3, computers=1, game="letters", **options)
    while True:  # the person whose next seat is the other person acts (the computer bids last)
        game = await table.game()
        seat = engine.pending(game.state).player
        if not game.seats[(seat + 1) % 3].played_by_computer:
            break
        await finish_turn(table)
    others = [(seat + i) % 3 for i in (1, 2)]
    person = others[0]
    user, _ = await arrive_at(env, table, AUCTION_HOUSE, {0: 9, 1: 9, 2: 9, person: 4})
    await table.choose("g.red")
    _, now = await table.decider()
    assert (now.kind, now.player) == ("auction_bid", seat)
    return table, user, seat, others


async def test_an_auction_with_a_computer_seat(env: Env) -> None:
    table, alice, seat, others = await auction_table(env)
    game = await table.game()
    person = next(s for s in others if not game.seats[s].played_by_computer)
    robot = next(s for s in others if game.seats[s].played_by_computer)
    bob = await seat_user(table, person)
    names = {s.seat: s.name for s in game.seats}
    turn = table.turn_message()
    assert "Auction House, 2 bonus cards for sale, no bid yet: open the bidding" in turn.embed_text
    _, opening = await table.decider()
    # a bid above the bidder's Lira, forged, is refused in words and changes nothing
    gid = table.game_id
    content = await refused_without_change(env, turn, f"ist:o:{gid}:{opening.decision_id}:v.12", alice)
    assert content == "You hold 9 Lira: you cannot bid 12."
    # nor may anyone else bid in Alice's place
    content = await refused_without_change(env, turn, f"ist:o:{gid}:{opening.decision_id}:v.2", bob)
    assert content == f"It is not your turn: {names[seat]} is choosing."

    mark, requests = newest_id(env), len(env.fake.requests)
    await table.choose("v.2")
    now = engine.pending((await table.game()).state)
    assert now is not None
    assert now.player == person
    posted = channel_since(env, mark)
    assert len(posted) == 1  # the interlude for the next bidder, and nothing else
    ask = posted[0]
    assert ask.pings == {bob.id} and not ask.files  # one mention, no board image for a bid
    assert f"in {names[seat]}'s turn" in ask.embed_text
    assert f"{names[seat]} bid 2 Lira at the Auction House." in ask.embed_text
    assert f"2 bonus cards for sale, highest bid 2 Lira by {names[seat]}: bid more (you hold 4 Lira) or pass" in (
        ask.embed_text
    )
    assert options_of(ask) == ["pass", "v.3", "v.4"]  # never more than the bidder holds
    waiting = env.fake.message(turn.id)
    assert f"Waiting for {names[person]}" in waiting.embed_text and not options_of(waiting)

    # Bob's forged bid above his Lira and the stale opening button: refused, nothing changed
    assert await refused_without_change(env, ask, f"ist:o:{gid}:{now.decision_id}:v.7", bob) == (
        "You hold 4 Lira: you cannot bid 7."
    )
    stale = await refused_without_change(env, waiting, f"ist:o:{gid}:{opening.decision_id}:v.3", alice)
    assert "moved on" in stale and f"/{ask.id}" in stale
    assert letters_board((await table.game()).state).bid == 2

    assert not [r for r in env.fake.requests[requests:] if r.uploads]  # no picture drawn for a bid

    # Bob passes: the computer answers at once, posting nothing of its own
    mark = newest_id(env)
    await table.choose("pass")
    assert [m for m in channel_since(env, mark) if m.pings - {alice.id}] == []
    state = (await table.game()).state
    story = env.fake.message(turn.id).embed_text
    assert f"{names[person]} passed at the auction." in story
    assert f"{names[robot]} bid " in story or f"{names[robot]} passed at the auction." in story
    board = letters_board(state)
    last = engine.pending(state)
    assert last is not None
    if board.bidder == robot:  # Alice has the last word, on her own turn message
        assert (last.kind, last.player) == ("auction_bid", seat)
        assert table.turn_message().id == turn.id and "pass" in options_of(env.fake.message(turn.id))
        await table.choose("pass")
        assert f"paid {board.bid} Lira to {names[seat]}" in env.fake.message(turn.id).embed_text
    else:  # nobody outbid her: she won at 2 Lira, paid to the bank
        assert f"{names[seat]} won the auction and paid 2 Lira to the bank." in env.fake.message(turn.id).embed_text
    assert letters_board((await table.game()).state).bidder == -1


async def test_an_idle_bidder_is_reminded_and_a_skip_passes_for_them(env: Env) -> None:
    table, alice, seat, others = await auction_table(env, reminder_hours=2, timeout_hours=10)
    game = await table.game()
    person = next(s for s in others if not game.seats[s].played_by_computer)
    bob, name = await seat_user(table, person), game.seats[person].name
    await table.choose("v.3")
    ask = table.turn_message()
    mark = newest_id(env)
    await later(env, 2 * HOUR)
    sent = [m for m in channel_since(env, mark) if "is waiting for your decision" in m.content]
    assert len(sent) == 1 and sent[0].pings == {bob.id} and f"/{ask.id}" in sent[0].content
    await later(env, 8 * HOUR)
    notice = idle_notices(channel_since(env, mark))[0]
    assert notice.content.startswith(f"{name} has had a decision to make for 10 hours.")
    question = await click(env, notice, notice.button("Skip decision").custom_id or "", alice)
    done = await click(env, question, question.buttons[0].custom_id or "", alice)
    assert done.content == "Done: the decision was skipped."
    log = (await command(env, alice, "log")).embed_text
    assert f"{name} passed at the auction." in log and f"{name}'s decision was skipped." in log
    state = (await table.game()).state
    assert all(s.kind != "auction_bid" or s.actor != person for s in state.steps)
    assert not env.fake.message(ask.id).components
    assert not (await table.game()).seats[person].played_by_computer  # a skip is not a hand-over


async def test_an_idle_bidder_handed_to_the_computer_bids_at_once(env: Env) -> None:
    table, alice, seat, others = await auction_table(env, reminder_hours=168, timeout_hours=10)
    game = await table.game()
    person = next(s for s in others if not game.seats[s].played_by_computer)
    name = game.seats[person].name
    await table.choose("v.1")
    ask = table.turn_message()
    await later(env, 10 * HOUR)
    notice = idle_notices(channel_since(env, ask.id))[0]
    question = await click(env, notice, notice.button("Hand seat to computer").custom_id or "", alice)
    await click(env, question, question.buttons[0].custom_id or "", alice)
    game = await table.game()
    assert game.seats[person].played_by_computer
    assert not env.fake.message(ask.id).components
    story = (await command(env, alice, "log")).embed_text
    assert f"{name} bid " in story or f"{name} passed at the auction." in story


async def test_a_restart_in_the_middle_of_an_auction_loses_nothing(env: Env) -> None:
    table, alice, seat, others = await auction_table(env)
    game = await table.game()
    person = next(s for s in others if not game.seats[s].played_by_computer)
    bob = await seat_user(table, person)
    await table.choose("v.2")
    ask = table.turn_message()
    before = await table.game()
    _, asked = await table.decider()
    # the bot and its service stop; a new service opens the same database
    await env.fake.close_bot()
    await env.service.close()
    env.service = await botkit.open_service(env.tmp_path, env.clock)
    await env.fake.start_bot(env.factory())
    table = Table(env.fake, env.srv, env.service, table.game_id)
    after = await table.game()
    assert engine.to_json(after.state) == engine.to_json(before.state)
    assert letters_board(after.state).bid == 2 and letters_board(after.state).bidder == seat
    # the interlude's buttons work with the new bot: Bob raises
    env.fake.click(env.fake.message(ask.id), f"ist:o:{table.game_id}:{asked.decision_id}:v.3", bob)
    await env.fake.settle()
    assert f"{after.seats[person].name} bid 3 Lira at the Auction House." in (
        await command(env, alice, "log")
    ).embed_text
    assert letters_board((await table.game()).state).bid >= 3  # (the computer may have raised since)


@dataclass
class Crowd(Table):
    """A table with more people than the basic server's three."""

    extra: list[User] = field(default_factory=list)

    @property
    def users(self) -> dict[str, User]:
        return {str(u.id): u for u in [*self.srv.users, *self.extra]}


async def test_a_five_player_kiosk_mentions_each_person_who_decides_at_most_once(env: Env) -> None:
    fake, srv = env.fake, env.srv
    extra = [fake.user("dave", "Dave"), fake.user("erin", "Erin")]
    for user in extra:
        fake.member(srv.guild, user)
    table = Crowd(fake, srv, env.service, extra=extra)
    lobby = await table.open(seats=5, game="letters")
    for user in extra:
        fake.click(lobby, lobby.button("Join").custom_id or "", user)
        await fake.settle()
    await table.start()
    assert len((await table.game()).seats) == 5
    actor, seat = await arrive_at(env, table, KIOSK)
    mark = newest_id(env)
    turns = (await table.game()).state.turns
    asked: set[int] = set()
    await table.choose("act")
    for _ in range(60):
        game = await table.game()
        now = engine.pending(game.state)
        assert now is not None
        if game.state.turns != turns or now.kind not in ("kiosk_pick", "kiosk_use", "kiosk_pay", "kiosk_good"):
            break
        if now.player != seat:
            assert now.off_turn
            asked.add(now.player)
        await table.choose(now.default)
    assert asked == {(seat + i) % 5 for i in range(1, 5)}  # every other player picked a tile
    mentioned = mentions(channel_since(env, mark))  # the next turn's own message left out
    deciders = {table.users[(await table.game()).seats[s].user_id].id for s in asked}
    assert set(mentioned) <= deciders and all(n == 1 for n in mentioned.values()), mentioned
    assert actor.id not in mentioned  # the acting person reads their own turn message
    assert not any(m.files for m in channel_since(env, mark) if m.pings and "your turn" not in m.content)


async def test_a_kiosk_with_computer_seats_goes_on_at_once(env: Env) -> None:
    table = await started(env, seats=5, computers=4, game="letters")
    actor, seat = await arrive_at(env, table, KIOSK)
    mark = newest_id(env)
    turn = table.turn_message()
    await table.choose("act")
    _, now = await table.decider()
    while now.kind in ("kiosk_pick", "kiosk_use", "kiosk_pay", "kiosk_good"):  # Alice picks first
        assert now.player == seat
        await table.choose(now.default)
        _, now = await table.decider()
    assert channel_since(env, mark) == []  # the computers pick without a message of their own
    story = env.fake.message(turn.id).embed_text
    game = await table.game()
    assert f"{game.seats[seat].name} also took the tile left" in story
    for other in (s for s in game.seats if s.seat != seat):
        assert f"{other.name} picked " in story
    _, now = await table.decider()
    assert now.player == seat
