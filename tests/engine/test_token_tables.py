"""The token tables (issue 21 item 5): any kind of player token moves through the phases, the
neutral tokens are one table (offer, reward, payment, waiver, relocation), the ruby tracks are
one table (price, refill). Test-only kinds stand in for the companion, the Coffee trader and the
Coffee House until their modules land."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.engine import (
    GameSettings,
    GameState,
    LastMove,
    Player,
    describe,
    new_game,
    pending,
    set_chance_script,
    validate,
)
from bot.engine.board import place_name
from bot.engine.components import GEMSTONE_DEALER, SULTANS_PALACE, gemstone_price, sultan_price
from bot.engine.decision import Event
from bot.engine.encounters import GOVERNOR, SMUGGLER
from bot.engine.machine import Tx, pop, settle
from bot.engine.movement import arrive
from bot.engine.places.rubies import (
    RUBY_TRACKS,
    Price,
    RubyTrack,
    add_ruby_track,
    next_price,
    remove_ruby_track,
    rubies_on_tracks,
    take_track_ruby,
    tracks_with_a_ruby,
)
from bot.engine.tokens import (
    MERCHANT,
    NEUTRAL_TOKENS,
    TOKEN_KINDS,
    WAIVERS,
    NeutralToken,
    TokenKind,
    Waiver,
    add_neutral_token,
    add_token_kind,
    caught_at,
    paid_at,
    remove_neutral_token,
    remove_token_kind,
)
from tests.engine.helpers import codes, give, kind, play, play_events, quiet_game

# ---- a test-only token kind (the companion's stand-in) ---------------------------------------


@contextmanager
def shadow_kind(module: str | None = None, **flags: bool) -> Iterator[tuple[TokenKind, dict[int, int]]]:
    """A token kind whose places live in a dict (seat -> place) for the test's duration."""
    where: dict[int, int] = {}

    def at(p: Player) -> int:
        return where.get(p.seat, 0)

    def put(g: GameState, seat: int, place: int) -> None:
        where[seat] = place

    token = add_token_kind(TokenKind("shadow", "shadow", module, at, put, **flags))
    try:
        yield token, where
    finally:
        remove_token_kind(token)


def move_shadow(g: GameState, seat: int, target: int, token: TokenKind) -> tuple[GameState, list[Event]]:
    """The seat's shadow takes the turn's movement instead of the merchant (as the companion will)."""
    tx = Tx(g.fork())
    assert tx.g.steps[-1].kind == "move"
    pop(tx.g)
    arrive(tx, seat, target, "move", token)
    settle(tx)
    return tx.g, tx.events


def test_the_base_kinds_keep_their_names() -> None:
    assert [k.name for k in TOKEN_KINDS.every() if k.module is None] == ["merchant", "family"]
    assert MERCHANT.paid and MERCHANT.assistants and not MERCHANT.caught


def test_another_token_kind_moves_pays_like_a_merchant_and_tells_its_story() -> None:
    """RULES-NOTES E-14: arriving where another player has a merchant and a token paid like one
    costs 2 Lira for each, both to that player; the token needs no assistant; `last_move` and the
    move's line name it."""
    with shadow_kind(paid=True) as (shadow, where):
        g = quiet_game()
        g.players[1].merchant = 3
        where[1] = 3
        where[0] = 7
        g.players[0].lira = 10
        g = validate(g)
        assert paid_at(g, 3, 0) == [1, 1]
        lira = g.players[1].lira
        g, events = move_shadow(g, 0, 3, shadow)
        assert where[0] == 3 and g.players[0].merchant == 7
        assert g.last_move == LastMove("shadow", 0, 7, 3)
        moved = next(e for e in events if e.kind == "move")
        assert moved.data == {"source": 7, "target": 3, "how": "move", "token": "shadow"}
        line = f"{{seat:0}}'s shadow moved from {place_name(7)} to {place_name(3)}."
        assert describe(moved, None) == describe(moved, 0) == line
        assert kind(g) == "pay" and codes(g) == ("pay", "x.end")
        d = pending(g)
        assert d is not None and "4 in all) to {seat:1} for 2 tokens" in d.prompt
        g, events = play_events(g, "pay")
        assert g.players[1].lira == lira + 4
        assert [e.data for e in events if e.kind == "fee"] == [{"to": 1, "lira": 2}] * 2
        assert kind(g) == "action"


def test_the_merchants_own_move_line_stays_as_it_was() -> None:
    g = quiet_game()
    g, events = play_events(g, "go.3")
    moved = next(e for e in events if e.kind == "move")
    assert moved.data == {"source": 7, "target": 3, "how": "move"}
    assert describe(moved, None) == f"{{seat:0}} moved from {place_name(7)} to {place_name(3)}."


def test_another_token_kind_catches_and_may_be_caught() -> None:
    """E-28: the active token catches other family members where it ends; a kind marked as caught
    is sent to the Police Station too; nobody is caught at the Police Station."""
    with shadow_kind(caught=True) as (shadow, where):
        g = quiet_game()
        g.players[1].family = 3
        where[2] = 3
        g = validate(g)
        assert caught_at(g, 3, 0) == [1, 2] and caught_at(g, 12, 0) == []
        g, _ = move_shadow(g, 0, 3, shadow)
        g = play(g, "skip")
        assert kind(g) == "after" and {"k1.lira", "k2.lira"} <= set(codes(g))
        g = play(g, "k2.lira")
        assert where[2] == 12 and g.players[1].family == 3


def test_a_token_kind_of_a_module_not_in_play_is_ignored() -> None:
    with shadow_kind(module="letters", paid=True) as (_, where):
        g = quiet_game()
        where[1] = 3
        assert paid_at(g, 3, 0) == []


# ---- the neutral tokens ------------------------------------------------------------------------


def test_the_base_neutral_tokens_keep_codes_order_and_flags() -> None:
    base = [(t.code, t.tag, t.bit) for t in NEUTRAL_TOKENS.every() if t.module is None]
    assert base == [("gov", "governor", 1), ("smug", "smuggler", 2)]
    modules = [(t.code, t.tag, t.bit, t.module) for t in NEUTRAL_TOKENS.every() if t.module is not None]
    # Mocha & Baksheesh's Coffee trader, then Letters & Seals' Courier
    assert modules == [("cof", "coffee_trader", 4, "mocha"), ("cour", "courier", 8, "letters")]
    assert (GOVERNOR.payment, SMUGGLER.reward, SMUGGLER.payment) == (("gov_pay",), ("smug_good",), ("smug_pay",))


@contextmanager
def peddler(module: str | None = None) -> Iterator[tuple[NeutralToken, dict[str, int]]]:
    """A test-only neutral token: a good of your choice for 2 Lira or a bonus card."""
    spot = {"at": 0}

    def where(g: GameState) -> int:
        return spot["at"]

    def put(g: GameState, place: int) -> None:
        spot["at"] = place

    def offer(g: GameState, seat: int) -> str | None:
        return "Peddler: take a good, then pay 2 Lira or a bonus card"

    token = add_neutral_token(
        NeutralToken("ped", "peddler", "the Peddler", module, where, put, offer, ("smug_good",), ("gov_pay",))
    )
    try:
        yield token, spot
    finally:
        remove_neutral_token(token)


def test_a_new_neutral_token_comes_after_the_base_ones_and_relocates_by_the_dice() -> None:
    with peddler() as (token, spot):
        assert token.bit == 16  # after the Governor, the Smuggler, the Coffee trader and the Courier
        g = quiet_game()
        g.board.governor = g.board.smuggler = 3
        spot["at"] = 3
        give(g, 0, "lira5")  # a card in hand: the Governor's payment is asked, not forced
        g = play(validate(g), "go.3", "a.leave", "skip")
        assert codes(g) == ("gov", "smug", "ped", "done", "c.lira5")
        g = set_chance_script(g, dice=[(5, 6)])
        g = play(g, "ped", "g.red")
        assert kind(g) == "gov_pay"
        g, events = play_events(g, "pay")
        relocated = next(e for e in events if e.kind == "relocate")
        assert relocated.data == {"token": "peddler", "to": 11, "source": 3} and spot["at"] == 11
        assert describe(relocated, None) == f"The Peddler moved to {place_name(11)}."
        assert codes(g) == ("gov", "smug", "done", "c.lira5")


def test_a_neutral_token_of_a_module_not_in_play_is_neither_placed_nor_offered() -> None:
    with peddler(module="mocha") as (_, spot):
        g = quiet_game()
        g.board.governor = 3
        spot["at"] = 3
        g = play(validate(g), "go.3", "a.leave", "skip")
        assert "ped" not in codes(g)


def test_setup_places_every_neutral_token_by_the_dice_in_table_order() -> None:
    settings = GameSettings(players=3, layout="in_order")
    plain = new_game(settings, ["red", "blue", "green"], seed=5)
    with peddler() as (_, spot):
        g = new_game(settings, ["red", "blue", "green"], seed=5)
        assert (g.board.governor, g.board.smuggler) == (plain.board.governor, plain.board.smuggler)
        assert 2 <= spot["at"] <= 12 and g.rng_counter == plain.rng_counter + 1


class WaiveAll(Waiver):
    """The Encounter tile's stand-in: every neutral token's cost is waived."""

    module: str | None = None

    def waives(self, g: GameState, seat: int, token: NeutralToken) -> bool:
        return True


def test_a_waiver_skips_the_payment_but_the_token_still_relocates() -> None:
    """E-29: with the Encounter tile the costs are waived, the token still moves on."""
    waiver = WAIVERS.add(WaiveAll())
    try:
        g = quiet_game()
        g.board.smuggler = 3
        give(g, 0, "lira5")  # a card in hand: the encounter step is asked again afterwards
        lira = g.players[0].lira
        g = play(validate(g), "go.3", "a.leave", "skip")
        g = set_chance_script(g, dice=[(1, 1)])
        g, events = play_events(g, "smug")
        assert [e.kind for e in events if e.kind in ("waived", "relocate")] == ["waived"]
        waived = next(e for e in events if e.kind == "waived")
        assert describe(waived, None) == "{seat:0} owed the Smuggler nothing this time."
        g, events = play_events(g, "g.blue")
        assert g.players[0].good("blue") == 1 and g.players[0].lira == lira
        assert any(e.kind == "relocate" and e.data == {"token": "smuggler", "to": 2, "source": 3} for e in events)
        assert kind(g) == "after" and "smug" not in codes(g)
    finally:
        WAIVERS.remove(waiver)


# ---- the ruby tracks ---------------------------------------------------------------------------


def test_the_base_ruby_tracks_price_their_next_ruby() -> None:
    g = quiet_game()
    assert [t.place for t in RUBY_TRACKS.in_play(g.settings)] == [SULTANS_PALACE, GEMSTONE_DEALER]
    for left in range(1, g.board.sultan_rubies + 1):
        g.board.sultan_rubies = left
        fixed, anys = sultan_price(left)
        assert next_price(g, SULTANS_PALACE) == Price(goods=fixed, any_goods=anys)
    g.board.gemstone_rubies = 3
    assert next_price(g, GEMSTONE_DEALER) == Price(lira=gemstone_price(3))
    g.board.gemstone_rubies = 0
    assert next_price(g, GEMSTONE_DEALER) is None
    assert [t.place for t in tracks_with_a_ruby(g)] == [SULTANS_PALACE]
    assert rubies_on_tracks(g) == g.board.sultan_rubies


def test_a_new_ruby_track_is_taken_and_refilled_through_the_table() -> None:
    """E-25 for any track: its last ruby is replaced from the supply."""
    box = {"left": 1}

    def left(g: GameState) -> int:
        return box["left"]

    def set_left(g: GameState, n: int) -> None:
        box["left"] = n

    track = add_ruby_track(RubyTrack(99, "test", None, left, set_left, lambda n: Price(coffee=11 - n)))
    try:
        g = quiet_game()
        assert next_price(g, 99) == Price(coffee=10)
        supply, rubies_before = g.board.ruby_supply, g.players[0].rubies
        tx = Tx(g.fork())
        take_track_ruby(tx, 0, 99)
        assert tx.g.players[0].rubies == rubies_before + 1
        assert box["left"] == 1 and tx.g.board.ruby_supply == supply - 1
        assert [e.kind for e in tx.events] == ["ruby", "ruby_refilled"]
    finally:
        remove_ruby_track(track)
