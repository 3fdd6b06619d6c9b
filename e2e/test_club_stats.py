"""The club's statistics on the director's phone (docs/statistics.md), one whole scenario: a season
of nights played through the API at chosen times (in this process, on the database the server then
serves), the real server, and Chromium at 390×844 in Zurich's time. From the tournament list to the
statistics; the big numbers, the bars and the heat strip hold what the nights did; the season picker
switches to last year; the same screen in German."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect

from backend.app import create_app
from backend.config import Config
from backend.floor import floor_of
from director_phone import signed_in
from in_process import in_process_director
from played_nights import ZRH, Club, Expected, zrh
from server import Api, ServerProcess

SECRET = "test-secret-key-not-for-production"  # tests/server.py's: the server reads the same tokens


def play_season(var) -> list[Expected]:
    """A winter of Monday deepstacks and Friday turbos (2026) and one night of 2025, played in this
    process on the server's database; the director is tests/server.py's `td`."""
    app = create_app(
        Config(
            DATABASE_URL=f"sqlite:///{var / 'pokerfloor.db'}",
            VAR_DIR=var,
            SECRET_KEY=SECRET,
            BACKUP_AUTO=False,
            SIGN_UP_PER_ADDRESS=1000,
        ),
        async_mode="threading",
    )
    club = Club(app, in_process_director(app))
    nights = []
    plan = [  # (day, name, walk-ins, sign-ups of whom come, re-entries, hours played)
        ((2025, 12, 19), "Friday Turbo", 9, (0, 0), 2, 2.5),
        ((2026, 1, 5), "Monday Deepstack", 12, (4, 3), 0, 4.5),
        ((2026, 1, 9), "Friday Turbo", 10, (0, 0), 4, 3.0),
        ((2026, 1, 19), "Monday Deepstack", 14, (4, 4), 1, 5.0),
        ((2026, 1, 23), "Friday Turbo", 8, (2, 1), 5, 3.5),
        ((2026, 2, 2), "Monday Deepstack", 16, (5, 3), 2, 5.5),
        ((2026, 2, 16), "Monday Deepstack", 11, (3, 3), 0, 4.0),
    ]
    for n, (day, name, walk_ins, (signed, come), reentries, hours) in enumerate(plan):
        night = club.tournament(f"{name} {n + 1}", "s-trophy", zrh(*day, 9, 0) - timedelta(days=5))
        if signed:
            club.ok(night.tid, "set_sign_up", {"online": True, "starts_at": int(zrh(*day, 19, 30).timestamp() * 1000)})
        phones = [club.sign_up(night, f"Signed {n}-{i}", zrh(*day, 9, i) - timedelta(days=2)) for i in range(signed)]
        for i in range(walk_ins):
            club.walk_in(night, f"Player {n}-{i}", zrh(*day, 18, 3 * i))
        for i, phone in enumerate(phones[:come]):
            club.check_in(night, phone, zrh(*day, 19, 5 + i))
        if signed:
            club.at(zrh(*day, 19, 25))
            club.ok(night.tid, "close_check_in")
            night.no_shows += signed - come
        start = zrh(*day, 19, 30)
        club.start(night, start)
        for i in range(reentries):
            out = night.active[0]
            club.bust(night, out, start + timedelta(minutes=5 + 6 * i))
            club.reenter(night, out, start + timedelta(minutes=8 + 6 * i))
        end = start + timedelta(hours=hours)
        club.play_out(night, start + timedelta(minutes=45), end)
        nights.append(night)
    floor_of(app).db.dispose()
    return nights


def test_the_director_reads_the_season_in_pictures(tmp_path, phone, shot):
    var = tmp_path / "var"
    var.mkdir()
    nights = play_season(var)
    server = ServerProcess(var).start()
    try:
        td = Api(server.url)
        login = td.post("/api/auth/login", {"username": "td", "password": "correct horse"})  # in_process_director's
        assert login.status_code == 200, login.text
        td.token = login.json()["token"]
        page = signed_in(phone(timezone_id="Europe/Zurich", locale="en-GB"), td).new_page()
        page.goto(f"{server.url}/#/director")
        page.get_by_test_id("stats-link").click()
        page.get_by_test_id("stats-season").select_option("2026")
        season = [n for n in nights if n.started.year == 2026]

        expect(page.get_by_test_id("stats-nights")).to_contain_text(str(len(season)))
        players = sum(n.players for n in season)
        reentries = sum(n.reentries for n in season)
        reserved = sum(n.reserved for n in season)
        no_shows = sum(n.no_shows for n in season)
        expect(page.get_by_test_id("stats-reentry")).to_contain_text(f"{round(100 * reentries / players)}%")
        expect(page.get_by_test_id("stats-no-show")).to_contain_text(f"{round(100 * no_shows / reserved)}%")
        expect(page.get_by_test_id("stats-no-show")).to_contain_text(f"{no_shows} of {reserved}")
        bars = page.locator("[data-testid='stats-fields-chart'] .stats-bar")
        expect(bars).to_have_count(len(season))
        assert [int(b.get_attribute("data-entries")) for b in bars.all()] == [n.players + n.reentries for n in season]
        # the heat strip: every buy-in in its weekday and hour, in Zurich's time
        counts: dict[tuple[int, int], int] = {}
        for night in season:
            for when in night.arrivals:
                local = when.astimezone(ZRH)
                counts[(local.weekday(), local.hour)] = counts.get((local.weekday(), local.hour), 0) + 1
        cells = page.locator("[data-testid='stats-heat'] rect[data-count]:not([data-count='0'])")
        seen = {
            (int(c.get_attribute("data-day")), int(c.get_attribute("data-hour"))): int(c.get_attribute("data-count"))
            for c in cells.all()
        }
        assert seen == counts
        shot(page, "club-stats-en")
        page.get_by_test_id("stats-fields-chart").scroll_into_view_if_needed()
        shot(page, "club-stats-en-fields")
        page.get_by_test_id("stats-heat").scroll_into_view_if_needed()
        shot(page, "club-stats-en-hours")

        page.get_by_test_id("stats-season").select_option("2025")
        expect(page.get_by_test_id("stats-nights")).to_contain_text("1")
        expect(bars).to_have_count(1)
        page.get_by_test_id("stats-season").select_option("2026")
        expect(bars).to_have_count(len(season))

        page.get_by_test_id("lang-switch").click()
        expect(page.get_by_role("heading", name="Clubstatistik")).to_be_visible()
        expect(page.get_by_test_id("stats-no-show")).to_contain_text(f"{no_shows} von {reserved}")
        shot(page, "club-stats-de")
        page.get_by_test_id("stats-duration-chart").scroll_into_view_if_needed()
        shot(page, "club-stats-de-duration")
    finally:
        server.stop()
