"""The 24 kiosk tiles (components.md §13; RULES-NOTES E-50, E-47, E-44, E-22): one test per tile,
each carried out by seat 0 at its own Kiosk, plus the tiles that cannot be carried out."""

from __future__ import annotations

from bot.engine import GameState, LastMove, describe, pending, set_chance_script
from bot.engine.invariants import violations
from bot.engine.letters.parts import letters_of
from bot.engine.mocha.coffee import coffee_of
from bot.engine.mocha.parts import set_mocha_player
from tests.engine.helpers import codes, give, kind, play, play_events
from tests.engine.letters.kiosk_position import KIOSK, at_kiosk, picked
from tests.engine.letters.letters_helpers import done, give_letters, put_companion

FOUNTAIN = 7


def lira(g: GameState, seat: int = 0) -> int:
    return g.players[seat].lira


def goods(g: GameState, seat: int = 0) -> tuple[int, int, int, int]:
    """red, green, yellow, blue"""
    return g.players[seat].goods


def used(tile: str, *moves: str, change=None, bazaar: bool = False) -> tuple[GameState, GameState]:  # type: ignore[no-untyped-def]
    """(before, after): seat 0 picked `tile` and played `moves` on it."""
    before = picked(tile, change=change, bazaar=bazaar)
    assert kind(before) == "kiosk_use" and pending(before).player == 0  # type: ignore[union-attr]
    after = play(before, *moves)
    assert violations(after) == []
    return before, after


def gained(tile: str) -> tuple[tuple[int, ...], int]:
    before, after = used(tile, "u0")
    return tuple(a - b for a, b in zip(goods(after), goods(before), strict=True)), lira(after) - lira(before)


# -- goods and Lira ------------------------------------------------------------------------------


def test_k01_fruit_and_1_lira() -> None:
    assert gained("K01") == ((0, 0, 1, 0), 1)


def test_k02_spice_and_1_lira() -> None:
    assert gained("K02") == ((0, 1, 0, 0), 1)


def test_k03_fabric_and_1_lira() -> None:
    assert gained("K03") == ((1, 0, 0, 0), 1)


def test_k04_two_fruit() -> None:
    assert gained("K04") == ((0, 0, 2, 0), 0)


def test_k05_two_spice() -> None:
    assert gained("K05") == ((0, 2, 0, 0), 0)


def test_k06_two_fabric_within_capacity() -> None:
    """Goods beyond the wheelbarrow's room are lost, and the story says so."""

    def one_fabric(g: GameState) -> None:
        g.players[0].goods = (1, 0, 0, 0)

    before, after = used("K06", change=one_fabric)
    assert "(no room" not in pending(before).option("u0").label  # type: ignore[union-attr]
    after, events = play_events(before, "u0")
    assert goods(after) == (2, 0, 0, 0)  # capacity 2: one of the two is lost
    assert "{seat:0} gained 1 fabric from a kiosk tile (1 fabric lost: wheelbarrow full)." in [
        describe(e, None) for e in events
    ]


def test_k07_one_fruit() -> None:
    assert gained("K07") == ((0, 0, 1, 0), 0)


def test_k08_one_spice() -> None:
    assert gained("K08") == ((0, 1, 0, 0), 0)


def test_k09_one_fabric() -> None:
    assert gained("K09") == ((1, 0, 0, 0), 0)


def test_k10_one_jewelry() -> None:
    assert gained("K10") == ((0, 0, 0, 1), 0)


def test_k11_bonus_card_is_drawn_and_named_to_its_owner_only() -> None:
    g = set_chance_script(picked("K11"), cards=["lira5"])
    g, events = play_events(g, "u0")
    assert g.players[0].cards == ("lira5",)
    draw = next(e for e in events if e.kind == "draw")
    assert describe(draw, None) == "{seat:0} drew a bonus card."
    assert describe(draw, 1) == "{seat:0} drew a bonus card."
    assert "lira5" not in str(pending(g).prompt) and "5 Lira" in (describe(draw, 0) or "")  # type: ignore[union-attr]


def test_k12_two_lira() -> None:
    assert gained("K12") == ((0, 0, 0, 0), 2)


def test_k13_coffee_or_2_lira_gives_2_lira_without_mocha_e50() -> None:
    """E-50, l.531: without Mocha & Baksheesh the coffee half of the tile does not exist."""
    before, after = used("K13", "u0")
    assert codes(before) == ("u0", "keep") and pending(before).option("u0").label == "Take 2 Lira"  # type: ignore[union-attr]
    assert lira(after) - lira(before) == 2


def test_k13_coffee_or_2_lira_offers_the_coffee_in_the_great_bazaar() -> None:
    before, after = used("K13", "u0", bazaar=True)
    assert codes(before) == ("u0", "u1", "keep")
    assert coffee_of(after, 0) == coffee_of(before, 0) + 1 and lira(after) == lira(before)
    _, after = used("K13", "u1", bazaar=True)
    assert lira(after) == lira(before) + 2


def test_k14_coffee_or_3_lira() -> None:
    before, after = used("K14", "u0")
    assert lira(after) - lira(before) == 3
    before, after = used("K14", "u0", bazaar=True)
    assert coffee_of(after, 0) == coffee_of(before, 0) + 1


# -- the companion, the die, extensions ----------------------------------------------------------


def test_k15_companion_home_e44() -> None:
    """E-44: the tile sends the companion from the board back to its owner's own supply."""

    def companion_out(g: GameState) -> None:
        put_companion(g, 0, 9)

    before, after = used("K15", change=companion_out)
    after, events = play_events(before, "u0")
    from bot.engine.letters.parts import letters_player

    assert letters_player(after, 0).companion == 0
    assert any(e.kind == "companion_home" and e.data["why"] == "kiosk" for e in events)
    assert violations(after) == []


def test_k15_without_a_companion_on_the_board_is_picked_and_not_used() -> None:
    before = picked("K15")  # the companion still waits in the general supply
    # a lone "leave it unused" is taken at once: the next decision is seat 1's pick
    assert kind(before) == "kiosk_pick" and pending(before).player == 1  # type: ignore[union-attr]


def test_k16_die_for_lira_rolls_one_die_for_the_picker() -> None:
    g = set_chance_script(picked("K16"), dice=[(5,)])
    start = lira(g)
    g, events = play_events(g, "u0")
    assert lira(g) == start + 5
    dice = next(e for e in events if e.kind == "dice")
    assert dice.player == 0 and dice.data["d"] == [5]


def test_k17_extension_for_10_lira() -> None:
    def rich(g: GameState) -> None:
        g.players[0].lira = 12

    before, after = used("K17", "u0", change=rich)
    assert lira(after) == 2 and after.players[0].extensions == 1 and after.players[0].capacity == 3
    assert after.board.wainwright_extensions == before.board.wainwright_extensions - 1


def test_k17_without_10_lira_is_picked_and_not_used() -> None:
    def nine(g: GameState) -> None:
        g.players[0].lira = 9

    g = picked("K17", change=nine)
    assert pending(g).player == 1 and lira(g) == 9  # type: ignore[union-attr]


def test_k17_third_extension_brings_the_wainwright_ruby_e22() -> None:
    """E-22: the extension that completes the wheelbarrow earns its ruby however it was bought."""

    def two_already(g: GameState) -> None:
        g.players[0].lira = 10
        g.players[0].extensions = 2
        g.board.wainwright_extensions -= 2

    _, after = used("K17", "u0", change=two_already)
    assert after.players[0].extensions == 3 and after.players[0].rubies == 1


def test_k17_with_three_extensions_is_not_usable() -> None:
    def full(g: GameState) -> None:
        g.players[0].lira = 20
        g.players[0].extensions = 3
        g.board.wainwright_extensions -= 3
        g.board.wainwright_rubies -= 1
        g.players[0].rubies = 1
        g.board.ruby_supply += 0

    g = picked("K17", change=full)
    assert pending(g).player == 1 and lira(g) == 20  # type: ignore[union-attr]


def test_k18_extension_for_one_good_of_each_colour() -> None:
    def four(g: GameState) -> None:
        g.players[0].goods = (1, 2, 1, 1)

    before, after = used("K18", "u0", change=four)
    assert goods(after) == (0, 1, 0, 0) and after.players[0].extensions == 1
    assert lira(after) == lira(before)


def test_k18_without_every_colour_is_not_usable() -> None:
    def three(g: GameState) -> None:
        g.players[0].goods = (1, 1, 1, 0)

    g = picked("K18", change=three)
    assert pending(g).player == 1 and goods(g) == (1, 1, 1, 0)  # type: ignore[union-attr]


# -- Off to the Fountain (E-47) --------------------------------------------------------------------


def test_k19_off_to_the_fountain_at_ones_own_kiosk_skips_the_encounters_e47() -> None:
    """E-47: the stack jumps to the Fountain with its assistants, takes no Fountain action and
    collects nobody; the active token left the Kiosk, so nobody is met there."""

    def crowd(g: GameState) -> None:
        g.players[1].family = KIOSK  # would be caught at the Kiosk
        p = g.players[0]
        p.stack, p.assistants = p.stack[1:], (3,)  # a Fountain action would call this one back

    before = picked("K19", change=crowd)
    stack = before.players[0].stack
    g, events = play_events(before, "u0")
    assert g.players[0].merchant == FOUNTAIN and g.players[0].stack == stack
    assert g.players[0].assistants == before.players[0].assistants and 3 in g.players[0].assistants
    assert not any(e.kind in ("action", "recall", "assistant") for e in events)
    assert "{seat:0} left Kiosk by a kiosk tile: no encounters there this turn." in [
        describe(e, None) for e in events
    ]
    # the other seats pick; then seat 0's last tile, then its turn ends without catching anyone
    while pending(g).player != 0 or kind(g) != "after":  # type: ignore[union-attr]
        if kind(g) == "move":
            break
        g = play(g, pending(g).default)  # type: ignore[union-attr]
    assert not any(c.startswith("k1.") for c in codes(g))
    assert g.players[1].family == KIOSK
    assert violations(g) == []


def test_k19_off_to_the_fountain_for_another_player_just_moves_its_stack() -> None:
    def away(g: GameState) -> None:
        g.players[1].merchant = 3

    g = at_kiosk("K09", "K19", "K01", "K02", change=away)
    g = play(g, "p.9", "u0")  # seat 0 used its fabric
    g = play(g, "p.19")  # seat 1 picks Off to the Fountain
    assert kind(g) == "kiosk_use" and pending(g).player == 1 and pending(g).off_turn  # type: ignore[union-attr]
    g, events = play_events(g, "u0")
    assert g.players[1].merchant == FOUNTAIN
    assert g.turn.player == 0 and not any(e.kind == "no_encounters" for e in events)


def test_k19_is_not_usable_on_the_fountain() -> None:
    g = at_kiosk("K09", "K19", "K01", "K02")
    g = play(g, "p.9", "u0")

    # seat 1's merchant already stands on the Fountain (every merchant starts there)
    assert g.players[1].merchant == FOUNTAIN
    g = play(g, "p.19")
    assert kind(g) == "kiosk_pick" and pending(g).player == 2  # type: ignore[union-attr]


# -- trades --------------------------------------------------------------------------------------


def test_k20_good_or_letter_gives_a_good_for_a_letter() -> None:
    def fruit(g: GameState) -> None:
        g.players[0].goods = (0, 0, 2, 0)

    before = picked("K20", change=fruit)
    assert codes(before) == ("u0", "u1", "keep")  # the letter the Kiosk gave may be traded too
    g = set_chance_script(before, cards={"letters": ["l9"]})
    g = play(g, "u0")  # the only good held is paid without asking
    assert goods(g) == (0, 0, 1, 0) and (9, False) in letters_of(g, 0)
    assert violations(g) == []


def test_k20_good_or_letter_gives_a_letter_for_a_good_of_choice() -> None:
    def letters(g: GameState) -> None:
        give_letters(g, 0, (9, True))

    before = picked("K20", change=letters)
    g = play(before, "u1")
    assert kind(g) == "kiosk_pay" and set(codes(g)) == {"l.9.d", "l.5"}
    g = play(g, "l.9.d")
    assert kind(g) == "kiosk_good" and codes(g) == ("g.red", "g.green", "g.yellow", "g.blue")
    g = play(g, "g.blue")
    assert letters_of(g, 0) == ((5, False),) and goods(g) == (0, 0, 0, 1)


def test_k20_in_the_great_bazaar_deals_in_coffee_too() -> None:
    def coffee(g: GameState) -> None:
        set_mocha_player(g, 0, coffee=1)

    def coffee_and_fruit(g: GameState) -> None:
        coffee(g)
        g.players[0].goods = (0, 0, 1, 0)

    g = play(picked("K20", change=coffee_and_fruit, bazaar=True), "u0")
    assert codes(g) == ("g.yellow", "g.coffee")
    g = play(g, "g.coffee")
    assert coffee_of(g, 0) == 0 and len(letters_of(g, 0)) == 2
    g = play(picked("K20", change=coffee, bazaar=True), "u1")  # the one letter is paid without asking
    assert "g.coffee" in codes(g)
    g = play(g, "g.coffee")
    assert coffee_of(g, 0) == 2 and letters_of(g, 0) == ()


def test_k21_card_or_letter_discards_a_card_for_a_letter() -> None:
    def card(g: GameState) -> None:
        give(g, 0, "lira5")

    g = play(picked("K21", change=card), "u0")
    assert kind(g) == "kiosk_pay" and pending(g).option("d.lira5").private  # type: ignore[union-attr]
    g = set_chance_script(g, cards={"letters": ["l3"]})
    g, events = play_events(g, "d.lira5")
    assert g.players[0].cards == () and g.discard[-1] == "lira5" and (3, False) in letters_of(g, 0)


def test_k21_card_or_letter_gives_a_letter_for_a_card() -> None:
    g = set_chance_script(picked("K21"), cards=["lira5"])
    g = play(g, "u1")  # the one letter (from the Kiosk) is paid without asking
    assert letters_of(g, 0) == () and g.players[0].cards == ("lira5",)


def test_k22_lira_or_letter() -> None:
    def rich(g: GameState) -> None:
        g.players[0].lira = 5

    before = picked("K22", change=rich)
    g = set_chance_script(play(before, "u0"), cards={"letters": ["l9"]})
    assert lira(g) == 3 and len(letters_of(g, 0)) == 2
    g = play(before, "u1")
    assert lira(g) == 8 and letters_of(g, 0) == ()


def test_k23_lira_or_good() -> None:
    def rich(g: GameState) -> None:
        g.players[0].lira = 5
        g.players[0].goods = (1, 0, 0, 0)

    before = picked("K23", change=rich)
    g = play(before, "u0", "g.green")
    assert lira(g) == 3 and goods(g) == (1, 1, 0, 0)
    g = play(before, "u1")  # the one good held is paid without asking
    assert lira(g) == 8 and goods(g) == (0, 0, 0, 0)


def test_k24_lira_or_card() -> None:
    def rich(g: GameState) -> None:
        g.players[0].lira = 5
        give(g, 0, "lira5")

    before = picked("K24", change=rich)
    g = set_chance_script(before, cards=["good"])
    g = play(g, "u0")
    assert lira(g) == 3 and g.players[0].cards == ("good", "lira5")
    g = play(before, "u1", "d.lira5")
    assert lira(g) == 8 and g.players[0].cards == () and g.discard[-1] == "lira5"


def test_k24_without_lira_or_cards_is_not_usable() -> None:
    def poor(g: GameState) -> None:
        g.players[0].lira = 1

    g = picked("K24", change=poor)
    assert pending(g).player == 1  # type: ignore[union-attr]


def test_k15_companion_home_from_the_kiosk_it_acted_at_skips_its_encounters() -> None:
    """E-47 read for the companion: the token that took the action leaves the Kiosk, so nobody is
    met there."""

    def companion_turn(g: GameState) -> None:
        g.players[1].family = KIOSK
        put_companion(g, 0, 2)

    g = at_kiosk("K15", "K01", "K02", "K03", change=companion_turn)
    g = g.copy()
    put_companion(g, 0, KIOSK)
    g.players[0].merchant = 2  # the companion, not the merchant, came here this turn
    g.last_move = LastMove("companion", 0, 2, KIOSK)
    g = play(done(g), "p.15")
    g, events = play_events(g, "u0")
    assert "{seat:0} left Kiosk by a kiosk tile: no encounters there this turn." in [
        describe(e, None) for e in events
    ]
    while g.turn.player == 0 and kind(g) != "after":
        g = play(g, pending(g).default)  # type: ignore[union-attr]
    assert not any(c.startswith("k1.") for c in codes(g)) and g.players[1].family == KIOSK
