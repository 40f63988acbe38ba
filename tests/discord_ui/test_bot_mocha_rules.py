"""Mocha & Baksheesh's rule option `two_player_tavern_tiles` through the real discord.py code: in
`/istanbul new` (refused for a game without the module), in the lobby's settings and its panel
(offered and shown only while the module is in play)."""

from __future__ import annotations

import pytest

from bot.service import table_rules
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import command
from tests.discord_ui.rules_panel import open_panel, shows_topic, variants
from tests.playable import mocha_playable  # noqa: F401  (a fixture)
from tests.service.helpers import fingerprint

ALL_TILES = "2 players: all four tiles in each Tavern pile"


def test_the_rule_belongs_to_the_module() -> None:
    assert table_rules(()) == ("move_card_semantics",)
    assert table_rules(("mocha",)) == ("move_card_semantics", "two_player_tavern_tiles")


async def test_new_offers_the_rule_and_refuses_it_without_mocha(env: Env) -> None:
    await env.fake.bot.sync_if_unknown()
    group = next(c for c in env.fake.commands() if c["name"] == "istanbul")
    new = next(o for o in group["options"] if o["name"] == "new")
    option = next(o for o in new["options"] if o["name"] == "tavern_tiles")
    assert [c["value"] for c in option["choices"]] == ["1and3", "all"] and not option.get("required")
    before = await fingerprint(env.service)
    reply = await command(env, env.srv.alice, "new", {"seats": 2, "tavern_tiles": "all"})
    assert reply.content == "The Tavern tiles rule belongs to Mocha & Baksheesh: pick that game or leave it out."
    assert await fingerprint(env.service) == before


@pytest.mark.usefixtures("mocha_playable")
async def test_new_sets_the_rule_for_a_mocha_table_and_the_lobby_shows_it(env: Env) -> None:
    reply = await command(env, env.srv.alice, "new", {"game": "mocha", "seats": 2, "tavern_tiles": "all"})
    assert "is open" in reply.content
    table = env.table
    assert ALL_TILES in table.lobby().embed_text
    game = await table.game()
    assert game.options.rules.two_player_tavern_tiles == "all"
    before = await fingerprint(env.service)
    forged = await command(env, env.srv.bob, "new", {"game": "mocha", "seats": 2, "tavern_tiles": "some"})
    assert "Tavern tiles" in forged.content and await fingerprint(env.service) == before


async def test_a_base_table_never_shows_the_tavern_rule(env: Env) -> None:
    table, panel = await open_panel(env, {"seats": 2})
    assert "tavern_all" not in [o.value for o in variants(table, panel).options]
    assert "Tavern" not in table.lobby().embed_text
    before = await fingerprint(env.service)
    forged = env.fake.select(panel, f"ist:l:{table.game_id}:set.variants", ["tavern_all"], env.srv.alice, forge=True)
    await env.fake.settle()
    assert forged.replies[-1].content == "Pick variants from the list."
    assert await fingerprint(env.service) == before


@pytest.mark.usefixtures("mocha_playable")
async def test_the_panel_turns_the_rule_on_and_off_for_a_mocha_table(env: Env) -> None:
    table, panel = await open_panel(env, {"game": "mocha", "seats": 2})
    select = variants(table, panel)
    assert [(o.value, o.default) for o in select.options][-1] == ("tavern_all", False)
    env.fake.select(panel, f"ist:l:{table.game_id}:set.variants", ["tavern_all", "walk"], env.srv.alice)
    await env.fake.settle()
    opts = (await table.game()).options
    assert (opts.rules.two_player_tavern_tiles, opts.rules.move_card_semantics) == ("all", "walk")
    assert ALL_TILES in table.lobby().embed_text
    panel = env.fake.message(panel.id)
    assert {o.value for o in variants(table, panel).options if o.default} == {"tavern_all", "walk"}
    env.fake.select(panel, f"ist:l:{table.game_id}:set.variants", [], env.srv.alice)
    await env.fake.settle()
    assert (await table.game()).options.rules.two_player_tavern_tiles == "1and3"
    assert ALL_TILES not in table.lobby().embed_text


@pytest.mark.parametrize(
    ("topic", "title"),
    [("guild 7", "Back to the Fountain (guild 7)"), ("g7", "Back to the Fountain (guild 7)"), ("tavern", "Tavern"),
     ("barrier", "Barrier"), ("20", "Coffee House"), ("movement tile", "Movement tile"),
     ("c.swap3", "Exchange up to 3")],
)
async def test_istanbul_rules_finds_the_modules_topics(env: Env, topic: str, title: str) -> None:
    await shows_topic(env, topic, title)


async def test_istanbul_rules_autocompletes_guild_cards(env: Env) -> None:
    found = env.fake.autocomplete(env.srv.alice, env.srv.channel, "istanbul rules", "topic", "guild 1")
    await env.fake.settle()
    names = [c["name"] for c in found.choices]
    assert "Free extension (guild 1)" in names and "Any place (guild 12)" in names
