"""Input validation at the edge: every body goes through one of these first."""

from __future__ import annotations

import math
import re

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from ..engine.clock import PAUSE_REASONS
from ..engine.decide import RULES
from ..engine.structure import structure_problem

NAME = validate.Length(min=1, max=80)
ID = validate.Range(min=1, max=2**31 - 1)  # ids are 32-bit in PostgreSQL: a bigger one is a 400, not a 500

# Issue 14: text the database cannot store (a lone surrogate: SQLite and psycopg cannot encode it;
# NUL: PostgreSQL refuses it) or a screen should not show (control characters) is refused here.
SURROGATE = re.compile(r"[\ud800-\udfff]")
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
CONTROL_BUT_LINES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # a multi-line note keeps \n and \t
TEXT_MAX = 200


def text_problem(value: str, max_length: int = TEXT_MAX, multiline: bool = False) -> str | None:
    """Why this text cannot be taken (None when it can): every string from outside passes here."""
    if SURROGATE.search(value):
        return "Must be valid Unicode text (it contains a lone surrogate)."
    if (CONTROL_BUT_LINES if multiline else CONTROL).search(value):
        return (
            "Must not contain control characters."
            if multiline
            else "Must not contain control characters (line breaks, tabs, NUL)."
        )
    if len(value) > max_length:
        return f"Longer than maximum length {max_length}."
    return None


class Text(fields.String):
    """fields.String for text from outside: valid Unicode, no control characters (multiline=True
    keeps line breaks and tabs), at most max_length characters (shown in the OpenAPI document)."""

    def __init__(self, *, max_length: int = TEXT_MAX, multiline: bool = False, **kwargs):
        validators = kwargs.pop("validate", None) or []
        validators = list(validators) if isinstance(validators, (list, tuple)) else [validators]
        given = next((v for v in validators if isinstance(v, validate.Length) and v.max is not None), None)
        if given:
            max_length = given.max  # the field's own limit wins over the default
        elif not any(isinstance(v, validate.Length) for v in validators):
            validators.append(validate.Length(max=max_length))
        super().__init__(validate=validators, **kwargs)
        self.max_length, self.multiline = max_length, multiline

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        problem = text_problem(text, self.max_length, self.multiline)
        if problem:
            raise ValidationError(problem)
        return text


def nested_text_problem(value, path: str) -> tuple[str, str] | None:
    """(dotted path, reason) of the first bad string, key or non-finite number inside a Dict/List
    field's raw value (e.g. structure.3.name), or None."""
    if isinstance(value, str):
        problem = text_problem(value)
        return (path, problem) if problem else None
    if isinstance(value, float) and not math.isfinite(value):
        return path, "Must be a finite number."
    if isinstance(value, dict):
        for key, item in value.items():
            problem = text_problem(str(key), 60)
            if problem:
                return path, f"A key: {problem}"
            found = nested_text_problem(item, f"{path}.{key}")
            if found:
                return found
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = nested_text_problem(item, f"{path}.{index}")
            if found:
                return found
    return None


class StrictSchema(Schema):
    class Meta:
        unknown = "raise"


def _not_blank(value: str) -> None:
    if not value.strip():
        raise ValidationError("Must not be blank.")


class SetupSchema(StrictSchema):
    setup_token = Text(required=True, validate=validate.Length(min=10, max=200))
    username = Text(required=True, validate=[validate.Length(min=1, max=80), _not_blank])
    password = Text(required=True, validate=validate.Length(min=8, max=200))


class LoginSchema(StrictSchema):
    username = Text(required=True, validate=[validate.Length(min=1, max=80), _not_blank])
    password = Text(required=True, validate=validate.Length(min=1, max=200))


class CreateTournamentSchema(StrictSchema):
    name = Text(required=True, validate=[validate.Length(min=1, max=120), _not_blank])
    preset = Text(required=True, validate=validate.Length(min=1, max=60))


class RevokeSchema(StrictSchema):
    role = Text(required=True, validate=validate.OneOf(["dealer", "player", "display"]))
    table_no = fields.Integer(load_default=None, strict=True, validate=validate.Range(min=1, max=5000))
    entry_id = fields.Integer(load_default=None, strict=True, validate=ID)

    @validates_schema
    def _subject(self, data, **_):
        if data["role"] == "dealer" and data.get("table_no") is None:
            raise ValidationError({"table_no": ["A dealer QR belongs to a table: give table_no."]})
        if data["role"] == "player" and data.get("entry_id") is None:
            raise ValidationError({"entry_id": ["A seat QR belongs to a player: give entry_id."]})


class SetAwayPayload(StrictSchema):
    entry_id = fields.Integer(required=True, strict=True, validate=ID)
    away = fields.Boolean(required=True, truthy={True}, falsy={False})  # JSON true/false only


class SavePresetSchema(StrictSchema):
    name = Text(required=True, validate=[validate.Length(min=1, max=120), _not_blank])
    from_tournament = fields.Integer(required=True, strict=True, validate=ID)


class RegisterPlayerPayload(StrictSchema):
    name = Text(required=True, validate=[NAME, _not_blank])
    accessible = fields.Boolean(load_default=False)
    prepaid = fields.Boolean(load_default=False)  # N-3.2: paid in advance, the seat is kept
    present = fields.Boolean(load_default=True)  # False: reserved, not here yet (blinded off)
    id_checked = fields.Boolean(load_default=False)  # N-3.4, P-Teilnahme: ID / age 18+ seen at the desk
    # V-VII.r: headhunter chips this person brings from earlier tournament days (the service passes them in).
    hh_carried = fields.Integer(
        load_default=0,
        strict=True,
        validate=validate.Range(
            min=0, max=10**6, error="Must be a whole number of headhunter chips, 0 or more (V-VII.r)."
        ),
    )
    # The person this entry is (leagues): the API links it after the command; the engine ignores it.
    person_id = fields.Integer(strict=True, allow_none=True, validate=ID)


class DrawSeatsPayload(StrictSchema):
    tables = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=2000))
    accessible_seats = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1, max=30)),
        load_default=None,
        validate=validate.Length(max=30),
    )


class EmptyPayload(StrictSchema):
    pass


class PausePayload(StrictSchema):
    reason = Text(load_default="director", validate=validate.OneOf(PAUSE_REASONS))


class AdjustClockPayload(StrictSchema):
    seconds = fields.Integer(
        required=True,
        strict=True,
        validate=[validate.Range(min=-3600, max=3600), validate.NoneOf([0], error="Must not be 0.")],
    )


class JumpToLevelPayload(StrictSchema):
    index = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=199))


def _nested_error(path: str, message: str) -> ValidationError:
    """ValidationError for a dotted path, e.g. structure.3.bb → {"structure": {"3": {"bb": [msg]}}}."""
    error: object = [message]
    for part in reversed(path.split(".")):
        error = {part: error}
    return ValidationError(error)


class SetStructurePayload(StrictSchema):
    structure = fields.List(fields.Dict(), required=True)

    @validates_schema
    def _valid_structure(self, data, **_):
        problem = nested_text_problem(data.get("structure"), "structure") or structure_problem(data.get("structure"))
        if problem:
            raise _nested_error(*problem)


class TablePayload(StrictSchema):
    table_no = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=5000))


class SetButtonPayload(TablePayload):
    seat = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=30))


class MovePlayerPayload(StrictSchema):
    entry_id = fields.Integer(required=True, strict=True, validate=ID)
    to_table = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=5000))
    to_seat = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=30))
    reason = Text(load_default="director", validate=validate.Length(max=40))
    force = fields.Boolean(load_default=False)


class BreakOrderPayload(StrictSchema):
    tables = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1, max=5000)),
        required=True,
        validate=validate.Length(min=1, max=5000),
    )


class FinalTablePayload(StrictSchema):
    table_no = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=5000))


MAX_CHIPS = 10**12


def chips_field(rule: str, **kw) -> fields.Integer:
    """A whole number of chips, 0 or more; the messages name the rule behind the number."""
    message = f"Must be a whole number of chips, 0 or more ({rule})."
    return fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=MAX_CHIPS, error=message),
        error_messages={"invalid": message},
        **kw,
    )


def entry_field(**kw) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=1, max=10**9), **kw)


class RecordBustPayload(StrictSchema):
    entry_id = entry_field(required=True)
    eliminated_by = entry_field(load_default=None, allow_none=True)  # bounties (V-VII.r)
    starting_stack = chips_field(
        "N-1.15: same-hand busts are ranked by the stack at the start of the hand", load_default=None, allow_none=True
    )


class BustItem(StrictSchema):
    entry_id = entry_field(required=True)
    starting_stack = chips_field(
        "N-1.15: same-hand busts are ranked by the stack at the start of the hand", required=True
    )


class RecordBustsPayload(StrictSchema):
    table_no = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=5000))
    busts = fields.List(fields.Nested(BustItem), required=True, validate=validate.Length(min=1, max=30))
    eliminated_by = entry_field(load_default=None, allow_none=True)


class EntryPayload(StrictSchema):
    entry_id = entry_field(required=True)


class PlayerLeavesPayload(StrictSchema):
    entry_id = entry_field(required=True)
    reason = Text(load_default="left", validate=validate.OneOf(("left", "absent", "no_show")))
    chips = chips_field(
        "V-VI.d: the chips of a player who leaves are taken out of play", load_default=None, allow_none=True
    )


class DisqualifyPayload(StrictSchema):
    entry_id = entry_field(required=True)
    reason = Text(required=True, multiline=True, validate=[validate.Length(min=1, max=200), _not_blank])
    chips = chips_field("N-2.22: a disqualified player's chips leave play", load_default=None, allow_none=True)


class SettleCorrectionPayload(StrictSchema):
    id = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=10**9))


class SeatAlternatePayload(StrictSchema):
    name = Text(required=True, validate=[NAME, _not_blank])
    replaces = entry_field(required=True)


class ChipCountPayload(StrictSchema):
    table_no = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=5000))
    stacks = fields.Dict(
        keys=Text(max_length=10), values=fields.Raw(), required=True, validate=validate.Length(min=1, max=30)
    )

    @validates_schema
    def _whole_chips(self, data, **_):
        for key, chips in (data.get("stacks") or {}).items():
            if not (key.isascii() and key.isdigit() and 1 <= int(key) <= 30):
                raise _nested_error(f"stacks.{key}", "Seats are numbers from 1 to 30.")
            if not isinstance(chips, int) or isinstance(chips, bool) or not 0 <= chips <= MAX_CHIPS:
                raise _nested_error(
                    f"stacks.{key}",
                    "Must be a whole number of chips, 0 or more "
                    "(chips in play are start stacks, rebuys and add-ons: N-3.9, V-XIII).",
                )


# Headhunter chips and penalties (V-VII.r, N-2.23, V-XI.e, S-#36). `as` is a Python keyword: from_dict.
UseWildCardPayload = StrictSchema.from_dict(
    {
        "entry_id": entry_field(required=True),
        "as": Text(
            required=True,
            validate=validate.OneOf(
                ("rebuy", "addon"), error="Must be 'rebuy' or 'addon' (V-VII.r: the wild card is a rebuy or an add-on)."
            ),
        ),
    },
    name="UseWildCardPayload",
)

PENALTY_KINDS = ("warning", "missed_hand", "missed_round", "time", "disqualification")


class PenalizePayload(StrictSchema):
    entry_id = entry_field(required=True)
    kind = Text(
        required=True,
        validate=validate.OneOf(PENALTY_KINDS, error="Must be one of: " + ", ".join(PENALTY_KINDS) + " (N-2.23)."),
    )
    orbits = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=validate.Range(
            min=1, max=10, error="Must be a whole number of orbits from 1 to 10 (N-2.23: 1–4 rounds)."
        ),
    )
    hands = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=validate.Range(min=1, max=200, error="Must be a whole number of hands from 1 to 200 (N-2.23)."),
    )
    minutes = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=validate.Range(
            min=1, max=600, error="Must be a whole number of minutes from 1 to 600 (N-2.23: time penalty)."
        ),
    )
    reason = Text(load_default=None, allow_none=True, multiline=True, validate=validate.Length(max=200))


class UndoBustPayload(StrictSchema):
    """Issue 7: a wrong bust undone; table_no and seat only when his old seat is gone."""

    entry_id = entry_field(required=True)
    reason = Text(required=True, multiline=True, validate=[validate.Length(min=1, max=200), _not_blank])
    table_no = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=5000))
    seat = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=30))


# Registration desk (N-3.2 to N-3.6, P-Teilnahme)
class CheckInPayload(StrictSchema):
    entry_id = entry_field(required=True)
    id_checked = fields.Boolean(load_default=False)  # N-3.4: the ID was seen now


class PromoteWaitingPayload(StrictSchema):
    id_checked = fields.Boolean(load_default=False)  # N-3.4: the ID of the player moving up was seen now


class ImportRow(StrictSchema):
    line = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=10**6))
    name = Text(required=True, validate=NAME)
    accessible = fields.Boolean(load_default=False)
    prepaid = fields.Boolean(load_default=False)
    id_checked = fields.Boolean(load_default=False)
    present = fields.Boolean(load_default=False)  # imported: registered in advance, checks in later


class ImportPlayersPayload(StrictSchema):
    rows = fields.List(fields.Nested(ImportRow), required=True, validate=validate.Length(min=1, max=2000))


class RegistrationFlagsPayload(StrictSchema):
    entry_id = entry_field(required=True)
    prepaid = fields.Boolean(load_default=None, allow_none=True)
    id_checked = fields.Boolean(load_default=None, allow_none=True)

    @validates_schema
    def _something(self, data, **_):
        if data.get("prepaid") is None and data.get("id_checked") is None:
            raise ValidationError({"prepaid": ["Give prepaid or id_checked (or both)."]})


class RemoveWaitingPayload(StrictSchema):
    wait_id = fields.Integer(required=True, strict=True, validate=ID)


class SetCapacityPayload(StrictSchema):
    max = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(
            min=2, max=100_000, error="Must be a whole number of players from 2 to 100000 (N-3.5)."
        ),
    )


def _cents(value) -> None:
    if not math.isfinite(value) or abs(value) > 1e12:  # the Range says so; round() of 1e308 * 100 overflows
        return
    if round(value * 100, 6) != round(value * 100):
        raise ValidationError("Use at most two decimals.")


class EditSettingsPayload(StrictSchema):
    """Before the seat draw (engine/settings.py): what each player pays and gets in chips."""

    buy_in = fields.Float(allow_nan=False, validate=[validate.Range(min=0, max=1_000_000), _cents])
    fee = fields.Float(allow_nan=False, validate=[validate.Range(min=0, max=1_000_000), _cents])
    start_stack = fields.Integer(
        strict=True,
        validate=validate.Range(
            min=1, max=1_000_000_000, error="Must be a whole number of chips from 1 to 1000000000."
        ),
    )
    currency = Text(validate=[validate.Length(min=1, max=8), _not_blank])


PAYLOADS: dict[str, type[Schema]] = {
    "register_player": RegisterPlayerPayload,
    "draw_seats": DrawSeatsPayload,
    "start_clock": EmptyPayload,
    "pause_clock": PausePayload,
    "resume_clock": EmptyPayload,
    "adjust_clock": AdjustClockPayload,
    "jump_to_level": JumpToLevelPayload,
    "set_structure": SetStructurePayload,
    "record_bust": RecordBustPayload,
    "set_button": SetButtonPayload,
    "new_hand": TablePayload,
    "move_player": MovePlayerPayload,
    "break_table": TablePayload,
    "set_break_order": BreakOrderPayload,
    "form_final_table": FinalTablePayload,
    "start_hand_for_hand": EmptyPayload,
    "stop_hand_for_hand": EmptyPayload,
    "hand_done": TablePayload,
    "override_halt": TablePayload,
    "record_busts": RecordBustsPayload,
    "player_leaves": PlayerLeavesPayload,
    "disqualify": DisqualifyPayload,
    "confirm_payout": EntryPayload,
    "settle_correction": SettleCorrectionPayload,
    "rebuy": EntryPayload,
    "addon": EntryPayload,
    "reentry": EntryPayload,
    "seat_alternate": SeatAlternatePayload,
    "check_in": CheckInPayload,
    "set_away": SetAwayPayload,
    "chip_count": ChipCountPayload,
    "use_wild_card": UseWildCardPayload,
    "penalize": PenalizePayload,
    "lift_penalty": EntryPayload,
    "undo_bust": UndoBustPayload,
    "import_players": ImportPlayersPayload,
    "set_registration_flags": RegistrationFlagsPayload,
    "close_check_in": EmptyPayload,
    "promote_waiting": PromoteWaitingPayload,
    "remove_waiting": RemoveWaitingPayload,
    "set_capacity": SetCapacityPayload,
    "edit_settings": EditSettingsPayload,
}
assert set(PAYLOADS) == set(RULES), "every engine command needs a payload schema"


class CommandSchema(StrictSchema):
    op_id = Text(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9_-]{8,64}$", error="Must be 8–64 letters, digits, '-' or '_' (a UUID)."),
    )
    device_id = Text(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9_-]{4,64}$", error="Must be 4–64 letters, digits, '-' or '_'."),
    )
    type = Text(required=True, validate=validate.OneOf(sorted(PAYLOADS)))
    at = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=0, max=2**53))
    payload = fields.Dict(load_default=dict)


def load_command(body) -> dict:
    """The command envelope, then its payload by type; errors name e.g. `payload.entry_id`."""
    data = CommandSchema().load(body)
    try:
        data["payload"] = PAYLOADS[data["type"]]().load(data["payload"])
    except ValidationError as err:
        raise ValidationError({"payload": err.messages}) from err
    return data
