"""The Secret Society (place 24): letters showing exactly 6 seals for the next ruby of the Sultan's
Palace or the Gemstone Dealer (the Coffee House too in the Great Bazaar), and 3/2/1 Lira for the
first three (RULES-NOTES E-52, D-32, rule option ``secret_society_bonus_per``); the card
"Secret Society once more" (society2)."""

from __future__ import annotations

from itertools import combinations

import pytest

from bot.engine import GameState, IllegalChoice, RuleOptions, apply, new_game, pending, preview_settings
from bot.engine.invariants import violations
from bot.engine.letters.letter_deck import LETTER_DECK
from bot.engine.letters.parts import letters_board, letters_of, set_letters_board
from bot.engine.letters.secret_society import bonus_problems, ruby_places
from tests.engine.helpers import codes, give, kind, play, play_events
from tests.engine.letters.letters_helpers import done, edit, give_letters, quiet_letters
from tests.engine.mocha.core_helpers import step_onto

SOCIETY = 24


def at_society(*letters: tuple[int, bool], rules: RuleOptions | None = None, bonuses: tuple[int, ...] = ()) -> GameState:
    """Seat 0's merchant has just reached the Secret Society with these letters."""
    g = edit(quiet_letters(rules=rules))
    give_letters(g, 0, *letters)
    set_letters_board(g, society_bonuses=bonuses)
    return step_onto(done(g), SOCIETY)


def test_secret_society_pays_exactly_six_seals_for_a_ruby_and_three_lira() -> None:
    g = at_society((3, True), (5, True), (9, False), (10, False), (12, True))
    lira = g.players[0].lira
    g = play(g, "act")
    assert kind(g) == "society_letters"
    # exactly 6 of the 8 seals: the three delivered letters, or two delivered and both fronts
    assert codes(g) == ("p.0123", "p.014", "p.0234", "p.1234")
    g, events = play_events(g, "p.014")
    assert letters_of(g, 0) == ((9, False), (10, False))  # the delivered ones paid
    assert LETTER_DECK.discard(g) == ("l3", "l5", "l12")
    paid = [e.data for e in events if e.kind == "letters_paid"]
    assert paid == [{"letters": [[3, True], [5, True], [12, True]], "seals": 6, "why": "society"}]
    assert kind(g) == "society_ruby" and codes(g) == ("r.13", "r.16")
    sultan = g.board.sultan_rubies
    g, events = play_events(g, "r.13")
    assert g.players[0].rubies == 1 and g.board.sultan_rubies == sultan - 1
    assert g.players[0].lira == lira + 3
    assert letters_board(g).society_bonuses == (0,)
    assert [e.data for e in events if e.kind == "society_bonus"] == [{"lira": 3, "rank": 1}]
    assert violations(g) == []


def test_secret_society_not_offered_below_six_seals() -> None:
    g = at_society((3, True), (5, True), (9, False))
    assert "act" not in codes(g)
    d = pending(g)
    assert d is not None
    with pytest.raises(IllegalChoice):
        apply(g, d.player, d.decision_id, "act")


def test_e52_secret_society_offers_each_seal_wise_choice_once() -> None:
    """Equal letters (same place, same side) are one choice, whichever copy is named (E-52)."""
    g = play(at_society((9, False), (9, False), (3, True), (3, True), (5, True)), "act")
    assert codes(g) == ("p.0123", "p.0124", "p.234")
    labels = [o.label for o in pending(g).options]  # type: ignore[union-attr]
    assert labels[2] == "Pay delivered 3, 3, 5 (6 seals)"


def test_secret_society_refuses_a_set_not_offered_and_changes_nothing() -> None:
    g = play(at_society((9, False), (9, False), (3, True), (3, True), (5, True)), "act")
    d = pending(g)
    assert d is not None
    for code in ("p.013", "p.0134", "p.z", "l.0", "r.13"):
        with pytest.raises(IllegalChoice):
            apply(g, d.player, d.decision_id, code)
    assert letters_of(g, 0) == ((9, False), (9, False), (3, True), (3, True), (5, True))


def test_e52_secret_society_bonus_per_player_pays_each_player_once() -> None:
    g = at_society((3, True), (5, True), (12, True), bonuses=(0,))
    lira = g.players[0].lira
    g = play(g, "act", "r.16")
    assert g.players[0].rubies == 1
    assert g.players[0].lira == lira  # no bonus, and the ruby costs nothing but the letters
    assert letters_board(g).society_bonuses == (0,)


def test_secret_society_bonus_per_player_second_player_takes_two() -> None:
    g = at_society((3, True), (5, True), (12, True), bonuses=(1,))
    lira = g.players[0].lira
    g, events = play_events(play(g, "act"), "r.13")
    assert g.players[0].lira == lira + 2
    assert letters_board(g).society_bonuses == (1, 0)
    assert [e.data for e in events if e.kind == "society_bonus"] == [{"lira": 2, "rank": 2}]


def test_e52_secret_society_bonus_per_action_pays_a_player_again() -> None:
    g = at_society((3, True), (5, True), (12, True), rules=RuleOptions(secret_society_bonus_per="action"), bonuses=(0,))
    lira = g.players[0].lira
    g = play(g, "act", "r.13")
    assert g.players[0].lira == lira + 2
    assert letters_board(g).society_bonuses == (0, 0)
    assert violations(g) == []


def test_d32_secret_society_pays_nothing_after_the_third_bonus() -> None:
    g = at_society((3, True), (5, True), (12, True), rules=RuleOptions(secret_society_bonus_per="action"), bonuses=(1, 2, 1))
    lira = g.players[0].lira
    g = play(g, "act", "r.13")
    assert g.players[0].lira == lira and g.players[0].rubies == 1
    assert letters_board(g).society_bonuses == (1, 2, 1)


def test_secret_society_bonus_invariant_follows_the_rule_option() -> None:
    g = edit(quiet_letters())
    set_letters_board(g, society_bonuses=(0, 0))
    assert bonus_problems(g) == ["a player took two Secret Society bonuses: [0, 0]"]
    set_letters_board(g, society_bonuses=(0, 1, 2, 1))
    assert any("more than 3" in v for v in bonus_problems(g))
    action = edit(quiet_letters(rules=RuleOptions(secret_society_bonus_per="action")))
    set_letters_board(action, society_bonuses=(0, 0, 2))
    assert bonus_problems(action) == []


def test_e25_secret_society_last_ruby_of_a_track_is_refilled() -> None:
    g = at_society((3, True), (5, True), (12, True))
    g = edit(g)
    g.board.ruby_supply += g.board.sultan_rubies - 1  # all but one of the track's rubies taken earlier
    g.board.sultan_rubies = 1
    g = done(g)
    g, events = play_events(play(g, "act"), "r.13")
    assert g.board.sultan_rubies == 1  # the last ruby replaced from the supply (E-25)
    assert [e.data for e in events if e.kind == "ruby_refilled"] == [{"place": 13}]


def test_secret_society_many_letters_are_narrowed_letter_by_letter() -> None:
    """Fourteen different fronts make 3003 sets: the step first asks for letters surely paid."""
    places = (1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15)
    g = play(at_society(*[(p, False) for p in places]), "act")
    assert kind(g) == "society_letters"
    assert codes(g)[:3] == ("l.0", "l.1", "l.2") and all(c.startswith("l.") for c in codes(g))
    g = play(g, "l.3", "l.5", "l.7")
    assert all(c.startswith("l.") for c in codes(g))  # 3 more of 11: 165 sets, still too many
    g = play(g, "l.8")
    held = letters_of(g, 0)
    chosen = (3, 5, 7, 8)
    expected = {
        tuple(sorted(held[i] for i in (*chosen, *rest)))
        for k in range(1, 3)
        for rest in combinations([i for i in range(len(held)) if i not in chosen], k)
        if sum(2 if held[i][1] else 1 for i in (*chosen, *rest)) == 6
    }
    offered = [tuple(sorted(held[int(ch, 36)] for ch in c[2:])) for c in codes(g)]
    assert len(offered) == len(set(offered)) and set(offered) == expected and 0 < len(offered) <= 100
    g = play(g, codes(g)[0])
    paid = set(places) - {p for p, _ in letters_of(g, 0)}
    assert len(paid) == 6 and {4, 6, 9, 10} <= paid
    assert violations(g) == []


def test_e53_secret_society_ruby_from_the_coffee_house_in_the_great_bazaar() -> None:
    settings = preview_settings(players=3, expansions=("mocha", "letters"), layout="random")
    g = new_game(settings, ["red", "blue", "green"], 1)
    assert ruby_places(g) == [13, 16, 20]
    assert ruby_places(quiet_letters()) == [13, 16]


def test_society2_takes_the_secret_society_action_once_more() -> None:
    g = edit(quiet_letters())
    give(g, 0, "society2")
    give_letters(g, 0, (3, True), (5, True), (12, True), (1, True), (2, True), (4, True))
    g = step_onto(done(g), SOCIETY)
    assert "c.society2" in codes(g)
    g = play(g, "c.society2", "p.012", "r.13")  # the first of the sets (one choice each)
    assert g.players[0].rubies == 1 and kind(g) == "action"
    d = pending(g)
    assert d is not None and d.codes()[0] == "act"  # the repeat
    g = play(g, "act", "r.16")
    assert g.players[0].rubies == 2 and letters_of(g, 0) == ()
    assert letters_board(g).society_bonuses == (0,)  # one bonus per player (E-52)
    assert "society2" in g.discard and violations(g) == []


def test_secret_society_choices_can_be_taken_back_until_the_letters_are_paid() -> None:
    from bot.engine import can_undo, undo

    g = at_society((9, False), (9, False), (3, True), (3, True), (5, True))
    g = play(g, "act")
    assert kind(g) == "society_letters" and can_undo(g, 0)
    back, _ = undo(g, 0)
    assert kind(back) == "action" and "act" in codes(back)
    g = play(g, "p.234")  # letters handed in: public and final (an undo barrier)
    assert kind(g) == "society_ruby" and not can_undo(g, 0)


def test_e33_society2_is_not_offered_for_an_action_taken_from_afar() -> None:
    """The card wants the token that acts to stand on the Secret Society: a remote action (the
    Tavern's barrier, a guild card) never offers it."""
    from bot.engine.cards import REMOTE_TAGS
    from bot.engine.state import Step

    g = edit(quiet_letters())
    give(g, 0, "society2")
    give_letters(g, 0, (3, True), (5, True), (12, True), (1, True), (2, True), (4, True))
    tag = next(iter(sorted(REMOTE_TAGS)), "barrier")
    g.steps = (*g.steps[:-1], Step("action", 0, SOCIETY, 0, tag))
    g = done(g)
    assert "act" in codes(g) and "c.society2" not in codes(g)
