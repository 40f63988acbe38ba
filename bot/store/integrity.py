"""Damage does not spread: a database file is checked (SQLite's ``PRAGMA quick_check``) when it
is opened and every backup copy before it replaces anything, and a refusal names the newest
backup that passes the same check. Backup folders are also kept free of the half-written
copies (``.<target>.<pid>.partial``) of backups that were killed."""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

import aiosqlite

from .errors import DatabaseError

PARTIAL_RE = re.compile(r"^\..+\.(\d+)\.partial$")
STALE_PARTIAL_SECONDS = 86400.0  # a half-written copy this old is left over, whoever wrote it
PROBLEM_CHARS = 160  # of SQLite's first complaint, in a one-line message


# Files this process has just checked and closed (`remember_sound`), with what they looked like
# then: `run` checks the database before it starts the bot, which opens it again at once; that
# second open skips the check (it reads the whole file) if the file is unchanged and the first
# check is recent.
_SOUND: dict[str, tuple[float, tuple[object, ...]]] = {}
SOUND_FOR_SECONDS = 60.0


def _signature(path: Path) -> tuple[object, ...] | None:
    parts: list[object] = []
    for part in (path, path.with_name(path.name + "-wal")):
        try:
            st = part.stat()
        except FileNotFoundError:
            parts.append(None)
            continue
        except OSError:
            return None
        parts.append((st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(parts)


def remember_sound(path: Path) -> None:
    """Note that the database at `path` was just opened (so checked) and closed by this process:
    the next `Database.open` of it in the next minute, if the file is unchanged, skips the check."""
    signature = _signature(path)
    if signature is not None:
        _SOUND[str(Path(path).resolve())] = (time.monotonic(), signature)


def still_sound(path: Path) -> bool:
    """Whether `remember_sound` noted the file within the last minute and it is unchanged (once)."""
    known = _SOUND.pop(str(Path(path).resolve()), None)
    if known is None:
        return False
    at, signature = known
    return time.monotonic() - at < SOUND_FOR_SECONDS and signature == _signature(path)


async def quick_check(conn: aiosqlite.Connection) -> str | None:
    """SQLite's first complaint about the open database in one line, or None when it is sound."""
    rows = list(await conn.execute_fetchall("PRAGMA quick_check(1)"))
    result = " ".join(str(rows[0][0]).split()) if rows else "ok"
    return None if result == "ok" else result[:PROBLEM_CHARS]


def damaged(path: Path, problem: str, folders: Sequence[Path], *, copy: bool = False) -> DatabaseError:
    """The one-line refusal for a damaged database at `path`, naming the newest good backup in
    `folders` (`copy`: the damage was found in a backup copy, which was thrown away)."""
    problem = " ".join(problem.split())[:PROBLEM_CHARS]
    what = ", so no backup was written and nothing was replaced" if copy else ""
    good = newest_good_backup(folders, exclude=path)
    if good is not None:
        advice = f"restore a backup: the newest good one is {good}"
    else:
        where = ", ".join(str(f) for f in dict.fromkeys(folders)) or "no folder"
        advice = f"restore a backup: no good one was found in {where}"
    return DatabaseError(f"The database {path} is damaged ({problem}){what}; {advice}.")


def newest_good_backup(folders: Sequence[Path], *, exclude: Path | None = None) -> Path | None:
    """The most recently written ``*.db`` file in `folders` that is an Istanbul database and
    passes ``quick_check`` (opened read-only: nothing is written to it), or None."""
    found: dict[Path, float] = {}
    for folder in folders:
        with contextlib.suppress(OSError):
            for path in Path(folder).glob("*.db"):
                with contextlib.suppress(OSError):
                    if path.is_file() and (exclude is None or not _same(path, exclude)):
                        found[path] = path.stat().st_mtime
    for path in sorted(found, key=lambda p: (found[p], p.name), reverse=True):
        if is_good_backup(path):
            return path
    return None


def is_good_backup(path: Path) -> bool:
    """Whether `path` holds an Istanbul database (a schema version) that passes quick_check."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except (sqlite3.Error, OSError, ValueError):
        return False
    try:
        (version,) = conn.execute("PRAGMA user_version").fetchone()
        (result,) = conn.execute("PRAGMA quick_check(1)").fetchone()
        return int(version) > 0 and result == "ok"
    except sqlite3.Error:
        return False
    finally:
        conn.close()


def remove_stale_partials(folder: Path, target: str | None = None) -> list[Path]:
    """Remove the half-written copies (``.<target>.<pid>.partial``; with `target`, only that
    target's) that killed backups left in `folder`: those of processes that are gone, and any
    older than a day. Those of running processes (a backup under way) stay. Returns the files
    removed."""
    removed = []
    with contextlib.suppress(OSError):
        for path in Path(folder).iterdir():
            m = PARTIAL_RE.match(path.name)
            if m is None or not path.is_file() or (target is not None and not path.name.startswith(f".{target}.")):
                continue
            pid = int(m.group(1))
            with contextlib.suppress(OSError):
                old = time.time() - path.stat().st_mtime > STALE_PARTIAL_SECONDS
                if old or (pid != os.getpid() and not _running(pid)):
                    path.unlink()
                    removed.append(path)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    except (OSError, OverflowError):
        return False
    return True


def _same(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return a.resolve() == b.resolve()
