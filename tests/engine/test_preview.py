"""Where a choice leads: notes beside the options, from public information only (issue 20, item 4)."""

from __future__ import annotations

from bot.engine import apply, can_undo, determinize, forfeit_turn, pending, undo, validate, view
from bot.engine.preview import at_least, join_notes, previews, undo_refusal
from bot.engine.scoring import decided_by, result
from bot.engine.state import GameState
from tests.engine.helpers import give, play, quiet_game, reach
from tests.testkinds import base_position


def _notes(g: GameState) -> dict[str, str]:
    d = pending(g)
    assert d is not None
    return previews(view(g, d.player), d)


def test_a_move_names_the_merchants_to_pay_the_neutral_tokens_and_a_family_member_to_catch() -> None:
    """Red stands on the Fountain (7) of the in-order board; Blue's merchant and Green's family
    member wait on 3, the Governor on 3 and the Smuggler on 8."""
    g = quiet_game(players=3)
    g.players[1].merchant = 3
    g.players[2].family = 3
    g.board.governor = 3
    g.board.smuggler = 8
    g = validate(g)
    notes = _notes(g)
    assert notes["go.3"] == "pay 2 Lira (Blue); catch Green's family; the Governor"
    assert notes["go.8"] == "the Smuggler"
    assert "go.6" not in notes  # nothing waits there


def test_a_move_warns_when_the_fee_is_more_than_the_lira_or_no_assistant_is_left() -> None:
    g = quiet_game(players=3)
    g.players[1].merchant = 3
    g.players[0].lira = 1
    g = validate(g)
    assert _notes(g)["go.3"] == "pay 2 Lira (Blue), more than you have: your turn ends"
    g = g.copy()
    g.players[0].stack = ""
    g.players[0].assistants = (2, 6, 11, 16)
    g = validate(g)
    notes = _notes(g)
    assert notes["go.3"] == "no assistant to leave: your turn ends"
    assert notes["go.6"] == "your assistant waits"


def test_the_tea_house_calls_show_their_odds() -> None:
    g = reach(quiet_game(players=2), 9)
    notes = _notes(g)
    assert notes["n7"] == "dice alone reach 7: 58 %"
    assert notes["n12"] == "dice alone reach 12: 3 %"
    assert notes["n3"] == "dice alone reach 3: 97 %"


def test_the_black_market_shows_the_odds_of_jewelry() -> None:
    g = reach(quiet_game(players=2), 8)
    notes = _notes(g)
    assert notes["roll"] == "dice alone: 1 jewelry 31 %, 2 jewelry 19 %, 3 jewelry 8 %, none 42 %"
    assert notes["g.red"] == notes["roll"]


def test_the_odds_add_up() -> None:
    assert at_least(2) == 1 and round(at_least(7) * 36) == 21 and at_least(13) == 0


def test_notes_that_do_not_fit_end_in_plus_n_more() -> None:
    assert join_notes(["a" * 40, "b" * 40, "c" * 40], limit=95) == "a" * 40 + "; " + "b" * 40 + "; +1 more"
    assert join_notes(["a" * 40, "b" * 40, "c" * 40], limit=90) == "a" * 40 + "; +2 more"
    assert join_notes(["x" * 100], limit=90) == "+1 more"
    assert join_notes(["short", "fine"]) == "short; fine"


def test_the_notes_do_not_depend_on_hidden_cards() -> None:
    """Dealing the hidden parts again from a viewer's view gives the same notes."""
    g = quiet_game(players=3)
    give(g, 1, "good", "lira5")
    g.players[1].merchant = 3
    g = validate(g)
    d = pending(g)
    assert d is not None
    for seed in range(5):
        other = determinize(view(g, None), seed)
        assert previews(view(other, d.player), d) == previews(view(g, d.player), d)


def test_a_refused_undo_says_why() -> None:
    g = reach(quiet_game(players=2), 9)
    d = pending(g)
    assert d is not None
    g, events = apply(g, d.player, d.decision_id, "n7")
    assert not can_undo(g, d.player)
    assert undo_refusal(g, d.player, events) == "a die was rolled"
    g2 = quiet_game(players=2)
    g2 = play(g2, "go.3")
    assert can_undo(g2, 0)
    g3, evs = undo(g2, 0)
    assert not can_undo(g3, 0)
    assert undo_refusal(g3, 0, evs) == "you have made no choice to take back"


def test_a_refused_undo_names_the_player_who_chose_since() -> None:
    from bot.engine import Event

    g = quiet_game(players=2)
    log = [Event("input", 0, {"decision": 1, "code": "x.end"}), Event("turn", 1), Event("input", 1, {"decision": 2, "code": "go.3"})]
    assert undo_refusal(g, 0, log) == "Blue has chosen since your last choice"
    assert undo_refusal(g, 0, log[1:]) == "you have made no choice to take back"


def test_the_standings_name_what_decided_each_place() -> None:
    g = quiet_game(players=3)
    for p, (rubies, lira) in zip(g.players, [(3, 10), (3, 12), (2, 30)], strict=True):
        p.rubies, p.lira = rubies, lira
    g = validate(g)
    first, second, third = result(g)
    assert (first.seat, second.seat, third.seat) == (1, 0, 2)
    assert decided_by(first, second) == "Lira" and decided_by(second, third) == "rubies"
    assert decided_by(first, first) is None


def test_a_skipped_decision_in_someone_elses_turn_is_named_as_such() -> None:
    g = base_position("test_ask")
    g, events = apply(g, 0, g.decision_id, "ask")
    g, skipped = forfeit_turn(g, 1)  # seat 1's part: its pick and whether to use it
    log = [*events, *skipped]
    assert any(e.kind == "forfeit" and e.data.get("off_turn") for e in skipped)
    assert undo_refusal(g, 0, log) == "a decision was skipped"
