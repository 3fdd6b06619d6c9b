"""Backups (docs/backups.md): `pokerfloor backup` while dealers keep sending commands gives a
consistent archive; `pokerfloor restore` on another var/ (no SECRET_KEY: the key comes from the
archive) serves identical views and the QR codes printed before the backup; automatic backups
appear while something changes, are pruned, and stop when nothing does. Real server processes."""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import tarfile
import threading
import time
import uuid
from pathlib import Path

import psycopg
import pytest

from backend.operations.backup import prune
from backend.store.db import head_revision
from server import ROOT, Api, ServerProcess, command_ok, director, links, read_db, seated_tournament, token_of

PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
NO_ENV_KEY = {"SECRET_KEY": ""}  # the server reads var/secret_key (generated, or restored)


def cli(
    var: Path, *args: str, database_url: str | None = None, secret_key: str | None = None, extra: dict | None = None
) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DATABASE_URL", "BACKUP_AUTO")}
    env.update(
        POKERFLOOR_VAR=str(var),
        DATABASE_URL=database_url or f"sqlite:///{var / 'pokerfloor.db'}",
        PYTHONUNBUFFERED="1",
        **(extra or {}),
    )
    if secret_key is not None:
        env["SECRET_KEY"] = secret_key
    return subprocess.run(
        [sys.executable, "-m", "backend.cli", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def ok(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def refused(done: subprocess.CompletedProcess, *words: str) -> str:
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert "Traceback" not in out, out
    for word in words:
        assert word in out, out
    return out


def manifest_of(archive: Path) -> dict:
    with tarfile.open(archive) as tar:
        return json.loads(tar.extractfile("manifest.json").read())


def sqlite_from(archive: Path, dest: Path) -> Path:
    with tarfile.open(archive) as tar:
        dest.write_bytes(tar.extractfile("database/pokerfloor.db").read())
    return dest


def login(server: ServerProcess, username="td", password="correct horse") -> Api:
    api = Api(server.url)
    r = api.post("/api/auth/login", {"username": username, "password": password})
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


# ------------------------------------------------------------------ dealers at work


class Flow:
    """Dealers (one thread per table) and the director send commands until stopped."""

    def __init__(self, server: ServerProcess, td: Api, tid: int, dealer_tokens: dict[int, str]):
        self.server, self.td, self.tid = server, td, tid
        self.dealers = {n: Api(server.url, tok) for n, tok in dealer_tokens.items()}
        self.stop = threading.Event()
        self.applied = 0
        self.problems: list[str] = []
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._dealer, args=(n,), daemon=True) for n in self.dealers]
        self.threads.append(threading.Thread(target=self._director, daemon=True))

    def _count(self, r) -> None:
        with self.lock:
            if r.status_code >= 500 or r.status_code in (401, 403):
                self.problems.append(f"{r.status_code} {r.text[:200]}")
            elif r.status_code == 200 and r.json().get("status") == "applied":
                self.applied += 1

    def _dealer(self, table_no: int) -> None:
        api, rnd = self.dealers[table_no], random.Random(table_no)
        while not self.stop.is_set():
            view = api.get(f"/api/tournaments/{self.tid}/view").json()
            seats = [s for s in view.get("seats", []) if s.get("entry_id")]
            self._count(api.command(self.tid, "new_hand", {"table_no": table_no}))
            if seats:
                stacks = {str(s["seat"]): rnd.randrange(1000, 30000, 25) for s in seats}
                self._count(api.command(self.tid, "chip_count", {"table_no": table_no, "stacks": stacks}))
            if len(seats) > 5 and rnd.random() < 0.3:
                self._count(api.command(self.tid, "record_bust", {"entry_id": rnd.choice(seats)["entry_id"]}))

    def _director(self) -> None:
        while not self.stop.is_set():
            self._count(self.td.command(self.tid, "adjust_clock", {"seconds": 60}))
            self._count(self.td.command(self.tid, "adjust_clock", {"seconds": -60}))
            time.sleep(0.05)

    def __enter__(self) -> Flow:
        for t in self.threads:
            t.start()
        return self

    def wait_for(self, applied: int, timeout: float = 60) -> None:
        deadline = time.time() + timeout
        while self.applied < applied and time.time() < deadline:
            time.sleep(0.05)
        assert self.applied >= applied, (self.applied, self.problems)

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=30)
        assert not self.problems, self.problems


def start_tournament(server: ServerProcess, td: Api) -> tuple[int, dict]:
    tid = seated_tournament(td, players=27, tables=3)
    command_ok(td, tid, "start_clock")
    return tid, links(td, tid)  # the QR links printed before any backup


# ------------------------------------------------------------------ what a consistent copy is


def check_consistent(rows) -> None:
    """rows(sql) -> list of tuples, on the copy: the log, the receipts and last_seq agree."""
    events = rows("SELECT tournament_id, seq, op_id, device_id FROM event ORDER BY tournament_id, seq")
    for tid, last_seq in rows("SELECT id, last_seq FROM tournament"):
        seqs = [e[1] for e in events if e[0] == tid]
        assert seqs == list(range(1, last_seq + 1)), (tid, last_seq, seqs[-3:])
    by_op: dict[tuple, list[int]] = {}
    for _, seq, op_id, device_id in events:
        if op_id:
            by_op.setdefault((device_id, op_id), []).append(seq)
    receipts = rows("SELECT device_id, op_id, status_code, response FROM op_receipt")
    applied = 0
    for device_id, op_id, status, response in receipts:
        response = response if isinstance(response, dict) else json.loads(response)
        if response.get("status") == "applied":
            applied += 1
            assert max(by_op.get((device_id, op_id), [0])) == response["seq"], (op_id, response)
        else:
            assert (device_id, op_id) not in by_op, op_id  # a refusal wrote no event
    assert set(by_op) <= {(r[0], r[1]) for r in receipts}, "an event without its receipt"
    assert applied > 20


def event_log(rows) -> list[tuple]:
    return [
        tuple(json.dumps(v, sort_keys=True) if isinstance(v, (dict, list)) else v for v in r)
        for r in rows("SELECT tournament_id, seq, type, payload, op_id, at FROM event ORDER BY tournament_id, seq")
    ]


# ------------------------------------------------------------------ same views, same QR codes


def without_time(view):
    if isinstance(view, dict):
        return {k: without_time(v) for k, v in view.items() if k not in ("server_time",)}
    if isinstance(view, list):
        return [without_time(v) for v in view]
    return view


def views(server: ServerProcess, td: Api, tid: int, qr: dict) -> dict:
    dealer = Api(server.url, token_of(qr["tables"][0]["url"]))
    display = Api(server.url, token_of(qr["display"]["url"]))
    player = Api(server.url, token_of(qr["players"][0]["url"]))
    got = {
        "director": td.get(f"/api/tournaments/{tid}/view"),
        "table": dealer.get(f"/api/tournaments/{tid}/view"),
        "public": display.get(f"/api/tournaments/{tid}/public"),
        "player": player.get(f"/api/tournaments/{tid}/view"),
    }
    for name, r in got.items():
        assert r.status_code == 200, (name, r.status_code, r.text[:300])
    return {name: without_time(r.json()) for name, r in got.items()}


def assert_same_night(old: ServerProcess, old_td: Api, new: ServerProcess, tid: int, qr: dict) -> None:
    new_td = login(new)
    before, after = views(old, old_td, tid, qr), views(new, new_td, tid, qr)
    for name in before:
        assert after[name] == before[name], name
    # The dealer sheet printed before the backup still records busts on the restored server.
    dealer = Api(new.url, token_of(qr["tables"][0]["url"]))
    seat = next(s for s in dealer.get(f"/api/tournaments/{tid}/view").json()["seats"] if s.get("entry_id"))
    r = dealer.command(tid, "record_bust", {"entry_id": seat["entry_id"]})
    assert r.status_code == 200 and r.json()["status"] == "applied", r.text
    assert r.json()["seq"] == before["director"]["seq"] + 1


# ------------------------------------------------------------------ SQLite


def test_backup_while_dealers_work_then_restore_elsewhere(tmp_path):
    src = ServerProcess(tmp_path / "club", env=NO_ENV_KEY).start()
    new = None
    try:
        assert "database: empty" in src.log_path.read_text()
        td = director(src)
        tid, qr = start_tournament(src, td)
        flowing = tmp_path / "during.tar.gz"
        with Flow(src, td, tid, {t["table_no"]: token_of(t["url"]) for t in qr["tables"]}) as flow:
            flow.wait_for(40)
            before = flow.applied
            out = ok(cli(src.var_dir, "backup", str(flowing)))
            during = flow.applied - before
            flow.wait_for(flow.applied + 10)
        assert during > 0, "no command was applied while the backup ran"
        assert f"backup written: {flowing}" in out and "mode 0600" in out
        assert flowing.stat().st_mode & 0o777 == 0o600

        # The copy made mid-flow is one consistent snapshot, and the start of the live log.
        copy = sqlite3.connect(sqlite_from(flowing, tmp_path / "during.db"))
        rows = lambda sql: copy.execute(sql).fetchall()
        assert rows("PRAGMA integrity_check") == [("ok",)]
        check_consistent(rows)
        theirs = event_log(lambda sql: read_db(src, sql))
        ours = event_log(rows)
        assert 0 < len(ours) < len(theirs) and theirs[: len(ours)] == ours
        m = manifest_of(flowing)
        assert m["database"] == {
            "kind": "sqlite",
            "file": "database/pokerfloor.db",
            "alembic_revision": head_revision(),
            "schema": None,
        }
        assert m["tournaments"] == [{"id": tid, "name": "Monday", "last_seq": ours[-1][1]}]
        assert m["secret_key"]["source"] == "var/secret_key"
        with tarfile.open(flowing) as tar:
            assert tar.extractfile("var/secret_key").read() == (src.var_dir / "secret_key").read_bytes()

        # The flow has stopped: back up, restore on "another laptop", serve on another port.
        final = ok(cli(src.var_dir, "backup"))
        archive = Path(re.search(r"backup written: (\S+)", final).group(1))
        assert archive.parent == src.var_dir / "backups"
        assert re.fullmatch(r"pokerfloor-\d{8}-\d{6}\.tar\.gz", archive.name)
        laptop = tmp_path / "laptop"
        out = ok(cli(laptop, "restore", str(archive)))
        assert "keep working" in out
        assert (laptop / "secret_key").read_bytes() == (src.var_dir / "secret_key").read_bytes()
        assert (laptop / "secret_key").stat().st_mode & 0o777 == 0o600
        new = ServerProcess(laptop, env=NO_ENV_KEY).start()
        assert re.search(r"database: 1 tournament, newest change at \d{4}-", new.log_path.read_text())
        assert_same_night(src, td, new, tid, qr)
    finally:
        src.stop()
        if new:
            new.stop()


@pytest.fixture(scope="module")
def small_backup(tmp_path_factory):
    """A backup of a running server with one seated tournament, and that server."""
    var = tmp_path_factory.mktemp("small") / "var"
    srv = ServerProcess(var, env=NO_ENV_KEY).start()
    td = director(srv)
    seated_tournament(td, players=6, tables=1)
    archive = var.parent / "small.tar.gz"
    ok(cli(var, "backup", str(archive)))
    yield srv, archive
    srv.stop()


def test_restore_refuses_to_overwrite_and_explains_bad_files(small_backup, tmp_path):
    srv, archive = small_backup
    refused(cli(srv.var_dir, "restore", str(archive)), "server is running", "Stop it")

    laptop = tmp_path / "laptop"
    ok(cli(laptop, "restore", str(archive)))
    db = laptop / "pokerfloor.db"
    refused(cli(laptop, "restore", str(archive)), "already holds 1 tournament", "--force")

    cut = tmp_path / "cut.tar.gz"
    cut.write_bytes(archive.read_bytes()[: archive.stat().st_size // 2])
    refused(cli(laptop, "restore", "--force", str(cut)), "damaged or cut short")
    junk = tmp_path / "pokerfloor.db"  # the mistake the issue saw: a plain copy of the database
    junk.write_bytes(b"SQLite format 3\0" + os.urandom(4000))
    refused(cli(laptop, "restore", "--force", str(junk)), "not a pokerfloor backup")
    bare = tmp_path / "bare.tar.gz"
    with tarfile.open(bare, "w:gz") as tar:
        tar.add(db, arcname="pokerfloor.db")
    refused(cli(laptop, "restore", "--force", str(bare)), "not a pokerfloor backup", "manifest.json")
    tampered = tmp_path / "tampered.tar.gz"
    with tarfile.open(archive) as src, tarfile.open(tampered, "w:gz") as dst:
        for member in src.getmembers():
            data = src.extractfile(member).read()
            if member.name == "database/pokerfloor.db":
                data = data[:5000] + bytes([data[5000] ^ 1]) + data[5001:]
            member.size = len(data)
            dst.addfile(member, io.BytesIO(data))
    refused(cli(laptop, "restore", "--force", str(tampered)), "does not match its checksum")
    refused(cli(laptop, "restore", str(tmp_path / "missing.tar.gz")), "no such file")
    refused(
        cli(laptop, "restore", "--force", str(archive), database_url=PG_URL), "holds a sqlite database", "DATABASE_URL"
    )
    with sqlite3.connect(db) as con:  # nothing above touched the restored database
        assert con.execute("SELECT count(*) FROM tournament").fetchone() == (1,)

    # --force replaces it, after saving it; a SECRET_KEY that differs is said loudly.
    done = cli(laptop, "restore", "--force", str(archive), secret_key="some-other-key")
    ok(done)
    assert "saved to" in done.stdout and list((laptop / "backups").glob("*-before-restore.tar.gz"))
    assert "401" in done.stderr and "unset SECRET_KEY" in done.stderr


def test_restore_migrates_a_backup_from_an_older_schema(tmp_path):
    from alembic import command

    from backend.store import make_engine
    from backend.store.db import _alembic_config, current_revision

    old = tmp_path / "old"
    old.mkdir()
    engine = make_engine(f"sqlite:///{old / 'pokerfloor.db'}")
    cfg = _alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
    engine.dispose()
    archive = tmp_path / "old.tar.gz"
    ok(cli(old, "backup", str(archive)))
    assert manifest_of(archive)["database"]["alembic_revision"] == "0003"
    out = ok(cli(tmp_path / "new", "restore", str(archive)))
    assert f"migrated 0003 -> {head_revision()}" in out
    engine = make_engine(f"sqlite:///{tmp_path / 'new' / 'pokerfloor.db'}")
    assert current_revision(engine) == head_revision()
    engine.dispose()
    assert not list((tmp_path / "new").glob("pokerfloor.db-*")), "a stale -wal/-shm next to the restore"


def test_key_files_under_var_travel(tmp_path):
    var = tmp_path / "var"
    ok(cli(var, "init"))
    (var / "tls").mkdir()
    (var / "tls" / "ca.key").write_bytes(b"the venue CA key")
    (var / "tls" / "ca.pem").write_bytes(b"the venue CA")
    (var / "vapid_private.pem").write_bytes(b"push key")
    archive = tmp_path / "k.tar.gz"
    out = ok(cli(var, "backup", str(archive), secret_key="from-the-environment"))
    assert "from environment" in out and "var/tls/ca.key" in out
    other = tmp_path / "other"
    (other / "tls").mkdir(parents=True)
    (other / "tls" / "ca.key").write_bytes(b"another CA")
    out = ok(cli(other, "restore", str(archive)))
    assert (other / "secret_key").read_text() == "from-the-environment"
    assert (other / "tls" / "ca.key").read_bytes() == b"the venue CA key"
    assert (other / "vapid_private.pem").read_bytes() == b"push key"
    aside = list(other.glob("tls.before-restore-*"))
    assert len(aside) == 1 and (aside[0] / "ca.key").read_bytes() == b"another CA"


# ------------------------------------------------------------------ automatic backups


def test_automatic_backups_while_something_changes(tmp_path):
    srv = ServerProcess(
        tmp_path / "var", env={**NO_ENV_KEY, "BACKUP_INTERVAL_MINUTES": "0.02", "BACKUP_KEEP": "3"}
    ).start()
    backups = srv.var_dir / "backups"
    try:
        log = srv.log_path.read_text()
        assert "database: empty" in log and "automatic backups: every 0.02 min" in log
        td = director(srv)
        tid = seated_tournament(td, players=9, tables=1)
        command_ok(td, tid, "start_clock")
        deadline = time.time() + 10
        while time.time() < deadline:
            command_ok(td, tid, "adjust_clock", {"seconds": 30})
            time.sleep(0.25)
        time.sleep(3)  # the last change gets its backup too
        log = srv.log_path.read_text()
        written = log.count("automatic backup written")
        assert written >= 4 and "automatic backup removed (retention)" in log, log[-3000:]
        assert "FAILED" not in log and "Traceback" not in log, log[-3000:]
        autos = sorted(backups.glob("*-auto.tar.gz"))
        assert 1 <= len(autos) <= 3, autos
        assert all(p.stat().st_mode & 0o777 == 0o600 for p in autos)
        newest = max(autos, key=lambda p: p.stat().st_mtime)
        seq = td.get(f"/api/tournaments/{tid}/view").json()["seq"]
        assert manifest_of(newest)["tournaments"] == [{"id": tid, "name": "Monday", "last_seq": seq}]

        # Nothing changes (phones only read): nothing is written.
        names = {p.name for p in backups.iterdir()}
        for _ in range(8):
            td.get(f"/api/tournaments/{tid}/view")
            time.sleep(0.5)
        assert {p.name for p in backups.iterdir()} == names
        assert srv.log_path.read_text().count("automatic backup written") == written
    finally:
        srv.stop()


def test_a_failing_automatic_backup_never_breaks_the_server(tmp_path):
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the backups should go")
    srv = ServerProcess(
        tmp_path / "var", env={**NO_ENV_KEY, "BACKUP_INTERVAL_MINUTES": "0.01", "BACKUP_DIR": str(blocked / "backups")}
    ).start()
    try:
        td = director(srv)
        tid = seated_tournament(td, players=6, tables=1)
        deadline = time.time() + 20
        while "automatic backup FAILED" not in srv.log_path.read_text() and time.time() < deadline:
            time.sleep(0.2)
        assert "automatic backup FAILED" in srv.log_path.read_text()
        command_ok(td, tid, "start_clock")  # still serving, still writing
        time.sleep(1.5)  # and it keeps trying
        assert srv.log_path.read_text().count("automatic backup FAILED") >= 2
        assert srv.proc.poll() is None
    finally:
        srv.stop()


def test_backup_auto_as_the_systemd_timer_runs_it(tmp_path):
    """deploy/pokerfloor-backup.timer runs `pokerfloor backup --auto`: only when something changed."""
    var = tmp_path / "var"
    ok(cli(var, "init"))
    assert "backup written" in ok(cli(var, "backup", "--auto"))
    assert "nothing changed" in ok(cli(var, "backup", "--auto"))
    with sqlite3.connect(var / "pokerfloor.db") as con:
        con.execute("INSERT INTO club (name, created_at) VALUES ('Club', 0)")
        con.execute(
            "INSERT INTO director (username, password_hash, created_at, club_id, access, is_admin)"
            " VALUES ('td', 'x', 0, 1, 'full', 1)"
        )
    assert "backup written" in ok(cli(var, "backup", "--auto"))
    assert len(list((var / "backups").glob("*-auto.tar.gz"))) == 2


def test_retention_keeps_the_newest_and_one_per_day(tmp_path):
    today = dt.date(2025, 3, 20)
    names = []
    for days_ago in range(20):  # three a day for 20 days
        day = (today - dt.timedelta(days=days_ago)).strftime("%Y%m%d")
        names += [f"pokerfloor-{day}-{hms}-auto.tar.gz" for hms in ("190000", "210000", "233000")]
    names += ["pokerfloor-20250101-120000.tar.gz", "pokerfloor-20250101-120000-before-restore.tar.gz"]
    for name in names:
        (tmp_path / name).write_bytes(b"")
    removed = prune(tmp_path, keep=4, keep_days=14, today=today)
    left = sorted(p.name for p in tmp_path.iterdir())
    newest4 = [
        "pokerfloor-20250320-233000-auto.tar.gz",
        "pokerfloor-20250320-210000-auto.tar.gz",
        "pokerfloor-20250320-190000-auto.tar.gz",
        "pokerfloor-20250319-233000-auto.tar.gz",
    ]
    daily = [f"pokerfloor-{(today - dt.timedelta(days=d)).strftime('%Y%m%d')}-233000-auto.tar.gz" for d in range(14)]
    assert left == sorted(set(newest4 + daily) | set(names[-2:]))
    assert len(removed) == len(names) - len(left)


# ------------------------------------------------------------------ PostgreSQL


@pytest.fixture
def pg_databases():
    names = [f"pf_backup_{uuid.uuid4().hex[:10]}" for _ in range(2)]
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        for name in names:
            admin.execute(f'CREATE DATABASE "{name}"')
    yield [PG_URL.rsplit("/", 1)[0] + f"/{name}" for name in names]
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        for name in names:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.postgres
def test_postgres_backup_while_dealers_work_then_restore(tmp_path, pg_databases):
    source_url, target_url = pg_databases
    key = "test-secret-key-not-for-production"  # ServerProcess's SECRET_KEY: kept in the environment
    src = ServerProcess(tmp_path / "club", database_url=source_url).start()
    new = None
    try:
        assert "automatic backups: off (PostgreSQL" in src.log_path.read_text()
        td = director(src)
        tid, qr = start_tournament(src, td)
        flowing = tmp_path / "during.tar.gz"
        with Flow(src, td, tid, {t["table_no"]: token_of(t["url"]) for t in qr["tables"]}) as flow:
            flow.wait_for(40)
            ok(cli(src.var_dir, "backup", str(flowing), database_url=source_url, secret_key=key))
            flow.wait_for(flow.applied + 10)
        m = manifest_of(flowing)
        assert m["database"]["kind"] == "postgresql" and m["secret_key"]["source"] == "environment (SECRET_KEY)"
        laptop = tmp_path / "platform"
        ok(cli(laptop, "restore", str(flowing), database_url=target_url))
        with psycopg.connect(target_url) as copy, psycopg.connect(source_url) as live:
            rows = lambda sql: copy.execute(sql).fetchall()
            check_consistent(rows)
            ours, theirs = event_log(rows), event_log(lambda sql: live.execute(sql).fetchall())
            assert 0 < len(ours) < len(theirs) and theirs[: len(ours)] == ours
            assert m["tournaments"] == [{"id": tid, "name": "Monday", "last_seq": ours[-1][1]}]

        final = tmp_path / "final.tar.gz"
        ok(cli(src.var_dir, "backup", str(final), database_url=source_url, secret_key=key))
        refused(cli(laptop, "restore", str(final), database_url=target_url), "already holds 1 tournament")
        out = ok(cli(laptop, "restore", "--force", str(final), database_url=target_url))
        assert "saved to" in out
        assert (laptop / "secret_key").read_text() == key
        new = ServerProcess(laptop, database_url=target_url, env=NO_ENV_KEY).start()
        assert_same_night(src, td, new, tid, qr)
    finally:
        src.stop()
        if new:
            new.stop()
