"""A real pokerfloor server process for tests: started by absolute path, stopped by PID."""

from __future__ import annotations

import atexit
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
from local_stack import free_port  # noqa: E402  (one place: ports outside the ephemeral range)


def wait_until_up(proc: subprocess.Popen, health_url: str, log_path: Path, timeout_s: float = 60) -> None:
    """Until `health_url` answers; a process that exits first fails with the end of its log."""
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log_path.read_text()[-3000:]}")
        try:
            if requests.get(health_url, timeout=1).ok:
                return
        except requests.RequestException:
            time.sleep(0.1)
    raise RuntimeError(f"server did not start in {timeout_s:.0f} s")


class ForkedServer:
    """A server forked by tests/server_zygote.py, as much of a `subprocess.Popen` as the tests use:
    its pid, poll() and wait(). The kernel reaps it; its exit code is the file it leaves."""

    def __init__(self, pid: int, log_path: Path):
        self.pid, self.returncode = pid, None
        self.exit_path = Path(f"{log_path}.exit-{pid}")  # server_zygote.exit_file

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                code = self.exit_path.read_text() if self.exit_path.exists() else ""
                self.returncode = int(code) if code else -signal.SIGKILL  # killed: it wrote nothing
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0)
            time.sleep(0.02)
        return self.returncode or 0


class Zygote:
    """This pytest process's warm parent of server processes (tests/server_zygote.py)."""

    def __init__(self):
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.namespaces = namespaces()
        self.template = Path(tempfile.mkdtemp(prefix="pokerfloor-template-")) / "pokerfloor.db"
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "tests" / "server_zygote.py"), str(self.template)],
            cwd=ROOT,
            env={**env, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout
        if self.proc.stdout.readline().strip() != "ready":  # the template is migrated
            raise OSError("the server zygote did not start")

    def spawn(self, argv: list[str], env: dict, log_path: Path) -> ForkedServer:
        assert self.proc.stdin and self.proc.stdout
        request = {"argv": argv, "env": env, "cwd": str(ROOT), "log": str(log_path)}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return ForkedServer(int(self.proc.stdout.readline()), log_path)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        shutil.rmtree(self.template.parent, ignore_errors=True)


_zygote: Zygote | None = None
# What a new interpreter reads as it starts (a test's sitecustomize on PYTHONPATH, coverage's
# start-up hook): a forked server would miss it.
INTERPRETER_START = ("COVERAGE_PROCESS_START", "LD_PRELOAD")


def namespaces() -> tuple[str, ...]:
    """The network and host-name namespaces a child starts in (tests/laptop.py enters others)."""
    return tuple(os.readlink(f"/proc/self/ns/{kind}") for kind in ("net", "uts"))


def warm_start_fits(env: dict) -> bool:
    if _zygote is not None and _zygote.namespaces != namespaces():
        return False  # the zygote's children would listen on the host, not on the laptop's Wi-Fi
    started = (k for k in {*env, *os.environ} if k.startswith("PYTHON") and k != "PYTHONUNBUFFERED")
    if any(env.get(k) != os.environ.get(k) for k in started):
        return False
    return not any(env.get(k) or os.environ.get(k) for k in INTERPRETER_START)


def warm_zygote() -> Zygote:
    """This pytest process's zygote, started (or started again) when needed."""
    global _zygote
    if _zygote is None or _zygote.proc.poll() is not None:
        _zygote = Zygote()
        atexit.register(_zygote.close)
    return _zygote


def copy_migrated_template(db_path: Path, env: dict) -> None:
    """A new SQLite database starts as a copy of the zygote's migrated one (tests/server_zygote.py)
    rather than migrating itself. Where a server would not be forked (coverage measures a new
    interpreter's migrations) or no zygote starts, the server migrates as usual."""
    if db_path.exists() or not warm_start_fits(env):
        return
    try:
        template = warm_zygote().template
    except (OSError, ValueError):
        return
    shutil.copyfile(template, db_path)


def spawn_server(argv: list[str], env: dict, log_file) -> subprocess.Popen | ForkedServer:
    """`pokerfloor <argv>` as a server process: forked from the warm zygote (about 2.5 s less CPU
    than a new interpreter), or a new interpreter where the zygote cannot serve: what only a new
    interpreter reads (`warm_start_fits`), or a zygote that has died."""
    global _zygote
    if warm_start_fits(env):
        try:
            return warm_zygote().spawn(argv, env, Path(log_file.name))
        except (OSError, ValueError):
            _zygote = None  # a broken pipe or no pid: start it the slow way
    return subprocess.Popen(
        [sys.executable, "-m", "backend.cli", *argv], cwd=ROOT, env=env, stdout=log_file, stderr=subprocess.STDOUT
    )


class ServerProcess:
    def __init__(
        self,
        var_dir: Path,
        database_url: str | None = None,
        port: int | None = None,
        args: list[str] = (),
        env: dict | None = None,
        migrate: bool = True,
    ):
        """`args` go to `pokerfloor serve` (e.g. --https), `env` over the test defaults; `migrate`
        False for a further worker on a PostgreSQL database another one migrated."""
        self.args, self.extra_env, self.migrate = list(args), dict(env or {}), migrate
        self.var_dir = Path(var_dir)
        self.var_dir.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.database_url = database_url or f"sqlite:///{self.var_dir / 'pokerfloor.db'}"
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | ForkedServer | None = None
        self._log = None  # the server's output file while it runs
        self.log_path = self.var_dir / f"server-{self.port}.log"

    def start(self) -> ServerProcess:
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "POKERFLOOR_VAR": str(self.var_dir),
            "SECRET_KEY": "test-secret-key-not-for-production",
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "PYTHONUNBUFFERED": "1",
            **self.extra_env,
        }
        self._log = open(self.log_path, "a")
        if self.migrate and self.database_url == f"sqlite:///{self.var_dir / 'pokerfloor.db'}":
            copy_migrated_template(self.var_dir / "pokerfloor.db", env)
        if self.migrate and not self.database_url.startswith("sqlite"):  # as deploy/: migrate once, then serve
            subprocess.run(
                [sys.executable, "-m", "backend.cli", "init"],
                cwd=ROOT,
                env=env,
                check=True,
                stdout=self._log,
                stderr=subprocess.STDOUT,
                timeout=60,
            )
        self.proc = spawn_server(["serve", *self.args], env, self._log)
        try:
            wait_until_up(self.proc, self.url + "/api/health", self.log_path)
        except BaseException:
            self.kill()  # a server that did not come up must not outlive its test (and its pytest worker)
            raise
        return self

    def setup_token(self) -> str:
        match = re.findall(r"/#/setup/([A-Za-z0-9_-]+)", self.log_path.read_text())
        assert match, "server printed no first-login link"
        return match[-1]

    def kill(self, sig=signal.SIGKILL) -> None:
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, sig)
            self.proc.wait(timeout=10)
        if self._log is not None:
            self._log.close()  # a test that kills and starts a new server must not leave it open

    def stop(self) -> None:
        self.kill(signal.SIGTERM)


class CommandSender:
    """The command protocol as the PWA speaks it, over any client with `post` and `device_id`."""

    device_id: str  # and a post(path, json=…) of the client class it is mixed into

    def command(
        self, tid: int, type: str, payload: dict | None = None, op_id: str | None = None, at: int | None = None
    ):
        body = {
            "op_id": op_id or str(uuid.uuid4()),
            "device_id": self.device_id,
            "type": type,
            "payload": payload or {},
        }
        if at is not None:
            body["at"] = at
        return self.post(f"/api/tournaments/{tid}/commands", json=body)


class Api(CommandSender):
    """A thin HTTP client that speaks the command protocol like the PWA does."""

    def __init__(self, base: str, token: str | None = None, device_id: str | None = None):
        self.base, self.token = base, token
        self.device_id = device_id or uuid.uuid4().hex
        self.http = requests.Session()

    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def get(self, path: str, **kw):
        return self.http.get(self.base + path, headers={**self.headers(), **kw.pop("headers", {})}, timeout=10, **kw)

    def post(self, path: str, json=None, **kw):
        return self.http.post(
            self.base + path, json=json, timeout=10, headers={**self.headers(), **kw.pop("headers", {})}, **kw
        )

    def patch(self, path: str, json=None, **kw):
        return self.http.patch(
            self.base + path, json=json, timeout=10, headers={**self.headers(), **kw.pop("headers", {})}, **kw
        )

    def put(self, path: str, json=None, **kw):
        return self.http.put(
            self.base + path, json=json, timeout=10, headers={**self.headers(), **kw.pop("headers", {})}, **kw
        )


def director(server: ServerProcess, username="td", password="correct horse") -> Api:
    api = Api(server.url)
    r = api.post("/api/auth/setup", {"setup_token": server.setup_token(), "username": username, "password": password})
    if r.status_code == 401:  # already set up (a restarted server): log in
        r = api.post("/api/auth/login", {"username": username, "password": password})
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


def seated_tournament(api: Api, players: int = 20, tables: int = 2) -> int:
    r = api.post("/api/tournaments", {"name": "Monday", "preset": "generic"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, players + 1):
        assert api.command(tid, "register_player", {"name": f"Player {i:02d}"}).status_code == 200
    assert api.command(tid, "draw_seats", {"tables": tables}).status_code == 200
    return tid


def command_ok(api: Api, tid: int, type: str, payload: dict | None = None) -> dict:
    """Send a command that must be applied; returns the answer."""
    r = api.command(tid, type, payload or {})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "applied", body
    return body


def links(api: Api, tid: int) -> dict:
    r = api.get(f"/api/tournaments/{tid}/links")
    assert r.status_code == 200, r.text
    return r.json()


def token_of(url: str) -> str:
    """The token of a QR link: the last part of its fragment."""
    return url.rsplit("/", 1)[1]


def read_db(server: ServerProcess, sql: str, params: tuple = ()) -> list[tuple]:
    """Rows from the server's database (SQLite opened read-only; PostgreSQL in its test schema),
    while the server keeps running. Parameters as `?`."""
    import sqlite3

    if server.database_url.startswith("postgresql"):
        import psycopg

        with psycopg.connect(server.database_url, autocommit=True) as con:
            return [tuple(row) for row in con.execute(sql.replace("?", "%s"), params).fetchall()]

    path = server.database_url.split("sqlite:///", 1)[1]
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def health_watch(url: str):
    """A thread that records in box["t"] (time.monotonic) when /api/health first answers, polling
    every 10 ms: the moment a restarted server is back. Returns (box, thread)."""
    import threading

    box = {}

    def run():
        while "t" not in box:
            try:
                if requests.get(url + "/api/health", timeout=0.5).ok:
                    box["t"] = time.monotonic()
                    return
            except requests.RequestException:
                pass
            time.sleep(0.01)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return box, thread


def view(api: Api, tid: int) -> dict:
    """The caller's view of the tournament (the director's, a dealer's table, a player's seat)."""
    r = api.get(f"/api/tournaments/{tid}/view")
    assert r.status_code == 200, r.text
    return r.json()


def view_when(api: Api, tid: int, ready, timeout: float = 10.0) -> dict:
    """The view once `ready(view)` holds: a phone's command is acknowledged before the screen
    that sent it hears back, so a test reading the server right after a tap waits for it."""
    deadline = time.monotonic() + timeout
    while True:
        v = view(api, tid)
        if ready(v) or time.monotonic() > deadline:
            return v
        time.sleep(0.05)


def public(api: Api, tid: int) -> dict:
    """The public view (TV, players' phones)."""
    r = api.get(f"/api/tournaments/{tid}/public")
    assert r.status_code == 200, r.text
    return r.json()


def seat_of(api: Api, tid: int, entry_id: int):
    """(table_no, seat) where the player sits, from the director's view; None when he sits nowhere."""
    for table in view(api, tid)["tables"]:
        for s in table["seats"]:
            if s["entry_id"] == entry_id:
                return table["table_no"], s["seat"]
    return None


def club_director(server: ServerProcess, invitation_url: str, username: str, password: str = "a long password") -> Api:
    """A director set up through an invitation link (issue 18: it names his club and access)."""
    api = Api(server.url)
    r = api.post(
        "/api/auth/setup", {"setup_token": token_of(invitation_url), "username": username, "password": password}
    )
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


def invited(api: Api, access: str = "full", tournament_id: int | None = None) -> str:
    """An invitation link into the caller's club."""
    body: dict = {"access": access}
    if tournament_id is not None:
        body["tournament_id"] = tournament_id
    r = api.post("/api/directors/invite", body)
    assert r.status_code == 201, r.text
    return r.json()["url"]


def new_club(admin: Api, name: str) -> str:
    """A club created by the server's admin; returns the invitation for its first director."""
    r = admin.post("/api/clubs", {"name": name})
    assert r.status_code == 201, r.text
    return r.json()["invitation"]["url"]


def dealt_table(api: Api, names: list[str], preset: str = "generic") -> tuple[int, list[dict]]:
    """One table of `names`, the clock running and the first hand dealt (the button on the lowest
    seat): (tournament id, the seats in order)."""
    r = api.post("/api/tournaments", {"name": "Monday", "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for name in names:
        command_ok(api, tid, "register_player", {"name": name})
    command_ok(api, tid, "draw_seats", {"tables": 1})
    command_ok(api, tid, "start_clock")
    seats = sorted(api.get(f"/api/tournaments/{tid}/view").json()["tables"][0]["seats"], key=lambda s: s["seat"])
    command_ok(api, tid, "set_button", {"table_no": 1, "seat": seats[0]["seat"]})
    command_ok(api, tid, "new_hand", {"table_no": 1})  # button seats[0], SB seats[1], BB seats[2]
    return tid, seats
