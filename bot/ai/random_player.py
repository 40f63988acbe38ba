"""The random player: any offered option, uniformly, from the generator it is given."""

from __future__ import annotations

import random

from bot.engine import Decision, View


def random_policy(view: View, decision: Decision, rng: random.Random) -> str:
    """Any legal option (the view is not even looked at)."""
    return rng.choice(decision.codes())
