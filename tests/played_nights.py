"""Nights played through the API at times a test chooses (the service's clock is the test's): a
club's director registers walk-ins, takes sign-ups from phones, checks them in, draws, starts the
clock, busts and re-enters players to a winner, and counts what he did as he goes (Expected).
Used by the club statistics' tests (tests/test_api_club_stats.py, e2e/test_club_stats.py)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo

from backend.floor import floor_of
from in_process import InProcessApi
from server import command_ok, token_of

ZRH = ZoneInfo("Europe/Zurich")
BUY_IN, FEE, STACK = 50, 10, 3000
# The nights' structure: levels of 20 minutes, breaks of 10 after the 2nd and the 5th level.
STRUCTURE = [
    {"kind": "level", "sb": 100, "bb": 200, "ante": 0, "minutes": 20},
    {"kind": "level", "sb": 200, "bb": 400, "ante": 0, "minutes": 20},
    {"kind": "break", "minutes": 10},
    {"kind": "level", "sb": 300, "bb": 600, "ante": 0, "minutes": 20},
    {"kind": "level", "sb": 500, "bb": 1000, "ante": 0, "minutes": 20},
    {"kind": "level", "sb": 1000, "bb": 2000, "ante": 0, "minutes": 20},
    {"kind": "break", "minutes": 10},
    {"kind": "level", "sb": 1500, "bb": 3000, "ante": 0, "minutes": 20},
    {"kind": "level", "sb": 2000, "bb": 4000, "ante": 0, "minutes": 20},
    {"kind": "level", "sb": 3000, "bb": 6000, "ante": 0, "minutes": 20},
    {"kind": "level", "sb": 5000, "bb": 10000, "ante": 0, "minutes": 20},
    {"kind": "level", "sb": 8000, "bb": 16000, "ante": 0, "minutes": 20},
    {"kind": "level", "sb": 10000, "bb": 20000, "ante": 0, "minutes": 20},
    {"kind": "level", "sb": 15000, "bb": 30000, "ante": 0, "minutes": 20},
]


def ms(when: datetime) -> int:
    return int(when.timestamp() * 1000)


def zrh(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=ZRH)


@dataclass
class Expected:
    """What the test did to one night, counted as it went."""

    tid: int
    name: str
    currency: str
    players: int = 0
    reentries: int = 0
    reserved: int = 0
    no_shows: int = 0
    arrivals: list[datetime] = field(default_factory=list)
    started: datetime | None = None
    won: datetime | None = None
    active: list[int] = field(default_factory=list)


class Club:
    """A club's director playing nights through the API at the times the test sets."""

    def __init__(self, app, td: InProcessApi):
        self.app, self.td = app, td
        self.service = floor_of(app).service

    def at(self, when: datetime) -> None:
        moment = ms(when)
        self.service.clock = lambda: moment

    def ok(self, tid: int, type: str, payload: dict | None = None) -> dict:
        return command_ok(self.td, tid, type, payload)

    def tournament(self, name: str, preset: str, when: datetime, currency: str = "CHF") -> Expected:
        self.at(when)
        r = self.td.post("/api/tournaments", {"name": name, "preset": preset})
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        if preset == "s-trophy":  # a small test night: the Swiss law's limits are the club's to switch off
            self.ok(tid, "set_legal_profile", {"profile": "none", "reason": "Club statistics test night"})
        self.ok(tid, "edit_settings", {"buy_in": BUY_IN, "fee": FEE, "start_stack": STACK, "currency": currency})
        self.ok(tid, "set_structure", {"structure": STRUCTURE})
        return Expected(tid, name, currency)

    def walk_in(self, night: Expected, name: str, when: datetime) -> int:
        self.at(when)
        entry = self.ok(night.tid, "register_player", {"name": name})["result"]["entry_id"]
        night.players += 1
        night.arrivals.append(when)
        night.active.append(entry)
        return entry

    def sign_up(self, night: Expected, name: str, when: datetime) -> InProcessApi:
        self.at(when)
        phone = InProcessApi(self.app)
        body = {"op_id": str(uuid.uuid4()), "device_id": phone.device_id, "name": name}
        r = phone.post(f"/api/public/tournaments/{night.tid}/sign-up", body)
        assert r.status_code == 200, r.text
        phone.token = r.json()["token"]
        night.reserved += 1
        return phone

    def check_in(self, night: Expected, phone: InProcessApi, when: datetime) -> None:
        self.at(when)
        entry = phone.get("/api/me").json()["entry_id"]
        self.ok(night.tid, "check_in", {"entry_id": entry})
        night.players += 1
        night.arrivals.append(when)
        night.active.append(entry)

    def start(self, night: Expected, when: datetime) -> None:
        self.at(when)
        self.ok(night.tid, "draw_seats", {"tables": -(-len(night.active) // 9)})  # tables of 9 at most
        self.ok(night.tid, "start_clock")
        night.started = when

    def bust(self, night: Expected, entry: int, when: datetime) -> None:
        self.at(when)
        self.ok(night.tid, "record_bust", {"entry_id": entry})
        night.active.remove(entry)
        if len(night.active) == 1:
            night.won = when

    def reenter(self, night: Expected, entry: int, when: datetime) -> None:
        self.at(when)
        self.ok(night.tid, "reentry", {"entry_id": entry})
        night.reentries += 1
        night.arrivals.append(when)
        night.active.append(entry)

    def play_out(self, night: Expected, first: datetime, last: datetime) -> None:
        """Busts every ten minutes from `first`, the one that leaves the winner at `last`."""
        while len(night.active) > 2:
            self.bust(night, night.active[0], first)
            first = datetime.fromtimestamp(first.timestamp() + 600, ZRH)
        self.bust(night, night.active[0], last)

    def stats(self, **params) -> dict:
        r = self.td.get("/api/club/stats", params=params)
        assert r.status_code == 200, r.text
        return r.json()


def setup_link(app, invitation: str, username: str) -> InProcessApi:
    api = InProcessApi(app)
    r = api.post(
        "/api/auth/setup", {"setup_token": token_of(invitation), "username": username, "password": "a long password"}
    )
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


def invite(td: InProcessApi, access: str) -> str:
    r = td.post("/api/directors/invite", {"access": access})
    assert r.status_code == 201, r.text
    return r.json()["url"]
