"""Rendering a game's current turn: the public turn image and each seat's private image, drawn in
worker threads (Pillow's PNG encoder releases the GIL) behind a small semaphore, so a render
never holds up the event loop and at most two renders run at once per service."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .. import engine
from ..render import render, render_private
from .core import ServiceCore
from .errors import NotStarted

RENDER_THREADS = 2
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class TurnImages:
    """PNG bytes: the public turn image (the same for everyone) and private images per seat."""

    game_id: int
    decision_id: int  # the position drawn: the engine's decision counter at the time
    public: bytes
    private: dict[int, bytes]


class RenderMixin(ServiceCore):
    _render_gate: asyncio.Semaphore | None = None

    async def _in_render_thread(self, fn: Callable[..., T], *args: object) -> T:
        if self._render_gate is None:
            self._render_gate = asyncio.Semaphore(RENDER_THREADS)
        async with self._render_gate:
            return await asyncio.to_thread(fn, *args)

    async def render_turn(self, game_id: int, seats: Iterable[int] | None = None) -> TurnImages:
        """The images of the game's current position: the public image, drawn from the public
        view, and the private image of each seat in `seats` (default: every seat) from that
        seat's own view. Seat labels are the seats' names."""
        game = await self.load(game_id)
        state = game.state
        if state is None:
            raise NotStarted()
        names = game.names()
        labels: Sequence[str] = [names.get(i, f"Seat {i + 1}") for i in range(len(state.players))]
        wanted = range(len(state.players)) if seats is None else sorted(set(seats))
        for seat in wanted:
            if not 0 <= seat < len(state.players):
                raise ValueError(f"game {game_id} has no seat {seat}")
        public = self._in_render_thread(render, engine.view(state, None), labels)
        private = [self._in_render_thread(render_private, engine.view(state, s), s, labels) for s in wanted]
        images = await asyncio.gather(public, *private)
        return TurnImages(game_id, state.decision_id, images[0], dict(zip(wanted, images[1:], strict=True)))
