"""The bubble as the room lives it (N-3.2, N-3.7, N-2.9): the absent prepaid player is removed by the
app with the bust that reaches the bubble and the log says so; the bubble bursting, the money and
the final table are moments in the public view; the removed stack is counted at his table and leaves
the average stack."""

from backend.engine import Actor, Command, money
from backend.read.audit import describe_event
from backend.read.views import director_view, public_view, table_view
from engine_helpers import Log, no, ok, preset

T0 = 1_800_000_000_000


def monday_with_absent_abe(players=30):
    """n-monday, 30 players (5 paid, N-3.7 21-30), Abe prepaid and never here (N-3.2)."""
    log = Log(preset("n-monday"))
    ok(log, "register_player", {"name": "Abe Absent", "prepaid": True, "present": False})
    for i in range(2, players + 1):
        ok(log, "register_player", {"name": f"P{i}", "id_checked": True})
    ok(log, "draw_seats", {"tables": 3}, seed=11)
    ok(log, "start_clock", {}, now=T0)
    return log


def bust_down_to(log, left, start=0):
    """Busts the highest entry ids still in (never Abe) until `left` players are in."""
    n = start
    while log.state.players_left > left:
        e = max(e.entry_id for e in log.state.entries.values() if e.status == "active" and e.entry_id != 1)
        ok(log, "record_bust", {"entry_id": e}, at=T0 + 1000 + n, now=T0 + 1000 + n)
        n += 1
    return n


def names(state):
    return lambda i: state.entries[i].name if i in state.entries else "?"


def test_n_3_2_the_bust_that_reaches_the_bubble_removes_abe_and_the_log_says_it_was_automatic():
    log = monday_with_absent_abe()
    s = log.state
    assert money.paid_places(s) == 5
    bust_down_to(log, 7)
    assert public_view(s, T0)["moments"] == {"paid": 5, "bubble": None, "money": None, "final_table": None}
    abe_table, abe_seat = s.entries[1].table_no, s.entries[1].seat
    victim = max(e.entry_id for e in s.entries.values() if e.status == "active" and e.entry_id != 1)
    d = ok(log, "record_bust", {"entry_id": victim}, at=T0 + 5000, now=T0 + 5000)
    # 7 → 6 left, Abe among them: 6 ≤ 5 paid + 1 absent → he goes out 6th with this bust
    types = [e.type for e in d.events]
    assert types == ["player_busted", "absent_removed", "bubble_burst"], types
    removed = d.events[1].payload
    assert removed == {
        "entry_id": 1,
        "table_no": abe_table,
        "seat": abe_seat,
        "place": 6,
        "at": T0 + 5000,
        "reason": "N-3.2",
    }
    assert d.events[2].payload == {"at": T0 + 5000, "paid": 5, "players_left": 5, "reason": "N-3.7"}
    assert s.players_left == 5 and s.entries[1].place == 6 and s.entries[1].no_prize

    # The audit log, in both languages, with the rule id (N-3.2, N-3.7)
    en = describe_event("absent_removed", removed, "en", names(s))
    de = describe_event("absent_removed", removed, "de", names(s))
    assert en == "Abe Absent removed automatically at the bubble: not here, out 6th with no prize (N-3.2)"
    assert (
        de
        == "Abe Absent an der Bubble automatisch entfernt: nicht anwesend, als 6. ohne Preisgeld ausgeschieden (N-3.2)"
    )
    assert describe_event("bubble_burst", d.events[2].payload, "en", names(s)).endswith("wins a prize (N-3.7)")
    assert describe_event("bubble_burst", d.events[2].payload, "de", names(s)).startswith("Die Bubble ist geplatzt")

    # The moment on every screen (the public view goes to the TV and every phone)
    assert public_view(s, T0 + 6000)["moments"] == {"paid": 5, "bubble": None, "money": T0 + 5000, "final_table": None}
    # Replay gives the same moment and the same stack waiting for its count
    again = log.replayed()
    assert public_view(again, T0)["moments"] == public_view(s, T0)["moments"]
    assert again.uncounted_stacks == s.uncounted_stacks == {1: {"entry_id": 1, "table_no": abe_table, "seat": abe_seat}}


def test_n_3_2_abe_s_stack_is_counted_at_his_table_and_leaves_the_average_stack():
    log = monday_with_absent_abe()
    s = log.state
    bust_down_to(log, 6)  # the bust from 7 to 6 removed Abe: 5 left, 30 × 5,000 in play
    assert s.players_left == 5 and s.entries[1].status == "busted"
    assert public_view(s, T0)["average_stack"] == 150_000 // 5  # his chips still counted
    table_no = s.entries[1].table_no
    waiting = table_view(s, table_no, T0)["removed_stacks"]
    assert waiting == [
        {
            "entry_id": 1,
            "name": "Abe Absent",
            "table_no": table_no,
            "seat": s.entries[1].seat,
            "reason": "absent",
            "rule": "N-3.2",
        }
    ]
    assert director_view(s, T0)["removed_stacks"] == waiting
    assert director_view(s, T0)["chips"]["unknown_removals"] == 1

    # Another table's dealer cannot count it; his own can.
    other = next(n for n, t in s.tables.items() if n != table_no and not t.broken)
    refused = log.run(Command("count_removed_stack", {"entry_id": 1, "chips": 3150}, Actor("dealer", other), now=T0))
    assert refused.error == "not_at_your_table" and refused.params["variant"] == "stack"
    counted = log.run(Command("count_removed_stack", {"entry_id": 1, "chips": 3150}, Actor("dealer", table_no), now=T0))
    assert [e.type for e in counted.events] == ["removed_stack_counted"]
    assert public_view(s, T0)["average_stack"] == (150_000 - 3150) // 5
    assert table_view(s, table_no, T0)["removed_stacks"] == [] and director_view(s, T0)["removed_stacks"] == []
    assert director_view(s, T0)["chips"]["unknown_removals"] == 0
    assert log.replayed().chips == s.chips
    # Counted once: a second count is refused with the reason
    twice = no(log, "count_removed_stack", {"entry_id": 1, "chips": 3150})
    assert twice.error == "stack_not_waiting" and twice.basis == "procedure"


def test_n_3_7_the_bubble_is_a_moment_then_the_money_then_the_final_table_n_2_9():
    """Without absent players: 6 left is the bubble (5 paid), 5 the money; the final table formed at
    10 (N-2.9) is a moment of its own while one table plays."""
    log = Log(preset("n-monday"))
    for i in range(1, 31):
        ok(log, "register_player", {"name": f"P{i}", "id_checked": True})
    ok(log, "draw_seats", {"tables": 3}, seed=11)
    ok(log, "start_clock", {}, now=T0)
    s = log.state
    n = bust_down_to(log, 10)
    while [g for g in director_view(s, T0)["suggestions"] if g["kind"] in ("final_table", "break")]:
        kind = next(g for g in director_view(s, T0)["suggestions"] if g["kind"] in ("final_table", "break"))
        if kind["kind"] == "final_table":
            ok(log, "form_final_table", {}, now=T0 + 2000)
        else:
            ok(log, "break_table", {"table_no": kind["table_no"]}, now=T0 + 1900)
    assert public_view(s, T0)["moments"]["final_table"] == T0 + 2000
    bust_down_to(log, 6, n)
    m = public_view(s, T0)["moments"]
    assert m["bubble"] is not None and m["money"] is None and m["final_table"] == T0 + 2000
    d = ok(log, "record_bust", {"entry_id": max(e.entry_id for e in s.entries.values() if e.status == "active")})
    assert [e.type for e in d.events] == ["player_busted", "bubble_burst"]
    m = public_view(s, T0)["moments"]
    assert m["bubble"] is None and m["money"] is not None
    # Undoing the bust that burst it puts the room back on the bubble; the next bust bursts it again
    out = d.events[0].payload["entry_id"]
    ok(log, "undo_bust", {"entry_id": out, "reason": "wrong player"})
    assert public_view(s, T0)["moments"]["money"] is None and public_view(s, T0)["moments"]["bubble"] is not None
    again = ok(log, "record_bust", {"entry_id": out})
    assert [e.type for e in again.events] == ["player_busted", "bubble_burst"]


def test_a_player_leaving_or_disqualified_without_a_count_leaves_a_stack_to_count_v_vi_d():
    log = monday_with_absent_abe(24)
    s = log.state
    ok(log, "player_leaves", {"entry_id": 5, "reason": "left"})
    ok(log, "disqualify", {"entry_id": 6, "reason": "Collusion"})
    ok(log, "player_leaves", {"entry_id": 7, "reason": "left", "chips": 4000})  # counted as he left
    assert sorted(s.uncounted_stacks) == [5, 6]
    before = s.chips["in_play"]
    ok(log, "count_removed_stack", {"entry_id": 5, "chips": 5000})
    assert s.chips["in_play"] == before - 5000 and sorted(s.uncounted_stacks) == [6]
