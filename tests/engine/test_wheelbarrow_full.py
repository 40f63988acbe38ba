"""Goods lost to a full wheelbarrow (issue 19, item 16): the story line says "(wheelbarrow full)"
and names what was lost, the options that give a good with no room left say so, and lines of
logs stored before the loss was recorded still read correctly."""

from __future__ import annotations

from bot.engine import Event, describe, pending, set_chance_script, validate
from tests.engine.helpers import codes, give, play, play_events, quiet_game, reach


def _labels(g: object) -> dict[str, str]:
    d = pending(g)  # type: ignore[arg-type]
    assert d is not None
    return {o.code: o.label for o in d.options}


def _gain_lines(events: list[Event]) -> list[str]:
    return [line for e in events if e.kind == "gain" and (line := describe(e, None))]


def test_jewelry_rolled_with_no_room_is_lost_and_said_so() -> None:
    """The play-testers' case: the roll gave 2 jewelry, jewelry was full."""
    g = quiet_game()
    g.players[0].goods = (0, 0, 0, 2)  # capacity 2: no room for jewelry
    g = set_chance_script(reach(validate(g), 8), dice=[(4, 5)])
    labels = _labels(g)
    assert labels["roll"] == "Roll for jewelry first (no room for jewelry), take the good after"
    assert labels["g.red"] == "Take 1 fabric, then roll for jewelry"
    g, events = play_events(g, "g.red")
    gain = [e for e in events if e.kind == "gain"][-1]
    assert gain.data["goods"] == {} and gain.data["lost"] == {"blue": 2}
    assert _gain_lines(events)[-1] == "{seat:0} gained nothing at the Black Market (2 jewelry lost: wheelbarrow full)."
    assert g.players[0].goods == (1, 0, 0, 2)


def test_part_of_a_roll_that_fits_arrives_and_the_rest_is_named() -> None:
    g = quiet_game()
    g.players[0].goods = (2, 0, 0, 1)  # fabric full, room for 1 jewelry
    g = set_chance_script(reach(validate(g), 8), dice=[(5, 6)])
    labels = _labels(g)
    assert labels["g.red"] == "Take 1 fabric (no room: it would be lost), then roll for jewelry"
    assert labels["roll"] == "Roll for jewelry first, take the good after"
    g, events = play_events(g, "roll")
    assert _gain_lines(events) == ["{seat:0} gained 1 jewelry at the Black Market (2 jewelry lost: wheelbarrow full)."]
    assert _labels(g)["g.red"] == "Take 1 fabric (no room: it would be lost)"
    g, events = play_events(g, "g.red")
    assert _gain_lines(events) == ["{seat:0} gained nothing at the Black Market (1 fabric lost: wheelbarrow full)."]


def test_the_red_tile_labels_name_the_jewelry_that_would_not_fit() -> None:
    from tests.engine.helpers import grant_tile

    g = quiet_game()
    grant_tile(g, 0, "red")
    g.players[0].goods = (0, 0, 0, 1)
    g = set_chance_script(reach(validate(g), 8), dice=[(5, 5)])
    g = play(g, "g.red")
    labels = _labels(g)
    assert labels["ok"] == "Keep 5 and 5: 10, 2 jewelry (1 lost: no room)"
    assert labels["t.four1"] == "Red tile: turn the 5 into a 4: 9, 2 jewelry (1 lost: no room)"


def test_a_full_warehouse_and_post_office_say_so_and_filling_up_loses_nothing() -> None:
    g = quiet_game()
    g.players[0].goods = (1, 0, 2, 0)
    g = reach(validate(g), 2)
    assert _labels(g)["act"] == "Fill up your fabric"
    g, events = play_events(g, "act")
    assert [e.data for e in events if e.kind == "gain"] == [{"goods": {"red": 1}, "lira": 0, "why": "warehouse"}]
    assert _gain_lines(events) == ["{seat:0} gained 1 fabric at the warehouse."]

    g = quiet_game()
    g.players[0].goods = (2, 0, 0, 0)
    g = reach(validate(g), 2)
    assert _labels(g)["act"] == "Fill up your fabric (already full)"
    g, events = play_events(g, "act")
    assert _gain_lines(events) == ["{seat:0} gained nothing at the warehouse (wheelbarrow full)."]

    g = quiet_game()
    g.board.mail = 2  # 1 fabric, 1 fruit and 3 Lira
    g.players[0].goods = (2, 0, 2, 0)
    g = reach(validate(g), 5)
    assert _labels(g)["act"] == "Take 1 fabric, 1 fruit and 3 Lira (no room for fabric and fruit)"
    g, events = play_events(g, "act")
    assert _gain_lines(events) == [
        "{seat:0} gained 3 Lira at the Post Office (1 fabric and 1 fruit lost: wheelbarrow full)."
    ]


def test_the_good_card_and_the_smuggler_say_which_good_has_no_room() -> None:
    g = quiet_game()
    give(g, 0, "good")
    g.players[0].goods = (0, 2, 0, 0)
    g = play(validate(g), "c.good")
    assert _labels(g) == {
        "g.red": "Take 1 fabric", "g.green": "Take 1 spice (no room: it would be lost)",
        "g.yellow": "Take 1 fruit", "g.blue": "Take 1 jewelry",
    }
    g = quiet_game()
    g.players[0].goods, g.board.smuggler = (2, 0, 0, 0), 3
    g = set_chance_script(play(reach(validate(g), 3), "skip"), dice=[(4, 4)])
    g = play(g, "smug")
    assert codes(g) == ("g.red", "g.green", "g.yellow", "g.blue")  # still offered: the rules allow it
    assert _labels(g)["g.red"] == "Take 1 fabric (no room: it would be lost)"
    assert _labels(g)["g.green"] == "Take 1 spice"


def test_lines_of_logs_stored_before_the_loss_was_recorded_still_read_correctly() -> None:
    """An old gain of nothing at all can only be a full wheelbarrow; an old partial gain tells what
    arrived, as before; other gains read as they always did."""
    old_nothing = Event("gain", 1, {"goods": {}, "lira": 0, "why": "black_market"})
    old_partial = Event("gain", 1, {"goods": {"blue": 1}, "lira": 0, "why": "black_market"})
    old_lira = Event("gain", 1, {"goods": {}, "lira": 5, "why": "card"})
    assert describe(old_nothing, None) == "{seat:1} gained nothing at the Black Market (wheelbarrow full)."
    assert describe(old_partial, 1) == "{seat:1} gained 1 jewelry at the Black Market."
    assert describe(old_lira, None) == "{seat:1} gained 5 Lira from a bonus card."
