"""What `python -m bot play` prints for a decision, help and the pass-the-keyboard screen (plain
functions from values to lines: no process, no database)."""

from __future__ import annotations

import dataclasses
import re

from bot import engine
from bot.cli.play_text import decision_lines, standings_lines
from bot.service import Game
from bot.store import GameRow, SeatRow
from tests.engine.helpers import play, quiet_game, reach

NAMES = ("Red", "Blue", "Green")


def _game(state: engine.GameState) -> Game:
    row = GameRow(1, "local", None, None, "local:red", "active", {}, 1, state.decision_id, 0, 0.0, 0.0)
    seats = [
        SeatRow(1, i, "local_human", f"local:{name.lower()}", name, name.lower(), False) for i, name in enumerate(NAMES)
    ]
    return Game(row, seats, state)


def test_option_labels_name_the_seats_as_discord_does() -> None:
    """Item 12: the catch options name the caught player, not the engine's `{seat:N}` placeholder."""
    g = quiet_game()
    g.players[1].family = g.players[2].family = 3
    g = engine.set_chance_script(play(reach(g, 3), "skip"), cards=["move34"])
    d = engine.pending(g)
    assert d is not None and d.codes() == ("k1.card", "k1.lira", "k2.card", "k2.lira")
    lines = decision_lines(_game(g), d)
    text = "\n".join(lines)
    assert "{seat:" not in text
    assert "Catch Blue's family member: take a bonus card" in lines[1]
    assert "Catch Green's family member: take 3 Lira" in lines[4]
    # the codes still line up in one column after the names are filled in
    assert len({line.rindex(" k") for line in lines[1:]}) == 1


def test_each_option_shows_where_it_leads_within_80_columns() -> None:
    """Issue 20, item 4: Red on the Fountain of the in-order board; Blue's merchant, Green's family
    member and the Governor wait on 3, the Smuggler on 8. The move lines carry the notes, keyed by
    the place's number, and no line passes 80 columns."""
    g = quiet_game(players=3)
    g.players[1].merchant = 3
    g.players[2].family = 3
    g.board.governor = 3
    g.board.smuggler = 8
    g = engine.validate(g)
    d = engine.pending(g)
    assert d is not None
    lines = decision_lines(_game(g), d, engine.view(g, 0))
    assert all(len(line) <= 80 for line in lines), lines
    three = next(line for line in lines if "(3)" in line)
    # the widest label and code leave 35 columns: the note shrinks, the place is whole
    assert re.fullmatch(r"   3\. Move to Spice Warehouse \(3\) +go\.3 +pay 2 Lira \(Blue\); \+2 more", three), three
    eight = next(line for line in lines if "(8)" in line)
    assert eight.startswith("   8. Move to Black Market (8)") and eight.endswith("go.8   the Smuggler")
    six = next(line for line in lines if "(6)" in line)
    assert six.rstrip() == six and six.endswith("go.6")  # nothing waits there: no note


def test_a_note_shrinks_and_the_label_is_never_cut() -> None:
    """Long labels leave little room: the note ends in "+N more" or, when none of it would be
    left, takes a line of its own; the label itself is whole."""
    g = quiet_game(players=3)
    g.players[1].merchant = 3
    g.players[2].family = 3
    g.board.governor = 3
    g = engine.validate(g)
    d = engine.pending(g)
    assert d is not None
    long = "Move to Spice Warehouse (3), a label made long to leave little room"
    d = dataclasses.replace(d, options=tuple(
        dataclasses.replace(o, label=long) if o.code == "go.3" else o for o in d.options
    ))
    lines = decision_lines(_game(g), d, engine.view(g, 0))
    assert all(len(line) <= 80 for line in lines), lines
    at = next(i for i, line in enumerate(lines) if long in line)
    assert lines[at].endswith("go.3")
    assert lines[at + 1] == "      pay 2 Lira (Blue); catch Green's family; the Governor"
    medium = "Move to Spice Warehouse (3), long"
    d = dataclasses.replace(d, options=tuple(
        dataclasses.replace(o, label=medium) if o.code == "go.3" else o for o in d.options
    ))
    lines = decision_lines(_game(g), d, engine.view(g, 0))
    assert all(len(line) <= 80 for line in lines), lines
    three = next(line for line in lines if medium in line)
    assert re.fullmatch(r".*go\.3 +pay 2 Lira \(Blue\); \+2 more", three), three


def test_the_final_standings_say_which_count_decided_each_place() -> None:
    first = engine.Standing(seat=0, rank=1, rubies=5, lira=10, goods=2, cards=1)
    second = engine.Standing(seat=1, rank=2, rubies=4, lira=23, goods=0, cards=0)
    third = engine.Standing(seat=2, rank=3, rubies=4, lira=18, goods=3, cards=2)
    lines = standings_lines([(first, "Ada"), (second, "Bo"), (third, "Cy")], final=True)
    assert lines[1].endswith("(ahead on rubies 5–4)")
    assert lines[2].endswith("(ahead on Lira 23–18)")
    assert lines[3].endswith("(behind on Lira 18–23)")
    tied = engine.Standing(seat=2, rank=2, rubies=4, lira=23, goods=0, cards=0)
    lines = standings_lines([(first, "Ada"), (second, "Bo"), (tied, "Cy")], final=True)
    assert lines[2].endswith("(tied on every count)") and lines[3].endswith("(tied on every count)")
    assert "(" not in standings_lines([(first, "Ada"), (second, "Bo")], final=False)[1]  # the standings now: as before


def test_the_tea_house_calls_show_their_odds_beside_them_the_codes_giving_way() -> None:
    g = reach(quiet_game(players=3), 9)
    d = engine.pending(g)
    assert d is not None and d.option("n7") is not None
    lines = decision_lines(_game(g), d, engine.view(g, 0))
    assert all(len(line) <= 80 for line in lines), lines
    assert len(lines) == len(d.options) + 1  # every note beside its option
    seven = next(line for line in lines if "Call 7:" in line)
    assert re.fullmatch(r"  +\d+\. Call 7: 7 Lira if the dice reach it, else 2 +dice alone reach 7: 58 %", seven), seven
    assert decision_lines(_game(g), d)[1].endswith("n3")  # without notes, the codes are shown


def test_the_wheelbarrow_and_each_players_board_line_fit_80_columns_at_five_players() -> None:
    """Issue 20/21 follow-up: the chooser's wallet (Lira, goods, rubies) and where its merchant
    stands are separate lines within 80 columns at the largest counts; the board's line per
    player (counts only for the others) fits too."""
    from dataclasses import replace

    from bot.cli.board_text import board_lines
    from bot.cli.play_text import wheelbarrow

    g = engine.new_game(
        engine.GameSettings(players=5, layout="in_order"), ["red", "blue", "green", "yellow", "white"], seed=3,
    ).copy()
    g.players = tuple(
        replace(p, lira=999, goods=(5, 5, 5, 5), extensions=3, rubies=4, merchant=2) for p in g.players
    )  # type: ignore[assignment]
    v = engine.view(engine.validate(g), 0)
    wallet, merchant, held = wheelbarrow(v, 0)
    assert wallet == "999 Lira | goods: fabric 5/5, spice 5/5, fruit 5/5, jewelry 5/5 | rubies 4/5"
    assert merchant == "Merchant at Fabric Warehouse (2) with 4 assistants"
    assert held.startswith("Bonus cards: ")
    board = board_lines(v, {s: "A very long player name" for s in range(5)})
    players = [line for line in board if " Lira  goods " in line]
    assert len(players) == 5 and all(len(line) <= 80 for line in [wallet, merchant, *players]), players
    assert "cards 1" in players[1]  # another seat's hand as a count


def test_a_long_hand_of_bonus_cards_wraps_within_80_columns() -> None:
    """The chooser's cards and mosque tiles wrap onto indented lines instead of running past the
    terminal's 80 columns; every card is still named with its code."""
    from bot.cli.play_text import wheelbarrow

    g = engine.new_game(engine.GameSettings(players=3, layout="in_order"), ["red", "blue", "green"], seed=3).copy()
    hand = ("good", "lira5", "stay", "move34", "sultan2", "gem2", "post2", "smallany", "family", "return")
    g.draw_pile = tuple(sorted(g.draw_pile + g.players[0].cards))
    pile = list(g.draw_pile)
    for card in hand:
        pile.remove(card)
    g.draw_pile = tuple(pile)
    g.players[0].cards = tuple(sorted(hand))
    g.players[0].mosque_tiles = ("red", "green")
    lines = wheelbarrow(engine.view(engine.validate(g), 0), 0)
    held = lines[2:]
    assert len(held) > 1 and held[0].startswith("Bonus cards: ") and all(line.startswith("  ") for line in held[1:])
    assert all(len(line) <= 80 for line in lines), lines
    text = " ".join(held)
    assert all(f"(c.{card})" in text for card in hand) and "mosque tiles:" in text
