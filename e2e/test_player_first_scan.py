"""A player's first scan on slow Wi-Fi (390×844): the phone has never seen this seat card, and the
server's first answers take 1.5 s. Until they arrive the card says "Loading…" — never "Seat not
drawn yet" or a "Not started 00:00" clock it does not know (the seat is drawn, the clock runs).
Every text the seat and the clock showed is recorded in the page from its first paint."""

from playwright.sync_api import expect

from server import command_ok as ok, director, links, seated_tournament

SLOW_S = 1.5

# Test-only: every text the seat line and the clock's status showed, from the first paint on.
RECORD_SHOWN = """
(() => {
  window.__shown = [];
  const seen = () => {
    for (const id of ["player-seat", "clock-status", "clock-time"]) {
      const el = document.querySelector(`[data-testid="${id}"]`);
      const text = el && el.textContent.trim();
      if (text && window.__shown[window.__shown.length - 1] !== `${id}:${text}`) window.__shown.push(`${id}:${text}`);
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""


def test_a_first_scan_says_loading_until_the_first_view_arrives(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=6, tables=1)
    ok(api, tid, "start_clock")
    url = links(api, tid)["players"][0]["url"]

    context = phone(locale="en-US")
    context.add_init_script(RECORD_SHOWN)
    page = context.new_page()

    def slow(route):
        page.wait_for_timeout(SLOW_S * 1000)
        route.continue_()

    page.route("**/api/**", slow)
    page.goto(url)
    expect(page.get_by_test_id("player-seat")).to_have_text("Loading…")
    expect(page.get_by_test_id("clock-loading")).to_be_visible()
    shot(page, "player-first-scan-loading-390")
    expect(page.get_by_test_id("player-seat")).to_have_attribute("data-table", "1", timeout=15_000)
    expect(page.get_by_test_id("clock-status")).to_have_attribute("data-status", "running")
    shown = page.evaluate("window.__shown")
    assert "player-seat:Loading…" in shown, shown
    assert not [s for s in shown if "Seat not drawn yet" in s or "Not started" in s or s == "clock-time:00:00"], shown
    shot(page, "player-first-scan-seated-390")
    page.unroute_all(behavior="ignoreErrors")  # the socket's polling may still be held in `slow`
