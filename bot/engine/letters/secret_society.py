"""The Secret Society (place 24): hand in letters showing exactly 6 seals for the next ruby of the
Sultan's Palace or the Gemstone Dealer (and of the Coffee House in the Great Bazaar); the first
three to do it also take 3, 2 and 1 Lira (RULES-NOTES E-52, D-32).

The action is one option, ``act``, offered when the player's letters can show exactly 6 seals
(always possible with 6 or more: ones and twos make any total) and a track still holds a ruby.
It queues two steps: ``society_letters`` (which letters: `letter_payment`, codes ``p.<digits>``)
and ``society_ruby`` (which track: ``r.<place>``, asked only when two or more hold a ruby). The
ruby is the track's next one, with the refill of the last (`places.rubies.take_track_ruby`, E-25).

The Lira bonus (`LettersBoard.society_bonuses`, the seats paid, in order) follows
`RuleOptions.secret_society_bonus_per`: "player" (the default) pays the first three distinct
players, each once; "action" the first three actions, whoever takes them. Event
``society_bonus`` {lira, rank}.

The bonus card "Secret Society once more" (``c.society2``, `data.SOCIETY2`) is declared with the
action by the token standing here (E-32c, E-33: never a remote action) and plays like every
"twice" card (`bonus_cards.repeat_action`): the action, then an ``action`` step tagged "again".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..board import place_name
from ..bonus_cards import repeat_action, single_action
from ..cards import CardPlay, register_card_play
from ..decision import Option, who
from ..describe import GAIN_FROM, register_line
from ..invariants import register_invariant
from ..machine import StepKind, Tx, pop, push, register
from ..places import ACT_CODES, Place, place
from ..places.rubies import take_track_ruby, tracks_with_a_ruby
from ..state import GameState, Step
from ..wheelbarrow import gain_goods
from . import data
from .letter_deck import LETTERS_WHY, discard_letters
from .letter_payment import LetterPayment, can_pay
from .parts import letters_board, letters_of, set_letters_board
from .texts import CARD_NAMES

SOCIETY = "society"  # the `why` of the letters paid and of the Lira bonus
LETTERS_WHY[SOCIETY] = "to the Secret Society"
GAIN_FROM[SOCIETY] = "from the Secret Society"
LETTERS = "society_letters"
RUBY = "society_ruby"
RUBY_PREFIX = "r."


def ruby_places(g: GameState) -> list[int]:
    """The tracks a Secret Society ruby may come from now (each holding a ruby)."""
    allowed = data.society_ruby_places(data.COFFEE_HOUSE in g.layout)
    return [t.place for t in tracks_with_a_ruby(g) if t.place in allowed]


def bonus_due(g: GameState, seat: int) -> int:
    """The Lira bonus `seat` would take with a Secret Society action now (E-52)."""
    paid = letters_board(g).society_bonuses
    if g.settings.rules.secret_society_bonus_per == "player" and seat in paid:
        return 0
    return data.society_lira(len(paid))


def bonus_problems(g: GameState) -> list[str]:
    """The Lira bonuses handed out agree with the rule option (an invariant)."""
    paid = letters_board(g).society_bonuses
    out = []
    if len(paid) > len(data.SOCIETY_LIRA):
        out.append(f"{len(paid)} Secret Society bonuses paid, more than {len(data.SOCIETY_LIRA)}")
    if g.settings.rules.secret_society_bonus_per == "player" and len(set(paid)) != len(paid):
        out.append(f"a player took two Secret Society bonuses: {list(paid)}")
    if any(not 0 <= s < len(g.players) for s in paid):
        out.append(f"a Secret Society bonus went to no seat: {list(paid)}")
    return out


register_invariant(bonus_problems, data.MODULE)


@place
class SecretSociety(Place):
    number = data.SECRET_SOCIETY

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        if not self.codes(g, seat, step):
            return []
        lira = bonus_due(g, seat)
        bonus = f" and {lira} Lira" if lira else ""
        return [Option("act", f"Hand in letters worth {data.SOCIETY_SEALS} seals for a ruby{bonus}")]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        """The codes of `options`: the action is open with a ruby to take and 6 seals to pay."""
        if not ruby_places(g) or not can_pay(letters_of(g, seat), data.society_payment_ok, data.SOCIETY_SEALS):
            return ()
        return ACT_CODES

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        seat = step.actor
        push(tx.g, Step(LETTERS, seat, data.SECRET_SOCIETY), Step(RUBY, seat, data.SECRET_SOCIETY))


@register
class SocietyLetters(LetterPayment):
    """Which letters to hand in: exactly 6 seals (E-52)."""

    name = LETTERS
    module = data.MODULE
    most = data.SOCIETY_SEALS

    def ok(self, seals: Sequence[int]) -> bool:
        return data.society_payment_ok(seals)

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which letters go to the Secret Society ({data.SOCIETY_SEALS} seals)?"

    def paid(self, tx: Tx, step: Step, indices: tuple[int, ...]) -> None:
        pop(tx.g)
        discard_letters(tx, step.actor, indices, SOCIETY)


@register
class SocietyRuby(StepKind):
    """Which track the ruby comes from; then the Lira bonus, if one is due."""

    name = RUBY
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [Option(f"{RUBY_PREFIX}{p}", f"Take the next ruby of the {place_name(p)}") for p in ruby_places(g)]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which ruby does the Secret Society give you?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        seat = step.actor
        pop(g)
        take_track_ruby(tx, seat, int(code[len(RUBY_PREFIX):]))
        lira = bonus_due(g, seat)
        if lira:
            rank = len(letters_board(g).society_bonuses) + 1
            set_letters_board(g, society_bonuses=letters_board(g).society_bonuses + (seat,))
            tx.emit("society_bonus", seat, lira=lira, rank=rank)
            gain_goods(tx, seat, {}, lira, why=SOCIETY)


_ORDINALS = {1: "first", 2: "second", 3: "third"}


def _bonus_line(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who} is the {_ORDINALS.get(d['rank'], str(d['rank']))} to earn the Secret Society's bonus."


register_line("society_bonus", _bonus_line, data.MODULE)

register_card_play(
    CardPlay(
        data.SOCIETY2, repeat_action, action_at=data.SECRET_SOCIETY, bound="at", playable=single_action,
        label=f"Play the “{CARD_NAMES[data.SOCIETY2]}” card and take the action",
    ),
    data.MODULE,
)
