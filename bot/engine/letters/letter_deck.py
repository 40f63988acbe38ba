"""The letters as a deck: the face-down pile of 36 letters, the face-up discard pile, and the
letters face up before each player (`parts.LettersPlayer.letters`).

An item is ``"l<place>"``, the place number printed on the letter's front (house value H6:
places 1-16 twice, 21-24 once). A letter received is turned up for everyone (a ``draw`` event
with the deck's name) and lies face up before its owner, undelivered (1 seal); delivery turns it
to its 2-seal side (`delivery`). A letter paid away goes face up onto the discard pile; an empty
pile is refilled by shuffling the discard pile (as every deck, RULES-NOTES E-34).

Letters are never goods, never bonus cards and never break a tie (E-56).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..board import place_name
from ..decks import Deck, register_deck, to_discard, turn_up
from ..describe import register_line
from ..invariants import register_invariant
from ..machine import Tx
from ..scoring import NEVER_COUNTED
from ..settings import GameSettings
from ..state import GameState
from . import data
from .parts import Letter, letters_of, set_letters_player
from .texts import PLACE_NAMES

LETTERS = "letters"


def letter_item(place: int) -> str:
    return f"l{place}"


def letter_place(item: str) -> int:
    return int(item[1:])


def letter_phrase(place: int) -> str:
    """"a letter for Fountain (7)": a base place or one of the module's."""
    return f"a letter for {PLACE_NAMES.get(place) or place_name(place)} ({place})"


class Letters(Deck):
    name = LETTERS
    private = False
    title = "letter"
    noun = "a letter"

    def phrase(self, item: str) -> str:
        return letter_phrase(letter_place(item))

    def order(self, item: str) -> str | int:
        return letter_place(item)

    def contents(self, settings: GameSettings) -> tuple[str, ...]:
        return tuple(sorted(letter_item(p) for p in data.LETTERS))

    def face_up(self, g: GameState) -> Iterable[str]:
        return [letter_item(place) for p in g.players for place, _ in letters_of(g, p.seat)]


LETTER_DECK = register_deck(Letters(), data.MODULE)


def receive_letters(tx: Tx, seat: int, count: int = 1) -> list[int]:
    """`seat` takes `count` letters from the face-down pile, face up (undelivered); returns their
    places (fewer when both piles ran out). Delivery follows at the next settle (`delivery`)."""
    got: list[int] = []
    for _ in range(count):
        item = turn_up(tx, LETTER_DECK, seat)
        if item is None:
            break
        place = letter_place(item)
        set_letters_player(tx.g, seat, letters=letters_of(tx.g, seat) + ((place, False),))
        got.append(place)
    return got


def discard_letters(tx: Tx, seat: int, indices: Sequence[int], why: str) -> list[Letter]:
    """`seat` pays the letters at these positions of its row (face up onto the discard pile, in
    the order given); logged as ``letters_paid`` {letters: [[place, delivered], ...], seals, why}."""
    held = letters_of(tx.g, seat)
    if len(set(indices)) != len(indices) or any(not 0 <= i < len(held) for i in indices):
        raise ValueError(f"no such letters: {list(indices)}")
    paid = [held[i] for i in indices]
    set_letters_player(tx.g, seat, letters=tuple(x for i, x in enumerate(held) if i not in set(indices)))
    for place, _ in paid:
        to_discard(tx.g, letter_item(place), LETTER_DECK)
    seals = data.seals_total([d for _, d in paid])
    tx.emit("letters_paid", seat, letters=[[p, d] for p, d in paid], seals=seals, why=why)
    tx.barrier = True
    return paid


# Why letters were paid, for the story: the callers' words ("to the Secret Society").
LETTERS_WHY: dict[str, str] = {}


def _paid_line(who: str, d: dict[str, Any], own: bool) -> str:
    letters = ", ".join(f"{place}{' (delivered)' if done else ''}" for place, done in d["letters"])
    where = LETTERS_WHY.get(d.get("why", ""), "")
    noun = "letter" if len(d["letters"]) == 1 else "letters"
    return f"{who} paid {noun} {letters}, {d['seals']} seals{' ' + where if where else ''}."


def _delivered_line(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who} delivered {letter_phrase(d['place'])}: it now shows {data.LETTER_BACK_SEALS} seals."


register_line("letters_paid", _paid_line, data.MODULE)
register_line("delivered", _delivered_line, data.MODULE)
NEVER_COUNTED.add("letters", data.MODULE)  # never goods nor bonus cards, so never a tie-break (E-56)


def _letters_are_sound(g: GameState) -> list[str]:
    """Every letter before a player names a place on the board; a delivered letter stays delivered
    until paid (checked by the deck count and the sweep)."""
    board = set(g.layout)
    return [
        f"seat {p.seat} holds a letter for place {place}, which is not on the board"
        for p in g.players
        for place, _ in letters_of(g, p.seat)
        if place not in board
    ]


register_invariant(_letters_are_sound, data.MODULE)
