"""The end with Mocha & Baksheesh: 6 rubies at any player count; coffee and guild cards never
break a tie (E-56)."""

from __future__ import annotations

import pytest

from bot.engine import result, winners
from bot.engine.components import ruby_target
from bot.engine.invariants import violations
from bot.engine.scoring import decided_by
from tests.engine.helpers import play
from tests.engine.mocha.core_helpers import done, edit, give_coffee, give_guild, quiet_mocha, step_onto


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_six_rubies_win_at_any_player_count(players: int) -> None:
    """The rulebook's end of the expansion: 6 rubies trigger it whatever the player count."""
    g = quiet_mocha(players)
    assert ruby_target(players, len(g.settings.expansions)) == 6
    g = edit(g)
    g.board.ruby_supply -= 5
    g.players[0].rubies = 5  # one short: the end is not triggered
    give_coffee(g, 0, 6)
    g = done(g)
    assert violations(g) == [] and not g.end_triggered
    g = play(step_onto(g, 20), "act")  # the sixth ruby, from the Coffee House
    assert g.players[0].rubies == 6 and g.end_triggered


def test_coffee_and_guild_cards_never_break_a_tie() -> None:
    """E-56: rubies, Lira, goods (coffee excluded), bonus cards (guild cards excluded), then shared."""
    g = edit(quiet_mocha(3))
    for p in g.players:
        p.lira, p.goods = 10, (1, 1, 0, 0)
    give_coffee(g, 1, 9)
    give_guild(g, 1, "g3", "g4")
    g = done(g)
    standings = result(g)
    assert {s.rank for s in standings} == {1}  # all three share the win
    assert winners(g) == [0, 1, 2]
    assert decided_by(standings[0], standings[1]) is None
    g = edit(g)
    g.players[2].goods = (1, 1, 1, 0)  # a good does break it, coffee did not
    g = done(g)
    assert winners(g) == [2]


def test_guild_cards_are_never_bonus_cards_for_the_governor_or_the_caravansary() -> None:
    """E-19, E-29, E-60: neither the Governor's payment nor the Caravansary's discard offers a
    guild card (only the Roasting Plant takes one)."""
    from bot.engine import Step
    from bot.engine.machine import KINDS
    from tests.engine.helpers import give

    g = edit(quiet_mocha(3))
    give(g, 0, "sultan2")
    give_guild(g, 0, "g5")
    g.players[0].lira = 0
    g = done(g)
    for kind in ("gov_pay", "card_discard"):
        offered = KINDS[kind].options(g, Step(kind, 0, 6))
        assert offered is not None and [o.code for o in offered] == ["d.sultan2"], kind


def test_the_tie_break_sentence_says_coffee_and_guild_cards_never_count() -> None:
    """E-56: the end message and the terminal's standings say what never breaks a tie."""
    from bot.cli.play_text import standings_lines
    from bot.engine import GameSettings, Standing, preview_settings
    from bot.engine.scoring import tie_break_sentence

    mocha = preview_settings(players=2, expansions=("mocha",))
    assert tie_break_sentence(mocha) == (
        "Ties are broken by Lira, then goods, then bonus cards; coffee and guild cards never count."
    )
    assert tie_break_sentence(GameSettings(players=2)) == "Ties are broken by Lira, then goods, then bonus cards."
    rows = [(Standing(0, 1, 6, 3, 0, 0), "Ada"), (Standing(1, 2, 5, 9, 0, 0), "Bo")]
    assert "coffee and guild cards never count" in standings_lines(rows, final=True, settings=mocha)[0]
    assert "never count" not in standings_lines(rows, final=True, settings=GameSettings(players=2))[0]
