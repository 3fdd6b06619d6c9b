"""A measured evening of many clubs through the production topology (on demand, not CI).

    .venv/bin/python tests/perf/bench_club_night.py [--clubs 10] [--players 40] [--tables 5]
        [--workers 3] [--minutes 4] [--pace 4]

On this machine, loopback only: Caddy (HTTPS, its internal CA) → `--workers` pokerfloor workers →
one fresh PostgreSQL database, Redis as the Socket.IO queue (deploy/local_stack.py, as deploy/
runs it). The server's admin creates `--clubs` clubs; each club's director signs in through his
invitation, registers `--players` players, draws `--tables` tables and starts the clock. Then, for
`--minutes` at most:

- a dealer bot per table (its own keep-alive HTTPS connection, its phone's socket) plays hands:
  the button drawn when the table has none, every ~`--pace` seconds (exponential) a `new_hand`, now and then a `chip_count` of every stack
  and a `record_bust` of a player at its table, at a rate that ends the tournaments in about the
  time given: an evening compressed ~20×. Every command has its op_id; a network error or a 5xx
  is retried with the same op_id, and one command in 20 is sent twice on purpose (a phone that
  never heard the first answer);
- each club's director bot reads the floor every ~8 s and applies the balancing moves, table
  breaks and the final table;
- every player's phone, each club's TV and each director hold a websocket (light raw Engine.IO
  clients, tests/perf/raw_sockets.py), each on its tournament's worker as Caddy routes a
  phone's `?tid=` (deploy/Caddyfile).

It prints per command type the ack p50/p99, the view delivery p50/p99 (command sent → the dealer's
table view, the busted player's own view and the club's TV with that seq), errors, the CPU of each
process, and then checks the event log: every acknowledged command's events are there once (the
op_ids of the log are exactly the acknowledged ones, each command's events end at the seq its
answer named), nothing unacknowledged is there, and a retried op_id got the same answer.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import threading
import time
import uuid
from collections import defaultdict
from pathlib import Path

import urllib3

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from local_stack import HOST_NAME, LocalStack  # noqa: E402
from procstat import cpu_seconds, pct  # noqa: E402
from raw_sockets import STOPPING, RawSockets  # noqa: E402

RETRIES = 6


class Phone:
    """One phone's HTTPS connection to the public host (Caddy), kept alive as a browser keeps it."""

    def __init__(self, stack: LocalStack, token: str | None = None):
        self.pool = urllib3.HTTPSConnectionPool(
            "127.0.0.1",
            stack.https_port,
            maxsize=1,
            server_hostname=HOST_NAME,
            assert_hostname=HOST_NAME,
            ca_certs=str(stack.ca_root),
            timeout=urllib3.Timeout(connect=5, read=15),
            retries=False,
        )
        self.host = f"{HOST_NAME}:{stack.https_port}"
        self.token = token
        self.device_id = uuid.uuid4().hex

    def request(self, method: str, path: str, body=None):
        headers = {"Host": self.host}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        r = self.pool.request(method, path, body=data, headers=headers)
        return r.status, (json.loads(r.data) if r.data and r.data[:1] in (b"{", b"[") else None)

    def ok(self, method: str, path: str, body=None, status=(200, 201)):
        code, answer = self.request(method, path, body)
        assert code in status, f"{method} {path}: {code} {answer}"
        return answer


class Ledger:
    """Every command sent: what was acknowledged, how long it took, what went wrong."""

    def __init__(self):
        self.lock = threading.Lock()
        self.ack_ms: dict[str, list[float]] = defaultdict(list)
        self.delivery_ms: dict[str, list[float]] = defaultdict(list)
        self.applied: dict[str, tuple[int, int]] = {}  # op_id -> (tournament, seq its answer named)
        self.refused: dict[str, int] = defaultdict(int)  # by the rules (409…): counted, not errors
        self.errors: list[str] = []
        self.retried = 0
        self.replays_same = 0
        self.replays_differ: list[str] = []
        self.missed_views: dict[str, int] = defaultdict(int)
        # The fault runs (fault_night.py): a phone's outbox never gives up on a command the server
        # did not decide, it waits as the answer's Retry-After says; every such answer is counted.
        self.patience_s: float | None = None  # None: RETRIES attempts, as the evening always did
        self.unanswered: dict[str, int] = defaultdict(int)  # "503 database_unavailable", "network", …
        self.sent = 0
        self.ack_order: list[float] = []  # every ack's ms in the order they came (soak.py's windows)
        # tournament -> when the answer to its last decided command arrived (perf_counter): its
        # phones' views cannot be right before that decision (fault_night.py's "behind")
        self.decided_at: dict[int, float] = {}

    def send(self, phone: Phone, tid: int, type: str, payload: dict) -> tuple[int | None, float]:
        """The command, retried with its op_id until the server answers; (seq or None, sent at)."""
        op_id = str(uuid.uuid4())
        body = {"op_id": op_id, "device_id": phone.device_id, "type": type, "payload": payload}
        t0 = time.perf_counter()
        code, answer = None, None
        with self.lock:
            self.sent += 1
        attempt = 0
        while attempt < RETRIES or (self.patience_s and time.perf_counter() - t0 < self.patience_s):
            try:
                code, answer = phone.request("POST", f"/api/tournaments/{tid}/commands", body)
                if code < 500:
                    break
            except (urllib3.exceptions.HTTPError, OSError) as err:
                code, answer = None, str(err)
            wait = 0.2 * 2 ** min(attempt, 4)
            with self.lock:
                self.retried += 1
                if code is None:
                    self.unanswered["network error"] += 1
                else:
                    error = answer.get("error") if isinstance(answer, dict) else None
                    self.unanswered[f"{code} {error}"] += 1
                    if isinstance(answer, dict) and isinstance(answer.get("retry_after"), int):
                        wait = min(wait, answer["retry_after"])  # told when: not later than that
            attempt += 1
            time.sleep(wait)
        ms = (time.perf_counter() - t0) * 1000
        with self.lock:
            if code is not None and code < 500:
                self.decided_at[tid] = time.perf_counter()
            if code == 200 and answer.get("status") == "applied":
                self.ack_ms[type].append(ms)
                self.ack_order.append(ms)
                self.applied[op_id] = (tid, answer["seq"])
            elif (
                code is not None
                and 400 <= code < 500
                and isinstance(answer, dict)
                and answer.get("status") == "rejected"
            ):
                self.refused[f"{type}:{answer.get('error')}"] += 1
                return None, t0
            else:
                self.errors.append(f"{type}: {code} {str(answer)[:160]}")
                return None, t0
        if random.random() < 0.05:  # a phone that never heard the answer sends it again
            again_code, again = phone.request("POST", f"/api/tournaments/{tid}/commands", body)
            with self.lock:
                if again_code == 200 and again.get("seq") == answer["seq"]:
                    self.replays_same += 1
                else:
                    self.replays_differ.append(f"{type} {op_id}: {again_code} {again}")
        return answer["seq"], t0

    def delivered(self, what: str, sent_at: float, arrived: float | None) -> None:
        with self.lock:
            if arrived is None:
                self.missed_views[what] += 1
            else:
                self.delivery_ms[what].append((arrived - sent_at) * 1000)


class Club:
    def __init__(self, stack: LocalStack, admin: Phone, n: int, args, sockets: RawSockets):
        invitation = admin.ok("POST", "/api/clubs", {"name": f"Club {n:02d}"})["invitation"]
        director = Phone(stack)
        setup = {"setup_token": invitation["url"].rsplit("/", 1)[1], "username": f"td{n:02d}", "password": "x" * 12}
        director.token = director.ok("POST", "/api/auth/setup", setup)["token"]
        self.director = director
        self.tid = director.ok("POST", "/api/tournaments", {"name": f"Night {n:02d}", "preset": "generic"})["id"]
        for i in range(args.players):
            cmd = {"op_id": str(uuid.uuid4()), "device_id": "desk", "type": "register_player"}
            director.ok("POST", f"/api/tournaments/{self.tid}/commands", {**cmd, "payload": {"name": f"P{n}-{i}"}})
        for type, payload in (("draw_seats", {"tables": args.tables}), ("start_clock", {})):
            cmd = {"op_id": str(uuid.uuid4()), "device_id": "desk", "type": type, "payload": payload}
            director.ok("POST", f"/api/tournaments/{self.tid}/commands", cmd)
        found = director.ok("GET", f"/api/tournaments/{self.tid}/links")
        self.tables = {t["table_no"]: t["url"].rsplit("/", 1)[1] for t in found["tables"]}
        self.player_socket = {
            p["entry_id"]: sockets.connect({"token": p["url"].rsplit("/", 1)[1]}, tournament=self.tid)
            for p in found["players"]
        }
        self.tv = sockets.connect({"token": found["display"]["url"].rsplit("/", 1)[1]}, tournament=self.tid)
        sockets.connect({"token": director.token}, subscribe=self.tid)
        self.finished = threading.Event()


def dealer_bot(club: Club, table_no: int, stack, sockets: RawSockets, ledger: Ledger, args, stop: threading.Event):
    phone = Phone(stack, club.tables[table_no])
    sock = sockets.connect({"token": phone.token}, keep=True, tournament=club.tid)
    sockets.wait(sock, "table", 0, timeout=15)
    # about every player out within the run (tables break as it goes, so fewer hands are dealt)
    p_bust = min(0.9, (args.players - 1) / args.tables * args.pace / (args.minutes * 60 * 0.5))
    while not stop.is_set() and not club.finished.is_set():
        time.sleep(random.expovariate(1 / args.pace))
        table = sockets.last(sock, "table") or {}
        seated = [s for s in table.get("seats", []) if s.get("entry_id")]
        if not seated:
            if table.get("broken"):
                break  # the director broke this table: its players play elsewhere
            continue
        if table.get("button") is None:  # the first button, or a redraw after moves (N-1.3, V-III.i)
            button = {"table_no": table_no, "seat": random.choice(seated)["seat"]}
            seq, t0 = ledger.send(phone, club.tid, "set_button", button)
            if seq is not None:
                ledger.delivered("table view (dealer)", t0, sockets.wait(sock, "table", seq))
        seq, t0 = ledger.send(phone, club.tid, "new_hand", {"table_no": table_no})
        if seq is not None:
            ledger.delivered("table view (dealer)", t0, sockets.wait(sock, "table", seq))
        if random.random() < 0.15:
            stacks = {str(s["seat"]): random.randrange(5_000, 60_000, 100) for s in seated}
            seq, t0 = ledger.send(phone, club.tid, "chip_count", {"table_no": table_no, "stacks": stacks})
            if seq is not None:
                ledger.delivered("table view (dealer)", t0, sockets.wait(sock, "table", seq))
        if random.random() < p_bust and len(seated) > 1:
            victim = random.choice(seated)["entry_id"]
            seq, t0 = ledger.send(phone, club.tid, "record_bust", {"entry_id": victim})
            if seq is not None:
                ledger.delivered("table view (dealer)", t0, sockets.wait(sock, "table", seq))
                ledger.delivered("player's own view", t0, sockets.wait(club.player_socket[victim], "player", seq))
                ledger.delivered("TV (public view)", t0, sockets.wait(club.tv, "public", seq))
    sockets.close(sock)


APPLY = {
    "move": lambda s: (
        "move_player",
        {"entry_id": s["entry_id"], "to_table": s["to_table"], "to_seat": s["to_seat"], "reason": "balancing"},
    ),
    "break": lambda s: ("break_table", {"table_no": s["table_no"]}),
    "final_table": lambda s: ("form_final_table", {}),
}


def director_bot(club: Club, ledger: Ledger, stop: threading.Event):
    while not stop.is_set() and not club.finished.is_set():
        time.sleep(random.uniform(6, 10))
        try:
            code, view = club.director.request("GET", f"/api/tournaments/{club.tid}/view")
        except (urllib3.exceptions.HTTPError, OSError) as err:
            ledger.errors.append(f"director GET: {err}")
            continue
        if code != 200:
            ledger.errors.append(f"director GET: {code}")
            continue
        if view.get("status") == "finished":
            club.finished.set()
            return
        for suggestion in view.get("suggestions", [])[:4]:
            if suggestion["kind"] in APPLY:
                ledger.send(club.director, club.tid, *APPLY[suggestion["kind"]](suggestion))


def _comm(proc: Path) -> str:
    try:
        return (proc / "comm").read_text().strip()
    except (FileNotFoundError, PermissionError, ProcessLookupError):
        return ""


def cpu_of(stack: LocalStack) -> dict[str, float]:
    found = {f"worker {w.index}": cpu_seconds(w.proc.pid) for w in stack.workers}
    found["caddy"] = cpu_seconds(stack.caddy.pid)
    postgres = 0.0
    for proc in Path("/proc").iterdir():  # the backends alive now (a closed connection's CPU is gone)
        if proc.name.isdigit() and _comm(proc) == "postgres":
            try:
                postgres += cpu_seconds(int(proc.name))
            except (FileNotFoundError, ProcessLookupError):
                pass
    found["postgres (all)"] = postgres
    redis = [p for p in Path("/proc").iterdir() if p.name.isdigit() and _comm(p) == "redis-server"]
    found["redis"] = sum(cpu_seconds(int(p.name)) for p in redis)
    ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    found["the whole machine (busy)"] = (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")
    found["this load generator"] = time.process_time()  # its ended bot threads included
    return found


def rss_mb(pid: int) -> float:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) / 1024
    return 0.0


def line(name: str, ms: list[float]) -> str:
    if not ms:
        return f"{name:<30} n=    0"
    return f"{name:<30} n={len(ms):5d}  p50={pct(ms, 50):7.1f} ms  p99={pct(ms, 99):7.1f} ms  max={max(ms):7.1f} ms  mean={statistics.mean(ms):6.1f} ms"


def check_log(stack: LocalStack, clubs: list[Club], ledger: Ledger) -> list[str]:
    """Every acknowledged command exactly once in the event log, and nothing else from the night."""
    tids = [c.tid for c in clubs]
    rows = stack.sql(
        "SELECT op_id, tournament_id, MIN(seq), MAX(seq), COUNT(*) FROM event "
        "WHERE tournament_id = ANY(%s) AND op_id IS NOT NULL GROUP BY op_id, tournament_id",
        (tids,),
    )
    in_log = {op: (tid, lo, hi, n) for op, tid, lo, hi, n in rows}
    problems = []
    night = set(ledger.applied)
    for op_id, (tid, seq) in ledger.applied.items():
        found = in_log.get(op_id)
        if found is None:
            problems.append(f"acknowledged {op_id} (seq {seq}) is not in the log")
        elif found[0] != tid or found[2] != seq or found[3] != found[2] - found[1] + 1:
            problems.append(f"{op_id}: answered seq {seq}, log has {found}")
    extra = [op for op in in_log if op not in night]
    setup = stack.sql("SELECT COUNT(DISTINCT op_id) FROM op_receipt WHERE device_id = 'desk'")[0][0]
    if len(extra) != setup:  # the desk's setup commands (registrations, draws) are the only others
        problems.append(f"{len(extra)} op_ids in the log not acknowledged to a bot (the setup made {setup})")
    gaps = stack.sql(
        "SELECT tournament_id, COUNT(*), MAX(seq) FROM event WHERE tournament_id = ANY(%s) GROUP BY tournament_id",
        (tids,),
    )
    problems += [f"tournament {t}: {n} events, last seq {m}: a gap" for t, n, m in gaps if n != m]
    return problems


def open_the_evening(stack) -> tuple[Phone, RawSockets]:
    """The server's admin signed up, and the raw sockets every phone of the evening opens through
    Caddy (TLS with the stack's CA)."""
    admin = Phone(stack)
    first = {"setup_token": stack.setup_token(), "username": "admin", "password": "x" * 12}
    admin.token = admin.ok("POST", "/api/auth/setup", first)["token"]
    sockets = RawSockets(
        f"https://127.0.0.1:{stack.https_port}",
        host=f"{HOST_NAME}:{stack.https_port}",
        sslopt={"ca_certs": str(stack.ca_root), "server_hostname": HOST_NAME},
    )
    return admin, sockets


def start_bots(
    clubs: list[Club], stack, sockets: RawSockets, ledger: Ledger, args, stop: threading.Event
) -> list[threading.Thread]:
    """A dealer bot per table and a director bot per club, started; they play until `stop`."""
    bots = [
        threading.Thread(target=dealer_bot, args=(c, n, stack, sockets, ledger, args, stop), daemon=True)
        for c in clubs
        for n in c.tables
    ] + [threading.Thread(target=director_bot, args=(c, ledger, stop), daemon=True) for c in clubs]
    for bot in bots:
        bot.start()
    return bots


def play_until(clubs: list[Club], bots: list[threading.Thread], stop: threading.Event, deadline: float) -> None:
    """Until `deadline` (perf_counter) or every club's tournament is won; then the bots stop."""
    while time.perf_counter() < deadline and not all(c.finished.is_set() for c in clubs):
        time.sleep(1)
    stop.set()
    for bot in bots:
        bot.join(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clubs", type=int, default=10)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--minutes", type=float, default=4.0, help="at most this long (the tournaments may end first)")
    parser.add_argument("--pace", type=float, default=4.0, help="seconds between hands at a table (mean)")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--idle", type=float, default=30, help="seconds of open phones and no command, measured first")
    parser.add_argument("--logs", help="keep the workers' and Caddy's logs in this directory")
    args = parser.parse_args()
    random.seed(args.seed)
    os.environ["BACKUP_AUTO"] = "0"  # as the other benches: no backup copy inside a timed command
    with LocalStack(args.logs, workers=args.workers) as stack:
        print(f"Caddy → {args.workers} workers → PostgreSQL, Redis; {stack.url}", flush=True)
        admin, sockets = open_the_evening(stack)
        t0 = time.perf_counter()
        clubs = [Club(stack, admin, n, args, sockets) for n in range(1, args.clubs + 1)]
        print(
            f"{args.clubs} clubs × {args.players} players on {args.tables} tables set up in "
            f"{time.perf_counter() - t0:.0f} s; {sockets.count} phones' websockets open",
            flush=True,
        )
        if args.idle:  # what the open sockets cost with nobody playing (pings, timers)
            before, t_idle = cpu_of(stack), time.perf_counter()
            time.sleep(args.idle)
            after, t_idle = cpu_of(stack), time.perf_counter() - t_idle
            servers = [k for k in after if k.startswith(("worker", "caddy", "postgres", "redis"))]
            used = sum(after[k] - before[k] for k in servers)
            print(
                f"idle, {sockets.count} sockets open: the servers use {used / t_idle * 100:.1f} % of one core "
                f"({used / t_idle / sockets.count * 1e6:.0f} µs of CPU per socket per second): "
                + ", ".join(f"{k} {(after[k] - before[k]) / t_idle * 100:.1f} %" for k in servers),
                flush=True,
            )
        ledger, stop = Ledger(), threading.Event()
        cpu_before, started = cpu_of(stack), time.perf_counter()
        bots = start_bots(clubs, stack, sockets, ledger, args, stop)
        play_until(clubs, bots, stop, started + args.minutes * 60)
        elapsed = time.perf_counter() - started
        cpu_after = cpu_of(stack)
        time.sleep(2)  # the last views
        STOPPING.set()

        commands = sum(len(v) for v in ledger.ack_ms.values())
        finished = sum(c.finished.is_set() for c in clubs)
        print(
            f"\n{elapsed:.0f} s of play: {commands} commands applied ({commands / elapsed:.1f}/s), "
            f"{sum(ledger.refused.values())} refused by the rules, {len(ledger.errors)} errors, "
            f"{ledger.retried} retries, {ledger.replays_same} deliberate replays answered the same, "
            f"{len(ledger.replays_differ)} differently; {finished} of {len(clubs)} tournaments finished"
        )
        print("ack (command sent → answer), through Caddy over HTTPS:")
        for type, ms in sorted(ledger.ack_ms.items()):
            print("  " + line(type, ms))
        print("  " + line("all commands", [m for ms in ledger.ack_ms.values() for m in ms]))
        print("view delivery (command sent → view with its seq on the phone):")
        for what, ms in sorted(ledger.delivery_ms.items()):
            print("  " + line(what, ms))
        print(f"  views not arrived within 5 s: {dict(ledger.missed_views) or 0}")
        print(f"CPU seconds during the play ({os.cpu_count()} cores: {os.cpu_count() * elapsed:.0f} s in all):")
        for name in cpu_after:
            used = cpu_after[name] - cpu_before.get(name, 0.0)
            print(f"  {name:<22} {used:7.1f} s  ({used / elapsed * 100:5.1f} % of one core)")
        memory = {f"worker {w.index}": rss_mb(w.proc.pid) for w in stack.workers} | {"caddy": rss_mb(stack.caddy.pid)}
        print("memory (RSS) at the end: " + ", ".join(f"{k} {v:.0f} MB" for k, v in memory.items()))
        if ledger.refused:
            print("refused by the rules:", dict(sorted(ledger.refused.items())))
        for err in ledger.errors[:10] + ledger.replays_differ[:5]:
            print("  error:", err)
        problems = check_log(stack, clubs, ledger)
        print(
            f"event log: {len(ledger.applied)} acknowledged commands, "
            + ("each exactly once, no gap" if not problems else f"{len(problems)} problems")
        )
        for p in problems[:20]:
            print("  ", p)
        return 1 if problems or ledger.replays_differ else 0


if __name__ == "__main__":
    sys.exit(main())
