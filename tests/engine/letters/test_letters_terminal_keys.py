"""The keys typed in the terminal (`python -m bot play`) at the Letters & Seals decisions: the
merchant's and the companion's moves to one place, a delivered letter beside an open one, the
follow card's seats; and, over seeded random games, every decision's keys distinct."""

from __future__ import annotations

import random

import bot.cli.letters_text  # noqa: F401  (registers the module's keys)
from bot.cli.play_input import Bad, Pick, keys_hint, option_keys, read_answer
from bot.engine import Decision, Option, apply, new_game, pending, preview_settings
from bot.engine.letters import data
from tests.cli.keys_check import checked_keys
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER, play
from tests.engine.letters.letters_helpers import done, edit, put_companion, quiet_letters
from tests.engine.letters.test_letters_bonus_cards import holding
from tests.playable import playable_letters


def _both_tokens() -> Decision:
    g = edit(quiet_letters())
    put_companion(g, 0, 7)  # beside the merchant on the Fountain
    d = pending(done(g))
    assert d is not None and "go.4" in d.codes() and "t.cm.4" in d.codes()
    return d


def test_the_merchant_and_the_companion_moving_to_one_place_have_their_own_keys() -> None:
    d = _both_tokens()
    keys = dict(zip(d.codes(), option_keys(d), strict=True))
    assert keys["go.4"] == "4" and keys["t.cm.4"] == "c4"
    assert keys["go.11"] == "11" and keys["t.cm.11"] == "c11"
    assert read_answer("4", d) == Pick("go.4")
    assert read_answer("c4", d) == Pick("t.cm.4")
    assert read_answer(" C11 ", d) == Pick("t.cm.11")
    assert keys_hint(option_keys(d)) == "a place number or companion c4, c6, c11 or c12"
    answer = read_answer("c9", d)  # not a companion move here
    assert isinstance(answer, Bad) and "c4" in answer.answer


def test_a_delivered_letter_beside_an_open_one_for_the_same_place() -> None:
    d = Decision(1, 0, "kiosk_pay", "?", (
        Option("l.11", "Give up a letter for Small Market (11), 1 seal"),
        Option("l.11.d", "Give up a letter for Small Market (11), 2 seals"),
        Option("l.4", "Give up a letter for Fruit Warehouse (4), 1 seal"),
    ), "l.11")
    assert option_keys(d) == ("11", "11d", "4")
    assert read_answer("11d", d) == Pick("l.11.d")
    assert keys_hint(option_keys(d)) == "place 11 or 4 or delivered letter 11d"


def test_the_follow_cards_seats_are_keyed_in_order_never_as_places() -> None:
    g = edit(holding(data.FOLLOW))
    g.players[1].merchant = 1  # seat 1 on the Wainwright (place 1), seat 2 on the Fruit Warehouse
    g.players[2].merchant = 4
    g = play(done(g), f"c.{data.FOLLOW}")
    d = pending(g)
    assert d is not None and d.kind == "follow" and d.codes() == ("f.1", "f.2")
    assert option_keys(d) == ("1", "2")
    assert read_answer("2", d) == Pick("f.2")


def test_every_letters_decision_has_distinct_keys_in_random_games() -> None:
    seen: set[str] = set()
    with playable_letters():
        for seed in range(4):
            rng = random.Random(seed)
            modules = ("letters",) if seed % 2 else ("mocha", "letters")
            players = 2 + seed % 4
            g = new_game(preview_settings(players=players, expansions=modules), COLOURS_IN_SEAT_ORDER[:players], seed)
            for _ in range(1500):
                d = pending(g)
                if d is None:
                    break
                checked_keys(d)
                if any(c.startswith("t.cm.") for c in d.codes()):
                    seen.add(d.kind)
                g, _ = apply(g, d.player, d.decision_id, rng.choice(d.codes()))
    assert "move" in seen  # companion moves beside the merchant's came up
