"""Registration opening as a burst (issue 31): hundreds of phones sign up for one tournament in the
same seconds, through real server processes. Shared by tests/test_sign_up_burst.py (which checks
the outcome) and tests/perf/bench_sign_up_burst.py (which times it).

The phones are threads, each with its own keep-alive connection (a phone's browser), released at
once by a gate; phone i talks to worker i mod len(workers). A phone whose connection fails retries
with the same op_id (the PWA's outbox does): the answer is the same, never a second sign-up.
"""

from __future__ import annotations

import json
import threading
import time
import unicodedata
import uuid
from dataclasses import dataclass, field

import requests

from server import Api, ServerProcess, command_ok, read_db

HOUR_MS = 3600 * 1000
# A person typed twice, the second time without accents or in other case and spacing: the same
# person (read/league.py search_key folds them alike), so one of the two is refused duplicate_name.
TWICE = [
    ("Jürg Meier", "Jurg Meier"),
    ("Zoë Brunner", "Zoe Brunner"),
    ("Anna Weiß", "anna  WEISS"),
    ("René Favre", "Rene Favre"),
]
# A person the club knows from an earlier night (registered at the desk); a phone types his name
# without the umlaut and signs up as him (canonical_name), no second person.
KNOWN = ("Hans Müller", "Hans Muller")
FIRST = [
    "Lukas",
    "Noah",
    "Leon",
    "Elias",
    "Luca",
    "Levin",
    "Matteo",
    "Nico",
    "Jonas",
    "Tim",
    "Lea",
    "Mia",
    "Emma",
    "Lina",
    "Lara",
    "Nina",
    "Sara",
    "Léa",
    "Chloé",
    "Zoé",
]
LAST = [
    "Keller",
    "Frei",
    "Rossi",
    "Weber",
    "Huber",
    "Schmid",
    "Baumann",
    "Graf",
    "Fischer",
    "Gerber",
    "Brunner",
    "Steiner",
    "Moser",
    "Wyss",
    "Bühler",
    "Zürcher",
    "Lüthi",
    "Schär",
    "Gómez",
    "Dubois",
    "Girard",
    "Rochat",
    "Pittet",
    "Favre",
    "Berset",
    "Imhof",
    "Kälin",
    "Bachmann",
    "Egli",
    "Suter",
]


def fold(name: str) -> str:
    """As read/league.py search_key: spaces, case and accents aside."""
    decomposed = unicodedata.normalize("NFKD", " ".join(name.split()).casefold().replace("ß", "ss"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def people(n: int) -> list[str]:
    """`n` persons, no two alike once folded: the first of each TWICE pair and the known person's
    accentless spelling among them, spread through the list."""
    special = [a for a, _ in TWICE] + [KNOWN[1]]
    taken = {fold(s) for s in special} | {fold(b) for _, b in TWICE} | {fold(KNOWN[0])}
    names: list[str] = []
    number = 0
    while len(names) < n - len(special):
        first, last = FIRST[number % len(FIRST)], LAST[(number // len(FIRST)) % len(LAST)]
        suffix = number // (len(FIRST) * len(LAST))
        name = f"{first} {last}" + (f" {suffix + 1}" if suffix else "")
        number += 1
        if fold(name) not in taken:
            taken.add(fold(name))
            names.append(name)
    step = max(1, len(names) // (len(special) + 1))
    for i, s in enumerate(special):
        names.insert((i + 1) * step + i, s)
    return names[:n]


def typed(n: int) -> list[str]:
    """What the phones send: the `n` persons and, next to each TWICE pair's first spelling, its second."""
    out = []
    seconds = dict(TWICE)
    for name in people(n):
        out.append(name)
        if name in seconds:
            out.append(seconds[name])
    return out


def open_tournament(td: Api, name: str = "Monday Deepstack") -> int:
    """An n-monday tournament (capacity 44: 4 tables of 11) taking sign-ups now, in a club that knows
    KNOWN[0] from an earlier night."""
    earlier = td.post("/api/tournaments", {"name": "Last Monday", "preset": "n-monday"}).json()["id"]
    command_ok(td, earlier, "register_player", {"name": KNOWN[0], "id_checked": True})
    r = td.post("/api/tournaments", {"name": name, "preset": "n-monday"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    command_ok(td, tid, "set_sign_up", {"starts_at": int(time.time() * 1000) + 48 * HOUR_MS, "online": True})
    return tid


@dataclass
class Answer:
    index: int
    name: str
    base: str
    op_id: str
    device_id: str
    echo_of: int | None = None  # the same sign-up sent again at once (its phone never heard the answer)
    status: int = 0
    body: dict = field(default_factory=dict)
    seconds: float = 0.0  # sent → answered (the last try)
    retries: int = 0


@dataclass
class Burst:
    answers: list[Answer]
    wall_s: float

    def applied(self) -> list[Answer]:
        return [a for a in self.firsts() if a.status == 200]

    def firsts(self) -> list[Answer]:
        return [a for a in self.answers if a.echo_of is None]

    def echoes(self) -> list[Answer]:
        return [a for a in self.answers if a.echo_of is not None]


def sign_up_burst(
    bases: list[str], tid: int, names: list[str], phones: int = 100, echo_every: int = 0, timeout_s: float = 60
) -> Burst:
    """Every name signed up from its own phone (`phones` at a time, each thread a phone's
    connection, all released at once); every `echo_every`-th sign-up is sent twice at the same
    moment, the second time to the next worker (a retry that overtook the first try)."""
    answers = []
    for i, name in enumerate(names):
        first = Answer(i, name, bases[i % len(bases)], uuid.uuid4().hex, uuid.uuid4().hex)
        answers.append(first)
        if echo_every and i % echo_every == 0:
            answers.append(Answer(i, name, bases[(i + 1) % len(bases)], first.op_id, first.device_id, echo_of=i))
    todo = list(reversed(answers))
    lock, gate = threading.Lock(), threading.Event()

    def phone() -> None:
        http = requests.Session()
        http.mount("http://", requests.adapters.HTTPAdapter(pool_connections=1, pool_maxsize=1))
        try:
            gate.wait()
            while True:
                with lock:
                    if not todo:
                        return
                    a = todo.pop()
                body = {"op_id": a.op_id, "device_id": a.device_id, "name": a.name, "lang": "de"}
                while True:
                    started = time.perf_counter()
                    try:
                        r = http.post(f"{a.base}/api/public/tournaments/{tid}/sign-up", json=body, timeout=timeout_s)
                    except requests.ConnectionError:
                        a.retries += 1  # as the PWA's outbox: the same op_id again
                        if a.retries > 5:
                            raise
                        continue
                    a.seconds = time.perf_counter() - started
                    a.status = r.status_code
                    a.body = r.json() if r.headers.get("content-type", "").startswith("application/json") else {}
                    break
        finally:
            http.close()

    threads = [threading.Thread(target=phone, daemon=True) for _ in range(min(phones, len(names)))]
    for t in threads:
        t.start()
    started = time.perf_counter()
    gate.set()
    for t in threads:
        t.join(timeout_s * 3)
    return Burst(answers, time.perf_counter() - started)


def sign_up_events(server: ServerProcess, tid: int) -> list[tuple[int, str, dict]]:
    """(seq, type, payload) of the tournament's registrations and waiting-list entries, in seq order."""
    rows = read_db(
        server,
        "SELECT seq, type, payload FROM event WHERE tournament_id = ? "
        "AND type IN ('player_registered', 'player_waitlisted') ORDER BY seq",
        (tid,),
    )
    return [(seq, type, payload if isinstance(payload, dict) else json.loads(payload)) for seq, type, payload in rows]
