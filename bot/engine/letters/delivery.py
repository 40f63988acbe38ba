"""Letter delivery (RULES-NOTES E-48, D-18): whenever one of a player's own tokens (merchant,
companion, family member; never an assistant) stands on the place printed on one of that
player's undelivered letters, the letter turns to its delivered side (2 seals).

It is a state-based rule: `machine.SWEEPS` runs it before every step the turn machinery looks at,
on anyone's turn, so a letter is delivered however the token got there (a move, a teleport, a
catch, a kiosk tile) and a letter received while a token already stands on its place is
delivered at once. Passing through a place delivers nothing: only where tokens stand counts.
Logged as ``delivered`` {place} with the letter's owner as the event's player.
"""

from __future__ import annotations

from ..machine import SWEEPS, Tx
from ..tokens import TOKEN_KINDS
from . import data
from .parts import PLAYER, Letter, LettersPlayer, set_letters_player


def deliver(tx: Tx) -> None:
    """Turn over every letter whose place one of its owner's tokens stands on."""
    g = tx.g
    kinds = None
    for p in g.players:
        part = p.parts.get(PLAYER)
        if not isinstance(part, LettersPlayer):
            continue
        # run before every step the machinery looks at: kept cheap (the places still to deliver
        # remembered per row of letters, found by the row's identity: no hash of the row)
        letters = part.letters
        kept = _WAITING.get(id(letters))
        waiting = kept[1] if kept is not None and kept[0] is letters else _waiting(letters)
        if not waiting:
            continue
        if kinds is None:
            kinds = TOKEN_KINDS.in_play(g.settings)
        for kind in kinds:
            if kind.where(p) in waiting:
                break
        else:
            continue
        here = {kind.where(p) for kind in kinds}
        delivered = tuple((place, done or place in here) for place, done in letters)
        for (place, was), (_, now) in zip(letters, delivered, strict=True):
            if now and not was:
                tx.emit("delivered", p.seat, place=place)
        set_letters_player(g, p.seat, letters=delivered)


WAITING_KEPT = 4096  # rows of letters remembered (a search meets the same rows again and again)
_WAITING: dict[int, tuple[tuple[Letter, ...], frozenset[int]]] = {}
"""By the `id` of a row of letters: the row itself (kept, so that its id is not reused while the
entry lives, and compared by identity) and the places of its letters still to deliver."""


def _waiting(letters: tuple[Letter, ...]) -> frozenset[int]:
    """The places of the letters still to deliver in a row (remembered in `_WAITING`)."""
    if len(_WAITING) >= WAITING_KEPT:
        _WAITING.clear()
    found = frozenset(place for place, done in letters if not done)
    _WAITING[id(letters)] = (letters, found)
    return found


SWEEPS.add(deliver, data.MODULE)
