"""Helpers shared by the engine tests (append only: several authors add to this file)."""

from __future__ import annotations

from typing import Any

from bot.engine import (
    Event,
    GameSettings,
    GameState,
    RuleOptions,
    apply,
    new_game,
    pending,
    preview_settings,
    validate,
)
from bot.engine.board import grid_of
from bot.engine.components import TILE_COLOURS

# ---- places, cards and encounters (rule tests) ----------------------------------------------

def play(g: GameState, *moves: str) -> GameState:
    """Play the codes in order, each for whoever is deciding at that moment."""
    for code in moves:
        d = pending(g)
        assert d is not None, f"the game is over before {code}"
        g, _ = apply(g, d.player, d.decision_id, code)
    return g


def play_events(g: GameState, code: str) -> tuple[GameState, list[Event]]:
    """Play one code for whoever is deciding; return the new state and its events."""
    d = pending(g)
    assert d is not None, f"the game is over before {code}"
    return apply(g, d.player, d.decision_id, code)


def codes(g: GameState) -> tuple[str, ...]:
    """The option codes of the pending decision (empty once the game is over)."""
    d = pending(g)
    return d.codes() if d is not None else ()


def kind(g: GameState) -> str:
    """The kind of the pending decision ("" once the game is over)."""
    d = pending(g)
    return d.kind if d is not None else ""


def quiet_game(players: int = 3, seed: int = 1, **variants: bool) -> GameState:
    """A new game on the "in_order" layout with empty hands (their cards back in the draw pile)
    and the Governor and Smuggler parked off the board, so nothing but the test's own setup
    changes which options are offered."""
    settings = GameSettings(players=players, layout="in_order", **variants)
    return validate(quieten(new_game(settings, COLOURS_IN_SEAT_ORDER[:players], seed=seed)))


def quieten(g: GameState) -> GameState:
    """`g` (a fresh game, changed in place) with every bonus hand back in the draw pile and the
    Governor and Smuggler parked off the board."""
    for p in g.players:
        g.draw_pile = tuple(sorted(g.draw_pile + p.cards))
        p.cards = ()
    g.board.governor = 0
    g.board.smuggler = 0
    return g


COLOURS_IN_SEAT_ORDER = ["red", "blue", "green", "yellow", "white"]


def quiet_module_game(
    expansions: tuple[str, ...], players: int = 3, seed: int = 1, rules: RuleOptions | None = None, **fields: Any
) -> GameState:
    """A new game of `expansions` (preview settings: a module not playable yet too; `fields` more
    settings, e.g. the layout) with empty hands and every neutral token off the board: the
    Governor, the Smuggler, and the Coffee trader and the Courier when their module is in play.
    An editable copy: pass it to `done` after."""
    from bot.engine.letters.parts import set_letters_board
    from bot.engine.mocha.parts import set_mocha_board

    settings = preview_settings(players=players, expansions=expansions, rules=rules or RuleOptions(), **fields)
    g = quieten(new_game(settings, COLOURS_IN_SEAT_ORDER[:players], seed).copy())
    if "mocha" in expansions:
        set_mocha_board(g, coffee_trader=0)
    if "letters" in expansions:
        set_letters_board(g, courier=0)
    return g


def edit(g: GameState) -> GameState:
    """A copy of `g` that may be edited by hand (pass it to `done` after)."""
    return g.copy()


def done(g: GameState) -> GameState:
    """`g`, edited by hand, checked (a game of a module not playable yet included)."""
    return validate(g, preview=True)


def give(g: GameState, seat: int, *cards: str) -> None:
    """Move bonus cards from the draw pile into a hand (edits `g`; call `validate` after)."""
    pile = list(g.draw_pile)
    for card in cards:
        pile.remove(card)
    g.draw_pile = tuple(pile)
    g.players[seat].cards = tuple(sorted(g.players[seat].cards + cards))


def to_discard(g: GameState, *cards: str) -> None:
    """Move bonus cards from the draw pile onto the face-up discard pile, the last one on top."""
    pile = list(g.draw_pile)
    for card in cards:
        pile.remove(card)
    g.draw_pile = tuple(pile)
    g.discard = g.discard + cards


def reach(g: GameState, place: int) -> GameState:
    """The current player's merchant steps onto `place` from a neighbouring place and handles the
    assistant there (collect one if present, else leave one); returns the next decision."""
    seat = g.turn.player
    g = g.copy()
    g.players[seat].merchant = grid_of(g).neighbours(place)[0]
    g = validate(g)
    g = play(g, f"go.{place}")
    for code in ("a.collect", "a.leave"):
        if kind(g) == "assistant" and code in codes(g):
            return play(g, code)
    return g


def pass_turn(g: GameState) -> GameState:
    """The current player moves to the first place offered (not the Fountain) and ends the turn
    there at the assistant step."""
    seat = g.turn.player
    g = play(g, next(c for c in codes(g) if c.startswith("go.") and c != "go.7"))
    if kind(g) == "assistant" and g.turn.player == seat:
        g = play(g, "x.end")
    return g


def grant_tile(g: GameState, seat: int, colour: str) -> None:
    """Give a seat the top mosque tile of a colour as if taken earlier (edits `g`; validate after)."""
    i = TILE_COLOURS.index(colour)
    stacks = list(g.board.mosque_tiles)
    stacks[i] = stacks[i][1:]
    g.board.mosque_tiles = tuple(stacks)
    p = g.players[seat]
    p.mosque_tiles = tuple(c for c in TILE_COLOURS if c in p.mosque_tiles or c == colour)
    if colour == "blue":
        p.stack += "o"


# ---- undo, forfeit, ending and contract tests --------------------------------------------------

def decider(g: GameState) -> int:
    """The seat that decides now (-1 once the game is over)."""
    d = pending(g)
    return d.player if d is not None else -1
