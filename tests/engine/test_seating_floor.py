"""The floor over a whole tournament: hands, moves, breaks, the final table, hand-for-hand."""

import random

from hypothesis import given, settings, strategies as st

from backend.engine import Actor, Command
from backend.engine.balancing import active_tables, forbidden_seats, threshold
from backend.engine.hands import next_positions
from backend.engine.suggestions import suggestions
from engine_helpers import director_cmd, run, tournament_with

T0 = 1_800_000_000_000


def with_profile(state, **seating):
    state.preset = {**state.preset, "seating": {**state.preset.get("seating", {}), **seating}}
    return state


def ok(state, type, payload, seed=1):
    decision = run(state, director_cmd(type, payload, seed=seed))
    assert hasattr(decision, "events"), (type, payload, decision)
    return decision


def deal_everywhere(state, rng):
    for t in active_tables(state):
        if len(t.seats) < 2:
            continue
        if next_positions(t) is None:
            ok(state, "set_button", {"table_no": t.table_no, "seat": rng.choice(sorted(t.seats))})
        if not state.hand_for_hand["active"]:
            ok(state, "new_hand", {"table_no": t.table_no})


def follow_suggestions(state, rng):
    """Apply what the floor suggests until nothing is left to do; checks each move's seat."""
    for _ in range(200):
        todo = [s for s in suggestions(state) if s["kind"] in ("move", "break", "final_table")]
        if not todo:
            return
        s = todo[0]
        if s["kind"] == "move":
            dest = state.tables[s["to_table"]]
            assert s["to_seat"] not in dest.seats
            assert s["to_seat"] not in forbidden_seats(dest, state.seating)  # N-2.10, V-III.c
            ok(state, "move_player", {"entry_id": s["entry_id"], "to_table": s["to_table"], "to_seat": s["to_seat"]})
        elif s["kind"] == "break":
            ok(state, "break_table", {"table_no": s["table_no"]}, seed=rng.getrandbits(32))
        else:
            ok(state, "form_final_table", {}, seed=rng.getrandbits(32))
            final = state.seating.get("final_table", {})
            tables = active_tables(state)
            if len(tables) == 1:  # the final table of the preset's size (N-2.9 and the like)
                assert len(tables[0].seats) == state.players_left <= int(final.get("size", state.max_per_table))
        deal_everywhere(state, rng)
    raise AssertionError("suggestions never settled")


def check_invariants(state):
    seen = {}
    for t in state.tables.values():
        if t.broken:
            assert not t.seats
        assert len(t.seats) <= t.max_seats
        for seat, entry_id in t.seats.items():
            assert 1 <= seat <= t.max_seats
            assert entry_id not in seen, "a player in two seats"
            seen[entry_id] = (t.table_no, seat)
            e = state.entries[entry_id]
            assert (e.table_no, e.seat) == (t.table_no, seat) and e.status == "active"
    assert len(seen) == state.players_left
    tables = active_tables(state)
    counts = [len(t.seats) for t in tables]
    assert max(counts) - min(counts) <= threshold(state.seating, len(tables))


@settings(max_examples=25, deadline=None)
@given(players=st.one_of(st.integers(10, 60), st.integers(61, 10_000)), seed=st.integers(0, 2**32))
def test_random_tournaments_stay_seated_by_the_rules(players, seed):
    """Property (TDA 11A, N-2.10/2.11): after every bust and the suggested moves nobody sits twice,
    no table is over its maximum, tables are within the threshold, moves avoid button–SB seats,
    and the final table has the preset's size."""
    rng = random.Random(seed)
    state, _ = tournament_with(players, -(-players // 10), seed=seed)
    deal_everywhere(state, rng)
    busts = players - 1 if players <= 60 else 150
    for _ in range(busts):
        victim = rng.choice([e for t in active_tables(state) for e in t.seats.values()])
        run(state, director_cmd("record_bust", {"entry_id": victim}))
        if state.status == "finished":
            break
        follow_suggestions(state, rng)
        check_invariants(state)
        deal_everywhere(state, rng)
    if players <= 60:
        assert state.status == "finished"


def test_final_table_forms_at_the_preset_size_and_redraws_the_button():
    """N-2.9: the final table at 10 players; a new draw and a new button by high card."""
    state, _ = tournament_with(20, 2)
    with_profile(state, final_table={"size": 10, "seating": "redraw", "button": "high_card"})
    deal_everywhere(state, random.Random(5))
    for n in (1, 2):
        for entry_id in list(state.tables[n].seats.values())[:5]:
            run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    assert [s["kind"] for s in suggestions(state)] == ["final_table"]
    before = {e.entry_id: (e.table_no, e.seat) for e in state.entries.values() if e.status == "active"}
    ok(state, "form_final_table", {}, seed=8)
    (final,) = active_tables(state)
    assert len(final.seats) == 10 and final.button is None and final.hand_no == 0
    assert run(state, director_cmd("new_hand", {"table_no": final.table_no})).error == "no_button"
    after = {e.entry_id: (e.table_no, e.seat) for e in state.entries.values() if e.status == "active"}
    assert after.keys() == before.keys() and after != before  # a new draw for everyone


def test_v_final_table_fills_the_feature_table_and_stops_the_clock():
    """V-IV: at 8 the players fill the free seats of the feature table, no new draw; clock stopped (V-IV.b)."""
    state, _ = tournament_with(16, 2)
    with_profile(state, final_table={"size": 8, "seating": "fill_free_seats", "button": "high_card"})
    state.preset["clock"] = {"stop_for_table_merge": True}
    run(state, director_cmd("start_clock", {}, now=T0))
    for entry_id in list(state.tables[1].seats.values())[:5] + list(state.tables[2].seats.values())[:3]:
        run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    stay = dict(state.tables[1].seats)  # table 1 has 3 left, table 2 has 5: table 2 is the feature table
    feature = dict(state.tables[2].seats)
    decision = ok(state, "form_final_table", {})
    assert decision.result["table_no"] == 2
    assert {s: e for s, e in state.tables[2].seats.items() if s in feature} == feature  # nobody redrawn
    assert set(state.tables[2].seats.values()) == set(feature.values()) | set(stay.values())
    assert state.clock.status == "paused" and state.clock.reason == "table_merge"


def test_breaking_a_table_seats_everyone_at_the_shortest_tables_and_redraws_buttons():
    """TDA 10B: broken-table players draw seats at random; V-III.i: 2+ newcomers redraw the button."""
    rng = random.Random(3)
    state, _ = tournament_with(24, 4)
    with_profile(state, redraw_button_when_new_players=2)
    deal_everywhere(state, rng)
    leaving = set(state.tables[4].seats.values())
    decision = ok(state, "break_table", {"table_no": 4}, seed=11)
    moves = decision.events[0].payload["moves"]
    assert {m["entry_id"] for m in moves} == leaving and state.tables[4].broken
    counts = sorted(len(state.tables[n].seats) for n in (1, 2, 3))
    assert counts == [8, 8, 8]
    assert all(state.tables[n].button is None for n in decision.events[0].payload["redraw_button"])
    assert run(state, director_cmd("break_table", {"table_no": 4})).error == "table_broken"


def test_every_table_command_refuses_a_broken_table_alike():
    """One check for "this table is in play, and it is this phone's": a broken table is not in play
    for any command (404 unknown_table, naming the table, which the phones word in German too), and
    a dealer's phone acts only at its own table."""
    state, _ = tournament_with(24, 4)
    deal_everywhere(state, random.Random(3))
    ok(state, "break_table", {"table_no": 4}, seed=11)
    dealer_4 = Actor("dealer", table_no=4)
    for type, payload in (
        ("set_button", {"table_no": 4, "seat": 1}),
        ("new_hand", {"table_no": 4}),
        ("chip_count", {"table_no": 4, "stacks": {"1": 1000}}),
        ("record_busts", {"table_no": 4, "busts": [{"entry_id": 1}]}),
    ):
        refused = run(state, Command(type, payload, dealer_4, now=1_800_000_000_000, at=None, seed=1))
        assert (refused.error, refused.kind, refused.field, refused.params) == (
            "unknown_table",
            "not_found",
            "table_no",
            {"table": 4},
        ), type
    dealer_1 = Actor("dealer", table_no=1)
    refused = run(state, Command("new_hand", {"table_no": 2}, dealer_1, now=1_800_000_000_000, at=None, seed=1))
    assert (refused.error, refused.kind, refused.params) == ("not_your_table", "forbidden", {"own_table": 1})


def test_move_player_refuses_bad_targets_and_names_the_field():
    state, _ = tournament_with(12, 2)
    deal_everywhere(state, random.Random(1))
    entry = state.entries[1]
    other = 2 if entry.table_no == 1 else 1
    taken = next(iter(state.tables[other].seats))
    for payload, field in (
        ({"entry_id": 1, "to_table": other, "to_seat": taken}, "to_seat"),
        ({"entry_id": 1, "to_table": other, "to_seat": 11}, "to_seat"),
        ({"entry_id": 1, "to_table": 9, "to_seat": 1}, "to_table"),
        ({"entry_id": 99, "to_table": other, "to_seat": 1}, "entry_id"),
    ):
        assert run(state, director_cmd("move_player", payload)).field == field
    run(state, director_cmd("record_bust", {"entry_id": 1}))
    free = next(s for s in range(1, 11) if s not in state.tables[other].seats)
    assert (
        run(state, director_cmd("move_player", {"entry_id": 1, "to_table": other, "to_seat": free})).field == "entry_id"
    )


def test_hand_for_hand_every_table_waits_for_the_others():
    """N-2.13 / V-V.b: the next hand starts only when all tables have finished theirs."""
    state, _ = tournament_with(20, 2)
    deal_everywhere(state, random.Random(2))
    ok(state, "start_hand_for_hand", {})
    dealer1 = Command("hand_done", {"table_no": 1}, Actor("dealer", 1), now=T0)
    assert run(state, dealer1).events
    assert run(state, Command("new_hand", {"table_no": 1}, Actor("dealer", 1), now=T0)).error == "hand_for_hand_wait"
    assert run(state, Command("hand_done", {"table_no": 2}, Actor("dealer", 1), now=T0)).kind == "forbidden"
    from backend.read.views import table_view

    # `dealt`: the tables whose hand of this round is running or over (the hands in play at the start)
    assert table_view(state, 2, 0)["hand_for_hand"] == {
        "active": True,
        "round": 1,
        "done": [1],
        "dealt": [1, 2],
        "tables": 2,
        "rule": "TDA 21",
    }
    run(state, Command("hand_done", {"table_no": 2}, Actor("dealer", 2), now=T0))
    assert state.hand_for_hand == {"active": True, "round": 2, "done": [], "dealt": []}
    assert run(state, Command("new_hand", {"table_no": 1}, Actor("dealer", 1), now=T0)).events
    assert state.hand_for_hand["dealt"] == [1]
    victim = next(iter(state.tables[1].seats.values()))
    bust = run(state, director_cmd("record_bust", {"entry_id": victim}))
    assert bust.events[0].payload["hand_for_hand_round"] == 2  # for TDA RP-8 ties


def test_suggestions_say_why_and_cite_the_rule():
    """N-2.11: the player who would post the next big blind at the fuller table moves."""
    state, _ = tournament_with(20, 2)
    deal_everywhere(state, random.Random(4))
    for entry_id in list(state.tables[2].seats.values())[:3]:
        run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    (move,) = [s for s in suggestions(state) if s["kind"] == "move"]
    source = state.tables[1]
    assert move["entry_id"] == source.seats[next_positions(source)["bb"]]
    assert move["rule"].startswith("N-2.11") and "big blind next" in move["text"]
    assert "3 more players than table 2" in move["text"]


def test_break_order_fixed_in_advance_is_followed():
    """TDA 11C / V-III.d: tables break in the announced order."""
    state, _ = tournament_with(30, 4)
    ok(state, "set_break_order", {"tables": [2, 4, 1, 3]})
    for entry_id in list(state.tables[1].seats.values())[:6]:
        run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    breaks = [s for s in suggestions(state) if s["kind"] == "break"]
    assert breaks and breaks[0]["table_no"] == 2
    assert run(state, director_cmd("set_break_order", {"tables": [2, 9]})).field == "tables"


def test_g_final_two_tables_of_eight_at_sixteen_then_the_final_eight_by_lot():
    """G-Final: from 16 players two tables of 8, then the final table of 8, seats by lot."""
    import json
    from pathlib import Path

    preset = json.loads((Path(__file__).resolve().parents[2] / "shared_rules/presets/g-tour.json").read_text())
    state, _ = tournament_with(0)
    state.preset = preset
    for i in range(24):
        run(state, director_cmd("register_player", {"name": f"G{i}", "id_checked": True}))
    run(state, director_cmd("draw_seats", {"tables": 3}))
    for n in (1, 2, 3):
        for entry_id in list(state.tables[n].seats.values())[:2]:
            run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    assert state.players_left == 18
    assert not [s for s in suggestions(state) if s["kind"] == "final_table"]
    for entry_id in [next(iter(state.tables[1].seats.values())), next(iter(state.tables[2].seats.values()))]:
        run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    (stage,) = [s for s in suggestions(state) if s["kind"] == "final_table"]
    assert stage["tables"] == 2 and stage["rule"] == "G-Final"
    ok(state, "form_final_table", {}, seed=4)
    assert sorted(len(t.seats) for t in active_tables(state)) == [8, 8]
    for entry_id in list(state.tables[1].seats.values())[:4] + list(state.tables[2].seats.values())[:4]:
        run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    ok(state, "form_final_table", {}, seed=5)
    (final,) = active_tables(state)
    assert len(final.seats) == 8 and final.button is None


def test_hand_for_hand_is_suggested_at_the_preset_trigger():
    """N-2.13: hand-for-hand with 11 players left; the money bubble where the preset says so."""
    import json
    from pathlib import Path

    presets = Path(__file__).resolve().parents[2] / "shared_rules/presets"
    state, _ = tournament_with(0)
    state.preset = json.loads((presets / "n-monday.json").read_text())
    for i in range(22):
        run(state, director_cmd("register_player", {"name": f"N{i}", "id_checked": True}))
    run(state, director_cmd("draw_seats", {"tables": 2}))
    kinds = lambda: [s["kind"] for s in suggestions(state)]
    for n in (1, 2):
        for entry_id in list(state.tables[n].seats.values())[:5]:
            run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    assert state.players_left == 12 and "hand_for_hand" not in kinds()
    run(state, director_cmd("record_bust", {"entry_id": next(iter(state.tables[1].seats.values()))}))
    assert state.players_left == 11 and "hand_for_hand" in kinds()
    ok(state, "start_hand_for_hand", {})
    assert "hand_for_hand" not in kinds()

    bubble, _ = tournament_with(0)
    bubble.preset = {
        **json.loads((presets / "n-monday.json").read_text()),
        "seating": {**state.seating, "hand_for_hand": {"trigger": "bubble", "players_left": None}},
    }
    for i in range(25):
        run(bubble, director_cmd("register_player", {"name": f"B{i}", "id_checked": True}))
    run(bubble, director_cmd("draw_seats", {"tables": 3}))
    paid = 5  # N-3.7: 21-30 players, five places paid
    while bubble.players_left > paid + 1:
        assert "hand_for_hand" not in [s["kind"] for s in suggestions(bubble)]
        victim = next(e for t in active_tables(bubble) for e in t.seats.values())
        run(bubble, director_cmd("record_bust", {"entry_id": victim}))
    assert "hand_for_hand" in [s["kind"] for s in suggestions(bubble)]


def test_g_sitzordnung_the_fuller_table_is_drawn_by_lot_among_equal_tables():
    """G-Sitzordnung: "Sind Umsetzungen aus gleichgroßbesetzten Tisch notwendig, entscheidet ...
    das Losverfahren" — which of several equally full tables gives up a player is drawn by lot
    (reproducibly, from the tournament's seq); N-2.11 and the others keep the lowest table number."""
    import json
    from pathlib import Path

    preset = json.loads((Path(__file__).resolve().parents[2] / "shared_rules/presets/g-tour.json").read_text())
    state, _ = tournament_with(0)
    state.preset = preset
    for i in range(28):
        run(state, director_cmd("register_player", {"name": f"G{i}", "id_checked": True}))
    run(state, director_cmd("draw_seats", {"tables": 4}))
    deal_everywhere(state, random.Random(3))
    for entry_id in list(state.tables[1].seats.values())[:3]:
        run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    assert sorted(len(t.seats) for t in active_tables(state)) == [4, 7, 7, 7]
    drawn = set()
    for _ in range(20):
        (move,) = [s for s in suggestions(state) if s["kind"] == "move"]
        assert move == next(s for s in suggestions(state) if s["kind"] == "move")  # the same lot for one seq
        assert move["to_table"] == 1 and move["lot_among"] == [2, 3, 4]
        assert "drawn by lot among tables 2, 3 and 4 (G-Sitzordnung)" in move["text"]
        drawn.add(move["from_table"])
        ok(state, "set_break_order", {"tables": [4, 3, 2, 1]})  # the next seq: a new lot
    assert drawn == {2, 3, 4}
    # Without the setting (N-2.11, TDA): the lowest table number, and no lot in the words.
    state.preset = {**preset, "seating": {**preset["seating"], "fuller_table_ties": "lowest_number"}}
    (move,) = [s for s in suggestions(state) if s["kind"] == "move"]
    assert move["from_table"] == 2 and "lot_among" not in move


def test_g_final_the_two_tables_of_eight_are_not_called_the_final_table():
    """G-Final: at 16 the last two tables are drawn ("die letzten 2 Tische"), at 8 the final table.
    The two tables draw for the button again, but their dealers must not read "the final table"."""
    import json
    from pathlib import Path

    preset = json.loads((Path(__file__).resolve().parents[2] / "shared_rules/presets/g-tour.json").read_text())
    state, _ = tournament_with(0)
    state.preset = preset
    for i in range(24):
        run(state, director_cmd("register_player", {"name": f"G{i}", "id_checked": True}))
    run(state, director_cmd("draw_seats", {"tables": 3}))
    for n in (1, 2, 3):
        for entry_id in list(state.tables[n].seats.values())[:3]:
            run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    ok(state, "form_final_table", {}, seed=4)
    tables = active_tables(state)
    assert len(tables) == 2 and {t.redraw for t in tables} == {"two_tables"}
    assert {m["reason"] for m in state.recent_moves[-15:]} == {"two_tables_formed"}
    rejected = run(
        state, Command("new_hand", {"table_no": tables[0].table_no}, Actor("dealer", tables[0].table_no), now=T0)
    )
    assert rejected.params["variant"] == "two_tables" and rejected.params["rule"] == "G-Final"
    import re

    root = Path(__file__).resolve().parents[2]
    for lang in ("en", "de"):  # the phone words it from the params, as the server does
        keys = dict(
            re.findall(r'^\s*"(refusal\.[\w.]+)": "(.*)",$', (root / f"pwa/src/i18n/{lang}.ts").read_text(), re.M)
        )
        worded = re.sub(r"\{(\w+)\}", lambda m: str(rejected.params[m.group(1)]), keys["refusal.no_button.two_tables"])
        assert worded == rejected.message if lang == "en" else "G-Final" in worded
    assert "one of the last two tables" in rejected.message
    for t in tables:
        for entry_id in list(t.seats.values())[:4]:
            run(state, director_cmd("record_bust", {"entry_id": entry_id}))
    ok(state, "form_final_table", {}, seed=5)
    (final,) = active_tables(state)
    assert final.redraw == "final_table" and state.recent_moves[-1]["reason"] == "final_table_formed"
