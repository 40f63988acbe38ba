"""Any-place and any-edge choices on the 5x5 board (issue 25 item 4): each fits one message (at
most 100 public options, labels of at most 80 characters), comes in place-number order, labels each
place with its name and number, and names a place by the same code, ``<prefix>.<number>``."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from bot.engine import Decision, GameState, pending
from bot.engine.board import place_name
from bot.engine.layouts import edge
from tests.engine.bazaar.any_place import POSITIONS, barrier

LABEL_LIMIT = 80
OPTION_LIMIT = 100


def _decision(make: Callable[[], GameState]) -> Decision:
    d = pending(make())
    assert d is not None
    return d


@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_choice_of_places_is_in_number_order_named_and_numbered(name: str) -> None:
    make, prefix = POSITIONS[name]
    d = _decision(make)
    places = []
    for o in d.options:
        if o.code in ("skip", "x.end", "done"):
            continue
        m = re.fullmatch(rf"{re.escape(prefix)}\.(\d+)", o.code)
        assert m, (name, o.code)
        q = int(m.group(1))
        assert f"{place_name(q)} ({q})" in o.label, (name, o.label)
        assert len(o.label) <= LABEL_LIMIT and not o.private
        places.append(q)
    assert places == sorted(places) and len(places) == len(set(places))
    assert len(d.options) <= OPTION_LIMIT
    assert set(places) <= set(range(1, 26))


def test_the_police_station_catacombs_and_pay3_offer_every_other_place() -> None:
    assert len(_decision(POSITIONS["police"][0]).options) >= 24  # every place but the station (and skip)
    catacombs = [o.code for o in _decision(POSITIONS["catacombs"][0]).options]
    assert catacombs == [f"go.{q}" for q in range(1, 25)]
    pay3 = [o.code for o in _decision(POSITIONS["pay3"][0]).options]
    assert len(pay3) == 24 and "go.7" not in pay3  # not where the merchant stands


def test_the_barrier_offers_the_40_edges_in_number_order_named_and_numbered() -> None:
    d = _decision(barrier)
    assert d.kind == "barrier" and len(d.options) == 40 <= OPTION_LIMIT
    edges = []
    for o in d.options:
        m = re.fullmatch(r"e\.(\d+)\.(\d+)", o.code)
        assert m, o.code
        a, b = int(m.group(1)), int(m.group(2))
        assert (a, b) == edge(a, b)
        for q in (a, b):
            assert str(q) in o.label and place_name(q) in o.label, o.label
        assert len(o.label) <= LABEL_LIMIT
        edges.append((a, b))
    assert edges == sorted(edges) and len(set(edges)) == 40


def test_a_place_has_the_same_code_whichever_decision_names_it() -> None:
    """A place's code in a decision never depends on where the place lies on the board or in the
    list: the same prefix and the place's own number."""
    for make, prefix in POSITIONS.values():
        for o in _decision(make).options:
            if o.code.startswith(prefix + "."):
                number = int(o.code.split(".")[1])
                assert o.label.endswith(f"{place_name(number)} ({number})"), o.label
