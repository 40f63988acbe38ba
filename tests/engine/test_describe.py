"""The story lines: every event reads as a sentence, and the public never learns a drawn card."""

from __future__ import annotations

import random
import re

from bot.engine import Event, GameSettings, apply, describe, new_game, pending
from bot.engine.texts import CARD_NAMES

SILENT = {"input"}
PLACEHOLDER = re.compile(r"\{seat:\d\}")


def random_events(seed: int, players: int) -> list[Event]:
    g = new_game(GameSettings(players=players, layout="random"), ["red", "blue", "green", "yellow", "white"][:players], seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while (d := pending(g)) is not None and g.turns < 600:
        g, ev = apply(g, d.player, d.decision_id, rng.choice(d.codes()))
        events.extend(ev)
    return events


def test_every_event_has_a_public_line_and_names_seats_by_placeholder() -> None:
    """Each kind of event the engine emits tells the public something, in plain words."""
    kinds = set()
    for seed in range(4):
        for e in random_events(seed, 2 + seed):
            kinds.add(e.kind)
            for viewer in (None, 0, 1):
                line = describe(e, viewer)
                if e.kind in SILENT:
                    assert line is None
                    continue
                if line is None:
                    quiet = (e.kind, e.data.get("why"), e.data.get("reason"))
                    assert quiet in {("pay", "market", None), ("end_early", None, "forfeit")}, e
                    continue
                assert PLACEHOLDER.sub("", line).count("{") == 0, line
                assert line.endswith((".", "?")), line
    assert {"move", "assistant", "dice", "draw", "gain", "turn"} <= kinds


def test_drawn_card_is_named_only_to_the_drawer() -> None:
    """A card drawn from the face-down pile appears by name only in its owner's line."""
    event = Event("draw", 1, {"card": "sultan2"})
    assert CARD_NAMES["sultan2"] in (describe(event, 1) or "")
    for viewer in (None, 0, 2):
        line = describe(event, viewer) or ""
        assert "bonus card" in line
        assert not any(name in line for name in CARD_NAMES.values())


def test_played_and_discarded_cards_are_public() -> None:
    """Cards played or discarded lie face up, so everyone reads their names."""
    for kind in ("card", "discard", "take_discard"):
        line = describe(Event(kind, 0, {"card": "lira5", "why": "governor"}), None) or ""
        assert CARD_NAMES["lira5"] in line
