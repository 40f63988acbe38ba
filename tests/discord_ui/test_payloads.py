"""The message builders on their own: names, limits, buttons or a select, private options."""

from __future__ import annotations

import discord

from bot import engine
from bot.discord_ui import card_payloads, payloads
from bot.discord_ui.text import newest_lines
from bot.engine import Decision, Option
from bot.service import Picture

PICTURES = (Picture("board.png", b"png", "Red: Fountain. The board"), Picture("players.png", b"png2", "Red: Fountain."))

NAMES = {0: "**Ann**_@everyone", 1: "Bob"}


def decision(n: int, *, private: int = 0) -> Decision:
    options = tuple(Option(f"go.{i}", f"Move to place {i}, paying {{seat:0}}") for i in range(n))
    options += tuple(Option(f"c.card{i}", f"Play card {i}", private=True) for i in range(private))
    return Decision(7, 0, "move", "{seat:0}: move your merchant.", options, options[0].code)


def test_names_are_harmless_in_text_and_verbatim_in_labels() -> None:
    d = decision(3)
    items = payloads.option_items(5, d, list(d.options), NAMES)
    assert isinstance(items[0], payloads.OptionButton)
    assert items[0].item.label == "Move to place 0, paying **Ann**_@everyone"
    text = payloads.fill(d.prompt, NAMES)
    assert "\\*\\*Ann" in text and "@everyone" not in text.replace("@\u200beveryone", "")


def test_up_to_twenty_options_are_buttons_in_four_rows_and_more_become_one_select() -> None:
    d20 = decision(20)
    buttons = payloads.option_items(5, d20, list(d20.options), NAMES)
    assert len(buttons) == 20 and {b.row for b in buttons} == {0, 1, 2, 3}
    d25 = decision(25)
    select = payloads.option_items(5, d25, list(d25.options), NAMES)
    assert len(select) == 1 and isinstance(select[0], payloads.OptionSelect)
    assert [o.value for o in select[0].item.options] == [o.code for o in d25.options]


def test_the_public_part_of_a_decision_never_shows_private_options() -> None:
    d = decision(3, private=2)
    assert [o.code for o in payloads.public_part(d)] == ["go.0", "go.1", "go.2"]
    offer = payloads.private_options_payload(5, d, NAMES)
    assert offer.view is not None
    assert [c.custom_id for c in offer.view.children] == ["ist:o:5:7:c.card0", "ist:o:5:7:c.card1"]
    none = payloads.private_options_payload(5, decision(2), NAMES)
    assert none.view is None and "None of your cards" in (none.content or "")


def test_a_long_story_keeps_the_newest_lines_and_points_to_the_log() -> None:
    lines = [f"line {i} " + "x" * 80 for i in range(200)]
    text = newest_lines(lines, 4096)
    assert len(text) <= 4096 and text.startswith("…") and text.endswith(lines[-1])
    assert "/istanbul log" in text.splitlines()[0]
    assert newest_lines(["short"], 4096) == "short"


def test_the_turn_message_pings_only_its_decider() -> None:
    state = engine.new_game(engine.GameSettings(players=2), ["red", "blue"], 3)
    d = engine.pending(state)
    assert d is not None
    seat = payloads.Seat(d.player, "Ann", "red", 1234, False)
    payload = payloads.turn_payload(1, engine.view(state, None), d, seat, NAMES, ["a line"], PICTURES, ping=True)
    kwargs = payload.send_kwargs()
    mentions: discord.AllowedMentions = kwargs["allowed_mentions"]
    assert mentions.everyone is False and mentions.roles is False
    assert [u.id for u in mentions.users] == [1234]  # type: ignore[union-attr]
    quiet = payloads.turn_payload(1, engine.view(state, None), d, seat, NAMES, [], PICTURES, ping=False)
    assert quiet.send_kwargs()["allowed_mentions"].users is False


def test_the_pictures_come_in_two_embeds_with_their_alt_texts() -> None:
    """The board in the first embed (with the story), the players picture in an embed of its
    own under it (as wide as the message allows, for phones) with the footer; each file carries
    its alt text; an edit without pictures keeps the message's files and both embeds."""
    state = engine.new_game(engine.GameSettings(players=2), ["red", "blue"], 3)
    d = engine.pending(state)
    assert d is not None
    seat = payloads.Seat(d.player, "Ann", "red", 1234, False)
    kwargs = payloads.turn_payload(1, engine.view(state, None), d, seat, NAMES, [], PICTURES, ping=True).send_kwargs()
    board, players = kwargs["embeds"]
    assert board.image.url == "attachment://board.png" and players.image.url == "attachment://players.png"
    assert board.footer.text is None and (players.footer.text or "").startswith("Istanbul · game #1")
    files = kwargs["files"]
    assert [(f.filename, f.description) for f in files] == [
        ("board.png", "Red: Fountain. The board"), ("players.png", "Red: Fountain.")]  # fmt: skip
    retired = payloads.retired_payload(1, 3, seat, ["a line"]).edit_kwargs()
    assert "attachments" not in retired and [e.image.url for e in retired["embeds"]] == [
        "attachment://board.png", "attachment://players.png"]  # fmt: skip


def test_the_end_names_the_winner_or_those_who_share_the_win_and_the_seed() -> None:
    state = engine.new_game(engine.GameSettings(players=2), ["red", "blue"], 7)
    public = engine.view(state, None)
    standings = [(1, "**Ann**", "5 rubies"), (2, "Bob", "4 rubies")]
    alone = payloads.end_payload(3, public, standings, 1234, PICTURES, ["**Ann**"])
    assert alone.embed is not None and alone.embed.title == "Game over — \\*\\*Ann\\*\\* wins!"
    assert "This game's seed was 1234." in (alone.embed.description or "")
    assert [i.item.custom_id for i in alone.view.children] == ["ist:u:3:rematch", "ist:u:3:log"]  # type: ignore[union-attr, attr-defined]
    shared = payloads.end_payload(3, public, standings, None, PICTURES, ["**Ann**", "Bob"])
    assert shared.embed is not None and shared.embed.title == "Game over — \\*\\*Ann\\*\\*, Bob share the win!"
    assert "seed" not in (shared.embed.description or "")


def test_every_count_agrees_with_its_noun() -> None:
    assert payloads.standing_detail(1, 1, 1, 1) == "1 ruby · 1 Lira · 1 good · 1 bonus card"
    assert payloads.standing_detail(0, 12, 3, 2) == "0 rubies · 12 Lira · 3 goods · 2 bonus cards"
    state = engine.new_game(engine.GameSettings(players=2), ["red", "blue"], 3)
    seat = payloads.Seat(0, "Ann", "red", 1234, False)
    for grace, wait in ((1, "about 1 second;"), (60, "about 60 seconds;"), (60 * 60, "about 60 minutes;"),
                        (90, "about 90 seconds;"), (150, "about 2 minutes;")):
        over = payloads.over_payload(1, engine.view(state, None), seat, NAMES, [], PICTURES, "Bob", grace, 4)
        assert over.embed is not None and wait.replace(";", "") in (over.embed.description or ""), grace


def test_the_cards_message_names_the_mosque_tiles_it_lists() -> None:
    state = engine.new_game(engine.GameSettings(players=2), ["red", "blue"], 3)
    state = state.copy()
    state.players[0].cards = ()
    state.players[0].mosque_tiles = ("red",)
    own = engine.view(engine.validate(state), 0)
    seat = payloads.Seat(0, "Ann", "red", 1234, False)
    shown = card_payloads.cards_payload(1, own, seat, b"png")
    assert shown.embed is not None and shown.embed.title == "Your bonus cards (0) and mosque tiles (1)"


def test_a_decision_with_only_private_options_names_its_decider_on_the_button() -> None:
    state = engine.new_game(engine.GameSettings(players=2), ["red", "blue"], 3)
    seat = payloads.Seat(0, "Ann", "red", 1234, False)
    d = decision(0, private=2)
    payload = payloads.turn_payload(1, engine.view(state, None), d, seat, NAMES, [], PICTURES, ping=False)
    labels = [getattr(i.item, "label", None) for i in payload.view.children]  # type: ignore[union-attr, attr-defined]
    assert "Ann: choose privately…" in labels
    some_public = payloads.turn_payload(1, engine.view(state, None), decision(2, private=1), seat, NAMES, [], PICTURES,
                                        ping=False)
    assert "Choose privately…" in [getattr(i.item, "label", None) for i in some_public.view.children]  # type: ignore[union-attr, attr-defined]


def test_the_end_names_the_game_and_which_tie_break_decided_each_place() -> None:
    state = engine.new_game(engine.GameSettings(players=3, layout="long"), ["red", "blue", "green"], 7).copy()
    for seat, (rubies, lira) in enumerate(((5, 10), (5, 14), (3, 30))):
        state.players[seat].rubies = rubies
        state.players[seat].lira = lira
    names = {0: "Ann", 1: "Bob", 2: "Cem"}
    standings = payloads.standings_of(state, names)
    assert [(rank, name) for rank, name, _ in standings] == [(1, "Bob"), (2, "Ann"), (3, "Cem")]
    assert standings[0][2].endswith(" — ahead on Lira 14–10")
    assert standings[1][2].endswith(" — ahead on rubies 5–3")
    assert standings[2][2].endswith(" — behind on rubies 3–5")
    shown = payloads.end_payload(3, engine.view(state, None), standings, None, PICTURES, ["Bob"])
    text = shown.embed.description or ""  # type: ignore[union-attr]
    assert text.startswith("_Base game, long paths_\n")
    assert "1. **Bob** — 5 rubies · 14 Lira" in text and "ahead on Lira 14–10" in text
