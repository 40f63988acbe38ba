"""The Great Bazaar's decisions that name any place or any edge of the 5x5 board (issue 25 item 4),
each built on a five-player game: the Police Station, the Catacombs, the pay-3 card, guild card
#12 and the Barrier. Shared by the engine tests and the payload test."""

from __future__ import annotations

from bot.engine import GameState
from bot.engine.letters import data as letters_data
from bot.engine.mocha.parts import set_mocha_player
from tests.engine.bazaar.bazaar_helpers import done, edit, leave_assistant, quiet_bazaar
from tests.engine.helpers import give, play
from tests.engine.mocha.core_helpers import give_guild

PLAYERS = 5


def _game() -> GameState:
    return quiet_bazaar(players=PLAYERS, seed=4)


def police_station() -> GameState:
    return leave_assistant(play(_game(), "go.12"))


def catacombs() -> GameState:
    return play(leave_assistant(play(_game(), "go.25")), "g.red")


def pay3() -> GameState:
    h = edit(_game())
    give(h, 0, letters_data.PAY3)
    h.players[0].lira = 10
    return play(done(h), f"c.{letters_data.PAY3}")


def guild12() -> GameState:
    h = edit(_game())
    give_guild(h, 0, "g12")
    return play(done(h), "c.g12")


def barrier() -> GameState:
    h = edit(_game())
    set_mocha_player(h, 0, coffee=4)
    return play(leave_assistant(play(done(h), "go.19")), "barrier")


# decision kind -> (position, code prefix); the places a decision leaves out are the rules' own
POSITIONS = {
    "police": (police_station, "f"),
    "catacombs": (catacombs, "go"),
    "pay3": (pay3, "go"),
    "guild12": (guild12, "p"),
}

