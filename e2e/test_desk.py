"""The registration desk and the draw on a director's phone in English, 390×844, against a real server
(n-monday): tonight's room, the money at the desk, one list of players, the draw and a redraw.

- Tonight's room: 3 tables of 10 and a capacity of 30; the 31st registration waits (N-3.5); a
  capacity above the room's seats is refused on the phone before it is sent (N-3.12).
- Money at the desk: checking in a player who has not paid says what to collect (125 + 25 CHF,
  N-3.1) together with the ID (N-3.4); a prepaid player has nothing to collect (N-3.2); a walk-in's
  form says how he pays; the cash box counts the desk against the advance payments.
- One list in family-name order: a row stays where it is when its player checks in; taking a
  registration back is behind the row's menu and asks first.
- The draw: another count than the rules propose is warned about; until the clock starts the
  seats are drawn again; the clock's start asks once.
"""

from playwright.sync_api import expect

from director_phone import director_at, in_section
from server import command_ok as ok, director, view, view_when

EN = {"locale": "en-US"}


def test_the_desk_from_tonights_room_to_the_clock(live_server, phone, shot):
    api = director(live_server)
    tid = api.post("/api/tournaments", {"name": "Monday", "preset": "n-monday"}).json()["id"]
    td = director_at(phone, api, f"/director/{tid}/desk", "settings-card", **EN)

    # ---- tonight's room: 3 tables of 10, capacity 30 --------------------------------------------
    card = td.get_by_test_id("settings-card")
    expect(card.get_by_test_id("settings-room")).to_have_text("4 tables × 11 seats = 44")  # N-3.12, N-2.9
    card.get_by_test_id("settings-edit").click()
    card.get_by_test_id("settings-input-max_tables").fill("3")
    card.get_by_test_id("settings-input-max_per_table").fill("10")
    card.get_by_test_id("settings-input-capacity").fill("40")
    card.get_by_test_id("settings-save").click()
    expect(card.get_by_test_id("settings-error-capacity")).to_have_text("The room seats 30: no more players than that.")
    card.get_by_test_id("settings-input-capacity").fill("30")
    card.get_by_test_id("settings-save").click()
    expect(card.get_by_test_id("settings-room")).to_have_text("3 tables × 10 seats = 30")
    expect(card.get_by_test_id("settings-capacity")).to_have_text("30")
    shot(td, "desk-tonight-room-en")

    # ---- the field: walk-ins, a prepaid and an unpaid reservation, one waiting -----------------
    for i in range(1, 28):
        ok(api, tid, "register_player", {"name": f"Player {i:02d} Zimmer", "id_checked": True})
    ok(api, tid, "register_player", {"name": "Udo Albrecht", "present": False})  # 28: pays at check-in
    ok(api, tid, "register_player", {"name": "Pia Bauer", "present": False, "prepaid": True})  # 29
    # a walk-in on the phone, paid in advance: the form says what the desk collects otherwise
    expect(td.locator(".pay-choice")).to_contain_text("Pays now: collect 150 CHF")
    td.get_by_test_id("register-name").fill("Vera Cadonau")
    td.get_by_test_id("register-prepaid").check()
    td.get_by_test_id("register-submit").click()
    expect(td.get_by_test_id("desk-row-30")).to_contain_text("prepaid")
    expect(td.get_by_test_id("register-pays-now")).to_be_checked()  # the next player pays for himself
    ok(api, tid, "register_player", {"name": "Walter Dürr", "id_checked": True})  # the 31st waits
    expect(td.get_by_test_id("desk-waiting-1")).to_contain_text("Walter Dürr")
    expect(td.get_by_test_id("desk-capacity")).to_have_attribute("data-capacity", "30")

    # ---- check-in: collect and ID in one confirm, the row stays under the thumb -----------------
    rows = td.locator("[data-testid^='desk-row-'] .desk-name")
    expect(rows.first).to_contain_text("Udo Albrecht")  # Albrecht, Bauer, Cadonau, … Zimmer
    udo = td.get_by_test_id("desk-row-28")
    udo.scroll_into_view_if_needed()
    before = udo.bounding_box()["y"]
    td.get_by_test_id("desk-checkin-28").click()
    expect(td.get_by_test_id("desk-collect")).to_have_text("Collect 150 CHF")
    expect(td.locator(".modal")).to_contain_text("ID seen, 18 or older?")
    shot(td, "desk-collect-en")
    td.get_by_test_id("desk-id-confirm").click()
    expect(td.get_by_test_id("desk-checked-28")).to_be_visible()
    assert abs(udo.bounding_box()["y"] - before) < 2, "the row stayed where it was"
    td.get_by_test_id("desk-checkin-29").click()
    expect(td.locator(".modal")).to_contain_text("Paid in advance: nothing to collect.")
    expect(td.get_by_test_id("desk-collect")).to_have_count(0)
    td.get_by_test_id("desk-id-confirm").click()
    expect(td.get_by_test_id("desk-checked-29")).to_be_visible()

    # ---- taking a registration back, then the waiting player moves up (N-3.3) --------------------
    td.get_by_test_id("desk-more-5").click()
    td.get_by_test_id("desk-take-back-5").click()
    expect(td.locator(".modal")).to_contain_text("the place is free for the waiting list")
    td.get_by_test_id("desk-take-back-confirm").click()
    expect(td.get_by_test_id("desk-row-5")).to_have_count(0)
    td.get_by_test_id("desk-promote").click()
    expect(td.get_by_test_id("desk-row-31")).to_contain_text("Walter Dürr")
    assert view_when(api, tid, lambda v: v["money"]["buy_ins"] == 30)["money"]["buy_ins"] == 30

    # ---- the draw: another count is warned about, then drawn again as proposed ------------------
    plan = td.get_by_test_id("draw-plan")
    expect(plan).to_have_attribute("data-tables", "3")
    expect(td.get_by_test_id("draw-why")).to_contain_text("This room has at most 3 tables (N-3.12).")
    td.get_by_test_id("draw-other").click()
    td.get_by_test_id("draw-tables").fill("2")
    td.get_by_test_id("draw-submit").click()
    td.get_by_test_id("draw-confirm").click()
    expect(td.get_by_test_id("rejected-item")).to_contain_text("at least 3 tables")  # 10 a table tonight
    td.get_by_test_id("rejected-item").get_by_test_id("rejected-dismiss").click()
    expect(td.get_by_test_id("draw-submit")).to_have_text("Draw seats: 3 tables")  # back to the proposal
    td.get_by_test_id("draw-submit").click()
    expect(td.get_by_test_id("draw-confirm-other")).to_have_count(0)  # as proposed: no warning
    td.get_by_test_id("draw-confirm").click()
    expect(td.get_by_test_id("after-draw-tables")).to_have_attribute("data-tables", "3")

    def seats(v):
        return {e["entry_id"]: (e["table_no"], e["seat"]) for e in v["entries"] if e["status"] == "active"}

    first = seats(view(api, tid))
    td.get_by_test_id("draw-submit").click()  # "Draw again: 3 tables"
    expect(td.locator(".modal")).to_contain_text("printed seat cards and table sheets are wrong afterwards")
    td.get_by_test_id("draw-confirm").click()
    assert seats(view_when(api, tid, lambda v: seats(v) != first)) != first  # drawn again
    shot(td, "desk-after-draw-en")

    # ---- the clock's start asks; then no redraw ---------------------------------------------------
    in_section(td, "clock")
    td.get_by_test_id("clock-start").click()
    expect(td.locator(".modal")).to_contain_text("Level 1 (25/50, 20 min) starts on every phone and the TV.")
    td.get_by_test_id("clock-start-confirm").click()
    expect(td.get_by_test_id("clock-status")).to_have_attribute("data-status", "running")
    expect(td.get_by_test_id("after-draw")).to_have_count(0)

    # ---- the cash box: 27 walk-ins + Udo + Walter at the desk, Pia and Vera in advance ----------
    in_section(td, "money")
    td.get_by_test_id("cash-open").click()
    expect(td.get_by_test_id("cash-collected")).to_have_attribute("data-amount", str(28 * 150))
    expect(td.get_by_test_id("cash-lines")).to_contain_text("28 at the desk · 2 in advance")
    shot(td, "desk-cash-box-en")
