"""Backups: `pokerfloor backup`, `pokerfloor restore`, and automatic backups while serving.

One archive (.tar.gz, mode 0600) holds everything a dead laptop takes with it:

    manifest.json                 format, created at, database kind, Alembic revision, tournaments
                                  with their last seq, a fingerprint of the data, SHA-256 of each file
    database/pokerfloor.db        SQLite: a copy made by SQLite's online backup API (one read
                                  transaction: consistent while the server writes)
    database/pokerfloor.pgdump    PostgreSQL: `pg_dump -Fc` in the snapshot the manifest was read in
    var/secret_key                the key in use (SECRET_KEY from the environment if set): QR tokens
                                  are HMAC(key, nonce), so without it every printed QR answers 401
    var/tls/…, var/vapid…         the venue's CA (phones trust it) and Web Push keys, when present
    var/printed.json              the addresses the printed QR codes carry (a moved server says so)

A plain copy of var/pokerfloor.db while the server runs is wrong: in WAL mode the newest data
lives in pokerfloor.db-wal, so the copy is old or empty. docs/backups.md has the decisions.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import logging
import os
import re
import secrets
import shutil
import socket
import sqlite3
import subprocess
import sys
import tarfile
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

from ..off_loop import off_loop

if TYPE_CHECKING:
    from flask import Flask
    from sqlalchemy.engine import Engine

    from ..config import Config

T = TypeVar("T")
log = logging.getLogger("pokerfloor.backup")

FORMAT = "pokerfloor-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
DB_MEMBER = {"sqlite": "database/pokerfloor.db", "postgresql": "database/pokerfloor.pgdump"}
KEY_MEMBER = "var/secret_key"
PRINTED_MEMBER = "var/printed.json"  # backend/venue/printed.py
# Automatic backups (the only ones retention ever deletes): pokerfloor-YYYYmmdd-HHMMSS[-n]-auto.tar.gz
AUTO_RE = re.compile(r"^pokerfloor-(\d{8})-(\d{6})(?:-(\d+))?-auto\.tar\.gz$")
PARTIAL = ".partial"
LOCK_NAME = "server.lock"


class BackupError(Exception):
    """Something a person can act on; the command prints it without a traceback."""


@dataclass
class Backup:
    path: Path
    manifest: dict
    size: int


@dataclass
class Restored:
    manifest: dict
    database: str
    revision_before: str | None
    revision_after: str
    key_files: list[str] = field(default_factory=list)
    saved_before: Path | None = None
    moved_aside: list[Path] = field(default_factory=list)
    key_warning: str = ""


# ---------------------------------------------------------------- where things are


def db_kind(url: str) -> str:
    if url.startswith("sqlite"):
        return "sqlite"
    if url.startswith(("postgresql", "postgres:")):
        return "postgresql"
    raise BackupError(f"Backups know SQLite and PostgreSQL, not {url.split(':', 1)[0]!r} (DATABASE_URL).")


def sqlite_path(url: str) -> Path:
    if url in ("sqlite://", "sqlite:///:memory:"):
        raise BackupError("DATABASE_URL is an in-memory SQLite database: there is nothing to back up.")
    return Path(url.split("///", 1)[1])


def libpq_url(url: str) -> str:
    """postgresql+psycopg://… (SQLAlchemy) → postgresql://… (pg_dump, pg_restore, psycopg)."""
    return "postgresql://" + url.split("://", 1)[1]


def shown_url(url: str) -> str:
    if db_kind(url) == "sqlite":
        return f"SQLite {sqlite_path(url)}"
    from sqlalchemy.engine import make_url

    return "PostgreSQL " + make_url(libpq_url(url)).render_as_string(hide_password=True)


def _stamp(now: dt.datetime) -> str:
    return now.strftime("%Y%m%d-%H%M%S")


def _unique(path: Path) -> Path:
    """Two backups in one second (a tiny interval, a manual one next to an automatic one)."""
    if not path.exists():
        return path
    m = re.match(r"^(pokerfloor-\d{8}-\d{6})(.*)(\.tar\.gz)$", path.name)
    head, tail = (m.group(1), m.group(2)) if m else (path.name[:-7], "")
    n = 2
    while (candidate := path.with_name(f"{head}-{n}{tail}.tar.gz")).exists():
        n += 1
    return candidate


def default_path(config: Config, *, auto: bool = False, label: str = "", now: dt.datetime | None = None) -> Path:
    now = now or dt.datetime.now()
    suffix = "-auto" if auto else (f"-{label}" if label else "")
    return _unique(Path(config.BACKUP_DIR) / f"pokerfloor-{_stamp(now)}{suffix}.tar.gz")


# ---------------------------------------------------------------- what the data says


def _one(row: Sequence[Any] | None) -> Any:
    """The value of a query that always answers one row of one column."""
    if row is None:
        raise BackupError("the database answered no row where it always answers one")
    return row[0]


Execute = Callable[[str], Sequence[Sequence[Any]]]  # SQL in, the rows out (sqlite3 or psycopg)


def _tables(execute: Execute, kind: str) -> set[str]:
    if kind == "sqlite":
        rows = execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    else:
        rows = execute(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        )
    return {r[0] for r in rows}


# Cheap per table (max of a primary key, counts): anything a command, a login, a new QR token,
# a revocation or a league edit adds shows up here. Changing a row in place without adding one
# (a password change) waits for the next change that does.
_FINGERPRINT_SQL = {
    "alembic_version": "SELECT max(version_num) FROM alembic_version",
    "tournament": "SELECT count(*), coalesce(sum(last_seq), 0) FROM tournament",
    "event": "SELECT coalesce(max(id), 0) FROM event",
    "token": "SELECT coalesce(max(id), 0), count(revoked_at) FROM token",
    "club_image": "SELECT coalesce(max(id), 0), count(*) FROM club_image",  # a replaced logo is a new row
}


def _fingerprint(execute: Execute, tables: set[str]) -> str:
    parts = []
    for table in sorted(tables):
        sql = _FINGERPRINT_SQL.get(table, f'SELECT count(*) FROM "{table}"')
        parts.append(f"{table}:" + ",".join(str(v) for v in execute(sql)[0]))
    return hashlib.sha256(";".join(parts).encode()).hexdigest()[:32]


def _facts(execute: Execute, kind: str) -> dict:
    """Read in the same snapshot as the copy, so the manifest describes exactly the archive."""
    tables = _tables(execute, kind)
    revision = None
    if "alembic_version" in tables:
        rows = execute("SELECT version_num FROM alembic_version")
        revision = rows[0][0] if rows else None
    tournaments, last_event_at, events = [], None, 0
    if "tournament" in tables:
        tournaments = [
            {"id": r[0], "name": r[1], "last_seq": r[2]}
            for r in execute("SELECT id, name, last_seq FROM tournament ORDER BY id")
        ]
    if "event" in tables:
        rows = execute("SELECT at FROM event ORDER BY id DESC LIMIT 1")
        last_event_at = rows[0][0] if rows else None
        events = execute("SELECT count(*) FROM event")[0][0]
    return {
        "alembic_revision": revision,
        "tournaments": tournaments,
        "events": events,
        "last_event_at": last_event_at,
        "fingerprint": _fingerprint(execute, tables),
    }


def current_fingerprint(config: Config, engine: Engine | None = None) -> str:
    """The live database's fingerprint (blocking on SQLite: call it off the event loop)."""
    kind = db_kind(config.DATABASE_URL)
    if kind == "sqlite":
        path = sqlite_path(config.DATABASE_URL)
        if not path.exists():
            return ""
        con = sqlite3.connect(path, timeout=30)
        try:
            execute: Execute = lambda sql: con.execute(sql).fetchall()  # noqa: E731
            return _fingerprint(execute, _tables(execute, kind))
        finally:
            con.close()
    if engine is not None:
        with engine.connect() as conn:
            on_engine: Execute = lambda sql: conn.exec_driver_sql(sql).fetchall()  # noqa: E731
            return _fingerprint(on_engine, _tables(on_engine, kind))
    import psycopg

    with psycopg.connect(libpq_url(config.DATABASE_URL)) as conn:
        execute = lambda sql: conn.execute(sql).fetchall()  # noqa: E731
        return _fingerprint(execute, _tables(execute, kind))


def _when(ms: int | None) -> str:
    return dt.datetime.fromtimestamp(ms / 1000).strftime("%Y-%m-%d %H:%M:%S") if ms else "never"


def database_summary(engine: Engine, url: str) -> str:
    """One line for `serve`'s start: an empty database must be visible at once."""
    with engine.connect() as conn:
        count = conn.exec_driver_sql("SELECT count(*) FROM tournament").scalar()
        newest = conn.exec_driver_sql("SELECT at FROM event ORDER BY id DESC LIMIT 1").scalar()
    where = shown_url(url)
    if not count:
        return (
            f"database: empty, no tournaments yet ({where}). To bring back a backup: stop the server, "
            f"then `pokerfloor restore FILE`."
        )
    return f"database: {count} tournament{'s' if count != 1 else ''}, newest change at {_when(newest)} ({where})"


# ---------------------------------------------------------------- making an archive


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _copy_sqlite(source: Path, dest: Path) -> dict:
    if not source.exists():
        raise BackupError(f"There is no database at {source}: nothing to back up.")
    src = sqlite3.connect(source, timeout=30)
    try:
        dst = sqlite3.connect(dest)
        try:
            # pages=-1: the whole database in one step, i.e. inside one read transaction, so the
            # copy is one consistent snapshot (WAL: the server keeps writing meanwhile).
            src.backup(dst, pages=-1)
            dst.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file, no -wal
            check = dst.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise BackupError(
                    f"The copy of {source} fails SQLite's check ({check}): the database itself is damaged."
                )
            return _facts(lambda sql: dst.execute(sql).fetchall(), "sqlite")
        finally:
            dst.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"Cannot read the database {source}: {exc}") from None
    finally:
        src.close()


def _dump_postgres(url: str, dest: Path) -> dict:
    import psycopg

    pg_dump = shutil.which("pg_dump")
    if not pg_dump:
        raise BackupError(
            "pg_dump is not installed (Debian: apt-get install postgresql-client, the server's major version or newer)."
        )
    conninfo = libpq_url(url)
    try:
        with psycopg.connect(conninfo) as conn:
            conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
            conn.read_only = True
            # The manifest and pg_dump read the same snapshot: it describes exactly the dump.
            snapshot = _one(conn.execute("SELECT pg_export_snapshot()").fetchone())
            schema = _one(conn.execute("SELECT current_schema()").fetchone())
            facts = _facts(lambda sql: conn.execute(sql).fetchall(), "postgresql")
            args = [pg_dump, "--format=custom", f"--snapshot={snapshot}", f"--file={dest}"]
            if schema != "public":  # DATABASE_URL picks a schema (options=-csearch_path=…)
                args.append(f"--schema={schema}")
            done = subprocess.run([*args, f"--dbname={conninfo}"], capture_output=True, text=True)
            if done.returncode != 0:
                raise BackupError(f"pg_dump failed: {done.stderr.strip()[-2000:]}")
            facts["schema"] = schema
            return facts
    except psycopg.Error as exc:
        raise BackupError(f"Cannot read the PostgreSQL database: {exc}".strip()) from None


def _key_material(config: Config) -> tuple[list[tuple[str, bytes | Path]], dict]:
    """The secret key in use and the key files kept under var/ (venue CA, Web Push keys)."""
    var = Path(config.VAR_DIR)
    items: list[tuple[str, bytes | Path]] = [(KEY_MEMBER, config.SECRET_KEY.encode())]
    source = "environment (SECRET_KEY)" if os.environ.get("SECRET_KEY") else "var/secret_key"
    tls = Path(getattr(config, "TLS_DIR", var / "tls"))
    found = [p for p in sorted(tls.rglob("*")) if p.is_file()] if tls.is_dir() else []
    items += [(f"var/tls/{p.relative_to(tls).as_posix()}", p) for p in found]
    printed = var / PRINTED_MEMBER.removeprefix("var/")  # the addresses printed QR codes carry
    if printed.is_file():
        items.append((PRINTED_MEMBER, printed))
    for p in sorted(var.glob("vapid*")):
        if p.is_file():
            items.append((f"var/{p.name}", p))
        elif p.is_dir():
            items += [(f"var/{q.relative_to(var).as_posix()}", q) for q in sorted(p.rglob("*")) if q.is_file()]
    key = {"source": source, "sha256": hashlib.sha256(config.SECRET_KEY.encode()).hexdigest()}
    return items, key


def _tarinfo(name: str, size: int, mtime: float) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = size, int(mtime), 0o600
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def create_backup(config: Config, dest: Path | None = None, *, auto: bool = False, label: str = "") -> Backup:
    """Write one archive; only a complete, fsynced archive ever carries its final name."""
    kind = db_kind(config.DATABASE_URL)
    now = dt.datetime.now().astimezone()
    dest = Path(dest) if dest else default_path(config, auto=auto, label=label, now=now.replace(tzinfo=None))
    if dest.is_dir():
        dest = _unique(dest / f"pokerfloor-{_stamp(now)}.tar.gz")
    if dest.exists():
        raise BackupError(f"{dest} already exists: choose another file name.")
    if not dest.parent.exists():
        dest.parent.mkdir(parents=True, mode=0o700)  # archives hold the secret key
    tag = f"{os.getpid()}-{secrets.token_hex(4)}"
    work = dest.parent / f".pokerfloor-copy-{tag}{PARTIAL}"
    partial = dest.parent / f".{dest.name}.{tag}{PARTIAL}"
    try:
        if kind == "sqlite":
            facts = _copy_sqlite(sqlite_path(config.DATABASE_URL), work)
        else:
            facts = _dump_postgres(config.DATABASE_URL, work)
        keys, key_info = _key_material(config)
        files: dict[str, str] = {DB_MEMBER[kind]: _sha256_file(work)}
        for name, content in keys:
            files[name] = hashlib.sha256(content).hexdigest() if isinstance(content, bytes) else _sha256_file(content)
        manifest = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "created_at": now.isoformat(timespec="seconds"),
            "created_on": socket.gethostname(),
            "automatic": auto,
            "database": {
                "kind": kind,
                "file": DB_MEMBER[kind],
                "alembic_revision": facts["alembic_revision"],
                "schema": facts.get("schema"),
            },
            "tournaments": facts["tournaments"],
            "events": facts["events"],
            "last_event_at": facts["last_event_at"],
            "fingerprint": facts["fingerprint"],
            "secret_key": {"file": KEY_MEMBER, **key_info},
            "files": files,
        }
        body = json.dumps(manifest, indent=2).encode()
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as raw:
            with tarfile.open(fileobj=raw, mode="w:gz", format=tarfile.PAX_FORMAT) as tar:
                stamp = now.timestamp()
                tar.addfile(_tarinfo(MANIFEST, len(body), stamp), io.BytesIO(body))
                with open(work, "rb") as f:
                    tar.addfile(_tarinfo(DB_MEMBER[kind], work.stat().st_size, stamp), f)
                for name, content in keys:
                    if isinstance(content, bytes):
                        tar.addfile(_tarinfo(name, len(content), stamp), io.BytesIO(content))
                    else:
                        with open(content, "rb") as f:
                            tar.addfile(_tarinfo(name, content.stat().st_size, content.stat().st_mtime), f)
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(partial, dest)
        _fsync_dir(dest.parent)
    finally:
        for leftover in (work, partial, Path(f"{work}-journal")):
            leftover.unlink(missing_ok=True)
    return Backup(dest, manifest, dest.stat().st_size)


# ---------------------------------------------------------------- retention


def auto_backups(backup_dir: Path) -> list[tuple[tuple, Path]]:
    """Automatic archives, newest first, by the time in their name."""
    found = []
    if Path(backup_dir).is_dir():
        for p in Path(backup_dir).iterdir():
            m = AUTO_RE.match(p.name)
            if m:
                found.append(((m.group(1), m.group(2), int(m.group(3) or 1)), p))
    return sorted(found, reverse=True)


def prune(backup_dir: Path, keep: int, keep_days: int, today: dt.date | None = None) -> list[Path]:
    """Keep the newest `keep` automatic backups, plus the newest of each of the last `keep_days`
    days (today included). Manual and before-restore archives are never deleted."""
    today = today or dt.date.today()
    autos = auto_backups(backup_dir)
    keepers = {p for _, p in autos[: max(1, keep)]}
    first_day = (today - dt.timedelta(days=keep_days - 1)).strftime("%Y%m%d") if keep_days > 0 else None
    seen = set()
    for (day, _, _), p in autos:
        if day not in seen:
            seen.add(day)
            if first_day is not None and day >= first_day:
                keepers.add(p)
    removed = []
    for _, p in autos:
        if p not in keepers:
            p.unlink(missing_ok=True)
            removed.append(p)
    return removed


def _remove_partials(backup_dir: Path) -> None:
    """Leftovers of a backup interrupted by a crash (never a complete archive)."""
    if Path(backup_dir).is_dir():
        for p in Path(backup_dir).glob(f".*{PARTIAL}"):
            p.unlink(missing_ok=True)


# ---------------------------------------------------------------- reading an archive


def _open_archive(path: Path) -> tuple[tarfile.TarFile, dict, dict[str, tarfile.TarInfo]]:
    if not path.is_file():
        raise BackupError(f"{path}: no such file.")
    not_ours = f"{path} is not a pokerfloor backup"
    try:
        tar = tarfile.open(path, mode="r:gz")  # noqa: SIM115 — returned to the caller, who closes it
    except (tarfile.TarError, OSError, EOFError, zlib.error) as exc:
        raise BackupError(f"{not_ours} (not a readable .tar.gz: {exc}).") from None
    try:
        members = {m.name: m for m in tar.getmembers()}
        if MANIFEST not in members:
            raise BackupError(f"{not_ours} (it has no {MANIFEST}).")
        manifest = json.loads(_member(tar, members[MANIFEST]).read())
    except BackupError:
        tar.close()
        raise
    except (tarfile.TarError, OSError, EOFError, zlib.error, ValueError, AttributeError) as exc:
        tar.close()
        raise BackupError(f"{path} is damaged or cut short ({exc}). Use another backup.") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        tar.close()
        raise BackupError(f"{not_ours} (its {MANIFEST} is not one of ours).")
    if manifest.get("format_version", 0) > FORMAT_VERSION:
        tar.close()
        raise BackupError(
            f"{path} was written by a newer pokerfloor (backup format "
            f"{manifest.get('format_version')}): update this installation first."
        )
    files = manifest.get("files") or {}
    for name, member in members.items():
        if name == MANIFEST:
            continue
        if name not in files or not member.isfile() or not _allowed(name):
            tar.close()
            raise BackupError(f"{path} holds an unexpected entry {name!r}: refusing to restore it.")
    missing = [name for name in files if name not in members]
    if missing or manifest.get("database", {}).get("file") not in files:
        tar.close()
        raise BackupError(f"{path} is incomplete (missing {', '.join(missing) or 'the database'}).")
    return tar, manifest, members


def _allowed(name: str) -> bool:
    if name.startswith("/") or ".." in name.split("/") or "\\" in name:
        return False
    return (
        name in DB_MEMBER.values()
        or name in (KEY_MEMBER, PRINTED_MEMBER)
        or name.startswith("var/tls/")
        or re.match(r"^var/vapid[^/]*(/.+)?$", name) is not None
    )


def _member(tar: tarfile.TarFile, member: tarfile.TarInfo) -> IO[bytes]:
    """A file of the archive, to read (a member that is no regular file is no backup's)."""
    found = tar.extractfile(member)
    if found is None:
        raise BackupError(f"{member.name} in the archive is not a file.")
    return found


def _extract(tar: tarfile.TarFile, member: tarfile.TarInfo, dest: Path, sha256: str, archive: Path) -> None:
    """Write one member, checking its SHA-256 against the manifest."""
    h = hashlib.sha256()
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            src = _member(tar, member)
            for chunk in iter(lambda: src.read(1 << 20), b""):
                h.update(chunk)
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
    except (tarfile.TarError, OSError, EOFError, zlib.error) as exc:
        raise BackupError(f"{archive} is damaged or cut short ({exc}). Use another backup.") from None
    if h.hexdigest() != sha256:
        raise BackupError(f"{archive} is damaged: {member.name} does not match its checksum. Use another backup.")


def describe(manifest: dict) -> str:
    ts = manifest.get("tournaments") or []
    shown = ", ".join(f"#{t['id']} {t['name']} (seq {t['last_seq']})" for t in ts[:5])
    more = f", and {len(ts) - 5} more" if len(ts) > 5 else ""
    return f"{len(ts)} tournament{'s' if len(ts) != 1 else ''}" + (f": {shown}{more}" if ts else "")


# ---------------------------------------------------------------- restoring


def _lock_path(config: Config) -> Path:
    return Path(config.VAR_DIR) / LOCK_NAME


def _lock(config: Config, exclusive: bool) -> IO[str] | None:
    """The server lock file, locked shared (every serving process, for its lifetime) or
    exclusive (restore); None when someone else holds it the other way."""
    import fcntl

    path = _lock_path(config)
    path.parent.mkdir(parents=True, exist_ok=True)
    f = open(path, "a")  # noqa: SIM115 — held (and the lock with it) until the caller closes it
    try:
        fcntl.flock(f, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except OSError:
        f.close()
        return None
    return f


def hold_server_lock(config: Config) -> IO[str] | None:
    """Held (shared) by every serving process for its lifetime; restore wants it exclusive."""
    return _lock(config, exclusive=False)


def _exclusive_lock(config: Config) -> IO[str]:
    f = _lock(config, exclusive=True)
    if f is None:
        path = _lock_path(config)
        raise BackupError(
            f"A pokerfloor server is running on {config.VAR_DIR} (it holds {path}). Stop it "
            f"first (every worker), then restore."
        )
    return f


def _existing_sqlite(path: Path) -> tuple[int | None, str]:
    """(tournaments, problem) of the database a restore would replace."""
    if not path.exists() or path.stat().st_size == 0:
        return 0, ""
    try:
        con = sqlite3.connect(path, timeout=30)
        try:
            if not con.execute("SELECT 1 FROM sqlite_master WHERE name = 'tournament'").fetchall():
                return 0, ""
            return con.execute("SELECT count(*) FROM tournament").fetchone()[0], ""
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        return None, str(exc)


def _existing_postgres(engine: Engine) -> int:
    from sqlalchemy import inspect

    if not inspect(engine).has_table("tournament"):
        return 0
    with engine.connect() as conn:
        return conn.exec_driver_sql("SELECT count(*) FROM tournament").scalar_one()


def _known_revision(revision: str | None) -> bool:
    if revision is None:
        return True
    from alembic.script import ScriptDirectory

    from ..store.db import _alembic_config

    try:
        return ScriptDirectory.from_config(_alembic_config()).get_revision(revision) is not None
    except Exception:  # noqa: BLE001 — a foreign revision string raises CommandError, AssertionError (""), …
        return False


def _restore_sqlite(
    tar: tarfile.TarFile, member: tarfile.TarInfo, sha: str, archive: Path, target: Path
) -> tuple[str | None, str]:
    """Into a temp file next to the target, checked and migrated, then one atomic rename."""
    from ..store import make_engine, migrate

    target.parent.mkdir(parents=True, exist_ok=True)
    staged = target.parent / f".{target.name}.restoring-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        _extract(tar, member, staged, sha, archive)
        con = sqlite3.connect(staged)
        try:
            check = con.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            check = str(exc)
        finally:
            con.close()
        if check != "ok":
            raise BackupError(f"The database in {archive} fails SQLite's check ({check}). Use another backup.")
        engine = make_engine(f"sqlite:///{staged}")
        try:
            before, after = migrate(engine)  # an older backup meets this version's schema
        finally:
            engine.dispose()
        con = sqlite3.connect(staged)
        try:
            con.execute("PRAGMA journal_mode=DELETE")  # fold any -wal in: one file to move
        finally:
            con.close()
        with open(staged, "rb") as f:
            os.fsync(f.fileno())
        # A stale -wal next to the new file would be replayed onto it: remove those first.
        for suffix in ("-wal", "-shm", "-journal"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        os.replace(staged, target)
        _fsync_dir(target.parent)
        return before, after
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{staged}{suffix}").unlink(missing_ok=True)


def _restore_postgres(
    tar: tarfile.TarFile, member: tarfile.TarInfo, sha: str, archive: Path, config: Config, engine: Engine
) -> tuple[str | None, str]:
    from sqlmodel import SQLModel

    from ..store import (
        migrate,
        models,  # noqa: F401  (the tables on SQLModel.metadata)
    )

    pg_restore = shutil.which("pg_restore")
    if not pg_restore:
        raise BackupError("pg_restore is not installed (Debian: apt-get install postgresql-client).")
    staged = Path(config.VAR_DIR) / f".restore-{os.getpid()}-{secrets.token_hex(4)}.pgdump"
    try:
        _extract(tar, member, staged, sha, archive)
        # The schema now in the target may be newer than the dump's: drop pokerfloor's tables
        # first, or tables the dump does not know would block --clean and the migration after.
        with engine.begin() as conn:
            for table in ["alembic_version", *[t.name for t in reversed(SQLModel.metadata.sorted_tables)]]:
                conn.exec_driver_sql(f'DROP TABLE IF EXISTS "{table}" CASCADE')
        done = subprocess.run(
            [
                pg_restore,
                "--clean",
                "--if-exists",
                "--no-owner",
                "--no-privileges",
                "--single-transaction",
                f"--dbname={libpq_url(config.DATABASE_URL)}",
                str(staged),
            ],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise BackupError(f"pg_restore failed: {done.stderr.strip()[-2000:]}")
        return migrate(engine)
    finally:
        staged.unlink(missing_ok=True)


def _restore_keys(
    tar: tarfile.TarFile, members: dict[str, tarfile.TarInfo], files: dict, archive: Path, config: Config, stamp: str
) -> tuple[list[str], list[Path]]:
    """var/secret_key, var/tls/ and var/vapid* from the archive. A key file that differs is
    replaced; a TLS directory that differs is kept aside (its CA key is not ours to delete)."""
    var = Path(config.VAR_DIR)
    names = sorted(n for n in files if n.startswith("var/"))
    staging = var / f".restore-keys-{os.getpid()}-{secrets.token_hex(4)}"
    moved: list[Path] = []
    try:
        for name in names:
            _extract(tar, members[name], staging / name[len("var/") :], files[name], archive)
        new_tls = staging / "tls"
        old_tls = Path(getattr(config, "TLS_DIR", var / "tls"))
        if new_tls.is_dir():
            if old_tls.exists() and not _same_tree(old_tls, new_tls):
                aside = old_tls.with_name(f"{old_tls.name}.before-restore-{stamp}")
                os.replace(old_tls, aside)
                moved.append(aside)
            if not old_tls.exists():
                old_tls.parent.mkdir(parents=True, exist_ok=True)
                os.replace(new_tls, old_tls)
        for path in sorted(p for p in staging.rglob("*") if p.is_file()):
            target = var / path.relative_to(staging)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, target)
        _fsync_dir(var)
        return names, moved
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _same_tree(a: Path, b: Path) -> bool:
    def files(root: Path) -> dict[Path, bytes]:
        return {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}

    return files(a) == files(b)


def _key_warning(manifest: dict, key_file: Path) -> str:
    env_key = os.environ.get("SECRET_KEY")
    wanted = (manifest.get("secret_key") or {}).get("sha256")
    if not env_key or hashlib.sha256(env_key.encode()).hexdigest() == wanted:
        return ""
    return "\n".join(
        [
            "!" * 78,
            "WARNING: SECRET_KEY is set in the environment and is NOT the key of this backup.",
            "A server started like this answers 401 to EVERY QR code printed before the backup",
            "(dealer table sheets, players' seat cards, the TV display).",
            f"Fix: the backup's key is now in {key_file}. Either unset SECRET_KEY (the server then",
            "reads that file), or set SECRET_KEY to its content, e.g.",
            f'    export SECRET_KEY="$(cat {key_file})"',
            "(with systemd: the SECRET_KEY= line of /etc/pokerfloor.env, the same on every worker).",
            "!" * 78,
        ]
    )


def restore_backup(config: Config, archive: Path, *, force: bool = False) -> Restored:
    archive = Path(archive)
    tar, manifest, members = _open_archive(archive)
    with tar:
        kind = db_kind(config.DATABASE_URL)
        database = manifest.get("database") or {}
        if database.get("kind") != kind:
            raise BackupError(
                f"{archive} holds a {database.get('kind')} database, but DATABASE_URL is {kind} "
                f"({shown_url(config.DATABASE_URL)}). Restore it where DATABASE_URL is {database.get('kind')}: "
                + (
                    "unset DATABASE_URL to restore into var/pokerfloor.db."
                    if database.get("kind") == "sqlite"
                    else "set DATABASE_URL=postgresql://… (an empty database) and run the restore again."
                )
            )
        revision = database.get("alembic_revision")
        if not _known_revision(revision):
            raise BackupError(
                f"{archive} comes from a newer pokerfloor (database revision {revision}): update "
                f"this installation first, then restore."
            )
        files = manifest["files"]
        lock = _exclusive_lock(config)
        try:
            stamp = _stamp(dt.datetime.now())
            engine = None
            if kind == "sqlite":
                target = sqlite_path(config.DATABASE_URL)
                existing, problem = _existing_sqlite(target)
            else:
                from ..store import make_engine

                engine = make_engine(config.DATABASE_URL)
                try:
                    existing, problem = _existing_postgres(engine), ""
                except Exception as exc:  # noqa: BLE001 — unreachable server, no rights: say so
                    engine.dispose()
                    raise BackupError(f"Cannot open {shown_url(config.DATABASE_URL)}: {exc}") from None
            where = shown_url(config.DATABASE_URL)
            if (existing or problem) and not force:
                what = (
                    f"already holds {existing} tournament{'s' if existing != 1 else ''}"
                    if existing
                    else f"cannot be read ({problem})"
                )
                raise BackupError(
                    f"The database {where} {what}. Restoring would replace it. Run again with "
                    f"--force to replace it (it is saved into {config.BACKUP_DIR} first)."
                )
            result = Restored(manifest, where, None, "")
            if existing:
                saved = create_backup(config, default_path(config, label="before-restore"))
                result.saved_before = saved.path
            elif problem and kind == "sqlite":
                for suffix in ("", "-wal", "-shm"):
                    old = Path(f"{target}{suffix}")
                    if old.exists():
                        aside = old.with_name(f"{old.name}.before-restore-{stamp}")
                        os.replace(old, aside)
                        result.moved_aside.append(aside)
            db_file = database["file"]
            if kind == "sqlite":
                before, after = _restore_sqlite(tar, members[db_file], files[db_file], archive, target)
            else:
                assert engine is not None  # made above for PostgreSQL
                try:
                    before, after = _restore_postgres(tar, members[db_file], files[db_file], archive, config, engine)
                finally:
                    engine.dispose()
            result.revision_before, result.revision_after = before, after
            result.key_files, moved = _restore_keys(tar, members, files, archive, config, stamp)
            result.moved_aside += moved
            result.key_warning = _key_warning(manifest, Path(config.VAR_DIR) / "secret_key")
            return result
        finally:
            lock.close()


# ---------------------------------------------------------------- automatic backups


def auto_enabled(config: Config) -> bool:
    return bool(config.BACKUP_AUTO) and config.BACKUP_INTERVAL_MINUTES > 0


def _newest_auto_fingerprint(backup_dir: Path) -> str | None:
    for _, path in auto_backups(backup_dir):
        try:
            tar, manifest, _ = _open_archive(path)
            tar.close()
            return manifest.get("fingerprint")
        except BackupError:
            continue
    return None


def backup_if_changed(config: Config, last: str | None, engine: Engine | None = None) -> Backup | None:
    """An automatic backup, unless nothing changed since the one with fingerprint `last`."""
    if current_fingerprint(config, engine) == last:
        return None
    return create_backup(config, auto=True)


def _auto_loop(app: Flask) -> None:
    from ..floor import floor_of

    floor = floor_of(app)
    config = floor.config
    sleep = floor.realtime.sleep
    sqlite = db_kind(config.DATABASE_URL) == "sqlite"
    last = None
    try:
        _remove_partials(config.BACKUP_DIR)
        last = _newest_auto_fingerprint(config.BACKUP_DIR)
    except Exception:
        log.exception("automatic backups: cannot read %s", config.BACKUP_DIR)
    while True:
        sleep(config.BACKUP_INTERVAL_MINUTES * 60)
        try:
            # SQLite blocks the loop: off it. psycopg and pg_dump (gevent's subprocess) cooperate with it.
            made = off_loop(backup_if_changed, config, last) if sqlite else backup_if_changed(config, last, floor.db)
            if made is None:
                continue
            last = made.manifest["fingerprint"]
            log.info("automatic backup written: %s (%s)", made.path, describe(made.manifest))
            for old in prune(config.BACKUP_DIR, config.BACKUP_KEEP, config.BACKUP_KEEP_DAYS):
                log.info("automatic backup removed (retention): %s", old.name)
        except (BackupError, OSError) as exc:  # a full disk, a missing pg_dump: the reason says it all
            log.error(
                "automatic backup FAILED: %s (the server keeps running; next try in %s min)",
                exc,
                config.BACKUP_INTERVAL_MINUTES,
            )
        except Exception:
            log.exception(
                "automatic backup FAILED (the server keeps running; next try in %s min)", config.BACKUP_INTERVAL_MINUTES
            )


def start_auto_backups(app: Flask) -> object | None:
    """Called once by `serve` on the app it serves: prints what the database holds, holds the
    server lock (restore refuses while it is held), and starts the automatic backups."""
    from ..floor import floor_of

    floor = floor_of(app)
    config = floor.config
    floor.server_lock = hold_server_lock(config)
    try:
        print(database_summary(floor.db, config.DATABASE_URL), flush=True)
    except Exception as exc:  # noqa: BLE001 — a summary line is not worth a failed start
        print(f"database: cannot summarise ({exc})", flush=True)
    if not auto_enabled(config):
        if not config.BACKUP_AUTO and db_kind(config.DATABASE_URL) == "postgresql":
            why = "PostgreSQL: run `pokerfloor backup --auto` from one place, e.g. deploy/pokerfloor-backup.timer"
        else:
            why = "BACKUP_AUTO=0" if not config.BACKUP_AUTO else "BACKUP_INTERVAL_MINUTES=0"
        print(f"automatic backups: off ({why})", flush=True)
        return None
    print(
        f"automatic backups: every {config.BACKUP_INTERVAL_MINUTES:g} min when something changed, into "
        f"{config.BACKUP_DIR} (newest {config.BACKUP_KEEP} kept, and the last of each day for "
        f"{config.BACKUP_KEEP_DAYS} days)",
        flush=True,
    )
    return floor.realtime.socketio.start_background_task(_auto_loop, app)


# ---------------------------------------------------------------- the commands


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n < 1 << 20 else f"{n / (1 << 20):.1f} MB"


def backup_command(file: str | None, auto: bool = False) -> int:
    from ..config import Config

    try:
        config = Config()
        if auto:
            last = _newest_auto_fingerprint(config.BACKUP_DIR)
            made = backup_if_changed(config, last)
            if made is None:
                print(f"nothing changed since the newest automatic backup in {config.BACKUP_DIR}: none written")
                return 0
        else:
            made = create_backup(config, Path(file) if file else None)
    except BackupError as exc:
        print(f"pokerfloor backup: {exc}", file=sys.stderr)
        return 1
    m = made.manifest
    keys = [n for n in m["files"] if n.startswith("var/") and n != KEY_MEMBER]
    print(f"backup written: {made.path} ({_size(made.size)}, mode 0600: it holds the secret key)")
    print(
        f"  database: {shown_url(config.DATABASE_URL)}, revision {m['database']['alembic_revision']}, "
        f"{describe(m)}; {m['events']} events, newest at {_when(m['last_event_at'])}"
    )
    print(f"  secret key: from {m['secret_key']['source']}" + (f"; key files: {', '.join(keys)}" if keys else ""))
    if auto:
        for old in prune(config.BACKUP_DIR, config.BACKUP_KEEP, config.BACKUP_KEEP_DAYS):
            print(f"  removed (retention): {old.name}")
    print(f"Restore it on any machine with: pokerfloor restore {made.path}")
    return 0


def restore_command(file: str, force: bool = False) -> int:
    from ..config import Config

    try:
        config = Config()
        done = restore_backup(config, Path(file), force=force)
    except BackupError as exc:
        print(f"pokerfloor restore: {exc}", file=sys.stderr)
        return 1
    m = done.manifest
    migrated = (
        f"migrated {done.revision_before} -> {done.revision_after}"
        if done.revision_before != done.revision_after
        else f"revision {done.revision_after}"
    )
    print(f"restored {file} (made {m['created_at']} on {m.get('created_on', '?')})")
    print(f"  database: {done.database}, {migrated}; {describe(m)}")
    print(f"  keys: {', '.join(done.key_files)} -> {config.VAR_DIR}")
    if done.saved_before:
        print(f"  the database it replaced was saved to {done.saved_before}")
    for path in done.moved_aside:
        print(f"  kept aside: {path}")
    if done.key_warning:
        print(done.key_warning, file=sys.stderr)
    else:
        print("  QR codes printed before the backup keep working (same secret key).")
    print("Start the server: pokerfloor serve (or `make run` / `make venue`).")
    return 0
