"""Shared test configuration; the repository root is pytest's rootdir.

The suite runs on two xdist workers, which take tests two at a time (``--maxschedchunk=2`` in
pyproject.toml). The longest tests (measured with ``--durations``) start first, longest first, so
that the short ones fill in at the end and both workers finish together (run last, one long test
leaves the other worker idle). Order only: each test stands alone.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections.abc import Iterator

import pytest

# Python caches compiled modules unless told not to (PYTHONDONTWRITEBYTECODE, set on some
# machines): then every test process rewrites and compiles every test module again, and every
# `python -m bot` child compiles the bot again. The cache (`__pycache__/`, ignored by git) is
# written here whatever the environment says; the children read it.
sys.dont_write_bytecode = False

HEAVY = (  # node-id prefixes, longest first
    "tests/test_wheel.py::test_the_installed_wheel_works_from_another_folder",
    "tests/cli/test_crash.py::test_killing_the_player_process_at_random_moments_loses_nothing",
    "tests/cli/test_play_letters.py::test_a_whole_letters_game_against_two_computers",
    "tests/engine/mocha/test_playouts.py::test_random_mocha_games_keep_the_invariants_and_replay",
    "tests/cli/test_playouts.py::test_random_games_keep_the_invariants_and_replay",
    "tests/cli/test_play_game.py::test_end_of_input_saves_and_resume_continues_the_newest_or_the_named_game",
    "tests/discord_ui/test_bot_privacy.py::test_what_each_viewer_receives_is_the_same_when_hidden_cards_are_dealt_again",
    "tests/cli/test_play_game.py::test_a_killed_game_resumes_from_the_last_accepted_choice",
    "tests/cli/test_arena.py::test_greedy_wins_more_than_random_players",
    "tests/discord_ui/test_bot_game.py::",
    "tests/discord_ui/test_bot_bazaar_game.py::",
    "tests/cli/test_play_bazaar.py::test_a_whole_great_bazaar_game_against_a_computer",
    "tests/engine/bazaar/test_playouts.py::",
    "tests/cli/test_cli.py::test_soak_plays_checked_games_and_summarises",
    "tests/cli/test_modules_option.py::test_soak_checks_a_game_not_playable_yet_as_a_preview",
    "tests/cli/test_arena.py::test_bench_times_greedy_decisions_at_2_and_5_players",
    "tests/engine/letters/test_playouts.py::test_random_letters_games_keep_the_invariants_and_replay",
    "tests/cli/test_play_game.py::test_a_whole_game_against_two_computers_reaches_the_final_standings",
    "tests/golden/test_golden.py::test_a_database_of_that_release_opens_and_its_game_plays_to_the_end",
    "tests/engine/test_playout.py::test_playout_matches_the_full_path",
    "tests/render/test_render.py::test_the_alt_texts_say_what_the_pictures_show",
    "tests/discord_ui/test_bot_lobby.py::test_computer_seats_move_one_message_per_turn_and_the_end_offers_a_rematch",
    "tests/cli/test_db_commands.py::test_bench_store_section_measures_the_store",
    "tests/engine/test_playout_codes.py::",
    "tests/cli/test_bench_race.py::test_the_race_section_against_a_tree",
    "tests/cli/test_play_game.py::test_pictures_are_written_next_to_the_database_and_rewritten",
    "tests/engine/letters/test_letters_terminal_keys.py::test_every_letters_decision_has_distinct_keys_in_random_games",
    "tests/cli/test_db_commands.py::",
    "tests/cli/test_play_letters.py::",
)


def _rank(item: pytest.Item) -> int:
    return next((i for i, prefix in enumerate(HEAVY) if item.nodeid.startswith(prefix)), len(HEAVY))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: the rest keep their order


# Opt-in cost probe: ISTANBUL_TEST_CPU=<folder> writes one line per test (wall seconds, CPU
# seconds of this process and of its finished child processes, node id) to a file per worker.
# It tells a slow test that works from one that waits (sleeps, timeouts, a lone worker), which
# wall-clock figures on a shared machine cannot.
_CPU_DIR = os.environ.get("ISTANBUL_TEST_CPU")

if _CPU_DIR:

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.process_time()
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        yield
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        child = (after.ru_utime + after.ru_stime) - (kids.ru_utime + kids.ru_stime)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(os.path.join(_CPU_DIR, f"cpu-{worker}.tsv"), "a", encoding="utf-8") as out:
            out.write(
                f"{time.perf_counter() - wall:.3f}\t{time.process_time() - cpu:.3f}\t{child:.3f}\t{item.nodeid}\n"
            )
