"""The click path's shortcuts answer as the long way would: a registry asked again with the same
settings (after a provider came or went), the written-out copies, the handlers that run alone."""

from __future__ import annotations

import pytest

from bot.engine import GameSettings
from bot.engine.decision import seat_ref
from bot.engine.frozen import field_names, slot_copier
from bot.engine.machine import KINDS, runs_alone
from bot.engine.modules import CHANGE_HOOKS
from bot.engine.registry import Registry
from bot.engine.state import Player
from tests.engine.helpers import quiet_game


def test_a_registry_asked_again_sees_a_provider_added_or_removed_since() -> None:
    settings = GameSettings(players=2)
    reg: Registry[str] = Registry("test providers")
    try:
        assert reg.active(settings) == ()
        reg.add("first")
        assert reg.active(settings) == ("first",)  # the same settings object: not the stale answer
        reg.add("mocha's", "mocha")
        assert reg.active(settings) == ("first",)  # a module not in play
        assert reg.active(GameSettings(players=2, expansions=("mocha",))) == ("first", "mocha's")
        assert reg.active(settings) == ("first",)
        reg.remove("first")
        assert reg.active(settings) == ()
    finally:
        CHANGE_HOOKS.remove(reg._forget)


def test_a_registry_forgets_its_last_answer_when_a_module_registers() -> None:
    settings = GameSettings(players=2)
    reg: Registry[str] = Registry("test providers")
    try:
        reg.add("first")
        assert reg.active(settings) == ("first",)
        reg.entries.append(("base", "second"))  # as a registration that tells only the hooks
        for hook in CHANGE_HOOKS:
            if hook == reg._forget:
                hook()
        assert reg.active(settings) == ("first", "second")
    finally:
        CHANGE_HOOKS.remove(reg._forget)


def test_a_written_out_copy_shares_every_attribute_and_skips_init() -> None:
    g = quiet_game(3)
    copy = slot_copier(Player, field_names(Player))
    p = g.players[1]
    c = copy(p)
    assert c is not p and c == p
    assert all(getattr(c, name) is getattr(p, name) for name in field_names(Player))
    c.lira += 5
    assert p.lira != c.lira  # the copy is its own object


def test_a_copier_refuses_what_is_not_an_attribute_name() -> None:
    with pytest.raises(TypeError):
        slot_copier(Player, ["lira", "x = 1\nimport os"])


def test_only_the_turn_start_and_end_run_without_asking() -> None:
    alone = {name for name, kind in KINDS.items() if runs_alone(kind)}
    assert {"turn", "end", "gameover"} <= alone
    assert not alone & {"move", "assistant", "pay", "action", "after"}


def test_seat_references_are_the_same_text_for_every_seat() -> None:
    for seat in (0, 4, 7, 8, 12):
        assert seat_ref(seat) == "{seat:" + str(seat) + "}"
