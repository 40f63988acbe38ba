"""Checks that hold after every step of every game (used by the tests and by `soak`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

from .cards import PLAY_OF
from .components import (
    ASSISTANTS_AT_START,
    EXTENSIONS_PER_PLAYER,
    POST_OFFICE_REWARDS,
    RUBIES_IN_BOX,
    TILE_COLOURS,
    mosque_tile_values,
    ruby_target,
)
from .decision import CODE_RE, MAX_LABEL, MAX_PRIVATE_OPTIONS, MAX_PUBLIC_OPTIONS, Decision, Event
from .decks import BONUS_DECK, Deck, decks_in_play
from .machine import pending
from .places.rubies import rubies_on_tracks
from .registry import Registry
from .settings import GameSettings
from .state import HIDDEN, GameState
from .views import view

Check = Callable[[GameState], list[str]]
INVARIANTS: Registry[Check] = Registry("invariants")  # a module's own checks, each in words


def register_invariant(check: Check, module: str) -> Check:
    return INVARIANTS.add(check, module)


# Checks of one accepted input: the state before it, the events it produced and the state after
# (what a state alone cannot tell, such as whether a step-by-step move crossed a Barrier).
StepCheck = Callable[[GameState, Sequence[Event], GameState], list[str]]
STEP_CHECKS: Registry[StepCheck] = Registry("step checks")


def register_step_check(check: StepCheck, module: str) -> StepCheck:
    return STEP_CHECKS.add(check, module)


def step_violations(before: GameState, events: Sequence[Event], after: GameState) -> list[str]:
    """Every broken rule of one accepted input (`apply`'s events), in words (empty when all hold)."""
    out: list[str] = []
    for check in STEP_CHECKS.active(before.settings):
        out += check(before, events, after)
    return out


@cache
def _contents(deck: Deck, settings: GameSettings) -> Counter[str]:
    return Counter(deck.contents(settings))


def deck_violations(g: GameState) -> list[str]:
    """Each deck in play is conserved: pile + discard + hands + face-up places = its contents."""
    out = []
    for deck in decks_in_play(g.settings):
        hands = tuple(c for p in g.players for c in deck.hand(p))
        found = Counter(deck.pile(g) + deck.discard(g) + hands + tuple(deck.face_up(g)))
        if found != _contents(deck, g.settings):
            out.append(
                "bonus cards are not conserved"
                if deck is BONUS_DECK
                else f"the {deck.name} deck is not conserved"
            )
        if deck.pile(g) != tuple(sorted(deck.pile(g))):
            out.append(f"the {deck.name} pile is not kept sorted (its order must not exist before a draw)")
    return out


def violations(g: GameState) -> list[str]:
    """Every broken invariant, in words (empty when all hold)."""
    out: list[str] = []
    n = len(g.players)
    b = g.board
    places = set(g.layout)
    for p in g.players:
        who = f"seat {p.seat}"
        if p.lira < 0:
            out.append(f"{who} has {p.lira} Lira")
        if any(x < 0 or x > p.capacity for x in p.goods):
            out.append(f"{who} goods {p.goods} outside 0..{p.capacity}")
        own = p.stack.count("o") + len(p.assistants)
        expected = (
            ASSISTANTS_AT_START - (1 if g.settings.neutral_assistants else 0) + ("blue" in p.mosque_tiles)
        )
        if own != expected:
            out.append(f"{who} has {own} own assistants, expected {expected}")
        if len(set(p.assistants)) != len(p.assistants):
            out.append(f"{who} has two assistants on one place")
        if p.merchant not in places or p.family not in places or not set(p.assistants) <= places:
            out.append(f"{who} has a token off the board")
    neutral = sum(p.stack.count("n") for p in g.players) + len(b.neutral_assistants)
    if neutral != (n if g.settings.neutral_assistants else 0):
        out.append(f"{neutral} neutral assistants in play")
    rubies = (
        sum(p.rubies for p in g.players)
        + b.wainwright_rubies
        + sum(b.mosque_rubies)
        + rubies_on_tracks(g)
        + b.ruby_supply
    )
    if rubies != RUBIES_IN_BOX:
        out.append(f"{rubies} rubies in the game, not {RUBIES_IN_BOX}")
    out += deck_violations(g)
    if sum(p.extensions for p in g.players) + b.wainwright_extensions != EXTENSIONS_PER_PLAYER * n:
        out.append("wheelbarrow extensions are not conserved")
    values = mosque_tile_values(n)
    for i, colour in enumerate(TILE_COLOURS):
        owners = sum(colour in p.mosque_tiles for p in g.players)
        if b.mosque_tiles[i] != values[owners:]:
            out.append(
                f"the {colour} mosque tiles are not conserved: {b.mosque_tiles[i]} with {owners} taken"
            )
    if any(len(set(p.mosque_tiles)) != len(p.mosque_tiles) for p in g.players):
        out.append("a player owns two mosque tiles of one colour")
    if any(p.rubies >= ruby_target(n, len(g.settings.expansions)) for p in g.players) and not g.end_triggered:
        out.append("a player reached the ruby target but the end is not triggered")
    if not 0 <= b.mail < len(POST_OFFICE_REWARDS):
        out.append(f"{b.mail} mail indicators down")
    d = pending(g)
    if g.finished != (d is None):
        out.append("a game must have exactly one pending decision until it is over")
    if d is not None:
        out += option_violations(d)
    decks = decks_in_play(g.settings)
    for viewer in [None, *range(n)]:
        v = view(g, viewer).state
        if (
            v.rng_seed
            or v.rng_counter
            or v.script_dice
            or v.script_cards
            or v.script_draws
            or v.undo is not None
        ):
            out.append(f"the view of {viewer} carries the generator, a script or the undo record")
        for deck in decks:
            if any(c != HIDDEN for c in deck.pile(v)):
                out.append(f"the view of {viewer} shows the {deck.name} pile")
            for p in v.players:
                if deck.private and p.seat != viewer and any(c != HIDDEN for c in deck.hand(p)):
                    what = "cards" if deck is BONUS_DECK else f"{deck.name} hand"
                    out.append(f"the view of {viewer} shows seat {p.seat}'s {what}")
    for check in INVARIANTS.active(g.settings):
        out += check(g)
    return out


def option_violations(d: Decision) -> list[str]:
    """The option rules of the engine contract: at least one option, at most 100 public and 100
    private ones, codes of the documented shape and unique, labels of at most 80 characters, a
    card play coded `c.<kind>` (a registered kind) and private, and a default that is one of the
    codes."""
    out: list[str] = []
    where = f"decision {d.kind}"
    if not d.options:
        out.append(f"{where} offers no option")
    public = sum(not o.private for o in d.options)
    if public > MAX_PUBLIC_OPTIONS:
        out.append(f"{where} offers {public} public options")
    private = len(d.options) - public
    if private > MAX_PRIVATE_OPTIONS:
        out.append(f"{where} offers {private} private options")
    if len(set(d.codes())) != len(d.options):
        out.append(f"{where} repeats a code")
    if d.default not in d.codes():
        out.append(f"{where}: default {d.default!r} is not offered")
    for o in d.options:
        if not CODE_RE.fullmatch(o.code):
            out.append(f"{where}: code {o.code!r} does not match {CODE_RE.pattern}")
        if not o.label or len(o.label) > MAX_LABEL:
            out.append(f"{where}: label {o.label!r} is empty or longer than {MAX_LABEL} characters")
        if o.code.startswith("c.") and (o.code[2:] not in PLAY_OF or not o.private):
            out.append(f"{where}: card play {o.code!r} is not a private play of a registered card kind")
    return out
