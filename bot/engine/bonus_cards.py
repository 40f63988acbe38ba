"""The base game's bonus cards (components.md §8.1): how each is played (`cards.CardPlay`) and the
steps some of them start (a good of your choice, the family card's reward)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ANYTIME, PHASE_ONE, CardPlay, Effect, register_card_play
from .components import (
    GEMSTONE_DEALER,
    GOODS,
    LIRA_CARD,
    POLICE_STATION,
    POST_OFFICE,
    SMALL_MARKET,
    SULTANS_PALACE,
)
from .decision import Option, who
from .decks import can_draw
from .encounters import take_reward
from .machine import StepKind, Tx, pop, push, register
from .movement import arrive, move_options
from .places import PLACES, perform
from .state import GameState, Step
from .texts import GOOD_NAMES, card_phrase
from .wheelbarrow import gain_goods, lost_note


@register
class CardGood(StepKind):
    name = "card_good"

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = g.players[step.actor]
        return [Option(f"g.{c}", f"Take 1 {GOOD_NAMES[c]}{lost_note(p, c)}") for c in GOODS]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: choose a good."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        gain_goods(tx, step.actor, {code[2:]: 1}, why="card")


@register
class Reward(StepKind):
    """The catch reward for the family card: 1 bonus card or 3 Lira."""

    name = "reward"
    decline = "r.lira"

    def options(self, g: GameState, step: Step) -> list[Option]:
        opts = [Option("r.card", "Take a bonus card")] if can_draw(g) else []
        return opts + [Option("r.lira", "Take 3 Lira")]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: choose your reward."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        take_reward(tx, step.actor, code[2:])




# ---- cards played instead of the normal move ---------------------------------------------------


def instead_of_move(kind: str) -> Effect:
    """A card's effect that replaces the turn's movement step by the step `kind` (the 3-or-4 card,
    the corner card, the follow, pay-3 and family-step cards)."""

    def effect(tx: Tx, seat: int, step: Step, final: bool) -> None:
        pop(tx.g)  # instead of the normal move
        push(tx.g, Step(kind, seat))

    return effect


class CardMove(StepKind):
    """The movement step such a card starts: one option per target (`targets`), coded `prefix` and
    the target's number, worded by `label`; choosing one calls `land` with that number."""

    movement = True
    prefix = "go."
    ask = ""  # the prompt after the player's name

    def targets(self, g: GameState, step: Step) -> Sequence[int]:
        raise NotImplementedError

    def label(self, g: GameState, step: Step, target: int) -> str:
        raise NotImplementedError

    def land(self, tx: Tx, step: Step, target: int) -> None:
        raise NotImplementedError

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [Option(f"{self.prefix}{t}", self.label(g, step, t)) for t in self.targets(g, step)]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: {self.ask}"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        self.land(tx, step, int(code[len(self.prefix) :]))


def _stay(tx: Tx, seat: int, step: Step, final: bool) -> None:
    pop(tx.g)
    arrive(tx, seat, tx.g.players[seat].merchant, "stay")


def _return(tx: Tx, seat: int, step: Step, final: bool) -> None:
    push(tx.g, Step("recall", seat, tag="card"))


def _good(tx: Tx, seat: int, step: Step, final: bool) -> None:
    push(tx.g, Step("card_good", seat))


def _lira5(tx: Tx, seat: int, step: Step, final: bool) -> None:
    gain_goods(tx, seat, {}, LIRA_CARD, why="card")


def _family(tx: Tx, seat: int, step: Step, final: bool) -> None:
    tx.g.mut(seat).family = POLICE_STATION
    tx.emit("family_home", seat)
    if final:
        take_reward(tx, seat, "lira")
    else:
        push(tx.g, Step("reward", seat))


def repeat_action(tx: Tx, seat: int, step: Step, final: bool) -> None:
    """The action (a place with one way to carry it out) now and once more right after the
    first one (n=1: the family member's action). Any module's "twice" card plays this way."""
    code = PLACES[step.place].options(tx.g, seat, step)[0].code
    push(tx.g, Step("action", seat, step.place, int(step.tag == "family"), "again"))
    perform(tx, step, code)


def _small_any(tx: Tx, seat: int, step: Step, final: bool) -> None:
    perform(tx, Step("action", seat, step.place, 0, "any"), "act")


def _family_away(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return g.players[seat].family != POLICE_STATION


def _assistant_out(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return bool(g.players[seat].assistants)


def _can_move34(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return bool(move_options(g, seat, 3, 4))


def single_action(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return len(act) == 1


def _has_goods(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return any(g.players[seat].goods)


def _twice(kind: str) -> str:
    return f"Play {card_phrase(kind)} and take the action"


for _play in (
    CardPlay("good", _good, window=ANYTIME, final=True),
    CardPlay("lira5", _lira5, window=ANYTIME, final=True),
    CardPlay("sultan2", repeat_action, action_at=SULTANS_PALACE, bound="carry_out", playable=single_action, label=_twice("sultan2")),
    CardPlay("post2", repeat_action, action_at=POST_OFFICE, bound="carry_out", playable=single_action, label=_twice("post2")),
    CardPlay("gem2", repeat_action, action_at=GEMSTONE_DEALER, bound="carry_out", playable=single_action, label=_twice("gem2")),
    CardPlay("family", _family, window=ANYTIME, final=True, playable=_family_away),
    CardPlay(
        "smallany", _small_any, action_at=SMALL_MARKET, bound="carry_out", playable=_has_goods,
        label=f"Play {card_phrase('smallany')} and sell",
    ),
    CardPlay("stay", _stay, window=frozenset({"move"})),
    CardPlay("move34", instead_of_move("move34"), window=frozenset({"move"}), playable=_can_move34),
    CardPlay("return", _return, window=PHASE_ONE, playable=_assistant_out),
):
    register_card_play(_play, "base")
