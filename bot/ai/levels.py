"""The computer's levels: one table, named the same on every surface.

A level is what a person chooses for a table ("easy", "normal", "strong"); each names a
registered policy (`bot.ai.POLICIES`) and says in one line how it plays. The levels on offer are
those whose policy is registered, so a level appears by itself once its player is (the strong
player registers as ``"strong"``). The terminal's ``--ai`` takes the policies' own names
(``random``, ``easy``, ``greedy``, ``strong``); Discord offers the levels.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import POLICIES, Policy

DEFAULT_LEVEL = "normal"  # a table that never chose one (every game stored before levels) plays this


@dataclass(frozen=True, slots=True)
class Level:
    name: str  # what a table stores and a person picks
    policy: str  # the registered player (`POLICIES`) that plays it
    description: str  # one line, in words a player understands


LEVELS: tuple[Level, ...] = (
    Level("easy", "easy", "plays sensibly but now and then settles for its second-best idea: good for learning"),
    Level("normal", "greedy", "plans each of its turns to the end and takes the best one it finds"),
    Level("strong", "strong", "tries its best ideas two turns further ahead on many guesses: a real challenge"),
)


def levels() -> tuple[Level, ...]:
    """The levels a table may choose now (those whose player is registered), easiest first."""
    return tuple(level for level in LEVELS if level.policy in POLICIES)


def level_names() -> tuple[str, ...]:
    return tuple(level.name for level in levels())


def level_named(name: object) -> Level:
    """The level called `name`; ``ValueError`` in one sentence naming the levels on offer."""
    for level in levels():
        if level.name == name:
            return level
    known = ", ".join(level_names())
    shown = name if isinstance(name, str) else repr(name)
    raise ValueError(f"there is no computer level '{str(shown)[:40]}'; choose {known}")


def level_policy(name: str) -> Policy:
    """The player of the level called `name`; a level no longer on offer (a table stored while
    its player was registered) plays at the default level."""
    try:
        return POLICIES[level_named(name).policy]
    except ValueError:
        return POLICIES[level_named(DEFAULT_LEVEL).policy]


def hint_policy_name() -> str:
    """The best registered player, whose choice a hint shows: the strong player when there is
    one, else the greedy player."""
    return "strong" if "strong" in POLICIES else "greedy"


def player_names() -> tuple[str, ...]:
    """What the terminal's ``--ai`` accepts: every registered player's name, then the levels'
    names that differ from them ("normal")."""
    names = tuple(POLICIES)
    return names + tuple(name for name in level_names() if name not in names)


def player_named(name: str) -> Policy:
    """A registered player by its own name ("greedy") or by its level's ("normal");
    ``ValueError`` in one sentence otherwise."""
    if name in POLICIES:
        return POLICIES[name]
    if name in level_names():
        return level_policy(name)
    raise ValueError(f"there is no computer player '{name[:40]}'; choose {', '.join(player_names())}")
