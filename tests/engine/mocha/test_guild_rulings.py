"""Guild cards are never bonus cards (RULES-NOTES E-60, E-29, E-19, E-56, E-55), and undo around
a guild card's turn."""

from __future__ import annotations

from bot.engine import undo
from bot.engine.machine import KINDS
from bot.engine.state import Step
from bot.engine.undo import can_undo
from tests.engine.helpers import codes, kind, play
from tests.engine.mocha.guild_helpers import give_guild, mocha_game, reach


def test_e29_the_governor_takes_lira_or_a_bonus_card_never_a_guild_card() -> None:
    g = mocha_game().copy()
    g.board.governor = 4
    g.players[0].lira = 5
    g = give_guild(g, 0, "g3", "g17")
    g = play(reach(g, 4), "skip")
    assert kind(g) == "after" and "gov" in codes(g)
    g = play(g, "gov")
    assert kind(g) == "gov_pay"
    assert not {"d.g3", "d.g17", "gd.g3", "gd.g17"} & set(codes(g)) and "pay" in codes(g)


def test_e19_the_caravansary_discard_never_takes_a_guild_card() -> None:
    g = give_guild(mocha_game(), 0, "g3")
    step = Step("card_discard", 0, 6)
    assert KINDS["card_discard"].options(g, step) is None  # no bonus card: nothing to discard


def test_e55_guild_cards_are_not_leftover_cards_after_the_last_round() -> None:
    g = give_guild(mocha_game(), 0, "g17", "g5").copy()
    assert KINDS["final"].options(g, Step("final", 0)) is None
    g.players[0].cards = ("lira5",)
    opts = KINDS["final"].options(g, Step("final", 0))
    assert opts is not None and [o.code for o in opts] == ["c.lira5", "done"]


def test_guild_card_choices_can_be_taken_back_but_not_the_card_itself() -> None:
    g = give_guild(mocha_game(), 0, "g2", "g17")
    g = play(g, "c.g2")
    assert not can_undo(g, 0)  # the card lies face up: a barrier
    before = g.players[0].goods
    g = play(g, "g.blue")
    assert can_undo(g, 0)
    g, _ = undo(g, 0)
    assert g.players[0].goods == before and kind(g) == "guild_goods" and "g.blue" in codes(g)


def test_guild_cards_come_in_number_order() -> None:
    """A hand of g17, g7 and g12 is offered as #7, #12, #17 (not in text order)."""
    g = give_guild(mocha_game(), 0, "g17", "g7", "g12")
    assert [c for c in codes(g) if c.startswith("c.g")] == ["c.g7", "c.g12", "c.g17"]
