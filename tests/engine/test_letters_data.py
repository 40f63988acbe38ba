"""Letters & Seals component data and texts (bot.engine.letters) and the Great Bazaar's Catacombs
and 72-card deck (bot.engine.bazaar), checked against shared/rules/components.md and RULES-NOTES."""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections import Counter
from pathlib import Path

import pytest

from bot.engine import bazaar
from bot.engine.components import BASE_BONUS_CARDS, GOODS, ruby_target
from bot.engine.letters import data as d
from bot.engine.letters import texts as t
from bot.engine.settings import RuleOptions
from bot.engine.texts import MAX_TEXT_LENGTH, rule_text

OPTION_CODE = re.compile(r"[a-z][a-z0-9_.-]{0,11}")
# The rulebooks sit beside the checkouts (shared/rules/seeds next to main/ and wt/).
SEED_CANDIDATES = [folder / "shared" / "rules" / "seeds" for folder in Path(__file__).resolve().parents]


# -- places, letters, seals ------------------------------------------------------------------------


def test_places_of_a_letters_board() -> None:
    assert (d.EMBASSY, d.KIOSK, d.AUCTION_HOUSE, d.SECRET_SOCIETY) == (21, 22, 23, 24)
    assert (*range(1, 17), 21, 22, 23, 24) == d.BOARD_PLACES
    assert d.BOARD_ROWS * d.BOARD_COLUMNS == len(d.BOARD_PLACES) == 20
    assert bazaar.CATACOMBS not in d.BOARD_PLACES
    assert d.RUBY_TARGET == ruby_target(2, 1) == ruby_target(5, 1) == 6


def test_36_letters_by_house_table_h6() -> None:
    assert len(d.LETTERS) == d.LETTER_TILES == 36
    counts = Counter(d.LETTERS)
    assert all(counts[p] == 2 for p in range(1, 17))
    assert all(counts[p] == 1 for p in (21, 22, 23, 24))
    assert set(counts) == set(d.BOARD_PLACES)  # a letter can always be delivered on a Letters board
    assert list(d.LETTERS) == sorted(d.LETTERS)


def test_seals_front_and_back() -> None:
    assert d.letter_seals(delivered=False) == 1
    assert d.letter_seals(delivered=True) == 2
    assert d.seals_total([True, False, True]) == 5
    assert d.seals_total([]) == 0


def test_embassy_kiosk_auction_numbers() -> None:
    assert d.EMBASSY_LETTERS == 2 and d.KIOSK_LETTERS == 1 and d.KIOSK_STACKS == 2
    assert [d.kiosk_tiles_turned_up(n) for n in range(2, 6)] == [3, 4, 5, 6]
    assert (d.AUCTION_GOODS, d.AUCTION_CARDS, d.AUCTION_MIN_BID) == (1, 2, 1)


def test_secret_society_lira_3_2_1_then_nothing() -> None:
    assert d.SOCIETY_LIRA == (3, 2, 1)
    assert [d.society_lira(k) for k in range(6)] == [3, 2, 1, 0, 0, 0]
    assert d.society_lira(-1) == 0


def test_secret_society_ruby_sources() -> None:
    assert d.society_ruby_places(coffee_house=False) == (13, 16)
    assert d.society_ruby_places(coffee_house=True) == (13, 16, 20)


@pytest.mark.parametrize(
    ("seals", "ok"),
    [
        ([2, 2, 2], True),
        ([1, 1, 2, 2], True),
        ([1] * 6, True),
        ([2, 2, 1], False),
        ([2, 2, 2, 1], False),
        ([], False),
    ],
)
def test_secret_society_takes_exactly_six_seals(seals: list[int], ok: bool) -> None:
    assert d.SOCIETY_SEALS == 6
    assert d.society_payment_ok(seals) is ok


@pytest.mark.parametrize(
    ("seals", "ok"),
    [
        ([1, 1, 1], True),
        ([2, 1], True),
        ([2, 2], True),  # 4 seals, but neither letter can be spared (D-17)
        ([1, 2], True),
        ([2], False),
        ([1, 1], False),
        ([1, 1, 2], False),  # a 1 could be left out
        ([2, 2, 1], False),
        ([1, 1, 1, 1], False),
        ([], False),
    ],
)
def test_double_move_payment_is_a_minimal_set_of_three_or_more(seals: list[int], ok: bool) -> None:
    assert d.double_move_payment_ok(seals) is ok
    if ok:
        assert sum(seals) in (3, 4)


def test_companion_and_courier_numbers() -> None:
    assert d.COMPANIONS == 5 and d.COMPANION_STEPS == 1 and d.COMPANION_CARD_STEPS == 2
    assert (d.COURIER_LIRA, d.COURIER_LETTER_PRICE, d.COURIER_LETTERS) == (2, 1, 1)
    assert d.DOUBLE_MOVE_SEALS == 3 and d.DOUBLE_MOVES_PER_ROUND == 1
    assert d.neutral_tokens(coffee_trader=False) == ("governor", "smuggler", "courier")
    assert d.neutral_tokens(coffee_trader=True) == ("governor", "smuggler", "courier", "coffee_trader")


# -- kiosk tiles -----------------------------------------------------------------------------------


def _say(b: d.Bundle) -> str:
    """A bundle in the shorthand of components.md §13 (test-only wording)."""
    parts = [f"{n} {colour}" for colour, n in zip(GOODS, b.goods, strict=True) if n]
    names = (
        ("any_goods", "good"),
        ("good_or_coffee", "good/coffee"),
        ("coffee", "coffee"),
        ("lira", "Lira"),
        ("die_lira", "die Lira"),
        ("letters", "letter"),
        ("cards", "card"),
        ("extensions", "extension"),
    )
    parts += [f"{getattr(b, f)} {name}" for f, name in names if getattr(b, f)]
    return " + ".join(parts)


def _say_trade(tr: d.Trade) -> str:
    text = _say(tr.gain) if tr.pay.is_empty() else f"{_say(tr.pay)} -> {_say(tr.gain)}"
    return f"{text} {tr.move}".strip() if tr.move else text


# components.md §13, the printed tiles (with coffee in play).
KIOSK_PRINTED = {
    "K01": ["1 yellow + 1 Lira"],
    "K02": ["1 green + 1 Lira"],
    "K03": ["1 red + 1 Lira"],
    "K04": ["2 yellow"],
    "K05": ["2 green"],
    "K06": ["2 red"],
    "K07": ["1 yellow"],
    "K08": ["1 green"],
    "K09": ["1 red"],
    "K10": ["1 blue"],
    "K11": ["1 card"],
    "K12": ["2 Lira"],
    "K13": ["1 coffee", "2 Lira"],
    "K14": ["1 coffee", "3 Lira"],
    "K15": ["companion_to_supply"],
    "K16": ["1 die Lira"],
    "K17": ["10 Lira -> 1 extension"],
    "K18": ["1 red + 1 green + 1 yellow + 1 blue -> 1 extension"],
    "K19": ["stack_to_fountain"],
    "K20": ["1 good/coffee -> 1 letter", "1 letter -> 1 good/coffee"],
    "K21": ["1 card -> 1 letter", "1 letter -> 1 card"],
    "K22": ["2 Lira -> 1 letter", "1 letter -> 3 Lira"],
    "K23": ["2 Lira -> 1 good/coffee", "1 good/coffee -> 3 Lira"],
    "K24": ["2 Lira -> 1 card", "1 card -> 3 Lira"],
}

# A Letters-only game: coffee symbols ignored (000 l.531, E-50).
KIOSK_WITHOUT_COFFEE = {
    **KIOSK_PRINTED,
    "K13": ["2 Lira"],
    "K14": ["3 Lira"],
    "K20": ["1 good -> 1 letter", "1 letter -> 1 good"],
    "K23": ["2 Lira -> 1 good", "1 good -> 3 Lira"],
}


def test_24_kiosk_tiles_one_of_each() -> None:
    assert tuple(f"K{n:02d}" for n in range(1, 25)) == d.KIOSK_TILE_IDS
    assert len(set(d.KIOSK_TILES.values())) == 24


@pytest.mark.parametrize("tile", sorted(KIOSK_PRINTED))
def test_kiosk_tile_as_printed_in_the_great_bazaar(tile: str) -> None:
    assert [_say_trade(tr) for tr in d.kiosk_options(tile, coffee=True)] == KIOSK_PRINTED[tile]


@pytest.mark.parametrize("tile", sorted(KIOSK_WITHOUT_COFFEE))
def test_kiosk_tile_in_a_letters_only_game(tile: str) -> None:
    options = d.kiosk_options(tile, coffee=False)
    assert [_say_trade(tr) for tr in options] == KIOSK_WITHOUT_COFFEE[tile]
    assert all(
        tr.gain.coffee == tr.pay.coffee == tr.gain.good_or_coffee == tr.pay.good_or_coffee == 0
        for tr in options
    )


def test_without_coffee_keeps_plain_trades_and_drops_coffee_only_ones() -> None:
    plain = d.Trade(d.Bundle(lira=2))
    assert d.without_coffee(plain) == plain
    assert d.without_coffee(d.Trade(d.Bundle(coffee=2))) is None
    assert d.without_coffee(d.Trade(d.Bundle(lira=1), d.Bundle(coffee=1))) is None
    assert d.without_coffee(d.Trade(d.Bundle(good_or_coffee=2, lira=1))) == d.Trade(
        d.Bundle(any_goods=2, lira=1)
    )


# -- bonus cards -------------------------------------------------------------------------------------


def test_twelve_kinds_28_cards_by_house_table_h3() -> None:
    assert len(d.CARD_KINDS) == len(set(d.CARD_KINDS)) == 12
    assert sum(d.LETTERS_BONUS_CARDS.values()) == d.LETTERS_BONUS_CARD_TOTAL == 28
    by_kind = Counter[str]()
    for code, n in d.LETTERS_BONUS_CARDS.items():
        by_kind[d.card_kind(code)] += n
    assert set(by_kind) == set(d.CARD_KINDS)
    assert by_kind[d.LETTER] == 4 and by_kind[d.GOOD3] == 4
    assert all(n == 2 for kind, n in by_kind.items() if kind not in (d.LETTER, d.GOOD3))
    assert {d.GOOD3_CARDS[c] for c in d.LETTERS_BONUS_CARDS if d.card_kind(c) == d.GOOD3} == set(GOODS)


def test_card_codes_are_valid_option_codes_and_unique() -> None:
    codes = [*d.LETTERS_BONUS_CARDS, *d.CARD_KINDS]
    for code in codes:
        assert OPTION_CODE.fullmatch(f"c.{code}"), code
        assert len(d.card_kind(code)) <= 10, code
        assert not re.fullmatch(r"g\d+", code), code  # c.g1 ... c.g20 are the guild cards
    assert not set(d.LETTERS_BONUS_CARDS) & set(BASE_BONUS_CARDS)
    assert not set(d.CARD_KINDS) & set(BASE_BONUS_CARDS)


@pytest.mark.parametrize(("option", "total"), [("lsOnly", 28), ("lsPlusBase", 54)])
def test_bonus_deck_under_each_ls_bonus_deck_value(option: str, total: int) -> None:
    assert option in RuleOptions.model_fields["ls_bonus_deck"].annotation.__args__  # type: ignore[union-attr]
    deck = d.bonus_deck(RuleOptions(ls_bonus_deck=option).ls_bonus_deck)  # type: ignore[arg-type]
    assert sum(deck.values()) == total
    assert all(deck[code] == n for code, n in d.LETTERS_BONUS_CARDS.items())
    has_base = option == "lsPlusBase"
    assert all((deck.get(code) == n) is has_base for code, n in BASE_BONUS_CARDS.items())


def test_bonus_deck_default_mixes_in_the_base_cards() -> None:
    assert sum(d.bonus_deck(RuleOptions().ls_bonus_deck).values()) == 54


def test_card_timing_sets_name_real_kinds() -> None:
    kinds = set(d.CARD_KINDS)
    assert {d.FAMILY_STEP, d.FOLLOW, d.COMPANION2, d.PAY3} == d.MOVEMENT_CARDS
    assert d.MERCHANT_ONLY_CARDS <= d.MOVEMENT_CARDS <= kinds
    assert d.REPEAT_CARDS == {d.MOSQUE2: (14, 15), d.SOCIETY2: (24,)}
    assert {d.DICE, d.SELL7, d.GOOD3, d.COPY, d.NEUTRAL} == d.FINAL_CARDS  # E-55


def test_card_numbers() -> None:
    assert d.SELL7_LIRA == 7 and d.Bundle(good_or_coffee=1) == d.SELL7_PRICE
    assert d.PAY3_LIRA == 3 and d.GOOD3_LIRA == 3 and d.LETTER_CARD_LETTERS == 1
    assert d.without_coffee(d.Trade(d.Bundle(lira=d.SELL7_LIRA), d.SELL7_PRICE)) == d.Trade(
        d.Bundle(lira=7), d.Bundle(any_goods=1)
    )
    assert d.good3_gain("good3.r") == d.Bundle(goods=(1, 0, 0, 0), lira=3)
    assert d.good3_gain("good3.b") == d.Bundle(goods=(0, 0, 0, 1), lira=3)
    assert d.card_kind("good3.y") == "good3" and d.card_kind("letter") == "letter"


@pytest.mark.parametrize(
    ("total", "reward"),
    [
        (2, d.Bundle(lira=3)),
        (5, d.Bundle(lira=3)),
        (6, d.Bundle(any_goods=1)),
        (8, d.Bundle(any_goods=1)),
        (9, d.Bundle(goods=(0, 0, 0, 1))),
        (10, d.Bundle(goods=(0, 0, 0, 1))),
        (11, d.Bundle(goods=(0, 0, 0, 1), letters=1)),
        (12, d.Bundle(goods=(0, 0, 0, 1), letters=1)),
    ],
)
def test_dice_card_by_house_table_h5(total: int, reward: d.Bundle) -> None:
    assert d.dice_reward(total) == reward


def test_dice_table_covers_two_to_twelve_once() -> None:
    covered = [s for low, high, _ in d.DICE_REWARDS for s in range(low, high + 1)]
    assert covered == list(range(2, 13))
    for bad in (1, 13):
        with pytest.raises(ValueError):
            d.dice_reward(bad)


# -- the Great Bazaar ------------------------------------------------------------------------------


def _mocha_cards() -> dict[str, int]:
    """Mocha & Baksheesh's 18 cards: the module's own table once it is in the engine, else a
    stand-in with the codes that module chose (house value H2: 9 kinds, 2 each)."""
    if importlib.util.find_spec("bot.engine.mocha") is not None:
        mocha = importlib.import_module("bot.engine.mocha.data")
        return dict(mocha.bonus_cards())
    codes = ("coffee2", "guild", "lira8", "swap3", "mdice", "six", "corner", "wain2", "coffeeh2")
    return dict.fromkeys(codes, 2)


MOCHA_STAND_IN = _mocha_cards()


def test_catacombs_place_25() -> None:
    assert bazaar.CATACOMBS == 25
    assert tuple(range(1, 26)) == bazaar.BOARD_PLACES
    assert bazaar.BOARD_ROWS * bazaar.BOARD_COLUMNS == 25
    assert d.Bundle(good_or_coffee=1) == bazaar.CATACOMBS_GAIN


def test_great_bazaar_uses_all_72_cards() -> None:
    deck = bazaar.bonus_deck(MOCHA_STAND_IN)
    assert sum(deck.values()) == bazaar.BONUS_CARD_TOTAL == 72
    assert deck == {**BASE_BONUS_CARDS, **MOCHA_STAND_IN, **d.LETTERS_BONUS_CARDS}


def test_great_bazaar_deck_refuses_clashing_codes_or_a_wrong_mocha_deck() -> None:
    with pytest.raises(ValueError, match="used twice"):
        bazaar.bonus_deck({"letter": 2, **{f"m{n}": 2 for n in range(8)}})
    with pytest.raises(ValueError, match="used twice"):
        bazaar.bonus_deck({"stay": 2, **{f"m{n}": 2 for n in range(8)}})
    with pytest.raises(ValueError, match="18"):
        bazaar.bonus_deck({"m0": 2})


# -- texts ---------------------------------------------------------------------------------------------


def _all_texts() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for coffee in (False, True):
        for number in t.PLACE_NAMES:
            for per in ("player", "action"):
                out.append((f"place {number} coffee={coffee} {per}", t.place_text(number, coffee, per)))  # type: ignore[arg-type]
        out += [(f"kiosk {k} coffee={coffee}", t.kiosk_text(k, coffee)) for k in t.KIOSK_NAMES]
        out += [(f"card {c} coffee={coffee}", t.card_text(c, coffee)) for c in t.CARD_NAMES]
    out += [(f"kind {k}", v) for k, v in t.KIND_TEXTS.items()]
    out += [(f"rule {k}", v) for k, v in t.RULE_TEXTS.items()]
    for coffee in (False, True):
        for usable in (False, True):
            out += [
                (f"token {k} coffee={coffee} {usable}", t.token_text(k, coffee, usable))
                for k in t.TOKEN_NAMES
            ]
    out += [(f"catacombs {moves}", bazaar.catacombs_text(moves)) for moves in (False, True)]
    return out


ALL_TEXTS = _all_texts()


def test_every_item_has_a_name_and_a_text() -> None:
    assert set(t.PLACE_NAMES) == set(d.LETTERS_PLACES)
    assert set(t.KIOSK_NAMES) == set(t.KIOSK_TEXTS) == set(d.KIOSK_TILES)
    assert set(t.CARD_NAMES) == set(t.CARD_TEXTS) == set(d.LETTERS_BONUS_CARDS)
    assert set(t.KIND_NAMES) == set(t.KIND_TEXTS) == set(d.CARD_KINDS) - set(d.LETTERS_BONUS_CARDS)
    assert set(t.RULE_NAMES) == set(t.RULE_TEXTS) == {"letters", "double_move"}
    assert set(t.TOKEN_NAMES) == {"companion", "courier"}
    with pytest.raises(KeyError):
        t.token_text("governor", coffee=True)
    assert bazaar.CATACOMBS_NAME == "Catacombs"


@pytest.mark.parametrize(("label", "text"), ALL_TEXTS, ids=[label for label, _ in ALL_TEXTS])
def test_texts_are_short_plain_sentences(label: str, text: str) -> None:
    assert text and text.strip() == text, label
    assert len(text) <= MAX_TEXT_LENGTH == 300, (label, len(text))
    assert "\n" not in text and "*" not in text and "  " not in text, label
    assert text.endswith("."), label
    assert 1 <= len(re.findall(r"[.!?](?:\s|$)", text)) <= 3, label


def test_names_are_short_and_unique() -> None:
    names = t.topics()
    assert len(names) == len({n.lower() for n in names}) == 4 + 24 + 15 + 1 + 2 + 2
    assert all(0 < len(n) <= 24 for n in names), [n for n in names if len(n) > 24]
    assert bazaar.CATACOMBS_NAME.lower() not in {n.lower() for n in names}


def test_letters_only_texts_offer_no_coffee() -> None:
    for tile in t.KIOSK_NAMES:
        text = t.kiosk_text(tile, coffee=False)
        assert "1 coffee" not in text and "or coffee" not in text, tile
    for code in t.CARD_NAMES:
        text = t.card_text(code, coffee=False)
        assert "coffee" not in text.lower(), code
    assert "Coffee House" not in t.place_text(24, coffee=False)
    assert "Coffee House" in t.place_text(24, coffee=True)
    assert "1 coffee" in t.kiosk_text("K13", coffee=True) and "2 Lira" in t.kiosk_text("K13", coffee=False)
    assert "Coffee trader" in t.card_text("usetoken", coffee=True)


def test_key_numbers_are_in_the_texts() -> None:
    assert "2 letters" in t.place_text(21, coffee=False)
    assert "plus one" in t.place_text(22, coffee=False)
    assert "1 Lira" in t.place_text(23, coffee=False) and "2 bonus cards" in t.place_text(23, coffee=False)
    society = t.place_text(24, coffee=False)
    assert "exactly 6 seals" in society and "3, 2 and 1 Lira" in society
    assert "once each" in society and "whoever" in t.place_text(24, coffee=False, society_bonus_per="action")
    assert all(s in t.CARD_TEXTS["ldice"] for s in ("2-5", "3 Lira", "6-8", "9-10", "11-12", "letter"))
    assert "7 Lira" in t.CARD_TEXTS["sell7"] and "3 Lira" in t.CARD_TEXTS["pay3move"]
    assert "3 or 4 seals" in t.RULE_TEXTS["double_move"]
    assert "2 seals" in t.RULE_TEXTS["letters"] and "2 Lira" in t.token_text("courier", coffee=False)
    assert "10 Lira" in t.KIOSK_TEXTS["K17"] and "Wainwright ruby" in t.KIOSK_TEXTS["K18"]
    for code, colour in d.GOOD3_CARDS.items():
        assert f"1 {colour} good" in t.CARD_TEXTS[code] and "3 Lira" in t.CARD_TEXTS[code]


def test_texts_follow_the_rule_options() -> None:
    assert "that very turn" in t.token_text("companion", False, companion_usable_on_placement_turn=True)
    assert "next turn" in t.token_text("companion", False, companion_usable_on_placement_turn=False)
    assert "Encounter tile" in t.token_text("courier", coffee=True)
    assert "Encounter tile" not in t.token_text("courier", coffee=False)
    assert "never the family member" in bazaar.catacombs_text(family_member_moves=False)
    assert "Police Station" in bazaar.catacombs_text(family_member_moves=True)
    assert bazaar.catacombs_text(RuleOptions().catacombs_family_member_moves) == bazaar.CATACOMBS_TEXT
    assert "not coffee" in t.place_text(23, coffee=True) and "coffee" not in t.place_text(23, coffee=False)
    assert t.help_entries(False, companion_usable_on_placement_turn=False)["companion"][1] == t.token_text(
        "companion", False, False
    )
    assert bazaar.help_entries(family_member_moves=True)["25"][1] == bazaar.catacombs_text(True)


def test_letter_names() -> None:
    assert t.letter_name(7) == "Letter for the Fountain (7)"
    assert t.letter_name(24) == "Letter for the Secret Society (24)"
    assert len({t.letter_name(p) for p in d.LETTERS}) == 20


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("21", "Embassy"),
        ("p22", "Kiosk"),
        ("Place 23", "Auction House"),
        ("auction", "Auction House"),
        ("SECRET SOCIETY", "Secret Society"),
        ("K05", "K05 Two spice"),
        ("k5", "K05 Two spice"),
        ("kiosk 19", "K19 Off to the Fountain"),
        ("c.letter", "Take a letter"),
        ("letter", "Take a letter"),  # a bare code is the card, as in the base game's help
        ("letters", "Letters and seals"),
        ("seals", "Letters and seals"),
        ("c.good3.r", "Fabric and 3 Lira"),
        ("c.good3", "Good and 3 Lira"),
        ("pay3move", "Pay 3, go anywhere"),
        ("double move", "Double move"),
        ("e.courier", "Courier"),
        ("Companion", "Companion"),
    ],
)
def test_help_aliases(alias: str, name: str) -> None:
    for coffee in (False, True):
        assert t.help_entries(coffee)[t.normalise(alias)][0] == name


def test_help_texts_follow_the_coffee_setting() -> None:
    assert t.help_entries(coffee=False)["k13"][1] == t.kiosk_text("K13", coffee=False)
    assert t.help_entries(coffee=True)["k13"][1] == t.kiosk_text("K13", coffee=True)
    assert t.help_entries(False, "action")["24"][1] == t.place_text(24, False, "action")


def test_every_topic_has_an_alias_and_no_alias_shadows_the_base_game() -> None:
    entries = t.help_entries(coffee=True)
    assert {name for name, _ in entries.values()} == set(t.topics())
    assert all(t.normalise(name) in entries for name in t.topics())
    for alias in bazaar.help_entries():  # the Catacombs, registered by bot/engine/catacombs.py
        assert (rule_text(alias) or "").startswith(f"{bazaar.CATACOMBS_NAME}: {bazaar.CATACOMBS_TEXT}"), alias
    # Letters & Seals registers its topics in the one help lookup (help_topics): every alias
    # finds its own topic there, none a base game's.
    for alias, (name, _) in entries.items():
        assert (rule_text(alias) or "").startswith(f"{name}: "), alias
    assert not set(entries) & set(bazaar.help_entries())
    assert bazaar.help_entries()["25"] == ("Catacombs", bazaar.CATACOMBS_TEXT)
    assert bazaar.help_entries()["catacombs"][0] == "Catacombs"


# -- our own words -------------------------------------------------------------------------------------


def _seed_dir() -> Path | None:
    for path in SEED_CANDIDATES:
        if path.is_dir() and any(path.glob("*.txt")):
            return path
    return None


def _compact(text: str) -> str:
    return "".join(re.findall(r"[a-z0-9]+", text.lower()))


def test_no_text_shares_eight_words_in_a_row_with_a_rulebook() -> None:
    folder = _seed_dir()
    if folder is None:
        pytest.skip("shared/rules/seeds is not on this machine: cannot compare with the rulebooks")
    # Letters only, no spaces: the OCR'd books split words ("T ake"), so compare the letter stream.
    books = [_compact(p.read_text(encoding="utf-8", errors="replace")) for p in sorted(folder.glob("*.txt"))]
    texts = [*ALL_TEXTS, *((f"name {n}", n) for n in t.topics())]
    copied = []
    for label, text in texts:
        words = re.findall(r"[a-z0-9]+", text.lower())
        for i in range(len(words) - 7):
            run = "".join(words[i : i + 8])
            if any(run in book for book in books):
                copied.append((label, " ".join(words[i : i + 8])))
    assert not copied, copied
