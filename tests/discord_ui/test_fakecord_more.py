"""More canaries for the harness: selects, modals, autocomplete, DM interactions, the cached
servers after "ready", each injected failure, token expiry, and the protocol checks."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.webhook.async_ import async_context, interaction_response_params

from tests.discord_ui.fakecord import Fakecord
from tests.discord_ui.test_fakecord import ToyBot, board, png

GOODS = ["Spice", "Fruit", "Fabric", "Jewelry"]


class Pick(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"toy:pick"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Select(custom_id="toy:pick", min_values=1, max_values=2, placeholder="Goods",
                                           options=[discord.SelectOption(label=g, value=g.lower()) for g in GOODS]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any, match: Any) -> Pick:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {','.join(self.item.values)}", view=None)


class Caravan(discord.ui.Modal, title="Name your caravan"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="toy:name", max_length=30)
    goods: discord.ui.Label[Any] = discord.ui.Label(text="Goods", component=discord.ui.Select(
        custom_id="toy:goods", max_values=2, options=[discord.SelectOption(label=g) for g in GOODS]))

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        assert isinstance(self.goods.component, discord.ui.Select)
        await interaction.response.send_message(f"{self.name.value} carries {self.goods.component.values}",
                                                ephemeral=True)


class ExtraCog(commands.GroupCog, group_name="toy", group_description="More toys"):
    @app_commands.command(name="pick", description="Pick goods")
    async def pick(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View()
        view.add_item(Pick())
        await interaction.response.send_message("Which goods?", view=view, ephemeral=True)

    @app_commands.command(name="caravan", description="Name a caravan")
    async def caravan(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(Caravan())

    @app_commands.command(name="rules", description="Rules of a place")
    async def rules(self, interaction: discord.Interaction[Any], place: str) -> None:
        await interaction.response.send_message(f"rules of {place}", ephemeral=True)

    @rules.autocomplete("place")
    async def places(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        names = ["Great Mosque", "Small Mosque", "Gemstone Dealer", "Fountain"]
        return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()]


class ToyPlus(ToyBot):
    def __init__(self) -> None:
        super().__init__({})
        self.removed: list[int] = []

    async def setup_hook(self) -> None:
        await super().setup_hook()
        await self.add_cog(ExtraCog())
        self.add_dynamic_items(Pick)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        self.removed.append(guild.id)


async def test_select_on_an_ephemeral_message(fake: Fakecord) -> None:
    srv = fake.basic_server()
    await fake.start_bot(ToyPlus())
    opened = fake.slash(srv.bob, srv.channel, "toy pick")
    await fake.settle()
    assert opened.original is not None and opened.original.selects[0].labels == GOODS
    with pytest.raises(AssertionError, match="cannot see bob's ephemeral"):
        fake.select(opened.original, "toy:pick", ["spice"], srv.alice)
    with pytest.raises(AssertionError, match="not options"):
        fake.select(opened.original, "toy:pick", ["gold"], srv.bob)
    picked = fake.select(opened.original, "toy:pick", ["spice", "fruit"], srv.bob)
    await fake.settle()
    assert picked.callback_types == [7]
    assert fake.ephemerals(srv.bob)[0].content == "picked spice,fruit" and fake.ephemerals(srv.bob)[0].rows == ()


async def test_modal_opened_and_submitted_with_a_label_wrapped_select(fake: Fakecord) -> None:
    srv = fake.basic_server()
    await fake.start_bot(ToyPlus())
    opened = fake.slash(srv.carol, srv.channel, "toy caravan")
    await fake.settle()
    assert opened.callback_types == [9] and opened.modal is not None and opened.modal["title"] == "Name your caravan"
    done = fake.submit_modal(opened, {"toy:name": "Blue", "toy:goods": ["Spice"]})
    await fake.settle()
    assert done.original is not None and done.original.content == "Blue carries ['Spice']"


async def test_autocomplete_answers_with_choices(fake: Fakecord) -> None:
    srv = fake.basic_server()
    await fake.start_bot(ToyPlus())
    i = fake.autocomplete(srv.alice, srv.channel, "toy rules", "place", "mosq")
    await fake.settle()
    assert i.callback_types == [8] and [c["name"] for c in i.choices] == ["Great Mosque", "Small Mosque"]


async def test_dm_interactions_carry_a_user_and_no_guild(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await fake.start_bot(ToyPlus())
    bot.versions[7] = 0
    dm = await (await bot.create_dm(discord.Object(srv.alice.id))).send("your card", view=board(7, 0))
    with pytest.raises(AssertionError, match="cannot see the DM of alice"):
        fake.click(dm.id, "toy:bump:7:0", srv.bob)
    i = fake.click(dm.id, "toy:bump:7:0", srv.alice)
    await fake.settle()
    assert fake.world.interactions[i.id].channel.guild is None
    assert fake.last_dm(srv.alice).content == "Game 7 at v1" and i.acked_first
    hand = fake.slash(srv.alice, fake.dm_channel(srv.alice), "istanbul hand")
    await fake.settle()
    assert hand.original is not None and hand.original.ephemeral and hand.original.guild_id is None
    assert hand.original.channel_id == fake.dm_channel(srv.alice).id


async def test_permissions_from_the_interaction_and_the_ready_cache(fake: Fakecord) -> None:
    srv = fake.basic_server()
    fake.set_permissions(srv.guild, srv.bob, discord.Permissions(manage_channels=True))
    bot = await fake.start_bot(ToyPlus())
    guild = bot.get_guild(srv.guild.id)
    assert bot.is_ready() and guild is not None and guild.owner_id == srv.alice.id
    channel = bot.get_channel(srv.channel.id)
    assert isinstance(channel, discord.TextChannel) and channel.permissions_for(guild.me).send_messages
    fake.revoke(srv.channel, "send_messages")
    assert not channel.permissions_for(guild.me).send_messages  # CHANNEL_UPDATE reached the cache
    answers = [fake.slash(u, srv.channel, "istanbul admin skip", {"seat": 1}) for u in srv.users]
    await fake.settle()
    assert [i.original.content for i in answers if i.original] == ["skip 1: ok", "skip 1: ok", "skip 1: not allowed"]


async def test_injected_failures_raise_as_discord_py_would(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await fake.start_bot(ToyPlus())
    guild = bot.get_guild(srv.guild.id)
    assert guild is not None
    fake.revoke(srv.channel, "send_messages")
    with pytest.raises(discord.Forbidden) as forbidden:
        await bot.get_partial_messageable(srv.channel.id).send("hi")
    fake.grant(srv.channel, "send_messages")
    fake.revoke(srv.channel, "embed_links")
    sent = await bot.get_partial_messageable(srv.channel.id).send("hi", embed=discord.Embed(title="t"))
    assert fake.message(sent.id).embeds == ()  # without Embed Links, Discord drops embeds
    fake.remove_member(srv.guild, srv.carol)
    with pytest.raises(discord.NotFound) as unknown_member:
        await guild.fetch_member(srv.carol.id)
    assert (await guild.fetch_member(srv.bob.id)).display_name == "Bob"
    fake.fail_next("GET", "/channels/{channel_id}/messages/{message_id}", "unknown_message")
    with pytest.raises(discord.NotFound):
        await bot.get_partial_messageable(srv.channel.id).fetch_message(sent.id)
    fake.fail_next("POST", "/channels/{channel_id}/messages", "rate_limited")
    with pytest.raises(discord.RateLimited):
        await bot.get_partial_messageable(srv.channel.id).send("burst")
    assert (await bot.get_partial_messageable(srv.channel.id).fetch_message(sent.id)).id == sent.id
    fake.delete_channel(srv.channel)
    with pytest.raises(discord.NotFound) as unknown_channel:
        await bot.fetch_channel(srv.channel.id)
    assert bot.get_channel(srv.channel.id) is None
    fake.remove_bot(srv.guild)
    await fake.settle()
    assert bot.removed == [srv.guild.id] and bot.get_guild(srv.guild.id) is None
    codes = [(e.value.status, e.value.code) for e in (forbidden, unknown_member, unknown_channel)]
    assert codes == [(403, 50013), (404, 10007), (404, 10003)]


async def test_expired_tokens_and_timed_out_views(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await fake.start_bot(ToyPlus())
    timed_out: list[bool] = []

    class Watched(discord.ui.View):
        async def on_timeout(self) -> None:
            timed_out.append(True)

    view = Watched(timeout=60)
    view.add_item(discord.ui.Button(label="static", custom_id="toy:static"))
    await bot.get_partial_messageable(srv.channel.id).send("board", view=view)
    i = fake.slash(srv.alice, srv.channel, "istanbul hand")
    await fake.settle()
    fake.expire_interactions()
    await fake.settle()
    assert timed_out == [True]
    followup = discord.Webhook.from_state({"id": fake.world.app_id, "type": 3, "token": i.token},
                                          state=bot._connection)
    with pytest.raises(discord.NotFound) as dead:
        await followup.send("too late")
    assert dead.value.code == 10015


async def test_answering_twice_and_following_up_too_early_are_caught(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await fake.start_bot(ToyPlus())
    i = fake.slash(srv.alice, srv.channel, "istanbul hand")
    await fake.settle()
    session = bot.http._HTTPClient__session  # type: ignore[attr-defined]
    with fake.rejects("answered twice"), pytest.raises(discord.HTTPException) as twice:
        await async_context.get().create_interaction_response(
            i.id, i.token, session=session, params=interaction_response_params(type=6))
    assert (twice.value.status, twice.value.code) == (400, 40060)
    sent = await bot.get_partial_messageable(srv.channel.id).send("board", view=board(3, 0))
    bot.versions[3] = 0
    early = fake.click(sent.id, "toy:bump:3:0", srv.bob, expect_unanswered=True)
    hook = discord.Webhook.from_state({"id": fake.world.app_id, "type": 3, "token": early.token},
                                      state=bot._connection)
    with fake.rejects("followup sent before"), pytest.raises(discord.NotFound):
        await hook.send("too early")
    await fake.settle()


async def test_attachment_keep_list_mentions_and_history(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await fake.start_bot(ToyPlus())
    channel = bot.get_partial_messageable(srv.channel.id)
    sent = await channel.send(f"{srv.bob.mention}, your turn", file=discord.File(io.BytesIO(png(0)), "board.png"))
    assert fake.message(sent.id).pings == {srv.bob.id}
    edited = await sent.edit(content=f"{srv.carol.mention}, your turn",
                             attachments=[sent.attachments[0], discord.File(io.BytesIO(png(1)), "panel.png")])
    msg = fake.message(edited.id)
    assert [f.filename for f in msg.files] == ["board.png", "panel.png"] and msg.files[0].id == sent.attachments[0].id
    assert msg.pings == {srv.bob.id} and msg.edits == 1  # an edit notifies nobody new
    fresh = bot.get_partial_messageable(srv.channel.id).get_partial_message(sent.id)  # no cache needed
    await fresh.edit(content="board only", attachments=[discord.File(io.BytesIO(png(2)), "board.png")], view=None)
    assert [f.data for f in fake.message(sent.id).files] == [png(2)] and fake.message(sent.id).content == "board only"
    await channel.send("second")
    assert [m.content async for m in channel.history(limit=5)] == ["second", "board only"]


async def test_a_timed_out_view_mixing_static_and_dynamic_items_unregisters_the_template(fake: Fakecord) -> None:
    """The pitfall DESIGN warns about, reproduced: once such a view stops, discord.py forgets the
    dynamic item for the whole bot, and buttons on every other message stop answering."""
    srv = fake.basic_server()
    bot = await fake.start_bot(ToyPlus())
    bot.versions[1] = 0
    mixed = board(1, 0)
    mixed.timeout = 60
    mixed.add_item(discord.ui.Button(label="static", custom_id="toy:static"))
    channel = bot.get_partial_messageable(srv.channel.id)
    await channel.send("mixed", view=mixed)
    plain = await channel.send("plain", view=board(1, 0))
    fake.expire_interactions()
    await fake.settle()
    lost = fake.click(plain.id, "toy:bump:1:0", srv.bob, expect_unanswered=True)
    await fake.settle()
    assert not lost.acknowledged and bot.versions[1] == 0
