"""The Discord layer's imports (issue 19, "Also"): outside itself it imports only `bot.service`
(which re-exports what it needs of the engine and the store) and `bot.settings`; inside, every
import points one way, down the layers below, so a reader can follow one click from the bot
down to the items (no import of a higher module, not even a lazy one or one for type checking)."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.discord_ui

PACKAGE = Path(bot.discord_ui.__file__).parent
# bottom first; a module may import modules of lower layers only
LAYERS = [
    {"text", "ids", "shown_pictures"},
    {"items", "choices"},
    {"payloads"},
    {"lobby", "interlude", "card_payloads"},
    {"private_cards", "interlude_messages", "computer_messages"},
    {"publisher"},
    {"idle", "lobby_actions"},
    {"handlers"},
    {"status", "scheduler"},
    {"commands"},
    {"client"},
    {"__init__"},
]
OUTSIDE = {"bot.service", "bot.settings"}


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(level, module) of every import in the file, wherever it stands (top, function, TYPE_CHECKING)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level and not node.module:  # from . import ids, payloads
                found += [(node.level, alias.name) for alias in node.names]
            else:
                found.append((node.level, node.module or ""))
        elif isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
    return found


def layer_of(name: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if name in layer)


def test_every_module_has_a_layer() -> None:
    assert {p.stem for p in PACKAGE.glob("*.py")} == set().union(*LAYERS)


def test_outside_itself_the_discord_layer_imports_only_the_service_and_the_settings() -> None:
    wrong = []
    for path in sorted(PACKAGE.glob("*.py")):
        for level, module in imports_of(path):
            absolute = f"bot.{module}" if level == 2 else module if level == 0 else ""
            top = ".".join(absolute.split(".")[:2])
            if absolute.startswith("bot.") and top != "bot.discord_ui" and top not in OUTSIDE:
                wrong.append(f"{path.name}: {absolute}")
    assert wrong == []


def test_imports_inside_the_discord_layer_point_down() -> None:
    upward = []
    for path in sorted(PACKAGE.glob("*.py")):
        for level, module in imports_of(path):
            if level != 1:
                continue
            target = module.split(".")[0]
            if layer_of(target) >= layer_of(path.stem):
                upward.append(f"{path.stem} imports {target}")
    assert upward == []
