"""Sign-up before the night, the whole story on real phones (docs/sign-up.md): a real server that
mails through a real SMTP server process, real Chromium at 390×844, German and English phones.

The director opens online sign-up for the Monday tournament (n-monday, 3 places) on his phone's
desk. Four players open the club's short link and sign up from the form (two give an e-mail); the
fourth waits, number 1. The second cancels from his personal link; the waiting player's phone says
"moved up" without a reload, and his e-mail says the place is his. At the desk the director scans
the QR code on that player's screen with the desk phone's camera (Chromium's fake camera films the
player's screen), ticks the ID (N-3.4) and checks him in with one tap; he pays then (N-3.1). After
the draw the same personal link shows his seat and the clock.
"""

import datetime as dt
import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from browser_args import CHROMIUM_ARGS, PHONE, chromium_path
from director_phone import director_at, signed_in
from fake_camera import y4m_of
from server import ServerProcess, command_ok, director, view_when
from smtp_sink import SmtpSink
from test_sign_up_phones import sign_up

ZONE = "Europe/Zurich"
ROOT = Path(__file__).resolve().parents[1]


def wall(at: dt.datetime) -> str:
    return at.strftime("%Y-%m-%dT%H:%M")


@pytest.fixture
def smtp_sink(tmp_path):
    sink = SmtpSink(tmp_path / "smtp")
    yield sink
    sink.stop()


@pytest.fixture
def mailing_server(tmp_path, smtp_sink):
    """The app's server sending its mail to the SMTP server process (tests/smtp_sink.py)."""
    if not (ROOT / "pwa/dist/index.html").exists():
        pytest.fail("pwa/dist is not built: run `make test`, which builds it first")
    srv = ServerProcess(tmp_path / "var", env=smtp_sink.env).start()
    yield srv
    srv.stop()


def test_players_sign_up_one_moves_up_is_mailed_scanned_in_and_finds_his_seat(
    mailing_server, smtp_sink, phone, browser_type, browser_type_launch_args, tmp_path, shot
):
    server = mailing_server
    api = director(server)
    slug = api.get("/api/me").json()["club"]["slug"]
    tid = api.post("/api/tournaments", {"name": "Monday Deepstack", "preset": "n-monday"}).json()["id"]
    # a small test night: the law's 10 players (VGS Art. 39 Abs. 4) switched off, as a club can, with a reason
    command_ok(api, tid, "set_legal_profile", {"profile": "none", "reason": "a test night of a few players"})
    command_ok(api, tid, "set_capacity", {"max": 3})

    # ---- the director opens online sign-up on his phone's desk -------------------------------------
    td = director_at(phone, api, f"/director/{tid}/desk", "signup-card", locale="de-CH", timezone_id=ZONE)
    card = td.get_by_test_id("signup-card")
    card.get_by_test_id("signup-edit").click()
    starts = dt.datetime.now(ZoneInfo(ZONE)).replace(second=0, microsecond=0) + dt.timedelta(days=1)
    card.get_by_test_id("signup-starts").fill(wall(starts))
    expect(card.get_by_test_id("signup-online")).to_be_checked()
    card.get_by_test_id("signup-confirm").check()  # a player with a place says he comes
    card.get_by_test_id("signup-save").click()
    expect(card.get_by_test_id("signup-summary")).to_have_attribute("data-status", "open")

    # ---- four phones sign up from the club's page ---------------------------------------------------
    people = [
        ("Anna Weiss", "de-CH", None),
        ("Beat Keller", "en-GB", None),
        ("Carla Frei", "de-CH", "carla@example.org"),
        ("Dario Rossi", "en-GB", "dario@example.org"),
    ]
    phones = {}
    for name, locale, mail in people:
        page = phone(locale=locale).new_page()
        page.goto(f"{server.url}/c/{slug}")
        expect(page).to_have_url(f"{server.url}/#/club/{slug}")
        tournament = page.get_by_test_id(f"club-tournament-{tid}")
        if mail:
            if tournament.get_by_test_id("signup-form").count() == 0:
                tournament.get_by_test_id("club-sign-up").click()
            tournament.get_by_test_id("signup-email").fill(mail)
        sign_up(page, tid, name)
        expect(page.get_by_test_id("registration")).to_be_visible(timeout=20_000)
        phones[name] = page
    dario = phones["Dario Rossi"]
    expect(dario.get_by_test_id("registration")).to_have_attribute("data-status", "waiting")
    expect(dario.get_by_test_id("registration")).to_contain_text("1")
    # waiting, he has his code for the desk already: the desk finds him on the list too
    expect(dario.get_by_test_id("desk-qr")).to_have_attribute("data-status", "waiting")
    expect(dario.get_by_test_id("desk-qr")).to_contain_text("Show this at the desk")
    for name in ("Anna Weiss", "Beat Keller", "Carla Frei"):
        expect(phones[name].get_by_test_id("registration")).to_have_attribute("data-status", "registered")
    dario_link = dario.url
    anna = phones["Anna Weiss"]
    expect(anna.get_by_test_id("registration-confirm-ask")).to_be_visible()
    anna.get_by_test_id("registration-confirm").click()  # "Ja, ich komme"
    expect(anna.get_by_test_id("registration-confirm")).to_have_count(0, timeout=20_000)
    assert view_when(api, tid, lambda v: any(e["confirmed"] for e in v["entries"]))["entries"][0]["confirmed"] is True
    expect(td.get_by_test_id("desk-row-1")).to_have_attribute("data-confirmed", "true")  # the desk sees it
    expect(td.get_by_test_id("desk-row-2")).to_contain_text("noch nicht bestätigt")
    confirmations = smtp_sink.wait_for(2)
    assert sorted(m["To"] for m in confirmations) == ["carla@example.org", "dario@example.org"]
    assert dario_link.split("#")[1] in next(m for m in confirmations if m["To"] == "dario@example.org").get_content()

    # ---- Beat cancels from his link: Dario moves up at once, on his phone and by e-mail --------------
    beat = phones["Beat Keller"]
    beat.get_by_test_id("registration-cancel").click()
    beat.get_by_test_id("registration-cancel-confirm").click()
    expect(beat.get_by_test_id("registration")).to_have_attribute("data-status", "cancelled", timeout=20_000)
    expect(dario.get_by_test_id("registration")).to_have_attribute("data-status", "promoted", timeout=20_000)
    shot(dario, "sign-up-night-moved-up-en")
    moved = [m for m in smtp_sink.wait_for(3) if m["To"] == "dario@example.org"]
    assert len(moved) == 2, [m["Subject"] for m in moved]
    assert dario_link.split("#")[1] in moved[-1].get_content()

    # ---- the desk scans the QR code on Dario's screen and checks him in ------------------------------
    code = dario.get_by_test_id("desk-qr-code")
    expect(code).to_be_visible()
    dario.wait_for_function(
        "() => { const i = document.querySelector('[data-testid=desk-qr-code]'); return i && i.complete && i.naturalWidth > 0 }"
    )
    video = y4m_of(code.screenshot(), tmp_path / "dario-qr.y4m")  # what the desk's camera sees

    # a desk phone without a camera: a clear word, and the list stays
    td.get_by_test_id("desk-scan-open").click()
    problem = td.get_by_test_id("desk-scan-problem")
    expect(problem).to_be_visible()
    assert problem.get_attribute("data-kind") in ("no_camera", "denied"), problem.get_attribute("data-kind")
    expect(problem).to_contain_text("den Namen in der Liste")
    expect(td.get_by_test_id("desk-row-1")).to_contain_text("Anna Weiss")
    launch = {
        **browser_type_launch_args,
        "args": CHROMIUM_ARGS
        + [
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ],
    }
    if chromium_path():
        launch["executable_path"] = chromium_path()
    desk_browser = browser_type.launch(**launch)
    try:
        desk = signed_in(desk_browser.new_context(**PHONE, locale="de-CH", permissions=["camera"]), api).new_page()
        desk.goto(f"{api.base}/#/director/{tid}/desk")
        desk.get_by_test_id("desk-scan").get_by_test_id("desk-scan-open").click()
        result = desk.get_by_test_id("scan-result")
        expect(result).to_be_visible(timeout=20_000)
        expect(result.get_by_test_id("scan-name")).to_have_text("Dario Rossi")
        expect(result).to_have_attribute("data-status", "promoted")
        expect(result.get_by_test_id("scan-collect")).to_contain_text("150")  # N-3.1: 125 + 25 CHF
        check_in = result.get_by_test_id("scan-check-in")
        expect(check_in).to_be_disabled()  # N-3.4: the ID first
        result.get_by_test_id("scan-id-seen").check()
        expect(check_in).to_be_enabled()
        check_in.click()
        expect(result).to_have_attribute("data-status", "checked_in")
        dario_id = next(
            e["entry_id"]
            for e in api.get(f"/api/tournaments/{tid}/view").json()["entries"]
            if e["name"] == "Dario Rossi"
        )
        expect(desk.get_by_test_id(f"desk-checked-{dario_id}")).to_be_attached()  # the list below agrees
        shot(desk, "sign-up-night-desk-scan-de")
    finally:
        desk_browser.close()
    entry = view_when(api, tid, lambda v: any(e["name"] == "Dario Rossi" and e["present"] for e in v["entries"]))
    dario_row = next(e for e in entry["entries"] if e["name"] == "Dario Rossi")
    assert dario_row["id_checked"] is True and dario_row["pays_at_check_in"] is False  # paid, ID seen
    # his phone says so, where the code was
    expect(dario.get_by_test_id("desk-qr-checked-in")).to_contain_text("Checked in ✓", timeout=20_000)
    expect(dario.get_by_test_id("desk-qr")).to_have_count(0)

    # ---- the others check in at the desk; the draw; the clock ----------------------------------------
    for e in api.get(f"/api/tournaments/{tid}/view").json()["entries"]:
        if e["status"] == "active" and not e["present"]:
            command_ok(api, tid, "check_in", {"entry_id": e["entry_id"], "id_checked": True})
    command_ok(api, tid, "draw_seats", {"tables": 1})
    command_ok(api, tid, "start_clock")
    seat = view_when(api, tid, lambda v: v["status"] == "running")
    dario_entry = next(e for e in seat["entries"] if e["name"] == "Dario Rossi")

    # ---- the same personal link, no reload: his seat and the clock -----------------------------------
    where = dario.get_by_test_id("player-seat")
    expect(where).to_have_attribute("data-table", str(dario_entry["table_no"]), timeout=20_000)
    expect(where).to_have_attribute("data-seat", str(dario_entry["seat"]))
    expect(dario.get_by_test_id("clock-time")).to_have_text(re.compile(r"\d+:\d\d"))
    expect(dario.get_by_test_id("clock-status")).to_have_attribute("data-status", "running")
    shot(dario, "sign-up-night-seat-en")
