"""A guild card played from the DM through the real discord.py code: the DM of a Mocha &
Baksheesh player lists the card with a play button; clicked at the start of their turn it replaces
the whole turn (guild card #17: 5 coffee), the card goes face up to the guild discard pile and the
DM is edited without its button."""

from __future__ import annotations

from collections.abc import Callable

from bot import engine
from bot.engine.mocha.coffee import coffee_of
from bot.engine.mocha.guild_deck import GUILD_DECK
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env


def give_guild(seat: int, card: str) -> Callable[[engine.GameState], None]:
    """An edit for `set_position`: a guild card from the Guild Hall's pile into a hand."""

    def edit(state: engine.GameState) -> None:
        pile = list(GUILD_DECK.pile(state))
        pile.remove(card)
        GUILD_DECK.set_pile(state, tuple(pile))
        GUILD_DECK.set_hand(state.mut(seat), (*GUILD_DECK.hand(state.players[seat]), card))

    return edit


async def test_a_guild_card_played_from_the_dm_replaces_the_turn(env: Env) -> None:
    table = env.table
    await table.open(seats=2, game="mocha")
    await table.start()
    user, decision = await table.decider()
    seat = decision.player
    assert decision.kind == "move"
    await botkit.set_position(env.service, table.game_id, give_guild(seat, "g17"))
    await env.fake.bot.istanbul.publisher.sync(table.game_id)
    await env.fake.settle()
    dm = env.fake.last_dm(user)
    button = f"ist:c:{table.game_id}:c.g17"
    assert button in dm.custom_ids

    click = env.fake.click(dm, button, user)
    await env.fake.settle()
    assert click.acknowledged
    state = (await table.game()).state
    assert coffee_of(state, seat) == 5 and GUILD_DECK.discard(state)[-1] == "g17"
    assert not GUILD_DECK.hand(state.players[seat]) and state.players[seat].merchant == 7  # no move
    assert button not in env.fake.message(dm.id).custom_ids and button not in env.fake.last_dm(user).custom_ids
