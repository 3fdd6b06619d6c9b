"""Input validation at the edge: every body goes through one of these first. A command's payload
schema is declared with the command (engine/catalog.py); the fields they share are engine/payload.py."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from ..engine import COMMANDS
from ..engine.payload import ID, StrictSchema, Text, not_blank, text_problem
from ..store.models import ACCESS, SCREEN_THEMES

__all__ = ["ID", "PAYLOADS", "StrictSchema", "Text", "load_command", "not_blank", "text_problem"]


class SetupSchema(StrictSchema):
    setup_token = Text(required=True, validate=validate.Length(min=10, max=200))
    username = Text(required=True, validate=[validate.Length(min=1, max=80), not_blank])
    password = Text(required=True, validate=validate.Length(min=8, max=200))
    # The server's first setup creates the first club: its name (else "Club"). An invitation
    # names its club already: a name given then is ignored.
    club_name = Text(load_default=None, allow_none=True, validate=[validate.Length(min=1, max=120), not_blank])


class InvitationCheckSchema(StrictSchema):
    setup_token = Text(required=True, validate=validate.Length(min=10, max=200))


ACCESS_GIVEN = [a for a in ACCESS if a != "removed"]  # what an invitation may give


class InviteSchema(StrictSchema):
    access = Text(load_default="full", validate=validate.OneOf(ACCESS_GIVEN))
    # a limited director's first tournament to run (one of the club's)
    tournament_id = fields.Integer(load_default=None, allow_none=True, strict=True, validate=ID)

    @validates_schema
    def _tournament_for_limited(self, data: dict, **_: object) -> None:
        if data.get("tournament_id") is not None and data["access"] != "limited":
            raise ValidationError({"tournament_id": ["Only a limited director is invited to one tournament."]})


class AccessSchema(StrictSchema):
    access = Text(required=True, validate=validate.OneOf(ACCESS))


class RunsSchema(StrictSchema):
    """A limited director given this tournament to run (runs true), or no longer (false)."""

    director_id = fields.Integer(required=True, strict=True, validate=ID)
    runs = fields.Boolean(required=True)


class CreateClubSchema(StrictSchema):
    name = Text(required=True, validate=[validate.Length(min=1, max=120), not_blank])


class ClubPageSettingsSchema(StrictSchema):
    """The club's public page and what it keeps of the sign-ups (docs/privacy.md); each optional."""

    show_names = fields.Boolean(truthy={True}, falsy={False})  # the page lists who signed up
    # days after a tournament's start that its sign-ups' e-mail addresses are kept
    retention_days = fields.Integer(strict=True, validate=validate.Range(min=1, max=3650))


class LookSettingsSchema(StrictSchema):
    """The club's TVs (docs/club-images.md); each optional."""

    theme = Text(validate=validate.OneOf(list(SCREEN_THEMES)))
    rotate_s = fields.Integer(strict=True, validate=validate.Range(min=4, max=300))  # seconds per sponsor


IMAGE_NAME = [validate.Length(max=60)]


class ImageUploadSchema(StrictSchema):
    """The form fields beside the file of POST /api/club/images (multipart/form-data)."""

    kind = Text(required=True, validate=validate.OneOf(["logo", "sponsor"]))
    name = Text(load_default="", validate=IMAGE_NAME)  # the sponsor's name: the TV's alt text


class ImageChangeSchema(StrictSchema):
    """A sponsor renamed, or moved to another place in the rotation (0 is first)."""

    name = Text(validate=IMAGE_NAME)
    position = fields.Integer(strict=True, validate=validate.Range(min=0, max=99))


class LoginSchema(StrictSchema):
    username = Text(required=True, validate=[validate.Length(min=1, max=80), not_blank])
    password = Text(required=True, validate=validate.Length(min=1, max=200))


class CreateTournamentSchema(StrictSchema):
    name = Text(required=True, validate=[validate.Length(min=1, max=120), not_blank])
    preset = Text(required=True, validate=validate.Length(min=1, max=60))


class RevokeSchema(StrictSchema):
    role = Text(required=True, validate=validate.OneOf(["dealer", "player", "display"]))
    table_no = fields.Integer(load_default=None, strict=True, validate=validate.Range(min=1, max=5000))
    entry_id = fields.Integer(load_default=None, strict=True, validate=ID)

    @validates_schema
    def _subject(self, data: dict, **_: object) -> None:
        if data["role"] == "dealer" and data.get("table_no") is None:
            raise ValidationError({"table_no": ["A dealer QR belongs to a table: give table_no."]})
        if data["role"] == "player" and data.get("entry_id") is None:
            raise ValidationError({"entry_id": ["A seat QR belongs to a player: give entry_id."]})


class SavePresetSchema(StrictSchema):
    name = Text(required=True, validate=[validate.Length(min=1, max=120), not_blank])
    from_tournament = fields.Integer(required=True, strict=True, validate=ID)


# Derived from the declarations: one schema per command type (tests/test_declarations.py).
PAYLOADS: dict[str, type[Schema]] = {name: COMMANDS[name].payload for name in sorted(COMMANDS)}


class OperationSchema(StrictSchema):
    """What makes a request idempotent: the phone's op id and device id (a retry sends both again)."""

    op_id = Text(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9_-]{8,64}$", error="Must be 8–64 letters, digits, '-' or '_' (a UUID)."),
    )
    device_id = Text(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9_-]{4,64}$", error="Must be 4–64 letters, digits, '-' or '_'."),
    )


class CommandSchema(OperationSchema):
    type = Text(required=True, validate=validate.OneOf(sorted(PAYLOADS)))
    at = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=0, max=2**53))
    payload = fields.Dict(load_default=dict)


# One instance each, built at import: a schema keeps no state between loads, and building one
# (with a copy of its fields) cost more than the load itself, twice per command.
ENVELOPE = CommandSchema()
PAYLOAD_LOADERS: dict[str, Schema] = {name: schema() for name, schema in PAYLOADS.items()}


OP_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
DEVICE_ID = re.compile(r"[A-Za-z0-9_-]{4,64}")
ENVELOPE_KEYS = frozenset(ENVELOPE.fields)
AT_MAX = 2**53


def _plain_envelope(body: Mapping[str, Any]) -> dict | None:
    """What ENVELOPE.load gives for an envelope as the phones send it, checked by hand (a third
    of the command's validation, on every command); None for anything else, which the schema
    then loads or refuses with its own messages. Never more lenient than the schema: each test
    here is one of its rules or stricter (whole-string matches; an `int`, not a bool)."""
    if type(body) is not dict or not body.keys() <= ENVELOPE_KEYS:
        return None
    op_id, device_id, kind = body.get("op_id"), body.get("device_id"), body.get("type")
    at, payload = body.get("at"), body.get("payload", {})
    if (
        type(op_id) is str
        and OP_ID.fullmatch(op_id)
        and type(device_id) is str
        and DEVICE_ID.fullmatch(device_id)
        and type(kind) is str
        and kind in PAYLOAD_LOADERS
        and (at is None or (type(at) is int and 0 <= at <= AT_MAX))
        and type(payload) is dict
    ):
        return {"op_id": op_id, "device_id": device_id, "type": kind, "at": at, "payload": dict(payload)}
    return None


def load_command(body: Mapping[str, Any]) -> dict:
    """The command envelope, then its payload by type; errors name e.g. `payload.entry_id`."""
    data = _plain_envelope(body) or ENVELOPE.load(body)
    try:
        data["payload"] = PAYLOAD_LOADERS[data["type"]].load(data["payload"])
    except ValidationError as err:
        raise ValidationError({"payload": err.messages}) from err
    return data
