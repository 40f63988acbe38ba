"""Canary tests of the fakecord harness, against a toy bot defined here: a `GroupCog` (group
`istanbul`) and `DynamicItem` buttons whose custom_id carries a game and a version. If a
discord.py upgrade breaks the harness, these fail first."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route
from PIL import Image

from tests.discord_ui.fakecord import Fakecord
from tests.discord_ui.logguard import LogGuard

MESSAGES = "/channels/{channel_id}/messages"


def png(version: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (16, 12), (40 * version % 256, 90, 160)).save(buf, "PNG")
    return buf.getvalue()


class Bump(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"toy:bump:(?P<game>\d+):(?P<v>\d+)"):
    """Moves a toy game from version v to v+1; a click on an older version is turned away."""

    def __init__(self, game: int, version: int) -> None:
        super().__init__(discord.ui.Button(label=f"Bump v{version}", custom_id=f"toy:bump:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: Any) -> Bump:
        return cls(int(match["game"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        versions = interaction.client.versions
        if versions[self.game] != self.version:
            await interaction.followup.send("The board has moved on.", ephemeral=True)
            return
        versions[self.game] += 1
        v = versions[self.game]
        await interaction.edit_original_response(content=f"Game {self.game} at v{v}", view=board(self.game, v),
                                                 attachments=[discord.File(io.BytesIO(png(v)), "board.png")])


class Boom(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"toy:boom"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Boom", custom_id="toy:boom"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: Any) -> Boom:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        raise RuntimeError("boom in a toy callback")


def board(game: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Bump(game, version))
    return view


class ToyCog(commands.GroupCog, group_name="istanbul", group_description="Toy Istanbul"):
    admin = app_commands.Group(name="admin", description="Toy admin commands")

    def __init__(self, bot: ToyBot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description="Start a toy game")
    async def new(self, interaction: discord.Interaction[Any], seats: int, ranked: bool = False,
                  rival: discord.User | None = None, title: str = "Toy") -> None:
        await interaction.response.defer(thinking=True)
        game = len(self.bot.versions) + 1
        self.bot.versions[game] = 0
        rivalry = f", rival {rival.mention}" if rival else ""
        await interaction.followup.send(f"{title}: {seats} seats, ranked={ranked}{rivalry}", view=board(game, 0),
                                        file=discord.File(io.BytesIO(png(0)), "board.png"))

    @app_commands.command(name="hand", description="Your private cards")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Your cards: Sultan, Bazaar", ephemeral=True)

    @app_commands.command(name="dm", description="Cards by DM")
    async def dm(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        try:
            await interaction.user.send(f"Your cards, {interaction.user.display_name}")
        except discord.Forbidden as exc:
            await interaction.followup.send(f"Your DMs are closed ({exc.code}).")
            return
        await interaction.followup.send("Sent by DM.")

    @admin.command(name="skip", description="Skip a seat")
    async def skip(self, interaction: discord.Interaction[Any], seat: int) -> None:
        allowed = interaction.permissions.manage_channels
        await interaction.response.send_message(f"skip {seat}: {'ok' if allowed else 'not allowed'}",
                                                ephemeral=True)


class ToyBot(commands.Bot):
    def __init__(self, versions: dict[int, int]) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True))
        self.versions = versions

    async def setup_hook(self) -> None:
        await self.add_cog(ToyCog(self))
        self.add_dynamic_items(Bump, Boom)


async def start_toy(fake: Fakecord) -> ToyBot:
    bot: ToyBot = await fake.start_bot(ToyBot({}))
    return bot


async def test_slash_defers_then_follows_up_with_a_png(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await start_toy(fake)
    i = fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 3, "ranked": True, "rival": srv.bob})
    await fake.settle()
    assert i.callback_types == [5] and i.acked_first
    [msg] = fake.messages_in(srv.channel)
    assert msg == i.original and not msg.loading and not msg.ephemeral
    assert msg.content == f"Toy: 3 seats, ranked=True, rival <@{srv.bob.id}>"
    assert msg.file("board.png").is_png and msg.file("board.png").data == png(0)
    assert msg.custom_ids == ["toy:bump:1:0"] and msg.button("Bump v0").custom_id == "toy:bump:1:0"
    assert msg.pings == frozenset()  # the first followup replaces the "thinking" message: no ping
    assert [r.path for r in i.requests] == ["/interactions/{webhook_id}/{webhook_token}/callback",
                                            "/webhooks/{webhook_id}/{webhook_token}"]
    assert bot.versions == {1: 0}


async def test_click_defers_and_edits_the_original_with_a_new_attachment(fake: Fakecord) -> None:
    srv = fake.basic_server()
    await start_toy(fake)
    fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 2})
    await fake.settle()
    before = fake.last_message(srv.channel)
    i = fake.click(before, "toy:bump:1:0", srv.bob)
    await fake.settle()
    assert i.callback_types == [6] and i.acked_first
    assert [r.method + " " + r.path.rsplit("/", 1)[-1] for r in i.requests] == ["POST callback", "PATCH @original"]
    after = fake.message(before.id)
    assert after.content == "Game 1 at v1" and after.custom_ids == ["toy:bump:1:1"]
    assert [f.filename for f in after.files] == ["board.png"] and after.file("board.png").data == png(1)
    assert after.files[0].id != before.files[0].id  # the old upload was replaced, not kept
    assert before.content.startswith("Toy") and before.edits == 1 and after.edits == 2


async def test_double_click_before_settling_has_exactly_one_winner(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await start_toy(fake)
    fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 2})
    await fake.settle()
    msg = fake.last_message(srv.channel)
    first = fake.click(msg, "toy:bump:1:0", srv.alice)
    second = fake.click(msg, "toy:bump:1:0", srv.bob)
    await fake.settle()
    assert first.callback_types == second.callback_types == [6]
    assert bot.versions == {1: 1}
    assert fake.message(msg.id).content == "Game 1 at v1"
    turned_away = [i for i in (first, second) if i.followups]
    assert len(turned_away) == 1 and turned_away[0].followups[0].content == "The board has moved on."
    assert turned_away[0].followups[0].ephemeral
    assert len(fake.requests_to("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")) == 1


async def test_after_a_restart_the_old_message_button_still_works(fake: Fakecord) -> None:
    srv = fake.basic_server()
    versions: dict[int, int] = {}
    first_bot = await fake.start_bot(lambda: ToyBot(versions))
    fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 4})
    await fake.settle()
    old = fake.last_message(srv.channel)
    second_bot = await fake.restart(lambda: ToyBot(versions))
    assert first_bot.is_closed() and second_bot is fake.bot and second_bot is not first_bot
    i = fake.click(old, "toy:bump:1:0", srv.carol)
    await fake.settle()
    assert i.callback_types == [6] and fake.message(old.id).content == "Game 1 at v1"
    with pytest.raises(RuntimeError, match="Session is closed"):
        await first_bot.get_partial_messageable(srv.channel.id).send("from the dead bot")


async def test_an_ephemeral_reply_reaches_only_its_user(fake: Fakecord) -> None:
    srv = fake.basic_server()
    await start_toy(fake)
    i = fake.slash(srv.alice, srv.channel, "istanbul hand")
    await fake.settle()
    assert i.callback_types == [4] and i.original is not None and i.original.ephemeral
    assert [m.content for m in fake.ephemerals(srv.alice)] == ["Your cards: Sultan, Bazaar"]
    assert fake.ephemerals(srv.bob) == [] and fake.messages_in(srv.channel) == []
    assert fake.messages_in(srv.channel, ephemeral=True)[0].recipient_id == srv.alice.id


async def test_dm_is_sent_and_a_closed_dm_raises_forbidden(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await start_toy(fake)
    fake.slash(srv.alice, srv.channel, "istanbul dm")
    fake.close_dms(srv.bob)
    closed = fake.slash(srv.bob, srv.channel, "istanbul dm")
    await fake.settle()
    assert fake.last_dm(srv.alice).content == "Your cards, Alice"
    assert [m.content for m in fake.ephemerals(srv.alice)] == ["Sent by DM."]
    assert fake.dms(srv.bob) == [] and closed.replies[0].content == "Your DMs are closed (50007)."
    assert closed.replies[0].ephemeral  # the first followup keeps the defer's ephemeral flag
    assert len(fake.requests_to("POST", "/users/@me/channels")) == 2
    with pytest.raises(discord.Forbidden) as exc:
        await (await bot.create_dm(discord.Object(srv.bob.id))).send("hello")
    assert (exc.value.status, exc.value.code) == (403, 50007)


async def test_editing_a_deleted_message_raises_not_found(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await start_toy(fake)
    sent = await bot.get_partial_messageable(srv.channel.id).send("turn 1")
    fake.delete_message(sent.id)
    partial = bot.get_partial_messageable(srv.channel.id).get_partial_message(sent.id)
    with pytest.raises(discord.NotFound) as exc:
        await partial.edit(content="turn 2")
    assert (exc.value.status, exc.value.code) == (404, 10008)
    with pytest.raises(discord.NotFound):
        await partial.fetch()
    assert fake.messages_in(srv.channel) == []


async def test_payloads_over_discord_limits_are_rejected(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await start_toy(fake)
    channel = bot.get_partial_messageable(srv.channel.id)
    with fake.rejects(r"content is 2001 characters \(max 2000\)"):
        await channel.send("x" * 2001)
    with fake.rejects(r"embed\[0\] description is 4097 characters \(max 4096\)"):
        await channel.send(embed=discord.Embed(description="d" * 4097))

    async def raw(components: list[dict[str, Any]]) -> None:
        route = Route("POST", MESSAGES, channel_id=srv.channel.id)
        await bot.http.request(route, json={"content": "raw", "components": components})

    def button(n: int, custom_id: str | None = None) -> dict[str, Any]:
        return {"type": 2, "style": 1, "label": f"b{n}", "custom_id": custom_id or f"b:{n}"}

    with fake.rejects(r"row 0 buttons is 6 buttons \(max 5\)"):
        await raw([{"type": 1, "components": [button(n) for n in range(6)]}])
    with fake.rejects(r"custom_id 'c+' is 101 characters"):
        await raw([{"type": 1, "components": [button(0, "c" * 101)]}])
    with fake.rejects(r"select options is 26 options \(max 25\)"):
        options = [{"label": f"o{n}", "value": f"o{n}"} for n in range(26)]
        await raw([{"type": 1, "components": [{"type": 3, "custom_id": "pick", "options": options}]}])
    with fake.rejects(r"action rows is 6 rows"):
        await raw([{"type": 1, "components": [button(n)]} for n in range(6)])
    with fake.rejects(r"used twice"):
        await raw([{"type": 1, "components": [button(0, "same"), button(1, "same")]}])
    assert fake.messages_in(srv.channel) == [] and fake.violations == []


async def test_an_exception_in_a_callback_fails_the_test_through_the_log_guard(
        fake: Fakecord, discord_errors: LogGuard) -> None:
    srv = fake.basic_server()
    bot = await start_toy(fake)
    view = discord.ui.View(timeout=None)
    view.add_item(Boom())
    sent = await bot.get_partial_messageable(srv.channel.id).send("danger", view=view)
    fake.click(sent.id, "toy:boom", srv.alice, expect_unanswered=True)
    await fake.settle()  # discord.py swallowed the exception: nothing raised here
    with pytest.raises(pytest.fail.Exception) as failure:
        discord_errors.check()
    report = str(failure.value)
    assert "Ignoring exception in dynamic item callback" in report
    assert "RuntimeError: boom in a toy callback" in report and "Traceback" in report
    discord_errors.clear()  # expected here; any other test would now fail


async def test_tree_sync_is_recorded_as_a_put(fake: Fakecord) -> None:
    srv = fake.basic_server()
    bot = await start_toy(fake)
    synced = await bot.tree.sync()
    [put] = fake.requests_to("PUT", "/applications/{application_id}/commands")
    [group] = put.json
    assert group["name"] == "istanbul" and [o["name"] for o in group["options"]] == ["admin", "new", "hand", "dm"]
    assert [c.name for c in synced] == ["istanbul"] and synced[0].id == int(fake.commands()[0]["id"])
    i = fake.slash(srv.bob, srv.channel, "istanbul admin skip", {"seat": 2})
    await fake.settle()
    assert i.original is not None and i.original.content == "skip 2: not allowed"
