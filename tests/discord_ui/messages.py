"""What a test sees of a message: a frozen snapshot with parsed content, embeds, components
and files. Snapshots do not change when the message is edited later; ask the fake again
(`fake.message(msg.id)`) for the current state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.discord_ui.limits import walk_components
from tests.discord_ui.world import EPHEMERAL, StoredMessage

Json = dict[str, Any]


@dataclass(frozen=True)
class Button:
    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    emoji: str | None
    url: str | None
    row: int


@dataclass(frozen=True)
class Option:
    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class Select:
    custom_id: str
    type: int
    placeholder: str | None
    options: tuple[Option, ...]
    min_values: int
    max_values: int
    disabled: bool
    row: int

    @property
    def values(self) -> list[str]:
        return [o.value for o in self.options]

    @property
    def labels(self) -> list[str]:
        return [o.label for o in self.options]


@dataclass(frozen=True)
class File:
    id: int
    filename: str
    data: bytes
    description: str | None
    content_type: str

    @property
    def is_png(self) -> bool:
        return self.data[:8] == b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Msg:
    id: int
    channel_id: int
    guild_id: int | None
    content: str
    embeds: tuple[Json, ...]
    rows: tuple[tuple[Button | Select, ...], ...]
    files: tuple[File, ...]
    flags: int
    recipient_id: int | None
    """For an ephemeral message: the one user who sees it."""
    pings: frozenset[int]
    """Users this message notified when it was created (edits notify nobody)."""
    edits: int
    deleted: bool
    raw: Json

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Still the "Bot is thinking…" placeholder of a deferred interaction."""
        return bool(self.flags & (1 << 7))

    @property
    def components(self) -> list[Button | Select]:
        return [c for row in self.rows for c in row]

    @property
    def buttons(self) -> list[Button]:
        return [c for c in self.components if isinstance(c, Button)]

    @property
    def selects(self) -> list[Select]:
        return [c for c in self.components if isinstance(c, Select)]

    @property
    def custom_ids(self) -> list[str]:
        return [c.custom_id for c in self.components if c.custom_id is not None]

    def component(self, custom_id: str) -> Button | Select:
        for c in self.components:
            if c.custom_id == custom_id:
                return c
        raise AssertionError(f"message {self.id} has no component {custom_id!r}; it has {self.custom_ids}")

    def button(self, label: str) -> Button:
        """The button with this label (exactly one must exist)."""
        found = [b for b in self.buttons if b.label == label]
        if len(found) != 1:
            raise AssertionError(f"message {self.id}: {len(found)} buttons labelled {label!r}; "
                                 f"labels are {[b.label for b in self.buttons]}")
        return found[0]

    def file(self, filename: str) -> File:
        for f in self.files:
            if f.filename == filename:
                return f
        raise AssertionError(f"message {self.id} has no file {filename!r}; it has {[f.filename for f in self.files]}")

    @property
    def embed_text(self) -> str:
        parts: list[str] = []
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or "", (e.get("footer") or {}).get("text") or "",
                      (e.get("author") or {}).get("name") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
        return "\n".join(p for p in parts if p)

    @property
    def text(self) -> str:
        """Everything a reader sees as text: content, embeds, component labels and placeholders,
        option labels and descriptions, and file names (for privacy scans)."""
        parts = [self.content, self.embed_text]
        for c in self.components:
            if isinstance(c, Button):
                parts.append(c.label or "")
            else:
                parts.append(c.placeholder or "")
                parts += [f"{o.label}\n{o.description or ''}" for o in c.options]
        parts += [f.filename for f in self.files]
        return "\n".join(p for p in parts if p)


def snapshot(msg: StoredMessage) -> Msg:
    data = msg.data
    rows: list[tuple[Button | Select, ...]] = []
    top = data["components"]
    groups = [r for r in walk_components(top) if r.get("type") == 1]
    for r, row in enumerate(groups):
        rows.append(tuple(_parse(c, r) for c in row.get("components") or []))
    files = tuple(
        File(int(a["id"]), a["filename"], msg.files[int(a["id"])], a.get("description"), a["content_type"])
        for a in data["attachments"]
    )
    guild_id = data.get("guild_id")
    return Msg(
        id=msg.id, channel_id=msg.channel.id, guild_id=int(guild_id) if guild_id else None,
        content=data["content"], embeds=tuple(data["embeds"]), rows=tuple(rows), files=files,
        flags=data["flags"], recipient_id=msg.ephemeral_to.id if msg.ephemeral_to else None, pings=msg.pings,
        edits=msg.edits, deleted=msg.deleted, raw=data,
    )


def _parse(c: Json, row: int) -> Button | Select:
    if c.get("type") == 2:
        emoji = c.get("emoji") or {}
        return Button(c.get("custom_id"), c.get("label"), c.get("style", 1), bool(c.get("disabled")),
                      emoji.get("name"), c.get("url"), row)
    options = tuple(Option(o["label"], o["value"], o.get("description"), bool(o.get("default")))
                    for o in c.get("options") or [])
    return Select(c["custom_id"], c["type"], c.get("placeholder"), options, c.get("min_values", 1),
                  c.get("max_values", 1), bool(c.get("disabled")), row)
