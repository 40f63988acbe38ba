"""Rendering a game's current turn: the public pictures (the board and the players, each with its
alt text, captioned with the last turn from the public log) and each seat's private image, drawn
in worker threads (Pillow's PNG encoder releases the GIL) behind a small semaphore, so a render
never holds up the event loop and at most two renders run at once per service."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .. import engine
from ..render import Picture, render_private, render_sheet, render_turn
from ..render.caption import caption
from ..store import games as sql
from .core import Game, ServiceCore, engine_events
from .errors import NotStarted

RENDER_THREADS = 2
CAPTION_EVENTS = 400  # the end of the log read for the caption: far more than two turns
T = TypeVar("T")

__all__ = ["Picture", "RenderMixin", "TurnImages"]


@dataclass(frozen=True, slots=True)
class TurnImages:
    """The public pictures of the turn message (board and players, the same for everyone; empty
    when not asked for) and private images (PNG bytes) per seat."""

    game_id: int
    decision_id: int  # the position drawn: the engine's decision counter at the time
    public: tuple[Picture, ...]
    private: dict[int, bytes]
    caption: str = ""  # the last turn in words (public)


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

    async def caption_of(self, game: Game) -> str:
        """The last turn of a loaded game in words, from the public events at the end of its log."""
        if game.state is None:
            return ""
        async with self.db.read() as conn:
            rows = await sql.events(conn, game.id, max(0, game.row.seq - CAPTION_EVENTS))
        return caption(engine_events(rows), [p.colour for p in game.state.players])

    async def sheet_of(self, game: Game) -> bytes:
        """Both public pictures side by side in one PNG, for a computer screen (local play)."""
        state = game.state
        if state is None:
            raise NotStarted()
        names = game.names()
        labels = [names.get(i, f"Seat {i + 1}") for i in range(len(state.players))]
        return await self._in_render_thread(render_sheet, engine.view(state, None), labels, await self.caption_of(game))

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
        told = await self.caption_of(game) if public else ""
        jobs = [self._in_render_thread(render_private, engine.view(state, s), s, labels) for s in wanted]
        turn = self._in_render_thread(render_turn, engine.view(state, None), labels, told) if public else None
        images: list[bytes] = list(await asyncio.gather(*jobs)) if turn is None else []
        pictures: tuple[Picture, ...] = ()
        if turn is not None:
            pictures, images = await asyncio.gather(turn, asyncio.gather(*jobs))
        return TurnImages(game.id, state.decision_id, pictures, dict(zip(wanted, images, strict=True)), told)
