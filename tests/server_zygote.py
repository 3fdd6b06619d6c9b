"""A warm parent for the tests' server processes (tests/server.py `spawn_server`).

Every test server used to pay ~3 s of CPU before it answered: gevent's patching, then importing the
app (SQLAlchemy, SQLModel, Flask-SocketIO, marshmallow, the engine), then Alembic. The tests start
about 250 of them, a quarter of `make test`'s CPU. This process does the patching and the imports
once per pytest worker and forks a child per server; the child is `pokerfloor <argv>` exactly as
`python -m backend.cli` runs it (same patching, same `cli.main`), with the test's environment,
working directory and log file. Nothing of this parent's is open when it forks: no hub, no thread,
no database connection (the template's below is closed first), no socket, so a child starts as fresh
as a new interpreter, only ~2.5 s sooner.

It also migrates one empty SQLite database before it reads its first request (argv[1]: the file):
a new test server whose SQLite file does not exist yet gets a copy of it (tests/server.py), and
migrates nothing. Fourteen migrations from an empty file, with SQLite's table copies, and the Alembic
and Mako imports they need, were about 1 s of CPU in every one of those servers. The migration from
empty still runs here, once per pytest worker, and in the tests of migrating (test_migrate_once.py).
Protocol: first one line out, "ready", once the template is written; then one JSON line in on
stdin {"argv", "env", "cwd", "log"}, one line out: the child's pid.
Children are reaped by the kernel (SIGCHLD ignored here) and leave their exit code in a file
beside their log (`exit_file`; none after SIGKILL); a child puts SIGCHLD back for its own
subprocesses (backups run pg_dump)."""

from __future__ import annotations

import json
import os
import signal
import sys
import traceback

from gevent import monkey

monkey.patch_all()  # as backend/venue/serve.py does, before anything imports socket or threading

import gevent  # noqa: E402

import backend.app  # noqa: E402,F401 — the imports every server would do again
from backend import cli  # noqa: E402

fork = monkey.get_original("os", "fork")  # the plain fork: gevent's would watch the child here


def exit_file(log: str, pid: int) -> str:
    """Where a child leaves its exit code: the kernel reaps it, so nobody could wait() for it."""
    return f"{log}.exit-{pid}"


def run_child(request: dict) -> int:
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    gevent.reinit()  # a fresh hub for the child (gevent's rule after a fork)
    log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    os.close(nothing)
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    sys.argv = ["pokerfloor", *request["argv"]]
    try:
        return cli.main(request["argv"]) or 0
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 1
    except BaseException:  # noqa: BLE001 — whatever stops it, its log says why
        traceback.print_exc()
        return 1


def migrate_template(path: str) -> None:
    """An empty SQLite database at the newest schema, closed (its WAL checkpointed into the file):
    what every new SQLite server would make first. Nothing of it stays open in this parent."""
    from backend.store import make_engine, migrate

    engine = make_engine(f"sqlite:///{path}")
    try:
        migrate(engine)
    finally:
        engine.dispose()


def main() -> None:
    migrate_template(sys.argv[1])
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    for line in sys.stdin:
        request = json.loads(line)
        pid = fork()
        if pid == 0:
            code = 1
            try:
                code = run_child(request)
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                with open(exit_file(request["log"], os.getpid()), "w") as f:
                    f.write(str(code))
                os._exit(code)
        sys.stdout.write(f"{pid}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
