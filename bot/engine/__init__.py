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

Modules
-------
Each expansion documents its own state, decks, steps, option codes and events in its package's
docstring, beside the code: Mocha & Baksheesh in ``bot.engine.mocha``, Letters & Seals in
``bot.engine.letters``, the Great Bazaar in ``bot.engine.bazaar`` (with ``bot.engine.catacombs``).
What every module shares (the registries, the token tables) stays here.

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
