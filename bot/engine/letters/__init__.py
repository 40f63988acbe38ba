"""Letters & Seals: places 21-24, letters, the companion, kiosk tiles.

What the module registers so far: its title, its places, its first-game grid (components.md
§1.3) and its 28 bonus cards (components.md §8.3; house value H3: 4 "letter", the "good + 3
Lira" card once in each of the four colours, 2 of every other kind), which a Letters & Seals
game may play without the base cards (RULES-NOTES D-21, rule option ``ls_bonus_deck``). The
counts are ``data.LETTERS_BONUS_CARDS``; ``data`` holds the component numbers and ``texts`` the
names and rule texts.

``parts`` holds its state (``LettersBoard``: the Courier, the Secret Society bonuses paid, the
kiosk tiles turned up and picked, the auction's bid; ``LettersPlayer``: letters, companion, the
round of the last double move), set up in every game with the module. ``letter_deck`` and
``kiosk_deck`` are its decks (letters face up before their owners, kiosk tiles turned up at the
Kiosk); ``delivery`` turns letters over whenever a token of their owner stands on their place
(a `machine.SWEEPS` rule, E-48); ``companion_token`` registers the companion as a token kind,
``companion`` earns and brings it home at the Fountain (E-44) and ``companion_turn`` sets it out
and moves it instead of the merchant, with its "Companion moves 2" card (E-45, E-3).

The engine's contract for Letters & Seals
-----------------------------------------
(``bot/engine/letters``.) State: the board part ``letters_board``
(``LettersBoard``: ``courier`` (the Courier's place), ``society_bonuses`` (seats paid a Secret
Society Lira bonus, in order), ``kiosk_up`` (kiosk tiles turned up and not picked),
``kiosk_taken`` ((seat, tile) picked at this Kiosk action), ``bid`` and ``bidder`` (the running
auction, -1 nobody)) and the player part ``letters_player`` (``LettersPlayer``: ``letters``
((place, delivered) face up, in the order received), ``companion`` (-1 the general supply, 0 its
owner's supply, else its place), ``double_move_round`` (the round of the last double move, -1
never), ``companion_placed`` (the turn, ``GameState.turns``, in which the companion was last set
out), ``merchant_turn`` (the last turn bound to the merchant before a token moved: the
return-assistant card, E-45), ``companion_turn`` (the last turn in which the companion moved
instead of the merchant: `companion_turn.active_is_companion`)). Decks: ``letters`` (items ``l<place>``, public: a letter received is turned up for
everyone and lies before its owner) and ``kiosk`` (items ``K01``-``K24``, public once turned up).
The companion is the token kind ``companion`` (paid like a merchant, never caught, no assistant
step). Letters are delivered by the sweep ``delivery.deliver`` (``machine.SWEEPS``) whenever a
token of their owner stands on their place. The companion (``companion``, ``companion_turn``): the
first Fountain action of its owner by any means earns it (a ``places.ACTION_HOOKS`` entry; with no
assistant out the Fountain still offers ``r.earn``, and ``r.home`` while the companion is on the
board: ``places.caravansary.FOUNTAIN_OPTIONS``); a later one with assistants out asks at the step
``companion_back`` (``ch.home`` / ``ch.stay``). At the turn's ``move`` step a free window offers
``t.cp`` (set the companion from its owner's supply beside the merchant: free, no encounters) and
``t.cm.<place>`` (a companion turn: one step, then phases 2-4 at its place, no assistant step); the
card ``c.companion2`` (same step) leads to the step ``companion2`` (options ``t.cm.<place>`` two
steps away; move ``how`` "companion2"). A companion move is not offered in the turn it was set out
under ``companion_usable_on_placement_turn`` false, nor after the return-assistant card at the
``move`` step (the sweep ``companion_turn.bind_to_merchant``). Events: ``delivered`` {place} (the
owner as player), ``letters_paid`` {letters: [[place, delivered], ...], seals, why},
``companion_home`` {from, why} (`companion_token.return_companion`), ``companion_earned`` {},
``companion_placed`` {place}; its moves are ``move`` events with ``token`` "companion". Texts:
``letters.texts`` (names and rule texts, with and without coffee); ``help_topics`` registers them
in the one help lookup (``texts.rule_text``: places 21-24 by number and name, also "auction" and
"society", kiosk tiles "K05"/"k5"/"kiosk 5", bonus cards "c.<code>", "letters", "seals",
"delivery", "double move", "companion", "courier").
The Kiosk (22, ``letters.kiosk``): option ``act`` (1 letter, players + 1 kiosk tiles turned up),
then in seat order from the acting player ``kiosk_pick`` (``p.<number>``, the tile's number
1-24; other seats decide off turn, no free window, E-62 default: the first tile, unused), each
pick followed by ``kiosk_use`` (tag: the tile; ``u<i>`` its way i as `data.kiosk_options` lists
them, only when it can be carried out whole, or ``keep``, the default), ``kiosk_pay`` (tag the
tile, n the way: ``g.<colour>`` / ``g.coffee``, ``d.<card>`` private, ``l.<place>`` /
``l.<place>.d`` a letter) and ``kiosk_good`` (``g.<colour>``, ``g.coffee`` when n=1 and coffee is
in play); then ``kiosk_last`` (the acting player takes the tile left) and ``kiosk_end`` (every
tile to the discard pile). Tiles: ``letters.kiosk_tiles`` (K17/K18 through the Wainwright's
``add_extension``, K15 ``return_companion``, K16's one die a ``dice`` step (place 0, tag
"kiosk_die", the dice (a, 0): a second die of 0 is none) that waits only when the die-to-6 card
may turn it, i.e. the active player's own roll (E-20), K19 the stack to the Fountain; when the token that
took the turn's action leaves that way its encounters are skipped, E-47: the ``after`` step
moves to place 0). The Auction House (23, ``letters.auction``): the good ``g.<colour>`` is the
action's option, then ``auction_bid`` (a `choices.ValueChoice`, ``v.<lira>`` / ``vr.<lira>``; n 0
the opening, no pass; n 1 another seat, once, ``pass`` the default; n 2 the acting player's last
word, pushed by ``auction_last`` only when somebody else leads) and ``auction_end`` (the winner
draws 2 bonus cards, or the one left, and pays the bank or the acting player). ``StepKind.refusal`` words why a
code is refused (a bid above one's Lira). Events: ``kiosk_pick`` {tile[, last]}, ``kiosk_used``
/ ``kiosk_unused`` {tile}, ``kiosk_discarded`` {tiles}, ``no_encounters`` {place}, ``bid``
{lira}, ``bid_pass``, ``auction_won`` {lira, to (-1 the bank)}, ``no_auction`` {reason: "lira"
or "cards"}.
Letters are paid through ``letter_payment``: one option per seal-wise distinct set, ``p.<digits>``
(the positions in the payer's row, one base-36 digit each), or, when more than a decision holds,
first ``l.<digit>`` (a letter surely paid, kept in the step's tag). The Embassy (21,
``letters.embassy``): ``act``, 2 letters. The Secret Society (24, ``letters.secret_society``):
``act`` (letters can show exactly 6 seals, a track holds a ruby), then the steps
``society_letters`` (``p.<digits>``, exactly 6 seals, E-52) and ``society_ruby`` (``r.<place>``: 13,
16, 20 in the Great Bazaar; the refill rule applies), then the Lira bonus by
``RuleOptions.secret_society_bonus_per`` (``LettersBoard.society_bonuses``; event
``society_bonus`` {lira, rank}); the card ``c.society2`` declared with its action plays as every
"twice" card (an ``action`` step tagged "again"). The Courier (``letters.courier``) is the neutral
token ``cour`` (tag ``courier``, ``LettersBoard.courier``): 1 letter at once, then the step
``cour_pay`` (``pay`` 2 Lira or ``l.<digit>`` a letter, the new one included, D-19; left out when
waived), then ``relocate``; chance: the set-up rolls one more pair of dice for him (after the
Coffee trader's in the Great Bazaar), and each relocation is one roll. The double move
(``letters.double_move``, D-17, E-49): the ``end`` step first asks what ``turn.END_OFFERS`` offer
(then runs again with n=1): the step ``double_move``, ``no`` (the default) or ``p.<digits>`` (a
minimal set worth 3 or 4 seals) for an extra turn at once, once a round
(``LettersPlayer.double_move_round``); event ``double_move`` {round}. ``letters.letters_check``:
the module's invariants and the step check that no seat makes two double moves in a round.
Its bonus cards (plays ``c.<code>``; ``letters.bonus_cards``): ``letter``, ``ldice`` (a ``dice``
step with place 0 and tag "ldice", house value H5: 6-8 queues ``card_good``), ``sell7`` (step
``sell7``: ``g.<colour>`` or ``g.coffee``), ``good3.r`` / ``good3.g`` / ``good3.y`` / ``good3.b``
at any free moment; ``mosque2`` declared with a mosque's action (``also_at``: both mosques; step
``twice``: the first of the two actions, place, n and tag the action step's, the place's own
codes or ``skip`` (neither), then the ``action`` step tagged "again"); instead of the move,
``follow`` (step ``follow``: ``f.<seat>``, the merchant stack joins that seat's merchant, whose
fee is spared: the ``pay`` step's tag names the seat) and ``pay3move`` (3 Lira paid, step
``anywhere``: ``go.N``).
``copy`` (``letters.copy_card``, E-35): the top card of the bonus discard pile as it lay before,
in that card's own window and conditions (after the last round when it may be played then; with
the action of its place for a card declared with one: an action modifier); event ``copied``
{card}. ``familystep`` (``letters.family_step``, E-37), instead of the move: step
``family_step`` (``go.N``, a neighbouring place other than the Police Station, round blocked
edges; the move event's token "family"), then the ``action`` step tagged "family" there and the
free step ``family_end`` (``done``; no encounters), then the turn's end. ``usetoken``
(``letters.use_token``, E-30): step ``usetoken`` (``u.<token code>``: any neutral token in play on
the board that the seat could pay), then its reward and payment steps (never waived) and
``relocate``; event ``token_called`` {token}. After the last round ``ldice`` (no letter),
``sell7``, ``good3``, ``copy`` (of one of these) and ``usetoken`` (the Smuggler, not relocated)
(E-55).
"""

from __future__ import annotations

from ..modules import Module, register_module
from . import auction as _auction  # noqa: F401  (the Auction House, place 23)
from . import bonus_cards as _bonus_cards  # noqa: F401  (the bonus cards that give things or move the stack)
from . import companion as _companion  # noqa: F401  (earned and brought home at the Fountain, E-44)
from . import companion_token as _companion_token  # noqa: F401  (the companion as a token kind)
from . import companion_turn as _companion_turn  # noqa: F401  (set out, moved instead of the merchant, E-45)
from . import copy_card as _copy_card  # noqa: F401  (the copy card, E-35)
from . import courier as _courier  # noqa: F401  (the Courier, a neutral token)
from . import data, kiosk_deck, letter_deck, parts  # noqa: F401  (register the module's parts and decks)
from . import delivery as _delivery  # noqa: F401  (letters delivered whenever a token stands on their place)
from . import double_move as _double_move  # noqa: F401  (the double move at the end of a turn)
from . import embassy as _embassy  # noqa: F401  (place 21)
from . import family_step as _family_step  # noqa: F401  (the family member's step card, E-37)
from . import help_topics as _help_topics  # noqa: F401  (the module's texts in the one help lookup)
from . import kiosk as _kiosk  # noqa: F401  (the Kiosk, place 22, and its tiles)
from . import letters_check as _letters_check  # noqa: F401  (the module's invariants)
from . import secret_society as _secret_society  # noqa: F401  (place 24, the society2 card)
from . import use_token as _use_token  # noqa: F401  (the card that calls a neutral token from afar, E-30)

LETTERS = register_module(
    Module(
        name="letters",
        title="Letters & Seals",
        playable=True,
        order=2,
        places=(21, 22, 23, 24),
        first_layout=(
            9, 1, 4, 21, 3,
            15, 6, 7, 11, 22,
            13, 24, 12, 14, 8,
            10, 2, 23, 5, 16,
        ),
        bonus_cards=tuple(data.LETTERS_BONUS_CARDS.items()),
        deck_alone=True,
    )
)  # fmt: skip
