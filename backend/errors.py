"""The JSON error every layer above the engine raises: {"error", "message", "field"}.

It sits below auth and api so auth can refuse a caller without importing the api package; the
handlers that turn these into answers are registered by api/errors.py.
"""

from __future__ import annotations

from flask import Response, jsonify
from marshmallow import ValidationError


class ApiError(Exception):
    def __init__(self, status: int, error: str, message: str, field: str | None = None, **extra: object) -> None:
        super().__init__(message)
        self.status, self.error, self.message, self.field = status, error, message, field
        self.extra = extra  # more facts for the phone, e.g. which table a revoked link ran


def error_response(status: int, error: str, message: str, field: str | None = None, **extra: object) -> Response:
    response = jsonify({"error": error, "message": message, "field": field, **extra})
    response.status_code = status
    return response


def first_validation_error(err: ValidationError) -> tuple[str | None, str]:
    """The first failing field and its reason, flattened from marshmallow's nested dict."""
    messages = err.messages
    path = []
    while isinstance(messages, dict) and messages:
        key = next(iter(messages))
        path.append(str(key))
        messages = messages[key]
    reason = messages[0] if isinstance(messages, list) and messages else str(messages)
    field = ".".join(path) if path and path[0] != "_schema" else None
    return field, str(reason)
