"""Away from the table (N-2.3, V-X.c) and the last counted stacks on the dealer's phone.
Real Chromium against a real server; the field is built through the API for speed."""

from playwright.sync_api import expect

from server import command_ok as ok, director, links, seated_tournament

EN = {"locale": "en-US"}


def table_view(api, tid, table_no):
    return next(t for t in api.get(f"/api/tournaments/{tid}/view").json()["tables"] if t["table_no"] == table_no)


def test_dealer_marks_a_player_away_and_sees_the_counted_stacks(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=12, tables=2)
    table = links(api, tid)["tables"][0]
    table_no = table["table_no"]
    seats = sorted(table_view(api, tid, table_no)["seats"], key=lambda s: s["seat"])
    first = seats[0]

    page = phone(**EN).new_page()
    page.goto(table["url"])
    expect(page.get_by_test_id(f"seat-{first['seat']}")).to_be_visible()
    expect(page.get_by_test_id(f"away-badge-{first['seat']}")).to_have_count(0)

    toggle = page.get_by_test_id(f"away-toggle-{first['seat']}")
    box = toggle.bounding_box()
    assert box["height"] >= 48 and box["width"] >= 48
    toggle.click()
    badge = page.get_by_test_id(f"away-badge-{first['seat']}")
    expect(badge).to_have_text("Away — deal and fold, post blinds")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f"svg.table-oval g.is-away[data-seat='{first['seat']}']")).to_have_count(1)
    page.reload()
    expect(badge).to_be_visible()
    row = next(s for s in table_view(api, tid, table_no)["seats"] if s["seat"] == first["seat"])
    assert row.get("away") is True

    # after a chip count the last counted stack shows per seat
    stacks = {str(s["seat"]): 10000 + 100 * s["seat"] for s in seats}
    ok(api, tid, "chip_count", {"table_no": table_no, "stacks": stacks})
    for s in seats:
        stack = page.get_by_test_id(f"stack-{s['seat']}")
        expect(stack).to_contain_text(f"{10000 + 100 * s['seat']:,}")
        expect(stack).to_contain_text("counted ")
    page.evaluate(
        "window.scrollTo(0, document.getElementById('seats-h').getBoundingClientRect().top + window.scrollY - 100)"
    )
    shot(page, "dealer-away")

    # back at the table
    page.get_by_test_id(f"away-toggle-{first['seat']}").click()
    expect(badge).to_have_count(0)
    expect(page.locator("svg.table-oval g.is-away")).to_have_count(0)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    row = next(s for s in table_view(api, tid, table_no)["seats"] if s["seat"] == first["seat"])
    assert not row.get("away")
