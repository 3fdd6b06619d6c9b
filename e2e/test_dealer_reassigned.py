"""When the phone is reassigned, it says so and where to go". The director replaces a
table's QR code while the old phone holds an unsent bust: the old phone says which table it no
longer runs, and shows the bust as not applied, so the dealer can tell the director."""

from playwright.sync_api import expect

from server import director, links, seated_tournament

EN = {"locale": "en-US"}


def test_a_replaced_table_phone_says_so_and_keeps_its_unsent_entries_visible(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=8, tables=1)
    table = links(api, tid)["tables"][0]
    seats = api.get(f"/api/tournaments/{tid}/view").json()["tables"][0]["seats"]
    victim = seats[0]["entry_id"]

    ctx = phone(**EN)
    page = ctx.new_page()
    page.goto(table["url"])
    expect(page.get_by_test_id(f"bust-{victim}")).to_be_visible()
    ctx.set_offline(True)
    page.get_by_test_id(f"bust-{victim}").click()
    page.get_by_test_id("bust-confirm").click()
    expect(page.get_by_test_id("sync-pending")).to_contain_text("1")

    r = api.post(f"/api/tournaments/{tid}/tokens/revoke", {"role": "dealer", "table_no": 1})
    assert r.json() == {"revoked": 1}
    ctx.set_offline(False)

    notice = page.get_by_test_id("dealer-invalid")
    expect(notice).to_have_attribute("data-reason", "revoked", timeout=20_000)
    expect(notice).to_contain_text("This phone no longer runs table 1")
    expect(notice).to_contain_text("Ask the director")
    rejected = page.get_by_test_id("rejected-item")
    expect(rejected).to_have_count(1, timeout=20_000)
    expect(rejected).to_contain_text("no longer runs table 1")
    shot(page, "dealer-reassigned")

    # nothing was applied from the replaced phone
    view = api.get(f"/api/tournaments/{tid}/view").json()
    assert view["players_left"] == 8
    # the new QR code works for the next phone
    fresh = links(api, tid)["tables"][0]["url"]
    assert fresh != table["url"]
    page2 = phone(**EN).new_page()
    page2.goto(fresh)
    expect(page2.get_by_test_id(f"bust-{victim}")).to_be_visible()
