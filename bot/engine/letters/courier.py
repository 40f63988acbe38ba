"""The Courier: a neutral token like the Governor and the Smuggler (rulebook 000: "used in the same
way"). The set-up dice place him (on 2-12, E-58); met in phase 4 at the active token's place he
gives 1 letter, face up (`letter_deck.receive_letters`), then takes 2 Lira or any 1 of the
player's letters, the one just received included (RULES-NOTES D-19, E-29); after use the dice
move him (`encounters.relocate`). `LettersBoard.courier` holds his place (0: off the board).

Encounter code ``cour`` (offered while a letter can be drawn: the player can always pay him with
the letter he gives), then the step ``cour_pay``: ``pay`` (2 Lira) or ``l.<digit>`` (the letter
at that position of the player's row, one option per distinct letter). In the Great Bazaar the
Encounter tile waives his price like every neutral token's (D-16, E-53: Mocha & Baksheesh's
`tokens.WAIVERS` entry covers every token in play); the "use a neutral token" card never does.
"""

from __future__ import annotations

from .. import describe
from ..decision import Option, who
from ..decks import can_draw
from ..machine import StepKind, Tx, pop, register
from ..mocha import coffee_trader as _coffee_trader  # noqa: F401  (registered first: its bit stays 4 in Mocha games)
from ..state import GameState, Step
from ..tokens import NeutralToken, add_neutral_token
from ..wheelbarrow import pay_goods
from . import data
from .letter_deck import LETTER_DECK, LETTERS_WHY, discard_letters, receive_letters
from .letter_payment import FIRST, digit, index_of, letter_label, one_of_each
from .parts import letters_board, letters_of, set_letters_board
from .texts import TOKEN_NAMES

COURIER = "courier"  # the token's tag, and the `why` of what is paid to him
PAYMENT = "cour_pay"
LETTERS_WHY[COURIER] = "to the Courier"
describe.PAID_TO[COURIER] = "to the Courier"


def _where(g: GameState) -> int:
    return letters_board(g).courier


def _put(g: GameState, place: int) -> None:
    set_letters_board(g, courier=place)


def _offer(g: GameState, seat: int) -> str | None:
    if not can_draw(g, LETTER_DECK):
        return None
    return f"Courier: take 1 letter, then pay {data.COURIER_LIRA} Lira or a letter"


def _letter(tx: Tx, seat: int) -> None:
    receive_letters(tx, seat, data.COURIER_LETTERS)


COURIER_TOKEN = add_neutral_token(
    NeutralToken(
        "cour", COURIER, f"the {TOKEN_NAMES[COURIER]}", data.MODULE, _where, _put, _offer,
        payment=(PAYMENT,), reward_now=_letter,
    )
)


@register
class CourierPayment(StepKind):
    """2 Lira or any 1 of the player's letters for the letter he gave (D-19)."""

    name = PAYMENT
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat = step.actor
        fee = data.COURIER_LIRA
        opts = [Option("pay", f"Pay {fee} Lira")] if g.players[seat].lira >= fee else []
        letters = letters_of(g, seat)
        for i in one_of_each(letters):
            opts.append(Option(f"{FIRST}{digit(i)}", f"Give up letter {letter_label(letters[i])}"))
        return opts

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: pay the Courier: {data.COURIER_LIRA} Lira or one of your letters."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if code == "pay":
            pay_goods(tx, step.actor, {}, data.COURIER_LIRA, why=COURIER)
        else:
            discard_letters(tx, step.actor, [index_of(code[len(FIRST):])], COURIER)
