"""The director's note to a table's dealer over HTTP: marshmallow refuses a bad text (400 naming
payload.text), a dealer may not write it (403), and the dealer's table view carries it, described
by the view's schema (derived from engine/model.py Table)."""

import pytest

from backend.api.view_schemas import TableView
from in_process import InProcessApi
from server import command_ok, links, seated_tournament, token_of

pytestmark = pytest.mark.in_process


def test_the_dealer_reads_the_director_s_note_and_only_the_director_writes_it(server, td):
    tid = seated_tournament(td, players=12, tables=2)
    dealer = InProcessApi(server.app, token_of(links(td, tid)["tables"][0]["url"]))
    command_ok(td, tid, "set_table_note", {"table_no": 1, "text": "Seat 4 leaves at 22:00 — Sitz 4 geht um 22 Uhr"})
    view = dealer.get(f"/api/tournaments/{tid}/view").json()
    assert view["note"] == "Seat 4 leaves at 22:00 — Sitz 4 geht um 22 Uhr"
    TableView().load(view)  # closed: a field the schema does not describe would raise
    refused = dealer.command(tid, "set_table_note", {"table_no": 1, "text": "my own"})
    assert refused.status_code == 403, refused.text
    command_ok(td, tid, "set_table_note", {"table_no": 1, "text": None})
    assert dealer.get(f"/api/tournaments/{tid}/view").json()["note"] is None


@pytest.mark.parametrize(
    "text, reason",
    [("x" * 141, "Longer than maximum length 140"), (42, "Not a valid string"), ("a\x00b", "control characters")],
)
def test_a_bad_note_is_a_400_naming_the_field(server, td, text, reason):
    tid = seated_tournament(td, players=4, tables=1)
    r = td.command(tid, "set_table_note", {"table_no": 1, "text": text})
    assert r.status_code == 400, r.text
    assert r.json()["field"] == "payload.text" and reason in r.json()["message"]


def test_a_note_without_its_text_field_is_refused(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    r = td.command(tid, "set_table_note", {"table_no": 1})
    assert r.status_code == 400 and r.json()["field"] == "payload.text", r.text
