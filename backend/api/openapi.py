"""The OpenAPI 3.1 document, generated: every /api route of app.url_map with the declaration on the route
(backend/api/contract.py), its request schemas (the marshmallow schemas that validate input) and its
answers (backend/api/view_schemas.py), through apispec's MarshmallowPlugin.

`python -c "from backend.api.openapi import main; main()"` prints it; `npm run api-types` in pwa/ turns it
into TypeScript (pwa/src/api/types.gen.ts).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin, OpenAPIConverter
from flask import Blueprint, Flask, current_app, jsonify
from flask.typing import ResponseReturnValue
from marshmallow import fields

from ..floor import floor
from . import view_schemas
from .contract import JSON, Answer, Declaration, documented
from .schemas import PAYLOADS, CommandSchema

bp = Blueprint("openapi", __name__, url_prefix="/api")

_PARAM = re.compile(r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>")
_HIDDEN = {"HEAD", "OPTIONS"}
ERROR = "Error"


def openapi_path(rule: str) -> str:
    """Flask's /tournaments/<int:tid> as OpenAPI's /tournaments/{tid}."""
    return _PARAM.sub(r"{\2}", rule)


def _path_parameters(rule: str) -> list[dict]:
    kinds = {"int": "integer", "float": "number"}
    return [
        {"name": name, "in": "path", "required": True, "schema": {"type": kinds.get(conv or "", "string")}}
        for conv, name in _PARAM.findall(rule)
    ]


def _json_schema_of_field(converter: OpenAPIConverter, field: fields.Field, ret: dict) -> dict:
    """A field can give its own JSON Schema (view_schemas.LocalText)."""
    own = getattr(field, "json_schema", None)
    if own is not None:
        schema = dict(own)
        if field.allow_none:
            schema = {"anyOf": [*schema.get("anyOf", [schema]), {"type": "null"}]}
        return schema
    return {}


def _content(answer: Answer | list) -> dict:
    if isinstance(answer, list):  # one of several shapes (a role's view; a refusal or an error)
        return {JSON: {"schema": {"oneOf": [_ref_or_schema(a) for a in answer]}}}
    return {answer.media: {"schema": _ref_or_schema(answer.schema)}}


def _ref_or_schema(schema: Any) -> Any:
    if isinstance(schema, str):
        return {"$ref": f"#/components/schemas/{schema}"}
    return schema  # a marshmallow schema (the plugin resolves it) or a JSON Schema dict


def _operation(view: Callable, rule: str) -> dict:
    decl: Declaration | None = getattr(view, "api_doc", None)
    doc = (view.__doc__ or "").strip()
    summary, _, description = doc.partition("\n")
    op: dict = {
        "operationId": view.__name__,
        "summary": summary.strip() or view.__name__,
        "parameters": _path_parameters(rule),
    }
    if description.strip():
        op["description"] = re.sub(r"\s*\n\s*", " ", description.strip())
    if decl is None:  # an undeclared route: listed, but without answers (the contract test fails on it)
        op["responses"] = {"default": {"description": "Undeclared"}}
        return op
    if isinstance(decl.query, list):
        op["parameters"] += decl.query
    elif decl.query is not None:
        op["parameters"].append({"in": "query", "schema": decl.query})
    if decl.body is not None:
        op["requestBody"] = {
            "required": decl.body_required,
            "content": {decl.body_media: {"schema": _ref_or_schema(decl.body)}},
        }
    if decl.auth:
        op["security"] = [{"bearer": []}]
    responses = {}
    for code, answer in decl.responses.items():
        description = ("OK" if code < 300 else "Refused") if isinstance(answer, list) else answer.description
        responses[str(code)] = {"description": description, "content": _content(answer)}
    for code in decl.errors:
        responses.setdefault(str(code), {"description": "Error", "content": _content(Answer(ERROR))})
    op["responses"] = responses
    return op


def _typed_command(name: str) -> dict:
    """The envelope with its `type` fixed to `name` and that type's payload."""
    typed = {
        "type": "object",
        "required": ["type"],
        "properties": {
            "type": {"type": "string", "enum": [name]},
            "payload": {"$ref": f"#/components/schemas/payload_{name}"},
        },
    }
    return {"allOf": [{"$ref": "#/components/schemas/Command"}, typed]}


def _commands(spec: APISpec, plugin: MarshmallowPlugin) -> None:
    """The command envelope, each type's payload, and AnyCommand: one of them, by `type`."""
    converter = plugin.converter
    assert converter is not None  # made when the plugin joined the spec
    spec.components.schema("Command", schema=CommandSchema)
    for name, payload in PAYLOADS.items():
        # as a JSON Schema: one payload class serves several types (EntryPayload), each gets its own name
        spec.components.schema(f"payload_{name}", component=converter.schema2jsonschema(payload))
    spec.components.schema("AnyCommand", component={"oneOf": [_typed_command(name) for name in PAYLOADS]})


def document(app: Flask | None = None) -> dict:
    app = app or current_app
    plugin = MarshmallowPlugin()
    spec = APISpec(
        title="pokerfloor",
        version="1",
        openapi_version="3.1.0",
        plugins=[plugin],
        info={
            "description": "Commands up (with op ids), versioned views down. Generated from the "
            "routes' declarations: see docs/api.md."
        },
    )
    assert plugin.converter is not None  # made when the plugin joined the spec
    plugin.converter.add_attribute_function(_json_schema_of_field)
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    spec.components.schema(ERROR, schema=view_schemas.Error)
    _commands(spec, plugin)
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if not rule.rule.startswith("/api/"):
            continue
        view = app.view_functions[rule.endpoint]
        for method in sorted((rule.methods or set()) - _HIDDEN):
            spec.path(path=openapi_path(rule.rule), operations={method.lower(): _operation(view, rule.rule)})
    return spec.to_dict()


@bp.get("/openapi.json")
@documented({"type": "object", "description": "An OpenAPI 3.1 document"}, auth=False)
def openapi_json() -> ResponseReturnValue:
    """This document: every /api route, its request and its answers"""
    parts = floor()
    if parts.openapi_document is None:
        parts.openapi_document = document(current_app)
    return jsonify(parts.openapi_document)


def api_app() -> Flask:
    """The routes alone, no database: enough to print the document."""
    from . import BLUEPRINTS

    app = Flask(__name__)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    return app


def main() -> None:
    app = api_app()
    with app.app_context():
        sys.stdout.write(json.dumps(document(app), indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
