"""The rules engine of Istanbul (Big Box): a pure, deterministic state machine for 2-5 players.

Standard library and pydantic only: no Discord, no database, no images, no clock, no global
random. Every entry point takes a state and returns a new one; the given state never changes.

Entry points
------------
- ``new_game(settings, players, seed) -> GameState``: ``players`` are the seats' colours in turn
  order (seat 0 is the start player; the service shuffles seats before calling).
- ``pending(state) -> Decision | None``: who decides now (``player``), the ``decision_id`` (a
  counter that rises with every accepted choice, undo and forfeit), a ``prompt``, the ``options``
  (code, label, private flag), the ``default`` code (the decline where the rules have one,
  otherwise the first legal choice) and ``off_turn`` (another seat than the turn's player decides
  in the middle of the turn: Kiosk picks and auction bids next; never in a seat's own
  leftover-card window after the last round, E-55). None once the game is over.
- ``apply(state, player, decision_id, code) -> (state, events)``: raises ``NotYourDecision``,
  ``StaleDecision``, ``IllegalChoice`` or ``GameOver`` (all ``EngineError``, with a message a
  player can read) and changes nothing when the choice is not allowed.
- ``undo(state, player) -> (state, events)``: takes back that player's last choice, never past a
  barrier (a die roll, a card drawn or shown, a demand tile turned up by a sale, another
  player's choice, a forfeit, a decision handed to another seat in the middle of a turn or back;
  once another player has chosen, undoing that choice does not reopen the earlier player's);
  ``NothingToUndo`` otherwise. ``can_undo(state, player)`` tells without trying.
- ``forfeit_turn(state, player) -> (state, events)``: the turn's player: its default choices until
  its turn sequence (with its extra turns) is over; at a movement step the token stays and the
  turn ends (house ruling); when other seats must decide in the middle of the turn they decide
  themselves and its defaults go on when the turn comes back to it (``Turn.forfeit``). Another
  seat deciding mid-turn: its own part only (its consecutive decisions at their defaults: the
  first free choice, not carried out; RULES-NOTES E-62).
- ``view(state, viewer) -> View``: what a seat (or ``None``, the public) may see;
  ``View.holdings(seat)``.
- ``describe(event, viewer) -> str | None``: one line, with ``{seat:N}`` placeholders.
- ``determinize(view, seed) -> GameState``: a full state consistent with the view (every deck's
  pile and every hand the viewer may not see dealt again, and the demand tiles below the top).
- ``result(state) -> list[Standing]``: rubies, then Lira, goods, bonus cards (guild cards and
  letters never count); ties are shared.
- ``holdings(state, seat) -> {deck: items}``: what a seat holds privately (bonus cards, guild cards
  next); the rule below on lone options reads it.
- ``sequence_over(before, after)`` / ``turn_over(before, after)`` (``turn``): a seat's turn
  sequence (its turn and its extra turns, or its leftover-card window) is over, or a single turn
  is: the service starts its grace period on the first. Decisions of other seats mid-turn end
  neither.
- ``set_chance_script(state, dice=[(a, b), (x,), ...], cards=[kind, ...] or {deck: [item, ...]})``:
  the next rolls (both dice, or one die) and the next draws (a list: the bonus cards; a mapping:
  per deck, "bonus" included). A scripted item must be in its pile when drawn (``ScriptError``).
- ``replay(settings, players, seed, events)`` / ``continue_from(state, events)``: rebuild a state
  from its log.
- ``to_json`` / ``from_json`` / ``validate``: exact JSON round trip; ``validate`` re-checks a
  state whose fields were edited by hand (for setting up a position). A game of a module that is
  not playable yet loads only with ``preview=True``.
- ``playout.Playout(state)`` (the playout path, for computer players, ``arena`` and ``bench``):
  the same rules on a private copy changed in place, with no undo record, event log, prompt or
  check of its own codes; ``codes()`` (in ``pending``'s order, None at the end), ``decider()``,
  ``kind()``, ``choose(code)``, ``copy()`` (cheap: players shared until one changes), ``chance``
  (dice and draws since the start) and ``state``. Untrusted input goes through ``apply``. A step
  kind may add ``codes(g, step)``, the codes of its ``options`` in the same order without the
  options, which the playout uses when present; so may a free window (``codes(g, step)``) and a
  place (``Place.codes(g, seat, step)``) (tests/engine/test_playout_codes.py).

Modules and settings
--------------------
``GameSettings``: ``players``, ``expansions`` (``()`` the base game, ``("mocha",)`` Mocha &
Baksheesh, ``("letters",)`` Letters & Seals, both: the Great Bazaar), ``layout`` (``short``,
``long``, ``in_order``, ``random`` on 4x4; one expansion ``first`` or ``random`` on 5x4; the
Great Bazaar ``random`` on 5x5; without one, the game's default), ``neutral_assistants``,
``caravan_leader`` and ``rules`` (``RuleOptions``, RULES-NOTES §4). `modules` words and checks
them: ``games()``, ``allowed_pairs()``, ``game_title(expansions)``, ``game_words(expansions,
layout)``, ``parse_modules(text)``, ``settings_problem(...)``; a module not playable yet is
refused in one sentence ("<game> is not playable yet"); ``preview_settings(...)``
builds such settings for tests and previews; ``grid_for(expansions, layout, draw)`` builds any
board without that check.

Chance and the log
------------------
Outcomes come from (``rng_seed``, ``rng_counter``): each roll (one die or both) and each item
drawn is one outcome and advances the counter by one, scripted or not. The events of every entry
point start with the input (``input``: player, decision, code; ``undo``; ``forfeit``), followed in
order by the chance outcomes and events that only tell the story:

- ``dice`` {d: [a, b]} or {d: [a]}: the roller is the event's player;
- ``draw`` {card}: a bonus card drawn (named to its owner only); ``draw`` {deck, card}: an item of
  another deck (a private deck's item is named to its owner only; a public deck's is turned up
  for everyone); likewise ``reshuffle`` {cards[, deck]} and ``no_card`` {[deck]}.

The decks (`decks`): ``bonus`` (the bonus cards of every module in play; D-21 and the rule
option ``ls_bonus_deck``) now; guild cards (by number, components.md §9), letters (by place
number, house value H6) and kiosk tiles (``K01``-``K24``, §13) register with their modules.
Every deck has a face-down pile (a sorted multiset: its order does not exist until a draw) and
a face-up discard pile, top last. The chance script: ``script_dice`` (one tuple per roll),
``script_cards`` (the bonus cards) and ``script_draws`` (per other deck).

Option codes
------------
A card play is ``c.<kind>`` in every decision that offers it (always private). Movement
``go.N``; assistant ``a.collect`` / ``a.leave`` / ``a.neutral`` / ``a.none`` (the Fountain's
neutral assistant); ``pay``; ``x.end`` ends the turn (declining the assistant or the payment);
action ``act`` / ``skip``, or the place's sub-choice directly: ``f.N`` Police Station,
``m.<colour>`` mosque tile, ``nK`` Tea House call (3-12), ``g.<good>`` / ``roll`` Black Market,
``r.all`` / ``r.some`` Fountain; inside actions ``s.<good>`` / ``s.all`` / ``done`` a sale,
``g.<good>`` a good (Smuggler, Sultan's 'any', card, Black Market after the roll, green tile),
``pile`` / ``top`` a Caravansary draw, ``d.<kind>`` a discard (private), ``r.N`` / ``y.N`` an
assistant called back, ``ok`` / ``t.four1`` / ``t.four2`` / ``t.reroll`` the dice and the red
tile, ``no`` no green-tile good; ``t.yellow`` the yellow tile; ``k<seat>.card`` /
``k<seat>.lira`` catch a family member; ``r.card`` / ``r.lira`` the family card's reward;
``gov`` / ``smug`` the Governor and Smuggler (a neutral token's code, never starting with "k");
``done`` ends the encounters (and the leftover cards); a choice of many values ``v.<value>``,
asked through ranges ``vr.<value>`` and ``back`` when more than 100 (`choices`). Mocha &
Baksheesh adds ``sw.<good>.<good>`` (the exchange card: give one, take the other, by letter;
coffee counts) and ``die.N`` (the die the die-to-6 card turns).

Labels are at most 80 characters. A decision lists every legal choice (at most 100 public and
100 private options; a choice of more values is asked in two steps, see `choices`).

Whether the game waits for a player never depends on what it holds: a step whose options may
depend on the hand (the free window, card modifiers, the leftover cards) is asked whenever the
seat holds anything privately (``holdings``), even with a single option.

Step kinds
----------
A turn is a stack of ``Step`` (``kind``, ``actor``, ``place``, ``n``, ``tag``), the current one
last. ``turn`` (starts a turn; tag "extra" an extra turn, n the extra turns still owed), ``move``
and ``move34`` (movement steps), ``assistant``, ``pay``, ``action`` (place; tag "" the
merchant's own action, "family" the family member's, "again" a repeat, "any" the Small Market
with any goods; n=1 the repeat of the family member's action), ``after`` (the encounters; n the
neutral tokens used, one bit each), ``gov_pay``, ``smug_good``, ``smug_pay``, ``relocate`` (tag:
the neutral token), ``card_good``, ``reward``, ``recall`` (tag "yellow" or "card"),
``caravan_draw`` (n: 2 then 1), ``card_discard``, ``fountain``, ``bm_good``, ``dice`` (n: the two
dice as 10a+b, plus 100 times the flags: 1 the red tile used, 2 a module's rule used; tag: the Tea
House call; place 0: a roll made elsewhere, named by its tag), ``green_tile``, ``sell`` (n=1 any goods; tag: the goods
chosen so far), ``sultan_any`` (n: the goods still owed), ``end`` (the turn's end; n=1 once the
end-of-turn offers of ``turn.END_OFFERS`` were made), ``final``
(the leftover cards after the last round, between turns), ``gameover`` and ``value_range`` (the
second step of a choice of many values: place..n).

Events
------
Besides the inputs and outcomes above: ``turn`` {round[, extra]}, ``move`` {source, target,
how[, token]}, ``assistant``, ``end_early`` {reason[, place]}, ``fee`` {to, lira[, colour][,
token]}, ``relocate`` {token, to[, colour]}, ``action``, ``skip``, ``recall``, ``call``,
``nothing``, ``family_sent``, ``family_home``, ``caught``, ``caravan_leader``, ``gain``, ``pay``,
``ruby``, ``ruby_refilled``, ``sold``, ``demand``, ``extension``, ``take_discard``, ``discard``,
``card``, ``tile_used``, ``mosque_tile``, ``fifth_assistant``, ``end_triggered``,
``last_round_over``, ``game_over``.

Mocha & Baksheesh
-----------------
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
(``mocha.guild_cards``): the private options ``c.g1`` ... ``c.g20`` in the free window of the
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

Tokens, blocked edges and ruby tracks
-------------------------------------
Tables a module extends by registering rows (each row states its module; None is the base game;
rows are consulted only in games where their module is in play, resolved once per module set):
``tokens.TOKEN_KINDS`` (``add_token_kind(TokenKind(...))``: the merchant, the family member),
``tokens.NEUTRAL_TOKENS`` (``add_neutral_token(NeutralToken(...))``: the Governor ``gov``, the
Smuggler ``smug``, offered in that order; the encounter step's ``n`` holds bit ``1 << index`` of
each token met), ``tokens.WAIVERS`` (a waived cost adds a ``waived`` event: ``token``),
``places.rubies.RUBY_TRACKS`` (``add_ruby_track(RubyTrack(...))``: Sultan's Palace, Gemstone
Dealer; ``next_price``, ``take_track_ruby`` with the refill) and ``board.EDGE_BLOCKERS``
(providers of ``BlockedEdge(a, b, controller)``; ``board.blocked_for(g, seat)`` is what the
normal move, the 3-or-4 card and ``movement.reachable`` go around; teleports ignore it). The
``move`` event (``source``, ``target``, ``how``) carries ``token`` for any token but the merchant
stack; ``last_move.token`` names the kind.

Letters & Seals
---------------
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
draws 2 bonus cards and pays the bank or the acting player). ``StepKind.refusal`` words why a
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

The Great Bazaar
----------------
(``bot/engine/bazaar.py``, ``bot/engine/catacombs.py``: the implied module ``bazaar``, in play
exactly when both expansions are; playable.) A 5x5 board of places 1-25 in a random
layout (the only one), the Fountain in the centre, the Black Market and the Tea House apart (the
test of every random layout); all 72 bonus cards (D-21: ``ls_bonus_deck`` does not apply). The
Catacombs (25, ``catacombs``): the action ``g.<colour>`` or ``g.coffee`` (1 good of one's choice or
1 coffee), then the step ``catacombs`` (place 25, tag the token that moves: ``merchant``,
``companion`` or ``family``): ``go.<place>``, every place but the Catacombs and the token's own, in
number order. A teleport; no action and no encounters where it lands, and when the turn's active
token leaves, phase 4 is skipped (its ``after`` step moves to place 0). The token is the active one
(the merchant stack, or the companion in a companion turn) however the action was reached (its own
move, the Police Station, the Tavern's Barrier, guild card #12; the merchant stack in a turn of
the family member's step card); under ``catacombs_family_member_moves`` the family member moves
when it took the action. Events: ``move`` (``how`` "catacombs"), ``catacombs_quiet`` {place}.

Glossary of the state
---------------------
``GameState``: ``settings`` (GameSettings), ``width`` and ``layout`` (place numbers row by row),
``players`` (per seat), ``board``, ``draw_pile`` (face-down bonus cards, a sorted multiset),
``discard`` (face-up bonus cards, top last), ``decks`` (every other deck in play by name: a
``Pile`` of ``pile`` and ``discard``), ``steps`` (the pending steps, current last), ``turn`` (the
current turn), ``round``, ``turns`` (turns started, extra turns included), ``extra_turns`` (the
extra turns among them), ``decision_id``, ``end_triggered`` (someone reached the ruby target:
this is the last round), ``finished``, ``last_move`` (``LastMove``: ``token`` "merchant",
"family" or a module's token, ``seat``, ``source``, ``target``), ``rng_seed``/``rng_counter``,
``script_dice``/``script_cards``/``script_draws`` (hidden), ``undo`` (hidden: ``Undo`` of
``player``, ``base`` and ``inputs``); ``cache`` and ``owned`` are bookkeeping, never serialised.
``copy()`` gives a state whose every part may be edited; the engine's own ``fork()`` shares what
a choice does not touch (players until ``mut``, and everything immutable).

``Turn`` (frozen: changes replace it): ``player``, ``start`` (where the merchant began),
``yellow_used``, ``caravansary_done``, ``leader_at_caravansary``, ``extra`` (an extra turn),
``again`` (extra turns granted, to follow), ``forfeit`` (skipped: its player's choices are its
defaults).

``Player``: ``seat``, ``colour``, ``merchant`` (place of the merchant stack), ``stack`` (assistants
under the merchant, top first, "o" own / "n" neutral), ``assistants`` (places where own assistants
wait), ``family`` (place of the family member), ``lira``, ``goods`` (red fabric, green spice,
yellow fruit, blue jewelry), ``extensions`` (capacity = 2 + extensions), ``rubies``,
``mosque_tiles`` (colours owned), ``cards`` (bonus cards in hand), ``hands`` (other private hands
by deck), ``parts`` (module parts of the player).

``Board``: ``wainwright_extensions``/``wainwright_rubies`` left, ``mail`` (mail indicators moved
down, 0-4), ``small_demand``/``large_demand`` (demand tile ids, top first), ``sultan_rubies`` and
``gemstone_rubies`` (rubies left on each track; the price follows from the count),
``mosque_tiles`` (stacks of values per colour red, green, blue, yellow, top first),
``mosque_rubies`` (Small, Great), ``governor``, ``smuggler``, ``neutral_merchants`` and
``neutral_colours`` (2 players), ``neutral_assistants`` (places, variant), ``ruby_supply``,
``caravan_leader`` (seat, -1 while the tile lies on the Caravansary), ``parts`` (module parts of
the board). Blocked edges are not stored on the board: ``board.EDGE_BLOCKERS`` providers read
them from their module's parts.

Module parts (``Board.parts``, ``Player.parts``) are frozen dataclasses registered by name
(``state.register_part``), absent in base games, replaced (never edited) on write: read
``g.board_part(name)`` / ``g.player_part(seat, name)``, write ``g.set_board_part`` /
``g.set_player_part``; a module's typed accessors come from one ``part_slots.BoardSlot`` /
``PlayerSlot`` per part (``mocha_board = BOARD_SLOT.of``, ``set_mocha_board = BOARD_SLOT.set``).

Registries for modules
----------------------
A module (`modules.register_module`) registers its parts and every provider states its module;
providers are consulted only while their module is in play (`registry.Registry.active`, resolved
once per set of modules): step kinds (``machine.register``; ``StepKind.module``, ``movement``,
``between_turns``, ``default_code`` (an idle player's choice that depends on the position)), places (``places.place``), free windows (``machine.FREE_WINDOWS``), action
modifiers (``places.ACTION_MODIFIERS``; remote actions' tags in ``cards.REMOTE_TAGS``), what a
module adds to any action (``places.ACTION_HOOKS``: the Caravansary's coffee), ways to carry
out the Fountain's action with no assistant out (``places.caravansary.FOUNTAIN_OPTIONS``), card plays
(``cards.register_card_play``: deck, window, place-bound class, E-55), decks
(``decks.register_deck``), set-up (``setup.SETUPS``), player token kinds
(``tokens.add_token_kind``), neutral tokens and their waivers (``tokens.add_neutral_token``,
``tokens.WAIVERS``), ruby tracks (``places.rubies.add_ruby_track``), blocked edges
(``board.EDGE_BLOCKERS``), rolls of the player's own (``places.dice.ROLLS``: what a roll brings;
``places.dice.ROLL_RULES``: what may change it at the ``dice`` step), hidden parts of a view (``views.HIDDEN_PARTS``), state-based rules run before every step the machinery looks at (``machine.SWEEPS``: letter
delivery), end-of-turn offers (``turn.END_OFFERS``: the double move), the words of a decision a free
window changed (``machine.WORDINGS``: labels and prompt only, e.g. the companion's moves beside the
merchant's), invariants
(``invariants.register_invariant``), story lines (``describe.register_line``) and rule texts
(``texts.register_place``, ``register_card`` (with extra aliases), ``register_topic``).
"""

from __future__ import annotations

from . import bazaar as _bazaar  # noqa: F401  (the modules register themselves)
from . import bonus_cards as _bonus_cards  # noqa: F401  (registers the card plays and the card steps)
from . import catacombs as _catacombs  # noqa: F401  (the Great Bazaar's place 25)
from . import choices as _choices  # noqa: F401
from . import encounters as _encounters  # noqa: F401
from . import letters as _letters  # noqa: F401
from . import mocha as _mocha  # noqa: F401
from . import movement as _movement  # noqa: F401
from . import places as _places  # noqa: F401
from . import turn as _turn  # noqa: F401
from .decision import CHANCE_KINDS, INPUT_KINDS, Decision, Event, Option, fill_seats
from .decks import holdings, set_chance_script
from .describe import describe
from .errors import (
    EngineError,
    GameOver,
    IllegalChoice,
    NothingToUndo,
    NotYourDecision,
    ScriptError,
    StaleDecision,
)
from .machine import apply, pending
from .replay import continue_from, replay
from .scoring import Standing, result, winners
from .settings import GameSettings, RuleOptions, preview_settings
from .setup import new_game
from .state import Board, GameState, LastMove, Player, Step, from_json, to_json, validate
from .turn import sequence_over, turn_over
from .undo import can_undo, forfeit_turn, undo
from .views import View, determinize, view

__all__ = [
    "CHANCE_KINDS", "INPUT_KINDS", "Board", "Decision", "EngineError", "Event", "GameOver", "GameSettings",
    "GameState", "IllegalChoice", "LastMove", "NotYourDecision", "NothingToUndo", "Option", "Player",
    "RuleOptions", "ScriptError", "StaleDecision", "Standing", "Step", "View", "apply", "can_undo", "continue_from",
    "describe", "determinize", "fill_seats", "forfeit_turn", "from_json", "holdings", "new_game", "pending", "replay", "result",
    "preview_settings", "sequence_over", "set_chance_script", "to_json", "turn_over", "undo", "validate", "view",
    "winners",
]
