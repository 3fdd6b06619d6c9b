"""On the dealer's phone: a refused bust or chip count can be edited and resent as a NEW
command, or dismissed; the Time button runs the preset's time call (generic: 30 s, last 5 counted)."""

from playwright.sync_api import expect

from server import command_ok as ok, director, links, read_db, seated_tournament

EN = {"locale": "en-US"}

DEVICE_ID = """
() => new Promise((resolve) => {
  const r = indexedDB.open("pokerfloor");
  r.onsuccess = () => { const q = r.result.transaction("meta").objectStore("meta").get("device_id");
    q.onsuccess = () => { resolve(q.result); r.result.close(); }; };
})
"""


def dealer(phone, api, tid):
    table = links(api, tid)["tables"][0]
    seats = sorted(
        (e["seat"], e["entry_id"], e["name"])
        for e in api.get(f"/api/tournaments/{tid}/view").json()["entries"]
        if e["table_no"] == table["table_no"]
    )
    ok(api, tid, "set_button", {"table_no": table["table_no"], "seat": seats[0][0]})
    context = phone(**EN)
    page = context.new_page()
    page.goto(table["url"])
    expect(page.get_by_test_id("dealer-new-hand")).to_be_visible()
    return context, page, table["table_no"], seats


def test_a_refused_bust_and_count_are_edited_and_resent_or_dismissed(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=8, tables=1)
    ok(api, tid, "start_clock")
    context, page, table_no, seats = dealer(phone, api, tid)

    # Offline, the dealer busts seat 2 — the director has busted that player already.
    context.set_offline(True)
    expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "false")
    ok(api, tid, "record_bust", {"entry_id": seats[1][1]})
    page.get_by_test_id(f"bust-{seats[1][1]}").click()
    page.get_by_test_id("bust-confirm").click()
    context.set_offline(False)
    item = page.get_by_test_id("rejected-item")
    expect(item).to_have_count(1)
    old_op = item.get_attribute("data-op-id")
    expect(page.get_by_test_id("rejected-edit")).to_be_visible()
    for testid in ("rejected-edit", "rejected-dismiss"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box["height"] >= 48 and box["width"] >= 48
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "dealer-rejected-edit")

    # Edit: it was seat 3 who went out. A new command, a new op_id.
    page.get_by_test_id("rejected-edit").click()
    expect(page.get_by_test_id("edit-bust")).to_be_visible()
    expect(page.get_by_test_id(f"edit-bust-seat-{seats[1][0]}")).to_have_count(0)  # already out
    shot(page, "dealer-rejected-edit-pick")
    page.get_by_test_id(f"edit-bust-seat-{seats[2][0]}").click()
    expect(page.get_by_test_id("rejected-item")).to_have_count(0)
    expect(page.get_by_test_id("sync-pending")).to_have_attribute("data-count", "0")
    expect(page.get_by_test_id(f"seat-{seats[2][0]}")).to_have_count(0)
    device = page.evaluate(DEVICE_ID)
    receipts = read_db(
        live_server, "SELECT op_id, status_code FROM op_receipt WHERE device_id = ? ORDER BY created_at", (device,)
    )
    assert len(receipts) == 2 and receipts[0] == (old_op, 409) and receipts[1][1] == 200 and receipts[1][0] != old_op
    events = read_db(live_server, "SELECT op_id, type, payload FROM event WHERE device_id = ?", (device,))
    assert [(e[0], e[1]) for e in events] == [(receipts[1][0], "player_busted")]
    assert str(seats[2][1]) in events[0][2]

    # A chip count sent offline still has a player the director has busted meanwhile: refused.
    context.set_offline(True)
    expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "false")
    page.get_by_test_id("dealer-chip-count").click()
    live = [s for s in seats if s[0] not in (seats[1][0], seats[2][0])]
    for seat, _, _ in live:
        page.get_by_test_id(f"chip-seat-{seat}").fill("5000")
    page.get_by_test_id("chip-submit").click()
    ok(api, tid, "record_bust", {"entry_id": live[-1][1]})
    context.set_offline(False)
    expect(page.get_by_test_id("rejected-item")).to_have_count(1)
    page.get_by_test_id("rejected-edit").click()
    expect(page.get_by_test_id("chip-edit-lead")).to_be_visible()
    expect(page.get_by_test_id(f"chip-seat-{live[0][0]}")).to_have_value("5000")  # the old count, kept
    expect(page.get_by_test_id(f"chip-seat-{live[-1][0]}")).to_have_count(0)  # gone meanwhile
    page.get_by_test_id(f"chip-seat-{live[0][0]}").fill("10000")
    page.get_by_test_id("chip-submit").click()
    expect(page.get_by_test_id("rejected-item")).to_have_count(0)
    expect(page.get_by_test_id("sync-pending")).to_have_attribute("data-count", "0")
    counts = read_db(live_server, "SELECT payload FROM event WHERE device_id = ? AND type LIKE '%chip%'", (device,))
    assert len(counts) == 1 and "10000" in counts[0][0], counts

    # Dismiss: a refused bust is read and dropped; nothing is sent.
    context.set_offline(True)
    expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "false")
    ok(api, tid, "record_bust", {"entry_id": live[0][1]})
    page.get_by_test_id(f"bust-{live[0][1]}").click()
    page.get_by_test_id("bust-confirm").click()
    context.set_offline(False)
    expect(page.get_by_test_id("rejected-item")).to_have_count(1)
    page.get_by_test_id("rejected-dismiss").click()
    expect(page.get_by_test_id("rejected-item")).to_have_count(0)
    expect(page.get_by_test_id("sync-rejected")).to_have_attribute("data-count", "0")
    assert len(read_db(live_server, "SELECT 1 FROM op_receipt WHERE device_id = ?", (device,))) == 5


def test_time_call_counts_down_the_presets_30_seconds_with_the_last_5_counted(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=6, tables=1)
    ok(api, tid, "start_clock")
    context, page, _, _ = dealer(phone, api, tid)
    time_button = page.get_by_test_id("dealer-time")
    expect(time_button).to_have_attribute("data-seconds", "30")
    expect(time_button).to_have_attribute("data-mode", "within")
    assert time_button.bounding_box()["height"] >= 48
    page.clock.install()
    time_button.click()
    call = page.get_by_test_id("time-call")
    expect(call).to_have_attribute("data-phase", "running")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "dealer-time-call")
    page.clock.fast_forward("00:26")
    expect(call).to_have_attribute("data-phase", "final")
    expect(page.get_by_test_id("time-count")).to_have_attribute("data-count", "4")
    shot(page, "dealer-time-final-count")
    page.clock.fast_forward("00:05")
    expect(call).to_have_attribute("data-phase", "over")
    page.get_by_test_id("time-stop").click()
    expect(page.get_by_test_id("dealer-time")).to_be_visible()
