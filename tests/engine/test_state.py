"""State that grows without slowing down (issue 21, item 8): every field of the state, found by
walking the dataclasses themselves (so a field added later is covered), module parts included,
survives `copy`, `fork` and the JSON round trip with a value other than its default; a copy may be
edited without touching the original; module parts are absent in base games and replaced, never
edited, on write; and the package docstring names every field, step kind, deck, event kind and
option code."""

from __future__ import annotations

import dataclasses
import random
import re
import types
import typing
from collections.abc import Iterator
from typing import Any

import pytest

import bot.engine as engine
from bot.engine import (
    GameSettings,
    GameState,
    apply,
    bazaar,
    from_json,
    letters,
    mocha,
    new_game,
    pending,
    to_json,
)
from bot.engine.decks import DECKS
from bot.engine.describe import LINE_MODULES
from bot.engine.machine import KINDS, push
from bot.engine.modules import MODULES
from bot.engine.state import PART_TYPES, Part, Step, Undo
from tests.testkinds import TEST, Mark, base_position, deck_position

Path = tuple[str | int, ...]


def hints(cls: type) -> dict[str, Any]:
    module = __import__(cls.__module__, fromlist=["x"])
    return typing.get_type_hints(cls, {**vars(module), "Decision": engine.Decision}, include_extras=False)


def sample(tp: Any, old: Any = None) -> Any:
    """A value of type `tp` other than `old` (and other than a default)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is bool:
        return not old
    if origin is typing.Literal:  # another of its values
        return next((a for a in args if a != old), args[0])
    if tp is int:
        return (old or 0) + 7
    if tp is str:
        return (old or "") + "x"
    if origin in (typing.Union, types.UnionType):
        real = [a for a in args if a is not type(None)]
        return sample(real[0], old if old is not None else None)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (*(old or ()), sample(args[0]))
        return tuple(sample(a, (old or (None,) * len(args))[i]) for i, a in enumerate(args))
    if origin is list:
        return [*(old or []), sample(args[0])]
    if origin is dict:
        return {**(old or {}), "zz": sample(args[1])}
    if tp is GameSettings:
        return GameSettings(players=5, layout="long", caravan_leader=True)
    if tp is GameState:
        return new_game(GameSettings(players=2), ["red", "blue"], 5)
    if tp is Part:
        name = sorted(PART_TYPES)[0]
        return PART_TYPES[name]()
    if dataclasses.is_dataclass(tp):
        return tp(**{f.name: sample(t) for f, t in zip(dataclasses.fields(tp), hints(tp).values(), strict=True)})
    raise TypeError(f"no sample for {tp!r}")


def leaves(cls: type, prefix: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every (path, type) below a dataclass, recursing into the state's own dataclasses."""
    for f, tp in zip(dataclasses.fields(cls), hints(cls).values(), strict=True):
        if not f.compare:
            continue  # bookkeeping (`cache`, `owned`): never serialised, never compared
        path = (*prefix, f.name)
        origin = typing.get_origin(tp)
        if f.name == "parts":
            yield from ((path, part_name) for part_name in sorted(PART_TYPES))
        elif dataclasses.is_dataclass(tp) and tp not in (Undo,):
            yield from leaves(tp, path)  # type: ignore[arg-type]
        elif origin is list and dataclasses.is_dataclass(typing.get_args(tp)[0]):
            yield from leaves(typing.get_args(tp)[0], (*path, 0))
        else:
            yield path, tp


def get(obj: Any, path: Path) -> Any:
    for key in path:
        obj = obj[key] if isinstance(key, int) else getattr(obj, key)
    return obj


def put(g: GameState, path: Path, value: Any) -> None:
    """Set a value at `path` in `g` (a copy the caller owns), replacing frozen parents."""
    parents = [g]
    for key in path[:-1]:
        parents.append(parents[-1][key] if isinstance(key, int) else getattr(parents[-1], key))
    value_now = value
    for parent, k in zip(reversed(parents), reversed(path), strict=True):
        if isinstance(k, int):
            parent[k] = value_now
            return
        params = getattr(type(parent), "__dataclass_params__", None)
        if params is not None and params.frozen:
            value_now = dataclasses.replace(parent, **{k: value_now})
            continue
        setattr(parent, k, value_now)
        return


def field_cases() -> list[tuple[str, Path, Any]]:
    cases = []
    for path, tp in leaves(GameState):
        if path[-1] == "parts" or (len(path) > 1 and path[-2] == "parts"):
            continue
        if isinstance(tp, str):  # a part name under a `parts` field
            continue
        cases.append((".".join(map(str, path)), path, tp))
    for holder in (("board", "parts"), ("players", 0, "parts")):
        for name, cls in sorted(PART_TYPES.items()):
            for f, tp in zip(dataclasses.fields(cls), hints(cls).values(), strict=True):
                cases.append((f"{'.'.join(map(str, holder))}[{name}].{f.name}", (*holder, name, f.name), tp))
    return cases


CASES = field_cases()


def a_state() -> GameState:
    return base_position("test_huge", players=3, seed=4).copy()


def edited(path: Path, tp: Any) -> tuple[GameState, Any]:
    g = a_state()
    if "parts" in path:
        i = path.index("parts")
        holder, name, fname = path[:i], path[i + 1], path[i + 2]
        cls = PART_TYPES[str(name)]
        old = getattr(cls(), str(fname))
        part = dataclasses.replace(cls(), **{str(fname): sample(tp, old)})
        owner = get(g, holder)
        owner.parts = {**owner.parts, str(name): part}
        return g, part
    value = sample(tp, get(g, path))
    put(g, path, value)
    return g, value


def test_the_walk_finds_the_fields_of_every_part_of_the_state() -> None:
    names = {label for label, _, _ in CASES}
    for expected in (
        "settings", "draw_pile", "decks", "script_draws", "extra_turns", "undo", "turn.forfeit", "turn.again",
        "board.mail", "players.0.hands", "players.0.cards", "last_move",
        "board.parts[testlot].tiles", "players.0.parts[testmark].marks",
    ):
        assert expected in names, expected
    assert len(CASES) > 60


@pytest.mark.parametrize(("label", "path", "tp"), CASES, ids=[c[0] for c in CASES])
def test_every_field_survives_copy_fork_and_json(label: str, path: Path, tp: Any) -> None:
    g, value = edited(path, tp)
    assert value != sample_default(path, tp), label
    copied = g.copy()
    assert copied == g and copied is not g
    assert g.fork() == g
    back = from_json(to_json(g))
    assert back == g, label


def sample_default(path: Path, tp: Any) -> Any:
    if "parts" in path:
        i = path.index("parts")
        return getattr(PART_TYPES[str(path[i + 1])](), str(path[i + 2]))
    return get(a_state(), path)


@pytest.mark.parametrize(("label", "path", "tp"), [c for c in CASES if "parts" not in c[1]], ids=[c[0] for c in CASES if "parts" not in c[1]])
def test_a_copy_may_be_edited_without_touching_the_original(label: str, path: Path, tp: Any) -> None:
    g = a_state()
    before = to_json(g)
    copied = g.copy()
    put(copied, path, sample(tp, get(copied, path)))
    holder = get(copied, path[:-1]) if len(path) > 1 else copied
    value = getattr(holder, str(path[-1])) if not isinstance(path[-1], int) else holder[path[-1]]
    if isinstance(value, dict):  # a dict of the copy may be edited in place too
        value["yy"] = next(iter(value.values()))
    assert to_json(g) == before, label


def test_base_games_have_no_module_parts() -> None:
    g = new_game(GameSettings(players=4), ["red", "blue", "green", "yellow"], 3)
    assert g.board.parts == {} and all(p.parts == {} and p.hands == {} for p in g.players)
    assert g.decks == {} and g.extra_turns == 0


def test_a_part_is_replaced_on_write_and_shared_until_then() -> None:
    """Copy on write: a state made by a choice shares every part nobody wrote."""
    g = deck_position()
    g.set_player_part(0, "testmark", Mark(1))
    g.set_player_part(1, "testmark", Mark(5))
    push(g, Step("test_mark", 0))
    g.cache = None
    part = g.player_part(1, "testmark")
    after, _ = apply(g, 0, g.decision_id, "mark")
    assert after.player_part(1, "testmark") is part  # untouched: shared
    assert g.player_part(0, "testmark").marks == 1 and after.player_part(0, "testmark").marks == 2
    assert after.board.parts is g.board.parts or after.board.parts == g.board.parts


# ---- the docstring -----------------------------------------------------------------------------------


DOC = engine.__doc__ or ""
GUIDES = {  # each expansion's guide, in its package's docstring (the engine's points to them)
    "mocha": mocha.__doc__ or "",
    "letters": letters.__doc__ or "",
    bazaar.BAZAAR.ident: bazaar.__doc__ or "",
}


def names_in(doc: str) -> set[str]:
    return set(re.findall(r"``([^`]+)``", doc))


NAMED = names_in(DOC)


def named_for(module: str | None) -> set[str]:
    """What the engine's docstring names, and the guide of `module` when it has one."""
    return NAMED | names_in(GUIDES.get(module or "", ""))


def real(module: str) -> bool:
    return module in MODULES and module != TEST


def test_every_expansion_guide_is_pointed_to_from_the_engine_docstring() -> None:
    for module, guide in GUIDES.items():
        assert "The engine's contract for" in guide, module
    for package in ("bot.engine.mocha", "bot.engine.letters", "bot.engine.bazaar"):
        assert package in NAMED, package


def test_the_docstring_names_every_field() -> None:
    from bot.engine.state import Board, LastMove, Pile, Player, Step, Turn

    for cls in (GameState, Player, Board, Turn, LastMove, Step, Pile, Undo):
        for f in dataclasses.fields(cls):
            assert f.name in NAMED, f"{cls.__name__}.{f.name}"


def test_the_docstring_names_every_step_kind_deck_and_event() -> None:
    for name, kind in KINDS.items():
        if kind.module != TEST:
            assert name in named_for(kind.module), f"step kind {name}"
    for deck in DECKS:
        if real(DECKS.module_of(deck)):
            assert deck.name in named_for(DECKS.module_of(deck)), f"deck {deck.name}"
    for kind_name, module in LINE_MODULES.items():
        if module != TEST:
            assert kind_name in named_for(module), f"event {kind_name}"
    for name in ("input", "undo", "forfeit", "dice", "draw", "reshuffle", "no_card"):
        assert name in NAMED, name
    for name in ("script_dice", "script_cards", "script_draws", "set_chance_script"):
        assert any(name in n for n in NAMED), name


def code_patterns() -> list[re.Pattern[str]]:
    section = DOC[DOC.index("Option codes") : DOC.index("Step kinds")]
    out = []
    for shape in re.findall(r"``([^`]+)``", section):
        rx = re.escape(shape)
        for placeholder in (r"<kind>", r"<colour>", r"<good>"):
            rx = rx.replace(re.escape(placeholder), "[a-z0-9]+")
        for placeholder in (r"<seat>", r"<value>"):
            rx = rx.replace(re.escape(placeholder), r"\d+")
        rx = re.sub(r"(?<=[.a-z])N$", r"\\d+", rx).replace("nK", r"n\d+")
        out.append(re.compile(rx))
    return out


def test_the_docstring_documents_every_option_code() -> None:
    """Every code offered in random base games (every layout, both variants, both rule values
    of the 3-or-4 card) has a documented shape."""
    patterns = code_patterns()
    seen: set[str] = set()
    for seed, layout in enumerate(("short", "long", "in_order", "random")):
        for players in (2, 4):
            settings = GameSettings(players=players, layout=layout, neutral_assistants=seed % 2 == 0, caravan_leader=True)
            g = new_game(settings, ["red", "blue", "green", "yellow"][:players], seed)
            rnd = random.Random(seed)
            while (d := pending(g)) is not None and g.turns < 150:
                seen |= set(d.codes())
                g, _ = apply(g, d.player, d.decision_id, rnd.choice(d.codes()))
    undocumented = sorted(c for c in seen if not any(p.fullmatch(c) for p in patterns))
    assert not undocumented
    assert len(seen) > 60


def test_the_registries_are_named_for_module_authors() -> None:
    for name in ("register_part", "register_card_play", "register_deck", "add_token_kind", "add_neutral_token",
                 "add_ruby_track", "EDGE_BLOCKERS", "register_invariant", "register_line", "register_module", "SETUPS"):
        assert name in DOC, name

