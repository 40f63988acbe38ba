"""What the bot sends, as plain data: content, one embed, PNG files and a view of dynamic items.

Builders here are pure functions of what the reader may know: public messages take the public
view, the decision's public options and the public lines; private ones take the reader's own
view. That keeps hidden information out of public payloads by construction (and the privacy tests
check it by re-dealing the hidden parts)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from ..service import (
    Decision,
    Game,
    GameState,
    Option,
    Picture,
    View,
    fill_seats,
    game_words,
    previews,
    ranking,
    result,
    tie_break_sentence,
)
from .choices import MESSAGE_ROWS, Choice, capacity, choice_items, note_lines
from .ids import hint_action, undo_action
from .items import OptionButton, OptionSelect, UtilityButton
from .text import (
    CONTENT_LIMIT,
    EMBED_DESCRIPTION_LIMIT,
    EMBED_TITLE_LIMIT,
    LABEL_LIMIT,
    clip,
    colour_of,
    counted,
    newest_lines,
    plain,
    seat_title,
)

BOARD_FILE = "board.png"
PLAYERS_FILE = "players.png"
CARDS_FILE = "cards.png"
BUTTON_ROWS = 4  # the fifth row is the utility row
HINT_LABEL = "Hint: what would the computer play?"
DECLINES = frozenset({"x.end", "skip", "done"})
NOTES_LIMIT = 3000  # the question and its notes in an embed, leaving room for the story
NO_CONTENT = ""  # an edit with this content clears the message's text (the "your turn" line of a past turn)


@dataclass(slots=True)
class Payload:
    """One message. `view` None on an edit removes the components. `more` are embeds shown
    after `embed` (the players picture); `alt` gives files their descriptions (alt text)."""

    content: str | None = None
    embed: discord.Embed | None = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    view: discord.ui.View | None = None
    mention: int | None = None  # the one user this message may ping
    more: list[discord.Embed] = field(default_factory=list)
    alt: dict[str, str] = field(default_factory=dict)
    kept: dict[str, int] = field(default_factory=dict)  # files the edited message shows already: their attachment ids
    shown: frozenset[str] = frozenset()  # every file the edited message carries now, when known

    @property
    def embeds(self) -> list[discord.Embed]:
        return [self.embed, *self.more] if self.embed is not None else []

    def _mentions(self) -> discord.AllowedMentions:
        users = [discord.Object(self.mention)] if self.mention else False
        return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)

    def _files(self) -> list[discord.File]:
        # discord.py closes File objects after each request: build fresh ones every time.
        return [discord.File(io.BytesIO(data), filename=name, description=self.alt.get(name)) for name, data in self.files]

    def send_kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"allowed_mentions": self._mentions()}
        if self.content:
            out["content"] = self.content
        if self.embed is not None:
            out["embeds"] = self.embeds
        if self.files:
            out["files"] = self._files()
        if self.view is not None:
            out["view"] = self.view
        return out

    def edit_kwargs(self) -> dict[str, Any]:
        """Everything replaced; without files of its own the message keeps its attachments, and
        without content its content. Files named in `kept` are not uploaded again: the message
        keeps those attachments (all kept: the edit lists none, as without files), unless it
        carries a file (`shown`) this payload no longer has: the edit then lists what stays, so
        that the dropped picture goes."""
        out: dict[str, Any] = {"embeds": self.embeds, "view": self.view, "allowed_mentions": self._mentions()}
        if self.content is not None:
            out["content"] = self.content
        fresh = [f for f in self._files() if f.filename not in self.kept]
        if fresh or not self.shown <= {name for name, _ in self.files}:
            out["attachments"] = [*(KeptAttachment(i, name) for name, i in self.kept.items()), *fresh]
        return out


@dataclass(frozen=True, slots=True)
class KeptAttachment:
    """An attachment the edited message carries already, listed in an edit's `attachments` to keep
    it: discord.py sends `to_dict()` of anything in that list that is not a `discord.File`, and
    Discord needs only the id."""

    id: int
    filename: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "filename": self.filename}


Answer = str | Payload | None  # what a click or command answers privately (None: nothing)


@dataclass(frozen=True, slots=True)
class Seat:
    """What messages need to know about a seat."""

    seat: int
    name: str
    colour: str | None
    user_id: int | None  # a Discord user (None: a computer seat)
    computer: bool

    @property
    def title(self) -> str:
        return seat_title(self.name, self.colour)


def seats_of(game: Game) -> list[Seat]:
    return [
        Seat(s.seat, s.name, s.colour, int(s.user_id) if s.kind == "discord_user" and s.user_id else None,
             s.played_by_computer)
        for s in game.seats
    ]


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def utility_row(
    game: int, decision_id: int, *, private: str | None = None, hint: bool = False,
) -> list[discord.ui.Item[Any]]:
    """Undo (naming the decision it is offered at, so a second click takes back nothing more),
    My cards, Log, (when `private` is a label) the button that opens the decider's private
    options, and (`hint`: the table has hints on and a person decides) the Hint button, which
    names its decision too (a click after the decision has gone is refused as stale)."""
    row: list[discord.ui.Item[Any]] = [
        UtilityButton(game, undo_action(decision_id), label="Undo", row=4),
        UtilityButton(game, "cards", label="My cards", row=4),
        UtilityButton(game, "log", label="Log", row=4),
    ]
    if private:
        row.append(UtilityButton(game, "private", label=clip(private, LABEL_LIMIT), style=discord.ButtonStyle.primary, row=4))
    if hint:
        row.append(UtilityButton(game, hint_action(decision_id), label=HINT_LABEL, row=4))
    return row


def fill(text: str, names: dict[int, str], *, markdown: bool = True) -> str:
    """The engine's seat placeholders replaced by names: made harmless for message text (where
    markdown and mentions work), as they are for labels (``markdown=False``: shown verbatim)."""
    shown = plain if markdown else str
    return fill_seats(text, lambda seat: shown(names.get(seat, "someone")))


def choices_of(options: Sequence[Option], names: dict[int, str], notes: dict[str, str] | None = None) -> list[Choice]:
    """`options` as the scheme of `choices.py` shows them: names filled in, each with its note."""
    notes = notes or {}
    return [
        Choice(
            o.code, fill(o.label, names, markdown=False), notes.get(o.code, ""),
            discord.ButtonStyle.success if o.private else (
                discord.ButtonStyle.secondary if o.code in DECLINES else discord.ButtonStyle.primary
            ),
        )
        for o in options
    ]


def option_items(
    game: int, decision: Decision, options: Sequence[Option], names: dict[int, str], notes: dict[str, str] | None = None,
    rows: int = BUTTON_ROWS,
) -> list[discord.ui.Item[Any]]:
    """The components offering `options` of `decision`: buttons while they fit in `rows` rows,
    else selects, each with its own custom_id."""
    return choice_components(game, decision.decision_id, choices_of(options, names, notes), rows)


def choice_components(game: int, decision_id: int, shown: Sequence[Choice], rows: int) -> list[discord.ui.Item[Any]]:
    """`shown` choices of one decision as option buttons or option selects (`choices.py`)."""

    def button(c: Choice, text: str, row: int) -> discord.ui.Item[Any]:
        return OptionButton(game, decision_id, c.code, label=text, style=c.style, row=row)

    def select(part: int, options: list[discord.SelectOption], placeholder: str, row: int) -> discord.ui.Item[Any]:
        return OptionSelect(game, decision_id, options, placeholder=placeholder, row=row, part=part)

    return choice_items(shown, rows, button, select)


def with_notes(prompt: str, shown: Sequence[Choice], rows: int) -> str:
    """The question, and under it the notes of choices shown as buttons."""
    lines = note_lines(shown, rows)
    return clip("\n".join([prompt, *lines]), NOTES_LIMIT)


def public_part(decision: Decision) -> list[Option]:
    return [o for o in decision.options if not o.private]


def story(lines: list[str], tail: str) -> str:
    """Recent lines, then `tail` (the question), within the embed's limit."""
    room = EMBED_DESCRIPTION_LIMIT - len(tail) - 2
    told = newest_lines(lines, room) if lines else ""
    return f"{told}\n\n{tail}" if told else tail


def fold_turns(lines: list[tuple[int, str]], turns: list[tuple[int, int, str]]) -> list[str]:
    """The story's lines with each of `turns` (first seq, last seq, one line that stands for it)
    shortened to its one line: computer turns already posted as messages of their own."""
    out: list[str] = []
    for seq, line in lines:
        turn = next((t for t in turns if t[0] <= seq <= t[1]), None)
        if turn is None:
            out.append(line)
        elif not out or out[-1] != turn[2]:
            out.append(turn[2])
    return out


def board_embed(game: int, title: str, description: str, colour: str | None, footer: str = "") -> discord.Embed:
    """An embed showing the board image attached as `BOARD_FILE`."""
    embed = discord.Embed(title=clip(title, EMBED_TITLE_LIMIT), description=description, colour=colour_of(colour))
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    embed.set_footer(text=f"Istanbul · game #{game}{footer}")
    return embed


def players_embed(colour: str | None) -> discord.Embed:
    """The embed under the board's that shows the players picture (`PLAYERS_FILE`): an image in an
    embed of its own is as wide as the message allows, so its figures read on a phone."""
    embed = discord.Embed(colour=colour_of(colour))
    embed.set_image(url=f"attachment://{PLAYERS_FILE}")
    return embed


def pictured(payload: Payload, pictures: Sequence[Picture], colour: str | None) -> Payload:
    """`payload` (whose embed shows the board) with the players picture's embed after it and, when
    given, the turn's pictures attached with their alt texts (none given: an edit that keeps the
    message's pictures)."""
    more = players_embed(colour)
    if payload.embed is not None and payload.embed.footer.text:  # the footer goes under the last picture
        more.set_footer(text=payload.embed.footer.text)
        payload.embed.remove_footer()
    payload.more = [more]
    payload.files = [(p.name, p.png) for p in pictures]
    payload.alt = {p.name: p.alt for p in pictures}
    return payload


def turn_payload(
    game: int, public: View, decision: Decision, seat: Seat, names: dict[int, str], lines: list[str],
    pictures: Sequence[Picture], *, ping: bool, hints: bool = False,
) -> Payload:
    """The turn message of the seat that decides: the board, what happened since that seat's last
    turn, the question, its public options, and the utility row (with Hint when `hints`: the
    table has them on, and a person plays the seat)."""
    options = public_part(decision)
    private = None
    if public.holdings(seat.seat) or len(options) < len(decision.options):
        private = "Choose privately…" if options else f"{seat.name}: choose privately…"
    shown = choices_of(options, names, previews(public, decision))
    question = with_notes(f"**{fill(decision.prompt, names)}**", shown, BUTTON_ROWS)
    embed = board_embed(
        game, f"Round {public.round} · {plain(seat.title)} to play", story(lines, question), seat.colour,
        f" · decision {decision.decision_id}",
    )
    content = f"<@{seat.user_id}>, your turn." if seat.user_id and not seat.computer else None
    items = choice_components(game, decision.decision_id, shown, BUTTON_ROWS)
    hint = hints and seat.user_id is not None and not seat.computer
    view = view_of(*items, *utility_row(game, decision.decision_id, private=private, hint=hint))
    return pictured(Payload(content, embed, [], view, seat.user_id if ping else None), pictures, seat.colour)


def over_payload(
    game: int, public: View, seat: Seat, names: dict[int, str], lines: list[str], pictures: Sequence[Picture],
    next_name: str, grace_seconds: float, decision_id: int,
) -> Payload:
    """A turn that just ended, during its grace period: the board after it and an Undo button."""
    wait = f"about {counted(round(grace_seconds), 'second')}" if grace_seconds < 120 else (
        f"about {counted(round(grace_seconds / 60), 'minute')}"
    )
    tail = f"**Turn over.** {plain(next_name)} goes next in {wait}; until then you can still undo."
    embed = board_embed(game, f"Round {public.round} · {plain(seat.title)} has moved", story(lines, tail), seat.colour)
    return pictured(Payload(NO_CONTENT, embed, [], view_of(*utility_row(game, decision_id))), pictures, seat.colour)


def computer_payload(game: int, public: View, seat: Seat, lines: list[str], pictures: Sequence[Picture]) -> Payload:
    """One computer turn: what it did and the board after it; no buttons."""
    title = f"Round {public.round} · {plain(seat.title)} played"
    embed = board_embed(game, title, story(lines, "_A computer player took this turn._"), seat.colour)
    return pictured(Payload(None, embed, [], None), pictures, seat.colour)


def retired_payload(game: int, round_: int, seat: Seat, lines: list[str], *, taken_back_by: Seat | None = None) -> Payload:
    """A turn message whose turn is over: the story as it ended, no question, no buttons; its
    picture (already on the message) stays. `taken_back_by`: the seat before this one took its
    last turn back, so this seat never moved here and plays after them."""
    if taken_back_by is None:
        title, tail = f"Round {round_} · {plain(seat.title)} has moved", "**Turn over.**"
    else:
        undoer = plain(taken_back_by.name)
        title = f"Round {round_} · {plain(seat.title)} to play: taken back"
        tail = f"**Taken back by {undoer}; {plain(seat.name)} plays after {undoer}.**"
    return pictured(Payload(NO_CONTENT, board_embed(game, title, story(lines, tail), seat.colour), [], None), (), seat.colour)


def paused_payload(game: int, closes_at: float) -> Payload:
    """The notice that a game's last person left it: it waits, and closes by itself later."""
    text = (
        f"Nobody plays game #{game} any more: the computer has every seat, so the game is paused. Any of its "
        "players can wake it with `/istanbul resume` (or **Take my seat back**); its creator or a channel admin "
        f"can end it with `/istanbul abandon`. Otherwise it closes without a result <t:{int(closes_at)}:R>."
    )
    button = UtilityButton(game, "back", label="Take my seat back", style=discord.ButtonStyle.success, row=0)
    return Payload(text, None, [], view_of(button))


def private_options_payload(
    game: int, decision: Decision, names: dict[int, str], public: View | None = None,
) -> Payload:
    """The decider's private options (card plays) for the current decision, for their eyes only
    (with where they lead, when the game's `public` view is given)."""
    private = [o for o in decision.options if o.private]
    prompt = fill(decision.prompt, names)
    if not private:
        return Payload(f"**{prompt}**\nNone of your cards can be played right now.")
    shown = choices_of(private, names, previews(public, decision) if public is not None else None)
    text = with_notes(f"**{prompt}**\nOnly you see these choices:", shown, MESSAGE_ROWS)
    items = choice_components(game, decision.decision_id, shown, MESSAGE_ROWS)
    return Payload(clip(text, CONTENT_LIMIT), None, [], view_of(*items))


def decision_payload(game: int, public: View, decision: Decision, names: dict[int, str], note: str) -> Payload:
    """The current decision again, for its decider only (after a stale click): every option,
    public and private, when they fit in one message; else the public ones and the button that
    opens the private ones."""
    notes = previews(public, decision)
    every = choices_of(decision.options, names, notes)
    if len(every) <= capacity(MESSAGE_ROWS):
        shown, rows, extra = every, MESSAGE_ROWS, []
    else:
        shown, rows = choices_of(public_part(decision), names, notes), BUTTON_ROWS
        extra = [UtilityButton(game, "private", label="Choose privately…", style=discord.ButtonStyle.primary, row=4)]
    text = with_notes(f"{note}\n**{fill(decision.prompt, names)}**", shown, rows)
    items = choice_components(game, decision.decision_id, shown, rows)
    return Payload(clip(text, CONTENT_LIMIT), None, [], view_of(*items, *extra))


def standing_detail(rubies: int, lira: int, goods: int, cards: int) -> str:
    """A seat's line in the final standings: what decided its place, each count with its noun."""
    return (
        f"{counted(rubies, 'ruby', 'rubies')} · {lira} Lira · {counted(goods, 'good')} · {counted(cards, 'bonus card')}"
    )


def standings_of(state: GameState, names: dict[int, str]) -> list[tuple[int, str, str]]:
    """The final standings as the end message lists them: (rank, name, counts and the tie-break
    that decided the place, e.g. "… — ahead on Lira 23–18")."""
    order = result(state)
    decided = {place.seat: place.decided for place in ranking(order)}
    out = []
    for s in order:
        detail = standing_detail(s.rubies, s.lira, s.goods, s.cards)
        why = decided.get(s.seat, "")
        out.append((s.rank, names.get(s.seat, "?"), f"{detail} — {why}" if why else detail))
    return out


def hints_line(used: dict[str, int]) -> str:
    """"Hints used: Alice 2, Bob none." (by name, in seat order)."""
    parts = [f"{plain(name)} {n if n else 'none'}" for name, n in used.items()]
    return f"Hints used: {', '.join(parts)}." if parts else "Hints used: none."


def end_payload(
    game: int, public: View, standings: list[tuple[int, str, str]], seed: int | None, pictures: Sequence[Picture],
    winners: list[str], hints_used: dict[str, int] | None = None,
) -> Payload:
    """The game's name, the final standings (`standings_of`), the hints each person used (by
    name; None: the table had hints off), the seed (now that it no longer matters), Rematch and
    Log."""
    shown = ", ".join(plain(w) for w in winners)
    title = f"Game over — {shown} wins!" if len(winners) == 1 else f"Game over — {shown} share the win!"
    settings = public.state.settings
    lines = [f"_{game_words(settings.expansions, settings.layout)}_", ""]
    lines += [f"{rank}. **{plain(name)}** — {detail}" for rank, name, detail in standings]
    lines.append("")
    lines.append(tie_break_sentence(settings))
    if hints_used is not None:
        lines.append(hints_line(hints_used))
    if seed is not None:
        lines.append(f"This game's seed was {seed}.")
    description = clip("\n".join(lines), EMBED_DESCRIPTION_LIMIT)
    embed = board_embed(game, title, description, None, f" · round {public.round}")
    view = view_of(
        UtilityButton(game, "rematch", label="Rematch", style=discord.ButtonStyle.success, row=0),
        UtilityButton(game, "log", label="Log", row=0),
    )
    return pictured(Payload(None, embed, [], view), pictures, None)
