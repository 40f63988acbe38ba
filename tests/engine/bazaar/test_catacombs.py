"""The Catacombs (place 25, issue 25 item 3; RULES-NOTES E-46, D-20, E-43, E-11, E-48): 1 good of
one's choice or 1 coffee, then the token that took the action goes to any other place, with no
action and no encounters there nor back at the Catacombs. Reached by every way the rules allow,
each under both values of `RuleOptions.catacombs_family_member_moves`."""

from __future__ import annotations

import pytest

from bot.engine import (
    Event,
    GameState,
    IllegalChoice,
    RuleOptions,
    apply,
    describe,
    forfeit_turn,
    pending,
    undo,
)
from bot.engine.catacombs import CatacombsMove
from bot.engine.letters.parts import letters_of, set_letters_player
from bot.engine.mocha.coffee import coffee_of
from bot.engine.mocha.parts import set_mocha_player
from bot.engine.playout import Playout
from tests.engine.bazaar.bazaar_helpers import done, edit, leave_assistant, quiet_bazaar
from tests.engine.helpers import codes, give, kind, play, play_events
from tests.engine.mocha.core_helpers import give_guild

CATACOMBS, POLICE, TAVERN, FOUNTAIN = 25, 12, 19, 7
EVERY_PLACE_BUT = [f"go.{q}" for q in range(1, 25)]
OPTION = pytest.mark.parametrize("family_moves", [False, True], ids=["family-stays", "family-moves"])


def game(family_moves: bool) -> GameState:
    return quiet_bazaar(rules=RuleOptions(catacombs_family_member_moves=family_moves))


def where_to(g: GameState) -> tuple[str, str]:
    """The Catacombs' step: (the token it moves, its prompt)."""
    d = pending(g)
    assert d is not None and d.kind == "catacombs"
    return g.steps[-1].tag, d.prompt


def kinds_of(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def move_of(events: list[Event]) -> Event:
    (move,) = [e for e in events if e.kind == "move"]
    return move


def governor_at(g: GameState, place: int) -> GameState:
    h = edit(g)
    h.board.governor = place
    h.players[0].lira = 20
    return done(h)


# ---- the action ----------------------------------------------------------------------------------


def test_the_action_is_a_good_of_ones_choice_or_a_coffee() -> None:
    g = leave_assistant(play(quiet_bazaar(), "go.25"))
    assert kind(g) == "action" and codes(g) == ("g.red", "g.green", "g.yellow", "g.blue", "g.coffee", "skip")
    blue = play(g, "g.blue")
    assert blue.players[0].goods == (0, 0, 0, 1) and coffee_of(blue, 0) == coffee_of(g, 0)
    coffee = play(g, "g.coffee")
    assert coffee.players[0].goods == (0, 0, 0, 0) and coffee_of(coffee, 0) == coffee_of(g, 0) + 1


def test_a_full_wheelbarrow_still_takes_the_action_and_says_the_good_is_lost() -> None:
    h = edit(quiet_bazaar())
    h.players[0].goods = (2, 2, 2, 2)
    g = leave_assistant(play(done(h), "go.25"))
    d = pending(g)
    assert d is not None and "lost" in d.options[0].label.lower()
    after = play(g, "g.red")
    assert after.players[0].goods == (2, 2, 2, 2) and kind(after) == "catacombs"


# ---- each way of reaching it, under both values of the rule option --------------------------------


@OPTION
def test_the_merchant_stack_that_stepped_in_moves_on_with_its_assistants(family_moves: bool) -> None:
    g = leave_assistant(play(game(family_moves), "go.25"))
    g = play(g, "g.red")
    token, prompt = where_to(g)
    assert token == "merchant" and "merchant stack" in prompt
    assert codes(g) == tuple(EVERY_PLACE_BUT)  # every place but the Catacombs, in number order
    stack = g.players[0].stack
    after, events = play_events(g, "go.24")
    assert after.players[0].merchant == 24 and after.players[0].stack == stack
    assert move_of(events).data == {"source": CATACOMBS, "target": 24, "how": "catacombs"}
    assert after.last_move is not None and (after.last_move.token, after.last_move.target) == ("merchant", 24)


@OPTION
def test_no_encounters_where_the_token_lands_nor_in_the_catacombs(family_moves: bool) -> None:
    h = edit(game(family_moves))
    h.board.governor = 24
    h.board.smuggler = CATACOMBS
    h.players[1].family = 24
    h.players[0].lira = 20
    g = play(leave_assistant(play(done(h), "go.25")), "g.red", "go.24")
    assert kind(g) == "after" and g.steps[-1].place == 0
    assert not {"gov", "smug"} & set(codes(g)) and not any(c.startswith("k") for c in codes(g))
    assert g.players[1].family == 24  # nobody caught
    assert play(g, "done").turn.player == 1


@OPTION
def test_the_companion_that_stepped_in_moves_on(family_moves: bool) -> None:
    h = edit(game(family_moves))
    set_letters_player(h, 0, companion=FOUNTAIN)
    h.players[0].merchant = 1
    g = play(done(h), "t.cm.25", "g.green")
    token, prompt = where_to(g)
    assert token == "companion" and "companion" in prompt
    assert "go.1" in codes(g) and "go.25" not in codes(g)  # the merchant's place is no bar to the companion
    after, events = play_events(g, "go.9")
    assert letters_of(after, 0) == () and after.players[0].merchant == 1
    from bot.engine.letters.parts import companion_place

    assert companion_place(after, 0) == 9
    assert move_of(events).data == {"source": CATACOMBS, "target": 9, "how": "catacombs", "token": "companion"}
    assert kind(after) == "after" and after.steps[-1].place == 0


def _police_station(family_moves: bool) -> GameState:
    """Seat 0's merchant at the Police Station sends the family member to the Catacombs and takes
    a good there; the Governor waits at the Police Station."""
    g = governor_at(game(family_moves), POLICE)
    g = leave_assistant(play(g, "go.12"))
    assert kind(g) == "action" and "f.25" in codes(g)
    return play(g, "f.25", "g.yellow")


def test_the_police_station_moves_the_active_token_by_default() -> None:
    g = _police_station(family_moves=False)
    assert where_to(g)[0] == "merchant"
    assert "go.12" not in codes(g) and "go.25" not in codes(g)  # where it stands, and the Catacombs
    after = play(g, "go.3")
    assert after.players[0].merchant == 3 and after.players[0].family == CATACOMBS
    assert kind(after) == "after" and after.steps[-1].place == 0 and "gov" not in codes(after)


def test_the_police_station_moves_the_family_member_under_the_option() -> None:
    g = _police_station(family_moves=True)
    assert where_to(g)[0] == "family" and "family member" in where_to(g)[1]
    after, events = play_events(g, "go.3")
    assert after.players[0].family == 3 and after.players[0].merchant == POLICE
    assert move_of(events).data["token"] == "family"
    assert kind(after) == "after" and after.steps[-1].place == POLICE and "gov" in codes(after)


def _tavern(family_moves: bool) -> GameState:
    """Seat 0 at the Tavern puts the Barrier beside the Catacombs and takes their action."""
    h = edit(governor_at(game(family_moves), TAVERN))
    set_mocha_player(h, 0, coffee=4)
    g = leave_assistant(play(done(h), "go.19"))
    return play(g, "barrier", "e.19.25", "g.red")


@OPTION
def test_the_tavern_barrier_moves_the_active_token(family_moves: bool) -> None:
    g = _tavern(family_moves)
    assert where_to(g)[0] == "merchant" and "go.19" not in codes(g)
    after = play(g, "go.1")
    assert after.players[0].merchant == 1 and after.players[0].family == POLICE
    assert kind(after) == "after" and after.steps[-1].place == 0 and "gov" not in codes(after)


@OPTION
def test_the_tavern_barrier_in_a_companion_turn_moves_the_companion(family_moves: bool) -> None:
    from bot.engine.letters.parts import companion_place

    h = edit(game(family_moves))
    set_mocha_player(h, 0, coffee=4)
    set_letters_player(h, 0, companion=4)  # beside the Tavern
    h.players[0].merchant = 1
    g = play(done(h), "t.cm.19", "barrier", "e.19.25", "g.red")
    assert where_to(g)[0] == "companion"
    after = play(g, "go.5")
    assert companion_place(after, 0) == 5 and after.players[0].merchant == 1


@OPTION
def test_guild_card_12_moves_the_merchant_stack(family_moves: bool) -> None:
    h = edit(game(family_moves))
    give_guild(h, 0, "g12")
    g = play(done(h), "c.g12", "p.25", "g.red")
    assert where_to(g)[0] == "merchant" and "go.7" not in codes(g)
    after = play(g, "go.3")
    assert after.players[0].merchant == 3 and after.turn.player == 1  # the guild turn is over


def _family_step(family_moves: bool) -> GameState:
    h = edit(game(family_moves))
    give(h, 0, "familystep")
    h.players[0].family = 3
    return play(done(h), "c.familystep", "go.25", "g.red")


def test_the_family_step_card_moves_the_merchant_stack_by_default() -> None:
    g = _family_step(family_moves=False)
    assert where_to(g)[0] == "merchant"
    after = play(g, "go.10")
    assert after.players[0].merchant == 10 and after.players[0].family == CATACOMBS


def test_the_family_step_card_moves_the_family_member_under_the_option() -> None:
    g = _family_step(family_moves=True)
    assert where_to(g)[0] == "family"
    after = play(g, "go.10")
    assert after.players[0].family == 10 and after.players[0].merchant == FOUNTAIN


# ---- letters, the Barrier, undo, forfeit, bad input, the story -------------------------------------


def test_a_letter_is_delivered_where_the_token_lands() -> None:
    from bot.engine.letters.letter_deck import LETTER_DECK, letter_item

    h = edit(quiet_bazaar())
    pile = list(LETTER_DECK.pile(h))
    pile.remove(letter_item(16))
    LETTER_DECK.set_pile(h, tuple(pile))
    set_letters_player(h, 0, letters=((16, False),))
    g = play(leave_assistant(play(done(h), "go.25")), "g.red")
    after, events = play_events(g, "go.16")
    assert letters_of(after, 0) == ((16, True),)
    assert "delivered" in kinds_of(events)


def test_the_barrier_does_not_stop_the_catacombs() -> None:
    from bot.engine.mocha.parts import set_mocha_board

    h = edit(quiet_bazaar())
    set_mocha_board(h, barrier=(3, 25), barrier_controller=1)
    g = play(leave_assistant(play(done(h), "go.25")), "g.red")
    assert codes(g) == tuple(EVERY_PLACE_BUT)  # a teleport (E-11): 3, beyond the Barrier, too
    assert play(g, "go.3").players[0].merchant == 3


def test_undo_takes_back_the_place_then_the_good() -> None:
    g = leave_assistant(play(quiet_bazaar(), "go.25"))
    taken = play(g, "g.red")
    moved = play(taken, "go.24")
    back, _ = undo(moved, 0)
    assert kind(back) == "catacombs" and back.players[0].merchant == CATACOMBS
    again, _ = undo(back, 0)
    assert kind(again) == "action" and again.players[0].goods == (0, 0, 0, 0)


def test_a_forfeit_takes_the_first_place() -> None:
    g = play(leave_assistant(play(quiet_bazaar(), "go.25")), "g.red")
    after, _ = forfeit_turn(g, 0)
    assert after.players[0].merchant == 1 and after.turn.player == 1


def test_a_place_not_offered_is_refused_and_changes_nothing() -> None:
    g = play(leave_assistant(play(quiet_bazaar(), "go.25")), "g.red")
    d = pending(g)
    assert d is not None
    for code in ("go.25", "go.26", "go.0", "go.x", "p.3", "f.3"):
        with pytest.raises(IllegalChoice):
            apply(g, 0, d.decision_id, code)
    assert pending(g) == d


def test_the_story_tells_the_move_and_that_nothing_happens_there() -> None:
    g = play(leave_assistant(play(quiet_bazaar(), "go.25")), "g.red")
    _, events = play_events(g, "go.24")
    lines = [describe(e, None) for e in events]
    assert "{seat:0} moved from Catacombs to Secret Society." in lines
    assert "{seat:0} came out of the Catacombs at Secret Society: no action and no encounters there." in lines


def test_the_playout_path_offers_the_same_codes() -> None:
    g = play(leave_assistant(play(quiet_bazaar(), "go.25")), "g.red")
    step = g.steps[-1]
    assert list(CatacombsMove().codes(g, step)) == [o.code for o in CatacombsMove().options(g, step)]
    p = Playout(g)
    assert list(p.codes() or ()) == list(codes(g))
