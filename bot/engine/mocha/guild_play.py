"""How a guild card is played (E-38): the registration every guild card goes through, and the
action step of a place carried out from afar (#12, #19, #20).

Each card is a `cards.CardPlay` of the deck ``guild`` (code ``c.g1`` ... ``c.g20``), offered in
the free window of the turn's movement step only (instead of phases 1-4, one per turn) and only
when every instruction can be carried out ("up to" and "if possible" parts are met by doing
nothing). Playing it starts a guild turn (`guild_hall.start_guild_turn`). Remote actions carry the
action-step tags ``guild`` (#12's place), ``g19`` (the Tavern) and ``g20`` (the Coffee House), all
in `cards.REMOTE_TAGS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import REMOTE_TAGS, CardPlay, register_card_play
from ..decision import Option
from ..machine import Tx
from ..state import GameState, Step
from . import data
from .guild_deck import GUILD_DECK
from .guild_hall import guild_label, start_guild_turn

GUILD_ACTION = "guild"  # the action-step tag of #12's place (and the red tile's bar, E-20)
REMOTE_TAGS.update({GUILD_ACTION, "g19", "g20"})
MOVE_STEP = frozenset({"move"})

Body = Callable[[Tx, int], None]
Check = Callable[[GameState, int], bool]


def _anyway(g: GameState, seat: int) -> bool:
    return True


def guild_card(number: int, body: Body, can: Check = _anyway) -> CardPlay:
    """Register guild card `number`: playable at the turn's movement step when `can` says every
    instruction can be carried out; `body` does what it says once the guild turn has begun."""

    def playable(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
        return step.kind == "move" and can(g, seat)

    def effect(tx: Tx, seat: int, step: Step, final: bool) -> None:
        start_guild_turn(tx, seat, step)
        body(tx, seat)

    code = data.guild_code(number)
    play = CardPlay(
        code, effect, deck=GUILD_DECK.name, window=MOVE_STEP, playable=playable, label=f"Play {guild_label(code)}"
    )
    return register_card_play(play, data.MODULE)


def remote(g: GameState, seat: int, where: int, tag: str = GUILD_ACTION) -> Step:
    """The action step of place `where`, carried out from afar with the card's `tag`."""
    return Step("action", seat, where, 0, tag)
