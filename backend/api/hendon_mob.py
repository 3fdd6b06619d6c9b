"""A finished tournament's results for The Hendon Mob's poker database (docs/exports.md).

No published submission template of The Hendon Mob was found: not on its site as stored by the
searches we could make, nor in any public documentation (docs/exports.md says where we looked).
The file therefore follows the closest documented layout, the results table The Hendon Mob
publishes for every event in its database, https://pokerdb.thehendonmob.com/event.php?a=r&n=<id>:
the event's facts (name, venue, date, buy-in, entries, total prize pool) above a table of the
places paid with the columns Place, Name, Country, Prize. One caveat: pokerfloor keeps no player's
country, so that column is empty for the organiser to fill in or leave.

CSV, comma-separated (an English-language database), UTF-8 with a BOM, CRLF; amounts are plain
numbers with a decimal point, the currency on its own line; cells safe from formulas as every
export's (documents/cells.py).
"""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response
from flask.typing import ResponseReturnValue

from ..auth.access import require_tournament
from ..documents.cells import formula_safe
from ..documents.registration_csv import split_name
from ..engine import money
from ..engine.payouts import exact, shown
from ..errors import ApiError
from .contract import Answer, documented
from .results_sheet import night

bp = Blueprint("hendon_mob", __name__, url_prefix="/api")

# The results table of an event page on pokerdb.thehendonmob.com, left to right.
RESULT_COLUMNS = ("Place", "Name", "Country", "Prize")
# The event's facts as its page heads them (one per line above the table: label, value).
EVENT_FACTS = ("Event", "Venue", "Date", "Buy-in", "Currency", "Entries", "Total Prize Pool")


def _amount(value: float | int) -> str:
    """1250 → "1250", 62.5 → "62.50": a number any spreadsheet reads, whatever its language."""
    return str(value) if isinstance(value, int) else f"{value:.2f}"


def _name(name: str) -> str:
    """First name first, as the database lists players ("Müller, Anna" → "Anna Müller")."""
    first, last = split_name(name)
    return f"{first} {last}".strip()


@bp.get("/tournaments/<int:tid>/results-hendon-mob.csv")
@documented(Answer({"type": "string"}, "text/csv"), errors=(401, 403, 404, 409))
def results_hendon_mob(tid: int) -> ResponseReturnValue:
    """Results for The Hendon Mob's database (CSV; a finished tournament's places paid)"""
    require_tournament(tid, {"director"})
    n = night(tid)
    state = n.state
    if state.status != "finished":
        raise ApiError(
            409,
            "tournament_not_finished",
            "The Hendon Mob lists final results: this file is made once the tournament is finished.",
            None,
        )
    fmt = state.format
    buy_in = exact(fmt.get("buy_in", 0)) + exact(fmt.get("fee", 0))
    facts = {
        "Event": n.name,
        "Venue": n.club,
        "Date": n.day.isoformat(),
        "Buy-in": _amount(shown(buy_in)),
        "Currency": n.currency,
        "Entries": state.money["buy_ins"],  # every buy-in and re-entry, as the database counts entries
        "Total Prize Pool": _amount(shown(money.pool(state))),
    }
    paid = [(r, prize) for r, _e, prize, _pts in n.rows if prize and r.place is not None]
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerows([[label, formula_safe(facts[label])] for label in EVENT_FACTS])
    writer.writerow([])
    writer.writerow(RESULT_COLUMNS)
    writer.writerows([[r.place, formula_safe(_name(r.name)), "", _amount(prize)] for r, prize in paid])
    return Response(
        ("\ufeff" + buf.getvalue()).encode("utf-8"),
        mimetype="text/csv",
        headers={
            "Content-Disposition": f'attachment; filename="hendon-mob-{tid}.csv"',
            "Cache-Control": "no-store",
        },
    )
