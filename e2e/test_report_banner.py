"""Failures a person must know about reach the screen: a
director who logs out with no connection is told the server did not hear it (the login stays
valid), the report is kept for diagnostics (window.__pokerfloorReports) and can be dismissed."""

from playwright.sync_api import expect

from director_phone import director_at
from server import director

EN = {"locale": "en-US"}


def test_logout_offline_is_reported_on_screen(live_server, phone, shot):
    td = director(live_server)
    tid = td.post("/api/tournaments", {"name": "Friday Cup", "preset": "generic"}).json()["id"]
    page = director_at(phone, td, "/director", f"tournament-link-{tid}", **EN)
    expect(page.get_by_test_id("report-banner")).to_have_count(0)
    page.wait_for_load_state("networkidle")  # the list's cards (the club page's QR) have loaded

    page.context.set_offline(True)
    page.get_by_test_id("logout").click()
    banner = page.get_by_test_id("report-banner")
    expect(banner).to_be_visible()
    expect(banner).to_have_attribute("data-where", "director.logout")
    expect(banner).to_contain_text("The server did not confirm the logout")
    shot(page, "report-banner-logout-offline")
    # What the banner says is true: the server never heard the logout, the token still works.
    assert td.get("/api/tournaments").status_code == 200

    kept = page.evaluate("window.__pokerfloorReports.map((r) => [r.where, r.show])")
    assert ["director.logout", "report.logout_failed"] in kept

    page.get_by_test_id("report-dismiss").click()
    expect(banner).to_have_count(0)
