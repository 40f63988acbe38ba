"""Mocha & Baksheesh component data and rule texts, checked against shared/rules/components.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.engine import components
from bot.engine import texts as base_texts
from bot.engine.mocha import data, texts

CODE_RE = re.compile(r"[a-z][a-z0-9_.-]{0,11}")


# -- places, coffee, set-up --------------------------------------------------------------------


def test_places_17_to_20_complete_the_5x4_grid() -> None:
    assert data.PLACES == (17, 18, 19, 20)
    assert (data.ROASTING_PLANT, data.GUILD_HALL, data.TAVERN, data.COFFEE_HOUSE) == (17, 18, 19, 20)
    assert data.ALL_PLACES == components.BASE_PLACES + data.PLACES
    assert data.GRID_COLUMNS * data.GRID_ROWS == len(data.ALL_PLACES) == 20


def test_coffee_is_not_a_good() -> None:
    assert data.COFFEE not in components.GOODS
    assert set(data.RESOURCES) == {*components.GOODS, "coffee", "lira"}
    assert data.COFFEE_IN_BOX == 30
    assert data.CARAVANSARY_COFFEE == 1


def test_set_up_numbers() -> None:
    assert data.RUBY_TARGET == 6
    assert all(components.ruby_target(p, 1) == data.RUBY_TARGET for p in range(2, 6))
    assert data.NEUTRAL_TOKENS == ("coffee_trader",)
    assert data.START_COFFEE == data.START_GUILD_CARDS == 0


def test_coffee_trader_trades_2_lira_or_1_good_for_1_coffee() -> None:
    assert (data.COFFEE_TRADER_LIRA, data.COFFEE_TRADER_GOODS, data.COFFEE_TRADER_COFFEE) == (2, 1, 1)


# -- Roasting Plant, Guild Hall ------------------------------------------------------------------


def test_roasting_plant_options_give_up_to_6_coffee() -> None:
    assert data.ROAST_OPTIONS == ("lira", "good", "card")
    assert (data.ROAST_LIRA, data.ROAST_GOODS, data.ROAST_CARDS, data.ROAST_COFFEE) == (2, 1, 1, 2)
    assert data.ROAST_MAX_COFFEE == 6


def test_guild_hall_gives_1_coffee_draws_2_discards_1() -> None:
    assert (data.GUILD_HALL_COFFEE, data.GUILD_HALL_DRAW, data.GUILD_HALL_DISCARD) == (1, 2, 1)


# -- Tavern --------------------------------------------------------------------------------------


def test_tavern_options_and_barrier_price() -> None:
    assert data.TAVERN_OPTIONS == ("barrier", "tile", "baksheesh")
    assert data.BARRIER_COFFEE == 2
    assert data.TAVERN_TILES_PER_PLAYER == 1


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("option", ["1and3", "all"])
def test_tavern_piles_hold_8_tiles_cheapest_on_top(players: int, option: data.TwoPlayerTavernTiles) -> None:
    piles = data.tavern_piles(players, option)
    assert set(piles) == {"movement", "encounter"}
    assert sum(len(p) for p in piles.values()) == 8
    assert all(p == (1, 2, 3, 4) for p in piles.values())


def test_two_player_tavern_tiles_1_and_3_by_default() -> None:
    assert data.tavern_piles(2) == {"movement": (1, 3), "encounter": (1, 3)}
    assert data.tavern_piles(2, "1and3") == data.tavern_piles(2)
    assert data.tavern_piles(2, "all") == {"movement": (1, 2, 3, 4), "encounter": (1, 2, 3, 4)}


def test_tavern_tile_ids() -> None:
    ids = [data.tavern_tile_id(k, c) for k, pile in data.tavern_piles(4, "all").items() for c in pile]
    assert ids[0] == "movement1" and ids[-1] == "encounter4"
    assert len(set(ids)) == 8
    assert all(CODE_RE.fullmatch(i) for i in ids)


def test_baksheesh_sides_and_flip() -> None:
    assert data.BAKSHEESH_COFFEE == 4
    assert data.BAKSHEESH_RUBY_PLACES == (13, 16, 20)
    assert data.BAKSHEESH_START_SIDE == "a"
    assert data.baksheesh_goods("a") == {"yellow": 3}
    assert data.baksheesh_goods("b") == {"red": 1, "green": 1, "blue": 1}  # house value H7
    assert data.baksheesh_flip("a") == "b" and data.baksheesh_flip("b") == "a"


# -- Coffee House ------------------------------------------------------------------------------


def test_coffee_house_track_and_prices() -> None:
    assert data.COFFEE_HOUSE_TRACK == (6, 7, 8, 9, 10)
    assert data.COFFEE_HOUSE_RUBIES_AT_SETUP == 5
    prices = [data.coffee_house_price(r) for r in range(5, 0, -1)]
    assert prices == [6, 7, 8, 9, 10]


@pytest.mark.parametrize("rubies", [0, 6, -1])
def test_coffee_house_price_refuses_impossible_counts(rubies: int) -> None:
    with pytest.raises(ValueError, match="1-5 rubies"):
        data.coffee_house_price(rubies)


def test_rubies_at_five_player_setup() -> None:
    # components.md §15: base 32 at 5 players, 37 with the Coffee House.
    base = 5 + 2 * components.mosque_rubies_at_setup(5) + components.sultan_rubies_at_setup(5)
    base += components.gemstone_rubies_at_setup(5)
    assert base == 32
    assert base + data.COFFEE_HOUSE_RUBIES_AT_SETUP == 37 <= components.RUBIES_IN_BOX


# -- bonus cards -------------------------------------------------------------------------------


def test_18_bonus_cards_of_9_kinds_two_each() -> None:
    cards = data.bonus_cards()
    assert len(cards) == 9
    assert set(cards.values()) == {2}  # house value H2
    assert sum(cards.values()) == data.BONUS_CARD_COUNT == 18
    assert sum(cards.values()) + sum(components.BASE_BONUS_CARDS.values()) == 44


def test_bonus_card_codes_are_valid_and_distinct_from_base_and_guild_codes() -> None:
    for kind in data.BONUS_CARDS:
        assert len(kind) <= 10 and CODE_RE.fullmatch(f"c.{kind}"), kind
        assert kind not in components.BASE_BONUS_CARDS, kind
        assert data.guild_number(kind) is None, kind


def test_bonus_card_numbers() -> None:
    assert data.COFFEE_CARD_COFFEE == 2
    assert (data.GUILD_CARD_COFFEE, data.GUILD_CARD_DRAW) == (2, 1)
    assert (data.LIRA8_COFFEE, data.LIRA8_LIRA) == (1, 8)
    assert data.SWAP_MAX == 3 and data.SIX_FACE == 6
    assert data.REPEAT_CARD_PLACE == {"wain2": 1, "coffeeh2": 20}
    listed = {*data.MOVEMENT_CARDS, *data.GOOD_OR_COFFEE_CARDS, *data.FINAL_CARDS, *data.REPEAT_CARD_PLACE}
    assert listed <= set(data.BONUS_CARDS)


def test_dice_card_table_h4_one_reward_per_die() -> None:
    assert data.MDICE_FACE_REWARDS == {
        1: ("coffee", 1),
        2: ("lira", 2),
        3: ("yellow", 1),
        4: ("green", 1),
        5: ("red", 1),
        6: ("blue", 1),
    }
    assert data.mdice_rewards(1, 6) == (("coffee", 1), ("blue", 1))
    assert data.mdice_rewards(2, 2) == (("lira", 2), ("lira", 2))


# -- guild cards ---------------------------------------------------------------------------------


def test_20_guild_cards_one_of_each() -> None:
    assert data.guild_deck() == tuple(range(1, 21))
    codes = [data.guild_code(n) for n in data.GUILD_CARDS]
    assert codes[0] == "g1" and codes[-1] == "g20"
    assert len(set(codes)) == 20
    assert all(CODE_RE.fullmatch(f"c.{c}") for c in codes)
    assert all(data.guild_number(data.guild_code(n)) == n for n in data.GUILD_CARDS)


@pytest.mark.parametrize("code", ["g0", "g21", "g07", "g", "gx", "guild", "7", "G7", "g-1"])
def test_guild_number_refuses_other_codes(code: str) -> None:
    assert data.guild_number(code) is None


@pytest.mark.parametrize("number", [0, 21, -3])
def test_guild_code_refuses_unknown_numbers(number: int) -> None:
    with pytest.raises(ValueError, match="no guild card"):
        data.guild_code(number)


def test_guild_card_tables_name_real_cards() -> None:
    tables = [
        data.GUILD_EXTENSIONS,
        data.GUILD_FILL,
        data.GUILD_DIFFERENT_GOODS,
        data.GUILD_LIRA,
        data.GUILD_BONUS_DRAW,
        data.GUILD_TRADES,
        data.GUILD_SULTAN_GOODS,
        data.GUILD_MOSQUE,
        data.GUILD_GEMSTONE_LIRA,
        data.GUILD_COFFEE,
        data.GUILD_GUILD_DRAW,
    ]
    numbered = {n for table in tables for n in table}
    numbered |= {data.GUILD_FOUNTAIN, data.GUILD_TEA_HOUSE, data.GUILD_ANY_PLACE, data.GUILD_TAVERN}
    numbered |= {data.GUILD_COFFEE_HOUSE, *data.GUILD_NO_RED_TILE}
    assert numbered == set(data.GUILD_CARDS)  # every card has its numbers here, none is invented


def test_guild_cards_1_to_7() -> None:
    assert data.GUILD_EXTENSIONS == {1: 1}
    assert data.GUILD_FILL == {2: "red", 3: "green", 4: "yellow"}
    assert data.GUILD_DIFFERENT_GOODS == {2: 3, 3: 3, 4: 3, 5: 4}
    assert data.GUILD_LIRA == {5: 4}
    assert data.GUILD_BONUS_DRAW == {6: 3}
    assert data.GUILD_FOUNTAIN == 7


@pytest.mark.parametrize(
    ("total", "blue"), [(2, 0), (3, 0), (4, 1), (6, 1), (7, 3), (12, 3)]
)
def test_guild_8_blue_goods_by_roll(total: int, blue: int) -> None:
    assert data.guild8_blue(total) == blue
    assert data.GUILD8_GOOD_CHOICES == ("red", "yellow", "green") and data.GUILD8_GOODS == 2


def test_guild_8_and_9_forbid_the_red_tile() -> None:
    assert sorted(data.GUILD_NO_RED_TILE) == [8, 9]


def test_guild_9_doubles_the_tea_house_including_the_consolation() -> None:
    assert data.guild9_lira(7, 5) == 4  # the rulebook's example: call 7, roll 5
    assert data.guild9_lira(7, 7) == 14
    assert data.guild9_lira(12, 12) == 24


def test_guild_cards_10_to_18() -> None:
    assert data.GUILD_TRADES == {10: ((1, 1, 1, 0), 15), 11: ((1, 1, 0, 1), 20)}
    assert data.GUILD_ANY_PLACE == 12
    assert data.GUILD_SULTAN_GOODS == {13: 6}
    assert data.GUILD_MOSQUE == {14: components.SMALL_MOSQUE, 15: components.GREAT_MOSQUE}
    assert data.GUILD_GEMSTONE_LIRA == {16: 15}
    assert data.GUILD_COFFEE == {17: 5, 18: 1}
    assert data.GUILD_GUILD_DRAW == {18: 2}


def test_guild_19_one_coffee_off_in_total() -> None:
    assert data.guild19_coffee((2, 2)) == 3  # the rulebook's example: tile for 2 + Barrier for 2
    assert data.guild19_coffee((1,)) == 0
    assert data.guild19_coffee((4,)) == 3
    for bad in [(), (1, 2, 3)]:
        with pytest.raises(ValueError, match="1 or 2 Tavern actions"):
            data.guild19_coffee(bad)


def test_guild_20_half_the_coffee_house_price_rounded_up() -> None:
    assert [data.guild20_coffee(r) for r in range(5, 0, -1)] == [3, 4, 4, 5, 5]


# -- texts ---------------------------------------------------------------------------------------

ALL_TEXTS: list[tuple[str, str]] = [
    *((f"place {k}", v) for k, v in texts.PLACE_TEXTS.items()),
    *((f"card {k}", v) for k, v in texts.CARD_TEXTS.items()),
    *((f"guild {k}", v) for k, v in texts.GUILD_CARD_TEXTS.items()),
    *((f"tavern tile {k}", v) for k, v in texts.TAVERN_TILE_TEXTS.items()),
    *((f"token {k}", v) for k, v in texts.TOKEN_TEXTS.items()),
    *((f"rule {k}", v) for k, v in texts.RULE_TEXTS.items()),
]
ALL_NAMES: list[str] = [
    *texts.PLACE_NAMES.values(),
    *texts.CARD_NAMES.values(),
    *texts.GUILD_CARD_NAMES.values(),
    *texts.TAVERN_TILE_NAMES.values(),
    *texts.TOKEN_NAMES.values(),
    *texts.RULE_NAMES.values(),
]


def test_every_item_has_a_name_and_a_text() -> None:
    assert set(texts.PLACE_NAMES) == set(texts.PLACE_TEXTS) == set(data.PLACES)
    assert set(texts.CARD_NAMES) == set(texts.CARD_TEXTS) == set(data.BONUS_CARDS)
    assert set(texts.GUILD_CARD_NAMES) == set(texts.GUILD_CARD_TEXTS) == set(data.GUILD_CARDS)
    assert set(texts.TAVERN_TILE_NAMES) == set(texts.TAVERN_TILE_TEXTS) == set(data.TAVERN_TILE_TYPES)
    assert set(texts.TOKEN_NAMES) == set(texts.TOKEN_TEXTS)
    assert {data.COFFEE_TRADER, "barrier", "barrier_control", "baksheesh"} == set(texts.TOKEN_NAMES)
    assert texts.ENCOUNTER_NAMES == {"coffee_trader": "Coffee trader"}
    assert list(texts.ENCOUNTER_TEXTS.items()) == [("coffee_trader", texts.TOKEN_TEXTS["coffee_trader"])]
    assert set(texts.RULE_NAMES) == set(texts.RULE_TEXTS) == {
        "coffee",
        "guild_cards",
        "tavern_tiles",
        "caravansary_coffee",
    }
    assert len(texts.HELP_TOPICS) == len(ALL_TEXTS) == 4 + 9 + 20 + 2 + 4 + 4


@pytest.mark.parametrize(("label", "text"), ALL_TEXTS)
def test_texts_are_short_plain_sentences(label: str, text: str) -> None:
    assert text and text.strip() == text, label
    assert len(text) <= texts.MAX_TEXT_LENGTH == 300, (label, len(text))
    assert "\n" not in text and "*" not in text and "  " not in text, label
    assert text[0].isupper() and text.endswith("."), label
    assert 1 <= len(re.split(r"(?<=[.!?])\s+(?=[A-Z])", text)) <= 3, label


def test_names_are_short_and_unique() -> None:
    assert all(0 < len(name) <= 26 and name.strip() == name for name in ALL_NAMES)
    assert all(len(name) <= 24 for name in texts.CARD_NAMES.values())
    assert len({name.lower() for name in ALL_NAMES}) == len(ALL_NAMES)


def test_texts_carry_the_numbers_of_the_data() -> None:
    assert f"{data.ROAST_LIRA} Lira" in texts.PLACE_TEXTS[17]
    assert f"{data.ROAST_MAX_COFFEE} coffee" in texts.PLACE_TEXTS[17]
    assert f"{data.GUILD_HALL_COFFEE} coffee" in texts.PLACE_TEXTS[18]
    assert f"top {data.GUILD_HALL_DRAW} guild cards" in texts.PLACE_TEXTS[18]
    assert f"{data.BARRIER_COFFEE} coffee" in texts.PLACE_TEXTS[19]
    assert "6 up to 10" in texts.PLACE_TEXTS[20]
    assert f"{data.BAKSHEESH_COFFEE} coffee" in texts.TOKEN_TEXTS["baksheesh"]
    assert "3 yellow" in texts.TOKEN_TEXTS["baksheesh"]
    assert "1 red, 1 green, 1 blue" in texts.TOKEN_TEXTS["baksheesh"]
    assert "2 Lira or 1 good" in texts.TOKEN_TEXTS["coffee_trader"]
    assert "1, 2, 3 and 4 coffee" in texts.RULE_TEXTS["tavern_tiles"]
    assert "1 and 3" in texts.RULE_TEXTS["tavern_tiles"]
    assert f"{data.CARAVANSARY_COFFEE} coffee" in texts.RULE_TEXTS["caravansary_coffee"]
    assert f"{data.COFFEE_CARD_COFFEE} coffee" in texts.CARD_TEXTS["coffee2"]
    assert f"{data.GUILD_CARD_COFFEE} coffee" in texts.CARD_TEXTS["buyguild"]
    assert f"{data.LIRA8_LIRA} Lira" in texts.CARD_TEXTS["lira8"]
    assert f"up to {data.SWAP_MAX}" in texts.CARD_TEXTS["swap3"]
    assert "1: 1 coffee; 2: 2 Lira; 3: 1 yellow; 4: 1 green; 5: 1 red; 6: 1 blue" in texts.CARD_TEXTS["mdice"]
    assert "to 6" in texts.CARD_TEXTS["six"] and "neutral" in texts.CARD_TEXTS["six"]
    guild = texts.GUILD_CARD_TEXTS
    assert "4-6 adds 1 blue" in guild[8] and "7-12 adds 3" in guild[8]
    assert "4 Lira instead of 2" in guild[9]
    assert "15 Lira" in guild[10] and "20 Lira" in guild[11] and "red, green and yellow" in guild[10]
    assert "any 6 goods" in guild[13] and "15 Lira" in guild[16]
    assert "5 coffee" in guild[17] and "1 coffee" in guild[18] and "2 guild cards" in guild[18]
    assert "1 coffee less" in guild[19] and "half" in guild[20] and "rounded up" in guild[20]
    assert all("red mosque tile cannot" in guild[n] for n in data.GUILD_NO_RED_TILE)


def test_cards_playable_after_the_last_round_say_so() -> None:
    # E-55: exactly the cards of FINAL_CARDS.
    late = {kind for kind, text in texts.CARD_TEXTS.items() if "after the last round" in text}
    assert late == set(data.FINAL_CARDS)


def test_coffee_is_never_a_good_in_the_texts() -> None:
    # E-43: where a text asks for goods it says that coffee does not count, except the exchange card.
    assert "coffee is not a good" in texts.PLACE_TEXTS[17]
    assert all("coffee" in texts.GUILD_CARD_TEXTS[n] for n in (2, 3, 4, 5, 13))
    assert "goods or coffee" in texts.CARD_TEXTS["swap3"]


# -- help topics ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("topic", "name"),
    [
        ("17", "Roasting Plant"),
        ("#18", "Guild Hall"),
        ("place 19", "Tavern"),
        ("coffee house", "Coffee House"),
        ("g7", "Back to the Fountain (guild 7)"),
        ("guild 7", "Back to the Fountain (guild 7)"),
        ("Guild  Card 20", "Coffee House at half price (guild 20)"),
        ("c.g12", "Any place (guild 12)"),
        ("c.mdice", "Two dice, two rewards"),
        ("corner", "Go to a corner"),
        ("card:coffeeh2", "Coffee House twice"),
        ("movement tile", "Movement tile"),
        ("tavern:encounter", "Encounter tile"),
        ("BARRIER", "Barrier"),
        ("barrier control", "Barrier control tile"),
        ("baksheesh", "Baksheesh tile"),
        ("e.coffee_trader", "Coffee trader"),
        ("coffee trader", "Coffee trader"),
        ("coffee", "Coffee"),
        ("guild cards", "Guild cards"),
        ("guild", "Guild cards"),
        ("c.buyguild", "Buy a guild card"),
        ("tavern tiles", "Tavern tile piles"),
        ("caravansary coffee", "Caravansary coffee"),
    ],
)
def test_help_aliases(topic: str, name: str) -> None:
    found = texts.rule_text(topic)
    assert found is not None and found.startswith(f"{name}: "), (topic, found)


@pytest.mark.parametrize("topic", ["", "16", "21", "g0", "g21", "guild 21", "c.g", "c.dice", "tavern 19"])
def test_unknown_topics(topic: str) -> None:
    assert texts.rule_text(topic) is None


def test_aliases_are_unique_and_do_not_shadow_the_base_game() -> None:
    aliases = [texts.norm(a) for topic in texts.HELP_TOPICS for a in topic.aliases]
    per_topic = [{texts.norm(a) for a in topic.aliases} for topic in texts.HELP_TOPICS]
    assert len(set(aliases)) == sum(len(s) for s in per_topic)  # no alias names two topics
    # the game's help lookup (where the module registers them) finds each alias's own topic
    assert all(base_texts.rule_text(alias) == texts.rule_text(alias) for alias in aliases), [
        a for a in aliases if base_texts.rule_text(a) != texts.rule_text(a)
    ]


def test_every_topic_resolves_by_its_name() -> None:
    assert texts.rule_topics() == [t.name for t in texts.HELP_TOPICS]
    for name in texts.rule_topics():
        found = texts.rule_text(name)
        assert found is not None and found.startswith(f"{name}: "), name


# -- own words -----------------------------------------------------------------------------------

NGRAM = 8


def _words(text: str) -> list[str]:
    text = re.sub(r"<[^>]+>", " ", text).lower().replace("\u2019", "'").replace("\u2018", "'")
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text)


def _ngrams(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + NGRAM]) for i in range(len(words) - NGRAM + 1)}


def _seeds_folder() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        folder = parent / "shared" / "rules" / "seeds"
        if folder.is_dir():
            return folder
    return None


def test_no_text_shares_eight_words_in_a_row_with_a_rulebook() -> None:
    folder = _seeds_folder()
    if folder is None:
        pytest.skip("shared/rules/seeds is not on this machine: the rulebooks cannot be compared")
    books = sorted(folder.glob("*.txt"))
    assert books, folder
    rulebook: set[tuple[str, ...]] = set()
    for book in books:
        rulebook |= _ngrams(_words(book.read_text(encoding="utf-8", errors="replace")))
    for label, text in [*ALL_TEXTS, *(("name", n) for n in ALL_NAMES)]:
        shared = _ngrams(_words(text)) & rulebook
        assert not shared, (label, [" ".join(s) for s in shared])


def test_the_own_words_check_can_fail() -> None:
    # A rulebook sentence of the module must be caught by the same check.
    folder = _seeds_folder()
    if folder is None:
        pytest.skip("shared/rules/seeds is not on this machine: the rulebooks cannot be compared")
    book = (folder / "003_990c31f60f5c0a77.txt").read_text(encoding="utf-8")
    copied = "Take 2 cards from the top of the face-down pile of Guild cards."
    assert copied in book
    assert _ngrams(_words(copied)) & _ngrams(_words(book))
