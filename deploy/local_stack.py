#!/usr/bin/env python3
"""The production topology on this machine: Caddy (HTTPS from its internal CA, host name
pokerfloor.test) → 2 pokerfloor workers → one fresh PostgreSQL database, Redis as the Socket.IO
message queue. Caddy runs deploy/Caddyfile itself, imported under local global options (internal
CA instead of Let's Encrypt, everything bound to 127.0.0.1, free high ports, storage in a temp dir).

    .venv/bin/python deploy/local_stack.py up     # prints the URL; Ctrl-C stops everything

As a library (e2e/test_production_stack.py):

    with LocalStack(tmp_dir) as stack:
        stack.url, stack.ca_root, stack.workers, stack.lb_cookie(0), stack.sql("SELECT …")

Needs: caddy (`apt-get install -y caddy`; `make test` installs it), PostgreSQL with a user that
may CREATE DATABASE (TEST_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432/test) and Redis
(REDIS_URL, default redis://127.0.0.1:6379/0). Every process is stopped by its PID, the database is
dropped, the temp dir removed (unless the caller passed its own).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CADDYFILE = ROOT / "deploy" / "Caddyfile"
HOST_NAME = "pokerfloor.test"
LB_COOKIE = "pokerfloor_lb"  # as in deploy/Caddyfile's lb_policy
PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
MISSING_CADDY = (
    "caddy is not installed: `make test` installs it (or: apt-get install -y caddy), or point $CADDY at a caddy binary"
)

LOCAL_GLOBALS = """{{
	admin {admin}
	http_port {http_port}
	https_port {https_port}
	default_bind 127.0.0.1
	local_certs
	skip_install_trust
	storage file_system {storage}
	servers {{
		protocols h1 h2
	}}
}}

import {caddyfile}
"""


class StackError(RuntimeError):
    pass


def free_port() -> int:
    """A port nobody listens on, below the kernel's ephemeral range: outgoing connections (to
    PostgreSQL, Redis, a browser's) take ephemeral ports, and one could grab a port picked there
    between the pick and the bind (seen: Caddy's "address already in use"). Under pytest-xdist
    each worker picks from a slice of its own, so no other worker takes it in that gap either."""
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    start, end = _port_slice(10_000, max(low, 10_001))
    rng = random.SystemRandom()
    for _ in range(500):
        port = rng.randrange(start, end)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise StackError("no free port below the ephemeral range")


def _port_slice(start: int, end: int) -> tuple[int, int]:
    """This pytest-xdist worker's share of [start, end) (gw0 the first); all of it outside xdist."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1)
    if not worker.startswith("gw") or count < 2:
        return start, end
    span = (end - start) // count
    first = start + int(worker[2:]) * span
    return first, first + span


def caddy_binary() -> str | None:
    path = os.environ.get("CADDY") or shutil.which("caddy")
    return path if path and os.access(path, os.X_OK) else None


def _stop(proc: subprocess.Popen | None, timeout: float = 10) -> None:
    """SIGTERM by PID, then SIGKILL if it does not go."""
    if proc is None or proc.poll() is not None:
        return
    os.kill(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=timeout)


@dataclass
class Worker:
    index: int
    port: int
    log_path: Path
    proc: subprocess.Popen | None = None

    @property
    def dial(self) -> str:
        """The upstream address as Caddy dials it (and hashes into the cookie)."""
        return f"127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"http://{self.dial}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


@dataclass
class Response:
    status: int
    headers: dict
    body: bytes

    def json(self):
        return json.loads(self.body)


class LocalStack:
    def __init__(
        self,
        tmp: Path | str | None = None,
        workers: int = 2,
        python: str | None = None,
        pg_url: str | None = None,
        redis_url: str | None = None,
        caddy_admin: bool = False,
        access_log: bool = False,
    ):
        """`pg_url`, `redis_url`: other servers than the environment's (the fault tests restart
        their own); `caddy_admin`: Caddy's admin API on a local port, for `reload_caddy`;
        `access_log`: each worker logs its requests (ACCESS_LOG), to see who served what."""
        self.access_log = access_log
        self.pg_url, self.redis_url = pg_url or PG_URL, redis_url or REDIS_URL
        self.caddy_admin = f"127.0.0.1:{free_port()}" if caddy_admin else None
        self._own_tmp = tmp is None
        self.tmp = Path(tmp or tempfile.mkdtemp(prefix="pokerfloor-stack-"))
        self.tmp.mkdir(parents=True, exist_ok=True)
        self.python = python or _venv_python()
        self.http_port, self.https_port = free_port(), free_port()
        self.url = f"https://{HOST_NAME}:{self.https_port}"
        self.db_name = f"pf_stack_{uuid.uuid4().hex[:10]}"
        self.database_url = self.pg_url.rsplit("/", 1)[0] + f"/{self.db_name}"
        self.channel = f"pokerfloor-stack-{uuid.uuid4().hex[:8]}"
        self.secret_key = secrets.token_urlsafe(32)
        self.lb_secret = secrets.token_hex(16)
        self.storage = self.tmp / "caddy-storage"
        self.ca_root = self.storage / "pki" / "authorities" / "local" / "root.crt"
        self.caddy_log = self.tmp / "caddy.log"
        self.caddyfile = self.tmp / "Caddyfile"
        self.workers = [Worker(i, free_port(), self.tmp / f"worker-{i}.log") for i in range(workers)]
        self.caddy: subprocess.Popen | None = None
        self._db_created = False
        self._logs: list = []

    # -- lifecycle ---------------------------------------------------------------------------
    def __enter__(self) -> LocalStack:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> LocalStack:
        caddy = caddy_binary()
        if not caddy:
            raise StackError(MISSING_CADDY)
        self._check_redis()
        self._create_database()
        self._init_database()
        for worker in self.workers:  # start them all, then wait: they boot in parallel
            self._start_worker(worker)
        for worker in self.workers:
            self._wait_worker(worker)
        self._start_caddy(caddy)
        return self

    def stop(self) -> None:
        _stop(self.caddy)
        for worker in self.workers:
            _stop(worker.proc)
        for f in self._logs:
            f.close()
        self._logs = []
        if self._db_created:
            import psycopg

            with psycopg.connect(self.pg_url, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')
            self._db_created = False
        if self._own_tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)

    # -- the pieces --------------------------------------------------------------------------
    def _check_redis(self) -> None:
        import redis

        try:
            with redis.Redis.from_url(self.redis_url, socket_connect_timeout=2) as client:
                client.ping()
        except redis.RedisError as err:
            raise StackError(f"Redis is not reachable at {self.redis_url}: {err}") from None

    def _create_database(self) -> None:
        import psycopg

        try:
            with psycopg.connect(self.pg_url, autocommit=True, connect_timeout=5) as admin:
                admin.execute(f'CREATE DATABASE "{self.db_name}"')
        except psycopg.Error as err:
            raise StackError(f"cannot create a database on {self.pg_url}: {err}") from None
        self._db_created = True

    def worker_env(self, worker: Worker | None = None) -> dict:
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "SECRET_KEY": self.secret_key,
            "SOCKETIO_MESSAGE_QUEUE": self.redis_url,
            "SOCKETIO_CHANNEL": self.channel,
            "PUBLIC_URL": self.url,
            "TRUSTED_PROXIES": "1",
            "PYTHONUNBUFFERED": "1",
        }
        if self.access_log:
            env["ACCESS_LOG"] = "1"
        if worker is not None:
            var = self.tmp / f"worker-{worker.index}"
            var.mkdir(exist_ok=True)
            env.update(HOST="127.0.0.1", PORT=str(worker.port), POKERFLOOR_VAR=str(var))
        return env

    def _init_database(self) -> None:
        """`pokerfloor init`, once, before any worker (pokerfloor-migrate.service in deploy/)."""
        done = subprocess.run(
            [self.python, "-m", "backend.cli", "init"],
            cwd=ROOT,
            env=self.worker_env(),
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise StackError(f"pokerfloor init failed:\n{done.stdout}{done.stderr}")
        self.init_output = done.stdout.strip()

    def _start_worker(self, worker: Worker) -> None:
        log = open(worker.log_path, "a")
        self._logs.append(log)
        worker.proc = subprocess.Popen(
            [self.python, "-m", "backend.cli", "serve"],
            cwd=ROOT,
            env=self.worker_env(worker),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # Ctrl-C reaches this script only

    def _wait_worker(self, worker: Worker, timeout: float = 60) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if worker.proc.poll() is not None:
                raise StackError(f"worker {worker.index} exited:\n{worker.log()[-3000:]}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", worker.port, timeout=2)
                conn.request("GET", "/api/health")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise StackError(f"worker {worker.index} did not answer in {timeout:.0f} s:\n{worker.log()[-3000:]}")

    def write_caddyfile(self) -> Path:
        """The local Caddyfile: local global options, then deploy/Caddyfile as production has it."""
        path = self.caddyfile
        path.write_text(
            LOCAL_GLOBALS.format(
                admin=self.caddy_admin or "off",
                http_port=self.http_port,
                https_port=self.https_port,
                storage=self.storage,
                caddyfile=CADDYFILE,
            )
        )
        return path

    def caddy_env(self) -> dict:
        home = self.tmp / "caddy-home"
        home.mkdir(exist_ok=True)
        return {
            **os.environ,
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
            "POKERFLOOR_DOMAIN": HOST_NAME,
            "POKERFLOOR_UPSTREAMS": " ".join(w.dial for w in self.workers),
            "POKERFLOOR_LB_SECRET": self.lb_secret,
        }

    def _start_caddy(self, caddy: str, timeout: float = 30) -> None:
        log = open(self.caddy_log, "a")
        self._logs.append(log)
        self.caddy = subprocess.Popen(
            [caddy, "run", "--config", str(self.write_caddyfile()), "--adapter", "caddyfile"],
            cwd=self.tmp,
            env=self.caddy_env(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.time() + timeout
        error = None
        while time.time() < deadline:
            if self.caddy.poll() is not None:
                raise StackError(f"caddy exited:\n{self.caddy_log.read_text()[-3000:]}")
            if self.ca_root.exists():
                try:
                    if self.request("GET", "/api/health").status == 200:
                        return
                except (OSError, ssl.SSLError) as err:
                    error = err
            time.sleep(0.1)
        raise StackError(
            f"caddy did not serve {self.url} in {timeout:.0f} s ({error}):\n{self.caddy_log.read_text()[-3000:]}"
        )

    # -- faults, as the deployment's process managers meet them (tests/perf/fault_night.py) ------
    def restart_worker(self, index: int, down_s: float = 0.1) -> None:
        """A worker that died is started again on its port, as systemd's Restart=always does
        (pokerfloor@.service; RestartSec's default is 100 ms)."""
        worker = self.workers[index]
        if worker.proc is not None and worker.proc.poll() is None:
            raise StackError(f"worker {index} is still running")
        time.sleep(down_s)
        self._start_worker(worker)
        self._wait_worker(worker)

    def reload_caddy(self, upstreams: list[Worker] | None = None) -> None:
        """`caddy reload` with a new configuration (here: the upstreams in another order, or a
        subset), as `systemctl reload caddy` runs it (caddy.service.d-pokerfloor.conf)."""
        if self.caddy_admin is None:
            raise StackError("reload needs LocalStack(caddy_admin=True)")
        env = self.caddy_env()
        env["POKERFLOOR_UPSTREAMS"] = " ".join(w.dial for w in (upstreams or self.workers))
        done = subprocess.run(
            [caddy_binary() or "caddy", "reload", "--config", str(self.write_caddyfile()), "--adapter", "caddyfile"]
            + ["--address", self.caddy_admin, "--force"],
            cwd=self.tmp,
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
        )
        if done.returncode != 0:
            raise StackError(f"caddy reload failed:\n{done.stdout}{done.stderr}")

    # -- helpers for tests and people --------------------------------------------------------
    def lb_cookie(self, worker: int) -> str:
        """The value of Caddy's load-balancing cookie that sends a client to workers[worker]:
        HMAC-SHA256(secret, upstream dial address), as Caddy's `lb_policy cookie` computes it."""
        return hmac.new(self.lb_secret.encode(), self.workers[worker].dial.encode(), hashlib.sha256).hexdigest()

    def ssl_context(self) -> ssl.SSLContext:
        """Trusts Caddy's internal root, and nothing else."""
        return ssl.create_default_context(cafile=str(self.ca_root))

    def request(
        self,
        method: str,
        path: str,
        body=None,
        token: str | None = None,
        worker: int | None = None,
        headers: dict | None = None,
        raw: bytes | None = None,
    ) -> Response:
        """An HTTPS request through Caddy, certificate checked against the internal root, the
        host name resolved to 127.0.0.1. `worker` pins it with the load-balancing cookie."""
        https_port, context = self.https_port, self.ssl_context()

        class Connection(http.client.HTTPSConnection):
            def connect(self):  # pokerfloor.test → 127.0.0.1, TLS for the name
                sock = socket.create_connection(("127.0.0.1", https_port), timeout=self.timeout)
                self.sock = context.wrap_socket(sock, server_hostname=HOST_NAME)

        hdrs = dict(headers or {})
        if token:
            hdrs["Authorization"] = f"Bearer {token}"
        if worker is not None:
            hdrs["Cookie"] = f"{LB_COOKIE}={self.lb_cookie(worker)}"
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            hdrs["Content-Type"] = "application/json"
        conn = Connection(HOST_NAME, https_port, timeout=10, context=context)
        try:
            conn.request(method, path, body=data, headers=hdrs)
            answer = conn.getresponse()
            return Response(answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read())
        finally:
            conn.close()

    def worker_behind(self, worker: int | None = None, tournament: int | None = None) -> int:
        """Which worker a client really reaches, found out without trusting Caddy's arithmetic:
        pinned to `worker` by the cookie, or a socket of `tournament` (`?tid=`, as the PWA names
        it). Opens an Engine.IO session through Caddy so, then asks every worker directly whether
        it knows the session (a polling session lives in one worker's memory; only the owner
        answers 200, the others 400). Before that, the session's next requests go through Caddy
        as engine.io-client sends them, each with a new cache-buster `t`: each must reach the
        session's worker (a 400 "session unknown" means the route is not sticky)."""
        query = f"&tid={tournament}" if tournament is not None else ""
        r = self.request("GET", f"/socket.io/?EIO=4&transport=polling{query}&t=open", worker=worker)
        if r.status != 200:
            raise StackError(f"Engine.IO handshake through Caddy: {r.status} {r.body[:200]!r}")
        sid = json.loads(r.body.decode()[1:])["sid"]  # "0{...}": the Engine.IO open packet
        # Socket.IO's connect with no token, then the poll that fetches its refusal: two requests of
        # the session, each with its own `t`.
        for n, (method, body) in enumerate((("POST", b"40"), ("GET", None))):
            r = self.request(
                method,
                f"/socket.io/?EIO=4&transport=polling{query}&sid={sid}&t={secrets.token_urlsafe(5)}{n}",
                worker=worker,
                raw=body,
                headers={"Content-Type": "text/plain;charset=UTF-8"},
            )
            if r.status != 200 or (method == "GET" and not r.body.startswith(b"44")):
                raise StackError(f"{method} of polling session {sid} through Caddy: {r.status} {r.body[:200]!r}")
        owners = []
        for w in self.workers:
            conn = http.client.HTTPConnection("127.0.0.1", w.port, timeout=5)
            conn.request(
                "POST",
                f"/socket.io/?EIO=4&transport=polling&sid={sid}",
                body=b"1",  # 1 = close
                headers={"Content-Type": "text/plain;charset=UTF-8"},
            )
            if conn.getresponse().status == 200:
                owners.append(w.index)
            conn.close()
        if len(owners) != 1:
            raise StackError(f"Engine.IO session {sid} is known by workers {owners}, not by exactly one")
        return owners[0]

    def setup_token(self) -> str:
        """The director's first-login token a worker printed at start (each prints one)."""
        for worker in self.workers:
            found = re.findall(r"/#/setup/([A-Za-z0-9_-]+)", worker.log())
            if found:
                return found[-1]
        raise StackError("no worker printed a first-login link")

    def sql(self, query: str, params: tuple = ()) -> list[tuple]:
        import psycopg

        with psycopg.connect(self.database_url) as conn:
            return conn.execute(query, params).fetchall()

    def describe(self) -> str:
        token = self.setup_token()
        rules = f"MAP {HOST_NAME} 127.0.0.1"
        return "\n".join(
            [
                f"pokerfloor production stack: Caddy → {len(self.workers)} workers → PostgreSQL, Redis",
                f"  URL          {self.url}",
                f"  first login  {self.url}/#/setup/{token}",
                f"  CA root      {self.ca_root}   (Caddy's internal CA; trust it in the browser you test with)",
                f"  Chromium     chromium --host-resolver-rules='{rules}' --user-data-dir={self.tmp / 'chromium'} "
                f"{self.url}   (untrusted CA: expect a warning unless its NSS db has the root)",
                f"  curl         curl --cacert {self.ca_root} --resolve {HOST_NAME}:{self.https_port}:127.0.0.1 "
                f"{self.url}/api/health",
                *[
                    f"  worker {w.index}     {w.url}   log {w.log_path}   cookie {LB_COOKIE}={self.lb_cookie(w.index)}"
                    for w in self.workers
                ],
                f"  database     {self.database_url}   ({self.init_output})",
                f"  Redis        {self.redis_url}   channel {self.channel}",
                f"  Caddy        {self.caddyfile} (imports {CADDYFILE})   log {self.caddy_log}",
            ]
        )


def _venv_python() -> str:
    """The checkout's virtualenv python for the workers (sys.executable when already in it)."""
    venv = ROOT / ".venv" / "bin" / "python"
    if sys.prefix != sys.base_prefix or not venv.exists():
        return sys.executable
    return str(venv)


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Caddy + 2 workers + PostgreSQL + Redis on this machine.")
    parser.add_argument("command", choices=["up"])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    venv = ROOT / ".venv" / "bin" / "python"
    if sys.prefix == sys.base_prefix and venv.exists():  # psycopg and redis live in the venv
        os.execv(str(venv), [str(venv), __file__, *(argv if argv is not None else sys.argv[1:])])
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # stop cleanly on `kill <pid>` too
    try:
        with LocalStack(workers=args.workers) as stack:
            print(stack.describe(), flush=True)
            print("Ctrl-C stops Caddy and the workers and drops the database.", flush=True)
            while all(p.poll() is None for p in [stack.caddy, *(w.proc for w in stack.workers)]):
                time.sleep(0.5)
            for name, proc, log in [
                ("caddy", stack.caddy, stack.caddy_log),
                *((f"worker {w.index}", w.proc, w.log_path) for w in stack.workers),
            ]:
                if proc.poll() is not None:
                    print(
                        f"{name} exited ({proc.returncode}):\n{log.read_text(errors='replace')[-3000:]}",
                        file=sys.stderr,
                    )
            return 1
    except KeyboardInterrupt:
        return 0
    except StackError as err:
        print(err, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
