"""Sign-up before the night on real phones (docs/sign-up.md), real Chromium against a real server:
the director opens the Monday tournament for 2 players; three phones open the club's short link
/c/<slug> (a German one, two English ones) and sign up from the form; the third one waits,
number 1 on the list. The second cancels from his personal link, and the waiting phone shows
"Moved up!" without a reload (the server drops its socket, the phone asks again as the entry).
Also: "opens tomorrow" with a countdown for a tournament not open yet, a taken name refused at
the name field, the honeypot out of sight, the club page remembering the link on the phone; axe-core finds no
violation on the club page, the form with an error, the waiting and the moved-up screens."""

import time
from datetime import date, datetime, timedelta

from playwright.sync_api import expect

from server import command_ok, director
from test_accessibility import axe, report

HOUR = 3600 * 1000


def now_ms() -> int:
    return int(time.time() * 1000)


def listed(api, name: str, capacity: int, **sign_up) -> int:
    r = api.post("/api/tournaments", {"name": name, "preset": "n-monday"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    command_ok(api, tid, "set_capacity", {"max": capacity})
    command_ok(api, tid, "set_sign_up", {"online": True, **sign_up})
    return tid


def club_page(phone, url: str, slug: str, locale: str):
    page = phone(locale=locale, bypass_csp=True).new_page()  # axe is injected as a script of its own
    page.goto(f"{url}/c/{slug}")  # the QR on the club's wall: redirects to #/club/<slug>
    expect(page).to_have_url(f"{url}/#/club/{slug}")
    return page


def sign_up(page, tid: int, name: str):
    card = page.get_by_test_id(f"club-tournament-{tid}")
    if card.get_by_test_id("signup-form").count() == 0:
        card.get_by_test_id("club-sign-up").click()
    card.get_by_test_id("signup-name").fill(name)
    card.get_by_test_id("signup-submit").click()
    return card


def test_three_phones_sign_up_one_waits_and_moves_up_when_another_cancels(live_server, phone, shot):
    api = director(live_server)
    found: dict = {}
    slug = api.get("/api/me").json()["club"]["slug"]
    monday = listed(api, "Monday Deepstack", 2, starts_at=now_ms() + 48 * HOUR)
    # Sign-up opens tomorrow at 23:59, the phone's (this machine's) time: "tomorrow" and over a day
    # away at any hour the test runs but the day's last minute (26 h from now was the day after
    # tomorrow after 22:00).
    late = (
        datetime.combine(date.today() + timedelta(days=1), datetime.min.time()).replace(hour=23, minute=59).astimezone()
    )
    friday = listed(api, "Friday Freezeout", 44, starts_at=now_ms() + 72 * HOUR, opens_at=int(late.timestamp() * 1000))

    # Anna, German phone: the page in German, the open tournament with its form
    anna = club_page(phone, live_server.url, slug, "de-CH")
    card = anna.get_by_test_id(f"club-tournament-{monday}")
    expect(card).to_have_attribute("data-state", "open")
    expect(card.get_by_test_id("club-money")).to_have_text("Buy-in 125 CHF + 25 CHF Gebühr")
    expect(card.get_by_test_id("club-seats")).to_contain_text("0 von 2 Startplätzen vergeben")
    card.get_by_test_id("club-house-rules").locator("summary").click()
    expect(card.get_by_test_id("club-house-rules")).to_contain_text("Warteliste")
    card.get_by_test_id("club-house-rules").locator("summary").click()
    card.get_by_test_id("club-sign-up").click()
    honeypot = card.get_by_test_id("signup-website")
    assert honeypot.get_attribute("tabindex") == "-1" and honeypot.get_attribute("autocomplete") == "off"
    assert honeypot.evaluate(
        "el => el.closest('[aria-hidden=true]') !== null && getComputedStyle(el).display !== 'none'"
    )
    assert not honeypot.is_visible() or honeypot.bounding_box()["x"] < 0
    shot(anna, "signup-club-open-de")
    axe(anna, "club page, form open (de)", found)
    sign_up(anna, monday, "Anna Weiss")
    anna_reg = anna.get_by_test_id("registration")
    expect(anna_reg).to_have_attribute("data-status", "registered")
    expect(anna_reg).to_contain_text("Du bist angemeldet")
    expect(anna_reg).to_contain_text("Ausweis")
    shot(anna, "signup-registered-de")

    # Beat, English phone: the Friday tournament opens tomorrow (a countdown); a taken name is
    # refused at the name field, then he signs up as himself
    beat = club_page(phone, live_server.url, slug, "en-US")
    later = beat.get_by_test_id(f"club-tournament-{friday}")
    expect(later).to_have_attribute("data-state", "opens")
    expect(later.get_by_test_id("club-opens")).to_contain_text("Sign-up opens tomorrow at")
    expect(later.get_by_test_id("club-countdown")).to_contain_text("in 1 d")
    later.scroll_into_view_if_needed()
    shot(beat, "signup-club-opens-at-en")
    card = sign_up(beat, monday, "anna  WEISS")  # the same person, accents and case aside
    error = card.get_by_test_id("signup-error")
    expect(error).to_have_attribute("data-field", "name")
    expect(error).to_contain_text("Anna Weiss is already signed up")
    expect(card.get_by_test_id("signup-name")).to_have_attribute("aria-invalid", "true")
    shot(beat, "signup-form-error-en")
    axe(beat, "form with an error (en)", found)
    sign_up(beat, monday, "Beat Keller")
    beat_reg = beat.get_by_test_id("registration")
    expect(beat_reg).to_have_attribute("data-status", "registered")

    # Carla, English phone: the field is full, she joins the waiting list as number 1
    carla = club_page(phone, live_server.url, slug, "en-GB")
    card = carla.get_by_test_id(f"club-tournament-{monday}")
    expect(card.get_by_test_id("club-seats")).to_contain_text("2 of 2 places taken")
    expect(card.get_by_test_id("club-sign-up")).to_have_text("Join the waiting list")
    card.get_by_test_id("club-sign-up").click()
    expect(card.get_by_test_id("signup-full-note")).to_be_visible()
    sign_up(carla, monday, "Carla Frei")
    carla_reg = carla.get_by_test_id("registration")
    expect(carla_reg).to_have_attribute("data-status", "waiting")
    expect(carla_reg).to_have_attribute("data-position", "1")
    expect(carla_reg).to_contain_text("Waiting list: number 1 of 1")
    shot(carla, "signup-waiting-en")
    axe(carla, "waiting (en)", found)
    expect(carla.get_by_test_id("push-on")).to_have_text("Tell me when I move up")

    # Beat calls it off from his link; Carla's phone shows "Moved up!" without a reload
    beat.get_by_test_id("registration-cancel").click()
    beat.get_by_test_id("registration-cancel-confirm").click()
    expect(beat_reg).to_have_attribute("data-status", "cancelled", timeout=20_000)
    expect(carla_reg).to_have_attribute("data-status", "promoted", timeout=20_000)
    expect(carla_reg).to_contain_text("Moved up!")
    expect(carla_reg).to_contain_text("the place is yours")
    shot(carla, "signup-moved-up-en")
    axe(carla, "moved up (en)", found)
    axe(anna, "registered (de)", found)
    # …and she is live as the entry now: the director checks her in, her phone follows
    entry = next(e for e in api.get(f"/api/tournaments/{monday}/view").json()["entries"] if e["name"] == "Carla Frei")
    command_ok(api, monday, "check_in", {"entry_id": entry["entry_id"], "id_checked": True})
    expect(carla_reg).to_have_attribute("data-status", "checked_in", timeout=20_000)

    # Anna's club page remembers her link on this phone
    anna.goto(f"{live_server.url}/c/{slug}")
    kept = anna.get_by_test_id(f"club-tournament-{monday}")
    expect(kept).to_have_attribute("data-state", "kept")
    kept.get_by_test_id("club-open-link").click()
    expect(anna.get_by_test_id("registration")).to_have_attribute("data-status", "registered")

    # "Meine Daten löschen": confirmed first; before the draw it also takes back her registration
    anna.get_by_test_id("registration-erase").click()
    anna.get_by_test_id("registration-erase-confirm").click()
    said = anna.get_by_test_id("registration-erase-said")
    expect(said).to_contain_text("Deine Daten sind gelöscht")
    expect(anna.get_by_test_id("registration")).to_have_attribute("data-status", "cancelled", timeout=20_000)
    assert not found, report(found)


def test_a_sign_up_whose_answer_is_lost_goes_again_with_the_same_op_id_and_counts_once(live_server, phone):
    api = director(live_server)
    slug = api.get("/api/me").json()["club"]["slug"]
    tid = listed(api, "Monday Deepstack", 10, starts_at=now_ms() + 48 * HOUR)
    page = club_page(phone, live_server.url, slug, "en-US")
    sent = []

    def lose_the_first_answer(route):
        response = route.fetch()  # the server has it: he is signed up
        sent.append(route.request.post_data_json["op_id"])
        if len(sent) == 1:
            route.abort("connectionreset")  # …but the phone never hears so
        else:
            route.fulfill(response=response)

    page.route("**/api/public/tournaments/*/sign-up", lose_the_first_answer)
    sign_up(page, tid, "Dora Graf")
    expect(page.get_by_test_id("registration")).to_have_attribute("data-status", "registered")
    assert len(sent) == 2 and sent[0] == sent[1], sent
    names = [e["name"] for e in api.get(f"/api/tournaments/{tid}/view").json()["entries"]]
    assert names == ["Dora Graf"]
