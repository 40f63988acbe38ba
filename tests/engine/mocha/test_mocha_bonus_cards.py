"""The nine bonus-card kinds of Mocha & Baksheesh (rulebook "New bonus cards", components.md §8.2,
house values H2 and H4; RULES-NOTES E-10, E-11, E-32, E-33, E-43, E-55). The die-to-6 card has
its own file (test_mocha_die_to_six.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.engine import (
    GameState,
    IllegalChoice,
    apply,
    can_undo,
    describe,
    new_game,
    pending,
    preview_settings,
    set_chance_script,
    undo,
)
from bot.engine.board import EDGE_BLOCKERS, BlockedEdge
from bot.engine.cards import REMOTE_TAGS
from bot.engine.decision import Option
from bot.engine.invariants import violations
from bot.engine.machine import Tx
from bot.engine.mocha.coffee import coffee_of
from bot.engine.mocha.data import BONUS_CARDS, MDICE_FACE_REWARDS
from bot.engine.places import PLACES, Place
from bot.engine.state import Step
from bot.engine.wheelbarrow import gain_goods
from tests.engine.helpers import codes, give, kind, pass_turn, play, play_events
from tests.engine.mocha.bonus_helpers import mocha_game, reach, set_coffee, validate

# First-game layout: corners 16, 10, 20, 13; the merchants start on the Fountain 7.


def cards_offered(g: GameState) -> set[str]:
    return {c[2:] for c in codes(g) if c.startswith("c.")}


def holding(*cards: str, coffee: int = 0, goods: tuple[int, int, int, int] | None = None, lira: int | None = None) -> GameState:
    g = mocha_game()
    give(g, 0, *cards)
    set_coffee(g, 0, coffee)
    if goods is not None:
        g.players[0].goods = goods
    if lira is not None:
        g.players[0].lira = lira
    return validate(g)


def lines(events: list[object], viewer: int | None = None) -> list[str]:
    return [line for e in events if (line := describe(e, viewer)) is not None]  # type: ignore[arg-type]


def test_mocha_cards_are_two_of_each_kind_in_the_bonus_deck_and_never_in_a_base_game() -> None:
    g = mocha_game()
    for card, count in BONUS_CARDS.items():
        assert g.draw_pile.count(card) == count == 2
    base = new_game(preview_settings(players=3), ["red", "blue", "green"], 1)
    assert not set(BONUS_CARDS) & set(base.draw_pile + sum((p.cards for p in base.players), ()))


# ---- coffee2, buyguild, lira8 ---------------------------------------------------------------------


def test_mocha_card_coffee2_gives_2_coffee_at_any_free_moment() -> None:
    g = holding("coffee2")
    assert "coffee2" in cards_offered(g)
    g, events = play_events(g, "c.coffee2")
    assert coffee_of(g, 0) == 2 and g.discard[-1] == "coffee2" and not g.players[0].cards
    assert "{seat:0} took 2 coffee with a bonus card (now 2)." in lines(events)
    g = holding("coffee2")
    g = play(g, "go.1", "a.leave")
    assert kind(g) == "action" and "coffee2" in cards_offered(g)  # also before (and after) an action


def test_mocha_card_buyguild_pays_2_coffee_for_a_hidden_guild_card() -> None:
    g = set_chance_script(holding("buyguild", coffee=3), cards={"guild": ["g7"]})
    g, events = play_events(g, "c.buyguild")
    assert coffee_of(g, 0) == 1 and g.players[0].hands["guild"] == ("g7",) and g.discard[-1] == "buyguild"
    public = lines(events, None)
    assert "{seat:0} paid 2 coffee with a bonus card (now 1)." in public
    assert "{seat:0} drew a guild card." in public and not any("#7" in line for line in public)
    assert any("#7" in line for line in lines(events, 0))


def test_mocha_card_buyguild_needs_2_coffee_and_a_guild_card_to_draw() -> None:
    assert "buyguild" not in cards_offered(holding("buyguild", coffee=1))
    g = holding("buyguild", coffee=2).copy()
    g.decks["guild"] = g.decks["guild"].__class__(pile=(), discard=())
    g = validate(g)
    assert "buyguild" not in cards_offered(g)


def test_mocha_card_lira8_pays_1_coffee_for_8_lira() -> None:
    g = holding("lira8", coffee=1, lira=2)
    g = play(g, "c.lira8")
    assert (coffee_of(g, 0), g.players[0].lira) == (0, 10)
    assert "lira8" not in cards_offered(holding("lira8", coffee=0))


# ---- swap3: the exchange (E-43: coffee counts here) -------------------------------------------------


def test_mocha_card_swap3_the_rulebook_example_3_yellow_for_2_blue_and_1_coffee() -> None:
    g = holding("swap3", goods=(0, 0, 3, 0))
    g = play(g, "c.swap3")
    assert kind(g) == "exchange" and "sw.y.c" in codes(g) and "sw.y.y" not in codes(g)
    g = play(g, "sw.y.b", "sw.y.b", "sw.y.c")
    assert g.players[0].goods == (0, 0, 0, 2) and coffee_of(g, 0) == 1
    assert kind(g) == "move"  # three swaps at most: back to the turn


def test_mocha_card_swap3_never_takes_back_a_kind_given_and_may_stop_early() -> None:
    g = play(holding("swap3", coffee=2, goods=(1, 0, 1, 0)), "c.swap3", "sw.c.r")
    left = codes(g)
    assert not any(c.startswith("sw.r.") for c in left)  # the fabric just taken is not given back
    assert not any(c.endswith(".c") for c in left)  # nor coffee taken back for coffee given
    g = play(g, "done")
    assert (g.players[0].goods, coffee_of(g, 0), kind(g)) == ((2, 0, 1, 0), 1, "move")


def test_mocha_card_swap3_capacity_applies() -> None:
    g = play(holding("swap3", coffee=1, goods=(0, 0, 0, 2)), "c.swap3")
    assert any(o.code == "sw.c.b" and "lost" in o.label for o in pending(g).options)  # type: ignore[union-attr]
    g, events = play_events(g, "sw.c.b")
    assert g.players[0].goods == (0, 0, 0, 2) and coffee_of(g, 0) == 0
    assert any("lost" in line for line in lines(events))


def test_mocha_card_swap3_needs_goods_or_coffee() -> None:
    assert "swap3" not in cards_offered(holding("swap3"))
    assert "swap3" in cards_offered(holding("swap3", coffee=1))


def test_mocha_card_swap3_can_be_undone_swap_by_swap() -> None:
    g = play(holding("swap3", goods=(2, 0, 0, 0)), "c.swap3", "sw.r.g")
    assert can_undo(g, 0)
    g, _ = undo(g, 0)
    assert kind(g) == "exchange" and g.players[0].goods == (2, 0, 0, 0)


# ---- mdice: two dice, one reward per die (house value H4) ----------------------------------------


@pytest.mark.parametrize(("dice", "goods", "lira", "coffee"), [
    ((3, 5), (1, 0, 1, 0), 2, 0), ((1, 2), (0, 0, 0, 0), 4, 1), ((4, 4), (0, 2, 0, 0), 2, 0), ((6, 1), (0, 0, 0, 1), 2, 1),
])  # fmt: skip
def test_mocha_card_mdice_pays_one_reward_per_die(
    dice: tuple[int, int], goods: tuple[int, int, int, int], lira: int, coffee: int
) -> None:
    g = set_chance_script(holding("mdice", lira=2), dice=[dice])
    g = play(g, "c.mdice")
    if kind(g) == "dice":  # hands are empty now: the die-to-6 question is never asked here
        pytest.fail("asked about the dice with an empty hand")
    assert (g.players[0].goods, g.players[0].lira, coffee_of(g, 0)) == (goods, lira, coffee)


def test_mocha_card_mdice_table_is_house_value_h4() -> None:
    assert MDICE_FACE_REWARDS == {
        1: ("coffee", 1), 2: ("lira", 2), 3: ("yellow", 1), 4: ("green", 1), 5: ("red", 1), 6: ("blue", 1),
    }  # fmt: skip


# ---- corner: a teleport instead of the normal move (E-10, E-11, E-32a) --------------------------


def test_mocha_card_corner_jumps_to_any_other_corner_and_the_turn_goes_on() -> None:
    g = holding("corner")
    g = play(g, "c.corner")
    assert kind(g) == "corner" and codes(g) == ("go.10", "go.13", "go.16", "go.20")
    g, events = play_events(g, "go.13")
    assert g.players[0].merchant == 13 and kind(g) == "assistant"
    assert "{seat:0} moved from Fountain to Sultan's Palace." in lines(events)
    g = holding("corner").copy()
    g.players[0].merchant = 16
    g = play(validate(g), "c.corner")
    assert codes(g) == ("go.10", "go.13", "go.20")  # never the corner it stands on


def test_mocha_card_corner_only_replaces_the_movement() -> None:
    g = holding("corner")
    g = play(g, "go.1")
    assert kind(g) == "assistant" and "corner" not in cards_offered(g)


@pytest.fixture
def walled_corner() -> Iterator[None]:
    """A blocker (as the Barrier would be) on both edges into the corner 16."""

    class Walls:
        module = "mocha"

        def blocked_edges(self, g: GameState) -> list[BlockedEdge]:
            return [BlockedEdge(15, 16), BlockedEdge(8, 16)]

    walls = Walls()
    EDGE_BLOCKERS.add(walls, "mocha")
    yield
    EDGE_BLOCKERS.remove(walls)


def test_mocha_card_corner_is_a_teleport_the_barrier_does_not_stop_it(walled_corner: None) -> None:
    """E-10, E-11: the corner is reached even with every edge into it blocked."""
    g = holding("corner").copy()
    g.players[0].merchant = 15  # next to 16, but the edge is blocked
    g = validate(g)
    assert "go.16" not in codes(g)
    g = play(g, "c.corner", "go.16")
    assert g.players[0].merchant == 16


# ---- wain2, coffeeh2: "if you are at ..." the action once more (E-32c, E-33) -----------------


def test_mocha_card_wain2_buys_a_second_extension_right_after_the_first() -> None:
    g = reach(holding("wain2", lira=14), 1)
    assert codes(g) == ("act", "c.wain2", "skip")
    g = play(g, "c.wain2")
    assert g.players[0].extensions == 1 and kind(g) == "action" and g.steps[-1].tag == "again"
    g = play(g, "act")
    assert (g.players[0].extensions, g.players[0].lira, g.discard[-1]) == (2, 0, "wain2")


def test_mocha_card_wain2_only_at_the_wainwright_and_with_an_action_to_take() -> None:
    assert "wain2" not in cards_offered(reach(holding("wain2", lira=14), 3))
    assert "wain2" not in cards_offered(reach(holding("wain2", lira=6), 1))  # no extension affordable


def test_mocha_card_wain2_for_the_family_member_sent_there() -> None:
    """E-33: the family member the Police Station sends stands on the Wainwright."""
    g = play(reach(holding("wain2", lira=14), 12), "f.1")
    assert g.steps[-1].tag == "family" and "c.wain2" in codes(g)
    g = play(g, "c.wain2", "act")
    assert g.players[0].extensions == 2


def test_mocha_card_wain2_never_with_a_remote_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """E-33: "if you are at" needs the acting token on the place: not the Tavern's remote action."""
    monkeypatch.setattr("bot.engine.cards.REMOTE_TAGS", REMOTE_TAGS | {"remote"})
    g = reach(holding("wain2", lira=14), 1).copy()
    g.steps = g.steps[:-1] + (Step("action", 0, 1, 0, "remote"),)
    assert "c.wain2" not in codes(validate(g))


class StandInCoffeeHouse(Place):
    """A stand-in for the Coffee House (place 20, built in its own part of the module): one way
    to act, 1 Lira a time; enough for the generic repeat."""

    number = 20

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        return [Option("act", "Take 1 Lira")]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        gain_goods(tx, step.actor, {}, 1, why="card")


def test_mocha_card_coffeeh2_takes_the_coffee_house_action_once_more(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PLACES, 20, StandInCoffeeHouse())
    g = reach(holding("coffeeh2", lira=0), 20)
    assert "c.coffeeh2" in codes(g)
    g = play(g, "c.coffeeh2")
    assert g.players[0].lira == 1 and g.steps[-1].tag == "again" and "c.coffeeh2" not in codes(g)
    g = play(g, "act")
    assert g.players[0].lira == 2 and g.discard[-1] == "coffeeh2"
    assert "coffeeh2" not in cards_offered(reach(holding("coffeeh2", lira=14), 1))


# ---- after the last round (E-55) --------------------------------------------------------------------


def at_the_end(*cards: str, coffee: int = 0, goods: tuple[int, int, int, int] = (0, 0, 0, 0)) -> GameState:
    """The last round played out (3 players): seat 0 may play its leftover cards."""
    g = holding(*cards, coffee=coffee, goods=goods).copy()
    g.end_triggered = True
    g = validate(g)
    for _ in range(3):
        g = pass_turn(g)
    assert kind(g) == "final" and pending(g).player == 0  # type: ignore[union-attr]
    return g


def test_mocha_final_cards_are_lira8_swap3_and_mdice() -> None:
    g = at_the_end(*BONUS_CARDS, coffee=3, goods=(1, 0, 0, 0))
    assert kind(g) == "final" and cards_offered(g) == {"lira8", "swap3", "mdice"}
    g = play(g, "c.lira8")
    assert g.players[0].lira == 10 and kind(g) == "final"


def test_mocha_final_swap3_gives_goods_never_coffee() -> None:
    g = play(at_the_end("swap3", "coffee2", coffee=2), "c.swap3")
    assert "sw.c.r" in codes(g) and not any(c.endswith(".c") for c in codes(g))
    g = play(g, "sw.c.r", "done")
    assert g.players[0].goods == (1, 0, 0, 0) and kind(g) == "final" and codes(g) == ("done",)


def test_mocha_final_mdice_pays_goods_and_lira_only() -> None:
    g = play(set_chance_script(at_the_end("mdice", "six"), dice=[(1, 3)]), "c.mdice")
    assert kind(g) == "final"  # no die-to-6 question after the last round
    assert (g.players[0].goods, g.players[0].lira, coffee_of(g, 0)) == ((0, 0, 1, 0), 2, 0)


# ---- bad input --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("setup", "code"), [
    (lambda: holding("lira8"), "c.lira8"),  # no coffee to pay
    (lambda: holding("coffee2"), "c.buyguild"),  # not in hand
    (lambda: play(holding("swap3", coffee=1), "c.swap3"), "sw.r.b"),  # no fabric to give
    (lambda: play(holding("swap3", coffee=1), "c.swap3"), "sw.c.c"),
    (lambda: play(holding("corner"), "c.corner"), "go.7"),  # not a corner
    (lambda: play(holding("corner"), "c.corner"), "go.1"),
])  # fmt: skip
def test_mocha_card_bad_input_is_refused_and_changes_nothing(setup: object, code: str) -> None:
    g = setup()  # type: ignore[operator]
    d = pending(g)
    assert d is not None
    before = g.copy()
    with pytest.raises(IllegalChoice):
        apply(g, d.player, d.decision_id, code)
    assert g.players == before.players and g.steps == before.steps


# ---- random play with every kind in hand ------------------------------------------------------------


def test_mocha_bonus_cards_random_play_keeps_every_invariant_and_the_option_contract() -> None:
    """Seeded random turns with both copies of every kind dealt out and coffee to spend: every
    decision and state keeps the engine contract (codes, labels, private card plays, decks)."""
    played: set[str] = set()
    for seed in range(6):
        players = 2 + seed % 4
        g = mocha_game(players, seed).copy()
        for i, card in enumerate(sorted(c for c in BONUS_CARDS for _ in range(2))):
            give(g, i % players, card)
        for seat in range(players):
            set_coffee(g, seat, 6)
        g = validate(g)
        rng = random.Random(seed)
        while (d := pending(g)) is not None and g.turns < 40:
            assert violations(g) == [], (seed, d.kind)
            code = rng.choice(d.codes())
            played.add(code)
            g, _ = apply(g, d.player, d.decision_id, code)
    assert {f"c.{kind}" for kind in ("coffee2", "swap3", "mdice", "corner", "lira8", "buyguild")} <= played
