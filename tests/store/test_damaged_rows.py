"""A damaged row (issue 19, item 22): an event payload that is not JSON, or a snapshot that does
not validate, makes that one game fail in one line naming it, through the service and the local
commands; the other games keep working, and the damaged one can still be abandoned."""

from __future__ import annotations

import asyncio
import io
import sqlite3
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.service import GameService, errors
from tests.service.helpers import FakeClock, decider_user, decision, local_table


async def _two_games(svc: GameService) -> tuple[int, int]:
    first = await local_table(svc, people=2, seed=5)
    second = await local_table(svc, people=2, seed=6)
    for game in (first, second):
        for _ in range(4):
            game = await svc.load(game.id)
            await svc.submit(game.id, decider_user(game), decision(game).decision_id, decision(game).codes()[0])
    return first.id, second.id


def _break_event(path: Path, game_id: int, payload: str = "{not json") -> None:
    with sqlite3.connect(path) as conn:
        seq = conn.execute("SELECT MAX(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]
        conn.execute("UPDATE events SET payload = ? WHERE game_id = ? AND seq = ?", (payload, game_id, seq))


def _break_snapshot(path: Path, game_id: int) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE snapshots SET state = ? WHERE game_id = ?", ('{"players": "nobody"}', game_id))


@pytest.mark.parametrize(
    ("damage", "what"),
    [
        (_break_event, "of its log is not readable"),
        (lambda path, gid: _break_event(path, gid, "[1, 2]"), "of its log is not readable"),
        (_break_snapshot, "its saved position (after event 0) is not readable"),
    ],
)
async def test_a_damaged_row_fails_its_own_game_in_one_line_and_the_others_play_on(
    tmp_path: Path, damage: object, what: str
) -> None:
    path = tmp_path / "games.db"
    svc = await GameService.open(path, clock=FakeClock(), grace_seconds=0)
    try:
        broken, fine = await _two_games(svc)
        damage(path, broken)  # type: ignore[operator]
        svc._cache.clear()  # as after a restart
        calls: list[Callable[[int], Awaitable[object]]] = [svc.load, svc.lines, svc.replay]
        if "log" in what:  # reading the log alone meets the damaged event too
            calls.append(lambda gid: svc.last_choice_seq(gid, 0))
        for call in calls:
            with pytest.raises(errors.DamagedGame) as caught:
                await call(broken)
            message = str(caught.value)
            assert message.startswith(f"Game #{broken} cannot be loaded: ") and what in message and "\n" not in message
        game = await svc.load(fine)
        out = await svc.submit(fine, decider_user(game), decision(game).decision_id, decision(game).codes()[0])
        assert out.game.row.seq > game.row.seq and await svc.lines(fine)
        listed = {g.id: g for g in await svc.local_games()}
        assert listed[fine].problem == "" and listed[fine].round == 1
        assert listed[broken].problem.startswith(f"Game #{broken} cannot be loaded") and listed[broken].round is None
        gone = await svc.abandon(broken, "p0")  # the creator can still end it
        assert gone.row.status == "abandoned" and [g.id for g in await svc.local_games()] == [fine]
    finally:
        await svc.close()


def _cli_games(path: Path) -> tuple[int, int]:
    async def make() -> tuple[int, int]:
        svc = await GameService.open(path, clock=FakeClock(), grace_seconds=0)
        try:
            return await _two_games(svc)
        finally:
            await svc.close()

    return asyncio.run(make())


def test_play_resume_lists_a_damaged_game_and_continues_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.db"
    broken, fine = _cli_games(path)
    with sqlite3.connect(path) as conn:  # the damaged game is the most recently played one
        conn.execute("UPDATE games SET updated_at = updated_at + 100 WHERE id = ?", (broken,))
    _break_event(path, broken)
    monkeypatch.setattr(sys, "stdin", io.StringIO(":q\n"))
    assert main(["play", "--db", str(path), "--resume", "--no-images", "--ai", "random"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "Traceback" not in out
    assert f"  #{broken}: Ann, Bob | cannot be loaded: the database holds it damaged" in out
    assert f"Continuing game #{fine}." in out
    assert main(["play", "--db", str(path), "--resume", str(broken), "--no-images"]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"play: Game #{broken} cannot be loaded: event ")


def test_simulate_resume_skips_a_damaged_game_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    broken, fine = _cli_games(path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET updated_at = updated_at + 100 WHERE id = ?", (broken,))
    _break_snapshot(path, broken)
    assert main(["simulate", "--db", str(path), "--resume", "--steps", "2", "--ai", "random"]) == 0
    out, err = capsys.readouterr()
    assert err.strip().splitlines() == [
        f"Game #{broken} cannot be loaded: its saved position (after event 0) is not readable. "
        "The other games are not affected; the bot's admin can restore a backup. Skipped."
    ]
    assert out.startswith(f"Resuming game #{fine} in {path} after ")
