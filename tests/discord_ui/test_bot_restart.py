"""Every button keeps working across a restart (a new client on the same database) and after
an ephemeral view's 15 minutes: public, ephemeral and DM buttons alike."""

from __future__ import annotations

from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.messages import Msg


async def play_until_someone_holds_a_card(table: botkit.Table, limit: int = 400) -> None:
    for _ in range(limit):
        game = await table.game()
        if any(p.cards for p in game.state.players):
            return
        _, decision = await table.decider()
        await table.choose(decision.default if decision.default != "x.end" else decision.options[0].code)
    raise AssertionError("nobody drew a bonus card")


async def test_public_ephemeral_and_dm_buttons_work_after_a_restart(env: Env) -> None:
    table = env.table
    await table.open(seats=3)
    await table.start()
    user, decision = await table.decider()
    await botkit.set_position(env.service, table.game_id, botkit.give_cards(decision.player, "lira5", "good"))
    await env.fake.bot.istanbul.publisher.sync(table.game_id)
    await env.fake.settle()
    turn = table.turn_message()
    # an ephemeral "My cards" and the DM exist before the restart
    cards_click = env.fake.click(turn, f"ist:u:{table.game_id}:cards", user)
    await env.fake.settle()
    ephemeral = cards_click.replies[-1]
    assert ephemeral.ephemeral and ephemeral.file("cards.png").is_png
    dm = env.fake.last_dm(user)
    assert f"game #{table.game_id}" in dm.content

    await env.restart()
    # the old public message's buttons still work with the new client
    log_click = env.fake.click(turn, f"ist:u:{table.game_id}:log", user)
    await env.fake.settle()
    assert log_click.replies[-1].ephemeral
    await table.choose(decision.options[0].code)
    assert (await table.game()).state.decision_id > decision.decision_id
    # the DM's and the old ephemeral message's card buttons still play cards, when the turn allows
    seat = decision.player
    for msg, card in ((dm, "c.lira5"), (ephemeral, "c.good")):
        fresh: Msg = env.fake.message(msg.id)
        assert f"ist:c:{table.game_id}:{card}" in fresh.custom_ids
        for _ in range(200):
            u, d = await table.decider()
            if u is user and d.option(card) is not None:
                break
            await table.choose(d.default)
        else:
            raise AssertionError(f"{card} was never playable")
        before = (await table.game()).state.players[seat].cards
        click = env.fake.click(fresh, f"ist:c:{table.game_id}:{card}", user)
        await env.fake.settle()
        assert click.acknowledged and click.acked_first
        after = (await table.game()).state.players[seat].cards
        assert len(after) == len(before) - 1 and after.count(card[2:]) == before.count(card[2:]) - 1


async def test_an_ephemeral_button_works_after_its_view_timed_out(env: Env) -> None:
    table = env.table
    await table.open(seats=2)
    await table.start()
    user, decision = await table.decider()
    await botkit.set_position(env.service, table.game_id, botkit.give_cards(decision.player, "good"))
    cards = env.fake.click(table.turn_message(), f"ist:u:{table.game_id}:cards", user)
    await env.fake.settle()
    ephemeral = cards.replies[-1]
    env.fake.expire_interactions()  # 15 minutes later: views with a timeout have timed out
    await env.fake.settle()
    # the public buttons still work (no dynamic template was dropped) ...
    await table.choose(decision.options[0].code)
    assert (await table.game()).state.decision_id > decision.decision_id
    # ... and so does the old ephemeral card button, once the card may be played
    for _ in range(200):
        u, d = await table.decider()
        if u is user and d.option("c.good") is not None:
            break
        await table.choose(d.default)
    else:
        raise AssertionError("the card was never playable")
    click = env.fake.click(ephemeral, f"ist:c:{table.game_id}:c.good", user)
    await env.fake.settle()
    assert click.acknowledged
    u, d = await table.decider()
    assert d.kind == "card_good"  # the card's own question follows: which good
