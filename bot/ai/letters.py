"""The greedy player's valuation of Letters & Seals: letters and their seals, the companion, the
Secret Society as a ruby source, a running auction, and the next-turn worth of places 21-24.

Rough exchange rates in Lira, like `values`: six seals buy a ruby at the Secret Society (so a
seal is worth a share of a ready ruby, less the trip), three seals buy a whole extra turn (the
double move); an undelivered letter is worth a little more than its one seal, since a visit to
its place doubles it. The companion is a second token to act with. A running auction is valued
as it would end now: the highest bidder pays its bid for the lot (two bonus cards, fewer when the
piles hold fewer: `auction.lot_size`), and the active player is paid that bid when someone else
holds it (so a bid is worth making up to about the lot's worth, and no further).
"""

from __future__ import annotations

from bot.engine.letters import data
from bot.engine.letters.auction import lot_size
from bot.engine.letters.double_move import DOUBLE_MOVE, NO
from bot.engine.letters.parts import BOARD, PLAYER, LettersBoard, LettersPlayer
from bot.engine.state import GameState, Player
from bot.engine.tokens import OFF_BOARD

from . import values
from .modules import ModuleValuation, register_valuation
from .prospects import if_possible, ruby_ready
from .search import LINE_ENDS

SEAL = 3.0  # one seal showing on a letter
UNDELIVERED = 1.0  # a letter whose place is still to visit (its second seal)
COMPANION_READY = 6.0  # the companion in its owner's supply or on the board: another token
LOT_CARD = values.UNKNOWN_CARD  # each card the auction's winner draws
EMBASSY = data.EMBASSY_LETTERS * (SEAL + UNDELIVERED)
KIOSK = data.KIOSK_LETTERS * (SEAL + UNDELIVERED) + 3.0  # a letter and a tile or two
AUCTION_HOUSE = 2.0  # a good of choice, the bidding aside
# An engine call with Letters & Seals in play costs about 2.6 times the base game's (the delivery
# and companion sweeps after every step, the 20- and 25-place boards): `bench`'s greedy decisions
# took p95 84.5 / 68.1 ms against 31.5 / 31.5 ms in the base game at 2 / 5 players on the quiet
# machine, both spending the whole budget. Half the calls keeps a decision within 2x the base's.
CALL_COST = 2.0


def _board(g: GameState) -> LettersBoard | None:
    part = g.board.parts.get(BOARD)
    return part if isinstance(part, LettersBoard) else None


def _player(p: Player) -> LettersPlayer | None:
    part = p.parts.get(PLAYER)
    return part if isinstance(part, LettersPlayer) else None


def seals(mine: LettersPlayer) -> int:
    return data.seals_total([done for _, done in mine.letters])


def secret_society(g: GameState, p: Player) -> float:
    """Completion of a Secret Society ruby: seals showing against the six it takes, while a track
    it draws from has a ruby left."""
    mine = _player(p)
    if mine is None or not (g.board.sultan_rubies or g.board.gemstone_rubies):
        return 0.0
    return min(1.0, seals(mine) / data.SOCIETY_SEALS)


def lot_worth(g: GameState) -> float:
    """What the auction's winner draws: the lot's cards, unseen."""
    return lot_size(g) * LOT_CARD


def held(g: GameState, p: Player) -> float:
    """Letters, the companion, and what a running auction would bring if it ended now."""
    mine = _player(p)
    if mine is None:
        return 0.0
    worth = SEAL * seals(mine) + UNDELIVERED * sum(1 for _, done in mine.letters if not done)
    if mine.companion >= OFF_BOARD:
        worth += COMPANION_READY
    board = _board(g)
    if board is not None and board.bid > 0:
        if board.bidder == p.seat:
            worth += lot_worth(g) - board.bid * values.LIRA
        elif p.seat == g.turn.player:
            worth += board.bid * values.LIRA
    return worth


def _lot_key(g: GameState) -> object:
    """What the score reads beyond the parts and hands (`ModuleValuation.keys`): the lot's size
    while an auction runs (it shrinks when the bonus piles run low)."""
    board = _board(g)
    return lot_size(g) if board is not None and board.bid > 0 else 0


# Inside the search, a double move's payment starts an extra turn the search does not look into:
# it would score as declining less the letters paid, so only the decline is played there.
LINE_ENDS[DOUBLE_MOVE] = NO.code


VALUATION = register_valuation(
    ModuleValuation(
        module=data.MODULE,
        keys=(_lot_key,),
        call_cost=CALL_COST,
        sources=(secret_society,),
        holdings=(held,),
        gains={
            data.EMBASSY: if_possible(EMBASSY),
            data.KIOSK: if_possible(KIOSK),
            data.AUCTION_HOUSE: if_possible(AUCTION_HOUSE),
            data.SECRET_SOCIETY: ruby_ready,
        },
    )
)

