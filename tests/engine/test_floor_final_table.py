"""The floor's defects the whole nights found, each under the rule it breaks: no one-table merge before the
final table (N-2.9, V-IV), the V-IV merge with the clock stopped, hand-for-hand enforced and ended
at the final table (N-2.13, V-V.b), the V-III.h / TDA 11D hold, the V-III.i button redraw, the
N-3.12 table limit and the suggestion texts' real counts. Pure engine, through the JSON round trip
and replay (engine_helpers.Log)."""

import json

import pytest

from backend.engine import Actor, Command
from backend.engine.balancing import active_tables
from backend.engine.model import Decision, Rejection
from backend.engine.suggestions import suggestions
from backend.read.changes import changed_views
from backend.read.views import player_view, public_view, table_view
from engine_helpers import Log, preset

T0 = 1_800_000_000_000
DIRECTOR = Actor("director")


class Floor:
    """One tournament under a stock preset, driven like the phones drive it."""

    def __init__(self, preset_id: str, players: int, tables: int, data: dict | None = None):
        self.log = Log(data or preset(preset_id), name=preset_id)
        self.now = T0
        for i in range(1, players + 1):
            self.ok("register_player", {"name": f"Player {i:02d}", "id_checked": True, "prepaid": True})
        if tables:
            self.ok("draw_seats", {"tables": tables})

    @property
    def state(self):
        return self.log.state

    def send(self, type, payload, actor=DIRECTOR):
        self.now += 1_000
        return self.log.run(Command(type, payload, actor, now=self.now, at=self.now, seed=self.now))

    def ok(self, type, payload, actor=DIRECTOR) -> Decision:
        decision = self.send(type, payload, actor)
        assert isinstance(decision, Decision), f"{type} {payload} refused: {decision}"
        return decision

    def refused(self, type, payload, error, actor=DIRECTOR) -> Rejection:
        decision = self.send(type, payload, actor)
        assert isinstance(decision, Rejection) and decision.error == error, decision
        return decision

    def dealer(self, table_no):
        return Actor("dealer", table_no)

    def deal(self, table_no):
        table = self.state.tables[table_no]
        if table.button is None:
            self.ok("set_button", {"table_no": table_no, "seat": min(table.seats)}, self.dealer(table_no))
        return self.ok("new_hand", {"table_no": table_no}, self.dealer(table_no))

    def bust_at(self, table_no):
        victim = self.state.tables[table_no].seats[min(self.state.tables[table_no].seats)]
        return self.ok("record_bust", {"entry_id": victim}, self.dealer(table_no))

    def bust_to(self, left):
        """Bust at the fullest table (lowest number on ties) until `left` players remain."""
        while self.state.players_left > left:
            fullest = min(active_tables(self.state), key=lambda t: (-len(t.seats), t.table_no))
            self.bust_at(fullest.table_no)

    def suggestions(self):
        return suggestions(self.state, self.now)

    def kinds(self):
        return [s["kind"] for s in self.suggestions()]

    def apply_moves(self):
        for _ in range(50):
            moves = [s for s in self.suggestions() if s["kind"] == "move"]
            if not moves:
                return
            s = moves[0]
            self.ok(
                "move_player",
                {"entry_id": s["entry_id"], "to_table": s["to_table"], "to_seat": s["to_seat"], "reason": "balancing"},
            )
        raise AssertionError("moves kept coming")

    def replays_clean(self):
        replayed = self.log.replayed()
        tables = lambda s: {n: vars(t) for n, t in s.tables.items()}
        assert json.dumps(tables(replayed), default=str) == json.dumps(tables(self.state), default=str)
        assert replayed.hand_for_hand == self.state.hand_for_hand


# ——— 1, 2: never one table before the final table's size ———


def test_n_2_9_n_2_13_eleven_players_at_two_tables_play_hand_for_hand_never_one_table():
    """N-2.9, N-2.13: at 11 players N plays hand-for-hand at both tables; the final table starts at
    10. No "11 players fit at 1 tables: break table 2", and the break itself is refused."""
    floor = Floor("n-monday", 22, 2)
    floor.bust_to(11)
    found = floor.suggestions()
    assert [s["kind"] for s in found] == ["hand_for_hand"], found
    assert found[0]["rule"] == "N-2.13" and found[0]["text"] == "11 players left: start hand-for-hand."
    assert not any("1 tables" in s["text"] for s in found)
    r = floor.refused("break_table", {"table_no": 2}, "final_table_not_yet")
    assert "N-2.9" in r.message and r.field == "table_no"
    assert r.params == {"table": 2, "players": 11, "size": 10, "rule": "N-2.9"}
    assert len(active_tables(floor.state)) == 2
    floor.bust_to(10)
    (final,) = [s for s in floor.suggestions() if s["kind"] == "final_table"]
    assert final["rule"] == "N-2.9" and final["text"] == "10 players left: form the final table with all 10."
    floor.ok("form_final_table", {})
    (table,) = active_tables(floor.state)
    assert len(table.seats) == 10 and table.button is None
    floor.replays_clean()


@pytest.mark.parametrize(
    "preset_id, players",
    [("n-monday", 22), ("n-series-final", 22), ("v-ranking", 18), ("s-trophy", 22), ("g-tour", 16), ("generic", 20)],
)
def test_n_2_9_v_iv_s_2_no_suggestion_merges_onto_one_table_before_the_final_table(preset_id, players):
    """N-2.9, V-IV, S-#2, G-Final: from two tables, every count above the final table's size keeps
    two tables (no break suggested, the break refused); at the size the final table is suggested."""
    floor = Floor(preset_id, players, 2)
    size = floor.state.seating["final_table"]["size"]
    while floor.state.players_left > size:
        floor.apply_moves()
        breaks = [s for s in floor.suggestions() if s["kind"] == "break"]
        assert not breaks, (floor.state.players_left, breaks)
        assert "final_table" not in floor.kinds()
        floor.refused("break_table", {"table_no": 2}, "final_table_not_yet")
        floor.bust_to(floor.state.players_left - 1)
    assert "final_table" in floor.kinds()


def test_v_iv_at_ten_and_nine_two_tables_then_the_final_table_at_eight_with_the_clock_stopped():
    """V-IV.a–c, V-V.b: at 10 and 9 players V keeps two tables (hand-for-hand at 9); at 8 the final
    table is formed: the clock stops (V-IV.b), the feature table's players keep their seats and the
    others fill its free seats, no new draw (V-IV.c), the button by high card (V-IV.d)."""
    floor = Floor("v-ranking", 18, 2)
    floor.ok("start_clock", {})
    for left in (10, 9):
        floor.bust_to(left)
        floor.apply_moves()
        assert "break" not in floor.kinds() and "final_table" not in floor.kinds()
        assert not any("1 tables" in s["text"] for s in floor.suggestions())
        r = floor.refused("break_table", {"table_no": 1}, "final_table_not_yet")
        assert "V-IV" in r.message
    assert floor.kinds() == ["hand_for_hand"] and floor.suggestions()[0]["rule"] == "V-V.b"
    floor.bust_to(8)
    (final,) = [s for s in floor.suggestions() if s["kind"] == "final_table"]
    assert final["rule"] == "V-IV" and final["text"] == "8 players left: form the final table with all 8."
    assert floor.state.clock.status == "running"
    feature = max(active_tables(floor.state), key=lambda t: (len(t.seats), -t.table_no))
    kept = dict(feature.seats)
    floor.ok("form_final_table", {})
    (table,) = active_tables(floor.state)
    assert table.table_no == feature.table_no and len(table.seats) == 8
    assert {s: e for s, e in table.seats.items() if s in kept} == kept  # nobody at the feature table redrawn
    assert floor.state.clock.status == "paused" and floor.state.clock.reason == "table_merge"
    assert table.button is None and table_view(floor.state, table.table_no, 0)["redraw"] == {
        "reason": "final_table",
        "rule": "V-IV",
    }
    floor.replays_clean()


def test_v_iv_a_director_breaking_the_second_last_table_at_eight_gets_the_v_iv_merge():
    """V-IV: at 8 players "break table 2" is the final table: it follows V-IV (clock stopped, the
    players of the broken table fill the free seats of the other), not a random merge."""
    floor = Floor("v-ranking", 18, 2)
    floor.ok("start_clock", {})
    floor.bust_to(8)
    stay = dict(floor.state.tables[1].seats)
    decision = floor.ok("break_table", {"table_no": 2})
    assert [e.type for e in decision.events][:2] == ["final_table_formed", "clock_paused"]
    assert {s: e for s, e in floor.state.tables[1].seats.items() if s in stay} == stay
    assert floor.state.tables[2].broken and floor.state.clock.reason == "table_merge"


# ——— 4: V-III.i ———


def _v_three_tables_one_short():
    """V at 27 on three tables of 9, a hand dealt at each, then table 3 loses four players: 9, 9, 5."""
    floor = Floor("v-ranking", 27, 3)
    for n in (1, 2, 3):
        floor.deal(n)
    for _ in range(4):
        floor.bust_at(3)
    return floor


def test_v_iii_i_two_balancing_moves_to_one_table_redraw_its_button():
    """V-III.i: when balancing (not only a break) brings two new players to a table, its button is
    drawn again by high card before its next hand; the dealer's phone is told why."""
    floor = _v_three_tables_one_short()
    moves = [s for s in floor.suggestions() if s["kind"] == "move"]
    assert [m["to_table"] for m in moves] == [3, 3]
    assert "redraw_button" not in moves[0] and moves[1]["redraw_button"] is True
    assert "Table 3 then draws for the button again (V-III.i)." in moves[1]["text"]
    button = floor.state.tables[3].button
    first = floor.ok("move_player", {k: moves[0][k] for k in ("entry_id", "to_table", "to_seat")})
    assert "redraw_button" not in first.events[0].payload and floor.state.tables[3].button == button
    (second,) = [s for s in floor.suggestions() if s["kind"] == "move"]
    decision = floor.ok("move_player", {k: second[k] for k in ("entry_id", "to_table", "to_seat")})
    assert decision.events[0].payload["redraw_button"] is True and decision.result["redraw_button"] is True
    table = floor.state.tables[3]
    assert (table.button, table.hand_no) == (None, 0)
    view = table_view(floor.state, 3, 0)
    assert view["redraw"] == {"reason": "new_players", "rule": "V-III.i"} and view["next"] is None
    r = floor.refused("new_hand", {"table_no": 3}, "no_button", floor.dealer(3))
    assert "V-III.i" in r.message and r.params == {"variant": "new_players", "table": 3, "rule": "V-III.i"}
    floor.ok("set_button", {"table_no": 3, "seat": min(table.seats)}, floor.dealer(3))
    assert table_view(floor.state, 3, 0)["redraw"] is None
    floor.ok("new_hand", {"table_no": 3}, floor.dealer(3))
    floor.replays_clean()


def test_v_iii_i_one_newcomer_per_hand_keeps_the_button():
    """V-III.i counts the newcomers before one hand: one, a hand, another one — no redraw."""
    floor = _v_three_tables_one_short()
    for _ in range(2):
        (move, *_) = [s for s in floor.suggestions() if s["kind"] == "move"]
        decision = floor.ok("move_player", {k: move[k] for k in ("entry_id", "to_table", "to_seat")})
        assert "redraw_button" not in decision.events[0].payload
        if table_view(floor.state, 3, 0)["halt"]:
            floor.ok("override_halt", {"table_no": 3})  # still short (V-III.h): the director lets it play
        floor.deal(3)
    assert floor.state.tables[3].button is not None


def test_v_iii_i_a_break_and_a_move_before_one_hand_add_up():
    """V-III.i: one newcomer from a broken table and one more by a move before the next hand: redraw."""
    floor = Floor("v-ranking", 27, 3)
    for n in (1, 2, 3):
        floor.deal(n)
    for _ in range(8):
        floor.bust_at(3)  # 9, 9, 1
    for _ in range(2):
        floor.bust_at(2)  # 9, 7, 1
    decision = floor.ok("break_table", {"table_no": 3})
    assert decision.events[0].payload["redraw_button"] == []
    table = floor.state.tables[2]
    assert table.arrivals == 1 and table.button is not None
    seat = next(s for s in range(1, table.max_seats + 1) if s not in table.seats)
    mover = floor.state.tables[1].seats[min(floor.state.tables[1].seats)]
    decision = floor.ok("move_player", {"entry_id": mover, "to_table": 2, "to_seat": seat, "force": True})
    assert decision.events[0].payload.get("redraw_button") is True
    assert table.button is None and table.redraw == "new_players"


def _phones_told(floor, type, payload) -> tuple[set, set]:
    """(the player views this command changed, the player views changed_views names for it)."""
    shown = lambda: {
        e: {k: v for k, v in player_view(floor.state, e, 0).items() if k != "seq"} for e in floor.state.entries
    }
    before = shown()
    decision = floor.ok(type, payload)
    told = changed_views(floor.state, decision.events)
    after = shown()
    return {("player", e) for e in after if after[e] != before[e]}, {k for k in told if k[0] == "player"}


def test_v_iii_i_v_iv_d_a_button_drawn_again_reaches_every_phone_at_that_table():
    """V-III.i, V-IV.d: a move or the final table that makes a table draw for the button again
    changes the button on the phone of every player there, those who did not move too: each of
    them is pushed (a player's picture kept the old button until his next push)."""
    floor = _v_three_tables_one_short()
    for move in [s for s in floor.suggestions() if s["kind"] == "move"]:
        changed, told = _phones_told(floor, "move_player", {k: move[k] for k in ("entry_id", "to_table", "to_seat")})
        assert changed <= told, changed - told
    assert floor.state.tables[3].button is None  # the redraw happened, and every phone there was told
    assert {("player", e) for e in floor.state.tables[3].seats.values()} <= told

    floor = Floor("v-ranking", 18, 2)
    for n in (1, 2):
        floor.deal(n)
    floor.bust_to(8)
    floor.apply_moves()
    changed, told = _phones_told(floor, "form_final_table", {})
    assert changed and changed <= told, changed - told


# ——— 6: N-3.12 ———


def test_n_3_12_the_seat_draw_refuses_more_tables_than_the_preset_allows():
    """N-3.12: at most 4 tables; P-Satellite: a qualifier is one table. The limit is preset data
    (`seating.max_tables`); the refusal names the field and the rule."""
    floor = Floor("n-monday", 44, 0)
    r = floor.refused("draw_seats", {"tables": 5}, "max_tables")
    assert r.field == "tables" and r.kind == "conflict" and "N-3.12" in r.message
    assert r.params == {"tables": 5, "max": 4, "rule": "N-3.12"}
    floor.ok("draw_seats", {"tables": 4})
    qualifier = Floor("p-qualifier", 10, 0)
    r = qualifier.refused("draw_seats", {"tables": 2}, "max_tables")
    assert "P-Satellite" in r.message and "plays at one table" in r.message
    qualifier.ok("draw_seats", {"tables": 1})
    open_ended = Floor("generic", 30, 0)
    open_ended.ok("draw_seats", {"tables": 5})  # no limit in the preset: none here


# ——— 8: hand-for-hand ends at the final table; the public view says it runs ———


def test_n_2_13_hand_for_hand_ends_with_the_final_table_and_the_public_view_says_it_runs():
    """N-2.13 / V-V.b: hand-for-hand runs while two or more tables wait for each other; forming the
    final table ends it. The TV and the players' phones read it from the public view (one boolean)."""
    floor = Floor("n-monday", 22, 2)
    floor.bust_to(11)
    assert public_view(floor.state, 0)["hand_for_hand"] is False
    start = floor.ok("start_hand_for_hand", {})
    assert ("public",) in changed_views(floor.state, start.events)
    public = public_view(floor.state, 0)
    assert public["hand_for_hand"] is True and len(json.dumps(public["hand_for_hand"])) == 4
    floor.bust_to(10)
    decision = floor.ok("form_final_table", {})
    assert [e.type for e in decision.events] == ["final_table_formed", "hand_for_hand_stopped"]
    assert not floor.state.hand_for_hand["active"]
    assert ("public",) in changed_views(floor.state, decision.events)
    assert public_view(floor.state, 0)["hand_for_hand"] is False
    assert "hand_for_hand" not in floor.kinds()  # one table waits for nobody
    floor.replays_clean()


def test_g_final_hand_for_hand_at_the_two_tables_of_eight_restarts_together_and_ends_at_the_final():
    """G-Final: a redraw onto two tables during hand-for-hand starts a new round at both; the final
    table ends it."""
    floor = Floor("g-tour", 24, 3)
    floor.bust_to(17)
    floor.ok("start_hand_for_hand", {})
    floor.bust_to(16)
    rnd = floor.state.hand_for_hand["round"]
    floor.ok("form_final_table", {})
    assert len(active_tables(floor.state)) == 2
    assert floor.state.hand_for_hand == {"active": True, "round": rnd + 1, "done": [], "dealt": []}
    floor.bust_to(8)
    floor.ok("form_final_table", {})
    assert not floor.state.hand_for_hand["active"]


# ——— 9: V-III.h / TDA 11D ———


def _v_three_tables_of_nine():
    floor = Floor("v-ranking", 27, 3)
    for n in (1, 2, 3):
        floor.deal(n)
    return floor


def test_v_iii_h_a_table_two_short_holds_its_next_hand_until_balanced():
    """V-III.h: a table two short of the fullest stops play: its dealer's view says so and the
    server refuses its next hand, naming the rule; balancing releases it."""
    floor = _v_three_tables_of_nine()
    floor.bust_at(3)
    assert table_view(floor.state, 3, 0)["halt"] is None
    floor.bust_at(3)  # 9, 9, 7
    view = table_view(floor.state, 3, 0)
    assert view["halt"] == {"short": 2, "rule": "V-III.h"}
    assert table_view(floor.state, 1, 0)["halt"] is None
    r = floor.refused("new_hand", {"table_no": 3}, "table_halted", floor.dealer(3))
    assert r.kind == "conflict" and r.field == "table_no" and "V-III.h" in r.message
    assert r.params == {"table": 3, "short": 2, "rule": "V-III.h"}
    floor.ok("new_hand", {"table_no": 1}, floor.dealer(1))  # the full tables deal on
    (halt,) = [s for s in floor.suggestions() if s["kind"] == "halt"]
    assert halt["rule"] == "V-III.h"
    floor.apply_moves()
    assert table_view(floor.state, 3, 0)["halt"] is None
    floor.ok("new_hand", {"table_no": 3}, floor.dealer(3))


def test_v_iii_h_the_director_may_let_a_short_table_play_on_until_the_counts_change():
    """V-III.h: the director overrides the hold (no one to move, say); a new count brings it back."""
    floor = _v_three_tables_of_nine()
    floor.bust_at(3)
    floor.bust_at(3)
    floor.refused("override_halt", {"table_no": 1}, "not_halted")
    assert floor.send("override_halt", {"table_no": 3}, floor.dealer(3)).error == "forbidden"
    floor.ok("override_halt", {"table_no": 3})
    assert table_view(floor.state, 3, 0)["halt"] is None
    assert "halt" not in floor.kinds()
    floor.ok("new_hand", {"table_no": 3}, floor.dealer(3))
    floor.bust_at(3)  # 9, 9, 6: a new situation
    assert table_view(floor.state, 3, 0)["halt"] == {"short": 3, "rule": "V-III.h"}
    floor.refused("new_hand", {"table_no": 3}, "table_halted", floor.dealer(3))
    floor.replays_clean()


def test_v_iii_h_a_bust_at_the_fullest_table_releases_the_short_one_and_its_phone_hears_it():
    """V-III.h: 9, 8, 7 holds table 3; a bust at table 1 (8, 8, 7) releases it without touching it,
    so table 3's view is pushed too."""
    floor = _v_three_tables_of_nine()
    floor.bust_at(2)
    floor.bust_at(3)
    decision = floor.bust_at(3)
    assert ("table", 3) in changed_views(floor.state, decision.events)
    assert table_view(floor.state, 3, 0)["halt"] == {"short": 2, "rule": "V-III.h"}
    decision = floor.bust_at(1)
    assert table_view(floor.state, 3, 0)["halt"] is None
    assert ("table", 3) in changed_views(floor.state, decision.events)
    decision = floor.bust_at(2)  # 8, 7, 7: nobody's hold changes
    assert ("table", 3) not in changed_views(floor.state, decision.events)


def test_tda_11d_a_table_three_short_holds_where_the_preset_says_so():
    """TDA 11D: three short of the fullest table; the generic preset does not halt at all."""
    data = preset("generic")
    data = {**data, "seating": {**data["seating"], "halt_short_table": {"short_of_fullest": 3}}}
    floor = Floor("generic", 30, 3, data=data)
    for n in (1, 2, 3):
        floor.deal(n)
    floor.bust_at(3)
    floor.bust_at(3)
    assert table_view(floor.state, 3, 0)["halt"] is None
    floor.bust_at(3)
    assert table_view(floor.state, 3, 0)["halt"] == {"short": 3, "rule": "TDA 11D"}
    assert "TDA 11D" in floor.refused("new_hand", {"table_no": 3}, "table_halted", floor.dealer(3)).message
    plain = Floor("generic", 30, 3)
    for _ in range(5):
        plain.bust_at(3)
    assert table_view(plain.state, 3, 0)["halt"] is None


# ——— 10: hand-for-hand enforced by the server ———


def test_n_2_13_v_v_b_during_hand_for_hand_no_table_starts_a_hand_before_every_table_is_done():
    """N-2.13, V-V.b: every table starts each hand together. The hand in play when it starts is the
    first round's; a table that has finished waits for the others; a table whose hand runs cannot
    start another. The refusals name the rule and say what to do."""
    floor = Floor("n-monday", 22, 2)
    for n in (1, 2):
        floor.deal(n)
    floor.bust_to(11)
    floor.ok("start_hand_for_hand", {})
    r = floor.refused("new_hand", {"table_no": 1}, "hand_for_hand_wait", floor.dealer(1))
    assert r.params == {"variant": "own", "table": 1, "rule": "N-2.13"}
    assert "Finish it and tap Hand done" in r.message and "(N-2.13)" in r.message
    floor.ok("hand_done", {"table_no": 1}, floor.dealer(1))
    r = floor.refused("new_hand", {"table_no": 1}, "hand_for_hand_wait", floor.dealer(1))
    assert r.params == {"variant": "others", "table": 1, "waiting": 1, "rule": "N-2.13"}
    assert "tables still playing: 1." in r.message
    floor.refused("new_hand", {"table_no": 1}, "hand_for_hand_wait")  # the director too
    floor.ok("hand_done", {"table_no": 2}, floor.dealer(2))
    assert floor.state.hand_for_hand == {"active": True, "round": 2, "done": [], "dealt": []}
    floor.ok("new_hand", {"table_no": 1}, floor.dealer(1))
    r = floor.refused("new_hand", {"table_no": 1}, "hand_for_hand_wait", floor.dealer(1))
    assert r.params["variant"] == "own"
    assert table_view(floor.state, 1, 0)["hand_for_hand"]["dealt"] == [1]
    floor.ok("new_hand", {"table_no": 2}, floor.dealer(2))
    floor.ok("stop_hand_for_hand", {})
    floor.ok("new_hand", {"table_no": 1}, floor.dealer(1))  # off again: deal on
    floor.replays_clean()


def test_n_2_13_a_table_broken_during_hand_for_hand_is_not_waited_for():
    """N-2.13: when the only table still playing is broken up, the round ends for the others."""
    floor = Floor("generic", 30, 3)
    for n in (1, 2, 3):
        floor.deal(n)
    for _ in range(7):
        floor.bust_at(3)  # 10, 10, 3
    for _ in range(3):
        floor.bust_at(1)
        floor.bust_at(2)  # 7, 7, 3: 17 players fit at two tables
    floor.ok("start_hand_for_hand", {})
    floor.ok("hand_done", {"table_no": 1}, floor.dealer(1))
    floor.ok("hand_done", {"table_no": 2}, floor.dealer(2))
    floor.ok("break_table", {"table_no": 3})
    assert floor.state.hand_for_hand["round"] == 2 and floor.state.hand_for_hand["done"] == []
    floor.ok("new_hand", {"table_no": 1}, floor.dealer(1))


# ——— 13: the suggestions name the real count ———


def test_n_2_9_g_final_suggestion_texts_name_the_real_counts():
    """N-2.9: 9 players left is a final table of 9, not "of 10"; G-Final: 15 players are redrawn
    onto tables of 8 and 7, not "two tables of 8"."""
    floor = Floor("n-monday", 22, 2)
    floor.bust_to(9)  # two busts before anyone forms the final table
    (final,) = [s for s in floor.suggestions() if s["kind"] == "final_table"]
    assert final["text"] == "9 players left: form the final table with all 9."
    assert (final["players_left"], final["seats"], final["size"]) == (9, [9], 10)

    g = Floor("g-tour", 24, 3)
    g.bust_to(15)
    (stage,) = [s for s in g.suggestions() if s["kind"] == "final_table"]
    assert stage["text"] == "15 players left: redraw onto two tables of 8 and 7 (G-Final)."
    assert (stage["tables"], stage["seats"]) == (2, [8, 7])
    g.ok("form_final_table", {})
    assert sorted(len(t.seats) for t in active_tables(g.state)) == [7, 8]

    g16 = Floor("g-tour", 24, 3)
    g16.bust_to(16)
    (stage,) = [s for s in g16.suggestions() if s["kind"] == "final_table"]
    assert stage["text"] == "16 players left: redraw onto two tables of 8 (G-Final)." and stage["seats"] == [8, 8]


def test_tda_11c_break_texts_count_the_tables_in_words_that_agree():
    """TDA 11C: "17 players fit at 2 tables: break table 3." — a break never leaves one table."""
    floor = Floor("generic", 30, 3)
    floor.bust_to(20)
    (brk,) = [s for s in floor.suggestions() if s["kind"] == "break"]
    assert brk["text"] == "20 players fit at 2 tables: break table 3." and brk["tables_after"] == 2


# ——— the phone says each refusal in German and English from its params ———


def test_the_floor_refusals_carry_params_the_phone_words_exactly_as_the_server():
    """Each new refusal names its rule in `params` and the phone's English template (i18n
    `refusal.<error>[.<variant>]`) filled with them is the server's own sentence; German has a key."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    keys = {
        lang: dict(
            re.findall(r'^\s*"(refusal\.[\w.]+)": "(.*)",$', (root / f"pwa/src/i18n/{lang}.ts").read_text(), re.M)
        )
        for lang in ("en", "de")
    }

    def worded(r):
        key = f"refusal.{r.error}" + (f".{r.params['variant']}" if "variant" in r.params else "")
        assert key in keys["de"], key
        return re.sub(r"\{(\w+)\}", lambda m: str(r.params[m.group(1)]), keys["en"][key])

    seen = []
    n = Floor("n-monday", 44, 0)
    seen.append(n.refused("draw_seats", {"tables": 5}, "max_tables"))
    seen.append(Floor("p-qualifier", 10, 0).refused("draw_seats", {"tables": 2}, "max_tables"))
    n = Floor("n-monday", 22, 2)
    seen.append(n.refused("new_hand", {"table_no": 1}, "no_button", n.dealer(1)))
    for t in (1, 2):
        n.deal(t)
    n.bust_to(11)
    seen.append(n.refused("break_table", {"table_no": 2}, "final_table_not_yet"))
    seen.append(n.refused("form_final_table", {}, "too_many_players"))
    n.ok("start_hand_for_hand", {})
    seen.append(n.refused("new_hand", {"table_no": 1}, "hand_for_hand_wait", n.dealer(1)))
    n.ok("hand_done", {"table_no": 1}, n.dealer(1))
    seen.append(n.refused("new_hand", {"table_no": 1}, "hand_for_hand_wait", n.dealer(1)))
    v = _v_three_tables_of_nine()
    seen.append(v.refused("override_halt", {"table_no": 3}, "not_halted"))
    v.bust_at(3)
    v.bust_at(3)
    seen.append(v.refused("new_hand", {"table_no": 3}, "table_halted", v.dealer(3)))
    r = _v_three_tables_one_short()
    for _ in range(2):
        (move, *_) = [s for s in r.suggestions() if s["kind"] == "move"]
        r.ok("move_player", {k: move[k] for k in ("entry_id", "to_table", "to_seat")})
    seen.append(r.refused("new_hand", {"table_no": 3}, "no_button", r.dealer(3)))
    r.bust_to(8)  # V-IV: the final table draws for the button
    r.ok("form_final_table", {})
    (final,) = active_tables(r.state)
    seen.append(r.refused("new_hand", {"table_no": final.table_no}, "no_button", r.dealer(final.table_no)))
    g = Floor("generic", 20, 2)  # no rule cited: the preset's own setting, worded without an id
    g.bust_to(11)
    seen.append(g.refused("break_table", {"table_no": 2}, "final_table_not_yet"))
    seen.append(g.refused("form_final_table", {}, "too_many_players"))
    g.bust_to(10)
    g.ok("form_final_table", {})
    (final,) = active_tables(g.state)
    seen.append(g.refused("new_hand", {"table_no": final.table_no}, "no_button", g.dealer(final.table_no)))
    custom = preset("generic")
    custom = {**custom, "seating": {**custom["seating"], "max_tables": 2}}
    seen.append(Floor("generic", 30, 0, data=custom).refused("draw_seats", {"tables": 3}, "max_tables"))
    assert all("rule" not in x.params for x in seen[-4:])
    assert {(x.error, x.params.get("variant")) for x in seen} >= {
        ("final_table_not_yet", "setting"),
        ("too_many_players", "setting"),
        ("no_button", "final_table_setting"),
    }
    assert {(x.error, x.params.get("variant")) for x in seen} >= {
        ("max_tables", None),
        ("max_tables", "one"),
        ("no_button", None),
        ("no_button", "new_players"),
        ("no_button", "final_table"),
        ("final_table_not_yet", None),
        ("too_many_players", None),
        ("hand_for_hand_wait", "own"),
        ("hand_for_hand_wait", "others"),
        ("not_halted", None),
        ("table_halted", None),
    }
    for rejection in seen:
        assert rejection.message == worded(rejection), rejection


def test_s_4_the_final_tables_button_draw_names_s_4_and_the_final_table_s_2():
    """S-#2 forms the final table at 10; the button drawn there is S-#4's ("beim Start des Final
    Table wird der Button ausgelost"): the dealer's redraw and the refused new hand name S-#4
    (an S night), the suggestion S-#2. Presets without a button rule of their own name
    the final table's rule, as before."""
    floor = Floor("s-trophy", 22, 2)
    floor.bust_to(10)
    (final,) = [s for s in floor.suggestions() if s["kind"] == "final_table"]
    assert final["rule"] == "S-#2"
    floor.ok("form_final_table", {})
    (table,) = active_tables(floor.state)
    assert table_view(floor.state, table.table_no, 0)["redraw"] == {"reason": "final_table", "rule": "S-#4"}
    r = floor.refused("new_hand", {"table_no": table.table_no}, "no_button")
    assert "S-#4" in r.message and r.params["rule"] == "S-#4"
    n = Floor("n-monday", 20, 2)
    n.bust_to(10)
    n.ok("form_final_table", {})
    (nt,) = active_tables(n.state)
    assert table_view(n.state, nt.table_no, 0)["redraw"]["rule"] == "N-2.9"
