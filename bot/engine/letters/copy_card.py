"""The ``copy`` bonus card (components.md §8.3; RULES-NOTES E-35): carry out the card on top of
the bonus discard pile as it lay before this card went onto it.

The copied card keeps its own timing and conditions: a card of the free window is copied where
that card could be played (its `CardPlay.window` and `playable`), a card declared with an action
only with the action of its place (its `action_at`, `also_at`, `bound`: an action modifier of
this module), and after the last round only a card that may still be played then (E-55). Not
playable when the pile is empty or its top is another copy card. The top of the pile is public,
so the option names the card copied.

Event ``copied`` {card} (after the ``card`` event of the copy card itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import ANYTIME, PLAY_OF, REMOTE_TAGS, CardPlay, play_card, register_card_play
from ..decision import Option
from ..decks import BONUS, holds_anything
from ..describe import register_line
from ..machine import Tx
from ..places import ACTION_MODIFIERS, action_options, place_bound_barred
from ..state import GameState, Step
from ..texts import card_phrase
from . import data
from .bonus_cards import phrase
from .texts import CARD_NAMES


def copied_play(g: GameState, under: int = 0) -> CardPlay | None:
    """The play of the card on top of the bonus discard pile (`under`: how many cards lie above
    it), None when there is none or it is a copy card."""
    pile = g.discard
    if len(pile) <= under:
        return None
    top = pile[-1 - under]
    if top == data.COPY:
        return None
    play = PLAY_OF.get(top)
    return play if play is not None and play.deck == BONUS else None


def bound_to_place(play: CardPlay) -> bool:
    return bool(play.action_at or play.also_at)


def _card_name(kind: str) -> str:
    return f"the “{CARD_NAMES[kind]}” card" if kind in CARD_NAMES else card_phrase(kind)


def _label(play: CardPlay) -> str:
    return f"Play {phrase(data.COPY)} as {_card_name(play.kind)}"


def _in_window(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    """In the free window and after the last round: a copied card that is not declared with an
    action, with its own window (E-55 for the leftover cards) and conditions."""
    play = copied_play(g)
    if play is None or bound_to_place(play):
        return False
    if step.kind == "final":
        return play.final and play.playable(g, seat, step, act)
    return step.kind in play.window and play.playable(g, seat, step, act)


def _copy(tx: Tx, seat: int, step: Step, final: bool) -> None:
    play = copied_play(tx.g, under=1)  # the copy card lies on it now
    assert play is not None
    tx.emit("copied", seat, card=play.kind)
    play.effect(tx, seat, step, final)


COPY_PLAY = CardPlay(data.COPY, _copy, window=ANYTIME, final=True, playable=_in_window, label=f"Play {phrase(data.COPY)}")


COPY_CODE = f"c.{data.COPY}"


class CopyWithAction:
    """The copy card declared with an action, when the copied card is one (E-32c, E-33)."""

    @staticmethod
    def _copied(g: GameState, step: Step) -> CardPlay | None:
        """The card the copy card would carry out with the action at `step`, before that card's
        own check (`playable`, which may read the action's options); None where it cannot be."""
        seat = step.actor
        if seat != g.turn.player or data.COPY not in g.players[seat].cards:
            return None
        if not holds_anything(g.players[seat]) or place_bound_barred(g):
            return None
        play = copied_play(g)
        if play is None or not (play.action_at == step.place or step.place in play.also_at):
            return None
        if play.bound == "at" and step.tag in REMOTE_TAGS:
            return None
        return play

    def options(self, g: GameState, step: Step, act: list[Option]) -> list[Option]:
        play = self._copied(g, step)
        if play is None or not play.playable(g, step.actor, step, act):
            return []
        return [Option(COPY_CODE, _label(play), private=True)]

    def codes(self, g: GameState, step: Step) -> Sequence[str]:
        """The codes of `options` (the playout path): the action's own options are built only
        where a card could be copied with it (most action steps: none, and nothing is built)."""
        if self._copied(g, step) is None:
            return ()
        return [o.code for o in self.options(g, step, action_options(g, step))]

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        act = action_options(tx.g, step)
        if code != COPY_CODE or not self.options(tx.g, step, act):
            return False
        play_card(tx, step.actor, data.COPY)
        _copy(tx, step.actor, step, False)
        return True


def _copied_line(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who} carried out {_card_name(d['card'])} from the top of the discard pile."


register_card_play(COPY_PLAY, data.MODULE)
ACTION_MODIFIERS.add(CopyWithAction(), data.MODULE)
register_line("copied", _copied_line, data.MODULE)
