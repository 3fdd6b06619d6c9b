"""Push notices read from the events, pure: who is told what (backend/read/notices.py)."""

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
        assert text_of(n, "de")[0] == f"Finaltisch: Tisch {entry.table_no}, Sitz {entry.seat}"
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


def test_n_3_7_a_swiss_prize_is_written_as_the_swiss_screens_write_it():
    """N-3.7 at 44 players: the winner's prize passes a thousand. The preset's region (CH) writes
    the German notice as the screens do (1'870 CHF, not 1.870 CHF); English keeps 1,870 CHF, and a
    German preset of region DE writes 1.870 € (pwa/src/i18n/format.ts)."""
    floor = Floor("n-monday", 44, 4)
    floor.bust_to(2)
    fullest = max(active_tables(floor.state), key=lambda t: (len(t.seats), -t.table_no))
    found = notices(floor.state, floor.bust_at(fullest.table_no).events)
    winner = floor.state.winner
    prize = shown(money.prize(floor.state, floor.state.entries[winner]))
    assert isinstance(prize, int) and prize >= 1000
    mine = next(n for n in found if n.kind == "prize" and n.to == ("player", winner))
    assert text_of(mine, "de")[0] == f"1. Platz: {prize:,} CHF".replace(",", "'")
    assert text_of(mine, "en")[0] == f"1. place: {prize:,} CHF"
    data = preset("n-monday")
    data["format"] = {**data["format"], "currency": "EUR", "region": "DE"}
    german = Floor("n-monday", 44, 4, data=data)
    german.bust_to(2)
    fullest = max(active_tables(german.state), key=lambda t: (len(t.seats), -t.table_no))
    found = notices(german.state, german.bust_at(fullest.table_no).events)
    pay = next(n for n in found if n.kind == "pay_out" and n.params["place"] == 1)
    assert text_of(pay, "de")[1] == "1. Platz, " + f"{prize:,}".replace(",", ".") + " €."


def test_a_swiss_chip_count_that_does_not_add_up_is_written_with_swiss_separators():
    """The chip check's alarm in a Swiss tournament: +1'500, as the director's screen writes it."""
    from backend.read.notice import Notice

    alarm = Notice(("director",), "chip_alarm", {"difference": 1500, "counted": 221500, "in_play": 220000}, region="CH")
    assert text_of(alarm, "de") == (
        "Chipzählung weicht um +1'500 ab",
        "Gezählt 221'500, im Spiel 220'000: Tische nachzählen.",
    )
    assert text_of(alarm, "en")[0] == "Chip count off by +1,500"


def test_v_iv_the_feature_tables_players_hear_that_they_keep_their_seats():
    """V-IV: the final table is the feature table whose players stay; the others fill its free
    seats. Each player at the final table is told where he sits: those who move where to go, those
    who stay that they stay, at which seat."""
    floor = Floor("v-ranking", 18, 2)
    floor.bust_to(8)
    before = {e: (floor.state.entries[e].table_no, floor.state.entries[e].seat) for e in seated_ids(floor.state)}
    found = notices(floor.state, floor.ok("form_final_table", {}).events)
    (final,) = active_tables(floor.state)
    stays = {n.to[1]: n for n in found if n.kind == "final_table_stay"}
    moves = {n.to[1]: n for n in found if n.kind == "final_table"}
    assert set(stays) == {e for e, (table, _) in before.items() if table == final.table_no} and stays
    assert set(moves) == {e for e, (table, _) in before.items() if table != final.table_no} and moves
    for entry_id, n in stays.items():
        seat = floor.state.entries[entry_id].seat
        assert (n.params["table"], n.params["seat"]) == (final.table_no, seat) == before[entry_id] and n.urgent
        assert text_of(n, "de")[0] == f"Finaltisch: du bleibst an Tisch {final.table_no}, Sitz {seat}"
        assert text_of(n, "en")[0] == f"Final table: you stay at table {final.table_no}, seat {seat}"


def test_n_2_9_a_redraw_tells_everyone_at_the_final_table_his_seat_once():
    """N-2.9: the final table is drawn anew; whoever draws the seat he had is told he stays."""
    stayed = 0
    for players in (22, 23, 24, 30):
        floor = Floor("n-monday", players, -(-players // 11))
        floor.bust_to(10)
        found = notices(floor.state, floor.ok("form_final_table", {}).events)
        told = sorted(n.to[1] for n in found if n.kind in ("final_table", "final_table_stay"))
        assert told == sorted(seated_ids(floor.state))
        stayed += sum(1 for n in found if n.kind == "final_table_stay")
        for n in found:
            if n.kind in ("final_table", "final_table_stay"):
                entry = floor.state.entries[n.to[1]]
                assert (n.params["table"], n.params["seat"]) == (entry.table_no, entry.seat)
    assert stayed  # these draws leave someone in his seat


def test_german_notices_say_sitz_for_a_seat_and_platz_only_for_a_place():
    """As the screens (pwa/src/i18n/terminology.test.ts): a seat is a Sitz, a finishing place a
    Platz; a locked phone must not call table 3's seat 4 a place."""
    import re

    from backend.read.notice import TEXTS

    platz = re.compile(r"(^|[^A-Za-zÄÖÜäöüß])(Platz|Plätze)")
    for kind, (title, body) in TEXTS["de"].items():
        text = f"{title} {body}"
        english = " ".join(TEXTS["en"][kind])
        if "{seat}" in text or re.search(r"\bseats?\b", english):
            assert "Sitz" in text and not platz.search(text), (kind, text)
        if "{place}" in text:
            assert "Sitz" not in text, (kind, text)
