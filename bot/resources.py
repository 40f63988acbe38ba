"""Locate the data folders (``migrations/``, ``assets/``) shipped with the bot.

In an installed wheel they are force-included next to the package (``bot/_data/<name>`` or the
package's parent folder); under an editable install or a plain checkout they sit at the
repository root, the parent of the ``bot`` package folder.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    candidates = [_PACKAGE_DIR / "_data" / name, _PACKAGE_DIR / name, _PACKAGE_DIR.parent / name]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    tried = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"Cannot find the {name}/ folder of the bot; looked in: {tried}")


def migrations_dir() -> Path:
    """The folder of numbered ``.sql`` migration files."""
    return _find("migrations")


def assets_dir() -> Path:
    """The folder of fonts and other files the renderer uses."""
    return _find("assets")
