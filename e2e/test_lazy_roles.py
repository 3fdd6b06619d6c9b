"""Phones that load fast, in real Chromium against a real server: a
dealer's phone downloads the shared core, the dealer's role app and the dealer's German strings,
nothing of the director, player or TV app, nor English; German from the first paint (no English
text ever in the page); a switch to English loads the English strings; once loaded, the phone
switches language and opens another role's screen offline (the service worker precached them)."""

import re

from playwright.sync_api import expect

from server import director, links, seated_tournament

DE = {"locale": "de-DE"}

# Every text the page ever shows, from before the app's first render on.
RECORD_TEXTS = """
window.__texts = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === "characterData") window.__texts.push(r.target.data);
    for (const n of r.addedNodes || []) window.__texts.push(n.textContent || "");
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

# English the dealer's screen would show first if it rendered before its German strings.
ENGLISH = ["Loading…", "connecting…", "Language: English", "No data yet", "Sprache: Deutsch"]


def scripts(requests):
    """The chunks' names without Vite's 8-character hash, which may itself hold a "-" ("de-dealer--yu9qyQo.js")."""
    return sorted(
        {re.sub(r"-[\w-]{8}\.js$", "", u.rsplit("/", 1)[-1]) for u in requests if "/assets/" in u and u.endswith(".js")}
    )


def test_a_german_dealer_phone_loads_its_role_and_german_only_and_works_offline(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=6, tables=1)
    table = links(api, tid)["tables"][0]
    player_url = links(api, tid)["players"][0]["url"]

    context = phone(**DE)
    context.add_init_script(RECORD_TEXTS)
    page = context.new_page()
    requested = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(table["url"])
    expect(page.locator("[data-testid^='seat-']").first).to_be_visible()
    expect(page.get_by_test_id("lang-switch")).to_have_attribute("data-lang", "de")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")

    loaded = scripts(requested)
    print("scripts of a German dealer phone:", loaded)
    assert "de-dealer" in loaded and "Dealer" in loaded
    for other in ("director", "Player", "Display", "en-dealer", "en-core", "de-director", "de-player", "de-display"):
        assert other not in loaded, (other, loaded)
    texts = "\n".join(page.evaluate("window.__texts"))
    assert "Lädt" in texts or "verbinde" in texts or "Tisch" in texts, texts[:500]
    for english in ENGLISH:
        assert english not in texts, english
    shot(page, "lazy-dealer-de")

    # English on a tap: its strings load, then the screen switches.
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("lang-switch")).to_have_attribute("data-lang", "en")
    assert "en-dealer" in scripts(requested)
    expect(page.get_by_test_id("sync-online")).to_be_visible()

    # Offline, after one visit: German again and another role's screen come from the precache.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    expect(page.locator("[data-testid^='seat-']").first).to_be_visible()
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("lang-switch")).to_have_attribute("data-lang", "de")
    page.goto(player_url)
    expect(page.get_by_test_id("lang-switch")).to_be_visible()  # the player's app, not the loading line
    expect(page.get_by_test_id("role-loading")).to_have_count(0)
    assert page.evaluate("document.documentElement.lang") == "de"
    shot(page, "lazy-player-offline-de")


def test_a_dealer_phone_reloaded_offline_opens_every_panel_from_the_precache(live_server, phone):
    """The panels a dealer opens now and then are a chunk of their own, loaded after the first
    screen; the service worker precaches it, so with no network at all, after a reload, several out
    in one hand, the chip count, the side pots, a penalty and the time call all still open."""
    api = director(live_server)
    tid = seated_tournament(api, players=6, tables=1)
    table = links(api, tid)["tables"][0]

    context = phone(locale="en-US")
    page = context.new_page()
    page.goto(table["url"])
    expect(page.locator("[data-testid^='seat-']").first).to_be_visible()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    context.set_offline(True)
    panels = []
    page.on("response", lambda r: panels.append(r) if re.search(r"/assets/panels-[\w-]{8}\.js$", r.url) else None)
    page.reload()
    expect(page.locator("[data-testid^='seat-']").first).to_be_visible()
    for opener, panel, close in (
        ("dealer-multi-bust", "multi-bust", "multi-cancel"),
        ("dealer-chip-count", "chip-count", "chip-cancel"),
        ("dealer-pots", "pots-panel", "pots-close"),
        ("dealer-warn", "warn-dialog", "confirm-cancel"),
        ("dealer-time", "time-call", "time-stop"),
    ):
        page.get_by_test_id(opener).click()
        expect(page.get_by_test_id(panel)).to_be_visible()
        page.get_by_test_id(close).click()
        expect(page.get_by_test_id(panel)).to_have_count(0)
    assert panels and all(r.ok and r.from_service_worker for r in panels), [(r.url, r.status) for r in panels]
    expect(page.get_by_text("could not be loaded")).to_have_count(0)
