"""The Great Bazaar's rule options through the real discord.py code: `catacombs_family_member_moves`
typed in `/istanbul new` (refused for a game without the Catacombs), every rule option of both
expansions with it in the lobby and its settings panel (within Discord's limits, which the fake
checks on every message), and the Catacombs in `/istanbul rules`."""

from __future__ import annotations

from bot.service import table_rules
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import command
from tests.discord_ui.rules_panel import open_panel, shows_topic, variants
from tests.service.helpers import fingerprint

MOVES_ON = "A family member sent to the Catacombs moves on"
ALL_OPTIONS = {"companion": "next_turn", "society_bonus": "action", "tavern_tiles": "all", "catacombs": "moves",
               "move_card": "walk", "neutral_assistants": True, "caravan_leader": True}
SHOWN = ["Neutral assistants (2-4 players)", "Caravan Leader", "'Move 3 or 4' walks any path (house rule)",
         "2 players: all four tiles in each Tavern pile", "Companion moves only from the turn after it is set out",
         "Secret Society Lira to the first three visits, not players", MOVES_ON]


def test_the_great_bazaar_takes_the_rules_of_both_expansions_and_its_own() -> None:
    assert table_rules(("mocha", "letters")) == (
        "move_card_semantics", "two_player_tavern_tiles", "companion_usable_on_placement_turn",
        "secret_society_bonus_per", "catacombs_family_member_moves",
    )
    for alone in ((), ("mocha",), ("letters",)):
        assert "catacombs_family_member_moves" not in table_rules(alone)


async def test_new_offers_the_catacombs_rule_and_refuses_it_for_another_game(env: Env) -> None:
    await env.fake.bot.sync_if_unknown()
    group = next(c for c in env.fake.commands() if c["name"] == "istanbul")
    new = next(o for o in group["options"] if o["name"] == "new")
    options = {o["name"]: o for o in new["options"]}
    assert [c["value"] for c in options["catacombs"]["choices"]] == ["stays", "moves"]
    assert not options["catacombs"].get("required")
    before = await fingerprint(env.service)
    for game in ("base", "mocha", "letters"):
        reply = await command(env, env.srv.alice, "new", {"game": game, "seats": 2, "catacombs": "moves"})
        assert reply.content == "The Catacombs rule belongs to The Great Bazaar: pick that game or leave it out."
    forged = await command(env, env.srv.alice, "new", {"game": "bazaar", "seats": 2, "catacombs": "sometimes"})
    assert forged.content == "Unknown rule for the Catacombs: 'sometimes'."
    assert await fingerprint(env.service) == before


async def test_every_option_typed_for_a_great_bazaar_table_shows_in_the_lobby_and_its_panel(env: Env) -> None:
    table, panel = await open_panel(env, {"game": "bazaar", "seats": 4, **ALL_OPTIONS})
    opts = (await table.game()).options
    assert opts.expansions == ("mocha", "letters") and opts.layout == "random"
    rules = opts.rules
    assert (rules.companion_usable_on_placement_turn, rules.secret_society_bonus_per, rules.two_player_tavern_tiles,
            rules.catacombs_family_member_moves, rules.move_card_semantics) == (False, "action", "all", True, "walk")
    lobby = table.lobby().embed_text
    assert "**Game:** The Great Bazaar" in lobby and "**Layout:** Random layout" in lobby
    for words in SHOWN:
        assert words in lobby, words
    assert "Only the Letters & Seals bonus cards" not in lobby  # every card is in a Great Bazaar game
    select = variants(table, panel)
    assert [o.value for o in select.options] == [
        "neutral_assistants", "caravan_leader", "walk", "tavern_all", "companion_next_turn", "society_per_visit",
        "catacombs_family",
    ]
    assert all(o.default for o in select.options)
    assert len(panel.components) <= 5


async def test_the_panel_turns_the_catacombs_rule_on_and_off(env: Env) -> None:
    table, panel = await open_panel(env, {"game": "bazaar", "seats": 3})
    assert not (await table.game()).options.rules.catacombs_family_member_moves
    assert MOVES_ON not in table.lobby().embed_text
    env.fake.select(panel, f"ist:l:{table.game_id}:set.variants", ["catacombs_family"], env.srv.alice)
    await env.fake.settle()
    assert (await table.game()).options.rules.catacombs_family_member_moves
    assert MOVES_ON in table.lobby().embed_text
    panel = env.fake.message(panel.id)
    assert {o.value for o in variants(table, panel).options if o.default} == {"catacombs_family"}
    env.fake.select(panel, f"ist:l:{table.game_id}:set.variants", [], env.srv.alice)
    await env.fake.settle()
    assert not (await table.game()).options.rules.catacombs_family_member_moves
    # switching to another game drops the rule from what is offered and shown
    env.fake.select(panel, f"ist:l:{table.game_id}:set.layout", ["mocha.first"], env.srv.alice)
    await env.fake.settle()
    opened = env.fake.click(table.lobby(), f"ist:l:{table.game_id}:settings", env.srv.alice)
    await env.fake.settle()
    assert "catacombs_family" not in [o.value for o in variants(table, opened.replies[-1]).options]


async def test_istanbul_rules_explains_the_catacombs_with_both_values_of_the_rule(env: Env) -> None:
    for topic in ("catacombs", "25", "Catacombs"):
        await shows_topic(env, topic, "Catacombs")
    reply = env.fake.slash(env.srv.alice, env.srv.channel, "istanbul rules", {"topic": "catacombs"})
    await env.fake.settle()
    text = reply.replies[-1].embeds[0]["description"]
    assert "1 good of your choice or 1 coffee" in text
    assert "never the family member" in text and "a family member sent here moves on instead" in text
    found = env.fake.autocomplete(env.srv.alice, env.srv.channel, "istanbul rules", "topic", "catac")
    await env.fake.settle()
    assert "Catacombs" in [c["name"] for c in found.choices]
