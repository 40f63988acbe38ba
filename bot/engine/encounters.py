"""Phase 4: catching other family members, the Governor and the Smuggler."""

from __future__ import annotations

from .board import families_at
from .components import CATCH_LIRA, GOOD_INDEX, GOODS, GOVERNOR_FEE, POLICE_STATION, SMUGGLER_FEE
from .decision import Option, seat_ref, who
from .machine import StepKind, Tx, can_draw, discard_card, draw_card, pop, push, register, roll
from .state import GameState, Step
from .texts import GOOD_NAMES, card_phrase
from .wheelbarrow import gain_goods, lost_note, pay_goods

GOVERNOR_USED = 1
SMUGGLER_USED = 2


@register
class Encounters(StepKind):
    """After the action, at the active token's place; also the last free moment of the turn."""

    name = "after"
    free = True
    decline = "done"

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat, here = step.actor, step.place
        opts = []
        victims = families_at(g, here, seat) if here != POLICE_STATION else []
        cards_left = can_draw(g)
        for v in victims:
            whose = seat_ref(v)
            if cards_left:
                opts.append(Option(f"k{v}.card", f"Catch {whose}'s family member: take a bonus card"))
            opts.append(Option(f"k{v}.lira", f"Catch {whose}'s family member: take {CATCH_LIRA} Lira"))
        if not step.n & GOVERNOR_USED and g.board.governor == here and cards_left:
            opts.append(Option("gov", f"Governor: draw a bonus card, then pay {GOVERNOR_FEE} Lira or discard one"))
        if not step.n & SMUGGLER_USED and g.board.smuggler == here:
            opts.append(Option("smug", f"Smuggler: take a good, then pay {SMUGGLER_FEE} Lira or a good"))
        if not victims:
            opts.append(Option("done", "End your turn"))
        return opts

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: encounters and last moves of your turn."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        seat = step.actor
        if code == "done":
            pop(g)
        elif code.startswith("k"):
            victim, reward = code[1:].split(".")
            catch(tx, seat, int(victim), reward)
        elif code == "gov":
            pop(g)
            push(
                g,
                Step("gov_pay", seat),
                Step("relocate", seat, tag="governor"),
                Step("after", seat, step.place, step.n | GOVERNOR_USED),
            )
            draw_card(tx, seat)
        elif code == "smug":
            pop(g)
            push(
                g,
                Step("smug_good", seat),
                Step("smug_pay", seat),
                Step("relocate", seat, tag="smuggler"),
                Step("after", seat, step.place, step.n | SMUGGLER_USED),
            )
        else:
            raise AssertionError(code)


def catch(tx: Tx, seat: int, victim: int, reward: str) -> None:
    g = tx.g
    g.mut(victim).family = POLICE_STATION
    tx.emit("caught", seat, victim=victim, reward=reward)
    take_reward(tx, seat, reward)


def take_reward(tx: Tx, seat: int, reward: str) -> None:
    """The catch reward: one bonus card from the face-down pile, or 3 Lira."""
    if reward == "card":
        draw_card(tx, seat)
    else:
        gain_goods(tx, seat, {}, CATCH_LIRA, why="reward")


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
    """After use, a neutral token moves to the place the dice show (2-12)."""

    name = "relocate"

    def run(self, tx: Tx, step: Step) -> None:
        g = tx.g
        pop(g)
        d = roll(tx)
        target = d[0] + d[1]
        if step.tag == "governor":
            source, g.board.governor = g.board.governor, target
        else:
            source, g.board.smuggler = g.board.smuggler, target
        tx.emit("relocate", step.actor, token=step.tag, to=target, source=source)
