"""`soak` plays every game through the playout path too and compares it with the full path."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.engine.playout import Playout
from bot.settings import bot_command


def _soak(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["soak", "--option-sample", "0", *argv])
    return code, capsys.readouterr().out


def test_a_soak_reports_that_both_paths_agree(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _soak(capsys, "--games", "2", "--seed", "4")
    assert code == 0, out
    assert "failures: 0" in out
    line = next(x for x in out.splitlines() if x.startswith("playout path:"))
    assert line.startswith("playout path: same decisions and final state in 2/2 games (")
    assert int(line.split("(")[1].split()[0]) > 100  # decisions compared


def test_different_codes_on_the_playout_path_fail_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A playout path that offers the codes in another order is a failure named with the game's
    seed, the decision and both lists, and the game is not counted as agreeing."""
    codes = Playout.codes

    def reversed_codes(self: Playout) -> list[str] | None:
        found = codes(self)
        return None if found is None else found[::-1]

    monkeypatch.setattr(Playout, "codes", reversed_codes)
    code, out = _soak(capsys, "--games", "1", "--seed", "4")
    assert code == 1
    assert "failures: 1" in out
    failure = next(x for x in out.splitlines() if x.startswith("  seed 4 ("))
    assert "the playout path offers [" in failure and "where the full path offers [" in failure
    assert f"    reproduce: {bot_command('soak', '--games', '1', '--seed', '4')}" in out
    assert "playout path: same decisions and final state in 0/1 games" in out


def test_a_different_final_state_on_the_playout_path_fails_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same decisions all along but a state that drifts (here: a player's Lira) is caught at
    the end."""
    choose = Playout.choose

    def drifting(self: Playout, code: str) -> None:
        choose(self, code)
        if self.over:
            self.state.mut(0).lira += 1

    monkeypatch.setattr(Playout, "choose", drifting)
    code, out = _soak(capsys, "--games", "1", "--seed", "4")
    assert code == 1
    assert "at the end: the playout path ends in a different state" in out
    assert "playout path: same decisions and final state in 0/1 games" in out


def test_the_playout_path_is_started_again_after_an_undo_or_a_forfeit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo and forfeit are full-path moves: a soak that makes many of them still agrees."""
    import bot.cli.playout as playout

    monkeypatch.setattr(playout, "UNDO_RATE", 0.3)
    monkeypatch.setattr(playout, "FORFEIT_RATE", 0.05)
    code, out = _soak(capsys, "--games", "1", "--seed", "6")
    assert code == 0, out
    assert "playout path: same decisions and final state in 1/1 games" in out
