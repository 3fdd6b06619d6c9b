"""The command path's Core statements, run on the database driver's own connection.

Every command runs the same five statements (store/event_store.py). Through SQLAlchemy's
Connection they cost ~250 µs of Python per transaction (execution contexts, result objects,
events, pool bookkeeping) around ~50 µs of SQLite's own work: the bare baseline does
the same transaction in a fifth of pokerfloor's CPU. Here SQLAlchemy still compiles each
statement once per dialect, so the SQL, the parameter style and the type conversions (JSON in
and out) stay its own; only the execution goes straight to the driver's cursor. The rest of the
app keeps SQLAlchemy sessions.
"""

from __future__ import annotations

import contextlib
import select
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.sql.expression import Executable

from .cooperative_wait import kernel_poll

# A statement sent in a pipeline whose answer is not read yet: its cursor, what it was, and the
# pipeline's sync (which waits for every answer so far).
Pending = tuple[Any, "Prepared", Callable[[], None]]


class DriverResult:
    """The part of SQLAlchemy's Result the event store reads. On PostgreSQL the statement may
    still be on its way (pipeline mode, below): its rows and row count are read when first asked
    for, so statements sent one after the other share a round trip."""

    def __init__(self, rows: list[tuple] | None, rowcount: int, pending: Pending | None = None):
        self._rows, self._rowcount, self._pending = rows, rowcount, pending

    @property
    def rows(self) -> list[tuple]:
        if self._rows is None:
            assert self._pending is not None
            cursor, prepared, _ = self._pending
            self._rows = [prepared.row(r) for r in cursor.fetchall()] if prepared.results else []
        return self._rows

    @property
    def rowcount(self) -> int:
        if self._pending is not None and self._rowcount < 0:
            cursor, _, sync = self._pending
            if cursor.rowcount < 0:
                sync()  # the statement's answer, with whatever was sent before it
            self._rowcount = cursor.rowcount
        return self._rowcount

    def first(self) -> tuple | None:
        return self.rows[0] if self.rows else None

    def scalar_one_or_none(self) -> Any:
        if len(self.rows) > 1:
            raise ValueError("more than one row")
        return self.rows[0][0] if self.rows else None

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.rows)


class Prepared:
    """A statement compiled for one dialect: its SQL, its parameters' order (positional styles)
    and the type conversions of its parameters and result columns."""

    def __init__(self, statement: Any, engine: Engine, keys: tuple[str, ...] | None):
        dialect = engine.dialect
        compiled = statement.compile(dialect=dialect, column_keys=list(keys) if keys is not None else None)
        fixed = sorted(name for name, bind in compiled.binds.items() if bind.value is not None and not bind.required)
        if fixed:  # a literal would be compiled in for good, and the cache is keyed by statement
            raise ValueError(f"give these as bindparam()s, not values: {', '.join(fixed)}")
        self.sql = str(compiled)
        self.order: list[str] | None = compiled.positiontup  # None for named styles (psycopg)
        self.binds: dict[str, Callable[[Any], Any]] = {}
        for name, bind in compiled.binds.items():
            convert = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if convert is not None:
                self.binds[name] = convert
        self.results: list[Callable[[Any], Any] | None] = [
            column.type.dialect_impl(dialect).result_processor(dialect, None)
            for column in getattr(statement, "selected_columns", ())
        ]

    def parameters(self, params: dict) -> Any:
        if self.binds:
            params = {k: (self.binds[k](v) if k in self.binds else v) for k, v in params.items()}
        # a list comprehension, not a generator: one call per statement, not one per parameter
        return tuple([params[name] for name in self.order]) if self.order is not None else params

    def row(self, raw: tuple) -> tuple:
        return tuple(convert(value) if convert else value for convert, value in zip(self.results, raw, strict=True))


class DriverTransaction:
    """`execute(statement, params)` as on a SQLAlchemy Connection, for the statements above."""

    def __init__(self, link: Link, log: DriverLog):
        self.link, self.log = link, log
        # SQLite: one cursor for the transaction; a pipeline gives each statement its own
        self.cursor: Any = link.raw.cursor() if link.pipeline is None else None

    def execute(self, statement: Executable, params: dict | list[dict] | None = None) -> DriverResult:
        first = params[0] if isinstance(params, list) else (params or {})
        prepared = self.log.prepared(statement, tuple(first) if getattr(statement, "is_insert", False) else None)
        pipeline = self.link.pipeline
        # In a pipeline each statement has a cursor of its own: its answer comes later, into it.
        cursor = self.link.raw.cursor() if pipeline is not None else self.cursor
        if isinstance(params, list):
            cursor.executemany(prepared.sql, [prepared.parameters(p) for p in params])
        else:
            cursor.execute(prepared.sql, prepared.parameters(first))
        if pipeline is not None:
            return DriverResult(None, -1, (cursor, prepared, pipeline.sync))
        rows = [prepared.row(r) for r in cursor.fetchall()] if prepared.results and not isinstance(params, list) else []
        return DriverResult(rows, cursor.rowcount)


class Link:
    """A connection the command path keeps between transactions. On PostgreSQL it stays in
    psycopg's pipeline mode: statements are sent without waiting for the answer of the one
    before, and the transaction waits only where it reads one (BEGIN goes out with the first
    statement, the last writes with the COMMIT)."""

    def __init__(self, raw: Any, pipelined: bool):
        self.raw = raw
        self._mode: Any = None  # psycopg's pipeline() context, entered until the link is let go
        self.pipeline: Any = None
        if pipelined:
            self._mode = raw.driver_connection.pipeline()
            self.pipeline = self._mode.__enter__()

    def idle_and_alive(self) -> bool:
        """An idle PostgreSQL connection has nothing to read: if its socket is readable, the
        server closed it (a restart says so, then hangs up) and it is not used again. A look
        at the socket, not a round trip (the pool's pre-ping costs one per checkout)."""
        if self.pipeline is None:
            return True
        conn = self.raw.driver_connection
        if conn.closed or conn.broken:
            return False
        try:
            # not select(): a worker with thousands of sockets has fds past 1024; the kernel's
            # poll, not gevent's (which would start hub watchers for a look that never waits)
            poller = kernel_poll()
            poller.register(conn.fileno(), select.POLLIN)
            return not poller.poll(0)  # anything at all (data, hang-up, error) and it is not used
        except (OSError, ValueError):
            return False

    def leave_pipeline(self, error: BaseException | None = None) -> None:
        """Out of pipeline mode (psycopg sends a Sync and reads what is left); an error in the
        pipeline is logged by psycopg when `error` is given, and raised otherwise."""
        mode, self._mode, self.pipeline = self._mode, None, None
        if mode is not None:
            mode.__exit__(type(error) if error else None, error, None)


class DriverLog:
    """Transactions on the driver's own connection, kept between commands (the pool's checkout,
    reset and return cost as much as the transaction). SQLite: BEGIN IMMEDIATE, as every
    SQLAlchemy transaction here (store/db.py); a file needs no liveness ping. PostgreSQL: the
    pool's connections, kept checked out and in pipeline mode (Link): a command's transaction
    is three round trips (BEGIN, the row lock and the receipt; the seq bump; the inserts and
    COMMIT) where a round trip per statement, the BEGIN and the pool's pre-ping made eight."""

    KEEP = 4  # idle connections kept (SQLite: one writer at a time, more would only wait)

    def __init__(self, engine: Engine):
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self.pipelined = engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg"
        self._prepared: dict[tuple[int, tuple[str, ...] | None], Prepared] = {}
        self._idle: list[Link] = []
        # The kept connections go with the engine's pool (a test's engine.dispose(), a fork):
        # PostgreSQL's are checked out of it and would otherwise stay open.
        event.listen(engine, "engine_disposed", self._let_go)

    def _let_go(self, _engine: Engine) -> None:
        idle, self._idle = self._idle, []
        for link in idle:
            self._discard(link)

    def prepared(self, statement: Executable, keys: tuple[str, ...] | None) -> Prepared:
        """Keyed by the statement object: the statements are module constants built once, with
        every value a named bindparam (a literal in a statement would be compiled in for good)."""
        found = self._prepared.get((id(statement), keys))
        if found is None:
            found = self._prepared[(id(statement), keys)] = Prepared(statement, self.engine, keys)
        return found

    def _connection(self) -> Link:
        while self._idle:
            link = self._idle.pop()
            if link.idle_and_alive():
                return link
            self._discard(link)
        raw = self.engine.raw_connection()  # configured by store/db.py's connect hook (and pinged)
        if self.sqlite:
            raw.detach()  # ours from now on: never returned to the pool
        return Link(raw, self.pipelined)

    def _release(self, link: Link) -> None:
        # kept: SQLite's, and psycopg's (whose socket tells a closed one); another driver's go
        # back to the pool and its pre-ping
        if (self.sqlite or self.pipelined) and len(self._idle) < self.KEEP:
            self._idle.append(link)
            return
        link.leave_pipeline()
        link.raw.close()  # PostgreSQL: back to the pool; a surplus SQLite connection: closed

    def _discard(self, link: Link) -> None:
        """A connection that is broken, or in a state we do not trust: never used again."""
        with contextlib.suppress(Exception):  # it is being thrown away
            link.leave_pipeline(RuntimeError("discarded"))
        if self.sqlite:
            link.raw.close()
        else:
            link.raw.invalidate()  # the pool closes it and opens a new one when asked

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[DriverTransaction]:
        """Commits when the block ends, rolls back on any exception (a timeout too). Each
        transaction has a connection to itself (greenlets never share one). `write=False`: one
        read (a token's row), which on SQLite takes no write lock and waits for no writer."""
        link = self._connection()
        try:
            tx = DriverTransaction(link, self)
            if self.sqlite and write:
                tx.cursor.execute("BEGIN IMMEDIATE")
            yield tx
            link.raw.commit()  # PostgreSQL in a pipeline: COMMIT and a Sync, every answer read
        except BaseException as error:
            self._abandon(link, error)
            raise
        self._release(link)

    def _abandon(self, link: Link, error: BaseException) -> None:
        try:
            # PostgreSQL: out of the pipeline first (what failed in it is told by `error`), so
            # the ROLLBACK is not skipped as part of an aborted pipeline.
            link.leave_pipeline(error)
            link.raw.rollback()
        except Exception:  # noqa: BLE001 - the transaction's own error is the one raised
            self._discard(link)  # one that cannot roll back is not used again
            return
        if self.pipelined:
            link.raw.close()  # back to the pool, which resets it; the next Link enters a new pipeline
            return
        self._release(link)


_LOGS: weakref.WeakKeyDictionary[Engine, DriverLog] = weakref.WeakKeyDictionary()


def driver_log(engine: Engine) -> DriverLog:
    """The engine's one DriverLog (its prepared statements and kept connections), shared by the
    command path and the token lookup."""
    found = _LOGS.get(engine)
    if found is None:
        found = _LOGS[engine] = DriverLog(engine)
    return found
