"""``python -m bot play --modules mocha,letters``: a whole Great Bazaar game in the terminal against
computer seats, a hot-seat game whose picks of other seats are asked of the right person, `:b` and
`:h` for the Catacombs, a layout the game does not allow refused, and the keys typed at every
Great Bazaar decision distinct and readable (the Movement tile beside the move, the Barrier's 40
edges on 5x5). The real command runs as a subprocess on pipes (tests.cli.piped)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import bot.cli.board_text  # noqa: F401  (registers the modules' keys)
from bot.cli.play_input import Bad, Pick, keys_hint, option_keys, read_answer
from bot.engine import Decision, Option, apply, new_game, pending
from bot.engine.bazaar import CATACOMBS
from bot.engine.settings import GameSettings
from tests.cli.commands import run_main
from tests.cli.keys_check import checked_keys
from tests.cli.test_play_game import choices, game_row, log, piped, play, prompts
from tests.cli.test_play_letters import seat_names

GREAT_BAZAAR = ("--modules", "mocha,letters")


def test_a_whole_great_bazaar_game_against_a_computer(tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    player = piped(db, *GREAT_BAZAAR, "--players", "2", "--humans", "1", "--seed", "5", "--no-images")
    assert not player.answer(timeout=900)  # to the end of the game
    done = player.finish()
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert out.splitlines()[0] == "Istanbul, game #1: The Great Bazaar, 2 players, random layout."
    assert len(re.findall(r"^  \d\. .+: \d+ rub(?:y|ies), ", out, re.M)) == 2
    assert game_row(db)[0] == "finished"
    events = log(db)
    asked = prompts(out)
    assert len(asked) == len(choices(events)) > 10
    assert {who for who, _, _ in asked} == {asked[0][0]}  # only the person is asked


def test_a_hot_seat_great_bazaar_game_asks_each_off_turn_pick_of_its_own_seat(tmp_path: Path) -> None:
    """Three people at one terminal: every question names the seat whose answer the log records,
    the Kiosk's picks and the auction's bids of the seats not on turn included."""
    db = tmp_path / "istanbul.db"
    player = piped(db, *GREAT_BAZAAR, "--players", "3", "--humans", "3", "--seed", "7", "--no-images")
    player.answer(500, timeout=900)
    done = player.finish()
    assert done.returncode == 0, done.stderr
    names = seat_names(db)
    inputs = [(seat, json.loads(p)) for kind, seat, p in log(db) if kind == "input"]
    asked = prompts(done.stdout)
    assert len(asked) == len(inputs) + 1  # the last question is left unanswered
    assert [who for who, _, _ in asked[:-1]] == [names[seat] for seat, _ in inputs]
    turn, off_turn = -1, 0
    for kind, seat, _ in log(db):
        if kind == "turn":
            turn = seat
        off_turn += kind == "input" and seat != turn
    assert off_turn, "no question of a seat not on turn in the first 500"


def test_b_and_h_show_the_catacombs(tmp_path: Path) -> None:
    """`:b` has the 5x5 grid with the Catacombs and what they do; `:h 25` and `:h catacombs` give
    their rule, naming both values of the table's choice for a family member sent there."""
    db = tmp_path / "istanbul.db"
    lines = [":b", ":h 25", ":h catacombs", ":q"]
    done = play(db, *GREAT_BAZAAR, "--players", "5", "--seed", "4", "--ai", "random", "--no-images",
                lines="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    grid = [line for line in out.splitlines() if line.startswith("+---")]
    assert grid and all(line.count("+") == 6 for line in grid)  # five cells a row
    assert re.search(r"\|25 Catacombs +\|", out)
    assert "25 Catacombs: take 1 good or 1 coffee;" in out
    rules = [line for line in out.splitlines() if line.startswith("Catacombs: Take 1 good of your choice or 1 coffee.")]
    assert len(rules) == 2, out[-2000:]
    assert all("never the family member" in r and "a family member sent here moves on instead" in r for r in rules)


def test_the_catacombs_rule_option_is_typed_on_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    done = play(db, *GREAT_BAZAAR, "--rule", "catacombs_family_member_moves=true", "--seed", "4", "--ai", "random",
                "--no-images", lines=":b\n:q\n")
    assert done.returncode == 0, done.stderr
    assert "a family member sent there too, moves to any place" in done.stdout


def test_a_layout_the_great_bazaar_does_not_allow_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "simulate", *GREAT_BAZAAR, "--layout", "first")
    assert code == 2 and out == ""
    assert err == ("simulate: invalid settings: The Great Bazaar is played on a random layout, "
                   "not on the first-game layout.\n")


def _decision(kind: str, *options: tuple[str, str]) -> Decision:
    return Decision(1, 0, kind, "?", tuple(Option(code, label) for code, label in options), options[0][0])


def test_the_movement_tiles_line_and_the_move_to_one_place_have_their_own_keys() -> None:
    d = _decision("move", ("go.9", "Move to Tea House (9)"), ("t.mv.9", "Movement tile: straight to Tea House (9)"),
                  ("go.4", "Move to Fruit Warehouse (4)"))
    assert option_keys(d) == ("9", "m9", "4")
    assert read_answer("m9", d) == Pick("t.mv.9") and read_answer("9", d) == Pick("go.9")
    assert keys_hint(option_keys(d)) == "place 9 or 4 or Movement tile m9"


def test_the_barriers_edges_are_typed_as_two_place_numbers() -> None:
    d = _decision("barrier", ("e.1.5", "1 Wainwright | 5 Post Office"), ("e.1.11", "1 Wainwright | 11 Small Market"),
                  ("e.5.8", "5 Post Office | 8 Black Market"))
    assert option_keys(d) == ("1-5", "1-11", "5-8")
    assert read_answer("5-8", d) == Pick("e.5.8")
    assert keys_hint(option_keys(d)) == "edge 1-5, 1-11 or 5-8"
    answer = read_answer("5", d)
    assert isinstance(answer, Bad) and "1-5" in answer.answer


def test_every_great_bazaar_decision_has_distinct_readable_keys() -> None:
    """Seeded random Great Bazaar games at 2, 4 and 5 players: at every decision no two options share
    a key, each key picks its own option, and no option that names a place is keyed by a letter
    or its raw code (the Barrier's 40 edges on 5x5 included)."""
    seen: set[str] = set()
    for seed in (0, 2, 3):
        rng, players = random.Random(seed), 2 + seed % 4
        settings = GameSettings(players=players, expansions=("mocha", "letters"))
        g = new_game(settings, ["red", "blue", "green", "yellow", "white"][:players], seed)
        for _ in range(2500):
            d = pending(g)
            if d is None:
                break
            keys = checked_keys(d)
            for key, option in zip(keys, d.options, strict=True):
                assert key != option.code or "." not in key, (d.kind, key)
                if option.code.startswith(("e.", "go.", "t.mv.", "t.cm.")):
                    assert not key.isalpha(), (d.kind, option.code, key)
            if d.kind == "barrier":
                seen.add("barrier")
            if any(c.startswith("t.mv.") for c in d.codes()):
                seen.add("movement")
            if any(c == f"go.{CATACOMBS}" for c in d.codes()):
                seen.add("catacombs")
            g, _ = apply(g, d.player, d.decision_id, rng.choice(d.codes()))
    assert {"barrier", "catacombs"} <= seen, seen
