"""The club's statistics (GET /api/club/stats, docs/statistics.md) from nights really played
through the API: walk-ins, sign-ups from phones with a cancellation and no-shows, a prepaid
reservation who never came, re-entries, busts to a winner. The service's clock is set by the test,
so the nights fall on chosen days and hours in two seasons (one of them half past midnight on
New Year in Zurich, still 2025 in UTC). Every number is counted here from what the test did; another
club's night never counts, a limited director sees his own tournaments, bad input names its field;
and one night on PostgreSQL."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from in_process import InProcessApi
from played_nights import BUY_IN, STACK, STRUCTURE, ZRH, Club, Expected, invite, ms, setup_link, zrh
from server import ServerProcess, command_ok, director
from test_openapi_contract import assert_valid

pytestmark = pytest.mark.in_process

UTC = ZoneInfo("UTC")
MINUTE = 60_000


def level_at(minutes: float) -> int:
    """The level the clock shows `minutes` after its start with no pause (a break: the level before)."""
    level, end = 0, 0.0
    for entry in STRUCTURE:
        end += entry["minutes"]
        level += entry["kind"] == "level"
        if minutes < end:
            return level
    raise AssertionError("past the structure")


def planned(chips: int) -> tuple[int, int] | None:
    """The documented plan: the end of the first level whose 20 pots before the cards (small and big
    blind, no antes here) cover every chip bought; (minutes from the start, level)."""
    minutes, level = 0, 0
    for entry in STRUCTURE:
        minutes += entry["minutes"]
        if entry["kind"] == "level":
            level += 1
            if 20 * (entry["sb"] + entry["bb"]) >= chips:
                return minutes, level
    return None


def expected_row(night: Expected) -> dict:
    entries = night.players + night.reentries
    chips = STACK * entries
    plan = planned(chips)
    duration = ms(night.won) - ms(night.started) if night.won and night.started else None
    return {
        "tournament_id": night.tid,
        "name": night.name,
        "date": night.started.astimezone(ZRH).date().isoformat() if night.started else None,
        "at": ms(night.started) if night.started else None,
        "finished": night.won is not None,
        "players": night.players,
        "entries": entries,
        "reentries": night.reentries,
        "rebuys": 0,
        "addons": 0,
        "prize_pool": BUY_IN * entries,
        "currency": night.currency,
        "reserved": night.reserved,
        "no_shows": night.no_shows,
        "duration_ms": duration,
        "planned_ms": plan[0] * MINUTE if plan else None,
        "ended_level": level_at(duration / MINUTE) if duration is not None else None,
        "planned_level": plan[1] if plan else None,
    }


def hours_of(nights: list[Expected], zone: ZoneInfo) -> list[list[int]]:
    counts = [[0] * 24 for _ in range(7)]
    for night in nights:
        for when in night.arrivals:
            local = when.astimezone(zone)
            counts[local.weekday()][local.hour] += 1
    return counts


def test_a_season_in_numbers_from_nights_really_played(server, td):
    app = server.app
    alpha = Club(app, td)

    # 1. New Year's Eve 2025: five walk-ins, a freeze-out to the winner at 22:15.
    eve = alpha.tournament("Silvester Freezeout", "s-trophy", zrh(2025, 12, 20, 12, 0))
    for i, minute in enumerate((10, 20, 30, 40, 50)):
        alpha.walk_in(eve, f"Eve Player {i}", zrh(2025, 12, 31, 18, minute))
    alpha.start(eve, zrh(2025, 12, 31, 19, 0))
    alpha.play_out(eve, zrh(2025, 12, 31, 20, 0), zrh(2025, 12, 31, 22, 15))

    # 2. Half past midnight on New Year (23:30 UTC, still 2025 there): four walk-ins, a sign-up who
    #    never checks in (released by the draw), one re-entry; the winner at 02:05.
    turbo = alpha.tournament("Neujahr Turbo", "s-trophy", zrh(2025, 12, 28, 12, 0))
    alpha.ok(turbo.tid, "set_sign_up", {"online": True, "starts_at": ms(zrh(2026, 1, 1, 0, 30))})
    alpha.sign_up(turbo, "Nora Nevercame", zrh(2025, 12, 29, 9, 0))
    for i, minute in enumerate((5, 10, 15, 20)):
        alpha.walk_in(turbo, f"Turbo Player {i}", zrh(2026, 1, 1, 0, minute))
    alpha.start(turbo, zrh(2026, 1, 1, 0, 30))
    turbo.no_shows += 1  # the draw released her: she never checked in
    first_out = turbo.active[0]
    alpha.bust(turbo, first_out, zrh(2026, 1, 1, 0, 45))
    alpha.reenter(turbo, first_out, zrh(2026, 1, 1, 0, 50))
    alpha.play_out(turbo, zrh(2026, 1, 1, 1, 0), zrh(2026, 1, 1, 2, 5))

    # 3. A Monday in March: five sign-ups from phones (one cancels, two check in, two never come and
    #    lose their place when check-in closes), a prepaid reservation typed at the desk who never
    #    comes (taken out as a no-show after the draw), two walk-ins who bust and re-enter.
    monday = alpha.tournament("Monday Deepstack", "s-trophy", zrh(2026, 2, 20, 12, 0))
    alpha.ok(monday.tid, "set_sign_up", {"online": True, "starts_at": ms(zrh(2026, 3, 2, 19, 0))})
    phones = [alpha.sign_up(monday, f"Signed Up {i}", zrh(2026, 2, 25, 10, i)) for i in range(5)]
    alpha.at(zrh(2026, 2, 26, 9, 0))
    cancelled = phones[1].command(monday.tid, "cancel_sign_up", {})
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "applied", cancelled.text
    monday.reserved -= 1  # called off: not expected to come
    alpha.at(zrh(2026, 2, 27, 9, 0))
    prepaid = alpha.ok(monday.tid, "register_player", {"name": "Paul Prepaid", "present": False, "prepaid": True})
    prepaid_entry = prepaid["result"]["entry_id"]
    monday.reserved += 1
    monday.players += 1  # paid in advance: his seat is kept, his buy-in is in the pool (N-3.2)
    alpha.check_in(monday, phones[0], zrh(2026, 3, 2, 18, 40))
    alpha.check_in(monday, phones[2], zrh(2026, 3, 2, 18, 42))
    walk_ins = [alpha.walk_in(monday, f"Monday Walk-in {i}", zrh(2026, 3, 2, 18, 45 + i)) for i in range(2)]
    alpha.at(zrh(2026, 3, 2, 19, 0))
    released = alpha.ok(monday.tid, "close_check_in")["result"]["released"]
    assert len(released) == 2
    monday.no_shows += 2
    alpha.start(monday, zrh(2026, 3, 2, 19, 5))
    alpha.at(zrh(2026, 3, 2, 19, 10))
    alpha.ok(monday.tid, "player_leaves", {"entry_id": prepaid_entry, "reason": "no_show"})
    monday.no_shows += 1
    alpha.bust(monday, walk_ins[0], zrh(2026, 3, 2, 19, 20))
    alpha.reenter(monday, walk_ins[0], zrh(2026, 3, 2, 19, 30))
    alpha.bust(monday, walk_ins[1], zrh(2026, 3, 2, 19, 35))
    alpha.reenter(monday, walk_ins[1], zrh(2026, 3, 2, 19, 40))
    alpha.play_out(monday, zrh(2026, 3, 2, 21, 0), zrh(2026, 3, 2, 23, 10))

    # 4. A Wednesday in July (summer time), run by a limited director, still being played.
    limited = setup_link(app, invite(td, "limited"), "lim_alpha")
    july = Club(app, limited)
    wednesday = july.tournament("Running Wednesday", "generic", zrh(2026, 6, 30, 12, 0))
    for i in range(4):
        july.walk_in(wednesday, f"July Player {i}", zrh(2026, 7, 1, 19, 50 + i))
    july.start(wednesday, zrh(2026, 7, 1, 20, 0))
    july.bust(wednesday, wednesday.active[0], zrh(2026, 7, 1, 20, 30))

    # 5. Not a night: players registered, seats never drawn.
    unplayed = alpha.tournament("Never Drawn", "generic", zrh(2026, 5, 1, 12, 0))
    alpha.walk_in(unplayed, "Lonely Player", zrh(2026, 5, 1, 18, 0))

    # 6. Another club plays on the same Monday; a league of Alpha holds the first and the third night.
    admin_invite = td.post("/api/clubs", {"name": "Bravo Club"})
    assert admin_invite.status_code == 201, admin_invite.text
    bravo = Club(app, setup_link(app, admin_invite.json()["invitation"]["url"], "td_bravo"))
    secret = bravo.tournament("Bravo Secret Night", "generic", zrh(2026, 3, 1, 12, 0), currency="EUR")
    for i in range(3):
        bravo.walk_in(secret, f"Bravo Player {i}", zrh(2026, 3, 2, 18, 30 + i))
    bravo.start(secret, zrh(2026, 3, 2, 19, 0))
    bravo.play_out(secret, zrh(2026, 3, 2, 20, 0), zrh(2026, 3, 2, 21, 0))
    league = td.post("/api/leagues", {"name": "Alpha Winter League", "kind": "custom", "points": {"table": [10, 5]}})
    assert league.status_code == 201, league.text
    league_id = league.json()["id"]
    for night in (eve, monday):
        assert td.post(f"/api/leagues/{league_id}/tournaments", {"tournament_id": night.tid}).status_code == 200
    bravo_league = bravo.td.post("/api/leagues", {"name": "Bravo League", "kind": "custom", "points": {"table": [1]}})
    assert bravo_league.status_code == 201, bravo_league.text

    alpha.at(zrh(2026, 7, 1, 21, 0))
    doc = InProcessApi(app).get("/api/openapi.json").json()

    # The season 2026 in Zurich: New Year's night, the Monday and the running Wednesday.
    season = alpha.stats(season="2026", tz="Europe/Zurich")
    assert_valid(doc, "GET", "/api/club/stats", _Answer(season))
    in_2026 = [turbo, monday, wednesday]
    assert season["nights"] == [expected_row(n) for n in in_2026]
    assert season["scope"] == "club" and season["time_zone"] == "Europe/Zurich" and season["season"] == "2026"
    players = sum(n.players for n in in_2026)
    reentries = sum(n.reentries for n in in_2026)
    reserved = sum(n.reserved for n in in_2026)
    no_shows = sum(n.no_shows for n in in_2026)
    assert (players, reentries, reserved, no_shows) == (4 + 5 + 4, 1 + 2, 1 + 5, 1 + 3)
    totals = season["totals"]
    assert totals["nights"] == 3 and totals["players"] == players and totals["entries"] == players + reentries
    assert totals["reentries"] == reentries and totals["reentry_rate"] == round(reentries / players, 4)
    assert totals["reserved"] == reserved and totals["no_shows"] == no_shows
    assert totals["no_show_rate"] == round(no_shows / reserved, 4)
    assert totals["average_players"] == round(players / 3, 1)
    pools = [BUY_IN * (n.players + n.reentries) for n in in_2026]
    assert totals["prize_pools"] == [{"currency": "CHF", "total": sum(pools), "average": round(sum(pools) / 3, 2)}]
    finished = [expected_row(n) for n in (turbo, monday)]
    assert totals["finished"] == 2
    assert totals["average_duration_ms"] == round(sum(r["duration_ms"] for r in finished) / 2)
    assert totals["average_planned_ms"] == round(sum(r["planned_ms"] for r in finished) / 2)
    assert totals["average_over_ms"] == round(sum(r["duration_ms"] - r["planned_ms"] for r in finished) / 2)
    assert season["hours"] == {"counts": hours_of(in_2026, ZRH), "total": sum(len(n.arrivals) for n in in_2026)}
    assert [s["id"] for s in season["seasons"]] == ["2026", "2025", f"league-{league_id}"]
    assert "Bravo" not in str(season) and "Never Drawn" not in str(season)

    # The night past midnight is 2025's in UTC; the default season is this year in the phone's zone.
    utc = alpha.stats(season="2025", tz="UTC")
    assert [n["tournament_id"] for n in utc["nights"]] == [eve.tid, turbo.tid]
    assert utc["nights"][1]["date"] == "2025-12-31"
    assert utc["hours"]["counts"] == hours_of([eve, turbo], UTC)
    assert [n["name"] for n in alpha.stats(season="2025", tz="Europe/Zurich")["nights"]] == ["Silvester Freezeout"]
    assert alpha.stats(tz="Europe/Zurich")["season"] == "2026"

    # A league is a season of its own: its nights, whatever their year.
    in_league = alpha.stats(season=f"league-{league_id}", tz="Europe/Zurich")
    assert in_league["nights"] == [expected_row(eve), expected_row(monday)]

    # The observer reads the same; the limited director only the night he runs.
    observer = setup_link(app, invite(td, "observer"), "obs_alpha")
    assert observer.get("/api/club/stats", params={"season": "2026", "tz": "Europe/Zurich"}).json() == season
    own = limited.get("/api/club/stats", params={"season": "2026", "tz": "Europe/Zurich"}).json()
    assert own["scope"] == "own" and own["nights"] == [expected_row(wednesday)]
    assert own["totals"]["players"] == 4 and own["hours"]["total"] == 4

    # Another club sees its own night only.
    theirs = bravo.stats(season="2026", tz="Europe/Zurich")
    assert theirs["nights"] == [expected_row(secret)]
    assert "Alpha" not in str(theirs) and [s["kind"] for s in theirs["seasons"]] == ["year", "league"]

    # A bust tonight changes tonight's row on the next request (nothing kept stale).
    july.bust(wednesday, wednesday.active[0], zrh(2026, 7, 1, 21, 0))
    runner_up = wednesday.active[0]
    july.bust(wednesday, runner_up, zrh(2026, 7, 1, 21, 20))
    after = alpha.stats(season="2026", tz="Europe/Zurich")
    assert after["nights"][2] == expected_row(wednesday) and after["nights"][2]["finished"]
    assert after["nights"][:2] == season["nights"][:2]
    # The winning bust undone: no winner, no duration; busted again later, the later win stands.
    july.at(zrh(2026, 7, 1, 21, 25))
    july.ok(wednesday.tid, "undo_bust", {"entry_id": runner_up, "reason": "wrong player"})
    undone = alpha.stats(season="2026", tz="Europe/Zurich")["nights"][2]
    assert (undone["finished"], undone["duration_ms"], undone["ended_level"]) == (False, None, None)
    july.at(zrh(2026, 7, 1, 21, 35))
    july.ok(wednesday.tid, "resume_clock")  # the win had stopped it at 21:20
    wednesday.active.append(runner_up)
    july.bust(wednesday, runner_up, zrh(2026, 7, 1, 21, 40))
    # 100 minutes from the start to the winner; the clock stood from 21:20 to 21:35: 85 of them played
    replayed = expected_row(wednesday) | {"ended_level": level_at(85)}
    assert level_at(85) != level_at(100)
    assert alpha.stats(season="2026", tz="Europe/Zurich")["nights"][2] == replayed
    assert replayed["duration_ms"] == 100 * MINUTE

    # Bad input names its field; a league of another club is no season here.
    for params, name in (
        ({"season": "twenty"}, "season"),
        ({"season": "league-0"}, "season"),
        ({"season": f"league-{bravo_league.json()['id']}"}, "season"),
        ({"tz": "Mars/Olympus"}, "tz"),
        ({"tz": "../../etc/passwd"}, "tz"),
        ({"colour": "red"}, "colour"),
    ):
        r = td.get("/api/club/stats", params=params)
        assert r.status_code == 400 and r.json()["field"] == name, (params, r.text)
    assert InProcessApi(app).get("/api/club/stats").status_code == 401


class _Answer:
    """A stats answer as test_openapi_contract's checks read one."""

    status_code = 200

    def __init__(self, body: dict):
        self.body = body

    def json(self) -> dict:
        return self.body


def test_a_night_on_postgresql(tmp_path, pg_schema_url):
    """The same reading on PostgreSQL (a real server, tonight's real time): the played night
    with its field and re-entry, the tournament only registered not at all."""
    srv = ServerProcess(tmp_path / "pgvar", database_url=pg_schema_url).start()
    try:
        td = director(srv)
        tid = td.post("/api/tournaments", {"name": "PG Night", "preset": "s-trophy"}).json()["id"]
        command_ok(td, tid, "set_legal_profile", {"profile": "none", "reason": "Club statistics test night"})
        command_ok(td, tid, "edit_settings", {"buy_in": BUY_IN})
        ids = [command_ok(td, tid, "register_player", {"name": f"PG {i}"})["result"]["entry_id"] for i in range(3)]
        command_ok(td, tid, "draw_seats", {"tables": 1})
        command_ok(td, tid, "start_clock")
        command_ok(td, tid, "record_bust", {"entry_id": ids[0]})
        command_ok(td, tid, "reentry", {"entry_id": ids[0]})
        command_ok(
            td,
            td.post("/api/tournaments", {"name": "PG Later", "preset": "generic"}).json()["id"],
            "register_player",
            {"name": "Early Bird"},
        )
        body = td.get("/api/club/stats", params={"tz": "UTC"}).json()
        [night] = body["nights"]
        assert (night["name"], night["players"], night["entries"], night["prize_pool"]) == (
            "PG Night",
            3,
            4,
            4 * BUY_IN,
        )
        assert body["hours"]["total"] == 4 and body["totals"]["reentry_rate"] == round(1 / 3, 4)
    finally:
        srv.stop()
