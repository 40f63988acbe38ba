"""The Great Bazaar's any-place and any-edge choices (issue 25 item 4) through the payload builder:
each decision fits one message, every option offered in the engine's order, each select within
Discord's 25 options, no private button needed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot import engine
from bot.discord_ui import payloads
from bot.discord_ui.choices import SELECT_SIZE
from tests.engine.bazaar.any_place import POSITIONS, barrier

NAMES = {0: "Ann", 1: "Bob", 2: "Cem", 3: "Dan", 4: "Eve"}
MAKERS: dict[str, Callable[[], engine.GameState]] = {name: make for name, (make, _) in POSITIONS.items()}
MAKERS["barrier"] = barrier


def offered(items: list[Any]) -> list[str]:
    out: list[str] = []
    for i in items:
        options = getattr(i.item, "options", None)
        if options is not None:
            assert len(options) <= SELECT_SIZE
            out += [o.value for o in options]
        else:
            out.append(i.item.custom_id.rsplit(":", 1)[-1])
    return out


@pytest.mark.parametrize("name", list(MAKERS))
def test_each_any_place_choice_fits_one_message_in_the_engines_order(name: str) -> None:
    state = MAKERS[name]()
    d = engine.pending(state)
    assert d is not None
    public = engine.view(state, None)
    shown = payloads.decision_payload(1, public, d, NAMES, "Moved on.")
    assert shown.view is not None
    ids = [i.item.custom_id for i in shown.view.children]  # type: ignore[attr-defined]
    assert "ist:u:1:private" not in ids  # everything fits: no "choose privately" button
    assert offered(shown.view.children) == list(d.codes())  # type: ignore[arg-type]
    items = payloads.option_items(1, d, list(d.options), NAMES, rows=payloads.BUTTON_ROWS)
    assert offered(items) == list(d.codes())
