"""The running bot's daily backup (issue 19, items 21 and 23): a copy of a database that became
damaged is refused in one log line naming the newest good backup, and no good backup is rotated
out for it; half-written copies left by killed backups are removed by the rotation."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.discord_ui.client import IstanbulBot
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import HOUR, started
from tests.discord_ui.logguard import LogGuard


async def _bot_with_backups(env: Env, tmp_path: Path, keep: int = 2) -> Path:
    folder = tmp_path / "backups"
    settings = botkit.settings_for(tmp_path, BACKUP_HOURS=24, BACKUP_KEEP=keep, BACKUP_DIR=folder)
    await env.fake.restart(lambda: IstanbulBot(settings, service=env.service, run_timers=False, auto_sync=False))
    await started(env)
    return folder


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


async def _days(env: Env, days: int) -> None:
    for _ in range(days * 24):
        env.clock.advance(HOUR)
        await env.fake.bot.scheduler.maybe_sweep()


async def test_a_damaged_database_is_not_backed_up_over_the_good_backups(
    env: Env, tmp_path: Path, discord_errors: LogGuard
) -> None:
    folder = await _bot_with_backups(env, tmp_path)
    await _days(env, 2)
    good = sorted(folder.glob("istanbul-2*.db"))
    assert len(good) == 2
    kept = {p.name: p.read_bytes() for p in good}
    # The disk damages a page of the games table (after a checkpoint, so the file is read).
    db = env.service.db
    await db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    rows = list(await db.conn.execute_fetchall("SELECT rootpage FROM sqlite_master WHERE name = 'games'"))
    size = list(await db.conn.execute_fetchall("PRAGMA page_size"))[0][0]
    with db.path.open("r+b") as f:
        f.seek((rows[0][0] - 1) * size)
        f.write(b"\xff" * size)
    await _days(env, 3)  # three more daily backups are due: each is refused
    assert {p.name: p.read_bytes() for p in folder.glob("istanbul-2*.db")} == kept
    assert sorted(p.name for p in folder.iterdir()) == sorted(kept)  # nothing half-written left
    refused = [r.getMessage() for r in discord_errors.records]
    assert len(refused) == 3 and all(r.startswith("backup refused: The database ") for r in refused)
    assert all(f"the newest good one is {good[-1]}." in r and "\n" not in r for r in refused)
    assert not any(r.exc_info for r in discord_errors.records)  # one line each, no traceback
    discord_errors.clear()


async def test_the_rotation_removes_what_killed_backups_left(env: Env, tmp_path: Path) -> None:
    folder = await _bot_with_backups(env, tmp_path)
    folder.mkdir(exist_ok=True)
    killed = folder / f".istanbul-20231115-000000.db.{_dead_pid()}.partial"
    running = folder / f".istanbul-20231115-010000.db.{os.getppid()}.partial"  # a backup under way elsewhere
    for path in (killed, running):
        path.write_bytes(b"half a copy")
    await _days(env, 1)
    assert len(list(folder.glob("istanbul-2*.db"))) == 1
    assert not killed.exists() and running.exists()
