"""Phase 4: catching other family members, and the neutral tokens (the Governor, the Smuggler;
the table in `tokens` takes more)."""

from __future__ import annotations

from collections.abc import Sequence

from .components import CATCH_LIRA, GOOD_INDEX, GOODS, GOVERNOR_FEE, SMUGGLER_FEE
from .decision import Option, seat_ref, who
from .decks import can_draw, discard_card, draw_card, roll
from .machine import StepKind, Tx, pop, push, register
from .state import GameState, Step
from .texts import GOOD_NAMES, card_phrase
from .tokens import (
    NEUTRAL_TOKENS,
    NeutralToken,
    add_neutral_token,
    caught_at,
    meet,
    neutral_token,
    send_caught_home,
    waived,
)
from .wheelbarrow import gain_goods, lost_note, pay_goods

DONE = Option("done", "End your turn")
_DONE_ONLY = (DONE.code,)


@register
class Encounters(StepKind):
    """After the action, at the active token's place; also the last free moment of the turn.
    `n` holds the bits of the neutral tokens met already (see `NeutralToken.bit`)."""

    name = "after"
    step_prompt = True
    free = True
    decline = "done"

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat, here = step.actor, step.place
        opts = []
        victims = caught_at(g, here, seat)
        cards_left = can_draw(g) if victims else False
        for v in victims:
            whose = seat_ref(v)
            if cards_left:
                opts.append(Option(f"k{v}.card", f"Catch {whose}'s family member: take a bonus card"))
            opts.append(Option(f"k{v}.lira", f"Catch {whose}'s family member: take {CATCH_LIRA} Lira"))
        for token in NEUTRAL_TOKENS.in_play(g.settings):
            if not step.n & token.bit and token.where(g) == here:
                label = token.offer(g, seat)
                if label is not None:
                    opts.append(Option(token.code, label))
        if not victims:
            opts.append(DONE)
        return opts

    def codes(self, g: GameState, step: Step) -> Sequence[str]:
        seat, here = step.actor, step.place
        victims = caught_at(g, here, seat)
        codes: list[str] = []
        if victims:
            cards_left = can_draw(g)
            for v in victims:
                if cards_left:
                    codes.append(f"k{v}.card")
                codes.append(f"k{v}.lira")
        for token in NEUTRAL_TOKENS.in_play(g.settings):
            if not step.n & token.bit and token.where(g) == here and token.offer(g, seat) is not None:
                codes.append(token.code)
        if victims:
            return codes
        return [*codes, "done"] if codes else _DONE_ONLY

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: encounters and last moves of your turn."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        seat = step.actor
        if code == "done":
            pop(g)
            return
        if code.startswith("k"):
            victim, reward = code[1:].split(".")
            catch(tx, seat, int(victim), reward, step.place)
            return
        for token in NEUTRAL_TOKENS.in_play(g.settings):
            if token.code == code:
                pop(g)
                if waived(g, seat, token):
                    tx.emit("waived", seat, token=token.tag)
                push(g, *meet(g, seat, step.place, step.n, token))
                if token.reward_now is not None:
                    token.reward_now(tx, seat)
                return
        raise AssertionError(code)


def catch(tx: Tx, seat: int, victim: int, reward: str, place: int) -> None:
    send_caught_home(tx.g, victim, place)
    tx.emit("caught", seat, victim=victim, reward=reward)
    take_reward(tx, seat, reward)


def take_reward(tx: Tx, seat: int, reward: str) -> None:
    """The catch reward: one bonus card from the face-down pile, or 3 Lira."""
    if reward == "card":
        draw_card(tx, seat)
    else:
        gain_goods(tx, seat, {}, CATCH_LIRA, why="reward")


# ---- the Governor and the Smuggler ------------------------------------------------------------


def _governor_at(g: GameState) -> int:
    return g.board.governor


def _put_governor(g: GameState, place: int) -> None:
    g.wboard().governor = place


def _offer_governor(g: GameState, seat: int) -> str | None:
    if not can_draw(g):
        return None
    return f"Governor: draw a bonus card, then pay {GOVERNOR_FEE} Lira or discard one"


def _governor_card(tx: Tx, seat: int) -> None:
    draw_card(tx, seat)


def _smuggler_at(g: GameState) -> int:
    return g.board.smuggler


def _put_smuggler(g: GameState, place: int) -> None:
    g.wboard().smuggler = place


def _offer_smuggler(g: GameState, seat: int) -> str | None:
    return f"Smuggler: take a good, then pay {SMUGGLER_FEE} Lira or a good"


GOVERNOR = add_neutral_token(
    NeutralToken(
        "gov", "governor", "the Governor", None, _governor_at, _put_governor, _offer_governor,
        payment=("gov_pay",), reward_now=_governor_card,
    )
)
SMUGGLER = add_neutral_token(
    NeutralToken(
        "smug", "smuggler", "the Smuggler", None, _smuggler_at, _put_smuggler, _offer_smuggler,
        reward=("smug_good",), payment=("smug_pay",),
    )
)


@register
class GovernorPayment(StepKind):
    name = "gov_pay"

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = g.players[step.actor]
        opts = [Option("pay", f"Pay {GOVERNOR_FEE} Lira")] if p.lira >= GOVERNOR_FEE else []
        opts += [Option(f"d.{c}", f"Discard {card_phrase(c)}", private=True) for c in sorted(set(p.cards))]
        return opts

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: pay the Governor: 2 Lira or a bonus card."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if code == "pay":
            pay_goods(tx, step.actor, {}, GOVERNOR_FEE, why="governor")
        else:
            discard_card(tx, step.actor, code[2:], "governor")


@register
class SmugglerGood(StepKind):
    name = "smug_good"

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = g.players[step.actor]
        return [Option(f"g.{c}", f"Take 1 {GOOD_NAMES[c]}{lost_note(p, c)}") for c in GOODS]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which good from the Smuggler?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        gain_goods(tx, step.actor, {code[2:]: 1}, why="smuggler")


@register
class SmugglerPayment(StepKind):
    name = "smug_pay"

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = g.players[step.actor]
        opts = [Option("pay", f"Pay {SMUGGLER_FEE} Lira")] if p.lira >= SMUGGLER_FEE else []
        opts += [Option(f"g.{c}", f"Pay 1 {GOOD_NAMES[c]}") for c in GOODS if p.goods[GOOD_INDEX[c]]]
        return opts

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: pay the Smuggler: 2 Lira or a good."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if code == "pay":
            pay_goods(tx, step.actor, {}, SMUGGLER_FEE, why="smuggler")
        else:
            pay_goods(tx, step.actor, {code[2:]: 1}, why="smuggler")


@register
class Relocate(StepKind):
    """After use, a neutral token moves to the place the dice show (2-12); `tag` names it."""

    name = "relocate"

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)
        token = neutral_token(step.tag)
        assert token is not None, step.tag
        relocate(tx, step.actor, token)


def relocate(tx: Tx, seat: int | None, token: NeutralToken) -> None:
    """Roll both dice and put the token on the place they show (also its place at setup); the
    event keeps where it stood, so a roll of its own place reads as staying."""
    d = roll(tx)
    target = d[0] + d[1]
    source = token.where(tx.g)
    token.put(tx.g, target)
    if seat is not None:
        tx.emit("relocate", seat, token=token.tag, to=target, source=source)


def skip_encounters(g: GameState, seat: int, source: int) -> bool:
    """The turn's active token left `source` before meeting anyone there (a Catacombs jump, a
    kiosk tile: E-47): its pending encounters step moves to place 0, with nobody to meet, and its
    free moment stays. False when no such step is pending."""
    steps = g.steps
    for i in range(len(steps) - 1, -1, -1):
        s = steps[i]
        if s.kind == "after" and s.actor == seat and s.place == source:
            g.steps = (*steps[:i], Step("after", seat, 0, s.n, s.tag), *steps[i + 1 :])
            return True
    return False
