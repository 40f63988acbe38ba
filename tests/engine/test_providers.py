"""Registries of providers that name their own module follow the one rule of every registry:
in play while their module is, implied modules included."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.providers import Registry
from bot.engine.settings import GameSettings, preview_settings


@dataclass(frozen=True)
class Thing:
    name: str
    module: str | None


def test_a_provider_of_an_implied_module_is_in_play() -> None:
    things: Registry[Thing] = Registry("things")
    base, mocha, bazaar = things.add(Thing("base", None)), things.add(Thing("m", "mocha")), things.add(Thing("b", "bazaar"))
    assert things.in_play(GameSettings(players=3)) == (base,)
    assert things.in_play(preview_settings(players=3, expansions=("mocha",))) == (base, mocha)
    assert things.in_play(preview_settings(players=3, expansions=("mocha", "letters"))) == (base, mocha, bazaar)
    assert things.count == 3 and things.every() == (base, mocha, bazaar)
    things.remove(mocha)
    assert things.in_play(preview_settings(players=3, expansions=("mocha", "letters"))) == (base, bazaar)
