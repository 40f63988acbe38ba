"""The Coffee House (20): pay as much coffee as the highest number its track leaves uncovered
(6-10) and take the next ruby (RULES-NOTES E-42); the last ruby is replaced from the supply, so
later rubies cost 10 (E-25, built into `take_track_ruby`).

Guild card #20 sends its player here with the action step's tag ``"g20"``: then the ruby costs
half the price, rounded up (`data.guild20_coffee`). Whether the action can be taken at that price
is what `places.can_act` reads.
"""

from __future__ import annotations

from .. import describe
from ..decision import Option
from ..machine import Tx
from ..places import Place, place
from ..places.rubies import next_price, ruby_track, take_track_ruby
from ..state import GameState, Step
from . import data
from .coffee import COFFEE_WHY, coffee_of, pay_coffee

GUILD20_TAG = "g20"  # the action step's tag when guild card #20 sends its player here

COFFEE_WHY["coffee_house"] = "to the Coffee House"
describe.RUBY_FROM["coffee_house"] = "from the Coffee House"


def coffee_house_price(g: GameState, step: Step) -> int | None:
    """The coffee the next ruby costs at this action (None: the track holds none)."""
    price = next_price(g, data.COFFEE_HOUSE)
    if price is None:
        return None
    if step.tag == GUILD20_TAG:
        return data.guild20_coffee(ruby_track(data.COFFEE_HOUSE).left(g))
    return price.coffee


@place
class CoffeeHouse(Place):
    number = data.COFFEE_HOUSE

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        price = coffee_house_price(g, step)
        if price is None or coffee_of(g, seat) < price:
            return []
        return [Option("act", f"Pay {price} coffee for a ruby")]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        price = coffee_house_price(tx.g, step)
        assert price is not None
        pay_coffee(tx, step.actor, price, "coffee_house")
        take_track_ruby(tx, step.actor, data.COFFEE_HOUSE)
