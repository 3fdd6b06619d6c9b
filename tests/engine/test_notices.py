"""Push notices (issue 17) read from the events, pure: who is told what (backend/read/notices.py)."""

from backend.engine import money
from backend.engine.balancing import active_tables
from backend.engine.payouts import shown
from backend.read.notices import notices, text_of, worth_telling
from test_floor_final_table import Floor


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
        # the route's cheap question agrees with the notices themselves (nothing is skipped)
        assert worth_telling(floor.state, events) == bool(notices(floor.state, events))
    fullest = max(active_tables(floor.state), key=lambda t: (len(t.seats), -t.table_no))
    found = [n for n in notices(floor.state, floor.bust_at(fullest.table_no).events) if n.kind == "in_the_money"]
    assert sorted(n.to[1] for n in found) == sorted(seated_ids(floor.state)) and len(found) == paid
    assert text_of(found[0], "de") == ("Du bist im Geld", f"Noch {paid} Spieler: jeder von ihnen gewinnt einen Preis.")
