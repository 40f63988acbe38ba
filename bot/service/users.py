"""Per-user settings kept across games: where reminders go, quiet hours, time away, and whether the
user's direct messages are closed to the bot."""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Any, Literal
from zoneinfo import ZoneInfo, available_timezones

import aiosqlite
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..store import timers as timer_sql
from .errors import BadOptions, shown
from .refusals import refusal

Notify = Literal["channel", "dm", "both", "none"]
MAX_AWAY_DAYS = 14
_HHMM = re.compile(r"^([01]?\d|2[0-3])[:.h]?([0-5]\d)?$")


def parse_clock(text: str) -> int:
    """'22:00', '7', '0730', '7.30', '7h' -> minutes after midnight; BadOptions otherwise."""
    raw = text.strip().lower().replace(" ", "")
    m = _HHMM.match(raw)
    if not m:
        raise BadOptions(f"'{text}' is not a time of day; write it like 22:00 or 7:30.")
    return int(m.group(1)) * 60 + int(m.group(2) or 0)


def parse_quiet(text: str) -> tuple[int | None, int | None]:
    """Quiet hours written as a range like "22:00-07:00" (minutes after midnight), or "off"."""
    text = text.strip().lower()
    if text in ("off", "none", "no", ""):
        return None, None
    start, sep, end = text.partition("-")
    if not sep:
        raise BadOptions("Write quiet hours as a range like 22:00-07:00, or 'off'.")
    begin, finish = parse_clock(start), parse_clock(end)
    if begin == finish:
        raise BadOptions("Quiet hours need an end that differs from their start, like 22:00-07:00.")
    return begin, finish


@functools.cache
def _zones() -> dict[str, str]:
    """Every zone of the time-zone database, by its name in lower case. Only these are zones: a
    folder of the database ("America"), a path or an overlong name is not one."""
    return {zone.lower(): zone for zone in available_timezones()}


def zone_named(name: str) -> str | None:
    """The zone's proper name when `name` is one (matched without regard to case), else None."""
    return _zones().get(name.strip().lower())


def parse_zone(name: str) -> str:
    """A valid IANA time zone name (matched without regard to case), or BadOptions."""
    zone = zone_named(name)
    if zone is None:
        raise BadOptions(
            f"'{shown(name)}' is not a time zone I know; use a name like Europe/Berlin or America/New_York."
        )
    return zone


def zones_matching(text: str, limit: int = 25) -> list[str]:
    """Zone names containing `text` (any case) for a front end's suggestions: those that start
    with it first, then the rest, each group in alphabetical order."""
    wanted = text.strip().lower()
    found = sorted((not lower.startswith(wanted), zone) for lower, zone in _zones().items() if wanted in lower)
    return [zone for _, zone in found[:limit]]


class UserSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    notify: Notify = "channel"  # where reminders go
    quiet_from: int | None = Field(default=None, ge=0, lt=24 * 60)  # minutes after midnight, local
    quiet_to: int | None = Field(default=None, ge=0, lt=24 * 60)
    zone: str = "UTC"
    away_from: float | None = None  # reminders and timeouts paused from then ...
    away_until: float | None = None  # ... until then
    dm_closed_at: float | None = None  # the last time a DM to this user was refused

    @field_validator("zone")
    @classmethod
    def _zone(cls, value: str) -> str:
        zone = zone_named(value)
        if zone is None:
            raise ValueError(f"'{shown(value)}' is not a time zone I know")
        return zone

    def quiet_at(self, when: float) -> bool:
        """Whether `when` (a Unix time) falls inside the user's quiet hours."""
        if self.quiet_from is None or self.quiet_to is None or self.quiet_from == self.quiet_to:
            return False
        local = dt.datetime.fromtimestamp(when, ZoneInfo(self.zone))
        minute = local.hour * 60 + local.minute
        if self.quiet_from < self.quiet_to:
            return self.quiet_from <= minute < self.quiet_to
        return minute >= self.quiet_from or minute < self.quiet_to

    def quiet_ends_after(self, when: float) -> float:
        """The first moment at or after `when` outside the quiet hours."""
        if not self.quiet_at(when) or self.quiet_to is None:
            return when
        zone = ZoneInfo(self.zone)
        local = dt.datetime.fromtimestamp(when, zone)
        end = local.replace(hour=self.quiet_to // 60, minute=self.quiet_to % 60, second=0, microsecond=0)
        if end <= local:
            end += dt.timedelta(days=1)
        return end.timestamp()

    def away_between(self, start: float, end: float) -> float:
        """Seconds of the time away that fall between `start` and `end`."""
        if self.away_from is None or self.away_until is None:
            return 0.0
        return max(0.0, min(self.away_until, end) - max(self.away_from, start))

    def away_at(self, when: float) -> bool:
        return self.away_until is not None and (self.away_from or 0) <= when < self.away_until

    def describe(self) -> str:
        where = {
            "channel": "a mention in the game's channel", "dm": "a direct message",
            "both": "a mention and a direct message", "none": "no reminders",
        }[self.notify]
        quiet = "none" if self.zone == "UTC" else f"none (time zone {self.zone})"
        if self.quiet_from is not None and self.quiet_to is not None and self.quiet_from != self.quiet_to:
            quiet = f"{_hhmm(self.quiet_from)}-{_hhmm(self.quiet_to)} ({self.zone})"
        return f"Reminders: {where}. Quiet hours: {quiet}."


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


async def stored_settings(conn: aiosqlite.Connection, user_id: str) -> UserSettings:
    """The user's settings as stored (the defaults for a user who never changed any). A stored
    value that no longer validates (a zone the time-zone database dropped) is read as its default,
    so one bad field never stops the user's reminders."""
    stored = await timer_sql.get_user_settings(conn, user_id)
    try:
        return UserSettings.model_validate(stored)
    except ValidationError as exc:
        bad = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
        return UserSettings.model_validate({k: v for k, v in stored.items() if k not in bad})


def merge_settings(current: UserSettings, changes: dict[str, Any]) -> UserSettings:
    try:
        return UserSettings.model_validate({**current.model_dump(), **changes})
    except ValidationError as exc:
        raise refusal(exc) from exc
