"""Runtime settings, read from the environment or a ``.env`` file in the working directory."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """The bot's settings. Environment variables take precedence over ``.env``."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    db_path: Path = Field(default=Path("data/istanbul.db"), validation_alias="DB_PATH")


def load_settings() -> Settings:
    """Read the settings from the environment and, when present, ``.env``."""
    return Settings()
