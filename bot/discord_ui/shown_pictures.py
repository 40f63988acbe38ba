"""Which of a turn message's pictures it already shows, so that an edit uploads only the pictures
that changed and keeps the others' attachments (Discord keeps an attachment listed by its id).

The turn message is drawn again at every decision of its seat, and when the question comes back
from other seats (an auction's last word, a Kiosk's picks); the players picture, and at times the
board too, is then byte for byte the one the message carries. Its row in the store remembers, per
picture, a digest of what was shown (the PNG and its alt text) and the attachment's id:
``board.png=<digest>:<id> players.png=<digest>:<id>``."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import discord

from ..service import Picture


def picture_digest(picture: Picture) -> str:
    """A short digest of what a picture shows: its name, alt text and PNG bytes."""
    h = hashlib.sha256(picture.name.encode())
    h.update(b"\0" + picture.alt.encode() + b"\0")
    h.update(picture.png)
    return h.hexdigest()[:16]


def shown(digest: str) -> dict[str, tuple[str, int]]:
    """A stored row's digest read back: file name -> (picture digest, attachment id); empty for
    anything else (a row stored before pictures were remembered)."""
    out: dict[str, tuple[str, int]] = {}
    for entry in digest.split():
        name, _, rest = entry.partition("=")
        picture, _, attachment = rest.partition(":")
        if name and picture and attachment.isdigit():
            out[name] = (picture, int(attachment))
    return out


def unchanged(digest: str, pictures: Sequence[Picture]) -> dict[str, int]:
    """The pictures of `pictures` that the message (its row's `digest`) shows already, by file
    name, with the attachment id that keeps each."""
    before = shown(digest)
    return {
        p.name: before[p.name][1] for p in pictures
        if p.name in before and before[p.name][0] == picture_digest(p)
    }


def remembered(pictures: Sequence[Picture], message: discord.Message) -> str:
    """What to store for a message just edited or sent with `pictures`."""
    ids = {a.filename: a.id for a in message.attachments}
    return " ".join(f"{p.name}={picture_digest(p)}:{ids[p.name]}" for p in pictures if p.name in ids)
