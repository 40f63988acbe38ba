"""Guild cards in a player's DM and "My cards" (read through `holdings`): each by its name and rule
text, a card-play button per kind (``ist:c:<game>:c.g7``) while they fit, a select beyond; nobody
else's payload changes when the hidden guild cards are dealt again."""

from __future__ import annotations

import re
from typing import Any

from bot import engine
from bot.discord_ui import card_payloads, payloads
from bot.discord_ui.items import CardButton, CardSelect
from bot.engine.mocha.guild_deck import GUILD_DECK
from bot.engine.texts import CARD_TEXTS
from bot.render import render_private
from tests.mocha_positions import mocha_position

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]
GUILD_PLAY = re.compile(r"ist:c:9:c\.g\d+")


def _seat(g: engine.GameState, seat: int) -> payloads.Seat:
    return payloads.Seat(seat, NAMES[seat], g.players[seat].colour, 1000 + seat, False)


def _shown(g: engine.GameState, seat: int) -> payloads.Payload:
    own = engine.view(g, seat)
    return card_payloads.cards_payload(9, own, _seat(g, seat), render_private(own, seat, NAMES))


def _ids(payload: payloads.Payload) -> list[str]:
    assert payload.view is not None
    return [i.item.custom_id for i in payload.view.children]  # type: ignore[attr-defined]


def test_my_cards_names_each_guild_card_with_its_text_and_a_play_button() -> None:
    g = mocha_position()
    shown = _shown(g, 3)
    assert shown.embed is not None and shown.embed.title == "Your cards (4)"  # 1 bonus card, 3 guild cards
    text = shown.embed.description or ""
    for code, name in (("g3", "Spice guild (guild 3)"), ("g5", "Lira and four goods (guild 5)"),
                       ("g20", "Coffee House at half price (guild 20)")):
        assert f"**{name}** — {CARD_TEXTS[code]}" in text
    ids = _ids(shown)
    assert [i for i in ids if GUILD_PLAY.fullmatch(i)] == ["ist:c:9:c.g3", "ist:c:9:c.g5", "ist:c:9:c.g20"]  # by number
    labels = [i.item.label for i in shown.view.children]  # type: ignore[union-attr, attr-defined]
    assert "Play: Spice guild (guild 3)" in labels and all(len(label) <= 80 for label in labels)


def test_many_guild_cards_become_a_card_select() -> None:
    g = mocha_position(hands=((), (), (), tuple(f"g{n}" for n in range(1, 21) if n != 9), ()))
    g.players[3].cards = tuple(f"{k}" for k in ("good", "lira5", "sultan2", "post2", "gem2", "family", "stay"))
    shown = _shown(g, 3)
    assert shown.view is not None and all(isinstance(i, CardSelect) for i in shown.view.children)
    offered = [o.value for i in shown.view.children for o in i.item.options]  # type: ignore[attr-defined]
    assert {f"c.g{n}" for n in range(1, 21) if n != 9} <= set(offered)
    assert len(offered) == len(set(offered)) == 19 + 7


def test_a_seat_without_guild_cards_gets_no_guild_button() -> None:
    shown = _shown(mocha_position(), 2)
    assert not [i for i in _ids(shown) if GUILD_PLAY.fullmatch(i)]
    assert all(isinstance(i, CardButton) for i in shown.view.children)  # type: ignore[union-attr]


def test_other_players_payloads_do_not_change_when_guild_cards_are_dealt_again() -> None:
    g = mocha_position()
    other = mocha_position(hands=(("g7", "g12"), ("g2",), (), ("g4", "g6", "g8"), ("g10",)))
    assert GUILD_DECK.hand(g.players[1]) != GUILD_DECK.hand(other.players[1])

    def seen(state: engine.GameState) -> Any:
        own = engine.view(state, 0)
        p = _shown(state, 0)
        return p.content, p.embed.to_dict() if p.embed else None, _ids(p), render_private(own, 0, NAMES)

    assert seen(g) == seen(other)  # seat 0 holds the same cards in both deals


def test_the_public_turn_message_is_the_same_whoever_holds_which_guild_cards() -> None:
    """The turn message (embed, buttons, both pictures) of a Mocha game does not change when the
    hidden guild hands and pile are dealt again."""
    from bot.render import render_turn

    def public_message(state: engine.GameState) -> Any:
        public = engine.view(state, None)
        d = engine.pending(state)
        assert d is not None
        pictures = render_turn(public, NAMES)
        names = dict(enumerate(NAMES))
        p = payloads.turn_payload(9, public, d, _seat(state, d.player), names, [], pictures, ping=True)
        return p.content, p.embed.to_dict() if p.embed else None, _ids(p), [(f[0], f[1]) for f in p.files]

    g = mocha_position()
    other = mocha_position(hands=(("g2", "g4"), ("g6",), (), ("g8", "g10", "g11"), ("g13",)))
    assert public_message(g) == public_message(other)
