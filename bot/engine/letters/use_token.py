"""The ``usetoken`` bonus card (components.md §8.3; RULES-NOTES E-30, E-53, E-55): use a neutral
token from afar, wherever it stands, paying its usual cost, then let the dice move it.

Any neutral token in play and on the board may be called (`tokens.NEUTRAL_TOKENS`: the Governor,
the Smuggler, the Courier, and in the Great Bazaar the Coffee trader), when the player could pay
for it once its reward is in hand. The cost is always paid: the card says so, and the Encounter
tile never waives it here (E-30). Then the token is relocated by the dice as after an encounter
(E-29). At any free moment of the turn outside an action (E-32e). After the last round only the
Smuggler (E-55: goods and Lira only), and the relocation is left out.

Step ``usetoken`` (``u.<token's code>``); then the token's own reward and payment steps and
``relocate``. Event ``token_called`` {token} (the token's tag).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import ANYTIME, CardPlay, register_card_play
from ..decision import Option, who
from ..describe import register_line
from ..machine import KINDS, StepKind, Tx, pop, push, register
from ..state import GameState, Step
from ..tokens import NEUTRAL_TOKENS, NeutralToken, neutral_token
from ..undo import after_last_round
from . import data
from .bonus_cards import phrase

USE_TOKEN = "usetoken"


def _payable(g: GameState, seat: int, token: NeutralToken) -> bool:
    """Whether the seat could pay the token's cost once its reward is in hand. A reward only
    adds, so a cost the seat can pay now is payable; otherwise the reward is taken on a scratch
    copy (each reward step's first choice) and the payment steps asked there."""
    if all(KINDS[kind].options(g, Step(kind, seat)) for kind in token.payment):
        return True
    trial = g.fork()
    tx = Tx(trial)
    if token.reward_now is not None:
        token.reward_now(tx, seat)
    for kind in token.reward:
        step = Step(kind, seat)
        opts = KINDS[kind].options(trial, step)
        if opts:
            trial.steps = trial.steps + (step,)
            KINDS[kind].resolve(tx, step, opts[0].code)
    return all(KINDS[kind].options(trial, Step(kind, seat)) for kind in token.payment)


def callable_tokens(g: GameState, seat: int) -> list[NeutralToken]:
    """The neutral tokens the card may call now, in the table's order (after the last round the
    Smuggler only, E-55)."""
    final = after_last_round(g)
    return [
        t
        for t in NEUTRAL_TOKENS.in_play(g.settings)
        if t.where(g) in g.layout
        and (not final or t.tag in data.FINAL_NEUTRAL_TOKENS)
        and t.offer(g, seat) is not None
        and _payable(g, seat, t)
    ]


def _can_call(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return bool(callable_tokens(g, seat))


def _use_token(tx: Tx, seat: int, step: Step, final: bool) -> None:
    push(tx.g, Step(USE_TOKEN, seat))


@register
class UseToken(StepKind):
    """After the ``usetoken`` card: which neutral token is called (``u.<code>``)."""

    name = USE_TOKEN
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat = step.actor
        return [Option(f"u.{t.code}", f"From afar: {t.offer(g, seat)}") for t in callable_tokens(g, seat)]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which neutral token do you call from afar?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        pop(g)
        seat = step.actor
        token = next(t for t in NEUTRAL_TOKENS.in_play(g.settings) if t.code == code[2:])
        tx.emit("token_called", seat, token=token.tag)
        relocation = () if after_last_round(g) else (Step("relocate", seat, tag=token.tag),)
        push(
            g,
            *(Step(kind, seat) for kind in token.reward),
            *(Step(kind, seat) for kind in token.payment),  # never waived (E-30)
            *relocation,
        )
        if token.reward_now is not None:
            token.reward_now(tx, seat)


def _called_line(who: str, d: dict[str, Any], own: bool) -> str:
    token = neutral_token(d["token"])
    return f"{who} called {token.title if token else 'a neutral token'} from afar with a bonus card."


register_line("token_called", _called_line, data.MODULE)

register_card_play(
    CardPlay(
        data.NEUTRAL, _use_token, window=ANYTIME, final=True, playable=_can_call,
        label=f"Play {phrase(data.NEUTRAL)}",
    ),
    data.MODULE,
)
