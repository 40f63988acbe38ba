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
from .core import Game, ServiceCore
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
        return await self.images_of(await self.load(game_id), seats)

    async def images_of(self, game: Game, seats: Iterable[int] | None = None, *, public: bool = True) -> TurnImages:
        """`render_turn` for a game already loaded (so the images match the state the caller
        holds); with ``public=False`` only the private images are drawn (`TurnImages.public`
        is then empty)."""
        state = game.state
        if state is None:
            raise NotStarted()
        names = game.names()
        labels: Sequence[str] = [names.get(i, f"Seat {i + 1}") for i in range(len(state.players))]
        wanted = range(len(state.players)) if seats is None else sorted(set(seats))
        for seat in wanted:
            if not 0 <= seat < len(state.players):
                raise ValueError(f"game {game.id} has no seat {seat}")
        jobs = [self._in_render_thread(render_private, engine.view(state, s), s, labels) for s in wanted]
        if public:
            jobs.insert(0, self._in_render_thread(render, engine.view(state, None), labels))
        images = await asyncio.gather(*jobs)
        board = images.pop(0) if public else b""
        return TurnImages(game.id, state.decision_id, board, dict(zip(wanted, images, strict=True)))
