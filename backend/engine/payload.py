"""The payload fields every command's schema is made of (engine/catalog.py: each command declares
its payload next to its rule). The API validates every body with these before anything else.

Text the database cannot store (a lone surrogate: SQLite and psycopg cannot encode it;
NUL: PostgreSQL refuses it) or a screen should not show (control characters) is refused here;
ids are 32-bit in PostgreSQL, so a bigger one is a 400, not a 500."""

from __future__ import annotations

import math
import re
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

NAME = validate.Length(min=1, max=80)
ID = validate.Range(min=1, max=2**31 - 1)
TABLE_NO = validate.Range(min=1, max=5000)
SEAT = validate.Range(min=1, max=30)

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

    def __init__(self, *, max_length: int = TEXT_MAX, multiline: bool = False, **kwargs: Any) -> None:
        validators = kwargs.pop("validate", None) or []
        validators = list(validators) if isinstance(validators, (list, tuple)) else [validators]
        given = next((v for v in validators if isinstance(v, validate.Length) and v.max is not None), None)
        if given and given.max is not None:
            max_length = given.max  # the field's own limit wins over the default
        elif not any(isinstance(v, validate.Length) for v in validators):
            validators.append(validate.Length(max=max_length))
        super().__init__(validate=validators, **kwargs)
        self.max_length, self.multiline = max_length, multiline

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        problem = text_problem(text, self.max_length, self.multiline)
        if problem:
            raise ValidationError(problem)
        return text


def nested_text_problem(value: object, path: str) -> tuple[str, str] | None:
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


def not_blank(value: str) -> None:
    if not value.strip():
        raise ValidationError("Must not be blank.")


def nested_error(path: str, message: str) -> ValidationError:
    """ValidationError for a dotted path, e.g. structure.3.bb → {"structure": {"3": {"bb": [msg]}}}."""
    error: list | dict = [message]
    for part in reversed(path.split(".")):
        error = {part: error}
    return ValidationError(error)


MAX_CHIPS = 10**12


def chips_field(rule: str, **kw: Any) -> fields.Integer:
    """A whole number of chips, 0 or more; the messages name the rule behind the number."""
    message = f"Must be a whole number of chips, 0 or more ({rule})."
    return fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=MAX_CHIPS, error=message),
        error_messages={"invalid": message},
        **kw,
    )


def entry_field(**kw: Any) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=1, max=10**9), **kw)


def cents(value: float) -> None:
    if not math.isfinite(value) or abs(value) > 1e12:  # the Range says so; round() of 1e308 * 100 overflows
        return
    if round(value * 100, 6) != round(value * 100):
        raise ValidationError("Use at most two decimals.")


class EmptyPayload(StrictSchema):
    pass


class TablePayload(StrictSchema):
    table_no = fields.Integer(required=True, strict=True, validate=TABLE_NO)


class EntryPayload(StrictSchema):
    entry_id = entry_field(required=True)
