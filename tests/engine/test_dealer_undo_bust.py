"""A dealer's Undo right after a bust: `undo_bust` from the dealer's phone, only for
his own table's latest bust, only while no hand has started there since, and only within
`DEALER_UNDO_MS` of the server's time the bust was decided (the command's `now`, never a clock
the engine reads). Everything else stays the director's, refused with a reason that
names its basis (engine/refusals.py). The undo itself is the director's: places, seat, replay
(N-1.15 — the places after his move back)."""

from backend.engine import Actor, Command, Rejection
from backend.engine.undo import DEALER_UNDO_MS
from engine_helpers import director_cmd, preset, seated

T0 = 1_800_000_000_000


def two_tables():
    """n-monday, table 1: entries 1–6, table 2: entries 7–12; a button at each table."""
    log = seated(preset("n-monday"), {1: [1, 2, 3, 4, 5, 6], 2: [7, 8, 9, 10, 11, 12]})
    for t in (1, 2):
        assert not isinstance(log.run(director_cmd("set_button", {"table_no": t, "seat": 1}, now=T0)), Rejection)
    return log


def dealer(log, table_no, type, payload, now, at=None):
    return log.run(Command(type, payload, Actor("dealer", table_no), now=now, at=at))


def applied(decision):
    assert not isinstance(decision, Rejection), decision
    return decision


def refused(log, decision, error, basis="procedure", kind="conflict"):
    assert isinstance(decision, Rejection), decision
    assert (decision.error, decision.kind, decision.basis, decision.field) == (error, kind, basis, "entry_id"), decision
    return decision


def undo(entry_id):
    return {"entry_id": entry_id, "reason": "Undone on the dealer's phone"}


def test_n_1_15_the_dealer_undoes_his_latest_bust_within_the_window_and_the_place_comes_back():
    log = two_tables()
    applied(dealer(log, 1, "record_bust", {"entry_id": 6}, now=T0 + 1000))
    assert log.state.entries[6].place == 12 and log.state.players_left == 11
    d = applied(dealer(log, 1, "undo_bust", undo(6), now=T0 + 1000 + DEALER_UNDO_MS))  # the last ms still counts
    e = log.state.entries[6]
    assert (e.status, e.place, e.table_no, e.seat) == ("active", None, 1, 6)
    assert log.state.players_left == 12 and log.state.tables[1].seats[6] == 6
    assert d.events[0].type == "bust_undone" and d.events[0].payload["was_place"] == 12
    # Undone once: the same bust cannot be undone again (he is in), and the log replays the same.
    refused(log, dealer(log, 1, "undo_bust", undo(6), now=T0 + 2000), "still_in")
    replayed = log.replayed()
    assert replayed.entries[6].status == "active" and replayed.players_left == 12
    assert replayed.last_bust == log.state.last_bust


def test_too_late_is_judged_on_the_server_time_of_the_bust_not_the_phone_time():
    log = two_tables()
    # Recorded offline on the phone 5 minutes earlier, decided by the server now: the window
    # starts when the server decided it, so a dealer can still take back what he just sent.
    applied(dealer(log, 1, "record_bust", {"entry_id": 6}, now=T0 + 300_000, at=T0))
    applied(dealer(log, 1, "undo_bust", undo(6), now=T0 + 300_000 + 5_000))
    applied(dealer(log, 1, "record_bust", {"entry_id": 5}, now=T0 + 400_000))
    r = refused(log, dealer(log, 1, "undo_bust", undo(5), now=T0 + 400_000 + DEALER_UNDO_MS + 1), "undo_too_late")
    assert r.params == {"name": "P5", "seconds": DEALER_UNDO_MS // 1000}
    assert log.state.entries[5].status == "busted"
    # The director may still undo it: no window for her.
    assert not isinstance(log.run(director_cmd("undo_bust", undo(5), now=T0 + 900_000)), Rejection)


def test_a_hand_started_at_his_table_since_the_bust_closes_the_dealers_undo():
    log = two_tables()
    applied(dealer(log, 1, "record_bust", {"entry_id": 6}, now=T0 + 1000))
    applied(dealer(log, 2, "new_hand", {"table_no": 2}, now=T0 + 2000))  # another table's hand: no matter
    applied(dealer(log, 1, "new_hand", {"table_no": 1}, now=T0 + 3000))
    r = refused(log, dealer(log, 1, "undo_bust", undo(6), now=T0 + 4000), "hand_since_bust")
    assert r.params == {"name": "P6", "table": 1} and "new hand" in r.message
    assert log.replayed().last_bust[1]["hand_since"] is True  # the same after a cold start


def test_only_the_latest_bust_at_his_table_and_only_at_his_own_table():
    log = two_tables()
    applied(dealer(log, 1, "record_bust", {"entry_id": 6}, now=T0 + 1000))
    applied(dealer(log, 1, "record_bust", {"entry_id": 5}, now=T0 + 2000))
    applied(dealer(log, 2, "record_bust", {"entry_id": 12}, now=T0 + 3000))
    refused(log, dealer(log, 1, "undo_bust", undo(6), now=T0 + 4000), "not_last_bust")
    r = refused(
        log, dealer(log, 1, "undo_bust", undo(12), now=T0 + 4000), "not_at_your_table", "permission", "forbidden"
    )
    assert r.params == {"name": "P12", "table": 2, "own_table": 1, "variant": "undo"}
    # His own table's latest one, yes; naming a seat at another table, no.
    bad = dealer(log, 1, "undo_bust", {**undo(5), "table_no": 2, "seat": 6}, now=T0 + 4000)
    assert (bad.error, bad.field, bad.basis) == ("not_your_table", "table_no", "permission")
    applied(dealer(log, 1, "undo_bust", undo(5), now=T0 + 4000))
    # After the undo the earlier bust has not become "the latest": the director's, not his.
    refused(log, dealer(log, 1, "undo_bust", undo(6), now=T0 + 5000), "not_last_bust")


def test_n_1_15_one_of_a_same_hand_group_and_then_the_other():
    log = two_tables()
    applied(
        dealer(
            log,
            1,
            "record_busts",
            {
                "table_no": 1,
                "busts": [{"entry_id": 5, "starting_stack": 1000}, {"entry_id": 6, "starting_stack": 2000}],
            },
            now=T0 + 1000,
        )
    )
    assert (log.state.entries[5].place, log.state.entries[6].place) == (12, 11)  # fewer chips: the worse place
    applied(dealer(log, 1, "undo_bust", undo(5), now=T0 + 2000))
    assert log.state.entries[6].place == 12  # the gap closes: he moves one place down
    applied(dealer(log, 1, "undo_bust", undo(6), now=T0 + 3000))
    assert log.state.players_left == 12


def test_a_bust_without_a_known_time_is_never_the_dealers_to_undo():
    log = two_tables()
    applied(dealer(log, 1, "record_bust", {"entry_id": 6}, now=T0 + 1000))
    log.state.last_bust[1]["decided_at"] = None  # (an old log's bust falls back to its recorded `at`)
    refused(log, dealer(log, 1, "undo_bust", undo(6), now=T0 + 2000), "undo_too_late")
