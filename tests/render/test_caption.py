"""The caption of the last turn: built from the public story of the log only (never a drawn
card), naming players by colour, undone choices dropped, and the right turn chosen."""

from __future__ import annotations

from bot import engine
from bot.cli.playout import RandomPlayer, colours_of
from bot.engine import Event, GameSettings
from bot.render.caption import caption, last_turn, taken_back

COLOURS = ["red", "blue", "green", "yellow"]


def E(kind: str, player: int | None = None, **data: object) -> Event:  # noqa: N802
    return Event(kind, player, dict(data))


def _turn(seat: int, *events: Event) -> list[Event]:
    return [E("turn", seat, round=3), *events]


GEMSTONE = _turn(
    3,
    E("input", 3, decision=10, code="go.16"),
    E("move", 3, source=9, target=16, how="move"),
    E("input", 3, decision=11, code="a.leave"),
    E("assistant", 3, act="leave", place=16, neutral=False),
    E("input", 3, decision=12, code="act"),
    E("action", 3, place=16, via=""),
    E("pay", 3, goods={}, lira=20, why="gemstone"),
    E("ruby", 3, source="gemstone", total=5),
)


def test_the_example_of_the_issue() -> None:
    assert caption(GEMSTONE, COLOURS) == "Yellow: Gemstone Dealer, paid 20 Lira → 5th ruby"


def test_the_turn_told_is_the_last_one_played() -> None:
    """The new turn has not moved yet: the one before is told; once it has moved, it is."""
    started = [*GEMSTONE, E("input", 3, decision=13, code="done"), E("turn", 0, round=4)]
    assert caption(started, COLOURS).startswith("Yellow: Gemstone Dealer")
    moved = [*started, E("input", 0, decision=14, code="go.7"), E("move", 0, source=1, target=7, how="move")]
    assert caption(moved, COLOURS) == "Red: Fountain"
    assert caption([E("turn", 0, round=1)], COLOURS) == "" and caption([], COLOURS) == ""


def test_undone_choices_are_not_told() -> None:
    undone = [*GEMSTONE, E("undo", 3, decision=13)]  # takes back the action and what followed
    assert caption(undone, COLOURS) == "Yellow: Gemstone Dealer"
    assert taken_back(undone)[-1].kind == "assistant"
    all_back = [*undone, E("undo", 3, decision=14), E("undo", 3, decision=15)]
    assert caption(all_back, COLOURS) == ""  # the move itself taken back: nothing played yet
    assert last_turn(all_back) == []


def test_a_drawn_card_is_never_named() -> None:
    """The public sees that a card was drawn, never which one: two logs that differ only in the
    drawn cards give the same caption."""

    def drawn(cards: tuple[str, str]) -> list[Event]:
        return _turn(
            1, E("input", 1, decision=3, code="go.6"), E("move", 1, source=7, target=6, how="move"),
            E("action", 1, place=6, via=""), E("draw", 1, card=cards[0]), E("draw", 1, card=cards[1]),
            E("take_discard", 1, card="lira5"), E("discard", 1, card="sultan2"),
        )  # fmt: skip

    one, other = caption(drawn(("good", "stay")), COLOURS), caption(drawn(("move34", "family")), COLOURS)
    assert one == other == "Blue: Caravansary, drew 2 bonus cards, took “Take 5 Lira” from the discard"


def test_fees_catches_and_the_tea_house() -> None:
    events = _turn(
        0, E("move", 0, source=2, target=9, how="move"), E("fee", 0, to=2, lira=2),
        E("action", 0, place=9, via=""), E("call", 0, number=7), E("dice", 0, d=[3, 5]),
        E("gain", 0, goods={}, lira=7, why="tea_house"),
        E("caught", 0, victim=1, reward="lira"), E("gain", 0, goods={}, lira=3, why="reward"),
        E("dice", 0, d=[2, 2]), E("relocate", 0, token="governor", to=4),
    )  # fmt: skip
    assert caption(events, COLOURS) == (
        "Red: Tea House, paid Green 2 Lira, called 7, rolled 3+5, got 7 Lira, caught Blue's family member, got 3 Lira"
    )  # the roll that moved the Governor is not told


def test_a_single_die_reads_as_one_number() -> None:
    """A kiosk tile rolls one die (Letters & Seals): the caption tells that one roll."""
    events = _turn(
        1, E("move", 1, source=2, target=22, how="move"), E("action", 1, place=22, via=""), E("dice", 1, d=[4]),
        E("gain", 1, goods={}, lira=4, why="kiosk"),
    )  # fmt: skip
    assert caption(events, COLOURS) == "Blue: Kiosk, rolled 4, got 4 Lira"


def test_skips_and_stays() -> None:
    assert caption(_turn(2, E("forfeit", 2, decision=5, at="move")), COLOURS) == "Green: turn skipped"
    stay = _turn(2, E("move", 2, source=5, target=5, how="stay"),
                 E("end_early", 2, reason="declined_assistant", place=5))  # fmt: skip
    assert caption(stay, COLOURS) == "Green: stayed at Post Office, no action"


def test_every_caption_of_a_real_game_reads() -> None:
    """Through a whole seeded game: a caption after every move, always "<Colour>: …", naming no
    card that was drawn face down."""
    config = GameSettings(players=4)
    state = engine.new_game(config, colours_of(config), 11)
    player = RandomPlayer(11)
    log: list[Event] = []
    colours = colours_of(config)
    while (d := engine.pending(state)) is not None:
        state, events = engine.apply(state, d.player, d.decision_id, player.choose(d))
        log += events
        told = caption(log[-400:], colours)
        if any(e.kind == "move" for e in log):
            assert told.split(":")[0] in {c.capitalize() for c in colours}, told
            for e in last_turn(log[-400:]):
                if e.kind == "draw":
                    assert "drew" in told
