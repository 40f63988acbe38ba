"""Random playouts of Letters & Seals (issue 24, Tests): seeded games between uniform-random players
through the engine's public entry points (undo and forfeits now and then), every invariant checked
after every step (letters and kiosk tiles conserved by the deck counts, letters delivered, the
Secret Society's bonuses, the Courier and companions on the board, the module's own checks), the
step checks of every input (no second double move in a round), a sample of steps where every
offered option is tried, the replay of each game from its log, and the playout path following
the game (`playout.disagreement`).

The series is `config_for`'s with the module: games 0-31 and 480-511 meet every player count and
layout (first, random) with each value of the module's three rule options
(`companion_usable_on_placement_turn`, `secret_society_bonus_per`, `ls_bonus_deck`), and every
variant pairing with both. Most games stop after `DECISIONS` decisions; `WHOLE` are played to
their end (a random Letters game runs 1,000-3,000 turns), within the turn cap.

Random players seldom gather 6 seals, so a second series starts each seat with letters and Lira
and favours the module's codes: the Embassy, the Secret Society, the Courier, the double move.
"""

from __future__ import annotations

import random

import pytest

from bot.cli.playout import GameReport, check_game, config_for, game_seed
from bot.engine import (
    GameState,
    apply,
    can_undo,
    describe,
    new_game,
    pending,
    preview_settings,
    undo,
    validate,
)
from bot.engine.invariants import INVARIANTS, STEP_CHECKS, step_violations, violations
from bot.engine.letters.letter_deck import LETTER_DECK
from bot.engine.letters.parts import set_letters_player
from bot.engine.modules import in_play
from bot.engine.playout import Playout, disagreement
from tests.series import assert_clean

LETTERS = ("letters",)
SEED = 0
INDICES = (*range(0, 32), *range(480, 512))
CHUNKS = 4
DECISIONS = 220
WHOLE = (9, 494)  # 3 players on the first layout; 4 on a random one with the other rule values


def _play(index: int) -> GameReport:
    whole = index in WHOLE
    return check_game(
        config_for(index, SEED, LETTERS), game_seed(index, SEED), every=4 if whole else 1,
        option_sample=0.0 if whole else 0.03, turn_cap=5000, decision_cap=None if whole else DECISIONS,
        compare_playout=whole or index % 8 == 0,
    )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_letters_games_keep_the_invariants_and_replay(chunk: int) -> None:
    reports = [_play(i) for i in INDICES[chunk::CHUNKS]]
    assert_clean(reports)
    for r in reports:
        if r.seed in WHOLE:
            assert r.playout_agrees, f"seed {r.seed}: the playout path did not follow the whole game"


def test_the_letters_series_covers_every_combination() -> None:
    configs = [config_for(i, SEED, LETTERS) for i in INDICES]
    assert all(c.expansions == LETTERS for c in configs)
    rules = ("companion_usable_on_placement_turn", "secret_society_bonus_per", "ls_bonus_deck")
    for name in rules:
        values = {(c.players, c.layout, getattr(c.rules, name)) for c in configs}
        both = {True, False} if name.startswith("companion") else (
            {"player", "action"} if name.startswith("secret") else {"lsPlusBase", "lsOnly"}
        )
        assert values == {(p, layout, v) for p in (2, 3, 4, 5) for layout in ("first", "random") for v in both}
    variants = {(c.players, c.neutral_assistants, c.caravan_leader, c.rules.ls_bonus_deck) for c in configs}
    assert variants == {
        (p, assistants and p <= 4, leader, deck)
        for p in (2, 3, 4, 5)
        for assistants in (False, True)
        for leader in (False, True)
        for deck in ("lsPlusBase", "lsOnly")
    }
    whole = [config_for(i, SEED, LETTERS) for i in WHOLE]
    assert {c.layout for c in whole} == {"first", "random"}


def test_the_module_checks_are_in_play() -> None:
    from bot.engine.letters.letters_check import double_move_once_a_round, letters_problems
    from bot.engine.letters.secret_society import bonus_problems

    settings = config_for(0, SEED, LETTERS)
    assert "letters" in in_play(settings.expansions)
    assert {letters_problems, bonus_problems} <= set(INVARIANTS.active(settings))
    assert double_move_once_a_round in STEP_CHECKS.active(settings)
    assert letters_problems not in INVARIANTS.active(config_for(0))


def test_a_lost_letter_or_a_misplaced_token_breaks_an_invariant() -> None:
    g = new_game(config_for(1, SEED, LETTERS), ["red", "blue", "green"], 1)
    assert violations(g) == []
    lost = g.copy()
    LETTER_DECK.set_pile(lost, LETTER_DECK.pile(lost)[1:])
    assert "the letters deck is not conserved" in violations(lost)
    extra = g.copy()
    set_letters_player(extra, 0, letters=((9, False),))
    assert "the letters deck is not conserved" in violations(extra)
    late = g.copy()
    pile = list(LETTER_DECK.pile(g))
    pile.remove("l7")
    LETTER_DECK.set_pile(late, tuple(pile))
    set_letters_player(late, 0, letters=((7, False),))  # its merchant stands on the Fountain
    assert "seat 0 stands on place 7 with its letter for it undelivered" in violations(late)


# ---- games that favour the module's codes ----------------------------------------------------------

FAVOURED = ("cour", "c.society2", "p.", "l.", "r.")


def letter_rich(players: int, layout: str, seed: int, per: str) -> GameState:
    """A new game where every seat holds 5 letters (2 delivered) and 20 Lira."""
    from bot.engine import RuleOptions

    settings = preview_settings(
        players=players, expansions=LETTERS, layout=layout, rules=RuleOptions(secret_society_bonus_per=per)  # type: ignore[arg-type]
    )
    g = new_game(settings, ["red", "blue", "green", "yellow", "white"][:players], seed).copy()
    pile = [item for item in LETTER_DECK.pile(g) if item not in ("l1", "l7")]  # no token stands elsewhere yet
    rng = random.Random(seed)
    rng.shuffle(pile)
    for seat in range(players):
        mine = [pile.pop() for _ in range(5)]
        set_letters_player(g, seat, letters=tuple((int(item[1:]), i < 2) for i, item in enumerate(mine)))
        g.players[seat].lira = 20
    LETTER_DECK.set_pile(g, tuple(sorted([*pile, "l1", "l1", "l7", "l7"])))
    return validate(g, preview=True)


MODULE_EVENTS = ("letters_paid", "society_bonus", "double_move", "delivered", "relocate")


RICH_GAMES = ((2, "first", 0, "player"), (3, "random", 1, "action"), (4, "first", 2, "action"), (5, "random", 3, "player"))


def _favoured(g: GameState, codes: tuple[str, ...]) -> list[str]:
    """The module's codes among `codes`: moves to the Embassy, the Secret Society or the Courier,
    their actions, the Courier, the letters paid (but no double move and the Courier paid in
    Lira, mostly: the letters are kept for the Secret Society)."""
    from bot.engine.letters.parts import letters_board

    step = g.steps[-1]
    if step.kind in ("double_move", "cour_pay"):  # keep letters for the Secret Society, mostly
        return [c for c in codes if c in ("no", "pay")]
    goals = ("go.21", "go.24", f"go.{letters_board(g).courier}")
    return [
        c
        for c in codes
        if c.startswith(FAVOURED) or c in goals or (c == "act" and step.place in (21, 24))
    ]


def test_letter_rich_games_use_the_module_and_keep_every_invariant() -> None:
    seen: set[str] = set()
    for players, layout, seed, per in RICH_GAMES:
        g = letter_rich(players, layout, seed, per)
        rng = random.Random(seed)
        path = Playout(g)
        while (d := pending(g)) is not None and g.turns < 150:
            assert disagreement(path, g) is None
            favoured = _favoured(g, d.codes())
            code = rng.choice(favoured) if favoured and rng.random() < 0.8 else rng.choice(d.codes())
            before = g
            g, events = apply(g, d.player, d.decision_id, code)
            path.choose(code)
            assert step_violations(before, events, g) == []
            for e in events:
                if e.kind in MODULE_EVENTS:
                    seen.add(e.kind if e.kind != "relocate" else f"relocate.{e.data['token']}")
                    for viewer in (None, *range(players)):
                        line = describe(e, viewer)
                        assert line is not None and line.endswith("."), e
                if e.kind == "action" and e.data["place"] in (21, 24):
                    seen.add(f"action.{e.data['place']}")
                if e.kind == "letters_paid":
                    seen.add(f"paid.{e.data['why']}")
            assert violations(g) == [], code
            if can_undo(g, d.player) and rng.random() < 0.05:
                g, _ = undo(g, d.player)
                path = Playout(g)
                assert violations(g) == []
    wanted = {"double_move", "society_bonus", "action.21", "action.24", "relocate.courier", "delivered"}
    wanted |= {"paid.society", "paid.double_move", "paid.courier"}
    assert wanted <= seen, wanted - seen


def test_a_courier_or_companion_off_the_board_breaks_an_invariant() -> None:
    from bot.engine.letters.parts import set_letters_board

    g = new_game(config_for(1, SEED, LETTERS), ["red", "blue", "green"], 1)
    lost = g.copy()
    set_letters_board(lost, courier=25)  # the Catacombs: not on a Letters & Seals board
    assert "the Courier stands on 25, not a place of the board" in violations(lost)
    astray = g.copy()
    set_letters_player(astray, 2, companion=19)
    assert "seat 2's companion stands on 19, not a place of the board" in violations(astray)
