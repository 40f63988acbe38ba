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

from collections.abc import Callable

from ..components import MAX_PLAYERS
from ..machine import SWEEPS, Tx
from ..settings import GameSettings
from ..state import Part, Player
from ..tokens import TOKEN_KINDS
from . import data
from .companion_token import COMPANION
from .parts import PLAYER, Letter, LettersPlayer, set_letters_player


def deliver(tx: Tx) -> None:
    """Turn over every letter whose place one of its owner's tokens stands on."""
    g = tx.g
    others = None
    for p in g.players:
        # run before every step the machinery looks at: kept cheap (what a player's part leaves
        # to deliver remembered per part, found by its identity: see `_WAITING`)
        part = p.parts.get(PLAYER)
        if part is None:
            continue
        kept = _LAST[p.seat]
        if kept[0] is not part:
            kept = _waiting(p, part)
        waiting = kept[1]
        if not waiting:
            continue
        if not kept[2]:  # the companion is not on a place to deliver: the player's other tokens?
            if others is None:
                others = _other_tokens(g.settings)
            for where in others:
                if where(p) in waiting:
                    break
            else:
                continue
        _turn_over(tx, p, kept[3])


def _turn_over(tx: Tx, p: Player, letters: tuple[Letter, ...]) -> None:
    """Deliver the letters of `p` whose place one of its tokens stands on (logged one by one)."""
    here = {kind.where(p) for kind in TOKEN_KINDS.in_play(tx.g.settings)}
    delivered = tuple((place, done or place in here) for place, done in letters)
    for (place, was), (_, now) in zip(letters, delivered, strict=True):
        if now and not was:
            tx.emit("delivered", p.seat, place=place)
    set_letters_player(tx.g, p.seat, letters=delivered)


WAITING_KEPT = 4096  # parts remembered (a search meets the same parts again and again)
Waiting = tuple[Part, frozenset[int], bool, tuple[Letter, ...]]
_WAITING: dict[int, Waiting] = {}
"""By the `id` of a player's part: the part itself (kept, so that its id is not reused while the
entry lives, and compared by identity), the places of its letters still to deliver, whether the
companion stands on one of them (the part says where it is), and the letters."""


_LAST: list[Waiting] = [(Part(), frozenset(), False, ())] * MAX_PLAYERS
"""By seat: the entry of `_WAITING` read last (a playout meets the same part at every step: no
look-up by `id` then)."""


def _waiting(p: Player, part: Part) -> Waiting:
    """What `part`, the part of `p`, leaves to deliver (remembered in `_WAITING` and `_LAST`)."""
    kept = _WAITING.get(id(part))
    if kept is None or kept[0] is not part:
        assert isinstance(part, LettersPlayer)
        if len(_WAITING) >= WAITING_KEPT:
            _WAITING.clear()
        letters = part.letters
        found = frozenset(place for place, done in letters if not done)
        kept = _WAITING[id(part)] = (part, found, COMPANION.where(p) in found, letters)
    _LAST[p.seat] = kept
    return kept


_last_others: tuple[object, tuple[Callable[[Player], int], ...]] = (None, ())


def _other_tokens(settings: GameSettings) -> tuple[Callable[[Player], int], ...]:
    """Where each of a player's tokens in play under `settings` stands, but the companion (read
    off the part with the letters); the same settings as last time: one identity check."""
    global _last_others
    if _last_others[0] is not settings:
        found = tuple(kind.where for kind in TOKEN_KINDS.in_play(settings) if kind is not COMPANION)
        _last_others = (settings, found)
    return _last_others[1]


def _forget_others() -> None:
    global _last_others
    _last_others = (None, ())


TOKEN_KINDS.listeners.append(_forget_others)
SWEEPS.add(deliver, data.MODULE)
