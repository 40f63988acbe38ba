"""The 20 guild cards (components.md §9), registered in number order: the one list below fixes the
cards' order; what each does lives in the module named for it.

- `guild_play`: how a guild card is played (the movement step's free window, E-38) and the
  remote action tags;
- `guild_goods`: goods, Lira, extensions, cards and coffee (#1-#6, #10, #11, #17, #18);
- `guild_dice`: the dice (#8, #9), never the red tile (E-20);
- `guild_places`: the Fountain, any place, the Tavern and the Coffee House (#7, #12, #19, #20);
- `guild_rubies`: the Sultan's Palace, the mosque tiles and the Gemstone Dealer (#13-#16).
"""

from __future__ import annotations

from .guild_dice import dice
from .guild_goods import (
    GOODS_CARD,
    any_bonus_card,
    bonus_cards,
    can_extend,
    coffee,
    coffee_and_guild,
    extension,
    fill,
    lira_and_goods,
    trade,
)
from .guild_places import (
    any_place,
    can_coffee_house,
    can_tavern,
    coffee_house,
    fountain,
    some_place,
    tavern,
)
from .guild_play import guild_card
from .guild_rubies import can_gemstone, can_sultan, gemstone, mosque_tile, sultan

guild_card(1, extension, can_extend)
for _colour, _number in GOODS_CARD.items():
    guild_card(_number, fill(_colour))
guild_card(5, lira_and_goods)
guild_card(6, bonus_cards, any_bonus_card)
guild_card(7, fountain)
guild_card(8, dice(8))
guild_card(9, dice(9))
guild_card(10, *trade(10))
guild_card(11, *trade(11))
guild_card(12, any_place, some_place)
guild_card(13, sultan, can_sultan)
guild_card(14, *mosque_tile(14))
guild_card(15, *mosque_tile(15))
guild_card(16, gemstone, can_gemstone)
guild_card(17, coffee)
guild_card(18, coffee_and_guild)
guild_card(19, tavern, can_tavern)
guild_card(20, coffee_house, can_coffee_house)
