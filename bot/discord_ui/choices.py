"""One scheme for every list of choices the bot sends: the turn message, the answer to a stale
click, the private "Choose privately…" list, and the card plays of the DM and "My cards".

A list is shown as buttons while they fit in the rows it may use (five to a row), and otherwise
as select menus of up to 25 choices each, one per row, in the given order (the engine's: place
choices come by number). Each select of a message has its own custom_id (the caller numbers them
with `part`). A choice's note (where it leads: `engine.preview`) goes where it can be read: a
select option's description, or for buttons a line under the question (`note_lines`), so that
button labels stay short and a place's name and number are never cut.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from .text import LABEL_LIMIT, SELECT_TEXT_LIMIT, clip, plain

BUTTONS_PER_ROW = 5
SELECT_SIZE = 25  # options in one select menu
MESSAGE_ROWS = 5  # action rows in one message
PLACEHOLDER_LIMIT = 150

Item = discord.ui.Item[Any]


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice as shown: its code, its label (names filled in), where it leads ("" when
    nothing is known) and its button's style."""

    code: str
    label: str
    note: str = ""
    style: discord.ButtonStyle = discord.ButtonStyle.primary


ButtonMaker = Callable[[Choice, str, int], Item]  # (choice, label, row)
SelectMaker = Callable[[int, list[discord.SelectOption], str, int], Item]  # (part, options, placeholder, row)


def as_buttons(count: int, rows: int) -> bool:
    """Whether `count` choices are shown as buttons in `rows` rows (else as selects)."""
    return count <= rows * BUTTONS_PER_ROW


def capacity(rows: int) -> int:
    """How many choices `rows` rows can offer at most (as selects)."""
    return rows * SELECT_SIZE


def select_option(choice: Choice) -> discord.SelectOption:
    return discord.SelectOption(
        label=clip(choice.label, SELECT_TEXT_LIMIT), value=choice.code,
        description=clip(choice.note, SELECT_TEXT_LIMIT) if choice.note else None,
    )


def placeholder(start: int, end: int, total: int, first: Choice, last: Choice) -> str:
    """What a closed select says: which of the choices it holds, by position and by label."""
    if total <= SELECT_SIZE:
        return "Choose…"
    span = f"{clip(first.label, 50)} … {clip(last.label, 50)}"
    return clip(f"Choices {start}–{end} of {total}: {span}", PLACEHOLDER_LIMIT)


def choice_items(
    choices: Sequence[Choice], rows: int, button: ButtonMaker, select: SelectMaker, *, first_row: int = 0,
) -> list[Item]:
    """The components offering `choices` in rows `first_row` .. `first_row + rows - 1`: buttons
    while they fit, else one select per 25 choices. More than `capacity(rows)` never come from
    the engine (at most 100 public and 100 private options per decision, and callers give the
    turn message four rows, private lists five); were it to happen, the first ones are shown."""
    if as_buttons(len(choices), rows):
        return [
            button(c, clip(c.label, LABEL_LIMIT), first_row + i // BUTTONS_PER_ROW) for i, c in enumerate(choices)
        ]
    shown = list(choices[: capacity(rows)])
    items = []
    for part, start in enumerate(range(0, len(shown), SELECT_SIZE)):
        chunk = shown[start : start + SELECT_SIZE]
        text = placeholder(start + 1, start + len(chunk), len(choices), chunk[0], chunk[-1])
        items.append(select(part, [select_option(c) for c in chunk], text, first_row + part))
    return items


def note_lines(choices: Sequence[Choice], rows: int) -> list[str]:
    """The notes of choices shown as buttons, one line each ("**Label**: note"); none when they
    are shown as selects (their notes are the options' descriptions)."""
    if not as_buttons(len(choices), rows):
        return []
    return [f"**{plain(c.label)}**: {plain(c.note)}" for c in choices if c.note]
