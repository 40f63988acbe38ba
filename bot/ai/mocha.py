"""The greedy player's valuation of Mocha & Baksheesh: coffee, guild cards, Tavern tiles, the
Coffee House as a ruby source, and the next-turn worth of places 17-20.

Rough exchange rates in Lira, like `values`: coffee comes at about 1 Lira a bag at the Roasting
Plant (2 Lira for 2) and 2 Lira at the Coffee trader, and buys rubies at the Coffee House and
Tavern tiles; a guild card replaces a whole turn; a Tavern tile saves coffee or Lira on later
turns.
"""

from __future__ import annotations

from bot.engine.mocha import data
from bot.engine.mocha.guild_goods import GuildGoods
from bot.engine.mocha.parts import BOARD, PLAYER, MochaBoard, MochaPlayer
from bot.engine.state import Board, GameState, Player

from .modules import ModuleValuation, register_valuation
from .prospects import if_possible, ruby_ready

COFFEE = 1.5  # one bag of coffee
GUILD_CARD = 7.0  # a guild card in hand (a turn's worth, chosen when it suits)
TAVERN_TILE = 8.0  # a Tavern tile in front of the player
ROASTING = 2.0 * COFFEE - 1.0  # next turn: 2 coffee for what one option costs, roughly
GUILD_HALL = COFFEE + GUILD_CARD * 0.5  # 1 coffee and the better of two cards (one goes back)
TAVERN = 5.0  # a Tavern option that can be paid
# The strong player's rollouts never overturned the greedy choice of the next good of a guild
# card (0 of 59 in 40 measured 2-player games with Mocha & Baksheesh): greedy's choice is played
# there (`strong`'s module doc has the table of every module step).
FOLLOW_UPS = frozenset({GuildGoods.name})
# An engine call with Mocha & Baksheesh in play costs about 1.4 times the base game's (its sweeps,
# the 20-place board), not the 1.8 that the strong player's p95 under heavy load suggested:
# instructions (cachegrind) of the strong player's rollouts from 12 positions of 2-player games
# each, 158k against 112k a call (1.42x; Letters & Seals 196k, 1.75x); their CPU time in the 40
# games of `strong`'s table, 24.0 against 16.6 us a call (1.44x; 1.30x in two runs side by
# side); `bench`'s greedy decisions, CPU p95 18.6 / 20.4 ms against 14.0 / 15.8 ms at 2 / 5
# players (1.3x), run side by side. The budgets of engine calls are divided by it (`call_budget`).
CALL_COST = 1.4


def _board(board: Board) -> MochaBoard | None:
    part = board.parts.get(BOARD)
    return part if isinstance(part, MochaBoard) else None


def _player(p: Player) -> MochaPlayer | None:
    part = p.parts.get(PLAYER)
    return part if isinstance(part, MochaPlayer) else None


def coffee_house(g: GameState, p: Player) -> float:
    """Completion of the Coffee House's next ruby: coffee held against its price."""
    board, mine = _board(g.board), _player(p)
    if board is None or mine is None or not board.coffee_house_rubies:
        return 0.0
    return min(1.0, mine.coffee / data.coffee_house_price(board.coffee_house_rubies))


def held(g: GameState, p: Player) -> float:
    mine = _player(p)
    if mine is None:
        return 0.0
    guild = len(p.hands.get("guild", ()))
    return COFFEE * mine.coffee + GUILD_CARD * guild + TAVERN_TILE * len(mine.tavern_tiles)




VALUATION = register_valuation(
    ModuleValuation(
        module=data.MODULE,
        sources=(coffee_house,),
        holdings=(held,),
        gains={
            data.ROASTING_PLANT: if_possible(ROASTING),
            data.GUILD_HALL: if_possible(GUILD_HALL),
            data.TAVERN: if_possible(TAVERN),
            data.COFFEE_HOUSE: ruby_ready,
        },
        follow_ups=FOLLOW_UPS,
        call_cost=CALL_COST,
    )
)
