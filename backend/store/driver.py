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

import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.sql.expression import Executable


class DriverResult:
    """The part of SQLAlchemy's Result the event store reads."""

    def __init__(self, rows: list[tuple], rowcount: int):
        self.rows, self.rowcount = rows, rowcount

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

    def __init__(self, cursor: Any, log: DriverLog):
        self.cursor, self.log = cursor, log

    def execute(self, statement: Executable, params: dict | list[dict] | None = None) -> DriverResult:
        first = params[0] if isinstance(params, list) else (params or {})
        prepared = self.log.prepared(statement, tuple(first) if getattr(statement, "is_insert", False) else None)
        if isinstance(params, list):
            self.cursor.executemany(prepared.sql, [prepared.parameters(p) for p in params])
            return DriverResult([], self.cursor.rowcount)
        self.cursor.execute(prepared.sql, prepared.parameters(first))
        rows = [prepared.row(r) for r in self.cursor.fetchall()] if prepared.results else []
        return DriverResult(rows, self.cursor.rowcount)


class DriverLog:
    """Transactions on the driver's own connection. SQLite: BEGIN IMMEDIATE, as every SQLAlchemy
    transaction here (store/db.py), on connections kept between commands: the pool's checkout,
    reset and return cost as much as the transaction, and a file needs no liveness ping.
    PostgreSQL: the pool's connections (with their pre-ping) and the driver's own BEGIN."""

    KEEP = 4  # idle SQLite connections kept (one writer at a time: more would only wait)

    def __init__(self, engine: Engine):
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self._prepared: dict[tuple[int, tuple[str, ...] | None], Prepared] = {}
        self._idle: list[Any] = []

    def prepared(self, statement: Executable, keys: tuple[str, ...] | None) -> Prepared:
        """Keyed by the statement object: the statements are module constants built once, with
        every value a named bindparam (a literal in a statement would be compiled in for good)."""
        found = self._prepared.get((id(statement), keys))
        if found is None:
            found = self._prepared[(id(statement), keys)] = Prepared(statement, self.engine, keys)
        return found

    def _connection(self) -> Any:
        if self._idle:
            return self._idle.pop()
        raw = self.engine.raw_connection()  # configured by store/db.py's connect hook
        if self.sqlite:
            raw.detach()  # ours from now on: never returned to the pool
        return raw

    def _release(self, raw: Any) -> None:
        if self.sqlite and len(self._idle) < self.KEEP:
            self._idle.append(raw)
        else:
            raw.close()  # PostgreSQL: back to the pool; a surplus SQLite connection: closed

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[DriverTransaction]:
        """Commits when the block ends, rolls back on any exception (a timeout too). Each
        transaction has a connection to itself (greenlets never share one). `write=False`: one
        read (a token's row), which on SQLite takes no write lock and waits for no writer."""
        raw = self._connection()
        cursor = raw.cursor()
        try:
            if self.sqlite and write:
                cursor.execute("BEGIN IMMEDIATE")
            yield DriverTransaction(cursor, self)
            raw.commit()
        except BaseException:
            self._abandon(raw, cursor)
            raise
        cursor.close()
        self._release(raw)

    def _abandon(self, raw: Any, cursor: Any) -> None:
        try:
            cursor.close()
            raw.rollback()
        except self.engine.dialect.loaded_dbapi.Error:
            raw.close()  # one that cannot roll back is not used again (the pool invalidates its own)
            return
        self._release(raw)


_LOGS: weakref.WeakKeyDictionary[Engine, DriverLog] = weakref.WeakKeyDictionary()


def driver_log(engine: Engine) -> DriverLog:
    """The engine's one DriverLog (its prepared statements and kept connections), shared by the
    command path and the token lookup."""
    found = _LOGS.get(engine)
    if found is None:
        found = _LOGS[engine] = DriverLog(engine)
    return found
