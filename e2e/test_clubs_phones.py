"""Clubs in real Chromium: the server's first setup names the first club; its director,
the admin, creates a second club on his phone and hands its invitation to another club's director,
who signs up on his own phone, sees which club he joins and none of the first club's tournaments.
The first club's director invites an observer, who opens the tournament read-only: every section
shows, every control is disabled, and the banner says why. Screenshots at phone size."""

from playwright.sync_api import expect

from director_phone import in_section
from server import Api, command_ok as ok, seated_tournament

EN = {"locale": "en-US"}
DE = {"locale": "de-DE"}


def sign_up(page, url: str, username: str, club_name: str | None = None) -> None:
    page.goto(url)
    if club_name is not None:
        page.get_by_test_id("setup-club-name").fill(club_name)
    page.get_by_test_id("setup-username").fill(username)
    page.get_by_test_id("setup-password").fill(f"{username}'s password")
    page.get_by_test_id("setup-submit").click()
    expect(page.get_by_test_id("club-line")).to_be_visible()


def token_of_page(page) -> str:
    return page.evaluate("JSON.parse(localStorage.getItem('pokerfloor.director')).token")


def test_two_clubs_and_an_observer_on_their_phones(live_server, phone, shot):
    anna = phone(**EN).new_page()
    anna.goto(f"{live_server.url}/#/setup/{live_server.setup_token()}")
    expect(anna.get_by_test_id("setup-club-name")).to_be_visible()  # the first setup names the club
    shot(anna, "clubs-first-setup")
    sign_up(anna, f"{live_server.url}/#/setup/{live_server.setup_token()}", "anna", "Poker Club Basel")
    expect(anna.get_by_test_id("club-name-line")).to_have_text("Poker Club Basel")
    api_a = Api(live_server.url, token_of_page(anna))
    tid = seated_tournament(api_a, players=8, tables=1)
    ok(api_a, tid, "start_clock")

    # The admin's card: a new club and the link for its first director.
    anna.reload()
    anna.get_by_test_id("admin-clubs").scroll_into_view_if_needed()
    anna.get_by_test_id("club-name").fill("Zürich Aces")
    anna.get_by_test_id("club-create").click()
    expect(anna.get_by_test_id("admin-clubs").get_by_test_id("invite-qr")).to_be_visible()
    expect(anna.get_by_test_id("admin-clubs").get_by_test_id("invite-gives")).to_contain_text("Zürich Aces")
    url = anna.get_by_test_id("admin-clubs").get_by_test_id("invite-url").get_attribute("href")
    shot(anna, "clubs-admin-new-club")

    bert = phone(**DE).new_page()
    bert.goto(url)
    expect(bert.get_by_test_id("setup-club")).to_have_text("Du trittst Zürich Aces als Turnierleiter bei.")
    expect(bert.get_by_test_id("setup-club-name")).to_have_count(0)  # an invitation names its club
    shot(bert, "clubs-invited-de")
    sign_up(bert, url, "bert")
    expect(bert.get_by_test_id("club-name-line")).to_have_text("Zürich Aces")
    expect(bert.get_by_text("Noch keine Turniere.")).to_be_visible()  # none of Basel's
    expect(bert.get_by_test_id(f"tournament-link-{tid}")).to_have_count(0)
    expect(bert.get_by_test_id("admin-clubs")).to_have_count(0)  # he is no server admin
    anna.reload()
    expect(anna.get_by_test_id("club-2")).to_contain_text("directors: 1 · tournaments: 0")

    # Anna invites an observer; on his phone the tournament is read-only.
    anna.get_by_test_id("invite-card").scroll_into_view_if_needed()
    anna.get_by_test_id("invite-access").select_option("observer")
    anna.get_by_test_id("invite-button").click()
    invite = anna.get_by_test_id("invite-card").get_by_test_id("invite-url").get_attribute("href")
    otto = phone(**EN).new_page()
    otto.goto(invite)
    expect(otto.get_by_test_id("setup-club")).to_contain_text("as an observer")
    sign_up(otto, invite, "otto")
    expect(otto.get_by_test_id("observer-banner")).to_be_visible()
    expect(otto.get_by_test_id("new-tournament-name")).to_have_count(0)
    expect(otto.get_by_test_id("invite-button")).to_have_count(0)
    otto.get_by_test_id(f"tournament-link-{tid}").click()
    expect(otto.get_by_test_id("observer-banner")).to_be_visible()
    in_section(otto, "players")
    entry = api_a.get(f"/api/tournaments/{tid}/view").json()["entries"][0]["entry_id"]
    expect(otto.get_by_test_id(f"entry-row-{entry}")).to_be_visible()
    expect(otto.get_by_test_id(f"bust-{entry}")).to_be_disabled()
    shot(otto, "clubs-observer-players")
    in_section(otto, "clock")
    expect(otto.locator("[data-testid='section-body-clock'] button").first).to_be_disabled()

    # Anna sees him in her club's list and gives him full access: his phone may act.
    anna.reload()
    row = anna.get_by_test_id("club-director-otto")
    expect(row).to_have_attribute("data-access", "observer")
    anna.get_by_test_id("access-otto").select_option("full")
    expect(anna.get_by_test_id("club-director-otto")).to_have_attribute("data-access", "full")
    anna.get_by_test_id("invite-card").scroll_into_view_if_needed()
    shot(anna, "clubs-directors-card")
    otto.reload()
    in_section(otto, "players")
    expect(otto.get_by_test_id("observer-banner")).to_have_count(0)
    expect(otto.get_by_test_id(f"bust-{entry}")).to_be_enabled()
