"""A night on the phones for the whole-night acceptance tests: the director's phone
applies the floor's suggestions, each table's dealer phone sets the button, deals and enters busts
(naming the eliminator where asked). The HTTP API is read only as the oracle of where everybody sits.
"""

from __future__ import annotations

from playwright.sync_api import expect

from director_phone import in_section, tap_suggestion
from server import Api, links, token_of

EN = {"locale": "en-US"}


class Night:
    def __init__(self, api: Api, tid: int, td, phone, base: str):
        self.api, self.tid, self.td, self.phone, self.base = api, tid, td, phone, base
        self.dealers: dict[int, object] = {}
        self.applied: list[dict] = []  # every suggestion the director applied, in order
        self._links = None

    # ---- the oracle ------------------------------------------------------------------------
    def view(self) -> dict:
        r = self.api.get(f"/api/tournaments/{self.tid}/view")
        assert r.status_code == 200, r.text
        return r.json()

    def public(self) -> dict:
        return self.api.get(f"/api/tournaments/{self.tid}/public").json()

    def tables(self, view=None) -> dict[int, dict]:
        return {t["table_no"]: t for t in (view or self.view())["tables"] if not t["broken"]}

    def entry(self, entry_id: int, view=None) -> dict:
        return next(e for e in (view or self.view())["entries"] if e["entry_id"] == entry_id)

    def seat_of(self, entry_id: int, view=None) -> tuple[int, int]:
        e = self.entry(entry_id, view)
        return e["table_no"], e["seat"]

    def suggestions(self, kind: str | None = None, view=None) -> list[dict]:
        return [s for s in (view or self.view())["suggestions"] if kind is None or s["kind"] == kind]

    # ---- the dealers' phones ---------------------------------------------------------------
    def links(self) -> dict:
        if self._links is None:
            self._links = links(self.api, self.tid)
        return self._links

    def dealer_api(self, table_no: int) -> Api:
        url = next(t["url"] for t in self.links()["tables"] if t["table_no"] == table_no)
        return Api(self.base, token_of(url))

    def table_view(self, table_no: int) -> dict:
        return self.dealer_api(table_no).get(f"/api/tournaments/{self.tid}/view").json()

    def dealer(self, table_no: int):
        if table_no not in self.dealers:
            page = self.phone(**EN).new_page()
            page.goto(next(t["url"] for t in self.links()["tables"] if t["table_no"] == table_no))
            expect(page.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
            self.dealers[table_no] = page
        return self.dealers[table_no]

    def set_button(self, table_no: int, seat: int | None = None) -> int:
        """The dealer draws for the button by high card and taps the winner's seat."""
        page = self.dealer(table_no)
        seat = seat or self.table_view(table_no)["seats"][0]["seat"]
        page.get_by_test_id("dealer-set-button").first.click()
        page.get_by_test_id(f"dealer-button-seat-{seat}").click()
        expect(page.get_by_test_id(f"seat-badge-{seat}")).to_contain_text("D")
        return seat

    def deal(self, table_no: int) -> dict:
        """The dealer starts the next hand (drawing the button first where the table must)."""
        page = self.dealer(table_no)
        before = self.table_view(table_no)
        if before["button"] is None:
            self.set_button(table_no)
            before = self.table_view(table_no)
        button = page.get_by_test_id("dealer-new-hand")
        expect(button).to_be_enabled()
        button.click()
        expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", str(before["hand_no"] + 1))
        return self.table_view(table_no)

    def hand_done(self, table_no: int) -> None:
        page = self.dealer(table_no)
        page.get_by_test_id("dealer-hand-done").click()
        expect(page.get_by_test_id("dealer-hand-done")).to_have_count(0)

    def bust(self, entry_id: int, by: int | None = None) -> dict:
        """The dealer of the player's table enters the bust, naming who won the pot (V-VII.r).
        Returns the director's row of the busted player."""
        table_no, _ = self.seat_of(entry_id)
        page = self.dealer(table_no)
        page.get_by_test_id(f"bust-{entry_id}").click()
        if by is not None:
            by_table, by_seat = self.seat_of(by)
            assert by_table == table_no, "the eliminator sits at the same table"
            page.get_by_test_id(f"bust-by-{by_seat}").click()
        page.get_by_test_id("bust-confirm").click()
        in_section(self.td, "players")
        expect(self.td.get_by_test_id(f"entry-row-{entry_id}")).to_have_attribute("data-status", "busted")
        return self.entry(entry_id)

    def bust_in_one_hand(self, table_no: int, outs: list[tuple[int, int, int | None]], shot=None) -> None:
        """Several players out in one hand at one table (the dealer's "several out" panel): each
        (entry, stack at the start of the hand, who won the pot that put him out)."""
        page = self.dealer(table_no)
        page.get_by_test_id("dealer-multi-bust").click()
        seats = {e: self.seat_of(e)[1] for e, _, _ in outs}
        for entry_id, _, _ in outs:
            page.get_by_test_id(f"multi-seat-{seats[entry_id]}").click()
        for entry_id, stack, by in outs:
            page.get_by_test_id(f"multi-stack-{seats[entry_id]}").fill(str(stack))
            page.get_by_test_id(f"multi-by-{seats[entry_id]}").select_option(str(by) if by else "")
        if shot:
            page.get_by_test_id("multi-bust").scroll_into_view_if_needed()
            shot(page, "dealer-one-hand-two-winners")
        page.get_by_test_id("multi-submit").click()
        in_section(self.td, "players")
        for entry_id, _, _ in outs:
            expect(self.td.get_by_test_id(f"entry-row-{entry_id}")).to_have_attribute("data-status", "busted")

    # ---- the director's phone --------------------------------------------------------------
    def apply(self, suggestion: dict) -> None:
        """The director taps the suggestion's button; it goes once the server applied it."""
        in_section(self.td, "floor")
        item = self.td.locator(f"[data-testid='suggestion-{suggestion['kind']}'][data-id='{suggestion['id']}']")
        tap_suggestion(self.td, item, suggestion["kind"])
        expect(item).to_have_count(0)
        self.applied.append(suggestion)

    def apply_all(self, kinds=("move", "break", "final_table")) -> list[dict]:
        done = []
        for _ in range(20):
            found = self.suggestions(None)
            found = [s for s in found if s["kind"] in kinds]
            if not found:
                return done
            self.apply(found[0])
            done.append(found[0])
        raise AssertionError("suggestions kept coming")
