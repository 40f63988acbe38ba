"""A Mocha & Baksheesh position for the surface tests (pictures, terminal, Discord): a fresh game
whose module parts are edited to show every state at once: coffee, guild hands, Tavern tiles, the
Barrier with its controller, Tavern piles partly bought, the Baksheesh on its B side, a Coffee
House ruby gone and guild cards on the discard pile."""

from __future__ import annotations

from bot.engine import GameState, new_game, preview_settings
from bot.engine.invariants import violations
from bot.engine.mocha import data
from bot.engine.mocha.guild_deck import GUILD_DECK
from bot.engine.mocha.parts import set_mocha_board, set_mocha_player

COLOURS = ["red", "blue", "green", "yellow", "white"]
HANDS = (("g7", "g12"), ("g1",), (), ("g3", "g5", "g20"), ("g18",))


def barrier_edge(g: GameState, across: bool = True) -> tuple[int, int]:
    """Two neighbouring places of the second row: side by side (`across`), or the first one and
    the place below it."""
    a = g.layout[g.width]
    b = g.layout[g.width + 1] if across else g.layout[2 * g.width]
    return (min(a, b), max(a, b))


def mocha_position(players: int = 5, seed: int = 7, hands: tuple[tuple[str, ...], ...] = HANDS) -> GameState:
    """`hands[seat]` are the guild cards dealt to each seat from the Guild Hall's pile."""
    g = new_game(preview_settings(players=players, expansions=("mocha",)), COLOURS[:players], seed)
    show_mocha(g, hands)
    assert violations(g) == [], violations(g)
    return g


def show_mocha(g: GameState, hands: tuple[tuple[str, ...], ...] = HANDS) -> None:
    """The edits of `mocha_position` on a fresh game with the module (the Great Bazaar's too)."""
    players = len(g.players)
    pile = list(GUILD_DECK.pile(g))
    for seat in range(players):
        for card in hands[seat]:
            pile.remove(card)
        GUILD_DECK.set_hand(g.mut(seat), tuple(sorted(hands[seat])))
    pile.remove("g9")
    GUILD_DECK.set_pile(g, tuple(pile))
    GUILD_DECK.set_discard(g, ("g9",))
    movement, encounter = list(data.tavern_pile(players)), list(data.tavern_pile(players))  # top first
    first, second = movement.pop(0), movement.pop(0)  # seat 0 took the top tile, seat 1 the next
    top = encounter.pop(0)
    set_mocha_board(
        g, barrier=barrier_edge(g), barrier_controller=1, movement_tiles=tuple(movement),
        encounter_tiles=tuple(encounter), baksheesh="b", coffee_house_rubies=4,
    )
    set_mocha_player(g, 0, coffee=3, tavern_tiles=(data.tavern_tile_id("movement", first),))
    tiles = (data.tavern_tile_id("encounter", top), data.tavern_tile_id("movement", second))
    set_mocha_player(g, 1, coffee=12, tavern_tiles=tiles)
    if players > 3:
        set_mocha_player(g, 3, coffee=1)
    g.players[players - 1].rubies += 1  # the Coffee House ruby taken
