"""Every error is JSON: {"error", "message", "field"}. Never an HTML page, never a bare 500.

The error itself (ApiError) lives in backend/errors.py, below auth and api; here only the handlers."""

from __future__ import annotations

import logging

from flask import Flask, request
from flask.typing import ResponseReturnValue
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from ..errors import ApiError, error_response, first_validation_error
from .unavailable import unavailable_answer

log = logging.getLogger(__name__)


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(err: ApiError) -> ResponseReturnValue:
        return error_response(err.status, err.error, err.message, err.field, **err.extra)

    @app.errorhandler(ValidationError)
    def _validation(err: ValidationError) -> ResponseReturnValue:
        field, reason = first_validation_error(err)
        message = f"{field}: {reason}" if field else reason
        return error_response(400, "validation", message, field)

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException) -> ResponseReturnValue:
        if not request.path.startswith("/api/"):
            return err
        return error_response(
            err.code or 500, (err.name or "error").lower().replace(" ", "_"), err.description or err.name
        )

    @app.errorhandler(Exception)
    def _unexpected(err: Exception) -> ResponseReturnValue:
        answer = unavailable_answer(err)  # PostgreSQL or Redis restarting, the disk full: 503/507
        if answer is not None:
            log.warning("%s %s: %s (answered %s)", request.method, request.path, err, answer.status_code)
            return answer
        log.error("unexpected error on %s %s", request.method, request.path, exc_info=err)
        return error_response(500, "internal", "Something went wrong on the server; nothing was applied.")
