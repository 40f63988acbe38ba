"""The tokens on the board, as specs by place, and the largest crowd one tile must hold.

Every token carries a shape and text besides its colour (shape = what it is, letter = whose):
- merchant: a pill in the player colour, "R·3" = red's merchant with 3 assistants in its stack;
- family member: a house with the letter; assistant left at a place: a square with the letter;
- the Governor: a purple octagon "Governor"; the Smuggler: a black hexagon "Smuggler";
- neutral merchant (2 players): a grey pill "Neutral" ringed in its colour;
- neutral assistant (variant): a grey square "N";
- where the last move started: a dashed outline with no fill, "Y→7" (the token's letter, or name,
  and the place it went to), so it never passes for a token (least of all a white one).

Tiles are made tall enough for the largest crowd the rules allow plus room for the tokens the
expansions bring (`RESERVED`: the Coffee trader, the Courier and five companions), which are
not drawn until they exist. A crowd that still does not fit (never in a real game) ends with a
"+N more" chip rather than spilling out of its tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import components as c
from ..engine.state import GameState
from ..engine.tokens import NEUTRAL_TOKENS, OFF_BOARD, NeutralToken, neutral_token
from ..engine.tokens import TOKEN_KINDS as ENGINE_TOKEN_KINDS
from .shapes import Look, Spec, spec_width, text_size
from .style import (
    EMPTY_CHIP,
    GOVERNOR,
    MUTED_DARK,
    NEUTRAL,
    PLAYER_FILL,
    PLAYER_LETTER,
    PLAYER_TEXT,
    SMUGGLER,
    TEXT_DARK,
    ink_for,
)

__all__ = [
    "GHOST_KIND", "MORE_KIND", "RESERVED", "TOKEN_GAP", "TOKEN_KINDS", "TOKEN_SCALES", "assistant", "crowd_scales",
    "family", "ghost", "governor", "largest_crowds", "merchant", "more", "mover", "neutral_assistant",
    "neutral_merchant", "smuggler", "tokens_by_place",
]  # fmt: skip

TOKEN_SCALES = ((24, 44), (22, 40), (20, 37), (18, 34), (16, 30), (14, 26))  # (font px, token height), largest first
TOKEN_GAP = 6  # room for the ring around the token that made the last move
TOKEN_KINDS = (
    "merchant", "neutral_merchant", "family", "governor", "smuggler", "assistant", "neutral_assistant",
)  # fmt: skip
GHOST_KIND = "moved_from"
MORE_KIND = "more"
SHAPE_OF = {"merchant": "pill", "family": "house"}


def _player(kind: str, colour: str, key: str, text: str) -> Spec:
    return Spec(kind, key, text, Look(SHAPE_OF.get(kind, "square"), PLAYER_FILL[colour], PLAYER_TEXT[colour], TEXT_DARK))


def merchant(colour: str, stack: int) -> Spec:
    return _player("merchant", colour, colour, f"{PLAYER_LETTER[colour]}·{stack}")


def family(colour: str) -> Spec:
    return _player("family", colour, colour, PLAYER_LETTER[colour])


def assistant(colour: str, k: int = 0) -> Spec:
    return _player("assistant", colour, colour if k == 0 else f"{colour}.{k}", PLAYER_LETTER[colour])


def governor() -> Spec:
    return Spec("governor", "governor", "Governor", Look("octagon", GOVERNOR, ink_for(GOVERNOR), TEXT_DARK), small=True)


def smuggler() -> Spec:
    return Spec("smuggler", "smuggler", "Smuggler", Look("hexagon", SMUGGLER, ink_for(SMUGGLER), TEXT_DARK), small=True)


def neutral_merchant(colour: str, k: int = 0) -> Spec:
    look = Look("pill", NEUTRAL, ink_for(NEUTRAL), PLAYER_FILL.get(colour, TEXT_DARK), 3)
    return Spec("neutral_merchant", colour if k == 0 else f"{colour}.{k}", "Neutral", look, small=True)


def neutral_assistant(k: int) -> Spec:
    return Spec("neutral_assistant", f"n{k}", "N", Look("square", NEUTRAL, ink_for(NEUTRAL), TEXT_DARK))


def module_token(colour: str, kind: str) -> Spec:
    """A player's token of a module's kind (the companion next): a disc with the player's letter."""
    look = Look("disc", PLAYER_FILL[colour], PLAYER_TEXT[colour], TEXT_DARK)
    return Spec(kind, colour, PLAYER_LETTER[colour], look)


def neutral_figure(token: NeutralToken) -> Spec:
    """A module's neutral token (the Coffee trader, the Courier next), named on its tile."""
    title = token.title.removeprefix("the ")
    title = title[:1].upper() + title[1:]
    return Spec(token.tag, token.tag, title, Look("octagon", NEUTRAL, ink_for(NEUTRAL), TEXT_DARK), small=True)


BASE_KINDS = ("merchant", "family")
BASE_NEUTRALS = ("governor", "smuggler")


def mover(g: GameState, token: str, seat: int) -> Spec | None:
    """The token a last move names, as drawn on the board: a seat's token of any kind in play, or
    a neutral token (None for anything else)."""
    if token in BASE_NEUTRALS:
        return governor() if token == "governor" else smuggler()
    neutral = neutral_token(token)
    if neutral is not None:
        return neutral_figure(neutral)
    if not 0 <= seat < len(g.players):
        return None
    p = g.players[seat]
    if token in BASE_KINDS:
        return merchant(p.colour, len(p.stack)) if token == "merchant" else family(p.colour)
    if any(k.name == token for k in ENGINE_TOKEN_KINDS.in_play(g.settings)):
        return module_token(p.colour, token)
    return None


def ghost(token: Spec, target: int) -> Spec:
    """What is left where the last move started: a dashed outline with nothing inside but the
    moving token's letter (or name) and an arrow to the place it went, "Y→7"."""
    text = f"{token.text.split('·')[0]}→{target}"
    return Spec(GHOST_KIND, token.key, text, Look("ghost", None, MUTED_DARK, MUTED_DARK), small=token.small)


def more(hidden: int) -> Spec:
    """The chip that ends a crowd too large for its tile: how many tokens it leaves out."""
    return Spec(MORE_KIND, "more", f"+{hidden} more", Look("chip", EMPTY_CHIP, TEXT_DARK, TEXT_DARK), small=True)


def _numbered(places: Sequence[int]) -> list[tuple[int, int]]:
    """(place, k): k counts the earlier entries at the same place (keys stay unique)."""
    seen: dict[int, int] = {}
    out = []
    for place in places:
        k = seen[place] = seen.get(place, -1) + 1
        out.append((place, k))
    return out


def tokens_by_place(g: GameState) -> dict[int, list[Spec]]:
    """Every token on the board, by place, in drawing order, and the outline where the last
    move started (when the token left its place)."""
    out: dict[int, list[Spec]] = {}

    def add(place: int, spec: Spec) -> None:
        out.setdefault(place, []).append(spec)

    b = g.board
    for p in g.players:
        add(p.merchant, merchant(p.colour, len(p.stack)))
    for colour, place in zip(b.neutral_colours, b.neutral_merchants, strict=False):
        add(place, neutral_merchant(colour))
    for p in g.players:
        add(p.family, family(p.colour))
    for kind in ENGINE_TOKEN_KINDS.in_play(g.settings):
        if kind.name not in BASE_KINDS:
            for p in g.players:
                if (place := kind.where(p)) != OFF_BOARD:
                    add(place, module_token(p.colour, kind.name))
    add(b.governor, governor())
    add(b.smuggler, smuggler())
    for token in NEUTRAL_TOKENS.in_play(g.settings):
        if token.tag not in BASE_NEUTRALS and (place := token.where(g)) != OFF_BOARD:
            add(place, neutral_figure(token))
    for p in g.players:
        for place, k in _numbered(p.assistants):
            add(place, assistant(p.colour, k))
    for place, k in _numbered(b.neutral_assistants):
        add(place, neutral_assistant(k))
    move = g.last_move
    moved = None if move is None else mover(g, move.token, move.seat)
    if move is not None and moved is not None and move.source != move.target:
        add(move.source, ghost(moved, move.target))
    return out


def _reserved() -> list[Spec]:
    """Room kept on every tile for the tokens the expansions bring (never drawn): the Coffee
    trader and the Courier, neutral figures named like the Governor, and a companion per
    player (five), a player's letter in a disc."""
    neutral = Look("octagon", NEUTRAL, ink_for(NEUTRAL), TEXT_DARK)
    specs = [Spec("reserved", "coffee_trader", "Coffee trader", neutral, small=True),
             Spec("reserved", "courier", "Courier", neutral, small=True)]
    for colour in c.COLOURS:
        specs.append(Spec("reserved", f"companion.{colour}", PLAYER_LETTER[colour],
                          Look("disc", PLAYER_FILL[colour], PLAYER_TEXT[colour], TEXT_DARK)))
    return specs


RESERVED = tuple(_reserved())


def largest_crowds() -> list[list[Spec]]:
    """The largest crowds one tile can hold in a real game, each with the outline of a token that
    left and the room kept for the expansions' tokens (`RESERVED`): at 5 players every merchant
    (big stacks), family member and assistant with the Governor and the Smuggler; at 2 players
    the 3 neutral merchants and 2 neutral assistants too (a player leaves at most one own
    assistant at a place); and the Neutral Assistants variant's 4 players with 4 neutral
    assistants."""

    def crowd(colours: Sequence[str], neutral_merchants: int, neutral_assistants: int) -> list[Spec]:
        specs = [merchant(col, 5) for col in colours]
        specs += [neutral_merchant(c.COLOURS[-1 - k], k) for k in range(neutral_merchants)]
        specs += [family(col) for col in colours]
        specs += [governor(), smuggler()]
        specs += [assistant(col) for col in colours]
        specs += [neutral_assistant(k) for k in range(neutral_assistants)]
        return [*specs, *RESERVED, ghost(smuggler(), 25)]  # the widest outline

    return [crowd(c.COLOURS, 0, 0), crowd(c.COLOURS[:2], 3, 2), crowd(c.COLOURS[:4], 0, 4)]


def crowd_scales(specs: Sequence[Spec]) -> list[tuple[list[int], int]]:
    """The tokens' widths and height at every scale of TOKEN_SCALES, for `layout.place_crowd`."""
    return [([spec_width(s, text_size(s, size), h) for s in specs], h) for size, h in TOKEN_SCALES]
