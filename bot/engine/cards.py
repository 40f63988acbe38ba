"""Card plays (and the yellow mosque tile): when each card may be played, and what it does.

A card play has the code `c.<kind>` in every decision that offers it. Each kind of card that can
be played registers a `CardPlay` (its deck, module, timing window, place-bound class, whether it
may be played after the last round, and its effect); the free window offers those whose timing
fits the step (RULES-NOTES E-32), the place-bound ones ride on the action step (E-32c, E-33), and
after the last round those that yield only goods or Lira (E-55). The base game's bonus cards are
registered in `bonus_cards`; a module registers its own cards the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .board import place_name
from .components import YELLOW_TILE_PRICE
from .decision import Option, who
from .decks import (
    BONUS,
    BONUS_DECK,
    DECKS,
    Deck,
    deck_named,
    decks_in_play,
    holds_anything,
    remove_card,
    to_discard,
)
from .machine import FREE_WINDOWS, StepKind, Tx, pop, push, register
from .places import ACTION_MODIFIERS, action_options, place_bound_barred
from .places.caravansary import recall
from .registry import Registry
from .settings import GameSettings
from .state import GameState, Player, Step, replace_turn
from .texts import CARD_NAMES, card_phrase
from .wheelbarrow import pay_goods

# "guild_end": the free moment after a guild card's effect (Mocha & Baksheesh, E-38)
# "family_end": the free moment after the family member's action of a turn spent moving it
# (Letters & Seals, E-37)
ANYTIME = frozenset({"move", "move34", "assistant", "pay", "action", "after", "guild_end", "family_end"})
PHASE_ONE = frozenset({"move", "move34", "assistant"})
NOWHERE: frozenset[str] = frozenset()

Playable = Callable[[GameState, int, Step, Sequence[Option]], bool]
Effect = Callable[[Tx, int, Step, bool], None]


def _always(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class CardPlay:
    """How one kind of card is played: its code is ``c.<kind>`` in every decision that offers it.

    - `window`: the step kinds in whose free window it may be played (RULES-NOTES E-32);
    - `action_at`: a card declared with the action of that place (E-32c) instead, with `bound`
      its place-bound class (E-33): ``"carry_out"`` ("if you carry out the action at X": also the
      family member's and any remote action) or ``"at"`` ("if you are at X": the token that acts
      must stand there, so never a remote action);
      (`also_at`: more places it may be declared with: both mosques, or any place);
    - `final`: it may still be played after the last round (E-55);
    - `playable(g, seat, step, act)`: whether it may be played now (`act`: the action's own
      options, for cards declared with an action);
    - `effect(tx, seat, step, final)`: what it does once played (the card is already on the
      discard pile); `label`: the option's label when not "Play <the card>".
    """

    kind: str
    effect: Effect
    deck: str = BONUS
    window: frozenset[str] = NOWHERE
    action_at: int = 0
    bound: str = ""
    final: bool = False
    playable: Playable = _always
    label: str = ""
    also_at: tuple[int, ...] = ()


CARD_PLAYS: Registry[CardPlay] = Registry("card plays")
PLAY_OF: dict[str, CardPlay] = {}  # by kind
REMOTE_TAGS: set[str] = set()  # action-step tags of remote actions (the Tavern's barrier, next)


def register_card_play(play: CardPlay, module: str) -> CardPlay:
    CARD_PLAYS.add(play, module)
    PLAY_OF[play.kind] = play
    _WINDOW_PLAYS.clear()
    _FITTING.clear()
    _IN_HAND.clear()
    return play


def card_label(play: CardPlay) -> str:
    return play.label or f"Play {card_phrase(play.kind)}"


_CARD_OPTIONS: dict[str, tuple[CardPlay, str | None, Option]] = {}


def card_option(play: CardPlay) -> Option:
    """The private option that plays `play`'s card, built once per registered play and card name
    (a play or a name registered again gets a new option)."""
    kind = play.kind
    name = CARD_NAMES.get(kind)
    found = _CARD_OPTIONS.get(kind)
    if found is None or found[0] is not play or found[1] != name:
        found = _CARD_OPTIONS[kind] = (play, name, Option(f"c.{kind}", card_label(play), private=True))
    return found[2]


def play_card(tx: Tx, seat: int, card: str, deck: Deck = BONUS_DECK) -> None:
    """The card leaves the hand face up onto its discard pile (everyone sees it)."""
    g = tx.g
    remove_card(g, seat, card, deck)
    to_discard(g, card, deck)
    data = deck.event_data()
    tx.emit("card", seat, **data, card=card)
    tx.barrier = True


_WINDOW_PLAYS: dict[str, tuple[tuple[Deck, ...], tuple[tuple[Deck, dict[str, CardPlay]], ...]]] = {}


def window_plays(settings: GameSettings, kind: str) -> tuple[tuple[Deck, dict[str, CardPlay]], ...]:
    """The private decks in play, each with the plays (`PLAY_OF`, by card kind) of its cards whose
    timing window holds the step kind `kind`, in deck order; decks with none are left out. Built
    once per step kind, again when the decks in play change (another module set) or a play is
    registered."""
    decks = decks_in_play(settings)  # a module set's decks: one tuple, kept until a change
    found = _WINDOW_PLAYS.get(kind)
    if found is None or found[0] is not decks:
        table = []
        for deck in decks:
            if deck.private:
                fits = {k: p for k, p in PLAY_OF.items() if kind in p.window and p.deck == deck.name}
                if fits:
                    table.append((deck, fits))
        found = _WINDOW_PLAYS[kind] = (decks, tuple(table))
        _FITTING.clear()  # keyed by the tables' ids
        _IN_HAND.clear()
    return found[1]


_FITTING: dict[tuple[int, tuple[str, ...]], tuple[CardPlay, ...]] = {}


def _fitting(plays: dict[str, CardPlay], hand: tuple[str, ...], deck: Deck) -> tuple[CardPlay, ...]:
    """The plays of `plays` (a table of `window_plays` for `deck`) whose card is in `hand`, in the
    deck's order (once per table and hand: hands repeat)."""
    key = (id(plays), hand)
    found = _FITTING.get(key)
    if found is None:
        if len(_FITTING) > 20_000:
            _FITTING.clear()
        found = _FITTING[key] = tuple(plays[c] for c in sorted(set(hand), key=deck.order) if c in plays)
    return found


# (step kind, the bonus cards) while no other hand exists, else (step kind, decks in play, the
# bonus cards, the other hands) -> the plays of the window there whose card is held, in order,
# with their codes when none of them needs its `playable` check (else None)
_IN_HAND: dict[tuple[object, ...], tuple[tuple[str, ...] | None, tuple[CardPlay, ...]]] = {}


def _in_hand(
    g: GameState, p: Player, kind: str, key: tuple[object, ...]
) -> tuple[tuple[str, ...] | None, tuple[CardPlay, ...]]:
    plays: list[CardPlay] = []
    for deck, table in window_plays(g.settings, kind):
        hand = deck.hand(p)
        if hand:
            plays.extend(_fitting(table, hand, deck))
    plain = all(play.playable is _always for play in plays)
    if len(_IN_HAND) > 20_000:
        _IN_HAND.clear()
    found = _IN_HAND[key] = (tuple("c." + play.kind for play in plays) if plain else None, tuple(plays))
    return found


class CardWindow:
    """The free window: cards of the turn player's private hands whose timing fits the step."""

    def codes(self, g: GameState, step: Step) -> Sequence[str]:
        """The codes of the plays open at `step` (``c.<kind>``), in the window's order (the
        playout path reads these; `options` are built from them)."""
        seat = step.actor
        if seat != g.turn.player:
            return ()  # cards are played on your own turn only (E-31)
        p = g.players[seat]
        hands = p.hands
        if not hands:
            if not p.cards:
                return ()
            # Only the bonus cards (a base deck, always in play) are held: what fits depends on
            # them alone, whatever other decks are in play (their hands are empty).
            key: tuple[object, ...] = (step.kind, p.cards)
        else:
            key = (step.kind, DECKS.active(g.settings), p.cards, *hands.items())
        found = _IN_HAND.get(key)
        if found is None:
            found = _in_hand(g, p, step.kind, key)
        if found[0] is not None:
            return found[0]  # every play fitting the hand is always playable
        return ["c." + play.kind for play in found[1] if play.playable is _always or play.playable(g, seat, step, ())]

    def options(self, g: GameState, step: Step) -> Sequence[Option]:
        p = g.players[step.actor]
        if not (p.cards or p.hands):  # nothing in hand (no call of `codes`: asked at every free step)
            return ()
        codes = self.codes(g, step)
        if not codes:  # most steps: no card fits (and no comprehension's frame is set up)
            return ()
        return [card_option(PLAY_OF[code[2:]]) for code in codes]

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        if code not in self.codes(tx.g, step):
            return False
        play = PLAY_OF[code[2:]]
        play_card(tx, step.actor, play.kind, deck_named(play.deck))
        play.effect(tx, step.actor, step, False)
        return True


YELLOW_OPTION = Option("t.yellow", f"Yellow tile: pay {YELLOW_TILE_PRICE} Lira to call back an assistant")


class YellowTile:
    """Once per turn: pay 2 Lira to bring one of your assistants back to your stack."""

    def codes(self, g: GameState, step: Step) -> Sequence[str]:
        """``t.yellow`` when the tile may be used at `step` (the playout path reads this)."""
        seat = step.actor
        p = g.players[seat]
        if (
            "yellow" in p.mosque_tiles
            and seat == g.turn.player
            and step.kind in ANYTIME
            and not g.turn.yellow_used
            and p.lira >= YELLOW_TILE_PRICE
            and p.assistants
        ):
            return _YELLOW_CODES
        return ()

    def options(self, g: GameState, step: Step) -> Sequence[Option]:
        if "yellow" not in g.players[step.actor].mosque_tiles:  # the usual case, without a call of `codes`
            return ()
        return _YELLOW_OPTIONS if self.codes(g, step) else ()

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        if code != "t.yellow" or not self.codes(tx.g, step):
            return False
        tx.g.turn = replace_turn(tx.g.turn, {"yellow_used": True})
        push(tx.g, Step("recall", step.actor, tag="yellow"))
        return True


_YELLOW_CODES = (YELLOW_OPTION.code,)
_YELLOW_OPTIONS = (YELLOW_OPTION,)


_AT_PLACE: dict[tuple[int, int], tuple[tuple[CardPlay, ...], tuple[CardPlay, ...]]] = {}


def _plays_at(plays: tuple[CardPlay, ...], place: int) -> tuple[CardPlay, ...]:
    """The plays of `plays` (the ones in play, in order) declared with the action of `place`;
    kept per tuple (by identity: each entry holds its tuple) and place."""
    key = (id(plays), place)
    found = _AT_PLACE.get(key)
    if found is None or found[0] is not plays:
        if len(_AT_PLACE) > 1024:
            _AT_PLACE.clear()
        found = _AT_PLACE[key] = (plays, tuple(p for p in plays if p.action_at == place or place in p.also_at))
    return found[1]


class ActionCards:
    """Cards declared with an action (E-32c): do it twice, sell any goods, ... (`CardPlay.action_at`)."""

    def options(self, g: GameState, step: Step, act: list[Option]) -> list[Option]:
        seat = step.actor
        if seat != g.turn.player:
            return []
        p = g.players[seat]
        if not holds_anything(p) or place_bound_barred(g):
            return []  # every play needs its card in hand; none is bound to a place this turn (E-38)
        opts = []
        for play in _plays_at(CARD_PLAYS.active(g.settings), step.place):
            if (
                (play.bound != "at" or step.tag not in REMOTE_TAGS)
                and play.kind in deck_named(play.deck).hand(p)
                and play.playable(g, seat, step, act)
            ):
                opts.append(card_option(play))
        return opts

    def codes(self, g: GameState, step: Step) -> Sequence[str]:
        """The codes of `options` (the playout path): none without a card in hand."""
        seat = step.actor
        if seat != g.turn.player or not _plays_at(CARD_PLAYS.active(g.settings), step.place):
            return ()  # no card is declared with this place's action
        if not holds_anything(g.players[seat]):
            return ()
        return [o.code for o in self.options(g, step, action_options(g, step))]

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        if code not in {o.code for o in self.options(tx.g, step, action_options(tx.g, step))}:
            return False
        play = PLAY_OF[code[2:]]
        play_card(tx, step.actor, play.kind, deck_named(play.deck))
        play.effect(tx, step.actor, step, False)
        return True


FREE_WINDOWS.add(CardWindow(), "base")
FREE_WINDOWS.add(YellowTile(), "base")
ACTION_MODIFIERS.add(ActionCards(), "base")


@register
class Recall(StepKind):
    """Bring one own assistant back from a place (yellow tile: for 2 Lira; card: free)."""

    name = "recall"

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [
            Option(f"y.{q}", f"Call back the assistant at {place_name(q)}")
            for q in sorted(set(g.players[step.actor].assistants))
        ]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which assistant comes back?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if step.tag == "yellow":
            pay_goods(tx, step.actor, {}, YELLOW_TILE_PRICE, why="yellow_tile")
            tx.emit("tile_used", step.actor, tile="yellow", lira=YELLOW_TILE_PRICE)
        recall(tx, step.actor, int(code[2:]), step.tag)


@register
class FinalCards(StepKind):
    """After the last round: play leftover cards that only give goods or Lira."""

    name = "final"
    decline = "done"
    between_turns = True

    def hand_dependent(self, step: Step) -> bool:
        return True  # which cards are offered depends on the hand: ask whenever it holds any

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        seat = step.actor
        p = g.players[seat]
        if not p.cards:
            return None  # E-55 is about leftover bonus cards
        opts = [
            Option(f"c.{play.kind}", card_label(play), private=True)
            for play in CARD_PLAYS.active(g.settings)
            if play.final and play.kind in deck_named(play.deck).hand(p) and play.playable(g, seat, step, ())
        ]
        return opts + [Option("done", "Play no more cards")]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: the game is over; play leftover cards that give goods or Lira?"

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        if code == "done":
            pop(tx.g)
            return
        play = PLAY_OF[code[2:]]
        play_card(tx, step.actor, play.kind, deck_named(play.deck))
        play.effect(tx, step.actor, step, True)
