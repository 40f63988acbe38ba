"""Letters & Seals in the terminal (`:b` and the chooser's wheelbarrow in `play`), registered
with `board_text`'s hooks:

- under the grid, the module's places and the Courier: the Embassy's letter pile and discard
  counts, the Secret Society's Lira bonuses left, the Kiosk's tiles turned up by number and name
  and who picked which (or its pile's count), the Auction House's running bid, where the Courier
  stands; and a line of key for the grid (`c:` companions, `Cou` the Courier);
- under each player's line: the open letters by place number, how many are delivered, the seals,
  where the companion is and the double move when it was made this round;
- the chooser's own letters by place name, their seals and whether the double move is still
  open this round.

Everything shown is public (letters lie face up). Every line fits 80 columns; a long list wraps.
It also keys the module's place options in `play` (`play_input.KEY_SHAPES`): the companion's move
to place N is typed cN, a delivered letter for place N given as a payment Nd; the follow card's
choice of a seat is keyed in order.
"""

from __future__ import annotations

import textwrap

from bot.engine import View
from bot.engine.letters import data
from bot.engine.letters.kiosk_deck import KIOSK_DECK
from bot.engine.letters.letter_deck import LETTER_DECK
from bot.engine.letters.parts import BOARD, COMPANION_IN_GENERAL_SUPPLY, PLAYER, LettersBoard, LettersPlayer
from bot.engine.letters.texts import KIOSK_NAMES
from bot.engine.state import GameState, Player
from bot.engine.texts import PLACE_NAMES
from bot.engine.tokens import OFF_BOARD

from .board_text import MODULE_LINES, PLAYER_LINES, WHEELBARROW_LINES, letter
from .play_input import KEY_SHAPES, ORDERED_KINDS, KeyShape

WIDTH = 80
KEY = "c: companions (owner's letter), Cou the Courier; letters: open place numbers"


def _board(g: GameState) -> LettersBoard | None:
    part = g.board.parts.get(BOARD)
    return part if isinstance(part, LettersBoard) else None


def _player(p: Player) -> LettersPlayer | None:
    part = p.parts.get(PLAYER)
    return part if isinstance(part, LettersPlayer) else None


def _who(g: GameState, seat: int) -> str:
    if not 0 <= seat < len(g.players):
        return "?"
    colour = g.players[seat].colour
    return f"{letter(colour)} ({colour})"


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent="   ")


def place_lines(v: View) -> list[str]:
    g = v.state
    b = _board(g)
    if b is None:
        return []
    left = data.SOCIETY_LIRA[len(b.society_bonuses):]
    bonus = f"bonus {', '.join(map(str, left))} Lira" if left else "no bonus left"
    lines = [
        f"21 Embassy: letter pile {len(LETTER_DECK.pile(g))}, discard {len(LETTER_DECK.discard(g))} | "
        f"24 Secret Society: {bonus}"
    ]
    if b.kiosk_up or b.kiosk_taken:
        up = ", ".join(KIOSK_NAMES[t] for t in b.kiosk_up) or "none left"
        picked = "; ".join(f"{_who(g, seat)} {KIOSK_NAMES[t]}" for seat, t in b.kiosk_taken)
        lines += _wrapped(f"22 Kiosk: turned up {up}" + (f"; picked: {picked}" if picked else ""))
    else:
        lines.append(f"22 Kiosk: {len(KIOSK_DECK.pile(g))} tiles in the pile")
    if b.bid > 0:
        lines.append(f"23 Auction House: {_who(g, b.bidder)} bids {b.bid} Lira")
    else:
        lines.append("23 Auction House: no auction running")
    courier = f"at {PLACE_NAMES.get(b.courier, 'place')} ({b.courier})" if b.courier else "beside the board"
    lines.append(f"Courier: {courier}")
    lines.append(KEY)
    return lines


def companion_words(p: Player) -> str:
    part = _player(p)
    where = COMPANION_IN_GENERAL_SUPPLY if part is None else part.companion
    if where == COMPANION_IN_GENERAL_SUPPLY:
        return "not earned"
    return "in supply" if where == OFF_BOARD else f"at {where}"


def _double_move_used(g: GameState, p: Player) -> bool:
    part = _player(p)
    return part is not None and part.double_move_round == g.round


def player_lines(v: View, seat: int) -> list[str]:
    g = v.state
    p = g.players[seat]
    part = _player(p)
    letters = () if part is None else part.letters
    open_places = " ".join(str(place) for place, delivered in letters if not delivered) or "none"
    delivered = sum(1 for _, d in letters if d)
    seals = data.seals_total([d for _, d in letters])
    text = (f"   letters to {open_places}  delivered {delivered}  seals {seals}  "
            f"companion {companion_words(p)}")  # fmt: skip
    if _double_move_used(g, p):
        text += "  double move used"
    return _wrapped(text)


def wheelbarrow_lines(v: View, seat: int) -> list[str]:
    g = v.state
    p = g.players[seat]
    part = _player(p)
    letters = () if part is None else part.letters
    named = [f"{PLACE_NAMES.get(place, place)} ({place}){' delivered' if d else ''}" for place, d in letters]
    seals = data.seals_total([d for _, d in letters])
    move = "used this round" if _double_move_used(g, p) else f"open this round ({data.DOUBLE_MOVE_SEALS}+ seals)"
    first = f"Seals {seals} | companion {companion_words(p)} | double move {move}"
    return [*_wrapped(first), *_wrapped("Letters: " + (", ".join(named) or "none"))]


# The companion's move to place 9 is typed c9 (the merchant's keeps 9); a delivered letter for
# place 9 offered as a payment is typed 9d (the open one keeps 9).
KEY_SHAPES.append(KeyShape("t.cm.", "", "c", "", "companion"))
KEY_SHAPES.append(KeyShape("l.", ".d", "", "d", "delivered letter"))
ORDERED_KINDS.add("follow")  # f.<seat>: a seat, not a place

MODULE_LINES.add(place_lines, data.MODULE)
PLAYER_LINES.add(player_lines, data.MODULE)
WHEELBARROW_LINES.add(wheelbarrow_lines, data.MODULE)
