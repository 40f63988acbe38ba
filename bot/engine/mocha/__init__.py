"""Mocha & Baksheesh: places 17-20, coffee, guild cards, the Tavern, the Barrier, the Coffee trader.

``data`` holds the numbers printed on the module's components, ``texts`` its names and rule
texts. What the module registers so far: its title, its places, its first-game grid
(components.md §1.3) and its 18 bonus cards (``data.BONUS_CARDS``: components.md §8.2, house
value H2). ``parts`` holds its state (``MochaBoard``: the Coffee House rubies, the Coffee
trader, the Barrier and its controller, the Tavern piles, the Baksheesh side; ``MochaPlayer``:
coffee and Tavern tiles), set up in every game with the module, and the Coffee House's ruby track;
``coffee`` gains and pays coffee (the ``coffee`` event). ``roasting_plant`` and ``coffee_house``
are places 17 and 20, ``coffee_trader`` the neutral token met in phase 4, ``caravansary`` the
Caravansary's extra coffee (D-13).

The engine's contract for Mocha & Baksheesh
-------------------------------------------
(``bot/engine/mocha``.) State: the board part ``mocha_board``
(``MochaBoard``: ``coffee_house_rubies``, ``coffee_trader``, ``barrier`` (an edge, smaller place
first, or None beside the board), ``barrier_controller`` (seat, -1 nobody), ``movement_tiles`` /
``encounter_tiles`` (the Tavern piles' coffee costs, top first), ``baksheesh`` (side "a" or "b"))
and each player's ``mocha_player`` (``MochaPlayer``: ``coffee``, ``tavern_tiles``); set up by
``setup.SETUPS``. The Coffee House is a ruby track (``coffee_house``). The deck ``guild``
(``mocha.guild_deck``): items ``g1``-``g20``, the Guild Hall's pile, a face-up discard pile and
each player's hidden hand (``Player.hands["guild"]``), never a bonus card. Events: ``coffee`` {n
(the change: negative when paid), why, total}. Rule texts (``mocha.help_topics``): places 17-20,
the bonus cards, the guild cards (card kinds ``g1``-``g20``, also found as "guild 7"), the Tavern
tiles, tokens and rules, registered with ``texts``.

The Roasting Plant (``mocha.roasting_plant``): its action ``act`` queues the step ``roast`` (``n``:
the deals made, bit 1 Lira, 2 good, 4 card), asked until each deal is made or ``done`` (offered
after the first): ``lira``, ``g.<colour>`` (never coffee), ``d.<kind>`` a bonus card or ``gd.g<N>``
a guild card (both private), 2 coffee each. The Coffee House (``mocha.coffee_house``): ``act`` pays
the track's coffee price and takes its ruby (refill included); an action step tagged ``g20``
(guild card #20) pays half, rounded up, and ``places.can_act`` says whether that is affordable.
The Coffee trader (``mocha.coffee_trader``) is the neutral token ``cof`` (tag ``coffee_trader``,
placed in ``MochaBoard.coffee_trader``): 1 coffee at once, then the step ``cof_pay`` (``pay`` 2 Lira
or ``g.<colour>``; left out when waived), then ``relocate``. ``mocha.caravansary``: an
``ACTION_HOOKS`` entry, 1 coffee whenever the Caravansary's action is carried out (D-13). The
``coffee`` event's ``why``: ``roasting_plant``, ``coffee_house``, ``coffee_trader``,
``caravansary``. Chance: the set-up rolls one more pair of dice for the Coffee trader, after the
Governor's and the Smuggler's; each relocation after his use is one roll (``script_dice``).

Step checks (``invariants.register_step_check``; ``step_violations(before, events, after)``, run by
the playout driver after every accepted input): ``mocha.barrier_check`` checks that every
step-by-step move (a ``move`` event whose ``how`` is in ``STEPWISE_HOWS``, decided at a step of
``MOVE_LENGTHS``) was possible around the edges blocked before the input.
The Tavern (``mocha.tavern``, place 19), one option per action (E-41): ``barrier`` (pay 2 coffee;
step kinds ``barrier``, the edge ``e.<a>.<b>`` with the smaller place first, the same code in
every decision, the current edge included; then ``barrier_act``, ``p.<place>``, one of its two
places but never the Tavern; then that place's ``action`` with tag ``"barrier"``, a remote
action in ``cards.REMOTE_TAGS``: no assistant, payment or encounters there), ``tl.movement`` /
``tl.encounter`` (the top tile of that pile for its coffee, one of each type per player) and
``bk.<place>`` (the Baksheesh: 4 coffee and the goods face up for the next ruby of 13, 16 or
20, then the tile turns). The action step with tag ``"g19"`` (guild card #19): n=0 its first
option at 1 coffee less, n=1 an optional second one. The Barrier (``mocha.barrier``) is an
``EDGE_BLOCKERS`` provider reading ``barrier`` / ``barrier_controller``. Tavern tiles
(``mocha.tavern_tiles``): the Movement tile's straight line ``t.mv.<place>`` in the free window
of the ``move`` step (places 3 or more along the line; nearer ones are normal moves), the
Encounter tile a ``tokens.WAIVERS`` entry for every neutral token in play. Events: ``barrier``
{a, b, moved, source}, ``tavern_tile`` {tile, cost}, ``tavern_tile_used`` {tile},
``baksheesh`` {place, side (now up)}.
The Guild Hall (18, ``mocha.guild_hall``): option ``act`` (1 coffee, draw 2 guild cards), then
the step ``guild_discard`` (n: cards still to lay down; private options ``d.g<N>``: that guild
card unused onto the guild discard pile, a ``discard`` event with ``deck`` "guild"). Guild cards
(``mocha.guild_cards``, the list in number order; their rules in ``guild_play``, ``guild_goods``,
``guild_dice``, ``guild_places`` and ``guild_rubies``): the private options ``c.g1`` ... ``c.g20`` in the free window of the
turn's ``move`` step only, when every instruction can be carried out (RULES-NOTES E-38); the
card event ``card`` carries ``deck`` "guild". Playing one drops the ``move`` step and pushes
``guild_end`` (the guild turn's last free moment, option ``done``: bonus cards not bound to a
place, the yellow tile); while it is on the stack, cards and mosque tiles bound to a place are
barred (``places.PLACE_BOUND_BARS``). The cards' steps: ``guild_goods`` (#2-#5: n goods still to
take, tag the first letters of the colours taken; ``g.<colour>``, ``done``), ``guild_dice`` (n 8:
``g.<colour>`` for the 2 goods, then both dice, no red tile; n 9: the call ``n3``-``n12``, then
both dice, the Tea House's pay doubled; the dice lie on the table as a ``dice`` step, tag ``g8`` or
``g9.<call>``, where the die-to-6 card may change them), ``guild_place`` (#12: place 0 offers ``p.<place>``, then
that place's own options, performed with the action tag "guild"), ``guild_family`` (#12's family
member home, no reward), ``guild_mosque`` (#14/#15: place the mosque, ``m.<colour>``); #13 uses
``sultan_any`` (n 6), #7 the ``fountain`` step (not the Fountain's action) and an extra turn; #19
and #20 push the ``action`` step of the Tavern (tag "g19") and the Coffee House (tag "g20"),
whose places apply the card's price. The action tags "guild", "g19" and "g20" are remote actions
(``cards.REMOTE_TAGS``).
Its nine bonus-card kinds (``mocha.bonus_cards``; plays ``c.<kind>``): ``coffee2``, ``buyguild``,
``lira8``, ``swap3``, ``mdice``, ``six``, ``corner``, ``wain2``, ``coffeeh2``; after the last round
``lira8``, ``swap3`` and ``mdice`` (E-55, no coffee then). Steps: ``exchange`` (the ``swap3``
card: n the swaps made, tag the kinds given ">" the kinds taken, a letter each; options
``sw.<good>.<good>`` give the first, take the second, by letter r, g, y, b or c (coffee counts
as a good here), and ``done``), ``six_die`` (which die the die-to-6 card turns: ``die.1`` /
``die.2``; n and tag as the dice step's), ``corner`` (the corner card's jump: ``go.N``, a teleport). The ``mdice`` roll is a
``dice`` step with place 0 and tag "mdice" (`places.dice.ROLLS`). The die-to-6 card is a rule of
the dice step (`places.dice.ROLL_RULES`): after a roll of the player's own, when turning one die
to 6 would change what it brings, a seat holding any private card is asked (``ok``, and with the
card ``c.six``), whether or not it holds this card; event ``die_six`` {dice}.
"""

from __future__ import annotations

from ..modules import Module, register_module
from . import barrier as _barrier  # noqa: F401  (the Barrier, a blocked edge)
from . import barrier_check as _barrier_check  # noqa: F401  (the Barrier respected by every step-wise move)
from . import bonus_cards as _bonus_cards  # noqa: F401  (the nine bonus-card kinds, their steps and the die-to-6 rule)
from . import caravansary as _caravansary  # noqa: F401  (the Caravansary's coffee, D-13)
from . import coffee, data, guild_cards, guild_deck, guild_hall, help_topics, parts  # noqa: F401  (register the module's parts and help texts)
from . import coffee_house as _coffee_house  # noqa: F401  (place 20)
from . import coffee_trader as _coffee_trader  # noqa: F401  (the neutral token)
from . import die_to_six as _die_to_six  # noqa: F401
from . import exchange as _exchange  # noqa: F401
from . import roasting_plant as _roasting_plant  # noqa: F401  (place 17)
from . import tavern as _tavern  # noqa: F401  (the Tavern, place 19)
from . import tavern_tiles as _tavern_tiles  # noqa: F401  (the Movement and Encounter tiles)

MOCHA = register_module(
    Module(
        name="mocha",
        title="Mocha & Baksheesh",
        playable=True,
        order=1,
        places=(17, 18, 19, 20),
        first_layout=(
            16, 15, 18, 3, 10,
            8, 1, 7, 17, 4,
            2, 19, 6, 12, 9,
            20, 11, 5, 14, 13,
        ),
        bonus_cards=tuple(data.BONUS_CARDS.items()),
    )
)  # fmt: skip
