"""The engine's contract (`bot.engine` docstring): bad input, the JSON round trip, the generator
and its scripts, the log and replay, the setup (rulebook "Setup", RULES-NOTES E-57, E-58) and
the settings."""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from bot.engine import (
    INPUT_KINDS,
    EngineError,
    Event,
    GameSettings,
    GameState,
    IllegalChoice,
    NotYourDecision,
    RuleOptions,
    ScriptError,
    StaleDecision,
    apply,
    can_undo,
    forfeit_turn,
    from_json,
    new_game,
    pending,
    replay,
    set_chance_script,
    to_json,
    undo,
)
from bot.engine.components import COLOURS
from tests.engine.helpers import codes, decider, give, kind, play, quiet_game, to_discard
from tests.playable import playable_modules

# ---- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "id_shift", "code", "error"),
    [
        (1, 0, "go.2", NotYourDecision),
        (2, 0, "x.end", NotYourDecision),
        (0, -1, "a.leave", StaleDecision),
        (0, 1, "a.leave", StaleDecision),
        (0, 0, "nonsense", IllegalChoice),
        (0, 0, "go.99", IllegalChoice),
        (0, 0, "go.3", IllegalChoice),  # a move, but not offered at the assistant step
        (0, 0, "a.collect", IllegalChoice),  # no own assistant is there
        (0, 0, "c.lira5", IllegalChoice),  # a card the player does not hold
        (0, 0, "", IllegalChoice),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(seat: int, id_shift: int, code: str, error: type) -> None:
    """A choice that is not allowed raises its typed error with a readable sentence; the state
    given is left exactly as it was."""
    g = play(quiet_game(), "go.2")
    assert decider(g) == 0 and kind(g) == "assistant"
    before = to_json(g)
    with pytest.raises(error) as err:
        apply(g, seat, g.decision_id + id_shift, code)
    assert isinstance(err.value, EngineError)
    message = str(err.value)
    assert (message[0].isupper() or message[0] == "'") and message.endswith(".") and len(message) < 120
    assert "Traceback" not in message and "GameState" not in message
    assert to_json(g) == before
    g2 = play(g, "a.leave")  # the state still works
    assert g2.players[0].assistants == (2,)


def test_an_illegal_choice_names_the_code() -> None:
    """The message tells which code was refused."""
    g = quiet_game()
    with pytest.raises(IllegalChoice, match="go.16"):
        apply(g, 0, g.decision_id, "go.16")


# ---- JSON ---------------------------------------------------------------------------------------


def random_game(
    seed: int, players: int, decisions: int, rnd: random.Random, texts: list[str] | None = None
) -> tuple[GameState, list[Event], list[tuple[int, GameState]]]:
    """A random game with undos and forfeits mixed in; returns the state, the whole log and,
    before each input, the length of the log so far with the state at that moment (and, into
    `texts` if given, that state's JSON as it was then)."""
    settings = GameSettings(players=players, layout="random" if seed % 2 else "short")
    g = new_game(settings, list(COLOURS[:players]), seed)
    log: list[Event] = []
    snapshots: list[tuple[int, GameState]] = []
    for _ in range(decisions):
        snapshots.append((len(log), g))
        if texts is not None:
            texts.append(to_json(g))
        d = pending(g)
        if d is None:
            break
        r = rnd.random()
        undoers = [s for s in range(players) if can_undo(g, s)]
        if r < 0.12 and undoers:
            g, events = undo(g, undoers[0])
        elif r > 0.97:
            g, events = forfeit_turn(g, d.player)
        else:
            g, events = apply(g, d.player, d.decision_id, rnd.choice(d.codes()))
        assert events and events[0].kind in INPUT_KINDS
        assert all(e.kind not in INPUT_KINDS for e in events[1:])
        log += events
    return g, log, snapshots


def test_state_round_trips_through_json() -> None:
    """from_json(to_json(g)) == g all through a game, undo records and chance scripts included,
    and the restored state offers the same decision."""
    rnd = random.Random(7)
    g = set_chance_script(quiet_game(), dice=[(2, 5)], cards=["stay"])
    assert from_json(to_json(g)) == g
    settings = GameSettings(players=4, layout="long")
    g = new_game(settings, list(COLOURS[:4]), 11)
    seen_chain = seen_after_undo = 0
    for i in range(300):
        d = pending(g)
        if d is None:
            break
        back = from_json(to_json(g))
        assert back == g and pending(back) == d
        if g.undo is not None and len(g.undo.inputs) >= 2:
            seen_chain += 1
            g2, _ = undo(g, g.undo.player)
            assert g2.undo is not None and from_json(to_json(g2)) == g2
            seen_after_undo += 1
        if i % 3 == 0 and can_undo(g, d.player):
            g, _ = undo(g, d.player)
        else:
            g, _ = apply(g, d.player, d.decision_id, rnd.choice(d.codes()))
    assert seen_chain > 5 and seen_after_undo > 5


# ---- the generator ------------------------------------------------------------------------------


@pytest.mark.parametrize("scripted", [False, True])
def test_a_die_roll_advances_the_counter_by_one(scripted: bool) -> None:
    """Black Market: one roll of both dice is one outcome, scripted or not."""
    g = play(quiet_game(), "go.8", "a.leave")
    if scripted:
        g = set_chance_script(g, dice=[(6, 5)])
    counter = g.rng_counter
    g, events = apply(g, 0, g.decision_id, "g.red")
    dice = [e for e in events if e.kind == "dice"]
    assert len(dice) == 1 and g.rng_counter == counter + 1
    if scripted:
        assert dice[0].data["d"] == [6, 5] and g.players[0].goods == (1, 0, 0, 2)
        assert g.script_dice == ()


@pytest.mark.parametrize("scripted", [False, True])
def test_each_card_drawn_advances_the_counter_by_one(scripted: bool) -> None:
    """Caravansary: two cards from the face-down pile are two outcomes, scripted or not."""
    g = play(quiet_game(), "go.6", "a.leave")
    if scripted:
        g = set_chance_script(g, cards=["stay", "family"])
    counter = g.rng_counter
    g, events = apply(g, 0, g.decision_id, "act")
    drawn = [e.data["card"] for e in events if e.kind == "draw"]
    assert len(drawn) == 2 and g.rng_counter == counter + 2
    assert sorted(g.players[0].cards) == sorted(drawn) and len(g.draw_pile) == 26 - 2
    if scripted:
        assert drawn == ["stay", "family"] and g.script_cards == ()


def test_the_discard_piles_top_is_no_draw() -> None:
    """Taking the face-up top card at the Caravansary is no chance outcome: the counter stays."""
    g = quiet_game()
    to_discard(g, "stay")
    g = set_chance_script(play(g, "go.6", "a.leave", "act"), cards=["family"])
    counter = g.rng_counter
    g = play(g, "pile")
    assert g.rng_counter == counter + 1
    g = play(g, "top")
    assert g.rng_counter == counter + 1 and g.players[0].cards == ("family", "stay")


def test_the_same_counter_gives_the_same_roll() -> None:
    """Unscripted outcomes depend only on the seed and the counter: the same position rolls alike."""
    g = play(quiet_game(), "go.8", "a.leave")
    a, _ = apply(g, 0, g.decision_id, "g.red")
    b, _ = apply(g, 0, g.decision_id, "g.red")
    assert a == b


def test_a_scripted_card_not_in_the_pile_is_a_script_error() -> None:
    """Scripting a card nobody could draw raises ScriptError at the draw; the state is unchanged."""
    g = quiet_game()
    give(g, 1, "stay", "stay")
    g = set_chance_script(play(g, "go.6", "a.leave"), cards=["stay"])
    before = to_json(g)
    with pytest.raises(ScriptError, match="stay"):
        apply(g, 0, g.decision_id, "act")
    assert to_json(g) == before


def test_scripted_dice_must_be_dice() -> None:
    """A scripted die outside 1-6 is a ScriptError, raised at the roll; the state is unchanged."""
    g = set_chance_script(play(quiet_game(), "go.8", "a.leave"), dice=[(7, 1)])
    before = to_json(g)
    with pytest.raises(ScriptError):
        apply(g, 0, g.decision_id, "roll")
    assert to_json(g) == before


# ---- the log and replay -------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 5)])
def test_replay_reproduces_the_game(seed: int, players: int) -> None:
    """replay(settings, colours, seed, log) gives exactly the final state, also from a log that
    went through JSON, and any prefix of the log replays to the state at that point."""
    g, log, _ = random_game(seed, players, 500, random.Random(seed))
    colours = list(COLOURS[:players])
    assert replay(g.settings, colours, seed, log) == g
    stored = [Event.from_jsonable(json.loads(json.dumps(e.to_jsonable()))) for e in log]
    assert replay(g.settings, colours, seed, stored) == g
    kinds = {e.kind for e in log}
    assert {"input", "undo", "forfeit", "dice", "draw"} <= kinds


def test_replay_of_a_prefix() -> None:
    """Replaying the log up to an input gives exactly the state at that moment."""
    g, log, snapshots = random_game(6, 3, 150, random.Random(5))
    for length, state in snapshots[::25]:
        assert replay(g.settings, list(COLOURS[:3]), 6, log[:length]) == state


def test_replay_refuses_a_log_without_its_inputs() -> None:
    """A log whose first event is a chance outcome is not a log of this game."""
    g = quiet_game()
    with pytest.raises(ValueError, match="input"):
        replay(g.settings, list(COLOURS[:3]), 1, [Event("dice", 0, {"d": [1, 2]})])


# ---- setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_by_player_count(players: int) -> None:
    """Setup: Lira 2, 3, 4 ... by seat, one bonus card each, every merchant on the Fountain with
    four assistants, family members at the Police Station, the tracks filled by player count."""
    g = new_game(GameSettings(players=players), list(COLOURS[:players]), seed=players)
    assert [p.lira for p in g.players] == [2, 3, 4, 5, 6][:players]
    assert all(len(p.cards) == 1 for p in g.players) and len(g.draw_pile) == 26 - players
    assert all((p.merchant, p.stack, p.family, p.assistants) == (7, "oooo", 12, ()) for p in g.players)
    assert all((p.goods, p.rubies, p.extensions, p.mosque_tiles) == ((0,) * 4, 0, 0, ()) for p in g.players)
    b = g.board
    tiles = {2: (2, 4), 3: (2, 3, 4), 4: (2, 3, 4, 5), 5: (2, 3, 4, 5)}[players]
    assert b.mosque_tiles == (tiles,) * 4
    assert b.mosque_rubies == (min(players, 4),) * 2
    assert (b.wainwright_extensions, b.wainwright_rubies) == (3 * players, players)
    assert b.sultan_rubies == (6 if players <= 3 else 7)
    assert b.gemstone_rubies == {2: 9, 3: 10, 4: 12, 5: 12}[players]
    on_board = b.wainwright_rubies + sum(b.mosque_rubies) + b.sultan_rubies + b.gemstone_rubies
    assert b.ruby_supply == 42 - on_board
    assert (b.mail, g.discard, g.round, g.end_triggered, g.finished) == (0, (), 1, False, False)
    assert decider(g) == 0 and kind(g) == "move" and g.decision_id == 0


def test_governor_and_smuggler_start_on_2_to_12() -> None:
    """The Governor and the Smuggler are placed by a roll of two dice."""
    seen: set[int] = set()
    for seed in range(60):
        b = new_game(GameSettings(players=3), ["red", "blue", "green"], seed).board
        assert 2 <= b.governor <= 12 and 2 <= b.smuggler <= 12
        seen |= {b.governor, b.smuggler}
    assert len(seen) >= 8


def test_setup_follows_the_seed() -> None:
    """The same seed deals the same game; another seed another one."""
    a = new_game(GameSettings(players=4), list(COLOURS[:4]), 3)
    assert new_game(GameSettings(players=4), list(COLOURS[:4]), 3) == a
    others = [new_game(GameSettings(players=4), list(COLOURS[:4]), s) for s in range(4, 8)]
    assert any(o.players != a.players or o.board != a.board for o in others)


def test_colours_must_fit_the_seats() -> None:
    """One distinct colour of the box per seat."""
    with pytest.raises(ValueError):
        new_game(GameSettings(players=3), ["red", "blue"], 1)
    with pytest.raises(ValueError):
        new_game(GameSettings(players=2), ["red", "red"], 1)
    with pytest.raises(ValueError):
        new_game(GameSettings(players=2), ["red", "purple"], 1)


# ---- settings -----------------------------------------------------------------------------------


def test_settings_reject_expansions() -> None:
    """A module that has not landed is refused in one sentence (the Great Bazaar held unplayable,
    as it was before it landed); Mocha & Baksheesh and Letters & Seals have landed, each alone and
    together."""
    assert GameSettings(players=3, expansions=("mocha",)).expansions == ("mocha",)
    assert GameSettings(players=3, expansions=("letters",)).expansions == ("letters",)
    assert GameSettings(players=3, expansions=("mocha", "letters")).expansions == ("mocha", "letters")
    with playable_modules(("mocha", "letters"), False), pytest.raises(
        ValidationError, match="The Great Bazaar is not playable yet"
    ):
        GameSettings(players=3, expansions=("mocha", "letters"))


@pytest.mark.parametrize(
    "bad",
    [
        {"players": 3, "rules": {"no_such_rule": True}},
        {"players": 3, "rules": {"move_card_semantics": "teleport"}},
        {"players": 3, "turbo": True},
        {"players": 1},
        {"players": 6},
        {"players": 3, "layout": "spiral"},
    ],
)
def test_settings_reject_unknown_options(bad: dict[str, object]) -> None:
    """Unknown rule options, unknown settings and impossible values are refused."""
    with pytest.raises(ValidationError):
        GameSettings.model_validate(bad)


def test_settings_accept_the_rule_options() -> None:
    """The documented rule option of the base game is accepted and kept."""
    s = GameSettings(players=3, rules=RuleOptions(move_card_semantics="walk"))
    assert s.rules.move_card_semantics == "walk"
    assert GameSettings.model_validate_json(s.model_dump_json()) == s
    g = new_game(s, ["red", "blue", "green"], 1)
    assert from_json(to_json(g)).settings == s
    assert codes(g)


def test_the_option_rules_are_checked() -> None:
    """The playout invariants flag every breach of the option rules of the contract."""
    from bot.engine import Decision, Option
    from bot.engine.invariants import option_violations

    good = Decision(1, 0, "move", "Move.", (Option("go.2", "Move to 2"), Option("c.lira5", "Play", True)), "go.2")
    assert option_violations(good) == []
    bad = Decision(
        1, 0, "move", "Move.",
        tuple(Option(f"o{i}", "x") for i in range(98))
        + (Option("Go:2", "x"), Option("c.lira5", "Play"), Option("c.joker", "P", True), Option("o1", "y" * 81))
        + (Option("o99", "z"),)
        + tuple(Option(f"p{i}", "x", True) for i in range(100)),
        "nope",
    )
    found = " | ".join(option_violations(bad))
    for words in ("102 public", "101 private", "repeats a code", "default 'nope'", "'Go:2'", "'c.lira5'", "'c.joker'", "longer than 80"):
        assert words in found, words


@pytest.mark.parametrize("players", [2, 5])
def test_no_entry_point_changes_a_state_it_was_given(players: int) -> None:
    """apply, undo and forfeit_turn return new states and never change an earlier one (the engine
    shares untouched parts between states): every state of a random game, undos and forfeits
    included, still serialises at the end as it did when it was made."""
    texts: list[str] = []
    _, _, snapshots = random_game(players, players, 600, random.Random(players), texts)
    assert [to_json(state) for _, state in snapshots] == texts
