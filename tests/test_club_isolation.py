"""Two clubs on one server: no token of one club reaches the other's data, over HTTP
or Socket.IO. A role × endpoint matrix: every operation of the OpenAPI document, aimed at club
Alpha's tournament, league, director, custom preset and players, sent with every kind of token
of club Bravo (full, limited and observer directors, a dealer, a player, a display) and with none.
Each answer is a refusal (or, for a list, a list of the caller's own), and no answer holds any of
Alpha's names. The same request from Alpha's director succeeds (the positive control: the
request would reach the data), Alpha's limited director is refused Alpha's tournament he does not
run, and Alpha's observer reads everything and changes nothing. A new endpoint fails the test
until it is placed in the matrix."""

from __future__ import annotations

import io
import time
import uuid
import zipfile

import pytest
import requests
import socketio

from image_files import png
from push_service import Phone
from server import (
    Api,
    ServerProcess,
    club_director,
    command_ok,
    invited,
    links,
    new_club,
    seated_tournament,
    token_of,
)

# What only Alpha's own may ever read: names of its tournament, players, league, preset, directors.
ALPHA = {
    "tournament": "Alpha Secret Cup",
    "player": "Alice Alphaspieler",
    "league": "Alpha League",
    "preset": "Alpha Preset",
    "club": "Alpha Club",
    "director": "td_alpha",
    "limited": "lim_alpha",
    "observer": "obs_alpha",
    "image": "Alpha Brewery Sponsor",  # a sponsor image's name: the club's TVs show it as alt text
    "chips": "Alpha Gold",  # a colour of the club's chip set (docs/structures.md)
}
MARKERS = list(ALPHA.values())
REFUSED = {401, 403, 404}
PHONES = ("bravo dealer", "bravo player", "bravo display")

# The push subscription of a phone (valid keys: the check of the tournament comes after them).
SUBSCRIPTION = Phone("https://push.example.org/send/x1").subscription()


class World:
    """Club Alpha (the server's first setup: its director is the admin) and club Bravo."""

    def __init__(self, server: ServerProcess):
        self.server = server
        a = Api(server.url)
        r = a.post(
            "/api/auth/setup",
            {
                "setup_token": server.setup_token(),
                "username": ALPHA["director"],
                "password": "alpha password",
                "club_name": ALPHA["club"],
            },
        )
        assert r.status_code == 200, r.text
        a.token = r.json()["token"]
        self.td_a = a
        self.club_a = r.json()["club"]["id"]
        self.slug_a = r.json()["club"]["slug"]
        self.ta = a.post("/api/tournaments", {"name": ALPHA["tournament"], "preset": "generic"}).json()["id"]
        for i in range(1, 9):
            command_ok(a, self.ta, "register_player", {"name": f"{ALPHA['player']} {i}"})
        command_ok(a, self.ta, "draw_seats", {"tables": 2})
        league = a.post("/api/leagues", {"name": ALPHA["league"], "kind": "v_ranking"})
        assert league.status_code == 201, league.text
        self.league_a = league.json()["id"]
        assert a.post(f"/api/leagues/{self.league_a}/tournaments", {"tournament_id": self.ta}).status_code == 200
        preset = a.post("/api/presets", {"name": ALPHA["preset"], "from_tournament": self.ta})
        assert preset.status_code == 201, preset.text
        self.preset_a = preset.json()["id"]
        image = upload(a, "sponsor", ALPHA["image"])
        assert image.status_code == 201, image.text
        self.image_a = image.json()["id"]
        chips = a.put("/api/club/chips", {"chips": [{"value": 25, "colour": ALPHA["chips"], "count": 400}]})
        assert chips.status_code == 200, chips.text
        self.la = club_director(server, invited(a, "limited"), ALPHA["limited"])
        self.oa = club_director(server, invited(a, "observer"), ALPHA["observer"])
        self.la_id = self.la.get("/api/me").json()["director"]["id"]
        la_links = links(a, self.ta)
        self.player_a = Api(server.url, token_of(la_links["players"][0]["url"]))
        self.entry_a = la_links["players"][0]["entry_id"]
        self.persons_a = {p["name"]: p["id"] for p in a.get("/api/persons").json()}
        self.person_a = self.persons_a[f"{ALPHA['player']} 1"]

        b = club_director(server, new_club(a, "Bravo Club"), "td_bravo")
        self.tb = seated_tournament(b, players=6, tables=1)
        bl = links(b, self.tb)
        self.outsiders = {
            "bravo director": b,
            "bravo limited": club_director(server, invited(b, "limited"), "lim_bravo"),
            "bravo observer": club_director(server, invited(b, "observer"), "obs_bravo"),
            "bravo dealer": Api(server.url, token_of(bl["tables"][0]["url"])),
            "bravo player": Api(server.url, token_of(bl["players"][0]["url"])),
            "bravo display": Api(server.url, token_of(bl["display"]["url"])),
            "nobody": Api(server.url),
        }

    def path(self, template: str, tid: int | None = None) -> str:
        return (
            template.replace("{tid}", str(tid or self.ta))
            .replace("{entry_id}", str(self.entry_a))
            .replace("{table_no}", "1")
            .replace("{league_id}", str(self.league_a))
            .replace("{director_id}", str(self.la_id))
            .replace("{club_id}", str(self.club_a))
            .replace("{preset_id}", self.preset_a)
            .replace("{slug}", self.slug_a)
            .replace("{image_id}", str(self.image_a))
            .replace("{person_id}", str(self.person_a))
        )


def upload(api: Api, kind: str = "sponsor", name: str = "Own Sponsor") -> requests.Response:
    """A real image (multipart/form-data) to the caller's own club's images."""
    return api.http.post(
        api.base + "/api/club/images",
        files={"file": ("sponsor.png", png(), "image/png")},
        data={"kind": kind, "name": name},
        headers=api.headers(),
        timeout=30,
    )


def command_body() -> dict:
    return {"op_id": str(uuid.uuid4()), "device_id": "matrix-phone", "type": "start_clock", "payload": {}}


def erase_body() -> dict:
    return {"op_id": str(uuid.uuid4()), "device_id": "matrix-phone"}


# Every operation, and what it is to the matrix:
#   tournament — Alpha's tournament's data (outsiders refused; Alpha's limited director too)
#   club       — Alpha's club-level data (outsiders refused)
#   list       — the caller's own club's list (outsiders: 2xx without Alpha's names; Alpha: with them)
#   own        — acts in the caller's own club or on his own session (never Alpha's data)
#   admin      — the server's admin only
#   public     — no club's data at all (health, the document, the push key, sign-in)
#   published  — what the club publishes for anyone (its public page: its name, the tournaments it
#                opened for sign-up; `shows` the markers it may show); signing up on it
# `body` is sent as JSON (a callable: made fresh per request), `csv` as text/csv; `control` is who
# proves the request reaches the data, and the answer he gets. `credentials`: it hands out QR
# codes (working tokens of dealers, players, the TV), which an observer must not get by reading.
OPS: dict[tuple[str, str], dict] = {
    ("POST", "/api/auth/invitation"): {"kind": "public"},
    ("POST", "/api/auth/login"): {"kind": "public"},
    ("POST", "/api/auth/logout"): {"kind": "public"},
    ("POST", "/api/auth/setup"): {"kind": "public"},
    ("GET", "/api/health"): {"kind": "public"},
    ("GET", "/api/openapi.json"): {"kind": "public"},
    ("GET", "/api/push/key"): {"kind": "public"},
    ("GET", "/api/venue"): {"kind": "public"},
    ("GET", "/api/public/clubs/{slug}"): {"kind": "published", "shows": (ALPHA["club"],)},
    # the club's calendar: what its page publishes (Alpha's tournament takes no sign-ups: only its name)
    ("GET", "/api/public/clubs/{slug}/calendar.ics"): {"kind": "published", "shows": (ALPHA["club"],)},
    # Alpha's tournament takes no sign-ups: anyone is told so, and learns nothing more
    ("POST", "/api/public/tournaments/{tid}/sign-up"): {"kind": "published", "body": "sign_up"},
    ("GET", "/api/me"): {"kind": "own"},
    # a phone's first screen: its own caller and its own views in one answer (docs/first-scan.md)
    ("GET", "/api/me/first"): {"kind": "own"},
    ("PATCH", "/api/clubs/mine/page"): {"kind": "own", "body": {"show_names": False}},
    # the room's screens: an image goes to the caller's own club (docs/club-images.md)
    ("POST", "/api/club/images"): {"kind": "own", "upload": True},
    ("PATCH", "/api/club/look"): {"kind": "own", "body": {"rotate_s": 12}},
    # the club's images and its TVs' look: a director's own club's, a TV's its tournament's club's
    ("GET", "/api/club/images"): {"kind": "list", "marker": ALPHA["image"]},
    ("GET", "/api/display/look"): {"kind": "list", "marker": ALPHA["image"]},
    ("PATCH", "/api/club/images/{image_id}"): {"kind": "club", "body": {"name": ALPHA["image"]}},
    # Alpha's own director deletes the image the other operations read: after them
    ("DELETE", "/api/club/images/{image_id}"): {"kind": "club", "last": True},
    # the club's chip set: a director's own club's; saving and building act in the caller's own club (a
    # build plans with the caller's set: Alpha's colours in Bravo's answer would be a leak)
    ("GET", "/api/club/chips"): {"kind": "list", "marker": ALPHA["chips"]},
    ("PUT", "/api/club/chips"): {"kind": "own", "body": {"chips": [{"value": 25, "colour": "plain", "count": 10}]}},
    ("POST", "/api/structures/build"): {"kind": "own", "body": "build"},
    # the club's statistics: the caller's own club's nights (Alpha's drawn tournament is one of this year)
    ("GET", "/api/club/stats"): {"kind": "list", "marker": ALPHA["tournament"]},
    ("POST", "/api/push/unsubscribe"): {"kind": "own", "body": {"endpoint": SUBSCRIPTION["endpoint"]}},
    ("POST", "/api/tournaments"): {"kind": "own", "body": {"name": "Own Cup", "preset": "generic"}},
    ("POST", "/api/leagues"): {"kind": "own", "body": {"name": "Own League", "kind": "v_ranking"}},
    ("GET", "/api/clubs"): {"kind": "admin"},
    ("POST", "/api/clubs"): {"kind": "admin", "body": {"name": "Charlie Club"}, "status": 201},
    ("POST", "/api/clubs/{club_id}/invite"): {"kind": "admin", "status": 201},
    # the QR code of the caller's own club's public page (public anyway: no credential in it)
    ("GET", "/api/clubs/mine/page-qr.svg"): {"kind": "own"},
    ("GET", "/api/clubs/mine/print/page-poster"): {"kind": "own"},
    ("GET", "/api/directors"): {"kind": "list", "marker": ALPHA["limited"]},
    ("GET", "/api/leagues"): {"kind": "list", "marker": ALPHA["league"]},
    ("GET", "/api/persons"): {"kind": "list", "marker": ALPHA["player"]},
    ("GET", "/api/presets"): {"kind": "list", "marker": ALPHA["preset"]},
    ("GET", "/api/tournaments"): {"kind": "list", "marker": ALPHA["tournament"]},
    # the lobby TV: its own club's tournaments of tonight (a display token or a director)
    ("GET", "/api/display/lobby"): {"kind": "list", "marker": ALPHA["tournament"]},
    # the season's workbook: the caller's own club's tournaments of this year (read inside the .xlsx)
    ("GET", "/api/club/season.xlsx"): {"kind": "list", "marker": ALPHA["tournament"]},
    ("POST", "/api/directors/{director_id}/access"): {"kind": "club", "body": {"access": "limited"}},
    # a person's season (docs/season.md): his club's directors, any access, like the persons' search
    ("GET", "/api/persons/{person_id}/history"): {"kind": "club"},
    ("GET", "/api/leagues/{league_id}"): {"kind": "club"},
    ("GET", "/api/leagues/{league_id}/standings"): {"kind": "club"},
    ("GET", "/api/leagues/{league_id}/standings.csv"): {"kind": "club"},
    ("GET", "/api/leagues/{league_id}/standings.xlsx"): {"kind": "club"},
    ("POST", "/api/leagues/{league_id}/tournaments"): {"kind": "club", "body": "tournament_id"},
    # the league's public page (docs/standings-publish.md): its settings, address and QR code are the club's
    ("GET", "/api/leagues/{league_id}/publish"): {"kind": "club"},
    ("PUT", "/api/leagues/{league_id}/publish"): {
        "kind": "club",
        "body": {"published": False, "names": "initials", "origins": ["https://alpha.example.ch"]},
    },
    ("POST", "/api/leagues/{league_id}/publish/new-address"): {"kind": "club"},
    ("GET", "/api/leagues/{league_id}/publish/qr.svg"): {"kind": "club"},
    ("GET", "/api/presets/{preset_id}"): {"kind": "club"},
    ("POST", "/api/directors/invite"): {"kind": "tournament", "body": "limited_invite", "status": 201},
    ("POST", "/api/presets"): {"kind": "tournament", "body": "from_tournament", "status": 201},
    ("POST", "/api/push/subscriptions"): {
        # past the access check a director meets the server's push services list: that 400 is the proof;
        # a phone's subscription is always for its own tournament (the body's is a director's choice)
        "kind": "tournament",
        "body": "subscription",
        "status": 400,
        "error": "push_service_not_allowed",
        "phones_own": True,
    },
    ("GET", "/api/tournaments/{tid}/audit"): {"kind": "tournament"},
    ("GET", "/api/tournaments/{tid}/cash-box"): {"kind": "tournament"},
    ("GET", "/api/tournaments/{tid}/print/cash-box"): {"kind": "tournament"},
    ("GET", "/api/tournaments/{tid}/print/payout-slips"): {"kind": "tournament"},
    ("POST", "/api/tournaments/{tid}/commands"): {"kind": "tournament", "body": command_body},
    # no buy-in, no prize money: the rules' refusal of a deal is the proof that access was granted
    ("POST", "/api/tournaments/{tid}/deal/calculate"): {
        "kind": "tournament",
        "body": {"method": "even", "stacks": [{"entry_id": 1, "chips": 100}, {"entry_id": 2, "chips": 100}]},
        "status": 409,
        "error": "no_cash_deal",
    },
    ("GET", "/api/tournaments/{tid}/directors"): {"kind": "tournament"},
    ("POST", "/api/tournaments/{tid}/directors"): {"kind": "tournament", "body": "runs"},
    ("GET", "/api/tournaments/{tid}/display"): {"kind": "tournament"},
    # after the draw the rules refuse an import: that refusal is the proof that access was granted
    ("POST", "/api/tournaments/{tid}/import"): {
        "kind": "tournament",
        "csv": "Name\nCarla Import\n",
        "status": 409,
        "error": "registration_closed",
    },
    # the desk's scan of a player's QR code: Alpha's player's link, found by Alpha's director only
    ("POST", "/api/tournaments/{tid}/desk/scan"): {"kind": "tournament", "body": "scanned_link"},
    ("GET", "/api/tournaments/{tid}/links"): {"kind": "tournament", "credentials": True},
    ("GET", "/api/tournaments/{tid}/my-history"): {"kind": "tournament", "control": "player"},
    ("GET", "/api/tournaments/{tid}/my-league"): {"kind": "tournament", "control": "player"},
    ("GET", "/api/tournaments/{tid}/my-qr.svg"): {"kind": "tournament", "control": "player"},
    # his standings mail: his own person's subscription, from his own link only
    ("GET", "/api/tournaments/{tid}/my-standings-mail"): {"kind": "tournament", "control": "player"},
    ("PUT", "/api/tournaments/{tid}/my-standings-mail"): {
        "kind": "tournament",
        "control": "player",
        "body": {"email": "alice@example.org", "subscribed": True},
    },
    # his own e-mail and push subscriptions, from his link; after the draw his place stays
    ("POST", "/api/tournaments/{tid}/my-data/erase"): {"kind": "tournament", "control": "player", "body": erase_body},
    ("GET", "/api/tournaments/{tid}/print/seat-cards"): {"kind": "tournament", "credentials": True},
    ("GET", "/api/tournaments/{tid}/print/seating-list"): {"kind": "tournament"},
    ("GET", "/api/tournaments/{tid}/print/table-sheets"): {"kind": "tournament", "credentials": True},
    ("GET", "/api/tournaments/{tid}/public"): {"kind": "tournament"},
    ("GET", "/api/tournaments/{tid}/qr/display.svg"): {"kind": "tournament", "credentials": True},
    ("GET", "/api/tournaments/{tid}/qr/player/{entry_id}.svg"): {"kind": "tournament", "credentials": True},
    ("GET", "/api/tournaments/{tid}/qr/table/{table_no}.svg"): {"kind": "tournament", "credentials": True},
    ("GET", "/api/tournaments/{tid}/rejections"): {"kind": "tournament"},
    ("GET", "/api/tournaments/{tid}/results.csv"): {"kind": "tournament"},
    ("GET", "/api/tournaments/{tid}/results.html"): {"kind": "tournament"},
    ("GET", "/api/tournaments/{tid}/results.xlsx"): {"kind": "tournament"},
    # Alpha's tournament is still running: the refusal to make The Hendon Mob's file yet is the proof
    ("GET", "/api/tournaments/{tid}/results-hendon-mob.csv"): {
        "kind": "tournament",
        "status": 409,
        "error": "tournament_not_finished",
    },
    ("GET", "/api/tournaments/{tid}/seating"): {"kind": "tournament"},
    ("GET", "/api/tournaments/{tid}/stacks"): {"kind": "tournament"},
    ("POST", "/api/tournaments/{tid}/tokens/revoke"): {"kind": "tournament", "body": {"role": "display"}, "last": True},
    ("GET", "/api/tournaments/{tid}/view"): {"kind": "tournament"},
}


def body_of(world: World, op: dict, tid: int | None = None):
    body = op.get("body")
    if callable(body):
        return body()
    tid = tid or world.ta
    named = {
        "tournament_id": {"tournament_id": tid},
        "limited_invite": {"access": "limited", "tournament_id": tid},
        "from_tournament": {"name": "Copied", "from_tournament": tid},
        "subscription": {**SUBSCRIPTION, "tournament_id": tid},
        "runs": {"director_id": world.la_id, "runs": False},
        "sign_up": {"op_id": str(uuid.uuid4()), "device_id": "matrix-phone", "name": "Eve Outsider"},
        "scanned_link": {"link": world.player_a.token},
        "build": {
            "field": 20,
            "start_chips": [{"value": 25, "count": 40}],
            "level_minutes": 20,
            "target_minutes": 120,
        },
    }
    return named.get(body, body) if isinstance(body, str) else body


def send(world: World, api: Api, method: str, template: str, tid: int | None = None) -> requests.Response:
    """The operation on Alpha's tournament, or on the tournament `tid` in its place."""
    op = OPS[(method, template)]
    path = world.path(template, tid)
    if "csv" in op:
        return api.http.post(
            world.server.url + path,
            data=op["csv"].encode(),
            params={"op_id": str(uuid.uuid4()), "device_id": "matrix-phone"},
            headers={**api.headers(), "Content-Type": "text/csv"},
            timeout=10,
        )
    if op.get("upload"):
        return upload(api)
    if method == "GET":
        return api.get(path)
    if method == "DELETE":
        return api.http.delete(world.server.url + path, headers=api.headers(), timeout=10)
    body = body_of(world, op, tid)
    if method == "PATCH":
        return api.patch(path, body)
    if method == "PUT":
        return api.put(path, body)
    return api.post(path, body) if body is not None else api.post(path, None)


MISSING_TID = 987_654  # a tournament that does not exist


def error_of(r: requests.Response) -> str | None:
    try:
        return r.json().get("error")
    except ValueError:
        return None


def answer_text(r: requests.Response) -> str:
    """What an answer says; an .xlsx workbook (a zip of XML) unpacked, so its names are seen too."""
    if r.headers.get("Content-Type", "").startswith("application/vnd.openxmlformats"):
        with zipfile.ZipFile(io.BytesIO(r.content)) as z:
            return "".join(z.read(name).decode("utf-8", "replace") for name in z.namelist())
    return r.content.decode("utf-8", "replace")


def leaked(r: requests.Response) -> list[str]:
    text = answer_text(r)
    return [m for m in MARKERS if m in text]


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    server = ServerProcess(tmp_path_factory.mktemp("clubs") / "var").start()
    try:
        yield World(server)
    finally:
        server.stop()


def clock_started(world: World) -> None:
    """Alpha's clock has been started: by the matrix's control, or here when this test's worker ran
    no matrix (pytest-xdist hands each test to the next free worker, each with its own world)."""
    r = world.td_a.command(world.ta, "start_clock")
    assert (r.status_code == 200 and r.json()["status"] == "applied") or r.json()["error"] == "clock_already_started", (
        r.text
    )


def operations(world: World) -> list[tuple[str, str]]:
    doc = requests.get(world.server.url + "/api/openapi.json", timeout=10).json()
    return sorted((m.upper(), p) for p, ops in doc["paths"].items() for m in ops)


def test_every_operation_is_in_the_matrix(world):
    assert sorted(OPS) == operations(world), "place the new operation in OPS (its kind, a body that works)"


def test_no_token_of_another_club_reaches_alpha_and_each_request_would(world):
    """The matrix: every operation × every token of club Bravo and none; then the control."""
    problems = []
    for method, template in sorted(OPS, key=lambda k: OPS[k].get("last", False)):
        op = OPS[(method, template)]
        kind = op["kind"]
        if kind == "public" and method == "POST":
            continue  # signing in and out: no club's data, and a sign-out would end the session used below
        for who, api in world.outsiders.items():
            r = send(world, api, method, template)
            if [m for m in leaked(r) if m not in op.get("shows", ())]:
                problems.append(f"{who} {method} {template}: {r.status_code} shows {leaked(r)}")
            elif (
                kind in ("tournament", "club", "admin")
                and r.status_code not in REFUSED
                and not (op.get("phones_own") and who in PHONES)
            ):
                problems.append(f"{who} {method} {template}: {r.status_code}, expected a refusal: {r.text[:200]}")
            elif r.status_code >= 500:
                problems.append(f"{who} {method} {template}: {r.status_code}")
            elif kind == "tournament" and who in PHONES and not op.get("phones_own"):
                # a QR code learns nothing of another club: its tournament answers as one that is not there
                missing = send(world, api, method, template, tid=MISSING_TID)
                if (r.status_code, error_of(r)) != (missing.status_code, error_of(missing)):
                    problems.append(
                        f"{who} {method} {template}: {r.status_code} {error_of(r)}, but for no tournament "
                        f"{missing.status_code} {error_of(missing)}"
                    )
        if kind in ("tournament", "club", "list", "admin"):
            control = world.player_a if op.get("control") == "player" else world.td_a
            r = send(world, control, method, template)
            status = op.get("status", 200)
            if r.status_code != status or (op.get("error") and r.json().get("error") != op["error"]):
                problems.append(f"control {method} {template}: {r.status_code} (expected {status}): {r.text[:200]}")
            if kind == "list" and op["marker"] not in answer_text(r):
                problems.append(f"control {method} {template}: Alpha's own list lacks {op['marker']}")
    assert problems == [], "\n".join(problems)


def test_alphas_limited_director_is_refused_the_tournament_he_does_not_run(world):
    problems = []
    for (method, template), op in OPS.items():
        if op["kind"] != "tournament" or op.get("last"):
            continue
        r = send(world, world.la, method, template)
        if r.status_code != 403:
            problems.append(f"{method} {template}: {r.status_code} {r.text[:120]}")
    assert problems == [], "\n".join(problems)
    # His list of the club's tournaments leaves it out; given it, he runs it.
    assert world.la.get("/api/tournaments").json() == []
    r = world.td_a.post(f"/api/tournaments/{world.ta}/directors", {"director_id": world.la_id, "runs": True})
    assert r.status_code == 200 and ALPHA["limited"] in r.text
    assert world.la.get(f"/api/tournaments/{world.ta}/view").status_code == 200
    assert [t["id"] for t in world.la.get("/api/tournaments").json()] == [world.ta]
    clock_started(world)
    command_ok(world.la, world.ta, "pause_clock")


def test_alphas_observer_reads_every_screen_and_changes_nothing(world):
    problems = []
    for (method, template), op in OPS.items():
        if op["kind"] not in ("tournament", "club") or op.get("control") == "player" or op.get("last"):
            continue
        r = send(world, world.oa, method, template)
        expected_refusal = (method == "POST" and template != "/api/push/subscriptions") or op.get("credentials")
        if expected_refusal and (r.status_code != 403 or r.json().get("error") not in ("observer", "forbidden")):
            problems.append(f"{method} {template}: {r.status_code} {r.text[:120]}")
        # a GET is answered as to Alpha's own director (a refusal by the rules, where the matrix says one)
        if not expected_refusal and r.status_code >= 400 and r.status_code != op.get("status") and method == "GET":
            problems.append(f"{method} {template}: {r.status_code} {r.text[:120]}")
    assert problems == []
    seq = world.td_a.get(f"/api/tournaments/{world.ta}/view").json()["seq"]
    r = world.oa.command(world.ta, "record_bust", {"entry_id": world.entry_a})
    assert r.status_code == 403 and "observer" in r.json()["message"]
    assert world.td_a.get(f"/api/tournaments/{world.ta}/view").json()["seq"] == seq  # nothing happened
    for path, body in (
        ("/api/tournaments", {"name": "Nope", "preset": "generic"}),
        ("/api/leagues", {"name": "Nope", "kind": "v_ranking"}),
        ("/api/directors/invite", {"access": "full"}),
    ):
        assert world.oa.post(path, body).status_code == 403, path


class Socket:
    def __init__(self, url: str, token: str):
        self.views: list[dict] = []
        self.client = socketio.Client(reconnection=False)
        self.client.on("view", self.views.append)
        self.client.connect(url, auth={"token": token}, transports=["websocket"], wait_timeout=10)

    def subscribe(self, tid: int) -> dict:
        return self.client.call("subscribe", {"tournament_id": tid}, timeout=5)

    def close(self) -> None:
        self.client.disconnect()


def test_no_socket_of_another_club_hears_alpha(world):
    """Socket.IO: Bravo's director cannot subscribe to Alpha's tournament, Alpha's limited director
    not to one he does not run (answered as over HTTP), Alpha's observer may; Bravo's sockets hear
    nothing of a command in Alpha's tournament."""
    url = world.server.url
    b = world.outsiders["bravo director"]
    bravo = Socket(url, b.token)
    dealer_b = Socket(url, world.outsiders["bravo dealer"].token)
    player_b = Socket(url, world.outsiders["bravo player"].token)
    watcher = Socket(url, world.oa.token)
    limited_b = Socket(url, world.outsiders["bravo limited"].token)
    try:
        assert bravo.subscribe(world.ta)["error"] == "unknown_tournament"
        assert limited_b.subscribe(world.ta)["error"] == "unknown_tournament"
        assert bravo.subscribe(world.tb) == {"ok": True}
        assert watcher.subscribe(world.ta) == {"ok": True}
        fresh = Api(url, world.td_a.token)
        clock_started(world)
        seq = command_ok(fresh, world.ta, "adjust_clock", {"seconds": 60})["seq"]
        deadline = time.monotonic() + 10
        while not any(v.get("seq") == seq for v in watcher.views) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any(v.get("seq") == seq and v.get("tournament_id") == world.ta for v in watcher.views)
        for s in (bravo, dealer_b, player_b, limited_b):
            assert all(v.get("tournament_id") != world.ta for v in s.views)
            assert not any(m in str(s.views) for m in MARKERS)
    finally:
        for s in (bravo, dealer_b, player_b, watcher, limited_b):
            s.close()


def test_a_clubs_calendar_lists_its_own_published_tournaments_only(world):
    """The calendar feed is public: Alpha's lists Alpha's tournament opened for sign-up, Bravo's
    lists Bravo's, and neither the other's."""
    soon = int(time.time() * 1000) + 86_400_000
    a, b = world.td_a, world.outsiders["bravo director"]
    feeds = {}
    for api, name in ((a, "Alpha Calendar Night"), (b, "Bravo Calendar Night")):
        tid = api.post("/api/tournaments", {"name": name, "preset": "generic"}).json()["id"]
        command_ok(api, tid, "set_sign_up", {"starts_at": soon, "online": True})
        slug = api.get("/api/me").json()["club"]["slug"]
        r = Api(world.server.url).get(f"/api/public/clubs/{slug}/calendar.ics")
        assert r.status_code == 200 and r.headers["Content-Type"] == "text/calendar; charset=utf-8"
        feeds[name] = r.text
    assert "SUMMARY:Alpha Calendar Night" in feeds["Alpha Calendar Night"]
    assert "SUMMARY:Bravo Calendar Night" in feeds["Bravo Calendar Night"]
    assert "Bravo" not in feeds["Alpha Calendar Night"] and "Alpha" not in feeds["Bravo Calendar Night"]
    assert not leaked_text(feeds["Bravo Calendar Night"])


def leaked_text(text: str) -> list[str]:
    return [m for m in MARKERS if m in text]


def test_a_league_of_one_club_takes_no_tournament_of_another(world):
    b = world.outsiders["bravo director"]
    league_b = b.post("/api/leagues", {"name": "Bravo League", "kind": "v_ranking"}).json()["id"]
    r = b.post(f"/api/leagues/{league_b}/tournaments", {"tournament_id": world.ta})
    assert r.status_code == 404 and r.json()["field"] == "tournament_id"
    # nor a person of another club in a registration
    alpha_person = world.td_a.get("/api/persons").json()[0]["id"]
    tb2 = b.post("/api/tournaments", {"name": "Bravo Tuesday", "preset": "generic"}).json()["id"]
    r = b.command(tb2, "register_player", {"name": "Borrowed", "person_id": alpha_person})
    assert r.status_code == 400 and r.json()["field"] == "payload.person_id"
    # a player with the same name is two persons, one per club
    command_ok(b, tb2, "register_player", {"name": f"{ALPHA['player']} 1"})
    names_b = [p["name"] for p in b.get("/api/persons").json()]
    assert names_b.count(f"{ALPHA['player']} 1") == 1
    ids_a = {p["id"] for p in world.td_a.get("/api/persons", params={"q": "alphaspieler 1"}).json()}
    ids_b = {p["id"] for p in b.get("/api/persons", params={"q": "alphaspieler 1"}).json()}
    assert ids_a and ids_b and not ids_a & ids_b


def test_a_players_link_reads_his_own_season_and_no_other_persons(world):
    """A player's link of Alpha reads his own season through his tournament, and no person's
    season by id: not another player's of his own club, not his own."""
    own = world.player_a.get(f"/api/tournaments/{world.ta}/my-history")
    assert own.status_code == 200, own.text
    me = own.json()["person"]
    names = {e["entry_id"]: e["name"] for e in world.td_a.get(f"/api/tournaments/{world.ta}/view").json()["entries"]}
    assert me == {"id": world.persons_a[names[world.entry_a]], "name": names[world.entry_a]}
    assert [n for n in names.values() if n != me["name"] and n in own.text] == []
    for person in world.persons_a.values():
        r = world.player_a.get(f"/api/persons/{person}/history")
        assert (r.status_code, r.json()["error"]) == (403, "forbidden") and not leaked(r)


def test_a_personal_link_sees_only_its_own_registration(world):
    """A sign-up's link (a player token, waiting or with a place) reads its own registration and
    nothing else: no other player's name in its answers, and every operation on Alpha's other
    tournament refused as for any phone of another tournament."""
    a = world.td_a
    tid = a.post("/api/tournaments", {"name": "Alpha Open Monday", "preset": "generic"}).json()["id"]
    command_ok(a, tid, "set_capacity", {"max": 2})
    command_ok(a, tid, "set_sign_up", {"starts_at": int(time.time() * 1000) + 86_400_000, "online": True})
    names = ["Paula Placed", "Quentin Placed", "Rita Waiting"]
    tokens = []
    for name in names:
        r = Api(world.server.url).post(
            f"/api/public/tournaments/{tid}/sign-up",
            {"op_id": str(uuid.uuid4()), "device_id": "sign-up-phone", "name": name},
        )
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    for own, token in zip(names, tokens, strict=True):
        phone = Api(world.server.url, token)
        seen = phone.get(f"/api/tournaments/{tid}/view")
        assert seen.status_code == 200 and own in seen.text, seen.text
        assert [n for n in names if n != own and n in seen.text] == [], seen.text
        for (method, template), op in OPS.items():
            if op["kind"] != "tournament" or op.get("phones_own") or op.get("control") == "player":
                continue
            r = send(world, phone, method, template)  # Alpha's first tournament: not his
            assert r.status_code in REFUSED and not leaked(r), f"{own}: {method} {template}: {r.status_code}"


def test_a_published_league_page_shows_its_own_club_only(world):
    """Each club's league page holds its own league's nights alone: Bravo's, published with full
    names, shows none of Alpha's names, and Alpha's address is no key to Bravo's settings."""
    b = world.outsiders["bravo director"]
    league_b = b.post("/api/leagues", {"name": "Bravo Ranking", "kind": "v_ranking"}).json()["id"]
    assert b.post(f"/api/leagues/{league_b}/tournaments", {"tournament_id": world.tb}).status_code == 200
    settings = {"published": True, "names": "full", "origins": []}
    page_b = b.put(f"/api/leagues/{league_b}/publish", settings).json()["link"]
    page_a = world.td_a.put(f"/api/leagues/{world.league_a}/publish", settings).json()["link"]
    try:
        shown_b = requests.get(page_b, timeout=10)
        assert shown_b.status_code == 200 and "Bravo Ranking" in shown_b.text and "Player 01" in shown_b.text
        assert not leaked(shown_b), leaked(shown_b)
        shown_a = requests.get(page_a, timeout=10)  # Alpha's own page shows Alpha's players: its choice
        assert shown_a.status_code == 200 and f"{ALPHA['player']} 1" in shown_a.text and "Bravo" not in shown_a.text
        assert b.get(f"/api/leagues/{world.league_a}/publish").status_code == 404
    finally:
        world.td_a.put(f"/api/leagues/{world.league_a}/publish", {**settings, "published": False})
