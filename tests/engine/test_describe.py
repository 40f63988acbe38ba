"""The story lines: every event reads as a sentence, and the public never learns a drawn card."""

from __future__ import annotations

import random

from bot.engine import (
    Event,
    GameSettings,
    GameState,
    apply,
    describe,
    fill_seats,
    forfeit_turn,
    new_game,
    pending,
    validate,
)
from bot.engine.texts import CARD_NAMES
from tests.engine.helpers import give, grant_tile, play_events, quiet_game

SILENT = {"input"}
# told by another line: the sale, the tile used, the forfeit
SILENT_QUIET = {
    ("pay", "market", None), ("pay", "green_tile", None), ("pay", "yellow_tile", None), ("end_early", None, "forfeit")
}


def random_events(seed: int, players: int) -> list[Event]:
    g = new_game(GameSettings(players=players, layout="random"), ["red", "blue", "green", "yellow", "white"][:players], seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while (d := pending(g)) is not None and g.turns < 600:
        g, ev = apply(g, d.player, d.decision_id, rng.choice(d.codes()))
        events.extend(ev)
    return events


def test_every_event_has_a_public_line_and_names_seats_by_placeholder() -> None:
    """Each kind of event the engine emits tells the public something, in plain words."""
    kinds = set()
    for seed in range(4):
        for e in random_events(seed, 2 + seed):
            kinds.add(e.kind)
            for viewer in (None, 0, 1):
                line = describe(e, viewer)
                if e.kind in SILENT:
                    assert line is None
                    continue
                if line is None:
                    quiet = (e.kind, e.data.get("why"), e.data.get("reason"))
                    assert quiet in SILENT_QUIET, e
                    continue
                names = ["Ana", "Ben", "Cem", "Dila", "Emre"][: 2 + seed]
                assert "{" not in fill_seats(line, names.__getitem__), line  # only seats at the table
                assert line.endswith((".", "?")), line
    assert {"move", "assistant", "dice", "draw", "gain", "turn"} <= kinds


def test_drawn_card_is_named_only_to_the_drawer() -> None:
    """A card drawn from the face-down pile appears by name only in its owner's line."""
    event = Event("draw", 1, {"card": "sultan2"})
    assert CARD_NAMES["sultan2"] in (describe(event, 1) or "")
    for viewer in (None, 0, 2):
        line = describe(event, viewer) or ""
        assert "bonus card" in line
        assert not any(name in line for name in CARD_NAMES.values())


def test_played_and_discarded_cards_are_public() -> None:
    """Cards played or discarded lie face up, so everyone reads their names."""
    for kind in ("card", "discard", "take_discard"):
        line = describe(Event(kind, 0, {"card": "lira5", "why": "governor"}), None) or ""
        assert CARD_NAMES["lira5"] in line


# ---- lines a player reads after real choices ----------------------------------------------------


def public_lines(g: GameState, *moves: str) -> tuple[GameState, list[str]]:
    """Play the codes; return the state and the public lines of every event on the way."""
    out: list[str] = []
    for code in moves:
        g, events = play_events(g, code)
        out += [line for e in events if (line := describe(e, None))]
    return g, out


def test_ending_the_turn_at_the_assistant_step_says_whether_it_was_a_choice() -> None:
    """Ending the turn with an assistant at hand is the player's choice; with none it is not."""
    g = quiet_game()
    _, chose = public_lines(g, "go.2", "x.end")
    assert "{seat:0} chose not to use an assistant at Fabric Warehouse, which ends the turn." in chose
    g.players[0].stack = ""
    g.players[0].assistants = (1, 4, 5, 10)
    _, forced = public_lines(validate(g), "go.2")
    assert "{seat:0} had no assistant to leave at Fabric Warehouse, so the turn ends." in forced
    assert not any("chose" in line for line in forced)


def test_ending_the_turn_at_the_pay_step_says_whether_it_was_a_choice() -> None:
    """Refusing to pay and being unable to pay read differently."""
    g = quiet_game()
    g.players[1].merchant = 2
    _, refused = public_lines(validate(g), "go.2", "a.leave", "x.end")
    assert "{seat:0} would not pay the merchants at Fabric Warehouse, which ends the turn." in refused
    g.players[0].lira = 1
    _, broke = public_lines(validate(g), "go.2", "a.leave")
    assert "{seat:0} could not pay the merchants at Fabric Warehouse, so the turn ends." in broke


def test_an_action_that_cannot_be_taken_is_not_called_a_choice() -> None:
    """At the Wainwright without 7 Lira the action is impossible: not 'chose not to'."""
    g = quiet_game()
    _, declined = public_lines(g, "go.6", "a.leave", "skip")
    assert "{seat:0} chose not to take the action of Caravansary." in declined
    g.players[0].merchant = 2
    _, lines = public_lines(validate(g), "go.1", "a.leave")
    assert "{seat:0} could not take the action of Wainwright." in lines


def test_lines_name_cards_tiles_and_payees_in_plain_words() -> None:
    """Cards played are quoted by name, tiles and payees are named, assistants are counted."""
    g = quiet_game()
    give(g, 0, "lira5")
    grant_tile(g, 0, "yellow")
    g.players[0].stack, g.players[0].assistants = "oo", (2, 5)
    g = validate(g)
    _, lines = public_lines(g, "c.lira5", "t.yellow", "y.5")
    assert lines[:4] == [
        "{seat:0} played the “Take 5 Lira” card.",
        "{seat:0} gained 5 Lira from a bonus card.",
        "{seat:0} paid 2 Lira to use the yellow mosque tile.",
        "{seat:0} called back the assistant at Post Office.",
    ]
    assert describe(Event("recall", 0, {"places": [2, 5], "why": "fountain"}), None) == (
        "{seat:0} called back 2 assistants, from Fabric Warehouse and Post Office."
    )
    assert describe(Event("pay", 0, {"goods": {}, "lira": 2, "why": "governor"}), None) == (
        "{seat:0} paid 2 Lira to the Governor."
    )
    assert describe(Event("ruby", 0, {"source": "gemstone", "total": 3}), None) == (
        "{seat:0} took a ruby from the Gemstone Dealer (3 in all)."
    )


def test_a_sale_tells_the_demand_tile_turned_up() -> None:
    """After a sale everybody reads what the next demand tile asks for."""
    g = quiet_game()
    g.players[0].goods = (1, 0, 0, 0)
    g.board.small_demand = ("s1", "s3", "s2", "s4", "s5")
    _, lines = public_lines(validate(g), "go.11", "a.leave", "act")
    assert "{seat:0} sold 1 fabric for 2 Lira." in lines
    assert "The next demand tile at Small Market asks for 1 fabric, 3 spice and 1 fruit." in lines


def test_events_stored_before_the_extra_fields_still_read() -> None:
    """Older logs lack the newer fields (place, could, colour, at): their lines still read."""
    old = [
        Event("end_early", 0, {"reason": "no_assistant"}),
        Event("skip", 0, {"place": 3}),
        Event("fee", 0, {"to": -1, "lira": 2}),
        Event("relocate", 0, {"token": "neutral", "to": 5}),
        Event("forfeit", 0, {"decision": 3}),
        Event("nothing", 0, {}),
    ]
    for e in old:
        line = describe(e, None)
        assert line and line.endswith("."), e


def test_a_forfeit_says_whether_it_skipped_a_turn_or_the_leftover_cards() -> None:
    """A forfeit in a turn skips the turn; at the leftover-card step after the last round it only
    stops that player's leftover cards, and the line says so."""
    g = quiet_game()
    give(g, 0, "lira5")
    g.end_triggered = True
    g = validate(g)
    g, events = forfeit_turn(g, 0)
    assert "{seat:0}'s turn was skipped." in [describe(e, None) for e in events]
    for seat in (1, 2):
        g, _ = forfeit_turn(g, seat)
    d = pending(g)
    assert d is not None and (d.kind, d.player) == ("final", 0)
    g, events = forfeit_turn(g, 0)
    assert [describe(e, None) for e in events if e.kind == "forfeit"] == ["{seat:0} played no more leftover cards."]
    assert g.players[0].cards == ("lira5",) and g.finished
