"""Which game a table plays (issue 21, item 1's surfaces) through the real discord.py code:
`/istanbul new game:` offers the playable games only, the creator's panel picks the game and its
layout together from the allowed pairs, and the lobby, `/istanbul games` and `/istanbul stats`
name the game. The base game, Mocha & Baksheesh, Letters & Seals and the Great Bazaar (both
expansions) are playable; some tests hold both expansions unplayable for a moment
(`only_base_playable`) to see a bot offering the base game alone, or the Great Bazaar alone
unplayable (`playable_modules`) to see a game that has not landed refused."""

from __future__ import annotations

from typing import Any

import pytest

import bot.discord_ui.commands  # noqa: F401,E402  (its game choices are fixed at import: before a test holds a game unplayable)
from tests.discord_ui.botkit import Env, Table
from tests.discord_ui.dayskit import click, command
from tests.discord_ui.test_days_lifecycle import finished_game
from tests.playable import mocha_playable, only_base_playable, playable_mocha, playable_modules  # noqa: F401  (fixtures by name)
from tests.service.helpers import fingerprint

BASE_LAYOUTS = {
    "short": "Short paths (recommended for a first game)",
    "long": "Long paths",
    "in_order": "Places in number order",
    "random": "Random (Fountain inside, Black Market and Tea House apart)",
}


def _new_options(env: Env) -> dict[str, Any]:
    """The options of /istanbul new as the last sync registered them with Discord."""
    group = next(c for c in env.fake.commands() if c["name"] == "istanbul")
    new = next(o for o in group["options"] if o["name"] == "new")
    return {o["name"]: o for o in new["options"]}


async def test_new_offers_the_playable_games(env: Env) -> None:
    """The choices are fixed when the bot starts: the playable games (the base game, Mocha &
    Baksheesh, Letters & Seals and the Great Bazaar) and every layout any of them takes."""
    await env.fake.bot.sync_if_unknown()
    options = _new_options(env)
    assert [(c["name"], c["value"]) for c in options["game"]["choices"]] == [
        ("Base game", "base"), ("Mocha & Baksheesh", "mocha"), ("Letters & Seals", "letters"),
        ("The Great Bazaar", "bazaar"),
    ]
    assert [c["value"] for c in options["layout"]["choices"]] == ["short", "long", "in_order", "random", "first"]
    assert not options["game"].get("required") and not options["layout"].get("required")


@pytest.mark.usefixtures("only_base_playable")
@pytest.mark.parametrize(
    ("game", "sentence"),
    [
        ("mocha", "Mocha & Baksheesh is not playable yet."),
        ("letters", "Letters & Seals is not playable yet."),
        ("bazaar", "The Great Bazaar is not playable yet."),
        ("coffee", "There is no game called 'coffee'."),
    ],
)
async def test_a_stale_or_forged_game_is_refused_in_one_sentence(env: Env, game: str, sentence: str) -> None:
    before = await fingerprint(env.service)
    reply = await command(env, env.srv.alice, "new", {"game": game, "seats": 2})
    assert reply.content == sentence
    assert await fingerprint(env.service) == before
    assert env.fake.messages_in(env.srv.channel) == []


async def test_the_great_bazaar_is_offered_on_its_random_layout_only(env: Env) -> None:
    """Both expansions together (the Great Bazaar) are a game of their own: /istanbul new opens
    it on the random 5x5 layout, a typed layout it does not allow is refused in one sentence and
    changes nothing, and the panel offers it once, with its one layout."""
    before = await fingerprint(env.service)
    reply = await command(env, env.srv.alice, "new", {"game": "bazaar", "seats": 3, "layout": "first"})
    assert reply.content == "The Great Bazaar is played on a random layout, not on the first-game layout."
    assert await fingerprint(env.service) == before
    table, panel = await _panel(env)
    assert [(o.value, o.label) for o in _layout_select(table, panel).options if o.value.startswith("bazaar")] == [
        ("bazaar.random", "The Great Bazaar · Random layout")
    ]
    env.fake.select(panel, f"ist:l:{table.game_id}:set.layout", ["bazaar.random"], env.srv.alice)
    await env.fake.settle()
    game = await table.game()
    assert (game.options.expansions, game.options.layout) == (("mocha", "letters"), "random")
    assert "**Game:** The Great Bazaar" in table.lobby().embed_text
    before = await fingerprint(env.service)
    pick = env.fake.select(panel, f"ist:l:{table.game_id}:set.layout", ["bazaar.first"], env.srv.alice, forge=True)
    await env.fake.settle()
    assert pick.replies[-1].ephemeral and pick.replies[-1].content == "Pick one of the layouts offered."
    assert await fingerprint(env.service) == before


async def test_a_game_that_has_not_landed_is_refused(env: Env) -> None:
    """With the Great Bazaar held unplayable (as before it landed), /istanbul new and a forged
    panel pick refuse it in one sentence and change nothing."""
    table, panel = await _panel(env)
    with playable_modules(("mocha", "letters"), False):
        before = await fingerprint(env.service)
        reply = await command(env, env.srv.alice, "new", {"game": "bazaar", "seats": 3})
        assert reply.content == "The Great Bazaar is not playable yet."
        pick = env.fake.select(panel, f"ist:l:{table.game_id}:set.layout", ["bazaar.random"], env.srv.alice, forge=True)
        await env.fake.settle()
        assert pick.replies[-1].ephemeral and pick.replies[-1].content == "The Great Bazaar is not playable yet."
        assert await fingerprint(env.service) == before


async def test_the_base_game_by_name_or_by_default(env: Env) -> None:
    reply = await command(env, env.srv.alice, "new", {"game": "base", "seats": 2})
    assert "is open" in reply.content
    table = env.table
    table.lobby()
    game = await table.game()
    assert game.options.expansions == () and game.options.layout == "short"
    lobby = table.lobby().embed_text
    assert "**Game:** Base game" in lobby and "**Layout:** Short paths" in lobby


async def test_a_layout_the_game_does_not_allow_is_refused(env: Env) -> None:
    before = await fingerprint(env.service)
    reply = await command(env, env.srv.alice, "new", {"layout": "first", "seats": 2})
    assert reply.content == (
        "The base game is played on short paths, long paths, the places in number order or a random layout, "
        "not on the first-game layout."
    )
    assert await fingerprint(env.service) == before


async def _panel(env: Env) -> tuple[Table, Any]:
    """A lobby opened by Alice and her settings panel."""
    fake, srv = env.fake, env.srv
    fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 3})
    await fake.settle()
    table = env.table
    lobby = table.lobby()
    opened = fake.click(lobby, f"ist:l:{table.game_id}:settings", srv.alice)
    await fake.settle()
    return table, opened.replies[-1]


def _layout_select(table: Table, panel: Any) -> Any:
    return next(s for s in panel.selects if s.custom_id == f"ist:l:{table.game_id}:set.layout")


@pytest.mark.usefixtures("only_base_playable")
async def test_with_only_the_base_game_the_panel_shows_the_base_layouts(env: Env) -> None:
    table, panel = await _panel(env)
    assert len(panel.selects) == 5 and len(panel.components) <= 5
    select = _layout_select(table, panel)
    assert [(o.value, o.label) for o in select.options] == list(BASE_LAYOUTS.items())
    assert [o.value for o in select.options if o.default] == ["short"]


@pytest.mark.usefixtures("only_base_playable")
@pytest.mark.parametrize(
    ("value", "sentence"),
    [
        ("mocha.first", "Mocha & Baksheesh is not playable yet."),
        ("bazaar.random", "The Great Bazaar is not playable yet."),
        ("first", "Pick one of the layouts offered."),
        ("coffee.first", "There is no game called 'coffee'."),
        ("", "Pick one of the layouts offered."),
    ],
)
async def test_a_forged_game_or_layout_in_the_panel_changes_nothing(env: Env, value: str, sentence: str) -> None:
    table, panel = await _panel(env)
    before = await fingerprint(env.service)
    lobby = table.lobby().embed_text
    pick = env.fake.select(panel, f"ist:l:{table.game_id}:set.layout", [value], env.srv.alice, forge=True)
    await env.fake.settle()
    assert pick.replies[-1].ephemeral and pick.replies[-1].content == sentence
    assert await fingerprint(env.service) == before
    assert table.lobby().embed_text == lobby


async def test_the_panel_picks_the_game_and_its_layout_together(env: Env) -> None:
    table, panel = await _panel(env)
    select = _layout_select(table, panel)
    assert select.placeholder == "Game and layout"
    assert [o.value for o in select.options] == [
        "short", "long", "in_order", "random", "mocha.first", "mocha.random", "letters.first", "letters.random",
        "bazaar.random",
    ]
    assert select.options[0].label == "Base game · Short paths (recommended for a first game)"
    assert select.options[4].label == "Mocha & Baksheesh · First-game layout (recommended for a first game)"
    assert select.options[7].label == "Letters & Seals · Random layout"
    env.fake.select(panel, f"ist:l:{table.game_id}:set.layout", ["mocha.first"], env.srv.alice)
    await env.fake.settle()
    game = await table.game()
    assert (game.options.expansions, game.options.layout) == (("mocha",), "first")
    lobby = table.lobby().embed_text
    assert "**Game:** Mocha & Baksheesh" in lobby and "**Layout:** First-game layout" in lobby
    panel = env.fake.message(panel.id)
    assert [o.value for o in _layout_select(table, panel).options if o.default] == ["mocha.first"]
    # a pairing the engine refuses is never offered, and refused when forged
    before = await fingerprint(env.service)
    pick = env.fake.select(panel, f"ist:l:{table.game_id}:set.layout", ["mocha.short"], env.srv.alice, forge=True)
    await env.fake.settle()
    assert pick.replies[-1].content == "Pick one of the layouts offered."
    assert await fingerprint(env.service) == before
    env.fake.select(panel, f"ist:l:{table.game_id}:set.layout", ["letters.random"], env.srv.alice)
    await env.fake.settle()
    game = await table.game()
    assert (game.options.expansions, game.options.layout) == (("letters",), "random")
    assert "**Game:** Letters & Seals" in table.lobby().embed_text
    env.fake.select(panel, f"ist:l:{table.game_id}:set.layout", ["long"], env.srv.alice)
    await env.fake.settle()
    game = await table.game()
    assert (game.options.expansions, game.options.layout) == ((), "long")


@pytest.mark.parametrize(("key", "title", "expansions", "layout"), [
    ("mocha", "Mocha & Baksheesh", ("mocha",), "first"), ("letters", "Letters & Seals", ("letters",), "first"),
    ("bazaar", "The Great Bazaar", ("mocha", "letters"), "random"),
])
async def test_new_takes_a_playable_game_with_its_default_layout(
    env: Env, key: str, title: str, expansions: tuple[str, ...], layout: str
) -> None:
    reply = await command(env, env.srv.alice, "new", {"game": key, "seats": 2})
    assert "is open" in reply.content
    table = env.table
    table.lobby()
    game = await table.game()
    assert (game.options.expansions, game.options.layout) == (expansions, layout)
    assert f"**Game:** {title}" in table.lobby().embed_text


async def test_games_names_the_game(env: Env) -> None:
    await command(env, env.srv.alice, "new", {"seats": 2})
    table = env.table
    table.lobby()
    games = await command(env, env.srv.alice, "games")
    assert f"#{table.game_id} · " in games.embed_text
    assert "· Base game · waiting in the lobby" in games.embed_text


@pytest.mark.usefixtures("mocha_playable")
async def test_stats_keep_games_of_different_modules_apart(env: Env) -> None:
    srv, svc = env.srv, env.service
    await finished_game(svc, srv.channel, [srv.alice, srv.bob], [5, 2])
    mocha = await finished_game(svc, srv.channel, [srv.alice, srv.bob], [2, 6], expansions=["mocha"])
    await finished_game(svc, srv.channel, [srv.alice, srv.bob], [4, 1])
    assert (await svc.load(mocha)).options.expansions == ("mocha",)
    records = await svc.records(str(srv.alice.id))
    assert [r.game for r in records] == ["Base game", "Mocha & Baksheesh", "Base game"]
    stats = await command(env, srv.alice, "stats")
    assert stats.embed_text.splitlines()[1:] == [
        "**Bazaar** · Base game: 2 finished, 2 won, 4.5 rubies on average",
        "**Bazaar** · Mocha & Baksheesh: 1 finished, 0 won, 2.0 rubies on average",
    ]


@pytest.mark.usefixtures("only_base_playable")
async def test_a_table_whose_game_is_no_longer_playable_is_listed_refused_at_the_start_and_can_switch(
    env: Env,
) -> None:
    """A lobby chosen while Mocha & Baksheesh was playable (a build where it was) still loads: it
    is listed, its start is refused in the one sentence, and its creator can pick the base game."""
    srv = env.srv
    with playable_mocha():
        await command(env, srv.alice, "new", {"game": "mocha", "seats": 2, "computers": 1})
    table = env.table
    lobby = table.lobby()
    games = await command(env, srv.alice, "games")
    assert "· Mocha & Baksheesh · waiting in the lobby" in games.embed_text
    before = await fingerprint(env.service)
    start = await click(env, lobby, f"ist:l:{table.game_id}:start", srv.alice)
    assert start.content == "Mocha & Baksheesh is not playable yet."
    assert await fingerprint(env.service) == before
    opened = env.fake.click(lobby, f"ist:l:{table.game_id}:settings", srv.alice)
    await env.fake.settle()
    env.fake.select(opened.replies[-1], f"ist:l:{table.game_id}:set.layout", ["short"], srv.alice)
    await env.fake.settle()
    assert "**Game:** Base game" in table.lobby().embed_text
    env.fake.click(table.lobby(), f"ist:l:{table.game_id}:start", srv.alice)
    await env.fake.settle()
    assert (await table.game()).row.status == "active"
