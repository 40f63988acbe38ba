"""What only Letters & Seals draws, registered with the pictures' hooks (games without the module
never see any of it). Everything here is public: letters lie face up, kiosk tiles turned up and
bids are open; the letter and kiosk piles are shown as counts only.

- The places' state (`places.MODULE_STATES`): the Embassy's letter pile and discard pile
  (counts), the Kiosk's tiles turned up (a chip per tile: "K04" while free, "K07 R" in the colour
  of the player who picked it) or its pile's count, the Auction House's running bid in the
  bidder's colour, and the Secret Society's Lira bonuses left (a chip per pile: 3, 2, 1, from
  `society_bonuses`).
- Each player's strip (`players.MODULE_FIGURE_ROWS`): the open letters as chips with the number
  of the place each is addressed to, the delivered count and the seals, where the companion is
  ("Companion at 7", "in supply", "not earned") and "Double move used" in the round it was made;
  the same in the alt text (`players.ALT_PARTS`).
- The board's alt text (`board.ALT_SENTENCES`): the Kiosk's tiles, the bid and the Secret
  Society's Lira in words. The key (`legend.KEY_ENTRIES`): the companion's disc.

The companions are a token kind and the Courier a neutral token of the engine: the board draws
them like any module's (`tokens.module_token`, a disc in the player's colour with their letter,
unlike the merchant's pill, the family member's house and the assistant's square;
`tokens.neutral_figure`, a grey octagon named "Courier").
"""

from __future__ import annotations

from ..engine.letters import data
from ..engine.letters.kiosk_deck import KIOSK_DECK
from ..engine.letters.letter_deck import LETTER_DECK
from ..engine.letters.parts import BOARD, COMPANION_IN_GENERAL_SUPPLY, PLAYER, LettersBoard, LettersPlayer
from ..engine.state import GameState, Player
from ..engine.texts import join_and
from ..engine.tokens import OFF_BOARD
from . import board, legend, places, players, style
from . import letters_tiles as _letters_tiles  # noqa: F401  (the places' tile symbols)
from .shapes import Spec
from .tokens import module_token

__all__ = ["LETTER_EDGE", "LETTER_FILL", "LIRA_FILL", "letters_figures"]

LETTER_FILL: style.RGB = (238, 226, 190)  # a letter's paper
LETTER_EDGE: style.RGB = (150, 40, 48)  # its seal
LIRA_FILL: style.RGB = (232, 196, 90)  # a Lira coin
USED_FILL: style.RGB = (96, 104, 120)  # the double move made this round


def _board_part(g: GameState) -> LettersBoard | None:
    part = g.board.parts.get(BOARD)
    return part if isinstance(part, LettersBoard) else None


def _player_part(p: Player) -> LettersPlayer | None:
    part = p.parts.get(PLAYER)
    return part if isinstance(part, LettersPlayer) else None


def _colour_of(g: GameState, seat: int) -> str | None:
    return g.players[seat].colour if 0 <= seat < len(g.players) else None


# -- the places ------------------------------------------------------------------------------------


def _embassy(pile: int, discard: int) -> list[Spec]:
    return [places.state_text("embassy.pile", f"letter pile: {pile}"),
            places.state_text("embassy.discard", f"discarded: {discard}")]  # fmt: skip


def _player_chip(key: str, text: str, colour: str, join: bool) -> Spec:
    fill = style.PLAYER_FILL.get(colour, style.NEUTRAL)
    return places.state_chip(key, text, fill, join=join)


def _kiosk(up: tuple[str, ...], taken: tuple[tuple[str, str], ...], pile: int) -> list[Spec]:
    """A chip per tile turned up: the free ones plain, the picked ones in the picker's colour with
    their letter ("K07 R"); the pile's count while no tile is turned up."""
    if not up and not taken:
        return [places.state_text("kiosk.pile", f"kiosk tiles: {pile}")]
    out = [places.state_text("kiosk.up", "turned up:")]
    out += [places.state_chip(f"kiosk.{tile}", tile, style.EMPTY_CHIP, join=True) for tile in up]
    out += [
        _player_chip(f"kiosk.{tile}", f"{tile} {style.PLAYER_LETTER.get(colour, '?')}", colour, True)
        for colour, tile in taken
    ]
    return out


def _auction(bid: int, colour: str | None) -> list[Spec]:
    if bid <= 0 or colour is None:
        return []
    return [places.state_text("auction.bid", "bid:"),
            _player_chip("auction.bidder", f"{bid} Lira {style.PLAYER_LETTER.get(colour, '?')}", colour, True)]  # fmt: skip


def _society(paid: int) -> list[Spec]:
    left = data.SOCIETY_LIRA[paid:]
    if not left:
        return [places.state_chip("society.lira", "no Lira bonus left", style.EMPTY_CHIP)]
    return [places.state_text("society.lira", "Lira bonus left:"),
            *(places.state_chip(f"society.lira.{k}", f"{n} Lira", LIRA_FILL, join=True) for k, n in enumerate(left))]  # fmt: skip


def _state(place: int, g: GameState) -> list[Spec]:
    b = _board_part(g)
    if b is None:
        return []
    if place == data.EMBASSY:
        return _embassy(len(LETTER_DECK.pile(g)), len(LETTER_DECK.discard(g)))
    if place == data.KIOSK:
        taken = tuple((_colour_of(g, seat) or "?", tile) for seat, tile in b.kiosk_taken)
        return _kiosk(b.kiosk_up, taken, len(KIOSK_DECK.pile(g)))
    if place == data.AUCTION_HOUSE:
        return _auction(b.bid, _colour_of(g, b.bidder))
    if place == data.SECRET_SOCIETY:
        return _society(len(b.society_bonuses))
    return []


def _widest_kiosk() -> list[list[Spec]]:
    """Six tiles turned up at five players, five of them picked."""
    tiles = [f"K{n:02d}" for n in range(19, 25)]
    taken = tuple((colour, tile) for colour, tile in zip(style.PLAYER_LETTER, tiles[1:], strict=False))
    return [_kiosk(tuple(tiles), (), 24), _kiosk(tuple(tiles[:1]), taken, 0), _kiosk((), (), 24)]


places.MODULE_STATES[data.EMBASSY] = (lambda g: _state(data.EMBASSY, g), lambda: [_embassy(36, 36)])
places.MODULE_STATES[data.KIOSK] = (lambda g: _state(data.KIOSK, g), _widest_kiosk)
places.MODULE_STATES[data.AUCTION_HOUSE] = (lambda g: _state(data.AUCTION_HOUSE, g), lambda: [_auction(99, "white")])
places.MODULE_STATES[data.SECRET_SOCIETY] = (
    lambda g: _state(data.SECRET_SOCIETY, g), lambda: [_society(0), _society(len(data.SOCIETY_LIRA))]
)


def board_sentence(g: GameState) -> str:
    """The module's places in the board's alt text: the kiosk tiles turned up and picked, the
    running bid and the Secret Society's Lira left."""
    b = _board_part(g)
    if b is None:
        return ""
    parts = []
    if b.kiosk_up or b.kiosk_taken:
        picked = [f"{_colour_of(g, seat)} picked {tile}" for seat, tile in b.kiosk_taken]
        free = f"kiosk tiles {', '.join(b.kiosk_up)} turned up" if b.kiosk_up else "every kiosk tile picked"
        parts.append(f"At the Kiosk: {'; '.join([free, *picked])}.")
    bidder = _colour_of(g, b.bidder)
    if b.bid > 0 and bidder is not None:
        parts.append(f"At the Auction House {bidder} bids {b.bid} Lira.")
    left = data.SOCIETY_LIRA[len(b.society_bonuses):]
    words = " and ".join(str(n) for n in left) + " Lira" if left else "no Lira"
    parts.append(f"The Secret Society's bonuses left: {words}.")
    return " ".join(parts)


board.ALT_SENTENCES.add(board_sentence, data.MODULE)


def companion_key(colour: str) -> list[tuple[Spec, str]]:
    return [(module_token(colour, "companion"), "companion")]


legend.KEY_ENTRIES.add(companion_key, data.MODULE)


# -- the players' strips ---------------------------------------------------------------------------


def _letters(g: GameState, p: Player) -> list[players.Figure]:
    """A chip per open letter with its place number (the order received), then "2 delivered ·
    5 seals"."""
    part = _player_part(p)
    letters = () if part is None else part.letters
    open_places = [place for place, delivered in letters if not delivered]
    delivered = len(letters) - len(open_places)
    seals = data.seals_total([d for _, d in letters])
    out = [players.text_figure("letters", "Letters to" if open_places else "No open letters")]
    out += [
        players.chip_figure("letter", f"{place}.{k}", str(place), LETTER_FILL, LETTER_EDGE, players.SMALLEST)
        for k, place in enumerate(open_places)
    ]
    out.append(players.text_figure("seals", f"{delivered} delivered · {seals} seal{'' if seals == 1 else 's'}"))
    return out


def companion_words(g: GameState, p: Player) -> str:
    """Where a player's companion is: "at 7", "in supply" or "not earned"."""
    part = _player_part(p)
    where = COMPANION_IN_GENERAL_SUPPLY if part is None else part.companion
    if where == COMPANION_IN_GENERAL_SUPPLY:
        return "not earned"
    return "in supply" if where == OFF_BOARD else f"at {where}"


def _companion(g: GameState, p: Player) -> list[players.Figure]:
    return [players.text_figure("companion", f"Companion {companion_words(g, p)}")]


def double_move_used(g: GameState, p: Player) -> bool:
    part = _player_part(p)
    return part is not None and part.double_move_round == g.round


def _double_move(g: GameState, p: Player) -> list[players.Figure]:
    if not double_move_used(g, p):
        return []
    return [players.chip_figure("double_move", "used", "Double move used", USED_FILL, style.TEXT_LIGHT,
                                players.SMALLEST)]  # fmt: skip


def letters_figures() -> players.FigureRow:
    return (_letters, _companion, _double_move)


def _alt(g: GameState, p: Player) -> str:
    part = _player_part(p)
    letters = () if part is None else part.letters
    open_places = [str(place) for place, delivered in letters if not delivered]
    seals = data.seals_total([d for _, d in letters])
    text = f"open letters for {join_and(open_places)}" if open_places else "no open letters"
    text += f", {len(letters) - len(open_places)} delivered, {seals} seal{'' if seals == 1 else 's'}"
    text += f", companion {companion_words(g, p)}"
    if double_move_used(g, p):
        text += ", double move used this round"
    return text


players.MODULE_FIGURE_ROWS.add(letters_figures(), data.MODULE)
players.ALT_PARTS.add(_alt, data.MODULE)
