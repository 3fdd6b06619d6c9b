"""POST /api/tournaments/<tid>/import: a player list (CSV) registered in one command.

The body is the file's raw bytes; `op_id` and `device_id` ride in the query string, so a retry
of the same upload gets the stored answer and imports nothing twice. The file is read here
(backend/documents/registration_csv.py); the good lines go to the engine as ONE `import_players` command,
so the log holds all of them or none.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import ValidationError

from ..auth.access import require_tournament
from ..documents.registration_csv import MAX_BYTES, CsvProblem, parse
from ..errors import ApiError
from ..floor import PokerFloor, floor
from ..read import league as lg
from ..service import now_ms
from ..store import session_scope
from . import view_schemas as out
from .contract import documented, query_param
from .schemas import load_command

bp = Blueprint("registration_import", __name__, url_prefix="/api")


def link_entries(app: PokerFloor, tid: int, entry_ids: list[int]) -> None:
    """Link new entries to their persons (leagues), in one small transaction; idempotent."""
    if not entry_ids:
        return
    state, club_id = app.service.state(tid), app.service.club_of(tid)
    with session_scope(app.db) as session:
        for entry_id in entry_ids:
            lg.link_entry(session, club_id, tid, entry_id, state.entries[entry_id].name, None, now_ms())


@bp.post("/tournaments/<int:tid>/import")
@documented(
    out.ImportReport,
    body={"type": "string"},
    body_media="text/csv",
    errors=(401, 413),
    query=[
        query_param("op_id", {"type": "string"}, required=True),
        query_param("device_id", {"type": "string"}, required=True),
    ],
    also={code: [out.CommandRejected, "Error"] for code in (400, 403, 404, 409)},
)
def import_players(tid: int) -> ResponseReturnValue:
    """Register players from a CSV file (raw bytes; one import_players command, idempotent by op_id)"""
    caller = require_tournament(tid, {"director"})
    app = floor()
    if (request.content_length or 0) > MAX_BYTES:
        raise ApiError(
            413,
            "file_too_big",
            f"The file is larger than {MAX_BYTES // 1024} KB; split the list into smaller files.",
            "file",
        )
    envelope = {
        "op_id": request.args.get("op_id", ""),
        "device_id": request.args.get("device_id", ""),
        "type": "import_players",
        "payload": {"rows": [{"line": 1, "name": "x"}]},
    }
    load_command(envelope)  # op_id and device_id checked before the file is read
    try:
        parsed = parse(request.get_data(cache=False))
    except CsvProblem as problem:
        raise ApiError(
            413 if problem.error == "file_too_big" else 400, problem.error, problem.message, problem.field
        ) from None
    rejected = list(parsed.rejected)
    report: dict[str, Any] = {
        "status": "applied",
        "op_id": envelope["op_id"],
        "imported": [],
        "waiting": [],
        "rejected": rejected,
    }
    if parsed.rows:
        try:
            data = load_command({**envelope, "payload": {"rows": parsed.rows}})
        except ValidationError as err:  # the reader keeps rows within the schema; this is a safety net
            raise ApiError(400, "validation", str(err.messages), "file") from None
        answer = app.service.execute(
            tid,
            type="import_players",
            payload=data["payload"],
            actor=caller.actor(),
            actor_label=caller.label,
            device_id=data["device_id"],
            op_id=data["op_id"],
            at=None,
        )
        if answer.status_code != 200:
            return jsonify(answer.body), answer.status_code
        result = answer.body["result"]
        report.update(seq=answer.body["seq"], imported=result["imported"], waiting=result["waiting"])
        rejected += result["rejected"]
    report["rejected"] = sorted(rejected, key=lambda r: r["line"])
    return jsonify(report), 200
