"""``python -m bot sync``: where the slash commands are registered, and its one-line refusals.
Discord itself is replaced by a recorder of the target it would be asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.discord_ui
from bot.__main__ import main
from bot.settings import Settings, bot_command


@pytest.fixture
def targets(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[int | None]:
    """A token in the environment (no .env file is read), DEV_GUILD_ID unset, and the guild each
    registration would go to (None: everywhere)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    monkeypatch.delenv("DB_PATH", raising=False)
    asked: list[int | None] = []

    def record(settings: Settings, guild: int | None) -> int:
        asked.append(guild)
        return 0

    monkeypatch.setattr(bot.discord_ui, "sync_commands", record)
    return asked


def test_the_guild_given_else_dev_guild_id_else_everywhere(
    targets: list[int | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["sync"]) == 0
    assert main(["sync", "--guild", "123"]) == 0
    monkeypatch.setenv("DEV_GUILD_ID", "77")
    assert main(["sync"]) == 0
    assert main(["sync", "--guild", "123"]) == 0
    assert main(["sync", "--everywhere"]) == 0
    assert targets == [None, 123, 77, 123, None]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--guild", "0"], "sync: --guild must be a server id (see python -m bot sync --help)"),
        (["--guild", "x"], "sync: argument --guild: invalid int value: 'x' (see python -m bot sync --help)"),
        (["--guild", "5", "--everywhere"], "sync: --guild and --everywhere exclude each other (see python -m bot sync --help)"),
        (["--nope"], "sync: unrecognized arguments: --nope (see python -m bot sync --help)"),
    ],
)
def test_bad_arguments_are_one_line_and_register_nothing(
    targets: list[int | None], capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["sync", *argv]) == 2
    assert capsys.readouterr().err.strip() == message.replace("python -m bot", bot_command())
    assert targets == []


def test_without_a_token_nothing_is_registered(
    targets: list[int | None], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN")
    assert main(["sync", "--guild", "5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("sync: no DISCORD_TOKEN is set")
    assert targets == []


def test_a_bad_setting_is_one_line(
    targets: list[int | None], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DEV_GUILD_ID", "not-a-number")
    assert main(["sync"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "DEV_GUILD_ID" in err
    assert targets == []
