"""A backing service gone for a moment: answered as "try again", never as a 500.

PostgreSQL restarting, Redis restarting, the venue laptop's disk full: the command was not applied
(its transaction rolled back, or its commit's fate is settled by the op_id on the retry), so the
answer says so and when to come back. The phone's outbox keeps the command and sends it again with
the same op_id on any 5xx but a JSON 500 (pwa/src/sync/outbox.ts gives up on a 500 it saw several
times: that one means the command itself breaks the server). A 503/507 is never counted as such.
"""

from __future__ import annotations

import sqlite3
import sys

import redis
from flask import Response
from sqlalchemy import exc as sa_exc

from ..errors import error_response

RETRY_DATABASE_S = 2  # PostgreSQL back from a restart in seconds; the pool's pre-ping reconnects
RETRY_DISK_S = 30  # somebody has to free space first


def unavailable_answer(err: BaseException) -> Response | None:
    """The 503/507 for an error of a backing service, None for any other error."""
    cause: BaseException = err.orig if isinstance(err, sa_exc.DBAPIError) and err.orig is not None else err
    text = str(cause).lower()
    if isinstance(cause, sqlite3.OperationalError) and "disk is full" in text:
        return _answer(
            507,
            "disk_full",
            "The server's disk is full: nothing was applied. It is kept on the phone and sent again "
            "once space is freed.",
            RETRY_DISK_S,
        )
    if _database_gone(err, cause):
        return _answer(
            503,
            "database_unavailable",
            "The database does not answer right now: nothing was applied. It is kept on the phone and sent again.",
            RETRY_DATABASE_S,
        )
    if isinstance(err, redis.ConnectionError | redis.TimeoutError):
        return _answer(
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


def _answer(status: int, error: str, message: str, retry_s: int) -> Response:
    response = error_response(status, error, message, retry_after=retry_s)
    response.headers["Retry-After"] = str(retry_s)
    return response
