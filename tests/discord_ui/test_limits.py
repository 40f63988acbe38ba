"""The fake's limit checks, one payload just over each limit (and the largest valid payloads)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord_ui.limits import (
    LimitViolation,
    check_choices,
    check_commands,
    check_message,
    check_modal,
)

MIB = 1024 * 1024
Json = dict[str, Any]


def button(n: int = 0, **extra: Any) -> Json:
    return {"type": 2, "style": 1, "label": f"b{n}", "custom_id": f"b:{n}", **extra}


def row(*components: Json) -> Json:
    return {"type": 1, "components": list(components)}


def select(n_options: int = 3, **extra: Any) -> Json:
    options = [{"label": f"o{i}", "value": f"o{i}"} for i in range(n_options)]
    return {"type": 3, "custom_id": "pick", "options": options, **extra}


def message(payload: Json, files: list[tuple[str, int]] | None = None, *, new: bool = True) -> None:
    check_message(payload, files or [], new=new, mentions=True, file_limit=10 * MIB)


def test_the_largest_valid_message_passes() -> None:
    fields = [{"name": "n" * 10, "value": "v" * 100} for _ in range(25)]
    embed = {"title": "t" * 256, "description": "d" * 2000, "fields": fields, "footer": {"text": "f" * 100}}
    rows = [row(*(button(5 * r + b) for b in range(5))) for r in range(4)] + [row(select(25, max_values=25))]
    message({"content": "c" * 2000, "embeds": [embed], "components": rows}, [("a.png", 10 * MIB)] + [("b", 1)] * 9)


@pytest.mark.parametrize(("payload", "limit"), [
    ({"embeds": [{"title": "t" * 257}]}, r"embed\[0\] title is 257 characters \(max 256\)"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, r"fields is 26 fields \(max 25\)"),
    ({"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}, r"field\[0\] name is 257"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, r"field\[0\] value is 1025"),
    ({"embeds": [{"fields": [{"name": "", "value": "v"}]}]}, r"field\[0\] name is 0 characters \(must be 1-256\)"),
    ({"embeds": [{"footer": {"text": "f" * 2049}}]}, r"footer text is 2049"),
    ({"embeds": [{"author": {"name": "a" * 257}}]}, r"author name is 257"),
    ({"embeds": [{"title": "t"}] * 11}, r"embeds is 11 embeds \(max 10\)"),
    ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, r"total embed text is 6001"),
    ({"components": [row(button(0), select())]}, r"a select must be alone in its row"),
    ({"components": [row(select(3, min_values=3, max_values=2))]}, r"min_values=3, max_values=2"),
    ({"components": [row(select(2, max_values=3))]}, r"max_values=3 exceeds its 2 options"),
    ({"components": [row(select(0))]}, r"needs at least one option"),
    ({"components": [row(select(2, placeholder="p" * 151))]}, r"placeholder is 151"),
    ({"components": [row({**select(1), "options": [{"label": "l" * 101, "value": "v"}]})]}, r"option 0 label is 101"),
    ({"components": [row({**select(1), "options": [{"label": "l", "value": "v" * 101}]})]}, r"option 0 value is 101"),
    ({"components": [row({**select(1), "options": [{"label": "l", "value": "v", "description": "d" * 101}]})]},
     r"option 0 description is 101"),
    ({"components": [row({**select(2), "options": [{"label": "a", "value": "v"}, {"label": "b", "value": "v"}]})]},
     r"values are not unique"),
    ({"components": [row(button(0, label="l" * 81))]}, r"label is 81 characters \(max 80\)"),
    ({"components": [row(button(0, custom_id=""))]}, r"custom_id '' is 0 characters"),
    ({"components": [row({"type": 2, "style": 5, "label": "x", "url": "https://x", "custom_id": "c"})]},
     r"a link button needs a url and no custom_id"),
    ({"components": [row({"type": 2, "style": 1, "custom_id": "c"})]}, r"needs a label or an emoji"),
    ({"components": [button(0)]}, r"is not an action row"),
    ({"components": [row()]}, r"empty action row"),
    ({"content": f"hi <@{2**60}>"}, r"no allowed_mentions"),
    ({"content": "@everyone", "allowed_mentions": {"parse": ["everyone"]}}, r"lets @everyone or roles ping"),
    ({"content": "<@&5>", "allowed_mentions": {"parse": [], "roles": ["5"]}}, r"lets @everyone or roles ping"),
    ({"content": "x", "flags": 1 << 15}, r"Components V2 message cannot carry content"),
    ({"components": [{"type": 10, "content": "x"}] * 41, "flags": 1 << 15}, r"40\)"),
    ({}, r"empty message"),
])
def test_one_over_each_message_limit_is_refused(payload: Json, limit: str) -> None:
    with pytest.raises(LimitViolation, match=limit):
        message(payload)


@pytest.mark.parametrize(("files", "limit"), [
    ([("big.png", 10 * MIB + 1)], r"file big.png is 10485761 bytes"),
    ([("a", 9 * MIB)] * 3, r"the request's files is 28311552 bytes \(max 26214400\)"),
    ([("a", 1)] * 11, r"files in one request is 11 files"),
])
def test_file_limits(files: list[tuple[str, int]], limit: str) -> None:
    with pytest.raises(LimitViolation, match=limit):
        message({"content": "x"}, files)


def test_mentions_check_is_switchable_and_users_only_mentions_pass() -> None:
    message({"content": "<@1> your turn", "allowed_mentions": {"parse": [], "users": ["1"]}})
    check_message({"content": "<@1>"}, [], new=True, mentions=False, file_limit=MIB)
    message({"content": "no mention", "embeds": []}, new=False)


def text_input(custom_id: str = "t", **extra: Any) -> Json:
    return row({"type": 4, "custom_id": custom_id, "style": 1, "label": "Name", **extra})


@pytest.mark.parametrize(("modal", "limit"), [
    ({"title": "t" * 46}, r"modal title is 46"),
    ({"components": [text_input(f"t{i}") for i in range(6)]}, r"modal components is 6"),
    ({"components": [text_input(label="l" * 46)]}, r"text input label is 46"),
    ({"components": [text_input(max_length=4001)]}, r"max_length=4001"),
    ({"components": [{"type": 18, "label": "l" * 46, "component": select()}]}, r"label is 46"),
    ({"components": [{"type": 2, "style": 1, "label": "b", "custom_id": "b"}]}, r"type 2 is not allowed"),
    ({"components": [text_input("same"), text_input("same")]}, r"used twice"),
])
def test_modal_limits(modal: Json, limit: str) -> None:
    valid = {"title": "Name your caravan", "custom_id": "m", "components": [text_input()]}
    check_modal(valid)
    with pytest.raises(LimitViolation, match=limit):
        check_modal({**valid, **modal})


def test_autocomplete_choice_limits() -> None:
    check_choices({"choices": [{"name": "n" * 100, "value": "v" * 100}] * 25})
    with pytest.raises(LimitViolation, match="autocomplete choices is 26"):
        check_choices({"choices": [{"name": "n", "value": "v"}] * 26})
    with pytest.raises(LimitViolation, match="choice 0 value is 101"):
        check_choices({"choices": [{"name": "n", "value": "v" * 101}]})


def command(**extra: Any) -> Json:
    return {"name": "istanbul", "description": "Play", "type": 1, **extra}


@pytest.mark.parametrize(("commands", "limit"), [
    ([command(name="Istanbul")], r"must be 1-32 lowercase"),
    ([command(description="d" * 101)], r"description is 101"),
    ([command(options=[{"name": "a", "description": "a", "type": 3},
                       {"name": "b", "description": "b", "type": 3, "required": True}])], r"required option follows"),
    ([command(options=[{"name": "o", "description": "o", "type": 3, "choices": [{"name": "c", "value": "c"}] * 26}])],
     r"choices is 26"),
    ([command(options=[{"name": f"o{i}", "description": "o", "type": 3} for i in range(26)])], r"options is 26"),
    ([command(), command()], r"not unique"),
    ([command(options=[{"name": "g", "description": "g", "type": 2, "options": [
        {"name": "h", "description": "h", "type": 2, "options": []}]}])], r"nest at most two levels"),
])
def test_command_limits(commands: list[Json], limit: str) -> None:
    check_commands([command(options=[{"name": "new", "description": "New game", "type": 1, "options": [
        {"name": "seats", "description": "Seats", "type": 4, "required": True}]}])])
    with pytest.raises(LimitViolation, match=limit):
        check_commands(commands)
