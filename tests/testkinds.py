"""Test-only step kinds, decks and parts that prove the Big Box groundwork (issue 21) before the
modules land, for the engine tests and (the same kinds) the service and discord.py tests.

Importing this module registers them, with the test-only module ``"test"`` (`modules.Module`
``test_only``): a game has the test decks, parts, card plays and action hook only when a test
names that module (``preview_settings(expansions=(..., "test"))``), never a game players choose;
checks over "every kind the engine registers" tell them apart by that module. Each ``*_position`` function builds a base-game state whose next decision is one of
them, ready for `pending` / `apply` (and for a service that stores the state as it is).

- ``test_deck`` (decks and dice): draw from a private test deck into the hand, turn up a tile of
  a public test deck, roll one die, discard a test card (private), or go on. Its decks exist in
  games of the test module only (`deck_position`: a Great Bazaar game with the test module
  named, built with `preview_settings`). Three test cards can be played: ``t3`` at the
  movement step (and after the last round), ``t2`` "if you are at" the Fabric Warehouse and
  ``t4`` "if you carry out the action at" it (RULES-NOTES E-33); each gives 1 Lira.
- ``test_huge`` (bigger choices): 60 public options ``p.0``-``p.59`` and 30 private ones
  ``q.0``-``q.29`` (private: they stand for cards in a hand); the choice is logged as
  ``test_choice`` {code}. Default ``p.0``.
- ``test_values`` (a choice of more than 100 values, asked in two steps): a pass ``no`` (the
  default) or a value 0-250, ``v.<value>``, reached through the ranges ``vr.0``, ``vr.99``,
  ``vr.198``; logged as ``test_choice`` {code}.

- ``test_again`` (extra turns, guild card #7 and the double move next): ``again`` (another turn
  right after this one) or ``no`` (the default: a default never starts one).
- ``test_ask`` (decisions of other seats in the middle of a turn, Kiosk picks and auction bids
  next): ``ask`` (the default) puts a question to every other seat in seat order, then one back
  to the asking seat; ``quiet`` asks nobody. Each other seat's part is two decisions:
  ``test_pick`` (``pick.1``-``pick.3``; the default is the first) then ``test_use`` (``use`` or
  ``keep``, the default: "not carried out", RULES-NOTES E-62). The asking seat then answers
  ``test_back`` (``back.a``, ``back.b`` or ``back.no``, the default). Every answer is logged as
  ``test_choice`` {code}.
- An action hook: in a game with the test module the Caravansary's action also gives 1 Lira
  (like Mocha & Baksheesh's coffee there), logged as a ``gain`` with ``why`` "test".
- ``test_mark`` (a player part written on a choice): ``mark`` adds one to the actor's part
  ``testmark``; ``no`` (the default) does nothing.

`base_position(*kinds)` builds a base game (3 players, in-order layout, seed 1) whose seat 0
faces the given test steps, the first one first, before its move.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import GameSettings, GameState, Option, new_game
from bot.engine.cards import REMOTE_TAGS, CardPlay, register_card_play
from bot.engine.choices import ValueChoice
from bot.engine.decision import who
from bot.engine.decks import Deck, discard_card, draw_card, register_deck, roll_dice, turn_up
from bot.engine.describe import register_line
from bot.engine.machine import StepKind, Tx, other_seats, pop, push, register
from bot.engine.modules import Module, register_module
from bot.engine.places import ACTION_HOOKS, perform
from bot.engine.settings import preview_settings
from bot.engine.state import Part, Step, register_part
from bot.engine.turn import grant_extra_turn
from bot.engine.wheelbarrow import gain_goods

TEST = "test"
COLOURS = ["red", "blue", "green", "yellow", "white"]

# ---- decks and dice ------------------------------------------------------------------------------

TEST_MODULE = register_module(Module(name=TEST, title="Test module", playable=False, test_only=True, order=99))
IN_PLAY = ("mocha", "letters", TEST)  # the games of `deck_position`: the Great Bazaar with the test module


@dataclass(frozen=True, slots=True)
class Lot(Part):
    """A board part: test tiles turned up and lying face up."""

    tiles: tuple[str, ...] = ()


register_part("testlot", Lot, TEST)


@dataclass(frozen=True, slots=True)
class Mark(Part):
    """A player part: how many times the seat chose ``test_mark``."""

    marks: int = 0


register_part("testmark", Mark, TEST)


class TestHand(Deck):
    """A private deck (like the guild cards): drawn cards go into a hidden hand."""

    name = "testhand"
    title = "test card"
    noun = "a test card"

    def contents(self, settings: object) -> tuple[str, ...]:
        return ("t1", "t1", "t2", "t3", "t4", "t5")


class TestTiles(Deck):
    """A public deck (like the kiosk tiles): turned up face up into the board's `testlot` part."""

    name = "testtiles"
    private = False
    title = "test tile"
    noun = "a test tile"

    def contents(self, settings: object) -> tuple[str, ...]:
        return ("K01", "K02", "K03", "K04")

    def face_up(self, g: GameState) -> tuple[str, ...]:
        lot = g.board_part("testlot")
        return lot.tiles if lot is not None else ()


TEST_HAND = register_deck(TestHand(), TEST)
TEST_TILES = register_deck(TestTiles(), TEST)


@register
class DeckStep(StepKind):
    name = "test_deck"
    module = TEST
    decline = "done"

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = g.players[step.actor]
        opts = [Option("d.hand", "Draw a test card"), Option("d.tile", "Turn up a test tile"), Option("d.die", "Roll one die")]
        opts += [Option(f"x.{c}", f"Discard test card {c}", private=True) for c in sorted(set(TEST_HAND.hand(p)))]
        return [*opts, Option("done", "Go on")]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: test the decks."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        if code == "done":
            pop(g)
        elif code == "d.hand":
            draw_card(tx, step.actor, TEST_HAND)
        elif code == "d.tile":
            tile = turn_up(tx, TEST_TILES, step.actor)
            if tile is not None:
                lot = g.board_part("testlot") or Lot()
                g.set_board_part("testlot", Lot(lot.tiles + (tile,)))
        elif code == "d.die":
            roll_dice(tx, 1, step.actor)
        else:
            discard_card(tx, step.actor, code[2:], "test", TEST_HAND)


FABRIC_WAREHOUSE = 2
REMOTE = "remote"  # an action-step tag standing for a remote action (the Tavern's barrier, next)
REMOTE_TAGS.add(REMOTE)


def _one_lira(tx: Tx, seat: int, step: Step, final: bool) -> None:
    gain_goods(tx, seat, {}, 1, why="card")


def _one_lira_and_act(tx: Tx, seat: int, step: Step, final: bool) -> None:
    gain_goods(tx, seat, {}, 1, why="card")
    perform(tx, step, "act")


register_card_play(CardPlay("t3", _one_lira, deck="testhand", window=frozenset({"move"}), final=True), TEST)
register_card_play(
    CardPlay("t2", _one_lira_and_act, deck="testhand", action_at=FABRIC_WAREHOUSE, bound="at"), TEST
)
register_card_play(
    CardPlay("t4", _one_lira_and_act, deck="testhand", action_at=FABRIC_WAREHOUSE, bound="carry_out"), TEST
)


def deck_position(players: int = 3, seed: int = 1) -> GameState:
    """A Great Bazaar game with the test module (preview settings) whose seat 0 decides at a
    `test_deck` step before its move."""
    settings = preview_settings(players=players, expansions=IN_PLAY)
    g = new_game(settings, COLOURS[:players], seed).copy()
    push(g, Step("test_deck", 0))
    g.cache = None
    return g


# ---- bigger choices --------------------------------------------------------------------------------


def _choice_line(who_: str, d: dict[str, object], own: bool) -> str:
    return f"{who_} chose {d['code']}."


register_line("test_choice", _choice_line, TEST)


class _Answer(StepKind):
    """A test decision whose answer is only logged."""

    module = TEST
    codes: tuple[str, ...] = ()
    question = ""

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [Option(c, f"Answer {c}") for c in self.codes]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: {self.question}"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        tx.emit("test_choice", step.actor, code=code)


@register
class Huge(_Answer):
    """Ninety options, a third of them private."""

    name = "test_huge"
    question = "choose one of ninety."

    def options(self, g: GameState, step: Step) -> list[Option]:
        public = [Option(f"p.{i}", f"Public choice {i}") for i in range(60)]
        return public + [Option(f"q.{i}", f"Private choice {i}", private=True) for i in range(30)]


@register
class Values(ValueChoice):
    name = "test_values"
    module = TEST
    decline = "no"

    def values(self, g: GameState, step: Step) -> range:
        return range(0, 251)

    def value_label(self, g: GameState, step: Step, value: int) -> str:
        return f"Bid {value} Lira"

    def extra(self, g: GameState, step: Step) -> list[Option]:
        return [Option("no", "Pass")]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: bid, or pass."

    def chosen(self, tx: Tx, step: Step, value: int) -> None:
        pop(tx.g)
        tx.emit("test_choice", step.actor, code=f"v.{value}")

    def resolve_extra(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        tx.emit("test_choice", step.actor, code=code)


def base_position(*kinds: str, players: int = 3, seed: int = 1) -> GameState:
    """A base game whose seat 0 faces the test steps `kinds` (the first one first) before its move."""
    g = new_game(GameSettings(players=players, layout="in_order"), COLOURS[:players], seed).copy()
    push(g, *[Step(k, 0) for k in kinds])
    g.cache = None
    return g


# ---- extra turns and other seats deciding mid-turn ---------------------------------------------------


@register
class Again(_Answer):
    name = "test_again"
    decline = "no"
    codes = ("again", "no")
    question = "take another turn after this one?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        super().resolve(tx, step, code)
        if code == "again":
            grant_extra_turn(tx.g)


@register
class Ask(_Answer):
    name = "test_ask"
    codes = ("ask", "quiet")
    question = "ask the others?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        super().resolve(tx, step, code)
        if code == "ask":
            seat = step.actor
            asked = [Step(kind, s) for s in other_seats(tx.g, seat) for kind in ("test_pick", "test_use")]
            push(tx.g, *asked, Step("test_back", seat))


@register
class Pick(_Answer):
    name = "test_pick"
    codes = ("pick.1", "pick.2", "pick.3")
    question = "pick one."


@register
class Use(_Answer):
    name = "test_use"
    decline = "keep"
    codes = ("use", "keep")
    question = "use what you picked?"


@register
class Back(_Answer):
    name = "test_back"
    decline = "back.no"
    codes = ("back.a", "back.b", "back.no")
    question = "the others have answered: your choice."


@register
class MarkStep(_Answer):
    """``test_mark``: ``mark`` adds one to the actor's player part ``testmark`` (written by
    replacing the part), ``no`` (the default) leaves it."""

    name = "test_mark"
    decline = "no"
    codes = ("mark", "no")
    question = "mark?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        super().resolve(tx, step, code)
        if code == "mark":
            old = tx.g.player_part(step.actor, "testmark") or Mark()
            tx.g.set_player_part(step.actor, "testmark", Mark(old.marks + 1))


def _caravansary_lira(tx: Tx, step: Step, code: str) -> None:
    if step.place == 6:
        gain_goods(tx, step.actor, {}, 1, why="test")


ACTION_HOOKS.add(_caravansary_lira, TEST)
