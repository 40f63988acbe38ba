"""A player's own cards as a message (a DM or the ephemeral "My cards"): every private hand and
the mosque tiles with their texts, the picture, and a button or select per card kind held that
plays it in whatever decision offers it when clicked (`ist:c:` items)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from ..service import CARD_NAMES, CARD_TEXTS, MOSQUE_TILE_NAMES, MOSQUE_TILE_TEXTS, View, deck_named
from .choices import MESSAGE_ROWS, Choice, choice_items
from .items import CardButton, CardSelect
from .payloads import CARDS_FILE, Payload, Seat, view_of
from .text import EMBED_DESCRIPTION_LIMIT, clip, colour_of


def holding_name(deck: str, item: str) -> str:
    """A card in a player's own hand, for that player: a card with a registered name by that name
    (bonus cards, guild cards: "Any place (guild 12)"), another deck's item as that deck words it."""
    if deck == "bonus" or item in CARD_NAMES:
        return CARD_NAMES.get(item, item)
    return deck_named(deck).phrase(item).capitalize()


def card_lines(own: View, seat: int) -> list[str]:
    """A player's private holdings (every deck's hand) and mosque tiles, one line per kind."""
    lines = []
    for deck, items in own.holdings(seat).items():
        if "?" in items:
            raise ValueError("this view does not show that seat's cards")
        for kind, count in sorted(Counter(items).items(), key=lambda kc: deck_named(deck).order(kc[0])):
            times = f"{count}× " if count > 1 else ""
            text = CARD_TEXTS.get(kind, "")  # a guild card's rule text too
            lines.append(f"**{times}{holding_name(deck, kind)}**" + (f" — {text}" if text else ""))
    tiles = own.state.players[seat].mosque_tiles
    for colour in tiles:
        lines.append(f"**{MOSQUE_TILE_NAMES.get(colour, colour)}** — {MOSQUE_TILE_TEXTS.get(colour, '')}")
    return lines


def card_choices(own: View, seat: int) -> list[Choice]:
    """One card play per kind held (every deck), code ``c.<kind>`` as in every decision."""
    kinds = sorted(
        {(deck, kind) for deck, items in own.holdings(seat).items() for kind in items if kind != "?"},
        key=lambda dk: (dk[0], deck_named(dk[0]).order(dk[1])),
    )
    return [Choice(f"c.{kind}", f"Play: {holding_name(deck, kind)}", style=discord.ButtonStyle.success) for deck, kind in kinds]


def card_items(game: int, own: View, seat: int) -> list[discord.ui.Item[Any]]:
    """The card plays of a "My cards" list or DM: buttons while they fit, else selects."""

    def button(c: Choice, text: str, row: int) -> discord.ui.Item[Any]:
        return CardButton(game, c.code, label=text, style=c.style, row=row)

    def select(part: int, options: list[discord.SelectOption], placeholder: str, row: int) -> discord.ui.Item[Any]:
        return CardSelect(game, part, options, placeholder=placeholder, row=row)

    return choice_items(card_choices(own, seat), MESSAGE_ROWS, button, select)


def cards_payload(game: int, own: View, seat: Seat, image: bytes, *, header: str | None = None) -> Payload:
    """A player's own cards (DM or ephemeral): their texts, the picture, and the card plays (a
    card button or select plays the card in whatever decision offers it when clicked)."""
    lines = card_lines(own, seat.seat)
    held = own.holdings(seat.seat)
    count = sum(len(items) for items in held.values())
    noun = "bonus cards" if set(held) <= {"bonus"} else "cards"
    tiles = len(own.state.players[seat.seat].mosque_tiles)
    body = "\n".join(lines) if lines else f"You hold no {noun} and no mosque tiles yet."
    title = f"Your {noun} ({count})" + (f" and mosque tiles ({tiles})" if tiles else "")
    embed = discord.Embed(
        title=title, description=clip(body, EMBED_DESCRIPTION_LIMIT),
        colour=colour_of(seat.colour),
    )
    embed.set_image(url=f"attachment://{CARDS_FILE}")
    embed.set_footer(text=f"Only you can see this. Istanbul · game #{game}")
    items = card_items(game, own, seat.seat)
    return Payload(header, embed, [(CARDS_FILE, image)], view_of(*items) if items else None)
