"""Tournaments: presets, create, list, and the QR links for tables, players and the TV."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, Response, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import Schema, fields, validate
from sqlmodel import col, select

from ..auth import clubs
from ..auth.access import Caller, bearer_token, caller_for, require_director, require_tournament
from ..auth.tokens import Subject, subject_token, subject_tokens
from ..documents.qr import qr_svg
from ..engine import TournamentState
from ..engine.legal import preset_problem, profile_of, structure_warnings
from ..errors import ApiError
from ..floor import floor
from ..legal_profiles import collapse, expand
from ..presets import all_presets, find_preset, save_custom
from ..push import subscriptions
from ..read.legal_day import tournaments_of_the_day
from ..service import now_ms
from ..store import Token, Tournament, session_scope, stored_id
from ..store.models import SCREEN_THEMES
from . import answer_schemas as out
from .contract import Answer, documented
from .phone_links import phone_link
from .schemas import CreateTournamentSchema, RevokeSchema, SavePresetSchema

bp = Blueprint("tournaments", __name__, url_prefix="/api")


def _tournament_json(t: Tournament, state: TournamentState | None = None) -> dict:
    return {
        "id": t.id,
        "name": t.name,
        "preset_id": t.preset_id,
        "created_at": t.created_at,
        "status": state.status if state else None,
        "legal": (profile_of(state.preset) or {}).get("id") if state else None,
    }


def _presets_dir() -> str:
    return str(floor().config.PRESETS_DIR)


def _club_if_signed_in() -> int | None:
    """The caller's club when a token is sent (a director's, or his tournament's), else None: the
    presets of the files are public, a club's custom ones only reach its own directors and phones."""
    token = bearer_token()
    caller = caller_for(token) if token else None
    return caller.club_id if caller is not None else None


@bp.get("/presets")
@documented(out.PresetSummary(many=True), auth=False)
def presets() -> ResponseReturnValue:
    """Available presets (the files', and with a token the club's custom ones)"""
    with session_scope(floor().db) as session:
        return jsonify(all_presets(session, _presets_dir(), _club_if_signed_in()))


@bp.get("/presets/<preset_id>")
@documented(out.Preset, errors=(404,), auth=False)
def preset(preset_id: str) -> ResponseReturnValue:
    """One whole preset (a club's custom one with a token of that club)"""
    with session_scope(floor().db) as session:
        found = find_preset(session, _presets_dir(), preset_id, _club_if_signed_in())
    if found is None:
        raise ApiError(404, "unknown_preset", f"There is no preset '{preset_id}'.", "preset")
    return jsonify(found)


@bp.post("/presets")
@documented(out.SavedPreset, status=201, body=SavePresetSchema, errors=(400, 401, 403, 404), access=require_director)
def save_preset(body: dict, caller: Caller) -> ResponseReturnValue:
    """Save a tournament's preset as a custom preset"""
    tid = body["from_tournament"]
    require_tournament(tid, {"director"})
    base = floor().service.state(tid).preset
    with session_scope(floor().db) as session:
        saved = save_custom(session, collapse(base), body["name"].strip(), caller.director_id, caller.club, now_ms())
    # VGS Art. 39 Abs. 5: a structure planned shorter than the law asks is said, not refused.
    warnings = structure_warnings(base.get("structure", []), profile_of(base))
    return jsonify({"id": saved["id"], "name": saved["name"], "warnings": warnings}), 201


@bp.get("/tournaments")
@documented(out.Tournament(many=True), errors=(401, 403))
def list_tournaments() -> ResponseReturnValue:
    """The club's tournaments, newest first (a limited director's: those he runs)"""
    caller = require_director()
    with session_scope(floor().db) as session:
        query = select(Tournament).where(Tournament.club_id == caller.club_id)
        if caller.access == "limited":
            query = query.where(col(Tournament.id).in_(clubs.runs(session, caller.director)))
        rows = session.exec(query.order_by(col(Tournament.id).desc())).all()
    return jsonify([_tournament_json(t, floor().service.state(stored_id(t))) for t in rows])


@bp.post("/tournaments")
@documented(out.Tournament, status=201, body=CreateTournamentSchema, errors=(400, 401, 403), access=require_director)
def create_tournament(body: dict, caller: Caller) -> ResponseReturnValue:
    """Create a tournament from a preset"""
    with session_scope(floor().db) as session:
        preset = find_preset(session, _presets_dir(), body["preset"], caller.club_id)
    if preset is None:
        raise ApiError(400, "unknown_preset", f"There is no preset '{body['preset']}'.", "preset")
    # The preset's legal profile, expanded into its limits: the tournament runs under these.
    preset = expand(preset, str(floor().config.LEGAL_DIR))
    problem = preset_problem(preset, profile_of(preset))
    if problem is not None:  # a club's own preset may break the law its profile names
        params = problem.params or {}
        raise ApiError(400, problem.error, problem.message, problem.field, rule=params.get("rule"), params=params)
    t = floor().service.create_tournament(body["name"].strip(), preset, caller.director_id, caller.club)
    tid = stored_id(t)
    answer = _tournament_json(t, floor().service.state(tid))
    answer["warnings"] = _creation_warnings(preset, tid, caller.club)
    return jsonify(answer), 201


def _creation_warnings(preset: dict, tid: int, club_id: int) -> list[dict]:
    """What the law asks that a new tournament already misses: said, not refused (it may be moved
    to another day, its structure changed); the clock refuses to start a fifth (engine/legal.py)."""
    legal = profile_of(preset)
    warnings = structure_warnings(preset.get("structure", []), legal)
    most = ((legal or {}).get("limits") or {}).get("max_tournaments_day")
    if most:
        others = tournaments_of_the_day(floor().db, floor().service, club_id, tid, now_ms())
        if others >= int(most["value"]):
            rule = str(most["cite"])
            warnings.append(
                {
                    "code": "legal_tournaments_day",
                    "rule": rule,
                    "message": f"The club has {others} tournaments today already; at most "
                    f"{most['value']} a day may start ({rule}).",
                    "params": {"tournaments": others, "max": most["value"], "rule": rule},
                }
            )
    return warnings


def _link(role: str, tournament_id: int, table_no: int | None = None, entry_id: int | None = None) -> str:
    with session_scope(floor().db) as session:
        token = subject_token(
            session,
            floor().config.SECRET_KEY,
            role=role,
            now=now_ms(),
            tournament_id=tournament_id,
            table_no=table_no,
            entry_id=entry_id,
        )
    return phone_link(role, token)


@bp.get("/tournaments/<int:tid>/links")
@documented(out.Links, errors=(401, 403, 404))
def links(tid: int) -> ResponseReturnValue:
    """QR links for the display, the tables and the players"""
    require_tournament(tid, {"director"}, act=True)  # QR codes are credentials: no observer
    state = floor().service.state(tid)
    tables, entries = sorted(state.tables), list(state.entries.values())
    subjects: list[Subject] = [("display", None, None)]
    subjects += [("dealer", n, None) for n in tables]
    subjects += [("player", None, e.entry_id) for e in entries]
    with session_scope(floor().db) as session:
        tokens = subject_tokens(session, floor().config.SECRET_KEY, now=now_ms(), tournament_id=tid, subjects=subjects)
    display, *urls = [phone_link(role, token) for (role, _, _), token in zip(subjects, tokens, strict=True)]
    table_urls, player_urls = urls[: len(tables)], urls[len(tables) :]
    return jsonify(
        {
            "display": {"url": display},
            "tables": [{"table_no": n, "url": url} for n, url in zip(tables, table_urls, strict=True)],
            "players": [
                {"entry_id": e.entry_id, "name": e.name, "url": url}
                for e, url in zip(entries, player_urls, strict=True)
            ],
        }
    )


def _svg(url: str) -> Response:
    return Response(qr_svg(url), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


# A TV's screen (docs/screens.md): the layout and theme its link carries after the token
LAYOUTS = ("clock", "payouts", "moves", "seating", "lobby")


class ScreenQuery(Schema):
    class Meta:
        unknown = "raise"

    layout = fields.String(validate=validate.OneOf(LAYOUTS))
    theme = fields.String(validate=validate.OneOf(list(SCREEN_THEMES)))


def screen_suffix(q: dict) -> str:
    """The "?layout=…&theme=…" of the display link's fragment (the clock and the club's theme: none)."""
    params = {k: q[k] for k in ("layout", "theme") if q.get(k) and not (k == "layout" and q[k] == "clock")}
    return f"?{urlencode(params)}" if params else ""


@bp.get("/tournaments/<int:tid>/qr/display.svg")
@documented(Answer({"type": "string"}, "image/svg+xml"), query=ScreenQuery, errors=(400, 401, 403, 404))
def qr_display(tid: int) -> ResponseReturnValue:
    """The display's (TV's) QR code (SVG); `layout` and `theme` go into its link (one TV each)"""
    require_tournament(tid, {"director"}, act=True)  # QR codes are credentials: no observer
    q = ScreenQuery().load(request.args)
    return _svg(_link("display", tid) + screen_suffix(q))


@bp.get("/tournaments/<int:tid>/qr/table/<int:table_no>.svg")
@documented(Answer({"type": "string"}, "image/svg+xml"), errors=(401, 403, 404))
def qr_table(tid: int, table_no: int) -> ResponseReturnValue:
    """A table's dealer QR code (SVG)"""
    require_tournament(tid, {"director"}, act=True)  # QR codes are credentials: no observer
    if table_no not in floor().service.state(tid).tables:
        raise ApiError(404, "unknown_table", f"There is no table {table_no}.", "table_no")
    return _svg(_link("dealer", tid, table_no=table_no))


@bp.get("/tournaments/<int:tid>/qr/player/<int:entry_id>.svg")
@documented(Answer({"type": "string"}, "image/svg+xml"), errors=(401, 403, 404))
def qr_player(tid: int, entry_id: int) -> ResponseReturnValue:
    """A player's seat-card QR code (SVG)"""
    require_tournament(tid, {"director"}, act=True)  # QR codes are credentials: no observer
    if entry_id not in floor().service.state(tid).entries:
        raise ApiError(404, "unknown_entry", f"There is no player #{entry_id}.", "entry_id")
    return _svg(_link("player", tid, entry_id=entry_id))


@bp.post("/tournaments/<int:tid>/tokens/revoke")
@documented(
    out.Revoked,
    body=RevokeSchema,
    errors=(400, 401, 403, 404),
    access=lambda tid: require_tournament(tid, {"director"}),
)
def revoke_link(tid: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """A QR code that got into the wrong hands stops working at once (phones holding it are
    disconnected); the next `links` call mints a new one to print."""
    table_no = body["table_no"] if body["role"] == "dealer" else None
    entry_id = body["entry_id"] if body["role"] == "player" else None
    with session_scope(floor().db) as session:
        rows = session.exec(
            select(Token).where(
                Token.tournament_id == tid,
                Token.role == body["role"],
                Token.table_no == table_no,
                Token.entry_id == entry_id,
                col(Token.revoked_at).is_(None),
            )
        ).all()
        for row in rows:
            row.revoked_at = now_ms()
        revoked = [row.id for row in rows if row.id is not None]
        subscriptions.forget_token(session, revoked)  # its phones' push subscriptions go with it
    for token_id in revoked:
        floor().realtime.drop_token(token_id)
    return jsonify({"revoked": len(revoked)})
