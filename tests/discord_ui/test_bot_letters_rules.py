"""Letters & Seals' rule options (`companion_usable_on_placement_turn`, `secret_society_bonus_per`,
`ls_bonus_deck`) through the real discord.py code: in `/istanbul new` (refused for a game without
the module), in the lobby's settings and its panel (offered and shown only while the module is in
play), and Letters & Seals' topics in `/istanbul rules`."""

from __future__ import annotations

import pytest

from bot.service import table_rules
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import command
from tests.discord_ui.rules_panel import open_panel, shows_topic, variants
from tests.service.helpers import fingerprint

LETTERS_RULES = ("companion_usable_on_placement_turn", "secret_society_bonus_per", "ls_bonus_deck")
NEXT_TURN = "Companion moves only from the turn after it is set out"
PER_VISIT = "Secret Society Lira to the first three visits, not players"
CARDS_ONLY = "Only the Letters & Seals bonus cards"
LETTERS_VARIANTS = ["companion_next_turn", "society_per_visit", "ls_cards_only"]


def test_the_rules_belong_to_the_module_and_the_deck_to_letters_alone() -> None:
    assert table_rules(("letters",)) == ("move_card_semantics", *LETTERS_RULES)
    assert not set(LETTERS_RULES) & set(table_rules(()) + table_rules(("mocha",)))
    bazaar = table_rules(("mocha", "letters"))  # the Great Bazaar takes every bonus card (D-21)
    assert "ls_bonus_deck" not in bazaar and "companion_usable_on_placement_turn" in bazaar


async def test_new_offers_the_rules_and_refuses_them_without_letters(env: Env) -> None:
    await env.fake.bot.sync_if_unknown()
    group = next(c for c in env.fake.commands() if c["name"] == "istanbul")
    new = next(o for o in group["options"] if o["name"] == "new")
    options = {o["name"]: o for o in new["options"]}
    assert [c["value"] for c in options["companion"]["choices"]] == ["same_turn", "next_turn"]
    assert [c["value"] for c in options["society_bonus"]["choices"]] == ["player", "action"]
    assert [c["value"] for c in options["bonus_deck"]["choices"]] == ["lsPlusBase", "lsOnly"]
    assert not any(options[name].get("required") for name in ("companion", "society_bonus", "bonus_deck"))
    before = await fingerprint(env.service)
    for name, value, words in [
        ("companion", "next_turn", "The companion rule belongs to Letters & Seals"),
        ("society_bonus", "action", "The Secret Society rule belongs to Letters & Seals"),
        ("bonus_deck", "lsOnly", "The choice of bonus cards belongs to Letters & Seals"),
    ]:
        reply = await command(env, env.srv.alice, "new", {"seats": 2, name: value})
        assert reply.content.startswith(words) and reply.content.endswith("pick that game or leave it out.")
    assert await fingerprint(env.service) == before


async def test_new_sets_the_rules_for_a_letters_table_and_the_lobby_shows_them(env: Env) -> None:
    options = {"game": "letters", "seats": 3, "companion": "next_turn", "society_bonus": "action",
               "bonus_deck": "lsOnly"}
    reply = await command(env, env.srv.alice, "new", options)
    assert "is open" in reply.content
    table = env.table
    shown = table.lobby().embed_text
    assert "Letters & Seals" in shown and NEXT_TURN in shown and PER_VISIT in shown and CARDS_ONLY in shown
    rules = (await table.game()).options.rules
    assert (rules.companion_usable_on_placement_turn, rules.secret_society_bonus_per, rules.ls_bonus_deck) == (
        False, "action", "lsOnly")
    before = await fingerprint(env.service)
    for name in ("companion", "society_bonus", "bonus_deck"):
        forged = await command(env, env.srv.bob, "new", {"game": "letters", "seats": 2, name: "some"})
        assert forged.content.startswith("Unknown rule for the ") and "'some'" in forged.content
    assert await fingerprint(env.service) == before


async def test_a_letters_table_uses_the_rulebooks_values_by_default(env: Env) -> None:
    reply = await command(env, env.srv.alice, "new", {"game": "letters", "seats": 2})
    assert "is open" in reply.content, reply.content
    table = env.table
    shown = table.lobby().embed_text
    rules = (await table.game()).options.rules
    assert (rules.companion_usable_on_placement_turn, rules.secret_society_bonus_per, rules.ls_bonus_deck) == (
        True, "player", "lsPlusBase")
    assert NEXT_TURN not in shown and PER_VISIT not in shown and CARDS_ONLY not in shown


async def test_a_base_table_never_shows_the_letters_rules(env: Env) -> None:
    table, panel = await open_panel(env, {"seats": 2})
    assert not set(LETTERS_VARIANTS) & {o.value for o in variants(table, panel).options}
    before = await fingerprint(env.service)
    for variant in LETTERS_VARIANTS:
        forged = env.fake.select(panel, f"ist:l:{table.game_id}:set.variants", [variant], env.srv.alice, forge=True)
        await env.fake.settle()
        assert forged.replies[-1].content == "Pick variants from the list."
    assert await fingerprint(env.service) == before


async def test_the_panel_turns_the_rules_on_and_off_for_a_letters_table(env: Env) -> None:
    table, panel = await open_panel(env, {"game": "letters", "seats": 2})
    select = variants(table, panel)
    assert [(o.value, o.default) for o in select.options][-3:] == [(v, False) for v in LETTERS_VARIANTS]
    assert "tavern_all" not in {o.value for o in select.options}
    env.fake.select(panel, f"ist:l:{table.game_id}:set.variants", [*LETTERS_VARIANTS, "walk"], env.srv.alice)
    await env.fake.settle()
    opts = (await table.game()).options
    assert (opts.rules.companion_usable_on_placement_turn, opts.rules.secret_society_bonus_per,
            opts.rules.ls_bonus_deck, opts.rules.move_card_semantics) == (False, "action", "lsOnly", "walk")
    assert CARDS_ONLY in table.lobby().embed_text
    panel = env.fake.message(panel.id)
    assert {o.value for o in variants(table, panel).options if o.default} == {*LETTERS_VARIANTS, "walk"}
    env.fake.select(panel, f"ist:l:{table.game_id}:set.variants", ["society_per_visit"], env.srv.alice)
    await env.fake.settle()
    opts = (await table.game()).options
    assert (opts.rules.companion_usable_on_placement_turn, opts.rules.secret_society_bonus_per,
            opts.rules.ls_bonus_deck) == (True, "action", "lsPlusBase")
    assert PER_VISIT in table.lobby().embed_text and CARDS_ONLY not in table.lobby().embed_text


@pytest.mark.parametrize(
    ("topic", "title"),
    [("22", "Kiosk"), ("auction", "Auction House"), ("K19", "K19 Off to the Fountain"), ("kiosk 5", "K05 Two spice"),
     ("c.pay3move", "Pay 3, go anywhere"), ("ldice", "Roll for a reward"), ("seals", "Letters and seals"),
     ("double move", "Double move"), ("companion", "Companion"), ("courier", "Courier")],
)
async def test_istanbul_rules_finds_the_modules_topics(env: Env, topic: str, title: str) -> None:
    await shows_topic(env, topic, title)


async def test_istanbul_rules_autocompletes_kiosk_tiles(env: Env) -> None:
    found = env.fake.autocomplete(env.srv.alice, env.srv.channel, "istanbul rules", "topic", "K1")
    await env.fake.settle()
    names = [c["name"] for c in found.choices]
    assert "K10 One jewelry" in names and "K19 Off to the Fountain" in names
