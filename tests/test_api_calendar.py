"""The club's calendar feed (RFC 5545; backend/api/club_calendar.py), fetched from a real server
process with no login and parsed with the `icalendar` package: each event is what the test
published (name, start, the club's page), a tournament not opened for sign-up and another club's
never appear, UIDs stay the same between two fetches, and hostile names survive the round trip.
The writer itself is checked against names the API would not even take (line breaks, 200
characters)."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta

import icalendar

from backend.documents.calendar_feed import CalendarEvent, calendar
from server import Api, club_director, command_ok, new_club

HOUR_MS = 3_600_000
# What the API takes in a tournament's name (no control characters; at most 120 characters).
HOSTILE_NAME = ("Deep, Stack; \\Finale\\ 🂡🃏 €50 «Ü» " + "x" * 120)[:120]


def published(td: Api, name: str, starts_at: int, preset: str = "n-monday") -> int:
    tid = td.post("/api/tournaments", {"name": name, "preset": preset}).json()["id"]
    command_ok(td, tid, "set_sign_up", {"starts_at": starts_at, "online": True})
    return tid


def feed(slug: str, base: str, **params):
    r = Api(base).get(f"/api/public/clubs/{slug}/calendar.ics", params=params)
    assert r.status_code == 200, r.text
    return r


def text_value(raw) -> str:
    """A TEXT value as RFC 5545 3.3.11 reads it: icalendar hands calendar-level X- and RFC 7986
    properties back as they were written, escapes and all."""
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), str(raw))


def physical_lines(body: bytes) -> list[bytes]:
    assert body.endswith(b"\r\n")
    return body[:-2].split(b"\r\n")


def test_a_clubs_feed_lists_what_its_page_publishes_and_nothing_of_another_club(server, td):
    now = int(time.time() * 1000)
    monday = (now // HOUR_MS + 48) * HOUR_MS  # two days ahead, on the hour
    friday = monday + 96 * HOUR_MS
    first = published(td, "Montag Deepstack", monday)
    hostile = published(td, HOSTILE_NAME, friday)
    td.post("/api/tournaments", {"name": "Geheim, nicht angekündigt", "preset": "n-monday"})  # no sign-up
    other = club_director(server, new_club(td, "Bravo Club"), "td_bravo")
    published(other, "Bravo Montag", monday)
    me = td.get("/api/me").json()["club"]
    page = td.get(f"/api/public/clubs/{me['slug']}").json()
    assert page["calendar"] == f"{server.url}/api/public/clubs/{me['slug']}/calendar.ics"

    r = feed(me["slug"], server.url)
    assert r.headers["Content-Type"] == "text/calendar; charset=utf-8"
    assert r.headers["Content-Disposition"] == f'inline; filename="{me["slug"]}.ics"'
    for line in physical_lines(r.content):
        assert len(line) <= 75, line  # folded at 75 octets (RFC 5545 3.1)
        assert b"\n" not in line and b"\r" not in line
    cal = icalendar.Calendar.from_ical(r.content)
    assert text_value(cal["X-WR-CALNAME"]) == me["name"]
    assert str(cal["VERSION"]) == "2.0" and str(cal["PRODID"])
    assert cal["REFRESH-INTERVAL"].dt == timedelta(hours=1)
    events = cal.walk("VEVENT")
    assert [str(e["SUMMARY"]) for e in events] == ["Montag Deepstack", HOSTILE_NAME]
    starts = [monday, friday]
    for event, start in zip(events, starts, strict=True):
        assert event["DTSTART"].dt == datetime.fromtimestamp(start / 1000, tz=UTC)
        assert event["DTEND"].dt > event["DTSTART"].dt
        assert str(event["URL"]) == page["link"]
        assert str(event["LOCATION"]) == me["name"]
        assert "DTSTAMP" in event and "LAST-MODIFIED" in event
        # N-Monday: CHF 125 + 25 (shared_rules/presets/n-monday.json), and how to sign up
        assert "Buy-in: 125 CHF + 25 CHF Gebühr" in str(event["DESCRIPTION"])
        assert page["link"] in str(event["DESCRIPTION"])
    uids = [str(e["UID"]) for e in events]
    assert uids[0].startswith(f"tournament-{first}@") and uids[1].startswith(f"tournament-{hostile}@")
    again = icalendar.Calendar.from_ical(feed(me["slug"], server.url).content)
    assert [str(e["UID"]) for e in again.walk("VEVENT")] == uids  # a refresh updates, never doubles
    # Calendar apps poll: an unchanged club's feed is the one already made (its DTSTAMP a second
    # older), while a change to one of its tournaments shows in the very next fetch.
    time.sleep(1.1)
    assert feed(me["slug"], server.url).content == r.content
    command_ok(td, first, "set_sign_up", {"starts_at": monday + HOUR_MS, "online": True})
    moved = icalendar.Calendar.from_ical(feed(me["slug"], server.url).content).walk("VEVENT")[0]
    assert moved["DTSTART"].dt == datetime.fromtimestamp((monday + HOUR_MS) / 1000, tz=UTC)
    assert "Bravo" not in r.content.decode() and "Geheim" not in r.content.decode()

    english = icalendar.Calendar.from_ical(feed(me["slug"], server.url, lang="en", _="1712345").content)
    assert "Buy-in: 125 CHF + 25 CHF fee" in str(english.walk("VEVENT")[0]["DESCRIPTION"])
    bravo = icalendar.Calendar.from_ical(feed(other.get("/api/me").json()["club"]["slug"], server.url).content)
    assert [str(e["SUMMARY"]) for e in bravo.walk("VEVENT")] == ["Bravo Montag"]
    assert Api(server.url).get("/api/public/clubs/no-such-club/calendar.ics").status_code == 404
    r = Api(server.url).get(f"/api/public/clubs/{me['slug']}/calendar.ics", params={"lang": "fr"})
    assert r.status_code == 400 and r.json()["field"] == "lang"


def test_the_writer_escapes_and_folds_what_the_api_would_not_even_take():
    """Line breaks, backslashes, commas, semicolons, 200 characters and emoji, in every text field."""
    names = [
        "Montag,\nDeep;Stack\\Finale",
        "🂡" * 50 + "é" * 150,
        "Zeile eins\r\nZeile zwei\rdrei; , \\n (kein Umbruch)",
        "x" * 200,
    ]
    start = int(datetime(2026, 3, 16, 18, 30, tzinfo=UTC).timestamp() * 1000)
    events = [
        CalendarEvent(f"t-{i}@example.org", start, start + HOUR_MS, name, name, name, "https://example.org/c/x")
        for i, name in enumerate(names)
    ]
    body = calendar('Club; "Basel", 🃏\nNord', "Turniere, alle;\n", events, start).encode()
    for line in physical_lines(body):
        assert len(line) <= 75, line
        line.decode("utf-8")  # a fold never splits a character
    cal = icalendar.Calendar.from_ical(body)
    for key in ("X-WR-CALNAME", "NAME"):
        assert text_value(cal[key]) == 'Club; "Basel", 🃏\nNord'
    parsed = cal.walk("VEVENT")
    normal = [n.replace("\r\n", "\n").replace("\r", "\n") for n in names]  # a line break is a line break
    assert [str(e["SUMMARY"]) for e in parsed] == normal
    assert [str(e["DESCRIPTION"]) for e in parsed] == normal
    assert [str(e["LOCATION"]) for e in parsed] == normal
    assert all(e["DTSTART"].dt == datetime(2026, 3, 16, 18, 30, tzinfo=UTC) for e in parsed)
