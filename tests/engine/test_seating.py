from hypothesis import given, settings, strategies as st

from backend.engine import Event, replay
from engine_helpers import GENERIC, director_cmd, run, tournament_with


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 300), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_draw_seats_everyone_once_within_limits_and_balanced(players, seed, data):
    min_tables = -(-players // 10)
    tables = data.draw(st.integers(min_tables, min(players, min_tables + 5)))
    state, _ = tournament_with(players, tables, seed=seed)
    seats = [(e.table_no, e.seat) for e in state.entries.values()]
    assert len(set(seats)) == players  # nobody shares a seat
    sizes = [len(t.seats) for t in state.tables.values()]
    assert len(sizes) == tables and max(sizes) <= 10 and max(sizes) - min(sizes) <= 1
    assert all(1 <= s <= 10 for _, s in seats)


def test_the_draw_is_recorded_so_replay_does_not_draw_again():
    state, _ = tournament_with(20)
    decision = run(state, director_cmd("draw_seats", {"tables": 2}, seed=123))
    drawn = {s["entry_id"]: (s["table_no"], s["seat"]) for s in decision.events[0].payload["seats"]}
    created = Event("tournament_created", {"name": "T", "preset": GENERIC})
    regs = [Event("player_registered", {"entry_id": i, "name": f"P{i}"}) for i in range(1, 21)]
    rebuilt = replay(1, enumerate([created, *regs, decision.events[0]], start=1))
    assert {e.entry_id: (e.table_no, e.seat) for e in rebuilt.entries.values()} == drawn


def test_different_seeds_draw_differently_and_the_same_seed_the_same():
    def draw(seed):
        state, _ = tournament_with(20, 2, seed=seed)
        return {e.entry_id: (e.table_no, e.seat) for e in state.entries.values()}

    assert draw(1) == draw(1)
    assert draw(1) != draw(2)


def test_draw_refusals_name_the_tables_field():
    state, _ = tournament_with(25)
    for tables, error in ((2, "too_few_tables"), (26, "too_many_tables"), (0, "invalid_tables")):
        rejection = run(state, director_cmd("draw_seats", {"tables": tables}))
        assert (rejection.error, rejection.field) == (error, "tables")
    empty, _ = tournament_with(0)
    assert run(empty, director_cmd("draw_seats", {"tables": 1})).error == "no_players"
    one, _ = tournament_with(1)
    assert run(one, director_cmd("draw_seats", {"tables": 1})).error == "too_few_players"


def test_players_needing_an_accessible_seat_get_one_at_different_tables():
    """S-#3: a seat draw honours the accessible-seat flag."""
    state, _ = tournament_with(0)
    for i in range(30):
        run(state, director_cmd("register_player", {"name": f"P{i}", "accessible": i in (4, 17), "id_checked": True}))
    run(state, director_cmd("draw_seats", {"tables": 3, "accessible_seats": [1]}, seed=99))
    flagged = [e for e in state.entries.values() if e.accessible]
    assert [e.seat for e in flagged] == [1, 1] and flagged[0].table_no != flagged[1].table_no
    assert len({(e.table_no, e.seat) for e in state.entries.values()}) == 30


def test_late_seat_until_the_first_race_never_between_button_and_small_blind():
    """P-Spielverlauf: late seats until the first race for chips; TDA 8A/10A: not between button and SB."""
    import json
    from pathlib import Path

    from backend.engine.balancing import forbidden_seats

    preset = json.loads((Path(__file__).resolve().parents[2] / "shared_rules/presets/p-qualifier.json").read_text())
    state, _ = tournament_with(6, 1)
    state.preset = preset
    run(state, director_cmd("start_clock", {}, now=0))
    run(state, director_cmd("set_button", {"table_no": 1, "seat": sorted(state.tables[1].seats)[0]}))
    run(state, director_cmd("new_hand", {"table_no": 1}))
    forbidden = forbidden_seats(state.tables[1], state.seating)
    late = run(state, director_cmd("register_player", {"name": "Late Larry", "id_checked": True}, now=60_000, seed=5))
    assert late.result["table_no"] == 1 and late.result["seat"] not in forbidden
    assert state.entries[late.result["entry_id"]].seat == late.result["seat"]
    race = next(i for i, e in enumerate(state.structure) if e.get("kind") == "stop")
    after_race = sum(e["minutes"] for e in state.structure[:race]) * 60_000 + 1
    too_late = run(
        state, director_cmd("register_player", {"name": "Too Late", "id_checked": True}, now=int(after_race))
    )
    assert (too_late.error, too_late.field) == ("registration_closed", "name")


def _plan_by_passes(counts, limit, most=None, lot=None):
    """The plan as N-2.12 / TDA 11A read it: fullest (lowest number on ties, or drawn by lot) gives
    one player to the shortest (lowest number on ties), until no two differ by more than `limit`."""
    counts, moves = dict(counts), []
    while len(counts) > 1 and (most is None or len(moves) < most):
        full = min(counts, key=lambda n: (-counts[n], n))
        if lot is not None:
            full = lot.choice(sorted(n for n in counts if counts[n] == counts[full]))
        short = min(counts, key=lambda n: (counts[n], n))
        if counts[full] - counts[short] <= limit:
            break
        moves.append((full, short))
        counts[full] -= 1
        counts[short] += 1
    return moves


@settings(max_examples=300, deadline=None)
@given(
    counts=st.dictionaries(st.integers(1, 60), st.integers(0, 10), max_size=40),
    limit=st.integers(1, 3),
    most=st.one_of(st.none(), st.integers(1, 20)),
    seed=st.one_of(st.none(), st.integers(0, 2**32)),
)
def test_balance_plan_from_heaps_is_the_plan_of_two_passes_per_move(counts, limit, most, seed):
    """balance_plan keeps two heaps instead of passing over every table per move; the
    moves are the same, ties and G-Sitzordnung's lot included (N-2.12, TDA 11A)."""
    import random

    from backend.engine.balancing import balance_plan

    lot = (lambda: random.Random(seed)) if seed is not None else (lambda: None)
    assert balance_plan(counts, limit, most, lot()) == _plan_by_passes(counts, limit, most, lot())


def _field(preset_id, players):
    from engine_helpers import Log, ok, preset

    log = Log(preset(preset_id))
    for i in range(players):
        ok(log, "register_player", {"name": f"P{i + 1}", "id_checked": True})
    return log


def test_n_2_9_n_3_12_tda_11c_the_draw_proposes_what_the_break_rule_keeps():
    """30 on n-monday: not 30 / 9 = 4 tables (the old phone's guess), which the break rule would
    break at once (30 fit at 3 tables of 11, TDA 11C), but 3 tables of 10; 33 on s-trophy: 3 tables
    of 11 (S-#2), and a 4th would not be broken at once (S-#5 waits until the others hold 10
    each); V-II.a starts 18 at 2 tables of 9."""
    from backend.engine.seating import draw_plan
    from backend.engine.suggestions import suggestions
    from engine_helpers import ok

    log = _field("n-monday", 30)
    plan = draw_plan(log.state)
    assert (plan["tables"], plan["sizes"], plan["per_table"], plan["per_table_rule"]) == (3, [10, 10, 10], 11, "N-2.9")
    assert (plan["max_tables"], plan["max_tables_rule"], plan["break_fit"]) == (4, "N-3.12", 11)
    assert plan["one_more_breaks"]
    ok(log, "draw_seats", {"tables": plan["tables"]})
    assert not [s for s in suggestions(log.state, 0) if s["kind"] in ("break", "move")]  # nothing to fix at once
    trophy = draw_plan(_field("s-trophy", 33).state)
    assert (trophy["tables"], trophy["sizes"], trophy["one_more_breaks"]) == (3, [11, 11, 11], False)
    log = _field("s-trophy", 33)
    ok(log, "draw_seats", {"tables": 3})
    assert not [s for s in suggestions(log.state, 0) if s["kind"] in ("break", "move")]
    assert draw_plan(_field("v-ranking", 18).state)["sizes"] == [9, 9]
    assert draw_plan(_field("n-monday", 10).state)["tables"] == 1
    assert draw_plan(_field("n-monday", 1).state) is None


def test_seats_are_drawn_again_until_the_clock_starts_and_never_after():
    """The director found the wrong table count before the first card: draw again (fewer tables:
    the one left over is closed); once the clock runs, a hand is dealt or a player is out: no."""
    from engine_helpers import no, ok

    log = _field("n-monday", 30)
    ok(log, "draw_seats", {"tables": 4})
    ok(log, "set_button", {"table_no": 4, "seat": min(log.state.tables[4].seats)})
    again = ok(log, "draw_seats", {"tables": 3}, seed=11)
    assert again.events[0].payload["redraw_of"] == 4
    state = log.state
    assert [n for n, t in state.tables.items() if not t.broken] == [1, 2, 3] and state.tables[4].broken
    assert sorted(len(t.seats) for t in state.tables.values() if not t.broken) == [10, 10, 10]
    assert all(e.table_no in (1, 2, 3) for e in state.entries.values())
    assert log.replayed().tables.keys() == state.tables.keys()
    ok(log, "start_clock", {})
    assert no(log, "draw_seats", {"tables": 3}).error == "already_drawn"
    dealt = _field("n-monday", 22)
    ok(dealt, "draw_seats", {"tables": 2})
    ok(dealt, "set_button", {"table_no": 1, "seat": min(dealt.state.tables[1].seats)})
    ok(dealt, "new_hand", {"table_no": 1})
    assert no(dealt, "draw_seats", {"tables": 2}).error == "already_drawn"
    busted = _field("n-monday", 22)
    ok(busted, "draw_seats", {"tables": 2})
    ok(busted, "record_bust", {"entry_id": 5})
    assert no(busted, "draw_seats", {"tables": 2}).error == "already_drawn"


def test_n_3_12_n_2_9_tonights_room_tables_and_seats_before_the_draw():
    """A club with 3 dealers and 30 seats tonight: 3 tables of 10. The capacity follows the room
    (the 31st waits); a room smaller than the players registered is refused; after the draw: locked."""
    from backend.engine.registration import capacity
    from backend.engine.settings import view
    from engine_helpers import no, ok

    log = _field("n-monday", 25)
    ok(log, "edit_settings", {"max_tables": 3, "max_per_table": 10})
    assert view(log.state)["max_tables"] == 3 and capacity(log.state) == 30
    for i in range(6):
        ok(log, "register_player", {"name": f"Late {i}", "id_checked": True})
    assert len(log.state.waiting) == 1
    small = no(log, "edit_settings", {"max_tables": 2})
    assert (small.error, small.field, small.params) == ("room_too_small", "max_tables", {"field": 30, "seats": 20})
    ok(log, "draw_seats", {"tables": 3})
    assert no(log, "edit_settings", {"max_per_table": 9}).error == "settings_locked"
    assert log.replayed().preset["seating"]["max_tables"] == 3
