"""Re-record the golden base games: `.venv/bin/python -m tests.golden.record` (see `games.py`).

Only for a deliberate change of base rules or wording, in the same commit as the change; the
note says why. Writes `fixtures/digests.jsonl` (all games, one per line) and `fixtures/whole-<i>.json.gz`.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from .games import GAMES, SNAPSHOT_AT, WHOLE, events_json, play, story, summary

FIXTURES = Path(__file__).with_name("fixtures")


def whole_game(i: int) -> dict[str, object]:
    first = play(i)
    p = play(i, snapshot_after=int(first.inputs * SNAPSHOT_AT))
    return {
        **summary(i, p),
        "log": events_json(p.events),
        "story": story(p.events, p.settings.players),
        "snapshot": json.loads(p.snapshot),
        "snapshot_after_inputs": p.snapshot_after,
        "snapshot_after_events": p.snapshot_events,
    }


def main() -> int:
    FIXTURES.mkdir(exist_ok=True)
    games = [summary(i, play(i)) for i in range(GAMES)]
    lines = (json.dumps(game, sort_keys=True, separators=(",", ":")) for game in games)
    (FIXTURES / "digests.jsonl").write_text("\n".join(lines) + "\n")
    for i in WHOLE:
        data = json.dumps(whole_game(i), sort_keys=True, separators=(",", ":")).encode()
        # mtime=0: the same game gives the same bytes, so a re-record without a change is no diff
        (FIXTURES / f"whole-{i}.json.gz").write_bytes(gzip.compress(data, mtime=0))
    print(f"recorded {len(games)} games ({len(WHOLE)} whole) in {FIXTURES}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
