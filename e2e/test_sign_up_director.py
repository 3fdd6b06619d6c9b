"""The director's side of sign-up on a real phone (docs/sign-up.md): on a tournament's desk he sets
the start (tomorrow 19:00), turns online sign-up on and lets it open in the past; the club's public
page (no login) then lists the tournament, open now, starting at that wall time in the club's
timezone. A phone's sign-up shows on the desk marked "online". The club card on his list shows the
page's short link, its QR code and the A4 poster for the wall. Screenshots at 390x844 in English and German.
Real Chromium, real server."""

import datetime as dt
import uuid
from zoneinfo import ZoneInfo

import requests
from playwright.sync_api import expect

from director_phone import director_at, show
from server import director

ZONE = "Europe/Zurich"  # the phone's timezone is the club's: the times typed are wall times there


def wall(day: dt.date, hour: int) -> tuple[str, int]:
    """<input type=datetime-local>'s value for `day` at `hour`:00 in the club's zone, and its epoch ms."""
    at = dt.datetime(day.year, day.month, day.day, hour, 0, tzinfo=ZoneInfo(ZONE))
    return at.strftime("%Y-%m-%dT%H:%M"), int(at.timestamp() * 1000)


def test_the_director_opens_online_sign_up_and_the_club_page_lists_it(live_server, phone, shot):
    api = director(live_server)
    tid = api.post("/api/tournaments", {"name": "Friday Deepstack", "preset": "generic"}).json()["id"]
    slug = api.get("/api/me").json()["club"]["slug"]
    today = dt.datetime.now(ZoneInfo(ZONE)).date()
    starts_value, starts_ms = wall(today + dt.timedelta(days=1), 19)
    opens_value, opens_ms = wall(today - dt.timedelta(days=1), 12)

    td = director_at(phone, api, f"/director/{tid}/desk", "signup-card", locale="en-US", timezone_id=ZONE)
    card = td.get_by_test_id("signup-card")
    # not on the club's page yet: the card asks for a start
    assert requests.get(f"{live_server.url}/api/public/clubs/{slug}", timeout=10).json()["tournaments"] == []
    card.get_by_test_id("signup-edit").click()
    card.get_by_test_id("signup-starts").fill(starts_value)
    expect(card.get_by_test_id("signup-online")).to_be_checked()
    card.get_by_test_id("signup-opens").fill(opens_value)
    # a close after the start is refused on the phone, naming the field
    card.get_by_test_id("signup-closes").fill(wall(today + dt.timedelta(days=2), 12)[0])
    card.get_by_test_id("signup-save").click()
    expect(card.get_by_test_id("signup-error-closes")).to_be_visible()
    card.get_by_test_id("signup-closes").fill("")
    show(card)
    shot(td, "sign-up-card-form-en")
    card.get_by_test_id("signup-save").click()

    summary = card.get_by_test_id("signup-summary")
    expect(summary).to_have_attribute("data-status", "open")
    expect(card.get_by_test_id("signup-starts-at")).to_have_attribute("data-ms", str(starts_ms))
    expect(card.get_by_test_id("signup-starts-at")).to_contain_text("19:00")

    # the public page, opened by a browser with no sign-in at all (a JSON answer opened as a
    # document runs nothing: its policy is default-src 'none', docs/security-headers.md)
    stranger = phone(locale="en-US").new_page()
    opened = stranger.goto(f"{live_server.url}/api/public/clubs/{slug}")
    assert opened is not None and opened.ok
    page = opened.json()
    [listed] = page["tournaments"]
    assert listed["id"] == tid and listed["open_now"] is True
    assert listed["starts_at"] == starts_ms
    assert listed["sign_up"] == {
        "starts_at": starts_ms,
        "online": True,
        "opens_at": opens_ms,
        "closes_at": None,
        "confirm": False,
    }
    assert page["link"].endswith(f"/c/{slug}")

    # a player signs up from his phone: the desk shows him, marked as an online sign-up
    signed = requests.post(
        f"{live_server.url}/api/public/tournaments/{tid}/sign-up",
        json={"op_id": str(uuid.uuid4()), "device_id": "phone-anna", "name": "Anna Weiss"},
        timeout=10,
    )
    assert signed.status_code == 200, signed.text
    row = td.locator("[data-testid^='desk-row-'][data-online='true']")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Anna Weiss")
    expect(card.get_by_test_id("signup-online-count")).to_contain_text("1")
    show(card)
    shot(td, "sign-up-card-en")

    de = director_at(phone, api, f"/director/{tid}/desk", "signup-summary", locale="de-DE", timezone_id=ZONE)
    expect(de.get_by_test_id("signup-status")).to_contain_text("Jetzt offen")
    show(de.get_by_test_id("signup-card"))
    shot(de, "sign-up-card-de")

    # the club card: the page's short link and its QR code, for the wall
    for lang, locale in (("en", "en-US"), ("de", "de-DE")):
        home = director_at(phone, api, "/director", "club-page-card", locale=locale, timezone_id=ZONE)
        club = home.get_by_test_id("club-page-card")
        expect(club.get_by_test_id("club-page-link")).to_have_text(page["link"])
        expect(club.get_by_test_id("club-page-listed")).to_contain_text("1")
        qr = club.get_by_test_id("club-page-qr")
        expect(qr).to_be_visible()
        home.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=qr.element_handle())
        show(club)
        shot(home, f"club-page-card-{lang}")
        # the calendar feed: webcal:// for a phone's calendar app, the https address to copy
        calendar = club.get_by_test_id("club-calendar")
        feed = page["calendar"]
        expect(calendar.get_by_test_id("club-calendar-https")).to_have_text(feed)
        webcal = "webcal://" + feed.split("://", 1)[1]
        expect(calendar.get_by_test_id("club-calendar-webcal")).to_have_attribute("href", webcal)
        calendar.scroll_into_view_if_needed()
        shot(home, f"club-calendar-{lang}")
    # the poster for the wall: the same link and a code, printable from the phone
    with home.expect_popup() as opened:
        club.get_by_test_id("club-page-poster").click()
    poster = opened.value
    expect(poster.get_by_test_id("club-poster-link")).to_have_text(page["link"])
    expect(poster.get_by_test_id("club-poster").locator(".qr svg")).to_be_visible()
    expect(poster.get_by_test_id("club-poster")).to_contain_text("Melde dich mit dem Handy an")
    expect(poster.get_by_test_id("loopback-warning")).to_be_visible()  # 127.0.0.1: no phone opens it
    shot(poster, "club-page-poster-de")
