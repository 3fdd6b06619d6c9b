"""Setting up a tournament from a preset and editing anything: the director changes the
buy-in and the starting stack on the phone before the draw; a wrong entry is refused in place."""

from playwright.sync_api import expect

from director_phone import signed_in
from server import command_ok as ok, director


def test_the_director_edits_buy_in_and_stack_before_the_draw(live_server, phone, shot):
    api = director(live_server)
    tid = api.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"}).json()["id"]
    for name in ("Anna", "Bert", "Cleo"):
        ok(api, tid, "register_player", {"name": name, "id_checked": True})
    ctx = phone(locale="en-US")
    signed_in(ctx, api)
    page = ctx.new_page()
    page.goto(f"{live_server.url}/#/director/{tid}")
    card = page.get_by_test_id("settings-card")
    expect(card.get_by_test_id("settings-buy_in")).to_contain_text("125")
    card.get_by_test_id("settings-edit").click()
    card.get_by_test_id("settings-input-buy_in").fill("150")
    card.get_by_test_id("settings-input-start_stack").fill("7500.5")
    card.get_by_test_id("settings-save").click()
    expect(card.get_by_test_id("settings-error-start_stack")).to_have_text("A whole number of chips, at least 1.")
    shot(page, "director-settings-error")
    card.get_by_test_id("settings-input-start_stack").fill("7500")
    card.get_by_test_id("settings-save").click()
    expect(card.get_by_test_id("settings-buy_in")).to_contain_text("150")
    expect(card.get_by_test_id("settings-start_stack")).to_have_text("7,500")
    shot(page, "director-settings")
    view = api.get(f"/api/tournaments/{tid}/view").json()
    assert view["prize_pool"] == 3 * 150 and view["start_stack"] == 7500
    ok(api, tid, "draw_seats", {"tables": 1})
    expect(page.get_by_test_id("settings-card")).to_have_count(0)
