"""Discord's limits, checked on every payload the fake receives (discord.py checks almost none).

Each check raises `LimitViolation` (an `AssertionError`) naming the limit, e.g.
``content is 2001 characters (max 2000)``. Sources: the Discord API docs
(`resources/message.mdx` embed and content limits, `components/reference.mdx`,
`reference.mdx` "Uploading Files", `interactions/application-commands.mdx`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

Json = dict[str, Any]

MIB = 1024 * 1024
REQUEST_SIZE_LIMIT = 25 * MIB
SELECT_TYPES = {3, 5, 6, 7, 8}
COMPONENTS_V2 = 1 << 15
_MENTION_LIKE = re.compile(r"<@|@everyone|@here")
_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def walk_components(components: list[Json]) -> Iterator[Json]:
    """Every component, depth first: rows, containers, sections, labels and what they hold."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


class LimitViolation(AssertionError):
    """A payload Discord would refuse (HTTP 400, "Invalid Form Body"), or a misuse of the API
    that the fake reports as a test failure. The message names the violated limit."""


def _at_most(what: str, size: int, limit: int, unit: str = "characters") -> None:
    if size > limit:
        raise LimitViolation(f"{what} is {size} {unit} (max {limit})")


def _between(what: str, text: str | None, low: int, high: int) -> None:
    size = len(text or "")
    if not low <= size <= high:
        raise LimitViolation(f"{what} is {size} characters (must be {low}-{high})")


def check_message(payload: Json, files: list[tuple[str, int]], *, new: bool, mentions: bool,
                  file_limit: int) -> None:
    """A message create or edit: content, embeds, components, files, allowed_mentions."""
    content = payload.get("content") or ""
    _at_most("content", len(content), 2000)
    embeds = payload.get("embeds") or []
    _at_most("embeds", len(embeds), 10, "embeds")
    total = sum(_check_embed(i, e) for i, e in enumerate(embeds))
    _at_most("total embed text", total, 6000)
    components = payload.get("components") or []
    if (payload.get("flags") or 0) & COMPONENTS_V2:
        _check_v2(payload, components)
    else:
        _check_rows(components, "message")
    check_custom_ids(components)
    _check_files(files, file_limit)
    if mentions:
        check_allowed_mentions(payload)
    if new and not (content or embeds or components or files or payload.get("poll") or payload.get("sticker_ids")):
        raise LimitViolation("an empty message (no content, embeds, components or files): Discord error 50006")


def _check_embed(i: int, e: Json) -> int:
    title, description = e.get("title") or "", e.get("description") or ""
    _at_most(f"embed[{i}] title", len(title), 256)
    _at_most(f"embed[{i}] description", len(description), 4096)
    fields = e.get("fields") or []
    _at_most(f"embed[{i}] fields", len(fields), 25, "fields")
    size = len(title) + len(description)
    for j, f in enumerate(fields):
        _between(f"embed[{i}] field[{j}] name", f.get("name"), 1, 256)
        _between(f"embed[{i}] field[{j}] value", f.get("value"), 1, 1024)
        size += len(f["name"]) + len(f["value"])
    footer = (e.get("footer") or {}).get("text") or ""
    author = (e.get("author") or {}).get("name") or ""
    _at_most(f"embed[{i}] footer text", len(footer), 2048)
    _at_most(f"embed[{i}] author name", len(author), 256)
    return size + len(footer) + len(author)


def _check_rows(components: list[Json], where: str) -> None:
    _at_most(f"{where} action rows", len(components), 5, "rows")
    for r, row in enumerate(components):
        if row.get("type") != 1:
            raise LimitViolation(f"{where} row {r}: top-level component type {row.get('type')} is not an "
                                 f"action row (that needs the IS_COMPONENTS_V2 flag)")
        _check_row(row, f"{where} row {r}")


def _check_row(row: Json, where: str) -> None:
    items = row.get("components") or []
    if not items:
        raise LimitViolation(f"{where} is an empty action row")
    kinds = [c.get("type") for c in items]
    if any(k in SELECT_TYPES for k in kinds):
        if len(items) != 1:
            raise LimitViolation(f"{where}: a select must be alone in its row (row has {len(items)} components)")
        check_select(items[0], where)
        return
    if any(k != 2 for k in kinds):
        raise LimitViolation(f"{where}: component types {kinds} cannot share a message action row")
    _at_most(f"{where} buttons", len(items), 5, "buttons")
    for b, button in enumerate(items):
        _check_button(button, f"{where} button {b}")


def _check_button(button: Json, where: str) -> None:
    style = button.get("style")
    if style == 5:
        if not button.get("url") or "custom_id" in button:
            raise LimitViolation(f"{where}: a link button needs a url and no custom_id")
    elif style == 6:
        if not button.get("sku_id") or "custom_id" in button:
            raise LimitViolation(f"{where}: a premium button needs a sku_id and no custom_id")
    elif style in (1, 2, 3, 4):
        if "custom_id" not in button:
            raise LimitViolation(f"{where}: button style {style} needs a custom_id")
    else:
        raise LimitViolation(f"{where}: unknown button style {style!r}")
    _at_most(f"{where} label", len(button.get("label") or ""), 80)
    if style != 6 and not (button.get("label") or button.get("emoji")):
        raise LimitViolation(f"{where}: a button needs a label or an emoji")


def check_select(select: Json, where: str) -> None:
    _at_most(f"{where} select placeholder", len(select.get("placeholder") or ""), 150)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not (0 <= low <= 25 and 1 <= high <= 25 and low <= high):
        raise LimitViolation(f"{where}: select min_values={low}, max_values={high} (need 0 <= min <= max <= 25)")
    if select.get("type") != 3:
        return
    options = select.get("options") or []
    if not options:
        raise LimitViolation(f"{where}: a string select needs at least one option")
    _at_most(f"{where} select options", len(options), 25, "options")
    if high > len(options):
        raise LimitViolation(f"{where}: select max_values={high} exceeds its {len(options)} options")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        raise LimitViolation(f"{where}: select option values are not unique: {values}")
    for o, opt in enumerate(options):
        _between(f"{where} option {o} label", opt.get("label"), 1, 100)
        _between(f"{where} option {o} value", opt.get("value"), 1, 100)
        _at_most(f"{where} option {o} description", len(opt.get("description") or ""), 100)
    defaults = sum(1 for o in options if o.get("default"))
    _at_most(f"{where} select default options", defaults, high, "options")


def _check_v2(payload: Json, components: list[Json]) -> None:
    if payload.get("content") or payload.get("embeds"):
        raise LimitViolation("a Components V2 message cannot carry content or embeds")
    every = list(walk_components(components))
    _at_most("components in a Components V2 message", len(every), 40, "components")
    for comp in every:
        if comp.get("type") == 1:
            _check_row(comp, "v2 action row")


def check_custom_ids(components: list[Json]) -> None:
    """custom_id 1-100 characters and unique within the message or modal."""
    seen: set[str] = set()
    for comp in walk_components(components):
        if "custom_id" not in comp:
            continue
        cid = comp["custom_id"]
        _between(f"custom_id {cid!r}", cid, 1, 100)
        if cid in seen:
            raise LimitViolation(f"custom_id {cid!r} is used twice in one message")
        seen.add(cid)


def _check_files(files: list[tuple[str, int]], file_limit: int) -> None:
    _at_most("files in one request", len(files), 10, "files")
    for name, size in files:
        _at_most(f"file {name}", size, file_limit, "bytes")
    _at_most("the request's files", sum(size for _, size in files), REQUEST_SIZE_LIMIT, "bytes")


def check_allowed_mentions(payload: Json) -> None:
    """Content that could ping must say whom it may ping: users only, never @everyone or roles."""
    if not _MENTION_LIKE.search(payload.get("content") or ""):
        return
    allowed = payload.get("allowed_mentions")
    if allowed is None:
        raise LimitViolation("content mentions someone but the payload has no allowed_mentions "
                             "(Discord would let @everyone and role mentions ping)")
    parse = allowed.get("parse") or []
    if "everyone" in parse or "roles" in parse or allowed.get("roles"):
        raise LimitViolation(f"allowed_mentions lets @everyone or roles ping: {allowed}")


def check_modal(data: Json) -> None:
    _between("modal title", data.get("title"), 1, 45)
    _between("modal custom_id", data.get("custom_id"), 1, 100)
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        raise LimitViolation(f"modal components is {len(components)} (must be 1-5)")
    for i, comp in enumerate(components):
        where = f"modal component {i}"
        kind = comp.get("type")
        if kind == 1:
            items = comp.get("components") or []
            if len(items) != 1 or items[0].get("type") not in (4, *SELECT_TYPES):
                raise LimitViolation(f"{where}: a modal row holds exactly one text input or select")
            _check_modal_item(items[0], where, legacy=True)
        elif kind == 18:
            _between(f"{where} label", comp.get("label"), 1, 45)
            _at_most(f"{where} description", len(comp.get("description") or ""), 100)
            _check_modal_item(comp.get("component") or {}, where, legacy=False)
        elif kind == 10:
            _at_most(f"{where} text", len(comp.get("content") or ""), 4000)
        else:
            raise LimitViolation(f"{where}: type {kind} is not allowed at the top of a modal")
    check_custom_ids(components)


def _check_modal_item(item: Json, where: str, *, legacy: bool) -> None:
    kind = item.get("type")
    if kind in SELECT_TYPES:
        check_select(item, where)
    elif kind == 4:
        if legacy:
            _between(f"{where} text input label", item.get("label"), 1, 45)
        _at_most(f"{where} placeholder", len(item.get("placeholder") or ""), 100)
        _at_most(f"{where} value", len(item.get("value") or ""), 4000)
        low, high = item.get("min_length", 0), item.get("max_length", 4000)
        if not (0 <= low <= 4000 and 1 <= high <= 4000 and low <= high):
            raise LimitViolation(f"{where}: text input min_length={low}, max_length={high}")
    elif kind not in (19, 21, 22, 23):
        raise LimitViolation(f"{where}: component type {kind} cannot be a modal field")


def check_choices(data: Json) -> None:
    """An autocomplete answer (callback type 8)."""
    choices = data.get("choices") or []
    _at_most("autocomplete choices", len(choices), 25, "choices")
    for i, choice in enumerate(choices):
        _between(f"choice {i} name", choice.get("name"), 1, 100)
        if isinstance(choice.get("value"), str):
            _at_most(f"choice {i} value", len(choice["value"]), 100)


def check_commands(commands: list[Json]) -> None:
    """A bulk command overwrite (`tree.sync()`)."""
    chat = [c for c in commands if c.get("type", 1) == 1]
    _at_most("chat input commands", len(chat), 100, "commands")
    names = [c.get("name") for c in chat]
    if len(set(names)) != len(names):
        raise LimitViolation(f"command names are not unique: {names}")
    for cmd in chat:
        size = _check_command_node(cmd, f"/{cmd.get('name')}", depth=0)
        _at_most(f"/{cmd.get('name')} (names, descriptions and choices together)", size, 4000)


def _check_command_node(node: Json, where: str, *, depth: int) -> int:
    name, description = node.get("name") or "", node.get("description") or ""
    if not _COMMAND_NAME.match(name) or name != name.lower():
        raise LimitViolation(f"{where}: name {name!r} must be 1-32 lowercase letters, digits, - or _")
    _between(f"{where} description", description, 1, 100)
    options = node.get("options") or []
    _at_most(f"{where} options", len(options), 25, "options")
    size = len(name) + len(description)
    seen_optional = False
    for opt in options:
        kind = opt.get("type")
        sub = f"{where} {opt.get('name')}"
        if kind in (1, 2):
            if kind == 2 and depth > 0 or kind == 1 and depth > 1:
                raise LimitViolation(f"{sub}: subcommands nest at most two levels deep")
            size += _check_command_node(opt, sub, depth=depth + 1)
            continue
        if opt.get("required"):
            if seen_optional:
                raise LimitViolation(f"{sub}: a required option follows an optional one")
        else:
            seen_optional = True
        size += _check_command_node({**opt, "options": []}, sub, depth=depth)
        choices = opt.get("choices") or []
        _at_most(f"{sub} choices", len(choices), 25, "choices")
        for choice in choices:
            _between(f"{sub} choice name", choice.get("name"), 1, 100)
            size += len(choice["name"]) + len(str(choice.get("value")))
    return size
