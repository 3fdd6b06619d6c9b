"""App-wide guards at the edge: ids in URLs too big for the database, how deep a JSON body may nest, and the
errors gevent's HTTP server writes itself (414, 400) as JSON like every other error here."""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Flask, current_app, request
from flask.json.provider import DefaultJSONProvider

from ..errors import ApiError

# Ids are 32-bit in PostgreSQL (SERIAL); SQLite overflows past 2**63. A bigger number names nothing.
MAX_ID = 2**31 - 1
# Our bodies nest 4 levels at most (command → payload → busts → item); 32 leaves room and stops
# a body of 1000 nested brackets long before Python's recursion limit.
MAX_JSON_DEPTH = 32


class JsonTooDeep(ValueError):
    pass


# What a path id names, for the 404 that a too-big one gets: the same answer as an id that does not exist.
PATH_IDS = {
    "tid": ("unknown_tournament", "There is no tournament {}.", "tournament_id"),
    "league_id": ("unknown_league", "There is no league {}.", "league_id"),
    "table_no": ("unknown_table", "There is no table {}.", "table_no"),
    "entry_id": ("unknown_entry", "There is no player #{}.", "entry_id"),
}


def refuse_ids_out_of_range(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """Every `<int:...>` in our URLs, for every method: a number past MAX_ID names nothing (a JSON 404
    naming the field) instead of reaching the database and failing there."""
    for name, value in (values or {}).items():
        if isinstance(value, int) and value > MAX_ID:
            error, message, field = PATH_IDS.get(name, ("not_found", "There is no {}.", name))
            raise ApiError(404, error, message.format(value), field)


def json_depth(value: object, stop_after: int = MAX_JSON_DEPTH) -> int:
    """How deep lists and objects nest (a scalar is 0), without recursion; stops counting past stop_after."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            if deepest > stop_after:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            todo += [(child, depth + 1) for child in children]  # a comprehension: no call per child
    return deepest


def json_body() -> dict:
    """The body as a JSON object. Parsed by the app's JSON (api/edge.py): too deep a body is a 400
    of its own, never a RecursionError."""
    body = None
    if request.is_json:
        try:
            body = current_app.json.loads(request.get_data(cache=True))
        except JsonTooDeep as err:
            raise ApiError(400, "json_too_deep", str(err)) from None
        except ValueError:  # not JSON, or not UTF-8
            raise ApiError(400, "invalid_json", "The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_json", "The request body must be a JSON object.")
    return body


class DepthLimitedJSON(DefaultJSONProvider):
    """Flask's JSON, but a body nested deeper than MAX_JSON_DEPTH is a ValueError (JsonTooDeep),
    not a RecursionError that ends as a 500 with a traceback per request; answers are written by
    orjson (a big field's director view is megabytes: about ten times faster). Keys stay in the
    order the answer was built in."""

    sort_keys = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """Compact answers through orjson, with Flask's own rules for dates, decimals, UUIDs and
        dataclasses; indented output (debug) or a value orjson refuses (an integer beyond 64 bits)
        the standard way."""
        if not kwargs.get("indent"):
            option = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
            if kwargs.get("sort_keys", self.sort_keys):
                option |= orjson.OPT_SORT_KEYS
            try:
                return orjson.dumps(obj, default=kwargs.get("default", self.default), option=option).decode()
            except TypeError:
                pass
        return super().dumps(obj, **kwargs)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            value = json.loads(s, **kwargs)
        except RecursionError:
            raise JsonTooDeep(f"The JSON body nests deeper than {MAX_JSON_DEPTH} levels.") from None
        if json_depth(value) > MAX_JSON_DEPTH:
            raise JsonTooDeep(f"The JSON body nests deeper than {MAX_JSON_DEPTH} levels.")
        return value


def install_edge(app: Flask) -> None:
    app.url_value_preprocessor(refuse_ids_out_of_range)
    app.json = DepthLimitedJSON(app)


def _raw_json_response(status: str, error: str, message: str) -> bytes:
    body = json.dumps({"error": error, "message": message, "field": None}).encode()
    return (
        f"HTTP/1.1 {status}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode("latin-1") + body


# gevent's pywsgi answers these before the app sees the request, with an empty body.
_GEVENT_ERRORS = {
    "414": _raw_json_response(
        "414 Request URI Too Long",
        "uri_too_long",
        "The address is longer than 8 KB: send long data in the request body.",
    ),
    "400": _raw_json_response("400 Bad Request", "bad_request", "The request is not valid HTTP."),
}


def json_error_handler(base: type, access_log: bool = False, read_headers: Any = None) -> type:
    """A subclass of gevent's WSGIHandler (`base`, e.g. geventwebsocket's) whose own error answers
    are JSON, and which writes the access log only when asked (config ACCESS_LOG). `read_headers`,
    if given, is its MessageClass: how a request's header block is read. Takes the base class so
    this module never imports gevent before monkey-patching."""

    class JsonErrorHandler(base):
        if read_headers is not None:
            MessageClass = staticmethod(read_headers)

        def handle_one_request(self) -> Any:
            result = super().handle_one_request()
            if isinstance(result, tuple) and result[0] in _GEVENT_ERRORS:
                return result[0], _GEVENT_ERRORS[result[0]]
            return result

        def log_request(self) -> None:
            if access_log:
                super().log_request()

    return JsonErrorHandler
