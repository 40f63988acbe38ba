"""Golden base games: 50 seeded games recorded from the engine of commit b0323c8, replayed for good.

Each game is played by a deterministic, engine-only policy (no `random`, no AI): at every decision
a BLAKE2b draw of (game seed, step number) picks an option, preferring to act over declining so
games end in a reasonable number of turns; now and then the decider takes the choice back (once
or several times) or forfeits instead. What is kept per game:

- the inputs and outcomes (the event log) and every viewer's story lines (public and each seat),
  as SHA-256 digests, with their counts;
- the final state's JSON, whole (small: a few KB);
- for the games in `WHOLE`, everything: the event log, every viewer's lines, a mid-game snapshot
  (the stored JSON, undo record included) and the log that follows it.

Re-record (only for a deliberate change of base rules or wording, in the same commit, and say
why in the note): `.venv/bin/python -m tests.golden.record`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from bot.engine import (
    Decision,
    Event,
    GameSettings,
    GameState,
    RuleOptions,
    apply,
    can_undo,
    describe,
    forfeit_turn,
    new_game,
    pending,
    to_json,
    undo,
)

GAMES = 50
WHOLE = (0, 21, 34)  # a 2-, 3- and 4-player game kept whole
SNAPSHOT_AT = 0.5  # the mid-game snapshot of a whole game: after half of its inputs
TURN_CAP = 2000
COLOURS = ("red", "blue", "green", "yellow", "white")
LAYOUTS = ("short", "long", "in_order", "random")
# Every value of every rule option appears at least once over the 50 games (only the first one
# changes a base game; the others must simply not disturb it).
RULE_VALUES: dict[str, tuple[Any, ...]] = {
    "move_card_semantics": ("distance", "walk"),
    "two_player_tavern_tiles": ("1and3", "all"),
    "companion_usable_on_placement_turn": (True, False),
    "secret_society_bonus_per": ("player", "action"),
    "catacombs_family_member_moves": (False, True),
    "ls_bonus_deck": ("lsPlusBase", "lsOnly"),
}
DECLINES = frozenset({"skip", "x.end", "done", "a.none", "ok", "no"})


def settings_for(i: int) -> GameSettings:
    """Game `i`: players cycle 2-5, layouts every 4 games, variants every 16, rule values mixed."""
    players = 2 + i % 4
    layout = LAYOUTS[(i // 4) % 4]
    variants = (i // 3) % 4
    rules = {name: values[(i // (k + 1)) % len(values)] for k, (name, values) in enumerate(RULE_VALUES.items())}
    return GameSettings(
        players=players,
        layout=layout,  # type: ignore[arg-type]
        neutral_assistants=bool(variants & 1) and players <= 4,
        caravan_leader=bool(variants & 2),
        rules=RuleOptions.model_validate(rules),
    )


def seed_for(i: int) -> int:
    return 1000 + 7919 * i


def colours_for(i: int) -> list[str]:
    n = 2 + i % 4
    start = i % len(COLOURS)
    return [COLOURS[(start + k) % len(COLOURS)] for k in range(n)]


def draw(seed: int, step: int, salt: str, n: int) -> int:
    digest = hashlib.blake2b(f"{seed}:{step}:{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % n


def choose(seed: int, step: int, d: Decision) -> str:
    """Prefer acting: a decline is taken only one time in eight when something else is offered."""
    acts = [o.code for o in d.options if o.code not in DECLINES]
    if acts and draw(seed, step, "decline", 8):
        return acts[draw(seed, step, "act", len(acts))]
    return d.options[draw(seed, step, "any", len(d.options))].code


@dataclass(slots=True)
class Played:
    settings: GameSettings
    colours: list[str]
    seed: int
    state: GameState
    events: list[Event]
    inputs: int = 0  # entry points called (apply, undo, forfeit)
    snapshot: str = ""  # the state's JSON after `snapshot_after` inputs
    snapshot_after: int = 0
    snapshot_events: int = 0  # events logged before the snapshot
    undos: int = 0
    forfeits: int = 0
    kinds: set[str] = field(default_factory=set)


def play(i: int, snapshot_after: int | None = None) -> Played:
    settings, colours, seed = settings_for(i), colours_for(i), seed_for(i)
    g = new_game(settings, colours, seed)
    out = Played(settings, colours, seed, g, [])
    step = 0
    while (d := pending(g)) is not None and g.turns <= TURN_CAP:
        step += 1
        out.kinds.add(d.kind)
        if draw(seed, step, "forfeit", 150) == 0:
            g, evs = forfeit_turn(g, d.player)
            out.forfeits += 1
            _log(out, g, evs, snapshot_after)
        else:
            g, evs = apply(g, d.player, d.decision_id, choose(seed, step, d))
            _log(out, g, evs, snapshot_after)
            k = 0
            while can_undo(g, d.player) and draw(seed, step, f"undo{k}", 4 if k else 25) == 0:
                g, evs = undo(g, d.player)
                out.undos += 1
                k += 1
                _log(out, g, evs, snapshot_after)
    out.state = g
    return out


def _log(out: Played, g: GameState, evs: list[Event], snapshot_after: int | None) -> None:
    out.events += evs
    out.inputs += 1
    if snapshot_after is not None and out.inputs == snapshot_after:
        out.snapshot = to_json(g)
        out.snapshot_after = out.inputs
        out.snapshot_events = len(out.events)


def story(events: list[Event], players: int) -> dict[str, list[str]]:
    """Every viewer's story lines: the public ("public") and each seat ("0", "1", ...)."""
    viewers: list[int | None] = [None, *range(players)]
    return {
        "public" if v is None else str(v): [line for e in events if (line := describe(e, v)) is not None]
        for v in viewers
    }


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_jsonable() for e in events]


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def summary(i: int, p: Played) -> dict[str, Any]:
    lines = story(p.events, p.settings.players)
    return {
        "game": i,
        "settings": p.settings.model_dump(mode="json"),
        "colours": p.colours,
        "seed": p.seed,
        "turns": p.state.turns,
        "finished": p.state.finished,
        "inputs": p.inputs,
        "undos": p.undos,
        "forfeits": p.forfeits,
        "events": len(p.events),
        "events_sha256": digest(events_json(p.events)),
        "lines": {v: len(ls) for v, ls in lines.items()},
        "lines_sha256": {v: digest(ls) for v, ls in lines.items()},
        "final_state": json.loads(to_json(p.state)),
    }
