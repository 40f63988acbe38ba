"""Named hidden decks and the chance outcomes: drawing, reshuffling, rolling dice, the chance script.

A deck (`Deck`) has a face-down pile, kept as a sorted multiset (the order of a shuffled pile does
not exist until a card is drawn: each draw is one chance outcome), and a face-up discard pile (top
last). Drawn items go to a hidden hand (a *private* deck: bonus cards, guild cards) or lie face up
where the module puts them (letters before a player, kiosk tiles turned up), which the deck
reports through `face_up` so that the invariants can count every item: pile + discard + hands +
face-up places = the deck's contents.

The bonus cards keep the fields they always had (`GameState.draw_pile`, `GameState.discard`,
`Player.cards`, the script `GameState.script_cards`); every other deck lives in
`GameState.decks[name]` (a `Pile`), its hands in `Player.hands[name]` and its script in
`GameState.script_draws[name]`. A bonus-card draw logs ``draw`` {card} as it always did; a draw
from another deck names its deck: ``draw`` {deck, card} (likewise ``reshuffle`` and ``no_card``).

Every die roll is one outcome logged as ``dice`` {d: [a, b]} (or {d: [a]} for one die) with the
rolling seat as the event's player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from . import chance
from .errors import ScriptError
from .registry import Registry
from .state import GameState, Pile, Player

if TYPE_CHECKING:
    from .machine import Tx
    from .settings import GameSettings

BONUS = "bonus"


class Deck:
    """A named hidden deck. Subclasses set `name`, `private`, `noun` and `contents`, and
    `face_up` for a public deck whose drawn items lie somewhere in the state."""

    name = ""
    private = True  # drawn items go into a hand nobody else sees
    title = "card"  # one item, for players: "guild card"
    noun = "a card"  # how the public story names an item it may not see: "a guild card"

    def phrase(self, item: str) -> str:
        """An item as it reads inside a sentence, when the reader may know it."""
        return f"{self.title} {item}"

    def order(self, item: str) -> str | int:
        """Where an item comes when a hand is listed (its kind code; guild cards by number)."""
        return item

    def contents(self, settings: GameSettings) -> tuple[str, ...]:
        """Every item of the deck in a game with these settings, sorted."""
        raise NotImplementedError

    def face_up(self, g: GameState) -> Iterable[str]:
        """Items of this deck lying face up outside the pile, the discard and the hands."""
        return ()

    # -- where the deck lives in the state (the bonus cards override these) --

    def pile(self, g: GameState) -> tuple[str, ...]:
        found = g.decks.get(self.name)
        return found.pile if found is not None else ()

    def set_pile(self, g: GameState, items: tuple[str, ...]) -> None:
        g.decks = {**g.decks, self.name: Pile(items, self.discard(g))}

    def discard(self, g: GameState) -> tuple[str, ...]:
        found = g.decks.get(self.name)
        return found.discard if found is not None else ()

    def set_discard(self, g: GameState, items: tuple[str, ...]) -> None:
        g.decks = {**g.decks, self.name: Pile(self.pile(g), items)}

    def hand(self, p: Player) -> tuple[str, ...]:
        return p.hands.get(self.name, ())

    def set_hand(self, p: Player, items: tuple[str, ...]) -> None:
        """`p` must be safe to change (`GameState.mut`)."""
        hands = {k: v for k, v in p.hands.items() if k != self.name}
        if items:
            hands[self.name] = items
        p.hands = hands

    def script(self, g: GameState) -> tuple[str, ...]:
        return g.script_draws.get(self.name, ())

    def set_script(self, g: GameState, items: tuple[str, ...]) -> None:
        scripts = {k: v for k, v in g.script_draws.items() if k != self.name}
        if items:
            scripts[self.name] = items
        g.script_draws = scripts

    def event_data(self) -> dict[str, object]:
        """What a draw, reshuffle or empty pile of this deck adds to its event: its name."""
        return {"deck": self.name}


class BonusCards(Deck):
    """The bonus cards: every module in play adds its own (components.md §8)."""

    name = BONUS
    title = "bonus card"
    noun = "a bonus card"

    def phrase(self, item: str) -> str:
        from .texts import card_phrase

        return card_phrase(item)

    def contents(self, settings: GameSettings) -> tuple[str, ...]:
        from .setup import bonus_deck

        return bonus_deck(settings)

    def pile(self, g: GameState) -> tuple[str, ...]:
        return g.draw_pile

    def set_pile(self, g: GameState, items: tuple[str, ...]) -> None:
        g.draw_pile = items

    def discard(self, g: GameState) -> tuple[str, ...]:
        return g.discard

    def set_discard(self, g: GameState, items: tuple[str, ...]) -> None:
        g.discard = items

    def hand(self, p: Player) -> tuple[str, ...]:
        return p.cards

    def set_hand(self, p: Player, items: tuple[str, ...]) -> None:
        p.cards = items

    def script(self, g: GameState) -> tuple[str, ...]:
        return g.script_cards

    def set_script(self, g: GameState, items: tuple[str, ...]) -> None:
        g.script_cards = items

    def event_data(self) -> dict[str, object]:
        return {}  # the bonus cards' events keep the shape they always had


DECKS: Registry[Deck] = Registry("decks")
DECK_NAMED: dict[str, Deck] = {}


def register_deck(deck: Deck, module: str) -> Deck:
    DECKS.add(deck, module)
    DECK_NAMED[deck.name] = deck
    return deck


BONUS_DECK = register_deck(BonusCards(), "base")


def deck_named(name: str) -> Deck:
    try:
        return DECK_NAMED[name]
    except KeyError:
        raise ScriptError(f"there is no deck called {name!r}") from None


def decks_in_play(settings: GameSettings) -> tuple[Deck, ...]:
    return DECKS.active(settings)


# ---- private holdings ----------------------------------------------------------------------------


def holdings(state: GameState, seat: int) -> dict[str, tuple[str, ...]]:
    """What a seat holds privately, by deck (only the non-empty hands): ``{"bonus": ("good",
    "stay")}`` now, guild cards next. Views give the other seats' items as "?"."""
    p = state.players[seat]
    out = {BONUS: p.cards} if p.cards else {}
    out.update((name, items) for name, items in p.hands.items() if items)
    return out


def holds_anything(p: Player) -> bool:
    """Whether the seat holds anything privately (the rule that asks a lone option)."""
    return bool(p.cards) or any(p.hands.values())


# ---- drawing ---------------------------------------------------------------------------------


def can_draw(g: GameState, deck: Deck = BONUS_DECK) -> bool:
    """Whether a draw would bring an item: the discard pile is shuffled in when the pile runs out,
    and with both empty a draw yields nothing (RULES-NOTES E-34, E-39)."""
    return bool(deck.pile(g) or deck.discard(g))


def reshuffle_if_empty(tx: Tx, deck: Deck = BONUS_DECK) -> None:
    g = tx.g
    if not deck.pile(g) and deck.discard(g):
        items = tuple(sorted(deck.discard(g)))
        deck.set_discard(g, ())
        deck.set_pile(g, items)
        tx.emit("reshuffle", None, cards=len(items), **deck.event_data())


def draw_from(tx: Tx, deck: Deck, seat: int) -> str | None:
    """Take one item from the face-down pile (a chance outcome, logged as ``draw``); None when
    both piles are empty. The caller puts the item where it goes (`draw_card` puts it in a hand)."""
    g = tx.g
    reshuffle_if_empty(tx, deck)
    pile = deck.pile(g)
    if not pile:
        tx.emit("no_card", seat, **deck.event_data())
        return None
    script = deck.script(g)
    if script:
        item = script[0]
        if item not in pile:
            raise ScriptError(f"scripted card {item!r} is not in the {deck.name} pile")
        deck.set_script(g, script[1:])
        index = pile.index(item)
    else:
        index = chance.pick(g.rng_seed, g.rng_counter, len(pile))
        item = pile[index]
    g.rng_counter += 1
    deck.set_pile(g, pile[:index] + pile[index + 1 :])
    return item


def draw_card(tx: Tx, seat: int, deck: Deck = BONUS_DECK) -> str | None:
    """Draw one card from a private deck's face-down pile into a seat's hand."""
    card = draw_from(tx, deck, seat)
    if card is None:
        return None
    add_card(tx.g, seat, card, deck)
    tx.emit("draw", seat, **deck.event_data(), card=card)
    tx.barrier = True
    reshuffle_if_empty(tx, deck)
    return card


def turn_up(tx: Tx, deck: Deck, seat: int) -> str | None:
    """Draw one item of a public deck face up (a letter, a kiosk tile): logged as ``draw`` with
    its deck, named to everyone; the caller puts it where it lies."""
    item = draw_from(tx, deck, seat)
    if item is not None:
        tx.emit("draw", seat, **deck.event_data(), card=item)
        tx.barrier = True
        reshuffle_if_empty(tx, deck)
    return item


def add_card(g: GameState, seat: int, card: str, deck: Deck = BONUS_DECK) -> None:
    p = g.mut(seat)
    deck.set_hand(p, tuple(sorted(deck.hand(p) + (card,))))


def remove_card(g: GameState, seat: int, card: str, deck: Deck = BONUS_DECK) -> None:
    p = g.mut(seat)
    cards = list(deck.hand(p))
    cards.remove(card)
    deck.set_hand(p, tuple(cards))


def to_discard(g: GameState, card: str, deck: Deck = BONUS_DECK) -> None:
    deck.set_discard(g, deck.discard(g) + (card,))


def discard_card(tx: Tx, seat: int, card: str, why: str, deck: Deck = BONUS_DECK) -> None:
    """A card leaves a hand face up onto its discard pile."""
    remove_card(tx.g, seat, card, deck)
    to_discard(tx.g, card, deck)
    tx.emit("discard", seat, **deck.event_data(), card=card, why=why)
    tx.barrier = True  # a card shown face up


# ---- dice ------------------------------------------------------------------------------------------


def roll_dice(tx: Tx, count: int = 2, seat: int | None = None) -> tuple[int, ...]:
    """Roll `count` dice (1 or 2) for `seat` (default: the turn's player): one chance outcome."""
    g = tx.g
    if g.script_dice:
        d = g.script_dice[0]
        if len(d) != count or not all(1 <= x <= 6 for x in d):
            raise ScriptError(f"scripted dice {d} are not {count} value{'s' if count > 1 else ''} 1-6")
        g.script_dice = g.script_dice[1:]
    else:
        both = chance.dice(g.rng_seed, g.rng_counter)
        d = both[:count]
    g.rng_counter += 1
    tx.emit("dice", g.turn.player if seat is None else seat, d=list(d))
    tx.barrier = True
    return d


def roll(tx: Tx, seat: int | None = None) -> tuple[int, int]:
    """Roll both dice (the usual roll)."""
    d = roll_dice(tx, 2, seat)
    return d[0], d[1]


# ---- the chance script -----------------------------------------------------------------------------


def set_chance_script(
    state: GameState,
    dice: Iterable[Iterable[int]] = (),
    cards: Iterable[str] | Mapping[str, Iterable[str]] = (),
) -> GameState:
    """Return a copy whose next rolls and draws are the ones given. `dice`: one tuple per roll,
    ``(a, b)`` for both dice, ``(a,)`` for one. `cards`: the next bonus cards drawn, or a mapping
    from deck name ("bonus", "guild", ...) to the next items drawn from that deck. A scripted item
    must be in its pile when drawn (else `ScriptError`)."""
    g = state.copy()
    g.script_dice = g.script_dice + tuple(tuple(int(x) for x in d) for d in dice)
    by_deck = cards if isinstance(cards, Mapping) else {BONUS: cards}
    for name, items in by_deck.items():
        deck = deck_named(name)
        deck.set_script(g, deck.script(g) + tuple(items))
    return g


def scripts_of(events: Iterable[object]) -> tuple[list[tuple[int, ...]], dict[str, list[str]]]:
    """The outcomes logged in `events` (Event objects), as `set_chance_script` takes them."""
    dice: list[tuple[int, ...]] = []
    draws: dict[str, list[str]] = {}
    for e in events:
        kind = getattr(e, "kind", "")
        data = getattr(e, "data", {})
        if kind == "dice":
            dice.append(tuple(data["d"]))
        elif kind == "draw":
            draws.setdefault(data.get("deck", BONUS), []).append(data["card"])
    return dice, draws
