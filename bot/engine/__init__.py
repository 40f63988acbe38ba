"""The rules engine of Istanbul: a pure, deterministic state machine (base game, 2-5 players).

Standard library and pydantic only: no Discord, no database, no images, no clock, no global
random. Every entry point takes a state and returns a new one; the given state never changes.

Entry points
------------
- ``new_game(settings, players, seed) -> GameState``: ``players`` are the seats' colours in turn
  order (seat 0 is the start player; the service shuffles seats before calling).
- ``pending(state) -> Decision | None``: who decides now (``player``), the ``decision_id`` (a
  counter that rises with every accepted choice, undo and forfeit), a ``prompt``, the ``options``
  (code, label, private flag) and the ``default`` code (the decline where the rules have one,
  otherwise the first legal choice). None once the game is over.
- ``apply(state, player, decision_id, code) -> (state, events)``: raises ``NotYourDecision``,
  ``StaleDecision``, ``IllegalChoice`` or ``GameOver`` (all ``EngineError``, with a message a
  player can read) and changes nothing when the choice is not allowed.
- ``undo(state, player) -> (state, events)``: takes back that player's last choice, never past a
  barrier (a die roll, a card drawn or shown, a demand tile turned up by a sale, another
  player's choice, a forfeit; once another
  player has chosen, undoing that choice does not reopen the earlier player's);
  ``NothingToUndo`` otherwise. ``can_undo(state, player)`` tells without trying.
- ``forfeit_turn(state, player) -> (state, events)``: plays the player's default choices until
  their turn ends; at the movement step the merchant stays and the turn ends (house ruling).
- ``view(state, viewer) -> View``: what a seat (or ``None``, the public) may see.
- ``describe(event, viewer) -> str | None``: one line, with ``{seat:N}`` placeholders.
- ``determinize(view, seed) -> GameState``: a full state consistent with the view.
- ``result(state) -> list[Standing]``: rubies, then Lira, goods, bonus cards; ties are shared.
- ``set_chance_script(state, dice=[(a, b), ...], cards=[kind, ...])``: the next rolls and draws.
- ``replay(settings, players, seed, events)``: rebuilds a state from its log.
- ``to_json`` / ``from_json`` / ``validate``: exact JSON round trip; ``validate`` re-checks a
  state whose fields were edited by hand (for setting up a position).

Chance and the log
------------------
Outcomes come from (``rng_seed``, ``rng_counter``): each die roll (both dice) and each card draw
is one outcome and advances the counter by one, scripted or not. The events of every entry point
start with the input (``input``: player, decision, code; ``undo``; ``forfeit``), followed in order
by the chance outcomes (``dice``, ``draw``) and events that only tell the story.

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
``gov`` / ``smug`` the Governor and Smuggler; ``done`` ends the encounters (and the leftover
cards). Labels are at most 80 characters. A decision lists every legal choice (at most 100
public and 100 private options; a choice of more values is asked in two steps, see `choices`).

Whether the game waits for a player never depends on the cards in a hand: a step whose options
may depend on the hand (the free window, card modifiers, the leftover cards) is asked whenever
the hand holds any card, even with a single option.

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

Glossary of the state
---------------------
``GameState``: ``settings`` (GameSettings), ``width`` and ``layout`` (place numbers row by row),
``players`` (per seat), ``board``, ``draw_pile`` (face-down bonus cards, a sorted multiset: the
draw order does not exist until a draw), ``discard`` (face-up pile, top last), ``steps`` (the
pending steps of the turn, current last), ``turn`` (the current turn's flags), ``round``,
``turns`` (turns started), ``decision_id``, ``end_triggered`` (someone reached the ruby target:
this is the last round), ``finished``, ``last_move`` (token, seat, source, target),
``rng_seed``/``rng_counter``, ``script_dice``/``script_cards`` (hidden), ``undo`` (hidden);
``cache`` and ``owned`` are bookkeeping, never serialised. ``copy()`` gives a state whose every
part may be edited; the engine's own ``fork()`` shares the players a choice does not touch.

``Player``: ``seat``, ``colour``, ``merchant`` (place of the merchant stack), ``stack`` (assistants
under the merchant, top first, "o" own / "n" neutral), ``assistants`` (places where own assistants
wait), ``family`` (place of the family member), ``lira``, ``goods`` (red fabric, green spice,
yellow fruit, blue jewelry), ``extensions`` (capacity = 2 + extensions), ``rubies``,
``mosque_tiles`` (colours owned), ``cards`` (bonus card kinds in hand).

``Board``: ``wainwright_extensions``/``wainwright_rubies`` left, ``mail`` (mail indicators moved
down, 0-4), ``small_demand``/``large_demand`` (demand tile ids, top first), ``sultan_rubies`` and
``gemstone_rubies`` (rubies left on each track; the price follows from the count),
``mosque_tiles`` (stacks of values per colour red, green, blue, yellow, top first),
``mosque_rubies`` (Small, Great), ``governor``, ``smuggler``, ``neutral_merchants`` and
``neutral_colours`` (2 players), ``neutral_assistants`` (places, variant), ``ruby_supply``,
``caravan_leader`` (seat, -1 while the tile lies on the Caravansary).
"""

from __future__ import annotations

from . import bazaar as _bazaar  # noqa: F401  (the modules register themselves)
from . import bonus_cards as _bonus_cards  # noqa: F401  (registers the card plays and the card steps)
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
from .settings import GameSettings, RuleOptions
from .setup import new_game
from .state import Board, GameState, LastMove, Player, Step, from_json, to_json, validate
from .undo import can_undo, forfeit_turn, undo
from .views import View, determinize, view

__all__ = [
    "CHANCE_KINDS", "INPUT_KINDS", "Board", "Decision", "EngineError", "Event", "GameOver", "GameSettings",
    "GameState", "IllegalChoice", "LastMove", "NotYourDecision", "NothingToUndo", "Option", "Player",
    "RuleOptions", "ScriptError", "StaleDecision", "Standing", "Step", "View", "apply", "can_undo", "continue_from",
    "describe", "determinize", "fill_seats", "forfeit_turn", "from_json", "holdings", "new_game", "pending", "replay", "result",
    "set_chance_script", "to_json", "undo", "validate", "view", "winners",
]
