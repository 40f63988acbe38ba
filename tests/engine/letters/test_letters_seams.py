"""Seams between the Letters & Seals rules and the rest of the engine: the double move after a
turn spent on the family member's step, the leftover-card window after the last round (E-55),
and the other loose ends named in the module's rulings."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Event, GameState, describe, forfeit_turn, pending, set_chance_script, to_json, view
from bot.engine.invariants import violations
from bot.engine.letters import data
from bot.engine.letters.parts import letters_board, letters_of, letters_player
from bot.engine.playout import Playout, disagreement, snapshot
from bot.engine.state import LastMove
from bot.engine.texts import CARD_NAMES, card_phrase, rule_text
from tests.engine.helpers import codes, decider, give, kind, pass_turn, play, play_events
from tests.engine.letters.kiosk_position import AUCTION_HOUSE, KIOSK, at_kiosk, at_place, picked
from tests.engine.letters.letters_helpers import done, edit, give_letters, put_companion, quiet_letters
from tests.engine.letters.test_letters_bonus_cards import at_the_end, bazaar, holding, lines
from tests.engine.letters.test_letters_family_step import family_at

THREE_SEALS = ((3, False), (5, False), (9, False))


def both_paths(g: GameState, *moves: str) -> tuple[GameState, Playout]:
    """Play the codes on the full path and on the playout path, checking after each that both
    ask the same seat the same question and hold the same state."""
    p = Playout(g)
    for code in moves:
        g = play(g, code)
        p.choose(code)
        assert disagreement(p, g) is None, code
        assert snapshot(p.state) == snapshot(g), code
    return g, p


# ---- the double move after the family member's step -------------------------------------------


def family_turn(*cards: str) -> GameState:
    """Seat 0 holds the family-step card (and `cards`) and letters worth 3 seals; its family
    member stands on the Wainwright (1), next to the Fruit Warehouse (4)."""
    g = edit(family_at(1, *cards))
    give_letters(g, 0, *THREE_SEALS)
    return done(g)


def test_e37_e49_double_move_offered_once_after_a_card_played_at_the_family_members_end() -> None:
    g, p = both_paths(family_turn("lira5", "family"), f"c.{data.FAMILY_STEP}", "go.4", "act")
    assert kind(g) == "family_end" and set(codes(g)) == {"done", "c.lira5", "c.family"}
    g, p = both_paths(g, "c.lira5")  # a card at the last free moment: the free moment stays
    assert kind(g) == "family_end" and decider(g) == 0 and g.players[0].lira > 0
    g = play(g, "done")
    p.choose("done")
    assert disagreement(p, g) is None
    # after the free moment, not before it: the end of the turn offers the double move
    assert kind(g) == "double_move" and decider(g) == 0 and codes(g) == ("no", "p.012")
    g2 = play(g, "p.012")
    p2 = p.copy()
    p2.choose("p.012")
    assert disagreement(p2, g2) is None and snapshot(p2.state) == snapshot(g2)
    assert kind(g2) == "move" and g2.turn.player == 0 and g2.turn.extra
    assert letters_player(g2, 0).double_move_round == g2.round
    # the extra turn ends: nothing more is offered (once a round), the next seat plays
    g2 = pass_turn(g2)
    assert decider(g2) == 1 and kind(g2) != "double_move"
    g3 = play(g, "no")
    p.choose("no")
    assert disagreement(p, g3) is None and decider(g3) == 1 and letters_of(g3, 0) == THREE_SEALS


def test_e37_e49_double_move_offered_when_the_last_card_at_the_family_members_end_empties_the_hand() -> None:
    """With the hand empty after a card, the lone "done" is taken by itself: the double move comes
    straight after the card, on both paths."""
    g, _ = both_paths(family_turn("lira5"), f"c.{data.FAMILY_STEP}", "go.4", "act", "c.lira5")
    assert kind(g) == "double_move" and decider(g) == 0 and codes(g) == ("no", "p.012")


def test_e37_e49_double_move_offered_after_a_forfeited_family_step() -> None:
    g, _ = both_paths(family_turn(), f"c.{data.FAMILY_STEP}")
    assert kind(g) == "family_step"
    g, _ = forfeit_turn(g, 0)  # the family member stays, the turn ends; the double move is declined
    assert decider(g) == 1 and letters_of(g, 0) == THREE_SEALS and g.players[0].family == 1


# ---- E-55: the leftover-card window of a seat that did not play last ---------------------------


def test_e55_a_card_played_in_the_leftover_window_is_its_players_own_decision() -> None:
    """Seat 0's window after the last round (seat 2 played last): the good of its "1 good" card is
    its own choice, not a decision in the middle of another seat's turn."""
    g = at_the_end("good", "lira5")
    d = pending(g)
    assert d is not None and d.player == 0 and not d.off_turn and g.turn.player == 2
    g = play(g, "c.good")
    d = pending(g)
    assert d is not None and d.kind == "card_good" and d.player == 0 and not d.off_turn


def test_e55_a_forfeit_in_the_middle_of_a_card_closes_the_whole_leftover_window() -> None:
    g = play(at_the_end("good", "lira5"), "c.good")
    g, events = forfeit_turn(g, 0)
    assert kind(g) != "card_good" and decider(g) != 0  # the window is over, the lira5 card unplayed
    assert g.players[0].cards == ("lira5",)
    forfeit = next(e for e in events if e.kind == "forfeit")
    assert "off_turn" not in forfeit.data  # not told as someone else's decision skipped


# ---- E-20: the die-to-6 card on the Great Bazaar's rolls of Letters & Seals -----------------------


def _six_to(seat: int) -> Callable[[GameState], None]:
    def change(g: GameState) -> None:
        give(g, seat, "six")

    return change


def test_e20_die_to_six_turns_the_active_players_own_k16_die() -> None:
    g = set_chance_script(picked("K16", bazaar=True, change=_six_to(0)), dice=[(3,)])
    start = g.players[0].lira
    g = play(g, "u0")
    d = pending(g)
    assert d is not None and d.kind == "dice" and d.player == 0 and not d.off_turn
    assert d.prompt == "{seat:0} rolled a 3."
    assert [(o.code, o.label) for o in d.options] == [
        ("ok", "Keep a 3: 3 Lira"),
        ("c.six", "Turn a die to 6: the 3 becomes a 6: 6 Lira"),
    ]  # one die: no second die to turn, no red mosque tile (places 8 and 9 only)
    g, events = play_events(g, "c.six")
    assert g.players[0].lira == start + 6 and "six" in g.discard and "six" not in g.players[0].cards
    assert "{seat:0} turned the die to 6." in lines(events)
    assert kind(g) == "kiosk_pick" and decider(g) == 1  # the Kiosk goes on with the next picker
    assert violations(g) == []


def test_e20_k16_die_kept_pays_its_pips_and_a_six_is_not_asked() -> None:
    g = set_chance_script(picked("K16", bazaar=True, change=_six_to(0)), dice=[(4,)])
    start = g.players[0].lira
    g = play(g, "u0", "ok")
    assert g.players[0].lira == start + 4 and g.players[0].cards == ("six",)
    g = set_chance_script(picked("K16", bazaar=True, change=_six_to(0)), dice=[(6,)])
    start = g.players[0].lira
    g = play(g, "u0")  # a 6 cannot be turned: no pause
    assert kind(g) == "kiosk_pick" and g.players[0].lira == start + 6


def test_e20_e31_another_picker_rolls_its_own_k16_die_and_may_not_turn_it() -> None:
    """Seat 1 picks K16 at seat 0's Kiosk: it rolls its own die, outside its own turn, where no
    bonus card may be played (E-31): no pause, the pips are paid at once."""
    g = at_kiosk("K01", "K16", "K02", "K03", change=_six_to(1), bazaar=True)
    g = play(g, "p.1", "keep", "p.16")
    assert kind(g) == "kiosk_use" and decider(g) == 1
    g = set_chance_script(g, dice=[(2,)])
    start = g.players[1].lira
    g, events = play_events(g, "u0")
    assert g.players[1].lira == start + 2 and g.players[1].cards == ("six",)
    assert kind(g) == "kiosk_pick" and decider(g) == 2
    roll = next(e for e in events if e.kind == "dice")
    assert roll.player == 1 and roll.data["d"] == [2]


def test_e20_die_to_six_turns_a_die_of_the_letters_dice_card() -> None:
    g = set_chance_script(holding(data.DICE, "six", g=bazaar()), dice=[(2, 3)])
    g = play(g, f"c.{data.DICE}")
    d = pending(g)
    assert d is not None and d.kind == "dice" and d.player == 0
    assert [o.code for o in d.options] == ["ok", "c.six"]  # the red tile never (places 8 and 9 only)
    g = play(g, "c.six")
    assert kind(g) == "six_die" and codes(g) == ("die.1", "die.2")
    g, events = play_events(g, "die.1")  # 6 + 3 = 9 on house table H5
    assert "{seat:0} turned a die to 6: now 6 and 3." in lines(events)
    assert violations(g) == []


# ---- the move step's words when the companion may move too -------------------------------------------


def _labels(g: GameState) -> dict[str, str]:
    d = pending(g)
    assert d is not None
    return {o.code: o.label for o in d.options}


def test_e45_each_move_says_which_token_moves_when_the_companion_may_move_too() -> None:
    g = edit(quiet_letters())
    put_companion(g, 0, 7)  # beside the merchant on the Fountain: both may go to 4, 6 or 11
    g = done(g)
    d = pending(g)
    assert d is not None and d.kind == "move"
    assert d.prompt == "{seat:0}: move your merchant 1 or 2 places, or your companion 1 place."
    labels = _labels(g)
    assert labels["go.4"] == "Move your merchant to Fruit Warehouse (4)"
    assert labels["t.cm.4"] == "Move your companion to Fruit Warehouse (4)"
    assert all(label.startswith("Move your merchant to ") for code, label in labels.items() if code.startswith("go."))
    assert Playout(g).options() == list(d.options)  # the playout path words them alike
    assert d.codes() == tuple(Playout(g).codes() or ())


def test_e45_the_move_step_keeps_its_words_while_the_companion_may_not_move() -> None:
    g = quiet_letters()  # no companion earned yet
    d = pending(g)
    assert d is not None and d.prompt == "{seat:0}: move your merchant 1 or 2 places."
    assert _labels(g)["go.4"] == "Move to Fruit Warehouse (4)"
    g = edit(g)
    put_companion(g, 0, 0)  # in its owner's supply: only set out
    g = done(g)
    d = pending(g)
    assert d is not None and "t.cp" in d.codes() and d.prompt == "{seat:0}: move your merchant 1 or 2 places."
    assert _labels(g)["go.4"] == "Move to Fruit Warehouse (4)"


# ---- K21 / K24: the bonus card given for a kiosk tile ------------------------------------------------


def _k24_discard_by_another_picker(kept: str) -> tuple[GameState, GameState, list[Event]]:
    """Seat 1 picks K24 at seat 0's Kiosk and discards its "Take 5 Lira" card for 3 Lira, keeping
    `kept`: the state before the discard, after it, and its events."""

    def hands(g: GameState) -> None:
        give(g, 1, "lira5", kept)
        g.players[1].lira = 0  # only the discard way is open

    g = at_kiosk("K01", "K24", "K02", "K03", change=hands)
    g = play(g, "p.1", "keep", "p.24", "u1")
    assert kind(g) == "kiosk_pay" and decider(g) == 1
    d = pending(g)
    assert d is not None and all(o.private for o in d.options)  # the hand is shown to its owner only
    after, events = play_events(g, "d.lira5")
    return g, after, events


def test_k24_the_discarded_card_is_named_to_everyone_and_the_cards_kept_to_nobody() -> None:
    """The discard pile lies face up (the copy card copies its top, E-35), so the card given for a
    kiosk tile is named to every viewer, with why; the card kept never shows outside its hand:
    the lines and views of the others are the same whichever card it is."""
    seen = {}
    for kept in ("good", "family"):
        before, after, events = _k24_discard_by_another_picker(kept)
        assert after.players[1].cards == (kept,) and after.discard[-1] == "lira5" and after.players[1].lira == 3
        for viewer in (None, 0, 2):
            said = [describe(e, viewer) for e in events]
            assert "{seat:1} discarded the “Take 5 Lira” card for a kiosk tile." in said
            assert not any(name in (line or "") for line in said for name in ("1 good of your choice", "Family to Police"))
            seen.setdefault(viewer, []).append((said, to_json(view(after, viewer).state)))
        assert view(after, 0).state.discard[-1] == "lira5"  # the line and the open pile agree
    for viewer, (first, second) in seen.items():
        assert first == second, f"viewer {viewer} can tell which card seat 1 kept"


def test_k21_a_card_given_for_a_letter_is_named_with_why() -> None:
    def card(g: GameState) -> None:
        give(g, 0, "lira5")

    g = play(picked("K21", change=card), "u0")
    g = set_chance_script(g, cards={"letters": ["l3"]})
    _, events = play_events(g, "d.lira5")
    assert "{seat:0} discarded the “Take 5 Lira” card for a kiosk tile." in lines(events, 1)


# ---- rulings confirmed ----------------------------------------------------------------------------------


def test_e34_e51_no_auction_when_no_bonus_card_can_be_drawn() -> None:
    """Both bonus piles empty: two cards cannot be sold, so the good is taken and the auction is
    skipped (E-34: a draw from empty piles yields nothing), said in plain words; the option does not
    promise an auction."""

    def empty_piles(g: GameState) -> None:
        g.players[0].lira = 5
        g.players[1].cards, g.players[2].cards = g.draw_pile[:2], g.draw_pile[2:]
        g.draw_pile, g.discard = (), ()

    g = at_place(AUCTION_HOUSE, change=empty_piles)
    d = pending(g)
    assert d is not None and d.option("g.red") is not None
    assert d.option("g.red").label == "Take 1 fabric"  # type: ignore[union-attr]
    g, events = play_events(g, "g.red")
    assert g.players[0].goods[0] == 1 and g.players[0].lira == 5 and kind(g) != "auction_bid"
    assert not any(s.kind.startswith("auction") for s in g.steps)
    said = [describe(e, viewer) for e in events for viewer in (None, 0, 1)]
    assert "No bonus card is left to draw: no auction at the Auction House." in said
    assert letters_board(g).bid == 0 and letters_board(g).bidder == -1 and violations(g) == []


def test_e34_an_auction_runs_while_the_discard_pile_can_be_drawn() -> None:
    def discard_only(g: GameState) -> None:
        g.players[0].lira = 5
        g.discard, g.draw_pile = g.draw_pile, ()

    g = at_place(AUCTION_HOUSE, change=discard_only)
    g = play(g, "g.red")
    assert kind(g) == "auction_bid" and decider(g) == 0  # reshuffled when drawn (E-34)


def test_e47_k15_taken_by_the_acting_companion_skips_phase_four() -> None:
    """The companion took this turn's action at the Kiosk; K15 sends it to its owner's supply:
    the token that acted has left, so nothing is met there (no family member caught, no Governor),
    and the turn still has its last free moment."""

    def companion_acts(g: GameState) -> None:
        g.players[1].family = KIOSK
        g.board.governor = KIOSK
        give(g, 0, "lira5")

    g = edit(at_kiosk("K15", "K01", "K02", "K03", change=companion_acts))
    put_companion(g, 0, KIOSK)
    g.players[0].merchant = 2
    g.last_move = LastMove("companion", 0, 2, KIOSK)
    g = play(done(g), "p.15", "u0")
    assert letters_player(g, 0).companion == 0  # back in its owner's supply
    for _ in range(12):
        if g.turn.player != 0 or kind(g) == "after":
            break
        g = play(g, pending(g).default)  # type: ignore[union-attr]
    assert kind(g) == "after" and decider(g) == 0 and "c.lira5" in codes(g)
    assert g.steps[-1].place == 0  # no place: phase 4 happens nowhere
    assert not any(c.startswith(("k", "gov", "e.")) for c in codes(g))
    g = play(g, "done")
    assert decider(g) == 1 and g.players[1].family == KIOSK and g.board.governor == KIOSK


def test_companion2_card_is_named_in_help_and_story_lines_like_every_card() -> None:
    assert CARD_NAMES[data.COMPANION2] == "Companion moves 2"
    assert card_phrase(data.COMPANION2) == "the “Companion moves 2” card"
    for topic in ("c.companion2", "companion2", "Companion moves 2"):
        found = rule_text(topic)
        assert found is not None and "2" in found, topic
    g = edit(quiet_letters())
    put_companion(g, 0, 12)
    give(g, 0, data.COMPANION2)
    g, events = play_events(done(g), f"c.{data.COMPANION2}")
    assert "{seat:0} played the “Companion moves 2” card." in lines(events, 1)
    g, events = play_events(g, "t.cm.8")
    assert not any("companion2" in (line or "") for line in lines(events, 1))
