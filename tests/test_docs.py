"""The documents say what the code does: what can be generated is (the command table of docs/api.md,
from the catalog; the sizes in docs/bundles.md, from the budget script), and a claim that is a fact
is checked here (the README's role table against the server's answers, the payload fields the
hand-written tables of docs/api.md name, the files the documents cite)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from backend.api import api_doc
from backend.engine import COMMANDS
from in_process import InProcessApi
from server import links, seated_tournament, token_of

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md", ROOT / "deploy" / "README.md"]


def test_the_command_table_in_api_md_is_the_catalog_s():
    text = api_doc.DOC.read_text()
    assert api_doc.current(text) == api_doc.render(), "stale: run `.venv/bin/python -m backend.api.api_doc`"


def test_the_hand_written_tables_of_api_md_name_only_fields_the_payload_has():
    rows = api_doc.written_fields(api_doc.DOC.read_text())
    assert len(rows) > 30  # the parser still finds the tables
    wrong = [
        (command, sorted(names - set(api_doc.payload_fields(COMMANDS[command].payload))))
        for command, names in rows
        if command not in COMMANDS or names - set(api_doc.payload_fields(COMMANDS[command].payload))
    ]
    assert wrong == []


def test_a_stale_command_table_is_found():
    text = api_doc.DOC.read_text()
    stale = text.replace("`{entry_id, eliminated_by?, starting_stack?}`", "`{entry_id, stack?}`")
    assert stale != text
    assert api_doc.current(stale) != api_doc.render()
    assert ("record_bust", {"entry_id", "place"}) in api_doc.written_fields(
        text.replace("## Socket.IO", "| `record_bust` | director | `{entry_id, place}` |\n\n## Socket.IO")
    )


# The README's role table, last column: which of the tournament's GET routes each QR code reads.
READS = {
    "view",
    "public",
    "display",
    "seating",
    "my-league",
    "my-history",
    "my-standings-mail",
    "stacks",
    "links",
    "audit",
    "rejections",
    "cash-box",
}


def readme_reads() -> dict[str, set[str]]:
    rows = re.findall(r"^\| (dealer|player|display) \|[^|]*\|[^|]*\|([^|]*)\|$", (ROOT / "README.md").read_text(), re.M)
    return {role: set(re.findall(r"`([\w-]+)`", reads)) for role, reads in rows}


@pytest.mark.in_process
def test_the_readme_role_table_says_what_each_qr_code_reads(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    qr = links(td, tid)
    tokens = {
        "dealer": token_of(qr["tables"][0]["url"]),
        "player": token_of(qr["players"][0]["url"]),
        "display": token_of(qr["display"]["url"]),
    }
    reads = {}
    for role, token in tokens.items():
        phone = InProcessApi(server.app, token)
        reads[role] = {name for name in READS if phone.get(f"/api/tournaments/{tid}/{name}").status_code == 200}
    assert readme_reads() == reads
    # Directors and dealers send commands (engine/catalog.py); a player only his own registration's
    # before the draw and his answer to the final table's deal, the public page's guest only a
    # sign-up; the display none. The README says so.
    senders = {role: sorted(n for n, spec in COMMANDS.items() if role in spec.roles) for role in ("player", "guest")}
    assert set().union(*(spec.roles for spec in COMMANDS.values())) == {"director", "dealer", "player", "guest"}
    assert senders == {"player": ["answer_deal", "cancel_sign_up", "confirm_sign_up"], "guest": ["sign_up"]}
    readme = (ROOT / "README.md").read_text()
    assert re.search(
        r"^\| player \|[^|]*\| before the draw: cancel or confirm his own registration; at the final table: accept or reject the deal",
        readme,
        re.M,
    )
    assert re.search(r"^\| display \|[^|]*\| no commands", readme, re.M)


def cited_paths(text: str) -> set[str]:
    """Repository paths a document names in backticks: `backend/…`, `docs/…`, `pwa/…`, `tests/…`."""
    found = set()
    for path in re.findall(r"`((?:backend|docs|pwa|tests|e2e|deploy|shared_rules)/[\w./-]+)`", text):
        if "*" in path or "<" in path or path.endswith("/…"):
            continue
        found.add(path.rstrip("."))
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_document_cites_only_files_that_are_here(doc):
    generated = {"pwa/dist", "pwa/src/api/types.gen.ts", "pwa/src/i18n/commands.gen.ts"}
    missing = sorted(p for p in cited_paths(doc.read_text()) if not (ROOT / p).exists() and p not in generated)
    assert missing == []


OUTSIDE = re.compile(r"\bDESIGN\.md\b|shared/TOOLING\.md")  # the project's brief, not in this repository


def test_no_file_cites_a_document_from_outside_the_repository():
    """A reader of this repository cannot follow such a citation."""
    sources = [*DOCS, *(ROOT / "tests").rglob("*.py"), *(ROOT / "e2e").rglob("*.py"), *(ROOT / "backend").rglob("*.py")]
    sources += [
        *(ROOT / "pwa/src").rglob("*.ts"),
        *(ROOT / "pwa/src").rglob("*.tsx"),
        *(ROOT / "pwa/scripts").glob("*.mjs"),
    ]
    citing = [
        str(f.relative_to(ROOT))
        for f in sources
        if f != Path(__file__) and OUTSIDE.search(f.read_text(errors="replace"))
    ]
    assert citing == []


def test_the_sizes_in_bundles_md_are_the_build_s():
    node = shutil.which("node")
    dist = Path(os.environ.get("PWA_DIST", ROOT / "pwa/dist"))
    if node is None or not (dist / "index.html").exists():
        pytest.fail(f"{dist} is not built (or no node): run `make pwa`")
    res = subprocess.run(
        [node, str(ROOT / "pwa/scripts/check-budget.mjs"), str(dist), "--check-doc", str(ROOT / "docs/bundles.md")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert res.returncode == 0, res.stdout + res.stderr


def ts_constant(file: str, name: str) -> float:
    """A numeric constant of the phone's code (`export const NAME = 10_000;`)."""
    found = re.search(rf"const {name} = ([\d_]+);", (ROOT / "pwa/src" / file).read_text())
    assert found, f"{name} is no longer a constant in pwa/src/{file}"
    return int(found.group(1).replace("_", ""))


def s(ms: float) -> str:
    """750 → "0.75 s", as the documents write a time."""
    return f"{ms / 1000:g} s"


def test_the_timings_docs_sync_md_names_are_the_phone_s():
    doc = (ROOT / "docs/sync.md").read_text()
    timeout = ts_constant("sync/api.ts", "REQUEST_TIMEOUT_MS")
    backoff = (ts_constant("sync/outbox.ts", "MIN_BACKOFF"), ts_constant("sync/outbox.ts", "MAX_BACKOFF"))
    beat, late = ts_constant("sync/socket.ts", "HEARTBEAT_MS"), ts_constant("sync/socket.ts", "HEARTBEAT_TIMEOUT_MS")
    assert f"no answer within {s(timeout)}" in doc
    assert f"retried with backoff ({s(backoff[0])} → {s(backoff[1])})" in doc
    assert f"an ack every {s(beat)} while the page is visible; no ack within {s(late)}" in doc
    assert f"shows within {beat / 1000:g} + {late / 1000:g} = {(beat + late) / 1000:g} s" in doc
