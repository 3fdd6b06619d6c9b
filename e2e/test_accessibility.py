"""Accessibility: axe-core (pwa/node_modules/axe-core, the pinned version) reports no
violation on any role's main screens, in English and in German: the sign-in, the director's
tournament list, the director's tournament (every section tab it has), the registration desk, the
dealer's table with a hand on, the player's phone and the TV. Real server, real Chromium; the
failure message lists each violation's rule id, the elements and axe's help text."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from director_phone import signed_in
from server import command_ok, director, links

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "pwa" / "node_modules" / "axe-core" / "axe.min.js"
LOCALES = {"en": {"locale": "en-US"}, "de": {"locale": "de-DE"}}
NAMES = ["Anna Weiß", "Céline Dupont", "Jonas Krähen", "Jürgen Müller", "Zoë Ärger", "Bob"] + [
    f"Spieler {i:02d}" for i in range(1, 25)
]  # 30 players: n-monday's 125 CHF make 3,750 CHF

# axe.run's answer, small: rule id, impact, help, and per node its selector and a bit of its HTML
RUN_AXE = """async () => {
  const r = await axe.run(document, { resultTypes: ["violations"] });
  return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(" "), html: n.html.slice(0, 160),
                                 why: (n.failureSummary || "").slice(0, 240) })) }));
}"""


def axe(page, screen: str, found: dict) -> None:
    """Run axe on what the page shows now; remember its violations under `screen`."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    page.wait_for_timeout(300)  # let a view that just arrived render
    violations = page.evaluate(RUN_AXE)
    if violations:
        found[screen] = violations


def report(found: dict) -> str:
    lines = []
    for screen, violations in found.items():
        for v in violations:
            lines.append(f"[{screen}] {v['id']} ({v['impact']}): {v['help']}")
            for n in v["nodes"][:6]:
                lines.append(f"    {n['target']}  {n['html']}")
                lines.append(f"      {n['why']}")
    return "\n".join(lines)


def seated_monday(api) -> int:
    r = api.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for name in NAMES:
        command_ok(api, tid, "register_player", {"name": name, "id_checked": True, "prepaid": True})
    command_ok(api, tid, "draw_seats", {"tables": 3})
    command_ok(api, tid, "start_clock")
    return tid


def desk_tournament(api) -> int:
    r = api.post("/api/tournaments", {"name": "Desk", "preset": "n-monday"})
    tid = r.json()["id"]
    for name in NAMES[:14]:  # the search shows from 13 players on
        command_ok(api, tid, "register_player", {"name": name, "id_checked": True})
    return tid


@pytest.mark.parametrize("lang", ["en", "de"])
def test_axe_finds_no_violation_on_any_roles_main_screens(live_server, phone, tv, lang):
    api = director(live_server)
    tid = seated_monday(api)
    desk_tid = desk_tournament(api)
    ls = links(api, tid)
    found: dict = {}
    opts = {**LOCALES[lang], "bypass_csp": True}  # axe is injected as a script of its own

    # sign-in (no session)
    page = phone(**opts).new_page()
    page.goto(f"{api.base}/#/login")
    expect(page.get_by_test_id("login-username")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    axe(page, "login", found)

    # the director's list, tournament (each section) and desk
    director_phone = signed_in(phone(**opts), api).new_page()
    director_phone.goto(f"{api.base}/#/director")
    expect(director_phone.get_by_test_id("new-tournament-name")).to_be_visible()
    axe(director_phone, "director list", found)

    director_phone.goto(f"{api.base}/#/director/{tid}")
    expect(director_phone.get_by_test_id("sync-badge")).to_be_visible()
    # the director's sections once they exist; before that, the one long page
    expect(director_phone.locator('[data-testid="section-tabs"], [data-testid="players-left"]').first).to_be_visible()
    tabs = director_phone.get_by_test_id("section-tabs").locator("a")
    axe(director_phone, "director tournament", found)
    for i in range(tabs.count()):  # every section (Floor, Players, Clock, Money, Desk, Tools)
        tab = tabs.nth(i)
        tab.click()
        expect(tab).to_have_attribute("aria-current", "page")
        axe(director_phone, f"director section {tab.get_attribute('data-testid')}", found)

    director_phone.goto(f"{api.base}/#/director/{desk_tid}")
    expect(director_phone.get_by_test_id("register-name")).to_be_visible()
    director_phone.get_by_test_id("desk-search").fill("weiss")
    expect(director_phone.get_by_test_id("desk-rows").locator("li")).to_have_count(1)  # Anna Weiß
    axe(director_phone, "registration desk", found)

    # the dealer's table with a hand on
    table = ls["tables"][0]
    seats = next(
        t for t in api.get(f"/api/tournaments/{tid}/view").json()["tables"] if t["table_no"] == table["table_no"]
    )["seats"]
    command_ok(api, tid, "set_button", {"table_no": table["table_no"], "seat": seats[0]["seat"]})
    command_ok(api, tid, "new_hand", {"table_no": table["table_no"]})
    dealer = phone(**opts).new_page()
    dealer.goto(table["url"])
    expect(dealer.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "1")
    axe(dealer, "dealer table (hand on)", found)

    # the player's phone
    player = phone(**opts).new_page()
    player.goto(ls["players"][0]["url"])
    expect(player.get_by_test_id("player-seat")).to_be_visible()
    axe(player, "player phone", found)

    # the TV
    screen = tv(**opts).new_page()
    screen.goto(ls["display"]["url"])
    expect(screen.get_by_test_id("clock-time")).to_be_visible()
    axe(screen, "TV", found)

    assert not found, f"axe-core found violations ({lang}):\n{report(found)}"
