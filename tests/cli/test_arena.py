"""`python -m bot arena`: seeded games between computer players, wins and rubies per entrant."""

from __future__ import annotations

import json
import re

import pytest

import bot.ai
from bot.__main__ import main
from bot.ai import greedy_policy
from bot.ai.strong_deals import sharing
from bot.engine import Decision, View
from bot.service.searches import cores
from bot.settings import bot_command

ROW = re.compile(r"^(\d)\s+(\w+)\s+([\d.]+)\s+([\d.]+)%\s+([\d.]+)$", re.M)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["arena", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _table(out: str) -> list[tuple[str, float, float]]:
    """(policy, wins, mean rubies) per entrant, in entrant order."""
    return [(m[1], float(m[2]), float(m[4])) for m in ROW.findall(out)]


def test_greedy_wins_more_than_random_players(capsys: pytest.CaptureFixture[str]) -> None:
    """20 capped 4-player games, one greedy player against three random ones: the greedy player
    wins most games and holds more rubies on average than any random player."""
    code, out, err = _run(capsys, "--players", "4", "--games", "20", "--seed", "1", "--turn-cap", "24",
                          "--seats", "random,greedy,random,random")
    assert code == 0, err
    table = _table(out)
    assert [policy for policy, _, _ in table] == ["random", "greedy", "random", "random"]
    greedy_wins, greedy_rubies = table[1][1], table[1][2]
    assert sum(wins for _, wins, _ in table) == pytest.approx(20)
    assert greedy_wins > 10
    for policy, wins, rubies in table:
        if policy == "random":
            assert wins < greedy_wins and rubies < greedy_rubies
    assert "capped games: 20 (stopped after 24 turns" in out
    assert "seeds 1..20" in out
    assert re.search(r"greedy decision time \(\d+ decisions with 2\+ options of \d+ calls\): p50 [\d.]+ ms, "
                     r"p95 [\d.]+ ms", out)
    assert re.search(r"  greedy \(1 seat\): [\d.]+ wins in 20 games \([\d.]+%\), mean rubies [\d.]+ per seat", out)
    assert re.search(r"  random \(3 seats\): [\d.]+ wins in 20 games", out)


def test_seats_rotate_so_every_entrant_starts_as_often(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over 3 games of 3 players, the first entrant sits once at each seat (so starts once)."""
    seats_seen: list[int] = []

    def spy(own: View, decision: Decision, rng: object) -> str:
        if own.viewer not in seats_seen[-1:]:  # a new game: the entrant sits elsewhere
            seats_seen.append(decision.player)
        return decision.default

    monkeypatch.setitem(bot.ai.POLICIES, "spy", spy)
    code, out, err = _run(capsys, "--players", "3", "--games", "3", "--turn-cap", "3", "--seats", "spy,random,random")
    assert code == 0, err
    assert seats_seen == [0, 1, 2]
    assert "capped games: 3" in out


def test_the_same_seed_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    """Two runs with the same options print the same table."""
    argv = ("--players", "2", "--games", "2", "--seed", "5", "--turn-cap", "10", "--seats", "greedy,random")
    first, second = _run(capsys, *argv), _run(capsys, *argv)
    assert first[0] == 0 and _table(first[1]) == _table(second[1]) != []


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--seats", "greedy,random"), "--seats names 2 policies for 4 players"),
        (("--seats", "greedy,clever,random,random"), "unknown computer player 'clever'; known players: easy, greedy, random, strong"),
        (("--games", "0"), "--games must be at least 1"),
        (("--turn-cap", "0"), "--turn-cap must be at least 1"),
        (("--players", "6"), "players"),
        (("--layout", "zigzag"), "layout"),
        (("--games", "many"), "--games"),
        (("--bogus",), "unrecognized arguments: --bogus"),
    ],
)
def test_bad_arguments_get_one_line_and_no_games(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    """A bad option exits 2 with one line on stderr that says what is wrong, and plays nothing."""
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("arena: ") and message in err


def test_greedy_is_the_policy_the_arena_plays() -> None:
    """The arena's 'greedy' is the package's greedy player (the one the service plugs in)."""
    assert bot.ai.get_policy("greedy") is greedy_policy


def test_bench_times_greedy_decisions_at_2_and_5_players(capsys: pytest.CaptureFixture[str]) -> None:
    """`bench` has an ai section with the greedy decision time at 2 and at 5 players (one
    all-greedy game each here); --no-ai leaves it out; --ai-games 0 is refused in one line."""
    assert main(["bench", "--games", "1", "--no-store", "--no-render", "--ai-games", "1"]) == 0
    ai = json.loads(capsys.readouterr().out)["ai"]
    assert set(ai["players"]) == {"2", "5"}
    for figures in ai["players"].values():
        assert figures["decisions"] > 50 and figures["all_calls"] >= figures["decisions"]
        assert 0 < figures["p50_ms"] <= figures["p95_ms"] <= figures["max_ms"]
        assert 0 < figures["cpu_p50_ms"] <= figures["cpu_p95_ms"]
    assert main(["bench", "--games", "1", "--no-store", "--no-render", "--no-ai"]) == 0
    assert "ai" not in json.loads(capsys.readouterr().out)
    assert main(["bench", "--ai-games", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == f"bench: --ai-games must be at least 1 (see {bot_command('bench')} --help)"


def test_games_in_worker_processes_give_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    """--jobs 2 plays the same games as --jobs 1: the same table, capped games and turns; the run
    names its CPU time."""
    argv = ("--players", "3", "--games", "4", "--seed", "9", "--turn-cap", "9", "--seats", "greedy,random,greedy")
    one, two = _run(capsys, *argv, "--jobs", "1"), _run(capsys, *argv, "--jobs", "2")
    assert one[0] == two[0] == 0, two[2]
    assert _table(one[1]) == _table(two[1]) != []

    def outcome(out: str) -> list[str]:
        return [line for line in out.splitlines() if line.startswith(("capped games", "turns per game", "  "))]

    assert outcome(one[1]) == outcome(two[1]) != []
    assert re.search(r"^CPU time: [\d.]+ hours \(2 jobs\)$", two[1], re.M)


def test_a_strong_seat_on_a_chosen_budget(capsys: pytest.CaptureFixture[str]) -> None:
    """`strong` is accepted in --seats; --strong-budget sets its work (the same table twice, and in
    worker processes); the run says the budget and how often the time cap fired; the winners'
    mean rounds are given."""
    argv = ("--players", "2", "--games", "2", "--seed", "3", "--turn-cap", "6", "--seats", "strong,greedy",
            "--strong-budget", "150")
    first, second = _run(capsys, *argv), _run(capsys, *argv, "--jobs", "2")
    assert first[0] == second[0] == 0, first[2]
    assert [policy for policy, _, _ in _table(first[1])] == ["strong", "greedy"]
    assert _table(first[1]) == _table(second[1])
    assert "strong player: budget 150 engine calls per decision; time cap fired 0 times" in first[1]
    assert re.search(r"strong decision time \(\d+ decisions with 2\+ options", first[1])
    assert re.search(r"mean rounds to win [\d.]+", first[1])


@pytest.mark.parametrize(
    ("argv", "message"),
    [(("--jobs", "0"), "--jobs must be at least 1"), (("--strong-budget", "0"), "--strong-budget must be at least 1")],
)
def test_bad_jobs_or_budget_get_one_line(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_bench_times_strong_decisions_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    """`bench --strong-games N` adds the strong player's decision times at 2 and at 5 players with
    the count of decisions its time cap cut short, the deals shared with a helper process as in the
    bot unless `--strong-alone`; without it the section is left out; a negative count is refused in
    one line."""
    argv = ["bench", "--games", "1", "--no-store", "--no-render", "--no-ai"]
    assert main([*argv, "--strong-games", "1", "--strong-budget", "100"]) == 0
    section = json.loads(capsys.readouterr().out)["ai_strong"]
    assert section["engine_calls_budget"] == section["engine_calls_in_play"] == 100  # the base game: undivided
    assert section["time_cap_cpu_seconds"] > 0
    assert set(section["players"]) == {"2", "5"}
    for figures in section["players"].values():
        assert figures["decisions"] > 5 and figures["all_calls"] >= figures["decisions"]
        assert 0 < figures["cpu_p50_ms"] <= figures["cpu_p95_ms"]
        assert figures["time_cap_fired"] == 0
    assert section["deals_shared"] == (cores() > 1)  # as the bot's search workers share them
    assert main([*argv, "--strong-games", "1", "--strong-budget", "100", "--strong-alone"]) == 0
    alone = json.loads(capsys.readouterr().out)["ai_strong"]
    assert alone["deals_shared"] is False and "one thread" in alone["benchmark"]
    assert alone["players"]["2"]["decisions"] == section["players"]["2"]["decisions"]  # the same game, the same choices
    assert not sharing()  # the bench leaves the process as it found it
    assert main(argv) == 0
    assert "ai_strong" not in json.loads(capsys.readouterr().out)
    assert main([*argv, "--strong-games", "-1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--strong-games must be at least 0" in err


def test_bench_times_the_same_strong_decisions_alone_and_shared(capsys: pytest.CaptureFixture[str]) -> None:
    """`bench --strong-sharing N` times N strong decisions per player count both ways, back to
    back, after checking that sharing the deals changed none of them; a negative count is refused."""
    argv = ["bench", "--games", "1", "--no-store", "--no-render", "--no-ai"]
    assert main([*argv, "--strong-sharing", "2"]) == 0
    section = json.loads(capsys.readouterr().out)["strong_sharing"]
    assert set(section["players"]) == {"2", "5"}
    for figures in section["players"].values():
        assert figures["decisions"] == 2 and figures["same_choices"] is True
        assert 0 < figures["alone_p50_ms"] <= figures["alone_p95_ms"]
        assert 0 < figures["shared_p50_ms"] <= figures["shared_p95_ms"]
        assert figures["shared_over_alone_median"] > 0
    assert not sharing()  # left as it was found
    assert main([*argv, "--strong-sharing", "-1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--strong-sharing must be at least 0" in err
