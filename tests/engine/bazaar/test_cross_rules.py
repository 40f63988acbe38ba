"""Every cross-module rule of the Great Bazaar (issue 25 item 2), each as a named test in a Great
Bazaar game on the test board of `bazaar_helpers` (RULES-NOTES E-11, E-12, E-20, E-33, E-38,
E-43, E-44, E-45, E-53, E-56, D-16; rulebook l.531, "The Great Bazaar"). E-20 (the die-to-6 card
on the Letters dice) is pinned by tests/engine/letters/test_letters_bonus_cards.py and l-seams'
work."""

from __future__ import annotations

from bot.engine import GameState, pending, result
from bot.engine.letters.parts import companion_place, letters_player, set_letters_board, set_letters_player
from bot.engine.machine import push
from bot.engine.mocha.coffee import coffee_of
from bot.engine.mocha.data import tavern_tile_id
from bot.engine.mocha.parts import mocha_board, set_mocha_board, set_mocha_player
from bot.engine.state import Step
from bot.engine.tokens import OFF_BOARD
from tests.engine.bazaar.bazaar_helpers import done, edit, leave_assistant, quiet_bazaar
from tests.engine.helpers import codes, give, kind, pass_turn, play, play_events
from tests.engine.letters.letters_helpers import give_letters, put_companion
from tests.engine.mocha.core_helpers import give_guild

# The test board: 7 in the centre with 25 above, 13 left, 14 right, 17 below; 19 beside 25.
FOUNTAIN, KIOSK, AUCTION, SOCIETY, TAVERN = 7, 22, 23, 24, 19


def at(g: GameState, seat: int, merchant: int) -> None:
    g.players[seat].merchant = merchant


def skip_action(g: GameState) -> GameState:
    g = leave_assistant(g)
    return play(g, "skip") if kind(g) == "action" else g


# ---- neutral tokens -------------------------------------------------------------------------------


def test_d16_the_encounter_tile_also_frees_the_courier() -> None:
    g = edit(quiet_bazaar())
    set_letters_board(g, courier=13)
    tiles = mocha_board(g).encounter_tiles
    set_mocha_board(g, encounter_tiles=tiles[1:])
    set_mocha_player(g, 0, tavern_tiles=(tavern_tile_id("encounter", tiles[0]),))
    g = skip_action(play(done(g), "go.13"))
    assert kind(g) == "after" and "cour" in codes(g)
    lira = g.players[0].lira
    after, events = play_events(g, "cour")
    assert {"token": "courier"} in [e.data for e in events if e.kind == "waived"]
    assert kind(after) != "cour_pay" and after.players[0].lira == lira
    assert len(letters_player(after, 0).letters) == 1


def test_e53_the_use_a_neutral_token_card_includes_the_coffee_trader() -> None:
    g = edit(quiet_bazaar())
    set_mocha_board(g, coffee_trader=20)
    give(g, 0, "usetoken")
    g.players[0].lira = 10
    g = done(g)
    after, events = play_events(g, "c.usetoken")  # the only token on the board: called at once
    assert {"token": "coffee_trader"} in [e.data for e in events if e.kind == "token_called"]
    assert coffee_of(after, 0) == coffee_of(g, 0) + 1 and after.players[0].lira == g.players[0].lira - 2


def test_e45_the_companion_meets_the_coffee_trader() -> None:
    g = edit(quiet_bazaar())
    set_mocha_board(g, coffee_trader=17)
    put_companion(g, 0, 16)
    g.players[0].lira = 10
    g = play(done(g), "t.cm.17")
    g = play(g, "skip") if kind(g) == "action" else g
    assert kind(g) == "after" and "cof" in codes(g)
    assert coffee_of(play(g, "cof"), 0) == coffee_of(g, 0) + 1


# ---- coffee where a Letters & Seals text shows it -------------------------------------------------


def test_e53_a_kiosk_tile_good_may_be_coffee() -> None:
    g = edit(quiet_bazaar())
    push(g, Step("kiosk_good", 0, KIOSK, 1, "K20"))
    g = done(g)
    assert "g.coffee" in codes(g)
    assert coffee_of(play(g, "g.coffee"), 0) == coffee_of(g, 0) + 1


def test_e53_the_seven_lira_card_takes_coffee() -> None:
    g = edit(quiet_bazaar())
    give(g, 0, "sell7")
    set_mocha_player(g, 0, coffee=1)
    g = done(g)
    after, events = play_events(g, "c.sell7")  # no good held: the coffee is the only choice
    assert [e.data["n"] for e in events if e.kind == "coffee"] == [-1]
    assert coffee_of(after, 0) == 0 and after.players[0].lira == g.players[0].lira + 7


def test_e53_the_secret_society_may_take_the_coffee_house_ruby() -> None:
    g = edit(quiet_bazaar())
    give_letters(g, 0, (3, True), (5, True), (12, True))
    at(g, 0, AUCTION)
    g = leave_assistant(play(done(g), f"go.{SOCIETY}"))
    g = play(g, "act")
    if kind(g) == "society_letters":
        g = play(g, codes(g)[0])
    assert kind(g) == "society_ruby" and "r.20" in codes(g)


def test_e43_the_auction_good_is_never_coffee() -> None:
    g = edit(quiet_bazaar())
    at(g, 0, KIOSK)
    g = leave_assistant(play(done(g), f"go.{AUCTION}"))
    offered = [c for c in codes(g) if c.startswith("g.")]
    assert offered and "g.coffee" not in offered


# ---- the Barrier (E-11, E-12) ---------------------------------------------------------------------


def _barrier(controller: int, a: int, b: int) -> GameState:
    g = edit(quiet_bazaar())
    set_mocha_board(g, barrier=(a, b), barrier_controller=controller)
    return g


def test_e11_the_barrier_blocks_the_companions_step_for_everyone_but_its_controller() -> None:
    for controller, blocked in ((1, True), (0, False)):
        g = _barrier(controller, FOUNTAIN, 25)
        put_companion(g, 0, FOUNTAIN)
        offered = codes(done(g))
        assert ("t.cm.25" not in offered) is blocked and "t.cm.13" in offered


def test_e11_the_barrier_blocks_the_companions_two_steps_card() -> None:
    for controller, blocked in ((1, True), (0, False)):
        g = _barrier(controller, 3, 25)
        put_companion(g, 0, 3)
        give(g, 0, "companion2")
        g = play(done(g), "c.companion2")
        assert ("t.cm.7" not in codes(g)) is blocked  # 3 -> 25 -> 7 crosses it; 3 -> 2 -> 12 does not
        assert "t.cm.12" in codes(g)


def test_e11_the_barrier_blocks_the_family_members_step_card_for_everyone_but_its_controller() -> None:
    for controller, blocked in ((1, True), (0, False)):
        g = _barrier(controller, 3, 25)
        g.players[0].family = 3
        give(g, 0, "familystep")
        g = play(done(g), "c.familystep")
        assert kind(g) == "family_step" and ("go.25" not in codes(g)) is blocked and "go.2" in codes(g)


# ---- guild cards and the double move (E-38) ----------------------------------------------------------


def test_e38_guild_card_7_does_not_use_up_the_double_move_and_a_guild_card_fits_a_double_move_turn() -> None:
    g = edit(quiet_bazaar())
    give_guild(g, 0, "g7")
    give_letters(g, 0, (3, True), (5, True))
    g = pass_turn(done(g))
    if kind(g) == "assistant":
        g = play(g, "x.end")
    assert kind(g) == "double_move"
    g = play(g, "p.01")
    d = pending(g)
    assert d is not None and d.player == 0 and "c.g7" in codes(g)  # a guild card in the double-move turn
    g = play(g, "c.g7")
    assert letters_player(g, 0).double_move_round == 1 and pending(g).player == 0  # type: ignore[union-attr]


# ---- the companion (E-44, E-45) ----------------------------------------------------------------------


def test_e44_the_companion_is_earned_by_a_fountain_action_through_the_tavern() -> None:
    g = edit(quiet_bazaar())
    set_mocha_player(g, 0, coffee=4)
    g = leave_assistant(play(done(g), f"go.{TAVERN}"))
    g = play(g, "barrier", "e.7.13")
    if kind(g) == "barrier_act":
        g = play(g, f"p.{FOUNTAIN}")
    if kind(g) == "action":
        g = play(g, next(c for c in codes(g) if c != "skip"))
    assert letters_player(g, 0).companion == OFF_BOARD  # in its owner's supply


def test_e44_the_companion_is_earned_by_a_fountain_action_through_guild_card_12() -> None:
    g = edit(quiet_bazaar())
    give_guild(g, 0, "g12")
    g = play(done(g), "c.g12", f"p.{FOUNTAIN}")
    if kind(g) == "guild_place":
        g = play(g, codes(g)[0])
    assert letters_player(g, 0).companion == OFF_BOARD


def test_e45_the_movement_tile_never_moves_the_companion() -> None:
    g = edit(quiet_bazaar())
    at(g, 0, 6)  # the row 6 12 25 19 10: the tile reaches 19 and 10
    put_companion(g, 0, 13)
    set_mocha_player(g, 0, tavern_tiles=("movement1",))
    g = done(g)
    assert {"t.mv.19", "t.mv.10"} <= set(codes(g))
    after = play(g, "t.mv.19")
    assert after.players[0].merchant == 19 and companion_place(after, 0) == 13


def test_e45_the_corner_card_never_moves_the_companion() -> None:
    g = edit(quiet_bazaar())
    put_companion(g, 0, 13)
    give(g, 0, "corner")
    g = play(done(g), "c.corner")
    assert kind(g) == "corner" and not any(c.startswith("t.cm.") for c in codes(g))
    after = play(g, codes(g)[0])
    assert companion_place(after, 0) == 13 and after.players[0].merchant != FOUNTAIN


# ---- remote actions at the Letters places (E-33) -----------------------------------------------------


def _others_pick(g: GameState) -> bool:
    """Whether, going on with the first offered option, another seat picks a kiosk tile before the
    turn's player decides again."""
    for _ in range(12):
        d = pending(g)
        assert d is not None
        if d.player != 0 and d.kind == "kiosk_pick":
            return d.off_turn
        g = play(g, d.codes()[0])
    return False


def test_e33_guild_card_12_reaches_the_kiosk_and_the_others_pick_inside_the_guild_turn() -> None:
    g = edit(quiet_bazaar())
    give_guild(g, 0, "g12")
    g = play(done(g), "c.g12", f"p.{KIOSK}")
    assert _others_pick(g)


def test_e33_the_tavern_barrier_reaches_the_kiosk_and_the_others_pick() -> None:
    g = edit(quiet_bazaar())
    set_mocha_player(g, 0, coffee=4)
    g = play(leave_assistant(play(done(g), f"go.{TAVERN}")), "barrier", "e.17.22", f"p.{KIOSK}")
    assert _others_pick(g)


def test_e33_secret_society_once_more_is_never_played_through_the_tavern() -> None:
    g = edit(quiet_bazaar())
    set_mocha_player(g, 0, coffee=4)
    give(g, 0, "society2")
    give_letters(g, 0, (3, True), (5, True), (12, True), (1, True), (2, True), (4, True))
    g = play(leave_assistant(play(done(g), f"go.{TAVERN}")), "barrier", "e.23.24", f"p.{SOCIETY}")
    assert kind(g) == "action" and g.steps[-1].place == SOCIETY
    assert "act" in codes(g) and "c.society2" not in codes(g)


# ---- the end (E-56) ----------------------------------------------------------------------------------


def test_e56_coffee_guild_cards_and_letters_never_break_a_tie() -> None:
    g = edit(quiet_bazaar(players=2))
    for p in g.players:
        p.rubies, p.lira, p.goods = 3, 12, (1, 1, 0, 0)
    set_mocha_player(g, 1, coffee=5)
    give_guild(g, 1, "g1", "g2")
    give_letters(g, 1, (3, True), (5, False))
    set_letters_player(g, 1, letters=letters_player(g, 1).letters)
    standings = result(done(g))
    assert [s.rank for s in standings] == [1, 1]
