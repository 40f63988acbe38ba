"""Runtime settings, read from the environment or a ``.env`` file in the working directory.

Every setting is documented in ``.env.example``. An empty value counts as unset (its default)."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from pydantic import Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict


class SettingsError(Exception):
    """A setting has a value that cannot be used; the message is one line naming it."""


class Settings(BaseSettings):
    """The bot's settings. Environment variables take precedence over ``.env``."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    # The SQLite file; its folder is created when the database is opened.
    db_path: Path = Field(default=Path("data/istanbul.db"), validation_alias="DB_PATH")
    # A server where slash commands are registered at once (for development); None: globally.
    dev_guild_id: int | None = Field(default=None, validation_alias="DEV_GUILD_ID", gt=0)
    # After a person's turn ends, how long before the next computer seat moves (time to undo).
    turn_grace_seconds: float = Field(default=60.0, validation_alias="TURN_GRACE_SECONDS", ge=0, le=3600)
    # The running bot's online backups: the folder (default: "backups" beside the database), how
    # many to keep, and how often (hours; 0 turns them off).
    backup_dir: Path | None = Field(default=None, validation_alias="BACKUP_DIR")
    backup_keep: int = Field(default=7, validation_alias="BACKUP_KEEP", ge=1, le=1000)
    backup_hours: float = Field(default=24.0, validation_alias="BACKUP_HOURS", ge=0, le=24 * 365)

    @property
    def has_token(self) -> bool:
        """Whether a (non-empty) Discord bot token is set."""
        return self.discord_token is not None and bool(self.discord_token.get_secret_value())

    @property
    def backups(self) -> Path:
        return self.backup_dir if self.backup_dir is not None else self.db_path.parent / "backups"


def load_settings() -> Settings:
    """Read the settings from the environment and, when present, ``.env``; `SettingsError` when a
    value is invalid."""
    try:
        return Settings()
    except ValidationError as exc:
        err = exc.errors()[0]
        name = ".".join(str(part) for part in err.get("loc", ())) or "settings"
        msg = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
        raise SettingsError(f"Invalid setting {name}={err.get('input')!r}: {msg} (see .env.example).") from None


def interpreter() -> str:
    """The Python interpreter running now, as a person would type it here: relative to the working
    directory when it lies inside it (``.venv/bin/python``), else its absolute path. A bare
    ``python`` would fail outside an activated virtual environment; the path is not resolved,
    because a virtual environment's interpreter is a link that must keep its own name."""
    exe = sys.executable
    if not exe:
        return "python3"
    path = os.path.abspath(exe)
    try:
        rel = os.path.relpath(path, os.getcwd())
    except (OSError, ValueError):  # the working directory is gone, or on another drive
        rel = os.pardir
    if rel != os.pardir and not rel.startswith(os.pardir + os.sep):
        path = rel if os.sep in rel else os.curdir + os.sep + rel  # "./python", never a PATH lookup
    return shlex.quote(path)


def bot_command(*args: str) -> str:
    """``<interpreter> -m bot ARGS``: the command line to print in a hint (see `interpreter`), each
    argument quoted for a shell where it needs it."""
    return " ".join([interpreter(), "-m", "bot", *(shlex.quote(a) for a in args)])
