"""Web Push opt-in: the server's public key, and a phone's subscription made or removed
with its own token. What is pushed is read/notices.py; how, push/sender.py."""

from __future__ import annotations

import binascii

from cryptography.hazmat.primitives.asymmetric import ec
from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from marshmallow import ValidationError, fields, validate, validates
from sqlalchemy.exc import IntegrityError

from ..auth.access import Caller, current_caller, require_tournament
from ..engine.payload import ID, StrictSchema, Text
from ..errors import ApiError
from ..floor import floor
from ..push import subscriptions
from ..push.keys import from_b64url
from ..service import now_ms
from ..store import session_scope
from . import answer_schemas as out
from .contract import documented

bp = Blueprint("push", __name__, url_prefix="/api/push")

B64URL = validate.Regexp(r"^[A-Za-z0-9_-]+={0,2}$", error="Must be base64url, as the browser gives it.")


def _decoded(value: str) -> bytes:
    try:
        return from_b64url(value)
    except (binascii.Error, ValueError):
        raise ValidationError("Must be base64url, as the browser gives it.") from None


class PushKeysSchema(StrictSchema):
    p256dh = Text(required=True, validate=[validate.Length(min=80, max=120), B64URL])
    auth = Text(required=True, validate=[validate.Length(min=16, max=40), B64URL])

    @validates("p256dh")
    def _point(self, value: str, **_: object) -> None:
        """A point on the curve, or every push to it would fail (the message is encrypted for it)."""
        raw = _decoded(value)
        try:
            if len(raw) != 65 or raw[0] != 4:
                raise ValueError("not an uncompressed point")
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError:
            raise ValidationError("Must be the phone's P-256 public key (a point on the curve, 65 bytes).") from None

    @validates("auth")
    def _secret(self, value: str, **_: object) -> None:
        if len(_decoded(value)) != 16:
            raise ValidationError("Must be the subscription's 16-byte auth secret.")


class PushSubscriptionSchema(StrictSchema):
    """A browser's PushSubscription.toJSON() (endpoint, keys; expirationTime is ignored), the
    phone's language, and for a director the tournament whose floor he wants to hear of."""

    endpoint = Text(
        required=True, validate=[validate.Length(min=12, max=1000), validate.URL(schemes={"https", "http"})]
    )
    keys = fields.Nested(PushKeysSchema, required=True)
    expirationTime = fields.Integer(load_default=None, allow_none=True)
    lang = Text(load_default="en", validate=validate.OneOf(["de", "en"]))
    tournament_id = fields.Integer(load_default=None, allow_none=True, strict=True, validate=ID)


class PushEndpointSchema(StrictSchema):
    endpoint = Text(required=True, validate=validate.Length(min=1, max=1000))


@bp.get("/key")
@documented(out.PushKey, auth=False)
def push_key() -> ResponseReturnValue:
    """The server's VAPID public key, for PushManager.subscribe's applicationServerKey"""
    app = floor()
    return jsonify({"public_key": app.pusher.keys.public_key, "available": bool(app.config.PUSH_SERVICES)})


@bp.post("/subscriptions")
@documented(
    out.PushSubscribed,
    status=201,
    body=PushSubscriptionSchema,
    errors=(400, 401, 403, 404, 409),
    access=current_caller,
)
def subscribe(body: dict, caller: Caller) -> ResponseReturnValue:
    """Opt in: this phone's push subscription gets what its token's screen would show"""
    tid = body["tournament_id"] if caller.role == "director" else caller.tournament_id
    if tid is None:
        raise ApiError(400, "validation", "Name the tournament to hear of.", "tournament_id")
    require_tournament(tid, {"director", "dealer", "player"}, act=False)  # an observer may hear of it too
    if not subscriptions.endpoint_allowed(body["endpoint"], floor().config.PUSH_SERVICES):
        raise ApiError(
            400,
            "push_service_not_allowed",
            "This browser's push service is not one this server sends to (PUSH_SERVICES).",
            "endpoint",
        )
    row = {
        "endpoint": body["endpoint"],
        "p256dh": body["keys"]["p256dh"],
        "auth": body["keys"]["auth"],
        "lang": body["lang"],
    }
    try:
        try:
            with session_scope(floor().db) as session:
                subscriptions.save(session, caller, tid, **row, now=now_ms())
        except IntegrityError:  # the same phone subscribing twice at once: the second one updates
            with session_scope(floor().db) as session:
                subscriptions.save(session, caller, tid, **row, now=now_ms())
    except subscriptions.EndpointTaken:
        raise ApiError(
            409,
            "endpoint_taken",
            "This push address belongs to another phone's subscription; it moves only with that phone's keys.",
            "endpoint",
        ) from None
    return jsonify({"ok": True, "tournament_id": tid}), 201


@bp.post("/unsubscribe")
@documented(out.PushUnsubscribed, body=PushEndpointSchema, errors=(400, 401), access=current_caller)
def unsubscribe(body: dict, caller: Caller) -> ResponseReturnValue:
    """Opt out: this phone's subscription (made with this token) is removed"""
    with session_scope(floor().db) as session:
        removed = subscriptions.remove(session, caller, body["endpoint"])
    return jsonify({"ok": True, "removed": removed})
