"""What a view shows of Mocha & Baksheesh: the board and player parts (coffee, Tavern tiles, the
Barrier and the piles) to everyone, a seat's guild cards to that seat only ("?" to the others and
the public), the Guild Hall's pile as a count and its discard pile face up; `determinize` deals
the hidden guild cards again without touching what the viewer sees."""

from __future__ import annotations

from bot.engine import determinize, view
from bot.engine.mocha.guild_deck import GUILD, GUILD_DECK
from bot.engine.mocha.parts import BOARD, PLAYER
from bot.engine.state import HIDDEN
from tests.mocha_positions import mocha_position


def test_the_module_parts_are_public() -> None:
    g = mocha_position()
    for viewer in (None, 0, 4):
        v = view(g, viewer).state
        assert v.board.parts[BOARD] == g.board.parts[BOARD]
        assert [p.parts[PLAYER] for p in v.players] == [p.parts[PLAYER] for p in g.players]


def test_guild_cards_are_seen_by_their_holder_only() -> None:
    g = mocha_position()
    for viewer in (None, 0, 3):
        v = view(g, viewer)
        for seat, p in enumerate(v.state.players):
            real = GUILD_DECK.hand(g.players[seat])
            shown = GUILD_DECK.hand(p)
            assert shown == (real if seat == viewer else (HIDDEN,) * len(real))
            assert v.holdings(seat).get(GUILD, ()) == shown
        assert GUILD_DECK.pile(v.state) == (HIDDEN,) * len(GUILD_DECK.pile(g))  # a count only
        assert GUILD_DECK.discard(v.state) == ("g9",)


def test_determinize_redeals_only_what_the_viewer_cannot_see() -> None:
    g = mocha_position()
    v = view(g, 3)
    dealt = determinize(v, 11)
    assert GUILD_DECK.hand(dealt.players[3]) == GUILD_DECK.hand(g.players[3])
    assert [len(GUILD_DECK.hand(p)) for p in dealt.players] == [len(GUILD_DECK.hand(p)) for p in g.players]
    assert HIDDEN not in GUILD_DECK.pile(dealt) and len(GUILD_DECK.pile(dealt)) == len(GUILD_DECK.pile(g))
    everything = sorted([*GUILD_DECK.pile(dealt), *GUILD_DECK.discard(dealt),
                         *(c for p in dealt.players for c in GUILD_DECK.hand(p))])
    assert everything == sorted(GUILD_DECK.contents(g.settings))
    assert view(dealt, 3).state.players == v.state.players
