"""Text the server cannot store, typed on the director's phone: the server
refuses it at the edge with a 400 naming the field, the phone shows it under "rejected" with that
reason and stops sending it, and the desk goes on registering. Real Chromium, real server."""

import pytest
from playwright.sync_api import expect

from director_phone import director_at
from server import director

EN = {"locale": "en-US"}

# Set in the page's own JavaScript: a lone surrogate cannot travel through Playwright's UTF-8.
BAD_NAMES = {"lone surrogate": "Anna \\ud800", "control character": "Anna \\u0007Bell"}


@pytest.mark.parametrize("kind", BAD_NAMES)
def test_a_name_the_server_cannot_store_is_refused_and_shown_with_its_field(live_server, phone, shot, kind):
    api = director(live_server)
    tid = api.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"}).json()["id"]
    page = director_at(phone, api, f"/director/{tid}", "desk", **EN)
    name_box = page.get_by_test_id("register-name")
    name_box.evaluate(
        f"""el => {{ el.value = "{BAD_NAMES[kind]}"; el.dispatchEvent(new Event("input", {{bubbles: true}})); }}"""
    )
    page.get_by_test_id("register-submit").click()  # N-3.4: "ID seen (18+) · Register"

    item = page.get_by_test_id("rejected-item")
    expect(item).to_be_visible()
    expect(item.locator(".rejected-reason")).to_contain_text("name")
    item.scroll_into_view_if_needed()
    shot(page, f"rejected-bad-name-{kind.replace(' ', '-')}")
    # Refused, not retried: nothing is left pending and nothing was registered.
    expect(page.get_by_test_id("pending-item")).to_have_count(0)
    assert api.get(f"/api/tournaments/{tid}/view").json()["entries"] == []

    # The desk goes on: the next walk-in is registered at once.
    name_box.fill("Anna Berg")
    page.get_by_test_id("register-submit").click()
    expect(page.get_by_test_id("desk-row-1")).to_contain_text("Anna Berg")
    expect(page.get_by_test_id("rejected-item")).to_have_count(1)
