"""The fake's interaction endpoints (what `AsyncWebhookAdapter.request` would have sent):
the initial callback, followups, and the `@original` and followup messages.

Modelled as Discord behaves:
- an interaction is answered once; a second callback is HTTP 400 code 40060 (and a violation);
- callback types must fit the interaction (8 only for autocomplete, 6/7 only where there is a
  message to update, no modal in answer to a modal);
- a followup before the callback is 404 Unknown Webhook (and a violation);
- after a deferred "thinking" answer (type 5) the first followup replaces the loading message
  (it keeps the defer's ephemeral setting and pings nobody);
- after `Fakecord.expire_interactions()` the token is dead: 404 Unknown interaction / Webhook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.discord_ui import limits, payloads
from tests.discord_ui.limits import LimitViolation
from tests.discord_ui.rest import Handler, Refuse, Request
from tests.discord_ui.world import EPHEMERAL, InteractionRecord, StoredMessage, number_components

if TYPE_CHECKING:
    from tests.discord_ui.fakecord import Fakecord

Json = dict[str, Any]

KINDS = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}


def _by_token(fake: Fakecord, req: Request) -> InteractionRecord:
    if int(req.args["webhook_id"]) != fake.world.app_id:
        raise Refuse("unknown_webhook")
    rec = fake.world.tokens.get(req.args["webhook_token"])
    if rec is None or rec.expired:
        raise Refuse("unknown_webhook")
    return rec


def _fits(rec: InteractionRecord, cb: int) -> bool:
    if rec.type == 4 or cb == 8:
        return rec.type == 4 and cb == 8
    if cb == 9:
        return rec.type in (2, 3)
    if cb in (6, 7):
        return rec.message_id is not None
    return cb in (4, 5)


def callback(fake: Fakecord, req: Request) -> Json:
    rec = fake.world.interactions.get(int(req.args["webhook_id"]))
    if rec is None or rec.token != req.args["webhook_token"] or rec.expired:
        raise Refuse("unknown_interaction")
    cb, data = req.body.get("type"), req.body.get("data")
    if rec.callbacks:
        fake.violation(f"{rec.label}: answered twice (callback types {rec.callbacks[0][0]} then {cb}); "
                       f"Discord refuses the second with 40060")
        raise Refuse("already_acknowledged")
    if not isinstance(cb, int) or not _fits(rec, cb):
        raise LimitViolation(f"{rec.label}: callback type {cb} is not a valid answer to a {KINDS[rec.type]}"
                             + (" without a message" if cb in (6, 7) else ""))
    data = data or {}
    if cb in (4, 7):
        fake.check_message(data, req.uploads, new=cb == 4)
    elif cb == 8:
        limits.check_choices(data)
    elif cb == 9:
        limits.check_modal(data)
    w = fake.world
    if cb in (6, 7) and w.messages[rec.message_id or 0].deleted:
        raise Refuse("unknown_message")
    rec.callbacks.append((cb, {**data, "components": number_components(data["components"])} if cb == 9 else data))
    msg: StoredMessage | None = None
    if cb in (4, 5):
        ephemeral = rec.user if (data.get("flags") or 0) & EPHEMERAL else None
        msg = w.create_message(rec.channel, data if cb == 4 else {}, req.uploads, ephemeral_to=ephemeral,
                               interaction=rec, msg_type=20 if rec.type == 2 else 0, loading=cb == 5)
        rec.original_id = msg.id
    elif cb in (6, 7):
        assert rec.message_id is not None
        rec.original_id = rec.message_id
        target = w.messages[rec.message_id]
        if cb == 7:
            w.edit_message(target, data, req.uploads)
            msg = target
    return payloads.callback_response(
        inter_id=rec.id, itype=rec.type, cb_type=cb, message_json=msg.data if msg and cb != 5 else None,
        message_id=rec.original_id if cb != 8 and cb != 9 else None, loading=cb == 5,
        ephemeral=bool(msg and msg.ephemeral_to))


def followup(fake: Fakecord, req: Request) -> Json:
    rec = _by_token(fake, req)
    if not rec.callbacks:
        fake.violation(f"{rec.label}: followup sent before the interaction was answered (404 Unknown Webhook)")
        raise Refuse("unknown_webhook")
    fake.check_message(req.body, req.uploads, new=True)
    w = fake.world
    original = w.messages.get(rec.original_id) if rec.original_id is not None else None
    if original is not None and original.loading and not rec.followup_ids:
        w.edit_message(original, {k: v for k, v in req.body.items() if k != "flags"}, req.uploads)
        rec.followup_ids.append(original.id)
        return original.data
    ephemeral = rec.user if (req.body.get("flags") or 0) & EPHEMERAL else None
    msg = w.create_message(rec.channel, req.body, req.uploads, ephemeral_to=ephemeral, interaction=rec)
    rec.followup_ids.append(msg.id)
    return msg.data


def _webhook_message(fake: Fakecord, req: Request) -> StoredMessage:
    rec = _by_token(fake, req)
    raw = req.args.get("message_id", "@original")
    msg_id = rec.original_id if raw == "@original" else int(raw)
    if msg_id is None or (msg_id != rec.original_id and msg_id not in rec.followup_ids):
        raise Refuse("unknown_message")
    msg = fake.world.messages[msg_id]
    if msg.deleted:
        raise Refuse("unknown_message")
    return msg


def get_webhook_message(fake: Fakecord, req: Request) -> Json:
    return _webhook_message(fake, req).data


def edit_webhook_message(fake: Fakecord, req: Request) -> Json:
    msg = _webhook_message(fake, req)
    fake.check_message(req.body, req.uploads, new=False)
    fake.world.edit_message(msg, req.body, req.uploads)
    return msg.data


def delete_webhook_message(fake: Fakecord, req: Request) -> None:
    _webhook_message(fake, req).deleted = True


_TOKEN = "/webhooks/{webhook_id}/{webhook_token}"
ROUTES: dict[tuple[str, str], Handler] = {
    ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"): callback,
    ("POST", _TOKEN): followup,
}
for _path in (_TOKEN + "/messages/@original", _TOKEN + "/messages/{message_id}"):
    ROUTES[("GET", _path)] = get_webhook_message
    ROUTES[("PATCH", _path)] = edit_webhook_message
    ROUTES[("DELETE", _path)] = delete_webhook_message
