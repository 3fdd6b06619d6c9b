"""The OpenAPI 3 document, built from the same marshmallow schemas that validate input."""
from __future__ import annotations

from flask import Blueprint, jsonify
from marshmallow import Schema, fields, validate

from .league import AddTournamentSchema, CreateLeagueSchema
from .schemas import PAYLOADS, CommandSchema, CreateTournamentSchema, LoginSchema, SavePresetSchema, SetupSchema

bp = Blueprint("openapi", __name__, url_prefix="/api")

_TYPES = {fields.String: "string", fields.Integer: "integer", fields.Dict: "object", fields.Nested: "object",
          fields.Boolean: "boolean", fields.Float: "number", fields.List: "array"}


def schema_json(schema: type[Schema]) -> dict:
    props, required = {}, []
    for name, field in schema().fields.items():
        prop = {"type": next((t for cls, t in _TYPES.items() if isinstance(field, cls)), "string")}
        if isinstance(field, fields.List):
            inner = field.inner
            prop["items"] = schema_json(type(inner.schema)) if isinstance(inner, fields.Nested) else \
                {"type": next((t for cls, t in _TYPES.items() if isinstance(inner, cls)), "string")}
        for v in field.validators:
            if isinstance(v, validate.Length):
                lo, hi = ("minItems", "maxItems") if isinstance(field, fields.List) else \
                    ("minProperties", "maxProperties") if isinstance(field, fields.Dict) else ("minLength", "maxLength")
                prop.update({k: val for k, val in ((lo, v.min), (hi, v.max)) if val is not None})
            elif isinstance(v, validate.Range):
                prop.update({k: val for k, val in (("minimum", v.min), ("maximum", v.max)) if val is not None})
            elif isinstance(v, validate.OneOf):
                prop["enum"] = list(v.choices)
            elif isinstance(v, validate.Regexp):
                prop["pattern"] = v.regex.pattern
        if field.allow_none:
            prop["nullable"] = True
        props[name] = prop
        if field.required:
            required.append(name)
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


def _body(ref: str) -> dict:
    return {"required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}}


def _answers(*codes: int) -> dict:
    out = {"200": {"description": "OK"}}
    for code in codes:
        out[str(code)] = {"description": "Error", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Error"}}}}
    return out


def document() -> dict:
    tid = {"name": "tid", "in": "path", "required": True, "schema": {"type": "integer"}}
    schemas = {"Setup": schema_json(SetupSchema), "Login": schema_json(LoginSchema),
               "CreateTournament": schema_json(CreateTournamentSchema), "Command": schema_json(CommandSchema),
               "SavePreset": schema_json(SavePresetSchema),
               "CreateLeague": schema_json(CreateLeagueSchema), "AddTournament": schema_json(AddTournamentSchema),
               "Error": {"type": "object", "required": ["error", "message"], "properties": {
                   "error": {"type": "string"}, "message": {"type": "string"},
                   "field": {"type": "string", "nullable": True}}}}
    for name, payload in PAYLOADS.items():
        schemas[f"payload_{name}"] = schema_json(payload)
    secured = [{"bearer": []}]
    return {
        "openapi": "3.0.3",
        "info": {"title": "pokerfloor", "version": "1",
                 "description": "Commands up (with op ids), versioned views down. See docs/api.md."},
        "components": {"schemas": schemas,
                       "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
        "paths": {
            "/api/health": {"get": {"summary": "Liveness and server time", "responses": _answers()}},
            "/api/auth/setup": {"post": {"summary": "First director account from the setup link",
                                         "requestBody": _body("Setup"), "responses": _answers(400, 401, 409)}},
            "/api/auth/login": {"post": {"summary": "Director login", "requestBody": _body("Login"),
                                         "responses": _answers(400, 401)}},
            "/api/auth/logout": {"post": {"summary": "Revoke this token", "security": secured,
                                          "responses": _answers(401)}},
            "/api/me": {"get": {"summary": "The caller's role", "security": secured, "responses": _answers(401)}},
            "/api/presets": {"get": {"summary": "Available presets (files and custom)", "responses": _answers()},
                             "post": {"summary": "Save a tournament's preset as a custom preset", "security": secured,
                                      "requestBody": _body("SavePreset"), "responses": _answers(400, 401, 403, 404)}},
            "/api/presets/{preset_id}": {"get": {"summary": "One whole preset", "responses": _answers(404),
                                                 "parameters": [{"name": "preset_id", "in": "path", "required": True,
                                                                 "schema": {"type": "string"}}]}},
            "/api/tournaments/{tid}/qr/table/{table_no}.svg": {"get": {
                "summary": "A table's dealer QR code (SVG)", "security": secured,
                "parameters": [tid, {"name": "table_no", "in": "path", "required": True, "schema": {"type": "integer"}}],
                "responses": _answers(401, 403, 404)}},
            "/api/tournaments": {
                "get": {"summary": "List tournaments", "security": secured, "responses": _answers(401, 403)},
                "post": {"summary": "Create a tournament from a preset", "security": secured,
                         "requestBody": _body("CreateTournament"), "responses": _answers(400, 401, 403)}},
            "/api/tournaments/{tid}/commands": {"post": {
                "summary": "Send a command (idempotent by device_id + op_id); payload schemas: payload_<type>",
                "security": secured, "parameters": [tid], "requestBody": _body("Command"),
                "responses": _answers(400, 401, 403, 404, 409)}},
            "/api/tournaments/{tid}/view": {"get": {"summary": "The caller's role view", "security": secured,
                                                    "parameters": [tid], "responses": _answers(401, 403, 404)}},
            "/api/tournaments/{tid}/public": {"get": {"summary": "The public view", "security": secured,
                                                      "parameters": [tid], "responses": _answers(401, 403, 404)}},
            "/api/tournaments/{tid}/my-league": {"get": {
                "summary": "A player's league standing: his rank, points, the top 10, qualification (player token)",
                "security": secured, "parameters": [tid], "responses": _answers(401, 403, 404)}},
            "/api/tournaments/{tid}/stacks": {"get": {
                "summary": "The latest counted stacks, sorted (director), for the chip histogram",
                "security": secured, "parameters": [tid], "responses": _answers(401, 403, 404)}},
            **_league_paths(secured, tid),
            **_director_tools_paths(secured, tid),
            "/api/tournaments/{tid}/import": {"post": {
                "summary": "Register players from a CSV file (raw bytes; one import_players command, idempotent by op_id)",
                "security": secured,
                "parameters": [tid, {"name": "op_id", "in": "query", "required": True, "schema": {"type": "string"}},
                               {"name": "device_id", "in": "query", "required": True, "schema": {"type": "string"}}],
                "requestBody": {"required": True, "content": {"text/csv": {"schema": {"type": "string",
                                                                                   "format": "binary"}}}},
                "responses": _answers(400, 401, 403, 404, 409, 413)}},
            "/api/tournaments/{tid}/links": {"get": {"summary": "QR links for display, tables, players",
                                                     "security": secured, "parameters": [tid],
                                                     "responses": _answers(401, 403, 404)}},
        },
    }


def _league_paths(secured: list, tid: dict) -> dict:
    """Persons, leagues and exports (docs/api.md "Persons, leagues and exports"), directors only."""
    lid = {"name": "league_id", "in": "path", "required": True, "schema": {"type": "integer"}}
    lang = {"name": "lang", "in": "query", "schema": {"type": "string", "enum": ["de", "en"]}}
    period = {"name": "period", "in": "query", "schema": {"type": "string"},
              "description": "overall (default), YYYY-MM, YYYY-H1 or YYYY-H2"}
    return {
        "/api/persons": {"get": {"summary": "Search persons by name", "security": secured,
                                 "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
                                 "responses": _answers(401, 403)}},
        "/api/leagues": {
            "get": {"summary": "List leagues", "security": secured, "responses": _answers(401, 403)},
            "post": {"summary": "Create a league or series", "security": secured,
                     "requestBody": _body("CreateLeague"), "responses": _answers(400, 401, 403)}},
        "/api/leagues/{league_id}": {"get": {"summary": "One league", "security": secured, "parameters": [lid],
                                             "responses": _answers(401, 403, 404)}},
        "/api/leagues/{league_id}/tournaments": {"post": {
            "summary": "Assign a tournament (and the day it counts for)", "security": secured, "parameters": [lid],
            "requestBody": _body("AddTournament"), "responses": _answers(400, 401, 403, 404)}},
        "/api/leagues/{league_id}/standings": {"get": {
            "summary": "Standings overall, per month and half-year, and qualification", "security": secured,
            "parameters": [lid], "responses": _answers(401, 403, 404)}},
        "/api/leagues/{league_id}/standings.csv": {"get": {
            "summary": "Standings as CSV (UTF-8 BOM, ';')", "security": secured, "parameters": [lid, period, lang],
            "responses": _answers(400, 401, 403, 404)}},
        "/api/tournaments/{tid}/results.csv": {"get": {
            "summary": "Results as CSV (UTF-8 BOM, ';')", "security": secured, "parameters": [tid, lang],
            "responses": _answers(400, 401, 403, 404)}},
        "/api/tournaments/{tid}/results.html": {"get": {
            "summary": "Printable results page (A4)", "security": secured, "parameters": [tid, lang],
            "responses": _answers(400, 401, 403, 404)}},
    }


def _director_tools_paths(secured: list, tid: dict) -> dict:
    """Printouts, audit log, review list, inviting directors (docs/api.md "Director tools")."""
    def q(name, kind="integer", **extra):
        return {"name": name, "in": "query", "schema": {"type": kind, **extra}}
    lang = q("lang", "string", enum=["de", "en"])
    return {
        "/api/tournaments/{tid}/print/seat-cards": {"get": {
            "summary": "Printable seat cards with the players' QR codes (A4, 8 per page)", "security": secured,
            "parameters": [tid, lang, q("table"), q("from_table"), q("to_table")],
            "responses": _answers(400, 401, 403, 404, 409)}},
        "/api/tournaments/{tid}/print/seating-list": {"get": {
            "summary": "Printable seating list sorted by name (A4, two columns)", "security": secured,
            "parameters": [tid, lang], "responses": _answers(400, 401, 403, 404, 409)}},
        "/api/tournaments/{tid}/display": {"get": {
            "summary": "The TV's display view: the last moves for its ticker (display token or director)",
            "security": secured, "parameters": [tid], "responses": _answers(401, 403, 404)}},
        "/api/tournaments/{tid}/seating": {"get": {
            "summary": "The seating list by name, a page at a time (display token or director)",
            "security": secured, "parameters": [tid, q("page", minimum=1), q("per_page", minimum=1, maximum=200)],
            "responses": _answers(400, 401, 403, 404)}},
        "/api/tournaments/{tid}/print/table-sheets": {"get": {
            "summary": "Printable dealer QR sheet per table, and the display's", "security": secured,
            "parameters": [tid, lang, q("table"), q("from_table"), q("to_table")],
            "responses": _answers(400, 401, 403, 404, 409)}},
        "/api/tournaments/{tid}/audit": {"get": {
            "summary": "The event log newest first: who did what and when", "security": secured,
            "parameters": [tid, lang, q("before"), q("limit"), q("table"), q("entry")],
            "responses": _answers(400, 401, 403, 404)}},
        "/api/tournaments/{tid}/rejections": {"get": {
            "summary": "Rejected commands to review, newest first", "security": secured,
            "parameters": [tid, lang, q("limit")], "responses": _answers(400, 401, 403, 404)}},
        "/api/directors": {"get": {"summary": "Director accounts", "security": secured,
                                   "responses": _answers(401, 403)}},
        "/api/directors/invite": {"post": {"summary": "A one-time setup link for another director",
                                           "security": secured, "responses": _answers(401, 403)}},
    }


@bp.get("/openapi.json")
def openapi_json():
    return jsonify(document())
