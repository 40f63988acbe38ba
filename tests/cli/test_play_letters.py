"""``python -m bot play --modules letters``: a whole Letters & Seals game in the terminal against
computer seats, and a hot-seat game whose Kiosk picks and auction bids (decisions of other seats
in the middle of someone's turn) are asked of the right person. The real command runs as a
subprocess on pipes (tests.cli.piped), and the database is read afterwards."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

from tests.cli.test_play_game import choices, game_row, log, piped, play, prompts


def seat_names(db: Path, game: int = 1) -> dict[int, str]:
    with sqlite3.connect(db) as conn:
        return dict(conn.execute("SELECT seat, name FROM seats WHERE game_id = ?", (game,)).fetchall())


def test_a_whole_letters_game_against_two_computers(tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    player = piped(db, "--modules", "letters", "--players", "3", "--humans", "1", "--seed", "5", "--no-images")
    assert not player.answer(timeout=600)  # to the end of the game
    done = player.finish()
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert out.splitlines()[0] == "Istanbul, game #1: Letters & Seals, 3 players, first layout."
    assert "Final standings (rubies, then Lira, goods and bonus cards break ties" in out
    assert len(re.findall(r"^  \d\. .+: \d+ rub(?:y|ies), ", out, re.M)) == 3
    assert game_row(db)[0] == "finished"
    events = log(db)
    kinds = {kind for kind, _, _ in events}
    assert {"kiosk_pick", "delivered"} <= kinds, sorted(kinds)
    asked = prompts(out)
    assert len(asked) == len(choices(events)) > 10
    assert {who for who, _, _ in asked} == {asked[0][0]}  # only the person is asked


def test_a_hot_seat_game_asks_each_kiosk_pick_and_bid_of_its_own_seat(tmp_path: Path) -> None:
    """Three people at one terminal: every question names the seat whose answer the log then
    records, the Kiosk's picks and the auction's bids of the seats not on turn included."""
    db = tmp_path / "istanbul.db"
    player = piped(db, "--modules", "letters", "--players", "3", "--humans", "3", "--seed", "7", "--no-images")
    player.answer(400, timeout=600)
    done = player.finish()
    assert done.returncode == 0, done.stderr
    names = seat_names(db)
    inputs = [(player_, json.loads(p)) for kind, player_, p in log(db) if kind == "input"]
    asked = prompts(done.stdout)
    assert len(asked) == len(inputs) + 1  # the last question is left unanswered
    assert [who for who, _, _ in asked[:-1]] == [names[seat] for seat, _ in inputs]
    turn, off_turn = -1, 0
    for kind, seat, _ in log(db):  # an input of a seat whose turn it is not: a pick or a bid
        if kind == "turn":
            turn = seat
        off_turn += kind == "input" and seat != turn
    assert off_turn, "no Kiosk pick or bid of a seat not on turn in the first 400 questions"


def test_b_and_h_in_a_letters_game(tmp_path: Path) -> None:
    """`:b` shows the module's places, the Courier, each player's letters and companion; `:h`
    answers for each place 21-24 by number."""
    db = tmp_path / "istanbul.db"
    lines = [":b", ":h 21", ":h 22", ":h 23", ":h 24", ":h k05", ":h c.letter", ":h courier", ":q"]
    done = play(db, "--modules", "letters", "--seed", "4", "--ai", "random", "--no-images",
                lines="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"^21 Embassy: letter pile \d+, discard \d+ \| 24 Secret Society: bonus 3, 2, 1 Lira$", out, re.M)
    assert re.search(r"^22 Kiosk: \d+ tiles in the pile$", out, re.M)
    assert "23 Auction House: no auction running" in out
    assert re.search(r"^Courier: at .+ \(\d+\)$", out, re.M)
    assert re.search(r"^   letters to ", out, re.M) or "Letters: none" in out
    for name in ("Embassy: ", "Kiosk: ", "Auction House: ", "Secret Society: ", "K05 ", "Courier: "):
        assert re.search(rf"^{name}", out, re.M), name
    assert "No rule text" not in out


def test_help_finds_every_letters_place_kiosk_tile_and_card() -> None:
    """Every place 21-24, every kiosk tile and every Letters & Seals bonus card has its own text
    behind `:h` (by number, tile code or card code)."""
    from bot import engine
    from bot.cli.play_text import help_lines
    from bot.engine.letters.data import LETTERS_BONUS_CARDS
    from bot.engine.letters.texts import KIOSK_NAMES
    from tests.letters_positions import letters_position

    view = engine.view(letters_position(), 0)
    topics = [str(n) for n in (21, 22, 23, 24)] + [t.lower() for t in KIOSK_NAMES] + [f"c.{c}" for c in LETTERS_BONUS_CARDS]
    assert len(topics) == 4 + 24 + len(LETTERS_BONUS_CARDS)
    answers: dict[str, str] = {}
    for topic in topics:
        (line,) = help_lines(view, 0, topic)
        assert not line.startswith("No rule text"), topic
        answers[topic] = line
    assert len({answers[t] for t in topics[:28]}) == 28  # each place and tile its own text
