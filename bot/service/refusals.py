"""Settings that do not validate, worded as one plain sentence for the person who typed them
(never pydantic's own wording such as "options: Value error, ...")."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import ValidationError

from .errors import BadOptions, shown

# What each setting is called in a sentence, and the unit of its number (if any).
SETTING_NAMES: Mapping[str, tuple[str, str]] = {
    "seats": ("The number of seats", ""),
    "computers": ("The number of computer players", ""),
    "layout": ("The layout", ""),
    "neutral_assistants": ("The Neutral Assistants variant", ""),
    "caravan_leader": ("The Caravan Leader variant", ""),
    "reminder_hours": ("The time before a reminder", "hour"),
    "timeout_hours": ("The time before an idle turn may be skipped", "hour"),
    "rules": ("The rule options", ""),
    "level": ("The computer players' level", ""),
    "hints": ("Whether hints are on", ""),
    "rules.move_card_semantics": ("The rule for the 'Move 3 or 4' card", ""),
    "rules.two_player_tavern_tiles": ("The rule for the Tavern tiles", ""),
    "rules.companion_usable_on_placement_turn": ("The rule for the companion's first turn", ""),
    "rules.secret_society_bonus_per": ("The rule for the Secret Society's Lira", ""),
    "rules.ls_bonus_deck": ("The choice of bonus cards", ""),
    "rules.catacombs_family_member_moves": ("The rule for a family member in the Catacombs", ""),
    "notify": ("Where reminders go", ""),
    "quiet_from": ("The start of the quiet hours", "minute after midnight"),
    "quiet_to": ("The end of the quiet hours", "minute after midnight"),
    "zone": ("The time zone", ""),
    "away_from": ("The start of the time away", ""),
    "away_until": ("The end of the time away", ""),
}
BOUNDS = {
    "greater_than_equal": ("ge", "at least"), "less_than_equal": ("le", "at most"),
    "greater_than": ("gt", "more than"), "less_than": ("lt", "less than"),
}


def sentence(text: str) -> str:
    """`text` with a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def counted(value: object, unit: str) -> str:
    """A bound with its unit, the unit in the plural unless the number is 1 ("1 hour", "2 hours",
    "1440 minutes after midnight")."""
    number = f"{value:g}" if isinstance(value, int | float) else str(value)
    if not unit:
        return number
    first, _, rest = unit.partition(" ")
    noun = first if number == "1" else first + "s"
    return f"{number} {noun}" + (f" {rest}" if rest else "")


def refusal(exc: ValidationError) -> BadOptions:
    """The first problem of a failed validation as one plain sentence."""
    first = exc.errors()[0]
    where = ".".join(str(x) for x in first["loc"])
    name, unit = SETTING_NAMES.get(where, (f"The setting '{shown(where)}'", ""))
    kind = first["type"]
    ctx = first.get("ctx") or {}
    if kind == "value_error":
        return BadOptions(sentence(str(ctx.get("error", first["msg"]))))
    if kind == "extra_forbidden":
        return BadOptions(f"There is no setting called '{shown(where)}'.")
    if kind in BOUNDS and BOUNDS[kind][0] in ctx:
        key, words = BOUNDS[kind]
        return BadOptions(f"{name} must be {words} {counted(ctx[key], unit)}.")
    if kind == "literal_error":
        return BadOptions(f"{name} cannot be '{shown(str(first.get('input')))}'; choose {ctx.get('expected', 'another')}.")
    return BadOptions(f"{name} cannot be '{shown(str(first.get('input')))}'.")
