"""Big decisions through the real discord.py code: buttons while they fit, select menus of up to
25 options beyond (each select with its own custom_id), on the turn message, in the private list,
in the answer to a stale click and for card plays; old and forged select ids."""

from __future__ import annotations

from collections.abc import Callable

import tests.testkinds  # noqa: F401  (registers the test step kinds)
from bot import engine
from bot.engine.machine import push
from bot.engine.state import Step
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env, Table
from tests.discord_ui.messages import Msg

PUBLIC = [f"p.{i}" for i in range(60)]
PRIVATE = [f"q.{i}" for i in range(30)]


def huge(times: int = 1) -> Callable[[engine.GameState], None]:
    """An edit for `set_position`: the decider faces `times` test_huge decisions (60 public and 30
    private options each) before anything else."""

    def edit(state: engine.GameState) -> None:
        seat = engine.pending(state).player  # type: ignore[union-attr]
        push(state, *[Step("test_huge", seat) for _ in range(times)])
        state.decision_id += 1  # a new decision: the turn message is posted again
        state.cache = None

    return edit


async def huge_table(env: Env, times: int = 1) -> Table:
    table = env.table
    await table.open(seats=3)
    await table.start()
    await botkit.set_position(env.service, table.game_id, huge(times))
    await env.fake.bot.istanbul.publisher.sync(table.game_id)
    await env.fake.settle()
    return table


async def chosen(env: Env, table: Table) -> list[str]:
    return [line for _, line in await env.service.lines(table.game_id) if " chose " in line]


def values_of(msg: Msg) -> list[str]:
    return [v for s in msg.selects for v in s.values]


async def test_a_choice_of_sixty_public_options_is_three_selects_and_the_thirty_seventh_can_be_picked(env: Env) -> None:
    table = await huge_table(env)
    user, decision = await table.decider()
    assert decision.kind == "test_huge" and len(decision.options) == 90
    turn = table.turn_message()
    g, d = table.game_id, decision.decision_id
    assert [s.custom_id for s in turn.selects] == [f"ist:s:{g}:{d}:0", f"ist:s:{g}:{d}:1", f"ist:s:{g}:{d}:2"]
    assert [len(s.options) for s in turn.selects] == [25, 25, 10]
    assert values_of(turn) == PUBLIC  # in the engine's order, and never a private option
    assert turn.selects[1].placeholder is not None and "26–50 of 60" in turn.selects[1].placeholder
    labels = [b.label for b in turn.buttons]
    assert labels[:3] == ["Undo", "My cards", "Log"] and "Choose privately…" in labels
    assert {b.row for b in turn.buttons} == {3}  # the utility row is kept, under the three selects

    pick = env.fake.select(turn, f"ist:s:{g}:{d}:1", ["p.37"], user)
    await env.fake.settle()
    assert pick.acknowledged and pick.acked_first
    assert (await chosen(env, table))[-1].endswith("chose p.37.")
    after = (await table.game()).state
    assert after.decision_id > d and engine.pending(after).kind != "test_huge"  # type: ignore[union-attr]


async def test_the_thirty_private_options_are_two_selects_for_the_decider_only(env: Env) -> None:
    table = await huge_table(env)
    user, decision = await table.decider()
    g, d = table.game_id, decision.decision_id
    opened = env.fake.click(table.turn_message(), f"ist:u:{g}:private", user)
    await env.fake.settle()
    offer = opened.replies[-1]
    assert offer.ephemeral and "Only you see these choices" in offer.content
    assert [s.custom_id for s in offer.selects] == [f"ist:s:{g}:{d}:0", f"ist:s:{g}:{d}:1"]
    assert values_of(offer) == PRIVATE
    env.fake.select(offer, f"ist:s:{g}:{d}:1", ["q.27"], user)
    await env.fake.settle()
    assert (await chosen(env, table))[-1].endswith("chose q.27.")
    assert (await table.game()).state.decision_id > d


async def test_a_stale_select_is_answered_with_every_option_of_the_current_decision_in_selects(env: Env) -> None:
    table = await huge_table(env, times=2)
    user, first = await table.decider()
    g = table.game_id
    turn = table.turn_message()
    env.fake.select(turn, f"ist:s:{g}:{first.decision_id}:0", ["p.3"], user)
    await env.fake.settle()
    _, second = await table.decider()
    assert second.kind == "test_huge" and second.decision_id > first.decision_id
    # the old message's select again (a client that had not seen the edit)
    stale = env.fake.select(turn, f"ist:s:{g}:{first.decision_id}:2", ["p.55"], user, forge=True)
    await env.fake.settle()
    answer = stale.replies[-1]
    assert answer.ephemeral and "moved on" in answer.content
    assert [s.custom_id for s in answer.selects] == [f"ist:s:{g}:{second.decision_id}:{i}" for i in range(4)]
    assert values_of(answer) == PUBLIC + PRIVATE  # the decider's own answer: public and private
    assert (await chosen(env, table))[-1].endswith("chose p.3.")  # the stale pick was not applied
    env.fake.select(answer, f"ist:s:{g}:{second.decision_id}:3", ["q.29"], user)
    await env.fake.settle()
    assert (await chosen(env, table))[-1].endswith("chose q.29.")


async def test_a_select_id_of_the_old_format_still_answers(env: Env) -> None:
    """Messages sent before selects were numbered carry ``ist:s:<game>:<decision>``."""
    table = await huge_table(env)
    user, decision = await table.decider()
    old_id = f"ist:s:{table.game_id}:{decision.decision_id}"
    pick = env.fake.select(table.turn_message(), old_id, ["p.44"], user, forge=True)
    await env.fake.settle()
    assert pick.acknowledged
    assert (await chosen(env, table))[-1].endswith("chose p.44.")


async def test_forged_select_values_get_a_plain_answer_and_change_nothing(env: Env) -> None:
    table = await huge_table(env)
    user, decision = await table.decider()
    g, d = table.game_id, decision.decision_id
    turn = table.turn_message()
    before = (await table.game()).row.seq
    for values in (["q.99"], ["p.1", "p.2"], ["NOT A CODE"], []):
        forged = env.fake.select(turn, f"ist:s:{g}:{d}:0", values, user, forge=True)
        await env.fake.settle()
        assert forged.replies and forged.replies[-1].ephemeral, values
        assert "choices" in forged.replies[-1].content, (values, forged.replies[-1].content)
    for bad_id in (f"ist:s:{g}:{d}:12", f"ist:s:{g}:{d}:x", f"ist:k:{g}", f"ist:s:{g}"):
        forged = env.fake.select(turn, bad_id, ["p.1"], user, forge=True)
        await env.fake.settle()
        assert "not one I know" in forged.replies[-1].content, bad_id
    assert (await table.game()).row.seq == before
    # someone who is not deciding cannot pick from the select either
    other = next(u for u in table.srv.users[:3] if u is not user)
    env.fake.select(turn, f"ist:s:{g}:{d}:1", ["p.30"], other)
    await env.fake.settle()
    assert (await table.game()).row.seq == before


async def test_a_card_select_plays_its_card_like_the_card_button(env: Env) -> None:
    """``ist:k:<game>:<part>`` (the selects of a "My cards" list too long for buttons): its value
    is played in the current decision; a card the decision does not offer is refused."""
    table = env.table
    await table.open(seats=3)
    await table.start()
    user, decision = await table.decider()
    await botkit.set_position(env.service, table.game_id, botkit.give_cards(decision.player, "lira5"))
    await env.fake.bot.istanbul.publisher.sync(table.game_id)
    await env.fake.settle()
    dm = env.fake.last_dm(user)
    g = table.game_id
    before = (await table.game()).row.seq
    refused = env.fake.select(dm, f"ist:k:{g}:0", ["c.sultan2"], user, forge=True)
    await env.fake.settle()
    assert "cannot be played" in refused.replies[-1].content
    bad = env.fake.select(dm, f"ist:k:{g}:0", ["x y"], user, forge=True)
    await env.fake.settle()
    assert "Pick exactly one of the cards offered" in bad.replies[-1].content
    assert (await table.game()).row.seq == before
    for _ in range(200):
        u, d = await table.decider()
        if u is user and d.option("c.lira5") is not None:
            break
        await table.choose(d.default)
    else:
        raise AssertionError("the card was never playable")
    seat = d.player
    env.fake.select(env.fake.last_dm(user), f"ist:k:{g}:0", ["c.lira5"], user, forge=True)
    await env.fake.settle()
    assert "lira5" not in (await table.game()).state.players[seat].cards


async def test_a_refused_undo_button_says_why_privately_and_changes_nothing(env: Env) -> None:
    """Undo on the turn message by the player before, once the decider has chosen: the answer
    names who chose since, only to the one who pressed it."""
    table = env.table
    await table.open(seats=3)
    await table.start()
    first, d = await table.decider()
    while (await table.decider())[0] is first:  # the first player's whole turn
        _, d = await table.decider()
        await table.choose(d.options[0].code if d.default == "x.end" else d.default)
    second, d = await table.decider()
    await table.choose(d.options[0].code)
    game = await table.game()
    turn = table.turn_message()
    undo = next(b.custom_id for b in turn.buttons if b.label == "Undo")
    before = game.row.seq
    pressed = env.fake.click(turn, undo or "", first)
    await env.fake.settle()
    answer = pressed.replies[-1]
    colour = game.state.players[game.seat_of(str(second.id)).seat].colour.capitalize()  # type: ignore[union-attr]
    assert answer.ephemeral and answer.content == f"Can't undo: {colour} has chosen since your last choice."
    assert (await table.game()).row.seq == before


async def test_the_turn_message_says_where_each_move_leads(env: Env) -> None:
    """The move's buttons keep their labels; what waits on each place is written under the
    question (engine.preview, from public information only)."""
    from bot.engine.preview import previews

    table = env.table
    await table.open(seats=3)
    await table.start()
    _, decision = await table.decider()
    assert decision.kind == "move"
    game = await table.game()
    notes = previews(engine.view(game.state, None), decision)
    assert notes
    turn = table.turn_message()
    for code, note in notes.items():
        label = decision.option(code).label  # type: ignore[union-attr]
        assert f"**{label}**: {note}" in turn.embed_text
        assert turn.component(f"ist:o:{table.game_id}:{decision.decision_id}:{code}").label == label  # type: ignore[union-attr]


async def test_a_message_with_an_old_format_select_still_plays_after_a_restart(env: Env) -> None:
    """A turn message sent by the previous version carries one select ``ist:s:<game>:<decision>``;
    after a restart the new client's dynamic item reads it and the pick is played."""
    import discord

    from bot.discord_ui import ids
    from bot.discord_ui.items import OptionSelect
    from bot.discord_ui.payloads import view_of

    table = await huge_table(env)
    user, decision = await table.decider()
    g, d = table.game_id, decision.decision_id
    assert ids.parse(f"ist:s:{g}:{d}") == ("s", g, d, "") and ids.recognised(f"ist:s:{g}:{d}")
    old = OptionSelect(g, d, [discord.SelectOption(label=f"Public choice {i}", value=f"p.{i}") for i in range(25)],
                       custom_id=f"ist:s:{g}:{d}")
    channel = env.fake.bot.get_partial_messageable(table.srv.channel.id)
    sent = await channel.send("An old turn message", view=view_of(old))
    await env.fake.settle()
    await env.restart()
    message = env.fake.message(sent.id)
    assert message.selects[0].custom_id == f"ist:s:{g}:{d}"
    pick = env.fake.select(message, f"ist:s:{g}:{d}", ["p.24"], user)
    await env.fake.settle()
    assert pick.acknowledged and pick.acked_first
    assert (await chosen(env, table))[-1].endswith("chose p.24.")
