"""Privacy of guild cards by invariance: re-dealing the guild hands and the guild pile that a
viewer cannot see changes nothing that viewer can see (views, decisions on show, story lines)."""

from __future__ import annotations

import random

import pytest

from bot.engine import apply, describe, determinize, pending, view
from bot.engine.invariants import violations
from bot.engine.mocha.guild_deck import GUILD_DECK
from tests.engine.mocha.guild_helpers import give_guild, mocha_game, reach
from tests.engine.test_privacy import check_step


def test_guild_hands_are_hidden_and_re_dealt_by_determinize() -> None:
    g = give_guild(mocha_game(), 1, "g3", "g12")
    g = give_guild(g, 2, "g7")
    public = view(g, None)
    assert public.state.players[1].hands["guild"] == ("?", "?")
    assert set(GUILD_DECK.pile(public.state)) == {"?"}
    assert view(g, 1).state.players[1].hands["guild"] == ("g12", "g3")
    seen = set()
    for seed in range(20):
        dealt = determinize(view(g, 0), seed)
        assert view(dealt, 0) == view(g, 0)
        seen.add(GUILD_DECK.hand(dealt.players[1]))
    assert len(seen) > 1  # the other hands really are dealt again


@pytest.mark.parametrize("seed", range(3))
def test_guild_hall_and_guild_plays_do_not_leak_the_hand(seed: int) -> None:
    g = give_guild(mocha_game(seed=seed), 0, "g17", "g5")
    g = give_guild(g, 1, "g10")
    rng = random.Random(seed)
    check_step(g, "c.g17", *apply(g, 0, pending(g).decision_id, "c.g17"), seed=rng.randrange(1 << 30))  # type: ignore[union-attr]
    h = reach(g, 18)
    after, events = apply(h, 0, pending(h).decision_id, "act")  # type: ignore[union-attr]
    check_step(h, "act", after, events, seed=rng.randrange(1 << 30))
    d = pending(after)
    assert d is not None and d.kind == "guild_discard"
    code = d.codes()[0]
    final, events = apply(after, 0, d.decision_id, code)
    check_step(after, code, final, events, seed=rng.randrange(1 << 30))
    for e in events:
        assert describe(e, None) is None or "drew" not in (describe(e, None) or "")


@pytest.mark.parametrize("game", range(4))
def test_guild_cards_in_random_play_keep_the_invariants(game: int) -> None:
    """Random Mocha games (guild cards handed out at the start): every guild card that is offered
    may be played, and the deck, rubies and goods stay conserved."""
    players = 2 + game % 4
    g = mocha_game(players=players, seed=50 + game)
    cards = list(GUILD_DECK.pile(g))
    for seat in range(players):
        g = give_guild(g, seat, *cards[seat * 4 : seat * 4 + 4])
    rng = random.Random(game)
    played = 0
    while (d := pending(g)) is not None and g.turns < 150:
        guild = [c for c in d.codes() if c.startswith("c.g")]
        code = rng.choice(guild) if guild and rng.random() < 0.5 else rng.choice(d.codes())
        played += code.startswith("c.g")
        g, _ = apply(g, d.player, d.decision_id, code)
        assert violations(g) == [], code
    assert played >= 4
