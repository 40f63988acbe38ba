"""``python -m bot play`` as a person would drive it from a script: a whole game against two computer
seats to the final standings, pictures, bad lines, the commands, the end of the input, a kill in
the middle and the resume. Each test runs the real command as a subprocess with piped input on a
real SQLite file, and reads the database afterwards to check what was (and was not) applied."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.play import main as play_main
from bot.engine.texts import CARD_TEXTS, PLACE_TEXTS
from tests.cli.piped import Piped

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
PROMPT_RE = re.compile(r"^(\w+), choose (.+?) \(:h for help\) > (.*)$", re.MULTILINE)
Log = list[tuple[str, int | None, str]]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DB_PATH")}
    env["PYTHONPATH"] = str(REPO_ROOT)
    return env


def _command(db: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "bot", "play", "--db", str(db), *args]


def play(db: Path, *args: str, lines: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run the command with `lines` on its standard input (not a terminal)."""
    return subprocess.run(
        _command(db, *args), input=lines, capture_output=True, text=True, timeout=timeout,
        cwd=db.parent, env=_env(), check=False,
    )


def piped(db: Path, *args: str) -> Piped:
    """The command on pipes, answering each question with its first option (`tests.cli.piped`)."""
    return Piped(_command(db, *args), db.parent, _env())


def log(db: Path, game: int = 1) -> Log:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT kind, player, payload FROM events WHERE game_id = ? ORDER BY seq", (game,))
        return [(kind, player, payload) for kind, player, payload in rows]


def game_row(db: Path, game: int = 1) -> tuple[str, int, int]:
    """(status, decision id, seq) of a game."""
    with sqlite3.connect(db) as conn:
        status, decision, seq = conn.execute(
            "SELECT status, decision_id, seq FROM games WHERE id = ?", (game,)
        ).fetchone()
    return status, decision, seq


def choices(events: Log, seat: int = 0) -> list[str]:
    """The codes a seat chose, in order."""
    return [json.loads(p)["code"] for kind, player, p in events if kind == "input" and player == seat]


def prompts(out: str) -> list[tuple[str, str, str]]:
    """Every question asked: (who, the numbers offered, the line answered)."""
    return PROMPT_RE.findall(out)


def test_a_whole_game_against_two_computers_reaches_the_final_standings(tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    player = piped(db, "--players", "3", "--humans", "1", "--seed", "11", "--no-images")
    assert not player.answer()  # to the end of the game
    done = player.finish()
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "Final standings (rubies, then Lira, goods and bonus cards break ties):" in out
    standings = re.findall(
        r"^  (\d)\. (.+): (\d+) rub(?:y|ies), (\d+) Lira, (\d+) goods?, (\d+) bonus cards? \((.+)\)$", out, re.M
    )
    assert len(standings) == 3 and standings[0][0] == "1"
    keys = [tuple(int(x) for x in row[2:6]) for row in standings]
    assert keys == sorted(keys, reverse=True)  # ordered by rubies, then each tie-breaker
    # each place says the count that decided it, against the next player down (the last: up)
    for i, row in enumerate(standings):
        if keys.count(keys[i]) > 1:
            assert row[6] == "tied on every count"
            continue
        other = keys[i + 1] if i + 1 < len(keys) else keys[i - 1]
        k = next(k for k in range(4) if keys[i][k] != other[k])
        word = ("rubies", "Lira", "goods", "bonus cards")[k]
        assert row[6] == f"{'ahead' if keys[i][k] > other[k] else 'behind'} on {word} {keys[i][k]}–{other[k]}", row
    assert max(k[0] for k in keys) >= 5  # someone reached the ruby target
    assert re.search(r"The game's seed was 11\.", out)
    status, _, _ = game_row(db)
    assert status == "finished"
    # Every question was answered by exactly one accepted choice of the person's seat (seat 0 with
    # a seed), and the computers' turns were told before the person's decisions.
    asked = prompts(out)
    assert len(asked) == len(choices(log(db))) > 10
    assert {who for who, _, _ in asked} == {asked[0][0]}
    assert "Computer Ada moved from" in out and "Computer Bruno" in out
    assert not (tmp_path / "images").exists()


def test_pictures_are_written_next_to_the_database_and_rewritten(tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    done = play(db, "--seed", "3", "--ai", "random", lines="1\n" * 12)
    assert done.returncode == 0, done.stderr
    colour = prompts(done.stdout)[0][0].lower()
    turn, cards = tmp_path / "images" / "game-1-turn.png", tmp_path / "images" / f"game-1-cards-{colour}.png"
    for path in (turn, cards):
        assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"), path
        assert done.stdout.count(str(path)) == 1  # the path is printed once
    assert sorted(p.name for p in (tmp_path / "images").iterdir()) == sorted([turn.name, cards.name])
    # --images puts them elsewhere; --resume draws the position it continues from
    other = tmp_path / "pictures"
    again = play(db, "--resume", "--ai", "random", "--images", str(other), lines=":q\n")
    assert again.returncode == 0, again.stderr
    assert (other / "game-1-turn.png").read_bytes().startswith(b"\x89PNG")


def test_bad_lines_are_answered_and_the_same_question_is_asked_again(tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    bad = ["0", "99", "zz", "", "   ", ":x", "go.99", "x.end", ":", "-1"]
    done = play(db, "--seed", "4", "--ai", "random", "--no-images", lines="\n".join([*bad, "go.2", ":q"]) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    asked = prompts(done.stdout)
    first = asked[0][:2]
    assert [a[:2] for a in asked[: len(bad) + 1]] == [first] * (len(bad) + 1)  # the same question each time
    answers = [
        "There is no place 0 here", "There is no place 99 here", "'zz' is not one of the options here",
        "Type a place number or letter a, an option's code", "Type a place number or letter a", "Unknown command ':x'",
        "'go.99' is not one of the options here", "'x.end' is not one of the options here", "Unknown command ':'",
        "'-1' is not one of the options here",
    ]
    out = done.stdout
    for answer in answers:
        assert answer in out
        out = out[out.index(answer) + len(answer):]  # in this order, each once per bad line
    assert choices(log(db)) == ["go.2"]  # the code was accepted; nothing else was applied
    status, _, seq = game_row(db)
    assert status == "active" and seq == len(log(db))


def test_in_a_choice_of_places_the_key_is_the_place_number(tmp_path: Path) -> None:
    """Issue 20, item 5: at the first move (seed 4) typing 9 moves to the Tea House, not to the
    9th place listed (the Police Station); the card played instead of moving has a letter; a place
    not offered is refused by its number; a choice that is not of places keeps 1, 2, 3..."""
    db = tmp_path / "istanbul.db"
    done = play(db, "--seed", "4", "--ai", "random", "--no-images", lines="13\n9\n2\n:q\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"^   9\. Move to Tea House \(9\) +go\.9\b", out, re.M)
    assert re.search(r"^  12\. Move to Police Station \(12\) +go\.12\b", out, re.M)
    assert re.search(r"^   a\. Play the “Stay where you are” card +c\.stay$", out, re.M)
    assert "Green, choose a place number or letter a (:h for help) > 13\nThere is no place 13 here" in out
    assert "Green moved from Fountain to Tea House." in out
    assert "+-----" not in out  # piped: no board unless :b asks for it
    assert re.search(r"^  1\. Leave an assistant here +a\.leave$", out, re.M)
    assert choices(log(db))[:2] == ["go.9", "x.end"]


def test_a_refused_undo_shows_the_services_reason(tmp_path: Path) -> None:
    """Issue 20, item 4: after the Tea House dice were rolled, :u is refused with the service's
    own sentence (which says why), word for word, and nothing changes."""
    from bot.service import GameService
    from bot.service.errors import ServiceError

    db = tmp_path / "istanbul.db"
    done = play(db, "--seed", "4", "--ai", "random", "--no-images", lines="9\n1\nn7\n:u\n:q\n")
    assert done.returncode == 0, done.stderr
    assert "Green rolled " in done.stdout
    shown = done.stdout.split("(:h for help) > :u\n", 1)[1].splitlines()[0]
    before = log(db)

    async def refusal() -> str:
        svc = await GameService.open(db)
        try:
            await svc.undo(1, "local:green")
        except ServiceError as exc:
            return str(exc)
        finally:
            await svc.close()
        raise AssertionError("the undo was accepted")

    assert shown == asyncio.run(refusal())
    assert log(db) == before and [k for k, _, _ in before].count("undo") == 0


def test_commands_undo_log_standings_help_and_quit(tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    lines = ["2", ":l", ":u", ":u", ":s", ":h", ":h sultan2", ":h 13", ":h topics", ":h nonsense", "3", ":q", "1"]
    done = play(db, "--seed", "4", "--ai", "random", "--no-images", lines="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    name = prompts(out)[0][0]
    assert f"Recent moves:\n  {name} moved from Fountain to Fabric Warehouse." in out
    assert f"{name} took back a choice." in out
    assert "There is nothing you can take back now." in out  # the second :u: back at the start
    assert re.search(r"Standings now \(rubies, then Lira.*\n  1\. ", out)
    assert "Commands: :u takes back" in out and f"Here: Fountain: {PLACE_TEXTS[7]}" in out
    assert CARD_TEXTS["sultan2"] in out and PLACE_TEXTS[13] in out
    assert "Topics: Wainwright, Fabric Warehouse" in out
    assert "No rule text for 'nonsense'" in out
    assert f"Game #1 is saved. Continue it with: {os.path.abspath(sys.executable)} -m bot play --resume 1 --db {db}" in out
    assert prompts(out)[-1][2] == ":q"  # the line after :q was never read
    events = log(db)
    assert choices(events) == ["go.2", "go.3"]
    assert [kind for kind, _, _ in events if kind == "undo"] == ["undo"]
    assert game_row(db)[0] == "active"


def test_end_of_input_saves_and_resume_continues_the_newest_or_the_named_game(tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    first = play(db, "--seed", "5", "--ai", "random", "--no-images", lines="1\n1\n")
    assert first.returncode == 0, first.stderr
    assert "The input ended. Game #1 is saved." in first.stdout
    assert len(choices(log(db, 1))) == 2
    second = play(db, "--seed", "6", "--ai", "random", "--no-images", lines="2\n")
    assert second.returncode == 0 and len(choices(log(db, 2))) == 1
    # piped: the most recently played game, after the list
    newest = play(db, "--resume", "--ai", "random", "--no-images", lines="1\n")
    assert newest.returncode == 0, newest.stderr
    assert re.search(r"Unfinished local games in .*\n  #2: .*round 1.*\n  #1: ", newest.stdout)
    assert "Continuing game #2." in newest.stdout
    assert len(choices(log(db, 2))) == 2 and len(choices(log(db, 1))) == 2
    # --resume ID: that game; it tells what happened since that person's last choice
    named = play(db, "--resume", "1", "--ai", "random", "--no-images", lines="1\n")
    assert named.returncode == 0 and "Continuing game #1." in named.stdout
    assert len(choices(log(db, 1))) == 3
    assert re.search(r"Continuing game #1\.\n(.*\n)+\w+ left an assistant", named.stdout)
    missing = play(db, "--resume", "9", "--no-images")
    assert missing.returncode == 1
    assert "There is no unfinished local game #9" in missing.stderr and "(unfinished: #1, #2)" in missing.stderr
    nothing = play(tmp_path / "other.db", "--resume")
    assert nothing.returncode == 1 and "There is no unfinished local game in" in nothing.stderr
    assert not (tmp_path / "other.db").exists()


def test_a_killed_game_resumes_from_the_last_accepted_choice(tmp_path: Path) -> None:
    """The same seeded game, once straight through N answers and once killed (SIGKILL) in the
    middle and resumed with the answers not yet accepted: the two logs are identical, so nothing
    was lost and nothing applied twice."""
    answers = 90
    straight = tmp_path / "straight.db"
    player = piped(straight, "--seed", "8", "--ai", "random", "--no-images")
    assert player.answer(answers)
    done = player.finish()
    assert done.returncode == 0, done.stderr
    expected = log(straight)
    assert len(choices(expected)) == answers

    db = tmp_path / "killed.db"
    child = piped(db, "--seed", "8", "--ai", "random", "--no-images")
    assert child.answer(30)
    child.answer(1, timeout=60)  # the 31st question is asked (the 30th answer was taken), and answered
    os.kill(child.proc.pid, signal.SIGKILL)  # at once: the answer may or may not have been applied
    child.proc.wait(timeout=30)
    assert child.proc.returncode == -signal.SIGKILL
    child.finish()

    partial = log(db)
    accepted = len(choices(partial))
    assert 30 <= accepted <= 31
    assert partial == expected[: len(partial)]  # a prefix: no half-applied or doubled choice
    resumed = piped(db, "--resume", "--ai", "random", "--no-images")
    assert resumed.answer(answers - accepted)
    assert resumed.finish().returncode == 0
    assert log(db) == expected
    assert game_row(db) == game_row(straight)


def test_resume_starts_a_game_that_was_left_in_its_lobby(tmp_path: Path) -> None:
    """A run stopped between creating the table and dealing leaves a local lobby: --resume seats
    the missing people and starts it with its own options."""
    from bot.service import GameService

    db = tmp_path / "istanbul.db"

    async def leave_a_lobby() -> None:
        svc = await GameService.open(db)
        try:
            await svc.create_lobby(
                creator="local:red", creator_name="Red", origin="local", colour="red",
                options={"seats": 4, "computers": 2, "layout": "in_order"},
            )
        finally:
            await svc.close()

    asyncio.run(leave_a_lobby())
    player = piped(db, "--resume", "--ai", "random", "--no-images")
    assert player.answer(1)
    done = player.finish()
    assert done.returncode == 0, done.stderr
    assert re.search(r"  #1: Red \| not started \| last move ", done.stdout)
    assert "Istanbul, game #1: 4 players, in_order layout." in done.stdout
    assert len(re.findall(r", at this keyboard$", done.stdout, re.M)) == 2
    assert game_row(db)[0] == "active"
    assert sum(1 for kind, _, _ in log(db) if kind == "input") >= 1  # the line was a choice


def test_bad_command_lines_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "istanbul.db"
    for args, message in [
        (["--humans", "4"], "--humans must be between 0 and the number of players (3)"),
        (["--humans", "-1"], "--humans must be between 0 and the number of players (3)"),
        (["--players", "6"], "invalid settings: players"),
        (["--variant", "nope"], "unknown variant 'nope'"),
        (["--rule", "nope=1"], "unknown rule 'nope'"),
        (["--ai", "clever"], "invalid choice: 'clever'"),
        (["--players", "5", "--variant", "neutral_assistants"], "invalid settings"),
        (["--resume", "x"], "invalid int value: 'x'"),
    ]:
        assert play_main(["--db", str(db), *args]) == 2, args
        out, err = capsys.readouterr()
        assert err.startswith("play: ") and message in err, (args, err)
        assert len(err.strip().splitlines()) == 1 and out == ""
    assert not db.exists()


def test_help_documents_the_commands_scripting_and_resume(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        play_main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())  # the help is wrapped to the terminal's width (issue 19, item 17)
    for text in ("--humans", "--ai PLAYER", "greedy (default), random or strong", "--no-images", "--images DIR", "--resume [ID]", "--rule",
                 ":u undo", "with piped input, the most recently played", "exits 0"):
        assert text in flat, text
