"""Texts the play-testers found wrong (issue 19, items 17 and 19): the Small Market card's help,
a token that stays where it was, who is paid for a neutral merchant, and the house ruling on
the "recall an assistant" card at the Fountain."""

from __future__ import annotations

from pathlib import Path

from bot.engine import Event, GameSettings, describe, new_game, pending, set_chance_script
from bot.engine.texts import CARD_TEXTS, rule_text
from tests.engine.helpers import give, kind, play, play_events, quiet_game, reach


def _label(g: object, code: str) -> str:
    d = pending(g)  # type: ignore[arg-type]
    assert d is not None
    option = d.option(code)
    assert option is not None
    return option.label


def test_the_small_market_card_help_says_1_to_5_goods_of_any_colours() -> None:
    """RULES-NOTES D-26: sell 1-5 goods of any colours, not 'as many as the tile asks for'."""
    text = CARD_TEXTS["smallany"]
    assert "1 to 5 goods of any colours" in text and "as many goods as the demand tile asks" not in text
    assert rule_text("c.smallany") == f"Small Market, any goods: {text}"


def test_a_governor_that_rolls_its_own_place_stays_there_and_the_line_says_so() -> None:
    g = quiet_game()
    give(g, 0, "stay")
    g.board.governor = 3
    g = set_chance_script(play(reach(g, 3), "skip", "gov"), dice=[(1, 2)])
    g, events = play_events(g, "pay")
    relocate = next(e for e in events if e.kind == "relocate")
    assert relocate.data["source"] == relocate.data["to"] == 3 and g.board.governor == 3
    assert describe(relocate, None) == "The Governor stayed at Spice Warehouse: the dice showed its own place."


def test_a_token_that_moves_is_told_as_before_and_old_logs_still_read() -> None:
    g = quiet_game()
    g.board.smuggler = 3
    g = set_chance_script(play(reach(g, 3), "skip", "smug", "g.red"), dice=[(4, 4)])
    g, events = play_events(g, "pay")
    relocate = next(e for e in events if e.kind == "relocate")
    assert relocate.data["source"] == 3 and describe(relocate, None) == "The Smuggler moved to Black Market."
    old = Event("relocate", 0, {"token": "governor", "to": 7})  # stored before the source was
    assert describe(old, None) == "The Governor moved to Fountain."


def test_the_payment_option_names_who_is_paid() -> None:
    """A neutral merchant's 2 Lira go to the bank, as the story line says, not 'to the merchants'."""
    g = new_game(GameSettings(players=2, layout="in_order"), ["red", "blue"], seed=4)
    g.players[0].lira = 5
    g = set_chance_script(reach(g, 14), dice=[(3, 3)])
    assert kind(g) == "pay"
    assert _label(g, "pay") == "Pay 2 Lira to the bank for the neutral merchant"
    g, events = play_events(g, "pay")
    fee = next(e for e in events if e.kind == "fee")
    assert describe(fee, None) == "{seat:0} paid 2 Lira to the bank for the green neutral merchant."
    relocate = next(e for e in events if e.kind == "relocate")
    assert describe(relocate, None) == "The green neutral merchant moved to Caravansary."

    g = quiet_game()
    g.players[0].lira = 5
    g.players[1].merchant = 3
    assert _label(reach(g, 3), "pay") == "Pay 2 Lira to the merchant here"
    g = quiet_game()
    g.players[0].lira = 5
    g.players[1].merchant = g.players[2].merchant = 3
    assert _label(reach(g, 3), "pay") == "Pay 4 Lira to the merchants here"


def test_a_neutral_merchant_and_a_rival_together_name_both() -> None:
    g = new_game(GameSettings(players=2, layout="in_order"), ["red", "blue"], seed=4)
    g.players[0].lira = 9
    g.players[1].merchant = 14
    g = set_chance_script(reach(g, 14), dice=[(3, 3)])
    assert _label(g, "pay") == "Pay 4 Lira to the merchant here and the bank"


def test_the_recall_card_is_not_offered_after_arriving_at_the_fountain_and_its_help_says_why() -> None:
    """House ruling (item 19): at the Fountain the assistant step is skipped and the action recalls
    every assistant, so the card has no moment there; its help and the README say so."""
    g = quiet_game()
    give(g, 0, "return")
    g.players[0].assistants = (3,)
    g.players[0].stack = g.players[0].stack[:-1]
    g = reach(g, 7)
    assert kind(g) == "action" and "c.return" not in (pending(g).codes() if pending(g) else ())  # type: ignore[union-attr]
    text = CARD_TEXTS["return"]
    assert "not offered once you arrive at the Fountain" in text
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    rulings = readme.split("House rulings a player may notice:", 1)[1].split("\n## ", 1)[0]
    assert 'The "Recall an assistant" card' in rulings and "arrived at the Fountain" in rulings
