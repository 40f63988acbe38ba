"""Cheaper building of the hot path's objects (`frozen.quick_init`, cached card options): the objects
behave exactly as before."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from bot.engine.decision import Event, Option
from bot.engine.frozen import quick_init
from bot.engine.state import LastMove, Step, Turn, from_json, to_json
from tests.engine.helpers import quiet_game


def test_the_classes_keep_their_signature_equality_hash_and_frozenness() -> None:
    assert str(inspect.signature(Step)) == "(kind, actor, place=0, n=0, tag='')"
    a = Step("pay", 1, 3)
    assert a == Step(kind="pay", actor=1, place=3) and hash(a) == hash(Step("pay", 1, 3, 0, ""))
    assert a != Step("pay", 1, 3, tag="x")
    assert repr(a) == "Step(kind='pay', actor=1, place=3, n=0, tag='')"
    assert Turn(player=2).start == 0 and Turn(player=2).forfeit is False
    assert Option("go.3", "Move").private is False
    for obj, name in ((a, "kind"), (Turn(), "player"), (Option("a", "b"), "code"), (LastMove("merchant", 0, 1, 2), "seat")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, name, 9)
    with pytest.raises(TypeError):
        Step("pay")  # type: ignore[call-arg]


def test_a_default_factory_gives_each_object_its_own_value() -> None:
    @quick_init
    @dataclasses.dataclass(frozen=True, slots=True)
    class Listed:
        name: str
        items: list[int] = dataclasses.field(default_factory=list)

    a, b = Listed("a"), Listed("b")
    assert a.items == [] and a.items is not b.items
    assert Listed("c", [1]).items == [1]
    assert Event("dice", 0).data == {} and Event("dice", 0).data is not Event("dice", 0).data


def test_a_state_still_round_trips() -> None:
    g = quiet_game(3)
    g.steps = g.steps + (Step("pay", 1, 3, 2, "tag"),)
    assert from_json(to_json(g)) == g


def test_only_plain_frozen_slots_dataclasses_are_accepted() -> None:
    @dataclasses.dataclass(slots=True)
    class Plain:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass(frozen=True, slots=True)
    class Hidden:
        x: int = dataclasses.field(default=0, init=False)

    for cls in (Plain, Checked, Hidden):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_a_card_option_follows_its_play_and_name() -> None:
    """Card options are built once, but a play or card name registered again shows through."""
    from bot.engine.cards import PLAY_OF, CardPlay, card_option
    from bot.engine.texts import CARD_NAMES

    play = PLAY_OF["stay"]
    first = card_option(play)
    assert card_option(play) is first and first.code == "c.stay" and first.private
    renamed = CardPlay(play.kind, play.effect, play.deck, play.window, label="Stay put")
    assert card_option(renamed).label == "Stay put"
    name = CARD_NAMES["stay"]
    try:
        CARD_NAMES["stay"] = "Sit tight"
        assert card_option(play).label == "Play the “Sit tight” card"
    finally:
        CARD_NAMES["stay"] = name
    assert card_option(play).label == first.label
