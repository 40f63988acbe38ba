"""The one scheme for lists of choices (bot/discord_ui/choices.py) on its own: buttons while they
fit, selects of up to 25 beyond, each select with its own custom_id; where the notes go; the card
plays of every deck a player holds."""

from __future__ import annotations

from typing import Any

import discord

import tests.testkinds as testkinds
from bot import engine
from bot.discord_ui import card_payloads, payloads
from bot.discord_ui.choices import Choice, choice_items, note_lines
from bot.discord_ui.items import CardButton, CardSelect, OptionButton, OptionSelect
from bot.engine import Decision, Option

NAMES = {0: "Ann", 1: "Bob", 2: "Cem"}


def decision(n: int, *, private: int = 0, decision_id: int = 7) -> Decision:
    options = tuple(Option(f"o.{i}", f"Choice {i}") for i in range(n))
    options += tuple(Option(f"c.card{i}", f"Play card {i}", private=True) for i in range(private))
    return Decision(decision_id, 0, "test_huge", "{seat:0}: choose.", options, options[0].code)


def custom_ids(items: list[Any]) -> list[str]:
    return [i.item.custom_id for i in items]


def test_buttons_while_they_fit_then_one_select_per_twenty_five_each_with_its_own_id() -> None:
    for count, rows, selects in ((20, 4, 0), (21, 4, 1), (25, 5, 0), (26, 5, 2), (60, 4, 3), (100, 4, 4), (125, 5, 5)):
        d = decision(count)
        items = payloads.option_items(5, d, list(d.options), NAMES, rows=rows)
        if selects == 0:
            assert all(isinstance(i, OptionButton) for i in items) and len(items) == count
            assert max(i.item.row for i in items) < rows  # type: ignore[union-attr]
            continue
        assert all(isinstance(i, OptionSelect) for i in items) and len(items) == selects, count
        assert custom_ids(items) == [f"ist:s:5:7:{part}" for part in range(selects)]
        offered = [o.value for i in items for o in i.item.options]  # type: ignore[attr-defined]
        assert offered == [o.code for o in d.options]  # every option, in the engine's order
        assert all(len(i.item.options) <= 25 for i in items)  # type: ignore[attr-defined]
        assert [i.item.row for i in items] == list(range(selects))  # type: ignore[attr-defined]


def test_a_note_is_a_select_options_description_or_a_line_for_buttons() -> None:
    notes = [Choice(f"o.{i}", f"Move to Place {i} ({i})", "pay 2 Lira (Blue)" if i % 2 else "") for i in range(30)]

    def button(c: Choice, label: str, row: int) -> discord.ui.Item[Any]:
        return OptionButton(1, 2, c.code, label=label, row=row)

    def select(part: int, options: list[discord.SelectOption], placeholder: str, row: int) -> discord.ui.Item[Any]:
        return OptionSelect(1, 2, options, placeholder=placeholder, row=row, part=part)

    as_selects = choice_items(notes, 4, button, select)
    descriptions = [o.description for i in as_selects for o in i.item.options]  # type: ignore[attr-defined]
    assert descriptions == [c.note or None for c in notes]
    assert note_lines(notes, 4) == []  # nothing repeated under the question
    few = notes[:6]
    as_buttons = choice_items(few, 4, button, select)
    assert [i.item.label for i in as_buttons] == [c.label for c in few]  # type: ignore[attr-defined]
    assert note_lines(few, 4) == [f"**Move to Place {i} ({i})**: pay 2 Lira (Blue)" for i in (1, 3, 5)]


def test_the_turn_message_shows_where_each_move_leads_without_cutting_the_place() -> None:
    state = engine.new_game(engine.GameSettings(players=3, layout="in_order"), ["red", "blue", "green"], 3)
    d = engine.pending(state)
    assert d is not None and d.kind == "move"
    public = engine.view(state, None)
    seat = payloads.Seat(d.player, "Ann", "red", 1234, False)
    payload = payloads.turn_payload(1, public, d, seat, NAMES, [], (), ping=False)
    notes = engine_previews(public, d)
    assert notes, "a move at the start always meets something (the other merchants at the Fountain...)"
    text = payload.embed.description or ""  # type: ignore[union-attr]
    for code, note in notes.items():
        label = d.option(code).label  # type: ignore[union-attr]
        assert f"**{label}**: {note}" in text
    labels = [getattr(i.item, "label", "") for i in payload.view.children]  # type: ignore[union-attr, attr-defined]
    assert all(len(label) <= 80 for label in labels)
    assert {d.option(c).label for c in notes} <= set(labels)  # type: ignore[union-attr]


def engine_previews(public: engine.View, d: Decision) -> dict[str, str]:
    from bot.engine.preview import previews

    return previews(public, d)


def test_the_cards_list_reads_every_deck_a_player_holds() -> None:
    state = testkinds.deck_position().copy()
    state.players[0].cards = ("good", "good", "sultan2")
    state.players[0].hands = {**state.players[0].hands, "testhand": ("t1", "t3")}
    own = engine.view(state, 0)
    seat = payloads.Seat(0, "Ann", "red", 1234, False)
    shown = card_payloads.cards_payload(1, own, seat, b"png")
    assert shown.embed is not None and shown.embed.title == "Your cards (5)"
    text = shown.embed.description or ""
    assert "2× " in text and "Test card t1" in text and "Test card t3" in text
    assert custom_ids(shown.view.children) == [  # type: ignore[union-attr]
        "ist:c:1:c.good", "ist:c:1:c.sultan2", "ist:c:1:c.t1", "ist:c:1:c.t3"]  # fmt: skip


def test_a_cards_list_too_long_for_buttons_becomes_card_selects() -> None:
    cards = [Choice(f"c.k{i}", f"Play: card {i}") for i in range(40)]

    def button(c: Choice, label: str, row: int) -> discord.ui.Item[Any]:
        return CardButton(1, c.code, label=label, row=row)

    def select(part: int, options: list[discord.SelectOption], placeholder: str, row: int) -> discord.ui.Item[Any]:
        return CardSelect(1, part, options, placeholder=placeholder, row=row)

    items = choice_items(cards, 5, button, select)
    assert custom_ids(items) == ["ist:k:1:0", "ist:k:1:1"]
    assert [o.value for i in items for o in i.item.options] == [c.code for c in cards]  # type: ignore[attr-defined]


def test_a_stale_answer_too_big_for_one_message_keeps_the_private_ones_behind_their_button() -> None:
    state = engine.new_game(engine.GameSettings(players=2), ["red", "blue"], 3)
    public = engine.view(state, None)
    small = payloads.decision_payload(1, public, decision(60, private=30), NAMES, "Moved on.")
    assert small.view is not None and len(small.view.children) == 4  # 90 options: four selects
    big = payloads.decision_payload(1, public, decision(100, private=100), NAMES, "Moved on.")
    ids = custom_ids(big.view.children)  # type: ignore[union-attr]
    assert ids == [f"ist:s:1:7:{i}" for i in range(4)] + ["ist:u:1:private"]
    offered = [o.value for i in big.view.children[:4] for o in i.item.options]  # type: ignore[union-attr, attr-defined]
    assert offered == [f"o.{i}" for i in range(100)]
