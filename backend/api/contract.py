"""A route's OpenAPI entry, declared on the route itself: `@documented(...)` under `@bp.get(...)`.

The docstring's first line is the summary, the rest the description; the decorator names the request
(body, query) and the answers. backend/api/openapi.py walks app.url_map and reads these, so the document
cannot miss a route or drift from the schemas that validate input (tests/test_openapi_contract.py).
A JSON body declared by its marshmallow schema (or as a `Body`) is loaded by the decorator itself, once,
and handed to the view as `body`: the schema the document shows is the one that validates.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import request
from marshmallow import Schema

from ..auth.access import Caller, current_caller
from .edge import json_body

JSON = "application/json"


@dataclass(frozen=True)
class Answer:
    """One answer: a schema (marshmallow class, component name or JSON Schema dict) in a media type."""

    schema: Any
    media: str = JSON
    description: str = "OK"


@dataclass(frozen=True)
class Declaration:
    """What `documented` attaches to a view function as `api_doc`."""

    responses: dict[int, Answer | list]
    errors: tuple[int, ...] = ()
    query: Any = None
    body: Any = None
    body_media: str = JSON
    auth: bool = True  # needs `Authorization: Bearer`
    body_required: bool = True


@dataclass(frozen=True)
class Body:
    """A JSON body loaded by something else than one marshmallow schema (a command: its envelope,
    then the payload by its type): `shows` is what the document shows, `load` what the view gets."""

    shows: Any
    load: Callable[[Mapping[str, Any]], dict]


def _loader(body: Any) -> Callable[[Mapping[str, Any]], dict] | None:
    if isinstance(body, Body):
        return body.load
    if isinstance(body, type) and issubclass(body, Schema):
        schema = body()
        return lambda sent: schema.load(sent)
    return None  # shown only (a CSV file): the view reads it


def query_param(name: str, schema: dict, required: bool = False, description: str = "") -> dict:
    """A query parameter read by hand (no marshmallow schema for it)."""
    param = {"name": name, "in": "query", "required": required, "schema": schema}
    return {**param, "description": description} if description else param


LANG = query_param("lang", {"type": "string", "enum": ["de", "en"], "default": "de"})


def documented(
    response: Any,
    *,
    status: int = 200,
    media: str = JSON,
    errors: tuple[int, ...] = (),
    query: Any = None,
    body: Any = None,
    body_media: str = JSON,
    body_required: bool = True,
    access: Callable[..., Caller] | None = None,
    auth: bool = True,
    also: dict[int, Any] | None = None,
) -> Callable:
    """Declare a route's answers. `response` is the 2xx answer's schema (a list: one of them); `errors` the
    statuses that answer with Error; `also` other statuses with their own schema. `query` is a marshmallow
    schema or a list of OpenAPI parameters. A loaded `body` reaches the view as its `body` argument (no
    body at all is `{}` when it is not required); bad input is the usual 400 naming the field. `access`
    (given the path's arguments) decides who may call before the body is read, and its caller reaches
    the view as `caller`: someone refused is told so, not what was wrong with what he sent."""

    def answer(schema: Any, media: str = JSON) -> Answer | list:
        return schema if isinstance(schema, (Answer, list)) else Answer(schema, media)

    responses = {status: answer(response, media), **{code: answer(schema) for code, schema in (also or {}).items()}}

    shows = body.shows if isinstance(body, Body) else body
    declaration = Declaration(responses, tuple(errors), query, shows, body_media, auth, body_required)
    load = _loader(body)

    def attach(view: Callable) -> Callable:
        if load is None:
            view.__dict__["api_doc"] = declaration  # read back by openapi.py
            return view

        @functools.wraps(view)
        def with_body(**path: Any) -> Any:
            extra = {"caller": access(**path)} if access is not None else {}
            if access is None and auth:
                current_caller()  # who calls is known before what he sent is read: 401 comes first
            sent = json_body() if body_required or request.get_data(cache=True) else {}
            return view(**path, **extra, body=load(sent))

        with_body.__dict__["api_doc"] = declaration
        return with_body

    return attach
