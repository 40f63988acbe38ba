"""The golden base games (recorded from commit b0323c8, see `games.py`) replay identically.

Each of the 50 games is played again by the same policy: the same inputs must give the same
event log, the same story lines for every viewer and the same final state (its JSON may only gain
new keys at their defaults). The whole games are also rebuilt from their stored log, and their
mid-game snapshot (the stored JSON) loads and plays on to the same end. A database written by
that release loads through today's service and its game plays to the end.
"""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Event, GameSettings, continue_from, from_json, replay, to_json
from tests.golden.games import GAMES, LAYOUTS, RULE_VALUES, WHOLE, events_json, play, story, summary

FIXTURES = Path(__file__).with_name("fixtures")
CHUNKS = 5
RECORD = ".venv/bin/python -m tests.golden.record"


@cache
def recorded() -> list[dict[str, Any]]:
    lines = (FIXTURES / "digests.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


@cache
def whole(i: int) -> dict[str, Any]:
    return json.loads(gzip.decompress((FIXTURES / f"whole-{i}.json.gz").read_bytes()))


DEFAULTS: tuple[Any, ...] = (None, False, 0, "", [], {})


def new_keys_at_defaults(recorded: Any, current: Any, where: str = "state") -> list[str]:
    """Where `current` differs from `recorded` other than by keys the recording lacks whose value
    is a default (None, False, 0, "", [], {})."""
    if isinstance(recorded, dict) and isinstance(current, dict):
        out = []
        for key, value in recorded.items():
            if key not in current:
                out.append(f"{where}.{key} is gone")
            else:
                out += new_keys_at_defaults(value, current[key], f"{where}.{key}")
        out += [
            f"{where}.{key} is new with {current[key]!r}"
            for key in current.keys() - recorded.keys()
            if not any(current[key] == d and type(current[key]) is type(d) for d in DEFAULTS)
        ]
        return out
    if isinstance(recorded, list) and isinstance(current, list) and len(recorded) == len(current):
        return [x for k, (a, b) in enumerate(zip(recorded, current, strict=True)) for x in new_keys_at_defaults(a, b, f"{where}[{k}]")]
    return [] if recorded == current else [f"{where}: {recorded!r} became {current!r}"]


def first_difference(old: list[Any], new: list[Any]) -> str:
    for k, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return f"at {k}: recorded {a!r}, now {b!r}"
    return f"recorded {len(old)} entries, now {len(new)}"


def test_the_series_covers_the_base_game() -> None:
    """2-5 players, every layout, each variant pairing where it is allowed, every rule value,
    undos (several in a row too) and forfeits."""
    games = recorded()
    assert len(games) == GAMES
    settings = [GameSettings.model_validate(g["settings"]) for g in games]
    assert {s.players for s in settings} == {2, 3, 4, 5}
    assert {s.layout for s in settings} == set(LAYOUTS)
    assert {(s.neutral_assistants, s.caravan_leader) for s in settings} == {
        (False, False), (True, False), (False, True), (True, True)
    }
    for name, values in RULE_VALUES.items():
        assert {getattr(s.rules, name) for s in settings} == set(values), name
    assert all(g["finished"] for g in games)
    assert sum(g["undos"] for g in games) > 1000 and sum(g["forfeits"] for g in games) > 300


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_golden_games_replay_identically(chunk: int) -> None:
    """The same policy on today's engine gives the same log, lines and final state."""
    failures = []
    for i in range(chunk, GAMES, CHUNKS):
        old = recorded()[i]
        p = play(i)
        new = summary(i, p)
        where = f"golden game {i} ({p.settings.players} players, {p.settings.layout}, seed {p.seed})"
        for key in ("turns", "inputs", "undos", "forfeits", "events", "lines"):
            if new[key] != old[key]:
                failures.append(f"{where}: {key} recorded {old[key]!r}, now {new[key]!r}")
        if new["events_sha256"] != old["events_sha256"]:
            failures.append(f"{where}: the event log differs")
        changed = sorted(v for v, sha in old["lines_sha256"].items() if new["lines_sha256"].get(v) != sha)
        if changed:
            failures.append(f"{where}: the story lines of {', '.join(changed)} differ")
        failures += [f"{where}: {x}" for x in new_keys_at_defaults(old["final_state"], new["final_state"])]
    assert not failures, "\n".join(failures[:20]) + f"\n(a deliberate change re-records with: {RECORD})"


@pytest.mark.parametrize("i", WHOLE)
def test_a_whole_golden_game_is_the_same_event_by_event(i: int) -> None:
    """For the games kept whole, the first event or line that differs is named."""
    old = whole(i)
    p = play(i)
    assert events_json(p.events) == old["log"], first_difference(old["log"], events_json(p.events))
    lines = story(p.events, p.settings.players)
    for viewer, expected in old["story"].items():
        assert lines[viewer] == expected, f"{viewer}: {first_difference(expected, lines[viewer])}"


@pytest.mark.parametrize("i", WHOLE)
def test_a_stored_log_and_snapshot_of_that_release_load_and_play_on(i: int) -> None:
    """The recorded log replays from the start to the recorded end, and the mid-game snapshot
    (the JSON that release stored, undo record included) plays on with the rest of the log."""
    old = whole(i)
    settings = GameSettings.model_validate(old["settings"])
    log = [Event.from_jsonable(e) for e in old["log"]]
    rebuilt = replay(settings, old["colours"], old["seed"], log)
    assert not new_keys_at_defaults(old["final_state"], json.loads(to_json(rebuilt)))
    snapshot = from_json(json.dumps(old["snapshot"]))
    assert snapshot.undo is not None or old["snapshot"]["undo"] is None
    resumed = continue_from(snapshot, log[old["snapshot_after_events"] :])
    assert to_json(resumed) == to_json(rebuilt)


def test_a_database_of_that_release_opens_and_its_game_plays_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`release-b0323c8.db` was written by `simulate --db` of that release and left mid-game:
    today's code migrates it, resumes the game from its stored snapshot and log, and plays on."""
    from bot.__main__ import main

    db = tmp_path / "release.db"
    shutil.copy(FIXTURES / "release-b0323c8.db", db)
    with sqlite3.connect(db) as conn:
        (before,) = conn.execute("SELECT seq FROM games WHERE id = 1").fetchone()
    assert main(["simulate", "--db", str(db), "--resume", "--quiet", "--ai", "random"]) == 0  # as that release played
    out = capsys.readouterr().out
    assert out.startswith(f"Resuming game #1 in {db} after {before} events.")
    assert "Final standings of game #1" in out
    with sqlite3.connect(db) as conn:
        status, seq = conn.execute("SELECT status, seq FROM games WHERE id = 1").fetchone()
    assert status == "finished" and seq > before
