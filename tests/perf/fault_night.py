"""Faults in the middle of an evening, on the production topology (bench_club_night.py's clubs,
dealers and phones): Caddy → workers → a PostgreSQL and a Redis of this run's own
(throwaway_services.py: they are restarted, the shared ones never are).

For each fault the dealers and directors play while it happens; when it is over they stop, and
then every phone's views are compared with what the server now answers for them. Measured and
checked per fault (tests/test_faults.py asserts them, tests/perf/bench_faults.py prints them):

- commands sent, acknowledged, refused by the rules, given up (a phone's outbox never gives up:
  it waits as Retry-After says, up to `patience_s`), the answers while it lasted (503, 500 …);
- lost (an acknowledged op_id not in the event log) and doubled (its events there twice, or not
  ending at the seq its answer named);
- recovered: every phone's socket holds the views the server answers now, and when the last one
  got there after the fault ended (its views' arrival, not this check's polling).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from types import SimpleNamespace

from bench_club_night import Club, Ledger, Phone, open_the_evening, start_bots
from local_stack import LocalStack
from raw_sockets import STOPPING
from throwaway_services import ThrowawayPostgres, ThrowawayRedis

VOLATILE = ("seq", "server_time")  # stamped at rendering: two renders of one state differ there only
GET_FOR = {"public": "public", "display": "display", "player": "view", "table": "view", "signup": "view"}


@dataclass
class FaultResult:
    name: str
    down_s: float
    sent: int = 0
    acknowledged: int = 0
    refused: int = 0
    given_up: list[str] = field(default_factory=list)
    answers: dict[str, int] = field(default_factory=dict)  # the not-decided answers during the fault
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)  # phones whose views never came right
    recovery_s: float | None = None  # the fault's end → the last view that made every phone right
    behind_s: float | None = None  # the longest a tournament's phones stayed behind its last decision
    reconnects: int = 0
    during: object = None  # what run(during=) returned

    @property
    def server_errors(self) -> int:
        """Answers that are neither a decision nor a clear "try again": 500s, 502s (Caddy with no worker)."""
        return sum(n for k, n in self.answers.items() if k.split()[0] in ("500", "502", "504"))

    def row(self) -> str:
        answers = ", ".join(f"{k} ×{n}" for k, n in sorted(self.answers.items())) or "none"
        recovered = f"{self.recovery_s:5.1f} s" if self.recovery_s is not None else "  never"
        behind = f"{self.behind_s:5.1f} s" if self.behind_s is not None else "  never"
        return (
            f"{self.name:<24} {self.down_s:5.1f} s {self.sent:6d} {self.acknowledged:6d} {self.refused:5d} "
            f"{len(self.given_up):5d} {len(self.lost):4d} {len(self.doubled):7d} {recovered} {behind}  {answers}"
        )


HEADER = (
    f"{'fault':<24} {'down':>7} {'sent':>6} {'acked':>6} {'ruled':>5} {'gave':>5} {'lost':>4} {'doubled':>7} "
    f"{'views ok':>7} {'behind':>7}  answers while not decided (retried with the same op_id)"
)


class FaultNight:
    """One stack, its clubs and phones, shared by every fault run (set up once)."""

    def __init__(self, clubs: int = 3, players: int = 12, tables: int = 2, workers: int = 2, pace: float = 0.5):
        self.args = SimpleNamespace(players=players, tables=tables, pace=pace, minutes=30.0)
        self.postgres, self.redis, self.stack = ThrowawayPostgres(), ThrowawayRedis(), None
        try:
            self._set_up(clubs, workers)
        except BaseException:
            self.close()
            raise

    def _set_up(self, clubs: int, workers: int) -> None:
        self.postgres.start()
        self.redis.start()
        self.stack = LocalStack(workers=workers, pg_url=self.postgres.url, redis_url=self.redis.url, caddy_admin=True)
        self.stack.start()
        admin, self.sockets = open_the_evening(self.stack)
        self.sockets.reconnect = self.sockets.keep_all = True
        self.clubs = [Club(self.stack, admin, n, self.args, self.sockets) for n in range(1, clubs + 1)]

    def close(self) -> None:
        STOPPING.set()
        try:
            if self.stack is not None:
                self.stack.stop()
        finally:
            self.redis.close()
            self.postgres.close()

    # -- the faults ---------------------------------------------------------------------------
    def faults(self, down_s: float) -> dict[str, tuple[Callable[[], None], Callable[[], None]]]:
        """name → (begin, end): the service gone for `down_s` between the two."""
        stack = self.stack
        return {
            "no fault (control)": (lambda: None, lambda: None),
            "Redis restarted": (self.redis.stop, self.redis.start),
            "PostgreSQL restarted": (self.postgres.stop, self.postgres.start),
            "worker SIGKILL, restarted": (
                lambda: _kill(stack.workers[0].proc),
                lambda: stack.restart_worker(0),
            ),
            "Caddy reloaded": (lambda: stack.reload_caddy(stack.workers[::-1]), lambda: None),
        }

    def run(
        self,
        name: str,
        down_s: float,
        lead_s: float = 1.5,
        patience_s: float = 90,
        during: Callable[[], object] | None = None,
    ) -> FaultResult:
        """The fault while the phones play. `during` is called once the service is gone (its
        time counts into `down_s`); what it returns is the result's `during`."""
        begin, end = self.faults(down_s)[name]
        down_s = 0.0 if name in ("Caddy reloaded", "no fault (control)") else down_s
        ledger = Ledger()
        ledger.patience_s = patience_s
        reconnects = self.sockets.reconnects
        stop = threading.Event()
        for club in self.clubs:
            club.finished.clear()
        bots = start_bots(self.clubs, self.stack, self.sockets, ledger, self.args, stop)
        time.sleep(lead_s)
        begin()
        gone = time.perf_counter()
        probed = during() if during is not None else None
        time.sleep(max(0.0, down_s - (time.perf_counter() - gone)))
        end()
        ended = time.perf_counter()
        stop.set()  # the phones stop with the fault; what they were sending goes on until answered
        for bot in bots:
            bot.join(timeout=patience_s + 30)
        result = FaultResult(name, down_s)
        result.sent, result.acknowledged = ledger.sent, len(ledger.applied)
        result.refused = sum(ledger.refused.values())
        result.given_up = [e for e in ledger.errors if not e.startswith("director GET")]
        result.answers = dict(ledger.unanswered)
        for e in ledger.errors:  # the directors' floor reads: not commands, tried again at the next round
            if e.startswith("director GET"):
                result.answers[f"GET {e.split(': ', 1)[1]}"] = result.answers.get(f"GET {e.split(': ', 1)[1]}", 0) + 1
        result.lost, result.doubled = self.check_log(ledger)
        result.recovery_s, result.behind_s, result.stale = self.views_recovered(ended, ledger.decided_at)
        result.reconnects = self.sockets.reconnects - reconnects
        result.during = probed
        return result

    # -- the checks ---------------------------------------------------------------------------
    def check_log(self, ledger: Ledger) -> tuple[list[str], list[str]]:
        """(lost, doubled) among the acknowledged op_ids of this run."""
        ops = list(ledger.applied)
        rows = self.stack.sql(
            "SELECT op_id, tournament_id, MIN(seq), MAX(seq), COUNT(*) FROM event WHERE op_id = ANY(%s) "
            "GROUP BY op_id, tournament_id",
            (ops,),
        )
        in_log = {op: (tid, lo, hi, n) for op, tid, lo, hi, n in rows}
        lost = [op for op in ops if op not in in_log]
        doubled = [
            f"{op}: answered seq {ledger.applied[op][1]}, log has {in_log[op]}"
            for op in ops
            if op in in_log
            and (in_log[op][2] != ledger.applied[op][1] or in_log[op][3] != in_log[op][2] - in_log[op][1] + 1)
        ]
        return lost, doubled

    def views_recovered(
        self, ended: float, decided_at: dict[int, float], timeout: float = 30
    ) -> tuple[float | None, float | None, list[str]]:
        """Until every phone's views are what the server answers now: (seconds from `ended` to the
        arrival of the last view that made them so; the longest any tournament's phones waited for
        it after the later of `ended` and that tournament's last decided command (a phone sees a
        decision's views only after it, and the phones finish what they were sending after the
        fault: this leaves their own commands out and keeps a view the fault lost); the phones
        still wrong at the timeout). The first two are None when they never got right."""
        deadline = time.perf_counter() + timeout
        wrong: list[str] = []
        while True:
            wrong, latest = self._compare()
            if not wrong:
                last = max(latest.values(), default=ended)
                behind = [arrived - max(ended, decided_at.get(tid, ended)) for tid, arrived in latest.items()]
                return max(0.0, last - ended), max([0.0, *behind]), []
            if time.perf_counter() > deadline:
                return None, None, wrong
            time.sleep(0.5)

    def _compare(self) -> tuple[list[str], dict[int, float]]:
        with self.sockets.changed:
            held = {
                sock: {kind: (text, self.sockets.newest[sock][kind][1]) for kind, text in kinds.items()}
                for sock, kinds in self.sockets.kept.items()
                if sock in self.sockets.sockets
            }
        wanted: dict[tuple[str, str, int], list[tuple[int, str, str, float]]] = {}
        for sock, kinds in held.items():
            token = self.sockets.auth[sock][0]["token"]
            for kind, (text, arrived) in kinds.items():
                if kind not in GET_FOR:
                    continue  # the director's deltas: his phone GETs the whole view on a gap
                view = _parse(text)
                what = GET_FOR[kind]
                key = (token if what == "view" else "", what, view["tournament_id"])
                wanted.setdefault(key, []).append((sock, kind, text, arrived))
        director = self.clubs[0].director  # public and display views: any director of… his own club only
        by_club = {c.tid: c.director for c in self.clubs}

        def fetch(key):
            token, what, tid = key
            phone = Phone(self.stack, token or by_club.get(tid, director).token)
            try:
                code, answer = phone.request("GET", f"/api/tournaments/{tid}/{what}")
            finally:
                phone.pool.close()
            return key, code, answer

        wrong: list[str] = []
        latest: dict[int, float] = {}  # tournament -> its phones' last right view's arrival
        with ThreadPoolExecutor(4) as pool:
            for key, code, answer in pool.map(fetch, wanted):
                for sock, kind, text, arrived in wanted[key]:
                    held_view = _strip(_parse(text))
                    if code != 200 or held_view != _strip(answer):
                        differ = sorted(
                            k for k in set(held_view) | set(_strip(answer)) if held_view.get(k) != answer.get(k)
                        )
                        wrong.append(f"socket {sock} {kind} (tournament {key[2]}): GET {code}, differs in {differ}")
                    else:
                        latest[key[2]] = max(latest.get(key[2], 0.0), arrived)
        return wrong, latest


def _parse(text: str) -> dict:
    import json

    return json.loads(text[2:])[1]


def _strip(view) -> dict:
    if not isinstance(view, dict):
        return {}
    return {k: v for k, v in view.items() if k not in VOLATILE}


def _kill(proc) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
