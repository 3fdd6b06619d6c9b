"""Every error is JSON: {"error", "message", "field"}. Never an HTML page, never a bare 500."""

from __future__ import annotations

import logging

from flask import Flask, jsonify, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


class ApiError(Exception):
    def __init__(self, status: int, error: str, message: str, field: str | None = None, **extra):
        super().__init__(message)
        self.status, self.error, self.message, self.field = status, error, message, field
        self.extra = extra  # more facts for the phone, e.g. which table a revoked link ran


def error_response(status: int, error: str, message: str, field: str | None = None, **extra):
    response = jsonify({"error": error, "message": message, "field": field, **extra})
    response.status_code = status
    return response


def first_validation_error(err: ValidationError) -> tuple[str, str]:
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


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(err: ApiError):
        return error_response(err.status, err.error, err.message, err.field, **err.extra)

    @app.errorhandler(ValidationError)
    def _validation(err: ValidationError):
        field, reason = first_validation_error(err)
        message = f"{field}: {reason}" if field else reason
        return error_response(400, "validation", message, field)

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):
        if not request.path.startswith("/api/"):
            return err
        return error_response(
            err.code or 500, (err.name or "error").lower().replace(" ", "_"), err.description or err.name
        )

    @app.errorhandler(Exception)
    def _unexpected(err: Exception):
        log.error("unexpected error on %s %s", request.method, request.path, exc_info=err)
        return error_response(500, "internal", "Something went wrong on the server; nothing was applied.")
