"""Crash safety: a process playing several games through the service is killed with SIGKILL at
random moments; after every kill each game loads, equals the replay of its log, has a log of
consecutive events matching its seq (no half-applied choice), and the next run carries on from
where the killed one stopped.

Run as a script, this file is the child: ``python test_crash.py DB`` plays GAMES games to the end,
one asyncio task per game over the one service, every choice drawn from the game's seed and the
log position (so the games play out the same however often they are interrupted). It prints
"ready" once the service is open and "move" after each accepted choice, undo or computer turn:
the kills are timed by these marks, not by the clock, so a loaded machine changes where the
kills land in the games, never whether the runs get anything done."""

from __future__ import annotations

import asyncio
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import aclosing
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = [  # (seats, computers) per game
    (2, 0),
    (3, 1),
    (2, 1),
]
UNDO_RATE = 0.05
KILLS = 22
START_KILLS = 5  # every fifth kill lands while the child starts (imports, migrations, creating the games)
MOVES_BEFORE_KILL = (1, 40)  # else it lands after this many accepted moves (at random), and a pause
MOVES_AFTER_COPY = 30
PATIENCE = 300.0  # seconds: only a hang waits this long for the child's next mark
Log = list[tuple[int, str, int | None, str]]


# --- the child -------------------------------------------------------------------------------


async def _child(db: Path) -> None:
    from bot import engine
    from bot.service import GameService

    svc = await GameService.open(db, grace_seconds=0)
    print("ready", flush=True)
    try:
        # the games are created one after the other: the k-th by id is GAMES[k]
        rows = sorted(await svc.games(("lobby", "active", "finished", "abandoned")), key=lambda r: r.id)
        ids = []
        for index, (seats, computers) in enumerate(GAMES):
            if index < len(rows):
                game = await svc.load(rows[index].id)
            else:
                game = await svc.create_lobby(
                    creator="local:P1", creator_name="P1", origin="local",
                    options={"seats": seats, "computers": computers},
                )
            if game.row.status == "lobby":
                for k in range(len(game.seats) + 1, seats - computers + 1):
                    game = await svc.join(game.id, f"local:P{k}", f"P{k}")
                game = await svc.start(game.id, "local:P1", seed=100 + index, shuffle=False)
            ids.append(game.id)

        async def play(gid: int) -> None:
            while True:
                game = await svc.load(gid)
                if game.row.status != "active" or game.state is None:
                    return
                d = engine.pending(game.state)
                assert d is not None
                rng = random.Random(f"{game.row.seed}:{game.row.seq}")
                seat = game.seats[d.player]
                moved = True
                if seat.played_by_computer:
                    moved = False
                    async with aclosing(svc.computer_turns(gid, seed=rng.getrandbits(32))) as turns:  # type: ignore[type-var]
                        async for _ in turns:
                            moved = True
                            break
                else:
                    assert seat.user_id is not None
                    if engine.can_undo(game.state, d.player) and rng.random() < UNDO_RATE:
                        await svc.undo(gid, seat.user_id)
                    else:
                        await svc.submit(gid, seat.user_id, d.decision_id, rng.choice(d.codes()))
                if moved:
                    print("move", flush=True)  # accepted and stored

        await asyncio.gather(*(play(gid) for gid in ids))
    finally:
        await svc.close()


# --- the test --------------------------------------------------------------------------------


def _spawn(db: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    return subprocess.Popen(
        [sys.executable, __file__, str(db)], cwd=REPO_ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
    )


class _Marks:
    """The child's marks ("ready", "move") as they come, read unbuffered (nothing waits in a
    buffer that `select` does not see) and counted since the child started."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdout is not None
        self.fd = proc.stdout.fileno()
        self.counts: dict[bytes, int] = {}
        self.pending = b""

    def wait(self, mark: bytes, count: int, timeout: float = PATIENCE) -> int:
        """Read until `count` of `mark` have come, the child ended or `timeout` seconds passed;
        returns how many have come (more than `count` when they came together)."""
        deadline = time.monotonic() + timeout
        while self.counts.get(mark, 0) < count:
            ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(self.fd, 4096) if ready else b""
            if not chunk:
                break  # the child ended, or the time is up
            *lines, self.pending = (self.pending + chunk).split(b"\n")
            for line in lines:
                self.counts[line] = self.counts.get(line, 0) + 1
        return self.counts.get(mark, 0)


def _kill(proc: subprocess.Popen[bytes]) -> bool:
    """SIGKILL the child; False if it had already ended (then it must have ended well)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        return True
    _, err = proc.communicate()
    assert proc.returncode == 0, err.decode()
    return False


def _logs(db: Path) -> dict[int, Log]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT game_id, seq, kind, player, payload FROM events ORDER BY game_id, seq")
        logs: dict[int, Log] = {}
        for game_id, *event in rows:
            logs.setdefault(game_id, []).append(tuple(event))  # type: ignore[arg-type]
    return logs


def _whole_choices(game: Any, log: Log) -> None:
    """Every logged input, applied again to the state before it with its logged dice and draws,
    gives exactly the events logged after it: no choice was cut short, the log's last one
    included. A computer's turn (one transaction) is never cut in the middle either."""
    import json

    from bot import engine
    from bot.service.core import SERVICE_EVENT

    state = engine.new_game(game.state.settings, [s.colour for s in game.seats], game.row.seed)
    batches: list[list[engine.Event]] = []
    for _seq, kind, player, payload in log:
        if kind.startswith(SERVICE_EVENT):
            continue
        event = engine.Event(kind, player, json.loads(payload))
        if kind in engine.INPUT_KINDS or not batches:
            batches.append([])
        batches[-1].append(event)
    turns = state.turns
    for batch in batches:
        first, turns = batch[0], state.turns
        player = first.player
        assert player is not None
        dice = [tuple(e.data["d"]) for e in batch if e.kind == "dice"]
        cards = [e.data["card"] for e in batch if e.kind == "draw"]
        scripted = engine.set_chance_script(state, dice, cards) if dice or cards else state
        if first.kind == "input":
            state, made = engine.apply(scripted, player, first.data["decision"], first.data["code"])
        elif first.kind == "undo":
            state, made = engine.undo(scripted, player)
        else:
            state, made = engine.forfeit_turn(scripted, player)
        assert [(e.kind, e.player, e.data) for e in made] == [(e.kind, e.player, e.data) for e in batch], (
            f"game {game.id}: the {first.kind} {first.data} is not logged whole"
        )
    assert state == game.state
    last = batches[-1][0] if batches else None
    if last is not None and game.seats[last.player].played_by_computer:
        d = engine.pending(state)
        assert d is None or d.player != last.player or state.turns != turns, f"game {game.id}: a computer turn cut short"


def _timers_follow(game: Any, timers: dict[str, dict[str, Any]]) -> None:
    """The reminder and the timeout were written with the choice: they name the current decision
    of the person deciding; a computer seat or a finished game has none."""
    from bot import engine

    d = engine.pending(game.state) if game.row.status == "active" else None
    if d is None or game.seats[d.player].played_by_computer:
        assert "reminder" not in timers and "timeout" not in timers, f"game {game.id}: stray timers {timers}"
        return
    for kind in ("reminder", "timeout"):
        assert timers[kind] == {"seat": d.player, "decision_id": game.row.decision_id}, f"game {game.id}: {kind}"


async def _check(db: Path) -> dict[str, Any]:
    """Everything that must hold after a kill; returns the game rows' (seq, status) by id."""
    import json

    from bot.service import GameService

    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = conn.execute("SELECT id, status, seq, decision_id FROM games ORDER BY id").fetchall()
        snaps = dict(conn.execute("SELECT game_id, MAX(seq) FROM snapshots GROUP BY game_id").fetchall())
        timers: dict[int, dict[str, dict[str, Any]]] = {}
        for game_id, kind, payload in conn.execute("SELECT game_id, kind, payload FROM timers"):
            timers.setdefault(game_id, {})[kind] = json.loads(payload)
    logs = _logs(db)
    svc = await GameService.open(db, grace_seconds=0)
    try:
        for game_id, status, seq, decision_id in rows:
            log = logs.get(game_id, [])
            assert [e[0] for e in log] == list(range(1, len(log) + 1)), f"game {game_id}: a gap in the log"
            assert seq == len(log), f"game {game_id}: seq {seq} but {len(log)} events"
            game = await svc.load(game_id)
            if status == "lobby":
                assert game.state is None and not log
                continue
            assert game.state is not None and snaps[game_id] <= seq
            assert game.state.decision_id == decision_id
            assert game.state == await svc.replay(game_id), f"game {game_id}: the loaded state is not the replay"
            assert game.state.finished == (status == "finished")
            _whole_choices(game, log)
            _timers_follow(game, timers.get(game_id, {}))
    finally:
        await svc.close()
    return {"games": {r[0]: (r[2], r[1]) for r in rows}, "logs": logs}


async def test_killing_the_player_process_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    """At least 20 SIGKILLs at random moments (while starting, creating the games or playing):
    after each one every game is whole and the next run continues it."""
    seed = random.randrange(2**32)  # the kill schedule; a failure reports it
    try:
        await _kill_and_check(tmp_path, random.Random(seed))
    except AssertionError as exc:
        exc.add_note(f"kill schedule: random.Random({seed})")
        raise


async def _kill_and_check(tmp_path: Path, rng: random.Random) -> None:
    from bot.store import backup

    db = tmp_path / "crash.db"
    kills = 0
    before: dict[int, Log] = {}
    copy: Path | None = None
    while kills < KILLS:
        proc = _spawn(db)
        moves, marks = 0, _Marks(proc)
        if kills % START_KILLS == 1:  # anywhere in the start: imports, migrations, creating the games
            if rng.random() < 0.5:  # the service open: creating or resuming the games
                assert marks.wait(b"ready", 1) == 1, "the child did not start"
            time.sleep(rng.uniform(0.0, 0.6))
        else:
            assert marks.wait(b"ready", 1) == 1, "the child did not start"
            wanted = rng.randint(*MOVES_BEFORE_KILL)
            moves = marks.wait(b"move", wanted)
            assert moves >= wanted, f"the child stopped after {moves} of {wanted} moves"
            time.sleep(rng.uniform(0.0, 0.05))  # into whatever it does next
        assert _kill(proc), "the games ended before the test was done: play longer games"
        kills += 1
        if not db.exists():
            continue
        found = await _check(db)
        logs: dict[int, Log] = found["logs"]
        assert len(found["games"]) <= len(GAMES)  # resumed, never started again
        for game_id, old in before.items():
            assert logs[game_id][: len(old)] == old, f"game {game_id}: its earlier log changed"
        grown = sum(len(v) for v in logs.values()) - sum(len(v) for v in before.values())
        assert grown >= moves, f"{moves} moves were accepted, but the logs hold only {grown} more events"
        before = logs
        if kills == 6:
            copy = tmp_path / "copy.db"
            await backup(db, copy)
    assert len(before) == len(GAMES) and all(len(log) > 50 for log in before.values())

    # The copy taken mid-way, played on without interruption, plays the same games.
    assert copy is not None
    at_copy = _logs(copy)
    proc = _spawn(copy)
    marks = _Marks(proc)
    assert marks.wait(b"ready", 1) == 1
    assert marks.wait(b"move", MOVES_AFTER_COPY) >= MOVES_AFTER_COPY
    _kill(proc)
    await _check(copy)
    straight = _logs(copy)
    for game_id, log in before.items():
        common = min(len(log), len(straight[game_id]))
        assert log[:common] == straight[game_id][:common], f"game {game_id} went differently after the kills"
    assert any(
        min(len(before[g]), len(straight[g])) > len(at_copy.get(g, [])) for g in before
    ), "nothing was played after the copy"


if __name__ == "__main__":
    asyncio.run(_child(Path(sys.argv[1])))
