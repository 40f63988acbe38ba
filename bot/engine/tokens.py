"""The tokens on the board: the players' moving tokens and the neutral tokens met in phase 4.

Token kinds (``TOKEN_KINDS``): the merchant stack and the family member now, the companion of
Letters & Seals next. A kind says where a seat's token stands, how it is put down, whether the
other players pay its owner like a merchant when they arrive on its place (RULES-NOTES E-14),
whether arriving there is caught (the family member, E-28), and whether arriving needs the
assistant step. Movement (`movement.arrive`), the payment of phase 2, catching, `last_move`,
the move's story line and the previews read the kinds in play instead of naming them.

Neutral tokens (``NEUTRAL_TOKENS``): the Governor and the Smuggler now, the Coffee trader and
the Courier next. Each is one row: its encounter code and what it is offered for, the steps of
its reward and of its payment (skipped when a waiver such as the Encounter tile applies), and
its relocation by the dice after use. Setup places them in registration order, the encounter
step offers them in that order, and each one's "used this turn" flag is bit ``1 << index``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import TYPE_CHECKING

from .components import POLICE_STATION
from .providers import Registry
from .settings import GameSettings
from .state import GameState, LastMove, Player, Step

if TYPE_CHECKING:
    from .machine import Tx

OFF_BOARD = 0
"""The place of a token that is not on the board (a companion in a supply)."""


# ---- the players' tokens ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TokenKind:
    name: str  # `LastMove.token`, the move event's "token" (left out for the merchant)
    noun: str  # the story's word for it: "{seat}'s family member"
    module: str | None
    where: Callable[[Player], int]  # the player's token's place, OFF_BOARD if none
    put: Callable[[GameState, int, int], None]  # put a seat's token on a place (in the state being built)
    paid: bool = False  # the other players pay its owner like a merchant on arriving there
    caught: bool = False  # the other players' active tokens catch it there (to the Police Station)
    assistants: bool = False  # arriving takes the assistant step (phase 1b)


TOKEN_KINDS: Registry[TokenKind] = Registry()
_BY_NAME: dict[str, TokenKind] = {}
_WITH: dict[str, dict[tuple[str, ...], tuple[TokenKind, ...]]] = {"paid": {}, "caught": {}, "assistants": {}}


def add_token_kind(kind: TokenKind) -> TokenKind:
    TOKEN_KINDS.add(kind)
    _BY_NAME[kind.name] = kind
    for cache in _WITH.values():
        cache.clear()
    return kind


def remove_token_kind(kind: TokenKind) -> None:
    TOKEN_KINDS.remove(kind)
    del _BY_NAME[kind.name]
    for cache in _WITH.values():
        cache.clear()


def token_kind(name: str) -> TokenKind:
    return _BY_NAME[name]


def token_noun(name: str) -> str:
    kind = _BY_NAME.get(name)
    return kind.noun if kind else name


def kinds_with(settings: GameSettings, flag: str) -> tuple[TokenKind, ...]:
    """The kinds in play whose `flag` ("paid", "caught", "assistants") is set (cached)."""
    found = _WITH[flag].get(settings.expansions)
    if found is None:
        found = _WITH[flag][settings.expansions] = tuple(
            k for k in TOKEN_KINDS.in_play(settings) if getattr(k, flag)
        )
    return found


def _put_merchant(g: GameState, seat: int, place: int) -> None:
    g.mut(seat).merchant = place


def _put_family(g: GameState, seat: int, place: int) -> None:
    g.mut(seat).family = place


MERCHANT = add_token_kind(
    TokenKind("merchant", "merchant", None, attrgetter("merchant"), _put_merchant, paid=True, assistants=True)
)
FAMILY = add_token_kind(TokenKind("family", "family member", None, attrgetter("family"), _put_family, caught=True))


# Every last move recorded so far, shared (a LastMove never changes): (token, seat, source,
# target) -> the record. At most tokens x seats x places x places entries.
_LAST_MOVES: dict[tuple[str, int, int, int], LastMove] = {}


def move_token(g: GameState, seat: int, kind: TokenKind, target: int) -> int:
    """Put a seat's token on `target` and record it as the last move; returns where it was."""
    source = kind.where(g.players[seat])
    kind.put(g, seat, target)
    key = (kind.name, seat, source, target)
    last = _LAST_MOVES.get(key)
    if last is None:
        last = _LAST_MOVES[key] = LastMove(*key)
    g.last_move = last
    return source


def paid_at(g: GameState, place: int, besides: int) -> list[int]:
    """The seats owed a fee at `place` by `besides`: one entry per token of theirs there that is
    paid like a merchant (an opponent with two such tokens there is listed twice), in seat order."""
    kinds = kinds_with(g.settings, "paid")
    if len(kinds) == 1:
        where = kinds[0].where
        return [p.seat for p in g.players if where(p) == place and p.seat != besides]
    return sorted(p.seat for p in g.players if p.seat != besides for k in kinds if k.where(p) == place)


def caught_at(g: GameState, place: int, besides: int) -> list[int]:
    """The seats whose catchable token (the family member) `besides` catches at `place`, in seat
    order; nobody is caught at the Police Station."""
    if place == POLICE_STATION:
        return []
    kinds = kinds_with(g.settings, "caught")
    if len(kinds) == 1:
        where = kinds[0].where
        return [p.seat for p in g.players if where(p) == place and p.seat != besides]
    return [p.seat for p in g.players if p.seat != besides and any(k.where(p) == place for k in kinds)]


def send_caught_home(g: GameState, victim: int, place: int) -> None:
    """A catch: the victim's catchable tokens at `place` go back to the Police Station (a
    teleport; not a move of the catcher's, so `last_move` stays)."""
    for k in kinds_with(g.settings, "caught"):
        if k.where(g.players[victim]) == place:
            k.put(g, victim, POLICE_STATION)


# ---- the neutral tokens -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NeutralToken:
    code: str  # its option in the encounter step ("gov")
    tag: str  # its name in events and in the relocate step's tag ("governor")
    title: str  # "the Governor"
    module: str | None
    where: Callable[[GameState], int]
    put: Callable[[GameState, int], None]
    offer: Callable[[GameState, int], str | None]  # the option's label, None when it cannot be used
    reward: tuple[str, ...] = ()  # step kinds that give the reward, in order
    payment: tuple[str, ...] = ()  # step kinds that take its cost (left out when waived)
    reward_now: Callable[[Tx, int], None] | None = None  # a reward taken at once (after queuing)
    bit: int = 0  # its flag in the encounter step's `n` (met this turn): set by `add_neutral_token`


class Waiver:
    """Something that lets a seat meet a neutral token without paying (the Encounter tile)."""

    module: str | None = None

    def waives(self, g: GameState, seat: int, token: NeutralToken) -> bool:
        return False


NEUTRAL_TOKENS: Registry[NeutralToken] = Registry()
WAIVERS: Registry[Waiver] = Registry()
_NEUTRAL_BY_TAG: dict[str, NeutralToken] = {}


def add_neutral_token(token: NeutralToken) -> NeutralToken:
    """Register a neutral token; returns it with its bit (`1 << ` its place in the table)."""
    token = replace(token, bit=1 << len(NEUTRAL_TOKENS.every()))
    NEUTRAL_TOKENS.add(token)
    _NEUTRAL_BY_TAG[token.tag] = token
    return token


def remove_neutral_token(token: NeutralToken) -> None:
    NEUTRAL_TOKENS.remove(token)
    del _NEUTRAL_BY_TAG[token.tag]


def neutral_token(tag: str) -> NeutralToken | None:
    return _NEUTRAL_BY_TAG.get(tag)


def neutral_tokens_at(g: GameState, place: int) -> list[NeutralToken]:
    return [t for t in NEUTRAL_TOKENS.in_play(g.settings) if t.where(g) == place]


def waived(g: GameState, seat: int, token: NeutralToken) -> bool:
    return any(w.waives(g, seat, token) for w in WAIVERS.in_play(g.settings))


def meet(g: GameState, seat: int, place: int, used: int, token: NeutralToken) -> tuple[Step, ...]:
    """The steps of meeting `token` (in order): its reward, its payment unless waived, its
    relocation, then the encounter step again with the token marked as used."""
    pay = () if waived(g, seat, token) else token.payment
    return (
        *(Step(kind, seat) for kind in token.reward),
        *(Step(kind, seat) for kind in pay),
        Step("relocate", seat, tag=token.tag),
        Step("after", seat, place, used | token.bit),
    )
