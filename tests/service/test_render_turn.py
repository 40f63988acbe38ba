"""Rendering through the service: the current turn's public pictures (captioned with the last turn
from the public log) and each seat's private image, labelled with the seats' names, drawn in
worker threads under a semaphore of two."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence

import pytest

from bot import engine
from bot.engine import View
from bot.render import Picture, render_private, render_sheet, render_turn
from bot.service import GameService, errors
from bot.service import render as service_render
from tests.service.helpers import local_table


async def test_render_turn_gives_the_public_and_every_private_image(svc: GameService) -> None:
    game = await local_table(svc, people=2, computers=1)
    assert game.state is not None
    names = [game.names()[s] for s in range(3)]
    images = await svc.render_turn(game.id)
    assert images.game_id == game.id and images.decision_id == game.state.decision_id
    assert images.caption == ""  # nobody has moved yet
    assert images.public == render_turn(engine.view(game.state, None), names)
    assert [p.name for p in images.public] == ["board.png", "players.png"]
    assert sorted(images.private) == [0, 1, 2]
    for seat, data in images.private.items():
        assert data == render_private(engine.view(game.state, seat), seat, names)
    assert names[:2] == ["Ann", "Bob"]


async def test_render_turn_for_some_seats(svc: GameService) -> None:
    game = await local_table(svc, people=3)
    images = await svc.render_turn(game.id, seats=[2, 0, 2])
    assert sorted(images.private) == [0, 2]
    assert (await svc.render_turn(game.id, seats=[])).private == {}
    with pytest.raises(ValueError):
        await svc.render_turn(game.id, seats=[3])


async def test_a_lobby_has_no_images(svc: GameService) -> None:
    lobby = await svc.create_lobby(creator="p0", creator_name="Ann", origin="local")
    with pytest.raises(errors.NotStarted):
        await svc.render_turn(lobby.id)
    with pytest.raises(errors.UnknownGame):
        await svc.render_turn(9999)


async def test_renders_run_in_threads_two_at_a_time(svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Slow renders run off the event loop (it keeps ticking) and never more than two at once."""
    running = 0
    most = 0
    threads: set[int] = set()
    lock = threading.Lock()

    def slow(*args: object) -> bytes:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
            threads.add(threading.get_ident())
        time.sleep(0.05)
        with lock:
            running -= 1
        return b"png"

    def slow_public(view: View, labels: Sequence[str], caption: str) -> tuple[Picture, ...]:
        assert view.viewer is None
        return (Picture("board.png", slow(), caption),)

    def slow_private(view: View, seat: int, labels: Sequence[str]) -> bytes:
        assert view.viewer == seat
        return slow()

    monkeypatch.setattr(service_render, "render_turn", slow_public)
    monkeypatch.setattr(service_render, "render_private", slow_private)
    game = await local_table(svc, people=4)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    task = asyncio.create_task(ticker())
    try:
        results = await asyncio.gather(svc.render_turn(game.id), svc.render_turn(game.id))
    finally:
        task.cancel()
    assert all(r.public == (Picture("board.png", b"png", ""),) and len(r.private) == 4 for r in results)
    assert most == 2  # ten renders, at most two at a time
    assert threading.get_ident() not in threads
    assert ticks >= 10  # the loop ran while the renders slept in their threads


async def test_the_caption_tells_the_last_turn_from_the_public_log(svc: GameService) -> None:
    """After a move the caption names the mover by colour and the place; it opens both alt texts
    and the sheet (local play) is both pictures side by side; undoing the move takes it back."""
    game = await local_table(svc, people=2)
    state = game.state
    assert state is not None
    decision = engine.pending(state)
    assert decision is not None
    move = next(o.code for o in decision.options if o.code.startswith("go."))
    outcome = await svc.submit(game.id, f"p{decision.player}", decision.decision_id, move)
    game = outcome.game
    assert game.state is not None
    colour = game.state.players[decision.player].colour.capitalize()
    images = await svc.images_of(game, ())
    assert images.caption.startswith(f"{colour}: ") and images.private == {}
    board, players = images.public
    assert board.alt.startswith(images.caption) and players.alt.startswith(images.caption)
    names = [game.names()[s] for s in range(2)]
    assert await svc.sheet_of(game) == render_sheet(engine.view(game.state, None), names, images.caption)
    undone = await svc.undo(game.id, f"p{decision.player}")
    assert (await svc.images_of(undone.game, ())).caption == ""
