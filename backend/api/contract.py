"""A route's OpenAPI entry, declared on the route itself: `@documented(...)` under `@bp.get(...)`.

The docstring's first line is the summary, the rest the description; the decorator names the request
(body, query) and the answers. backend/api/openapi.py walks app.url_map and reads these, so the document
cannot miss a route or drift from the schemas that validate input (tests/test_openapi_contract.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
    auth: bool = True,
    also: dict[int, Any] | None = None,
) -> Callable:
    """Declare a route's answers. `response` is the 2xx answer's schema (a list: one of them); `errors` the
    statuses that answer with Error; `also` other statuses with their own schema. `query` is a marshmallow
    schema or a list of OpenAPI parameters."""

    def answer(schema: Any, media: str = JSON) -> Answer | list:
        return schema if isinstance(schema, (Answer, list)) else Answer(schema, media)

    responses = {status: answer(response, media), **{code: answer(schema) for code, schema in (also or {}).items()}}

    def attach(view: Callable) -> Callable:
        view.__dict__["api_doc"] = Declaration(responses, tuple(errors), query, body, body_media, auth)
        return view

    return attach
