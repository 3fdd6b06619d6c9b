"""A PostgreSQL and a Redis of their own, on free ports in a temp directory, for the fault tests
(tests/perf/fault_night.py): those restart them, which the shared servers on 5432/6379 (other
tests use them at the same time) must never be. Every process is stopped by its PID."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
from local_stack import free_port

PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))


def _as_postgres() -> list[str]:
    """initdb and postgres refuse to run as root: as the postgres user then."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


class _Logs:
    """Each start's log file, closed with the service."""

    dir: Path
    _logs: list

    def _log(self, name: str):
        if not hasattr(self, "_logs"):
            self._logs = []
        f = open(self.dir / name, "a")
        self._logs.append(f)
        return f

    def _close_logs(self) -> None:
        for f in getattr(self, "_logs", []):
            f.close()
        self._logs = []


def _wait_gone(pid: int, timeout: float) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)


class ThrowawayPostgres(_Logs):
    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="pf-faults-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self.proc: subprocess.Popen | None = None
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        subprocess.run(
            [*_as_postgres(), str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-N"],
            check=True,
            capture_output=True,
            timeout=120,
        )

    def start(self) -> ThrowawayPostgres:
        # fsync off: a test database, thrown away; restarts are what is tested, not power loss
        self.proc = subprocess.Popen(
            [*_as_postgres(), str(PG_BIN / "postgres"), "-D", str(self.data), "-p", str(self.port)]
            + ["-c", "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={self.dir}"]
            + ["-c", "fsync=off", "-c", "max_connections=200"],
            stdout=self._log("postgres.log"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.time() + 60
        while time.time() < deadline:
            ready = subprocess.run(
                [str(PG_BIN / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)], capture_output=True
            )
            if ready.returncode == 0:
                return self
            time.sleep(0.1)
        raise RuntimeError(f"PostgreSQL did not start:\n{(self.dir / 'postgres.log').read_text()[-2000:]}")

    def postmaster_pid(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def stop(self) -> None:
        """A fast shutdown (SIGINT to the postmaster, as `systemctl restart postgresql` does):
        the open connections are cut, the transactions in flight roll back."""
        if self.proc is None:
            return
        pid = self.postmaster_pid() if (self.data / "postmaster.pid").exists() else self.proc.pid
        try:
            os.kill(pid, signal.SIGINT)
        except ProcessLookupError:
            pass
        _wait_gone(pid, 30)
        if self.proc.poll() is None:  # runuser's own process
            self.proc.wait(timeout=10)
        self.proc = None

    def close(self) -> None:
        self.stop()
        self._close_logs()
        shutil.rmtree(self.dir, ignore_errors=True)


class ThrowawayRedis(_Logs):
    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="pf-faults-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> ThrowawayRedis:
        self.proc = subprocess.Popen(
            [shutil.which("redis-server") or "redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
            + ["--save", "", "--appendonly", "no", "--dir", str(self.dir)],
            stdout=self._log("redis.log"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        import redis

        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with redis.Redis(port=self.port, socket_connect_timeout=1) as client:
                    client.ping()
                return self
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError(f"Redis did not start:\n{(self.dir / 'redis.log').read_text()[-2000:]}")

    def stop(self) -> None:
        """Stopped, its data gone with it (no snapshot): as a restart without persistence."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=15)
        self.proc = None

    def close(self) -> None:
        self.stop()
        self._close_logs()
        shutil.rmtree(self.dir, ignore_errors=True)
