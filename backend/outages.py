"""A backing service gone for a moment, told from the error it raised.

PostgreSQL restarting, Redis restarting, the venue laptop's disk full: what failed was not
applied (its transaction rolled back, or its commit's fate is settled by the op_id on the retry).
The HTTP answer (api/unavailable.py) and a socket's refusal (realtime) say so, and when to come
back, from the same Outage.
"""

from __future__ import annotations

import sqlite3
import sys
from typing import NamedTuple

import redis
from sqlalchemy import exc as sa_exc

RETRY_DATABASE_S = 2  # PostgreSQL back from a restart in seconds; the pool's pre-ping reconnects
RETRY_DISK_S = 30  # somebody has to free space first


class Outage(NamedTuple):
    """A backing service gone for a moment: the answer's status, error code, reason and when to
    come back."""

    status: int
    error: str
    message: str
    retry_s: int


def outage_of(err: BaseException) -> Outage | None:
    """The outage an error of a backing service tells of, None for any other error."""
    cause: BaseException = err.orig if isinstance(err, sa_exc.DBAPIError) and err.orig is not None else err
    text = str(cause).lower()
    if isinstance(cause, sqlite3.OperationalError) and "disk is full" in text:
        return Outage(
            507,
            "disk_full",
            "The server's disk is full: nothing was applied. It is kept on the phone and sent again "
            "once space is freed.",
            RETRY_DISK_S,
        )
    if _database_gone(err, cause):
        return Outage(
            503,
            "database_unavailable",
            "The database does not answer right now: nothing was applied. It is kept on the phone and sent again.",
            RETRY_DATABASE_S,
        )
    if isinstance(err, redis.ConnectionError | redis.TimeoutError):
        return Outage(
            503,
            "queue_unavailable",
            "The message queue does not answer right now: nothing was applied. Try again in a moment.",
            RETRY_DATABASE_S,
        )
    return None


def _database_gone(err: BaseException, cause: BaseException) -> bool:
    if isinstance(err, sa_exc.TimeoutError):  # no pooled connection came free: the server is overloaded
        return True
    if isinstance(err, sa_exc.DBAPIError) and err.connection_invalidated:
        return True
    # psycopg: a connection refused, reset or closed by a restarting server (OperationalError),
    # one the pool handed out as the server went (InterfaceError: "the connection is closed").
    # (Looked up, not imported: a SQLite venue never loads the driver.)
    psycopg = sys.modules.get("psycopg")
    if psycopg is not None and isinstance(cause, psycopg.OperationalError | psycopg.InterfaceError):
        return True
    # SQLite: a lock held past busy_timeout, an I/O error of the disk.
    return isinstance(cause, sqlite3.OperationalError) and ("locked" in str(cause) or "disk i/o" in str(cause).lower())
