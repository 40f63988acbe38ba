"""The custom_ids of every component the bot sends (DESIGN "The Discord surface").

Prefixes are disjoint, because discord.py runs every dynamic-item template that matches:

- ``ist:o:<game>:<decision>:<code>``: one option of one decision (a button);
- ``ist:s:<game>:<decision>:<part>``: one of a message's selects whose values are option codes
  (`part` numbers the selects of one message, so each has its own id; the bare
  ``ist:s:<game>:<decision>`` of messages sent before selects were split still answers);
- ``ist:c:<game>:<code>``: play a card in whatever decision offers it now;
- ``ist:k:<game>:<part>``: one of the selects of card plays of a "My cards" list (values are
  codes), for more cards than buttons fit;
- ``ist:u:<game>:<action>``: Undo, My cards, Log, Choose privately, skip, ... (the actions
  `Handlers.utility` knows; any other is answered as unknown); Undo's action is
  ``undo.<decision>``, the decision it was offered at, and so is Hint's (``hint.<decision>``);
- ``ist:l:<game>:<action>``: the lobby: join, leave, start, settings and its selects (`LOBBY`).

Game and decision ids are decimal, codes follow the engine's code pattern; every id stays far
below Discord's 100 characters. Anything else starting with ``ist:`` is forged or stale.
"""

from __future__ import annotations

import re

GAME = r"(?P<game>[1-9][0-9]{0,11})"
DECISION = r"(?P<decision>0|[1-9][0-9]{0,8})"
CODE = r"(?P<code>[a-z][a-z0-9_.-]{0,11})"
ACTION = r"(?P<action>[a-z][a-z0-9_.]{0,19})"
PART = r"(?P<part>[0-9])"

OPTION_TEMPLATE = rf"ist:o:{GAME}:{DECISION}:{CODE}"
SELECT_TEMPLATE = rf"ist:s:{GAME}:{DECISION}(?::{PART})?"
CARD_TEMPLATE = rf"ist:c:{GAME}:{CODE}"
CARD_SELECT_TEMPLATE = rf"ist:k:{GAME}:{PART}"
UTILITY_TEMPLATE = rf"ist:u:{GAME}:{ACTION}"
LOBBY_TEMPLATE = rf"ist:l:{GAME}:{ACTION}"

TEMPLATES = tuple(
    re.compile(t)
    for t in (OPTION_TEMPLATE, SELECT_TEMPLATE, CARD_TEMPLATE, CARD_SELECT_TEMPLATE, UTILITY_TEMPLATE, LOBBY_TEMPLATE)
)
KINDS = "osckul"  # the kind `parse` gives each template's ids, in the order of TEMPLATES

UNDO = "undo"
UNDO_ACTION = re.compile(rf"{UNDO}\.{DECISION}")
HINT = "hint"
HINT_ACTION = re.compile(rf"{HINT}\.{DECISION}")

# Actions of the lobby; anything else is refused in plain words.
LOBBY_SETTINGS = frozenset({"seats", "computers", "layout", "variants", "clock"})
LOBBY = frozenset({"join", "leave", "start", "settings", "colour"} | {f"set.{name}" for name in LOBBY_SETTINGS})


def option_id(game: int, decision: int, code: str) -> str:
    return f"ist:o:{game}:{decision}:{code}"


def select_id(game: int, decision: int, part: int) -> str:
    """The id of the `part`-th select (0-9) of a message offering `decision`."""
    assert 0 <= part <= 9, part
    return f"ist:s:{game}:{decision}:{part}"


def card_select_id(game: int, part: int) -> str:
    assert 0 <= part <= 9, part
    return f"ist:k:{game}:{part}"


def card_id(game: int, code: str) -> str:
    return f"ist:c:{game}:{code}"


def utility_id(game: int, action: str) -> str:
    return f"ist:u:{game}:{action}"


def undo_action(decision: int) -> str:
    """The Undo button's action: ``undo.<decision id>``, the decision it was offered at."""
    return f"{UNDO}.{decision}"


def undo_decision(action: str) -> int | None:
    """The decision id an Undo action names; None for anything else (the bare ``undo`` of buttons
    sent by older versions included)."""
    m = UNDO_ACTION.fullmatch(action)
    return int(m["decision"]) if m else None


def hint_action(decision: int) -> str:
    """The Hint button's action: ``hint.<decision id>``, the decision it was offered at."""
    return f"{HINT}.{decision}"


def hint_decision(action: str) -> int | None:
    """The decision id a Hint action names; None for anything else."""
    m = HINT_ACTION.fullmatch(action)
    return int(m["decision"]) if m else None


def lobby_id(game: int, action: str) -> str:
    assert action in LOBBY, action
    return f"ist:l:{game}:{action}"


def is_ours(custom_id: str) -> bool:
    return custom_id.startswith("ist:")


def recognised(custom_id: str) -> bool:
    """Whether a custom_id matches one of the templates exactly."""
    return any(t.fullmatch(custom_id) for t in TEMPLATES)


def parse(custom_id: str) -> tuple[str, int, int, str] | None:
    """(kind, game, decision, code or action) of a well-formed custom_id, kind being one of
    o, s, c, k, u, l (decision is 0 where the kind has none; a select's part is not given: its
    values say what was chosen); None when it is not one of ours."""
    for kind, template in zip(KINDS, TEMPLATES, strict=True):
        m = template.fullmatch(custom_id)
        if m is None:
            continue
        groups = m.groupdict()
        rest = groups.get("code") or groups.get("action") or ""
        return kind, int(groups["game"]), int(groups.get("decision") or 0), rest
    return None
