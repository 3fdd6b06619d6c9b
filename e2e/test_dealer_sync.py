"""Three dealer phones on a flaky network; nothing lost, nothing twice.

Three tables of a 30-player `generic` tournament. Every phone's network goes off and on every
1–3 s while 150 random actions (New hand, Bust, Chip count) are done through the UI; meanwhile the
director busts and moves players through the API, so some of the phones' commands are refused.
Afterwards, all online and drained: the server's event log holds exactly the commands each phone
queued (read from the page's own IndexedDB writes), each once, in that phone's order; every
refused one is listed on the phone that sent it."""

import json
import random
import re
import time

from playwright.sync_api import TimeoutError as PwTimeout, expect

from phone_storage import outbox
from server import command_ok as ok, director, links, read_db, seated_tournament

EN = {"locale": "en-US"}

# Test-only: note every command the page writes into its IndexedDB outbox (op_id, type), in
# order, in localStorage — the outbox deletes applied entries, so reading it afterwards is not
# enough. Nothing of this is in the app.
RECORD_QUEUED = """
(() => {
  const add = IDBObjectStore.prototype.add;
  IDBObjectStore.prototype.add = function (value, key) {
    if (this.name === "outbox" && value && value.op_id) {
      const list = JSON.parse(localStorage.getItem("test.queued") || "[]");
      list.push({ op_id: value.op_id, type: value.type });
      localStorage.setItem("test.queued", JSON.stringify(list));
    }
    return add.call(this, value, key);
  };
})();
"""

DEVICE_ID = """
() => new Promise((resolve, reject) => {
  const r = indexedDB.open("pokerfloor");
  r.onerror = () => reject(r.error);
  r.onsuccess = () => {
    const q = r.result.transaction("meta").objectStore("meta").get("device_id");
    q.onsuccess = () => { resolve(q.result); r.result.close(); };
    q.onerror = () => reject(q.error);
  };
})
"""


def queued(page):
    return json.loads(page.evaluate("localStorage.getItem('test.queued') || '[]'"))


def dealer_phone(phone, url):
    context = phone(**EN)
    context.add_init_script(RECORD_QUEUED)
    page = context.new_page()
    page.goto(url)
    expect(page.get_by_test_id("dealer-new-hand")).to_be_visible()
    page.set_default_timeout(2500)
    return context, page


def live_bust_buttons(page):
    """The seats' Bust buttons (bust-<entry id>): not the dialog's confirm, and not the toast's
    Undo after a bust (bust-toast-action), which would take a bust back on purpose."""
    ids = page.eval_on_selector_all("[data-testid^='bust-']", "els => els.map((e) => e.dataset.testid)")
    return [page.get_by_test_id(i) for i in ids if re.fullmatch(r"bust-\d+", i)]


def act(page, rnd):
    """One random dealer action through the UI. A refused click (the view changed under the
    finger) is fine: what counts is what the page queued."""
    busts = live_bust_buttons(page)
    roll = rnd.random()
    try:
        if roll < 0.25 and len(busts) > 4:
            rnd.choice(busts).click()
            if rnd.random() < 0.3 and page.locator("[data-testid^='bust-by-']").count():
                rnd.choice(page.locator("[data-testid^='bust-by-']").all()).click()
            page.get_by_test_id("bust-confirm").click()
        elif roll < 0.35 and page.get_by_test_id("dealer-chip-count").count():
            page.get_by_test_id("dealer-chip-count").click()
            for field in page.locator("[data-testid^='chip-seat-']").all():
                field.fill(str(rnd.choice([2500, 3000, 4500, 6000])))
            page.get_by_test_id("chip-submit").click()
            expect(page.get_by_test_id("chip-count")).to_have_count(0, timeout=1500)
        else:
            page.get_by_test_id("dealer-new-hand").click()
    except (PwTimeout, AssertionError):  # e.g. a seat came or went while counting
        for cancel in ("confirm-cancel", "chip-cancel"):
            loc = page.get_by_test_id(cancel)
            if loc.count():
                try:
                    loc.click(timeout=1000)
                except PwTimeout:
                    pass


def director_meddles(api, tid, rnd):
    """Bust or move a random player at a table, behind the dealers' backs (may be refused)."""
    entries = [e for e in api.get(f"/api/tournaments/{tid}/view").json()["entries"] if e["status"] == "active"]
    by_table = {}
    for e in entries:
        by_table.setdefault(e["table_no"], []).append(e)
    table_no = rnd.choice(sorted(by_table))
    if len(by_table[table_no]) <= 5:
        return
    victim = rnd.choice(by_table[table_no])
    if rnd.random() < 0.5:
        api.command(tid, "record_bust", {"entry_id": victim["entry_id"]})
    else:
        to_table = rnd.choice([n for n in by_table if n != table_no])
        taken = {e["seat"] for e in by_table[to_table]}
        free = [s for s in range(1, 11) if s not in taken]
        if free:
            api.command(
                tid,
                "move_player",
                {"entry_id": victim["entry_id"], "to_table": to_table, "to_seat": rnd.choice(free), "force": True},
            )


def behind_the_back(api, tid, context, page, how):
    """Certain refusals: with the phone offline (its view stale), the director busts or moves a
    player of its table; then the dealer busts him too."""
    context.set_offline(True)
    expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "false")
    view = api.get(f"/api/tournaments/{tid}/view").json()
    active = {e["entry_id"]: e for e in view["entries"] if e["status"] == "active"}
    shown = page.locator(
        "[data-testid^='bust-']:not([data-testid='bust-confirm']):not([data-testid^='bust-toast'])"
    ).evaluate_all("els => els.map(e => Number(e.dataset.testid.split('-')[1]))")  # one read: the list may change
    entry_id = [e for e in shown if e in active][-1]
    button = page.get_by_test_id(f"bust-{entry_id}")
    me = active[entry_id]
    free = [
        (n, s)
        for n in (1, 2, 3)
        if n != me["table_no"]
        for s in range(1, 11)
        if not any(e["table_no"] == n and e["seat"] == s for e in active.values())
    ]
    if how == "move" and free:
        r = api.command(
            tid, "move_player", {"entry_id": entry_id, "to_table": free[0][0], "to_seat": free[0][1], "force": True}
        )
    else:
        r = api.command(tid, "record_bust", {"entry_id": entry_id})
    assert r.status_code == 200, r.text
    button.click()
    page.get_by_test_id("bust-confirm").click()


def test_three_dealer_phones_on_a_flaky_network_lose_nothing_and_send_nothing_twice(live_server, phone, shot):
    rnd = random.Random(6006)
    api = director(live_server)
    tid = seated_tournament(api, players=30, tables=3)
    ok(api, tid, "start_clock")
    tables = sorted(links(api, tid)["tables"], key=lambda t: t["table_no"])
    assert len(tables) == 3
    view = api.get(f"/api/tournaments/{tid}/view").json()
    for t in tables:
        first = min(e["seat"] for e in view["entries"] if e["table_no"] == t["table_no"])
        ok(api, tid, "set_button", {"table_no": t["table_no"], "seat": first})

    phones = [dealer_phone(phone, t["url"]) for t in tables]
    started = time.monotonic()
    offline = [False] * 3
    queued_offline = 0
    flip_at = [started + rnd.uniform(1, 3) for _ in phones]
    for i in range(150):
        now = time.monotonic()
        for k, (context, _) in enumerate(phones):
            if now >= flip_at[k]:
                offline[k] = not offline[k]
                context.set_offline(offline[k])
                flip_at[k] = now + rnd.uniform(1, 3)
        k = rnd.randrange(3)
        if i in (60, 110):
            behind_the_back(api, tid, *phones[k], "bust" if i == 60 else "move")
            offline[k] = True
        else:
            act(phones[k][1], rnd)
        if offline[k]:
            waiting = int(phones[k][1].get_by_test_id("sync-pending").get_attribute("data-count"))
            queued_offline = max(queued_offline, waiting)
        if i % 12 == 5:
            director_meddles(api, tid, rnd)
    for context, _ in phones:
        context.set_offline(False)

    for _, page in phones:
        expect(page.get_by_test_id("sync-pending")).to_have_attribute("data-count", "0", timeout=40_000)
        expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "true")

    devices = [page.evaluate(DEVICE_ID) for _, page in phones]  # made at the first command
    assert len(set(devices)) == 3 and None not in devices
    total_applied = 0
    total_rejected = 0
    for (context, page), device in zip(phones, devices):
        sent = [q["op_id"] for q in queued(page)]
        assert len(sent) == len(set(sent)), "an op_id was queued twice"
        receipts = dict(
            read_db(live_server, "SELECT op_id, status_code FROM op_receipt WHERE device_id = ?", (device,))
        )
        assert set(receipts) == set(sent), "the server decided exactly the commands this phone queued"
        events = read_db(live_server, "SELECT op_id FROM event WHERE device_id = ? ORDER BY seq", (device,))
        applied = [q for q in sent if receipts[q] == 200]
        assert [e[0] for e in events] == applied, "each applied command once, in the phone's order"
        rejected = [q for q in sent if receipts[q] != 200]
        expect(page.get_by_test_id("rejected-item")).to_have_count(len(rejected))
        shown = set(page.get_by_test_id("rejected-item").evaluate_all("els => els.map(e => e.dataset.opId)"))
        assert shown == set(rejected)
        box = outbox(page)
        assert {e["op_id"] for e in box} == set(rejected) and all(e["state"] == "rejected" for e in box)
        total_applied += len(applied)
        total_rejected += len(rejected)
    # every phone did something, and some of it was refused
    assert all(queued(page) for _, page in phones)
    assert total_rejected > 0
    assert queued_offline >= 2, "commands did wait in a queue while a phone was offline"
    assert total_applied + total_rejected >= 100
    shot(phones[0][1], "dealer-sync-after-storm")
    print(f"applied {total_applied}, rejected {total_rejected}, {time.monotonic() - started:.1f} s")


def test_a_phone_closed_with_a_queue_and_reopened_offline_still_has_queue_and_table(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=10, tables=1)
    ok(api, tid, "start_clock")
    table = links(api, tid)["tables"][0]
    seats = sorted(
        (e["seat"], e["entry_id"], e["name"]) for e in api.get(f"/api/tournaments/{tid}/view").json()["entries"]
    )
    ok(api, tid, "set_button", {"table_no": table["table_no"], "seat": seats[0][0]})
    context = phone(**EN)
    page = context.new_page()
    page.goto(table["url"])
    expect(page.get_by_test_id("dealer-new-hand")).to_be_visible()
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # the app shell is cached

    context.set_offline(True)
    expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "false")
    page.get_by_test_id("dealer-new-hand").click()
    page.get_by_test_id("dealer-new-hand").click()
    page.get_by_test_id(f"bust-{seats[3][1]}").click()
    page.get_by_test_id("bust-confirm").click()
    expect(page.get_by_test_id("sync-pending")).to_have_attribute("data-count", "3")
    page.close()  # the phone is put away (app closed), still without network

    page = context.new_page()
    page.goto(table["url"])
    expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "false")
    expect(page.get_by_test_id("sync-pending")).to_have_attribute("data-count", "3")
    for seat, entry_id, name in seats:
        expect(page.get_by_test_id(f"seat-{seat}")).to_contain_text(name)
    expect(page.get_by_test_id(f"seat-{seats[3][0]}")).to_have_attribute("data-pending", "true")
    expect(page.get_by_test_id("dealer-hand-no")).to_be_visible()
    shot(page, "dealer-reopened-offline")

    context.set_offline(False)  # back in the room's Wi-Fi: it drains by itself, in order
    expect(page.get_by_test_id("sync-pending")).to_have_attribute("data-count", "0", timeout=20_000)
    expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "2")
    expect(page.get_by_test_id(f"seat-{seats[3][0]}")).to_have_count(0)  # out: the seat is free
    types = [
        r[0]
        for r in read_db(
            live_server,
            "SELECT type FROM event WHERE tournament_id = ? AND device_id IS NOT NULL AND device_id != ? ORDER BY seq",
            (tid, api.device_id),
        )
    ]
    assert types == ["hand_started", "hand_started", "player_busted"]  # once each, in order
