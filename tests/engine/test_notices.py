"""Push notices (issue 17) read from the events, pure: who is told what (backend/read/notices.py)."""

from backend.engine import money
from backend.engine.balancing import active_tables
from backend.engine.payouts import shown
from backend.read.notices import notices, text_of
from engine_helpers import Log, ok, preset
from test_floor_final_table import T0, Floor


def seated_ids(state) -> set[int]:
    return {e for t in active_tables(state) for e in t.seats.values()}


def test_n_2_13_n_2_9_hand_for_hand_holds_every_table_and_the_final_table_gives_each_his_seat():
    """N-2.13: at 11 players every dealer holds the next hand and every player hears of the bubble;
    N-2.9: the final table at 10 (a redraw) tells each player whose seat changed where to sit, and
    the dealer of the table that closes."""
    floor = Floor("n-monday", 22, 2)
    floor.bust_to(11)
    found = notices(floor.state, floor.ok("start_hand_for_hand", {}).events)
    assert sorted(n.to for n in found if n.kind == "hold_hand") == [("table", 1), ("table", 2)]
    told = [n.to[1] for n in found if n.kind == "hand_for_hand"]
    assert sorted(told) == sorted(seated_ids(floor.state)) and len(told) == 11
    assert all(n.urgent for n in found if n.kind == "hold_hand")

    floor.bust_to(10)
    before = {e: (floor.state.entries[e].table_no, floor.state.entries[e].seat) for e in seated_ids(floor.state)}
    found = notices(floor.state, floor.ok("form_final_table", {}).events)
    (final,) = active_tables(floor.state)
    seats = [n for n in found if n.kind == "final_table"]
    moved = {e for e, place in before.items() if place != (final.table_no, floor.state.entries[e].seat)}
    assert {n.to[1] for n in seats} == moved and moved
    for n in seats:
        entry = floor.state.entries[n.to[1]]
        assert (n.params["table"], n.params["seat"]) == (entry.table_no, entry.seat) and n.urgent
        assert text_of(n, "de")[0] == f"Finaltisch: Tisch {entry.table_no}, Platz {entry.seat}"
    assert [n.to for n in found if n.kind == "table_closing"] == [("table", 3 - final.table_no)]


def test_n_3_7_a_bust_in_the_money_tells_the_player_his_prize_and_the_director_to_pay_out():
    """N-3.7: a place in the money has a prize to collect; out of the money a bust is news to nobody."""
    floor = Floor("n-monday", 22, 2)
    assert notices(floor.state, floor.bust_at(1).events) == []
    while not floor.state.due:
        fullest = max(active_tables(floor.state), key=lambda t: (len(t.seats), -t.table_no))
        decision = floor.bust_at(fullest.table_no)
    (out,) = floor.state.due
    entry = floor.state.entries[out]
    prize = shown(money.prize(floor.state, entry))
    found = notices(floor.state, decision.events)
    assert [(n.to, n.kind) for n in found] == [(("player", out), "prize"), (("director",), "pay_out")]
    currency = floor.state.preset["format"]["currency"]
    assert text_of(found[0], "en")[0] == f"{entry.place}. place: {prize} {currency}"
    assert text_of(found[1], "de") == (f"Auszahlen: {entry.name}", f"{entry.place}. Platz, {prize} {currency}.")


def test_n_3_7_the_bust_that_bursts_the_bubble_tells_everyone_left_they_are_in_the_money():
    """N-3.7: the bust
    that leaves exactly the paid places tells each of them, in his language; the busts before it
    tell nobody."""
    floor = Floor("n-monday", 22, 2)
    paid = money.paid_places(floor.state)
    assert paid > 0
    while floor.state.players_left > paid + 1:
        fullest = max(active_tables(floor.state), key=lambda t: (len(t.seats), -t.table_no))
        events = floor.bust_at(fullest.table_no).events
        assert not [n for n in notices(floor.state, events) if n.kind == "in_the_money"]
    fullest = max(active_tables(floor.state), key=lambda t: (len(t.seats), -t.table_no))
    found = [n for n in notices(floor.state, floor.bust_at(fullest.table_no).events) if n.kind == "in_the_money"]
    assert sorted(n.to[1] for n in found) == sorted(seated_ids(floor.state)) and len(found) == paid
    assert text_of(found[0], "de") == ("Du bist im Geld", f"Noch {paid} Spieler: jeder von ihnen gewinnt einen Preis.")


def test_n_3_7_the_winner_hears_of_his_prize_and_the_director_to_pay_it():
    """N-3.7: the last bust makes the winner; his prize is the largest to pay out."""
    floor = Floor("n-monday", 12, 2)
    floor.bust_to(2)
    fullest = max(active_tables(floor.state), key=lambda t: (len(t.seats), -t.table_no))
    found = notices(floor.state, floor.bust_at(fullest.table_no).events)
    winner = floor.state.winner
    assert winner is not None
    prizes = {n.to: n for n in found if n.kind == "prize"}
    assert ("player", winner) in prizes and prizes[("player", winner)].params["place"] == 1
    pay = [n for n in found if n.kind == "pay_out" and n.params["place"] == 1]
    assert pay and pay[0].params["name"] == floor.state.entries[winner].name


def test_n_3_2_an_absent_player_removed_at_the_bubble_counts_towards_it():
    """N-3.2: two out in one hand from 8 take the absent player out with them (he finishes 7th, the
    bubble): the 5 left are in the money and hear of it; the 6th place's prize is to be paid."""
    log = Log(preset("n-monday"))
    ok(log, "register_player", {"name": "Absent Abe", "prepaid": True, "present": False})
    for i in range(2, 45):
        ok(log, "register_player", {"name": f"P{i}", "id_checked": True})
    ok(log, "draw_seats", {"tables": 4}, seed=11)
    table = next(t for t in log.state.tables.values() if sum(1 for e in t.seats.values() if e != 1) >= 2)
    x, y = sorted(e for e in table.seats.values() if e != 1)[:2]
    stay = [e for e in range(2, 45) if e not in (x, y)][:5]
    for n, e in enumerate(e for e in range(44, 1, -1) if e not in (x, y, *stay)):
        ok(log, "record_bust", {"entry_id": e}, at=T0 + n, now=T0 + n)
    busts = [{"entry_id": x, "starting_stack": 1000}, {"entry_id": y, "starting_stack": 3000}]
    hand = ok(log, "record_busts", {"table_no": table.table_no, "busts": busts}, at=T0 + 100, now=T0 + 100)
    found = notices(log.state, hand.events)
    assert sorted(n.to[1] for n in found if n.kind == "in_the_money") == sorted(stay)
    assert [n.to for n in found if n.kind == "prize"] == [("player", y)]  # 6th: 275 CHF
