"""The audit log says what happened with what the director typed or chose, in German and English:
the events come from the engine (decide and apply), the lines from read/audit.py."""

import re

from backend.read.audit import describe_command, describe_event
from backend.words import AUDIT
from engine_helpers import Log, director_cmd, preset

T0 = 1_800_000_000_000


def run(log, type, payload, **kw):
    decision = log.run(director_cmd(type, payload, **kw))
    assert hasattr(decision, "events"), decision
    return decision


def lines(log, lang, types=None):
    """(type, line) of every event in the log, as the audit endpoint writes them."""
    state = log.state

    def name_of(entry_id):
        entry = state.entries.get(entry_id)
        return entry.name if entry else f"#{entry_id}"

    return [
        (e.type, describe_event(e.type, e.payload, lang, name_of, state.preset))
        for e in log.events
        if types is None or e.type in types
    ]


def one(log, lang, type):
    found = [text for t, text in lines(log, lang) if t == type]
    assert found, type
    return found[-1]


def test_the_typed_reasons_of_an_undo_and_a_penalty_and_the_penalty_in_words():
    """The undo's reason is required "for the record" and a penalty's reason is typed (N-2.23):
    both are in the line; the penalty's kind and length are words, never `missed_hand`."""
    log = Log(preset("v-ranking"))
    for i in range(1, 13):
        run(log, "register_player", {"name": f"Spieler {i:02d}", "id_checked": True})
    run(log, "draw_seats", {"tables": 2})
    one_table = sorted(log.state.tables[1].seats.values())
    run(log, "set_button", {"table_no": 1, "seat": 1})
    run(log, "new_hand", {"table_no": 1})
    run(log, "penalize", {"entry_id": one_table[0], "kind": "missed_hand", "orbits": 1, "reason": "Handy am Tisch"})
    run(log, "penalize", {"entry_id": one_table[1], "kind": "warning", "reason": "Karten gezeigt"})
    run(log, "lift_penalty", {"entry_id": one_table[0]})
    run(log, "record_bust", {"entry_id": one_table[2]}, now=T0)
    run(log, "undo_bust", {"entry_id": one_table[2], "reason": "falscher Sitz getippt"}, now=T0 + 1000)
    a, b, c = (log.state.entries[e].name for e in one_table[:3])
    seat = log.state.entries[one_table[2]].seat

    assert [t for t, _ in lines(log, "en", {"player_penalized"})] == ["player_penalized"] * 2
    (missed, warned) = [text for _, text in lines(log, "de", {"player_penalized"})]
    assert missed == f"{a}: Handstrafe, 1 Runde (6 Hände) — Grund: Handy am Tisch"
    assert warned == f"{b}: Verwarnung — Grund: Karten gezeigt"
    (missed, warned) = [text for _, text in lines(log, "en", {"player_penalized"})]
    assert missed == f"{a}: missed-hand penalty, 1 orbit (6 hands) — reason: Handy am Tisch"
    assert warned == f"{b}: warning — reason: Karten gezeigt"
    assert one(log, "de", "penalty_lifted") == f"{a}: Handstrafe aufgehoben"
    assert one(log, "de", "bust_undone") == (
        f"{c} wieder im Spiel (Ausscheiden zurückgenommen): Tisch 1, Sitz {seat} (war 12.) — Grund: falscher Sitz getippt"
    )
    assert one(log, "en", "bust_undone").endswith("(was 12th) — reason: falscher Sitz getippt")
    alone = {"entry_id": 1, "kind": "missed_hand", "orbits": 1, "hands": 1, "reason": ""}  # the last one at his table
    assert describe_event("player_penalized", alone, "de", lambda i: "Anna") == "Anna: Handstrafe, 1 Runde (1 Hand)"
    # A refused command in the review list says what was typed too.
    name_of = lambda i: "Anna"
    assert describe_command("penalize", {"kind": "time", "reason": "zu laut"}, "de", name_of) == (
        "Zeitstrafe für Anna — Grund: zu laut"
    )
    assert describe_command("undo_bust", {"reason": "wrong seat"}, "en", name_of) == (
        "undo the bust of Anna — reason: wrong seat"
    )


def test_n_3_2_the_automatic_removal_at_the_bubble_names_the_player_his_seat_place_and_the_rule():
    """N-3.2: a prepaid player who never came is taken out with the bust that reaches the bubble.
    The bust's line says so: who, where he sat, his place, no prize and the rule (a dealer's bust
    that removes a second player is the log's only trace of it)."""
    log = Log(preset("n-monday"))
    run(log, "register_player", {"name": "Abe Absent", "prepaid": True, "present": False})
    for i in range(2, 45):
        run(log, "register_player", {"name": f"P{i}", "id_checked": True})
    run(log, "draw_seats", {"tables": 4}, seed=11)
    abe = log.state.entries[1]
    for n, e in enumerate(range(44, 8, -1)):
        run(log, "record_bust", {"entry_id": e}, at=T0 + n, now=T0 + n)
    run(log, "record_bust", {"entry_id": 8}, at=T0 + 100, now=T0 + 100)
    assert log.state.entries[1].place == 7
    de = one(log, "de", "player_busted")
    assert de.endswith(
        f"P8 ausgeschieden, 8.; nicht erschienen, an der Bubble entfernt (N-3.2): "
        f"Abe Absent (Tisch {abe.table_no}, Sitz {abe.seat}), 7., kein Preisgeld"
    ), de
    en = one(log, "en", "player_busted")
    assert en.endswith(
        f"P8 busted, 8th; not here, removed at the bubble (N-3.2): "
        f"Abe Absent (table {abe.table_no}, seat {abe.seat}), 7th, no prize"
    ), en
    assert lines(log, "de", {"player_registered"})[0][1] == "Abe Absent angemeldet (vorausbezahlt, noch nicht da)"


def test_every_choice_reads_as_words_and_numbers_as_the_region_writes_them():
    """No line shows a raw code (`no_show`, `table_merge`, `director`): the leave reasons, the
    pause reasons, a move's reason, the changed settings and flags, the clock's minutes, the break
    order and a count's total, in Swiss numbers on a Swiss night."""
    log = Log(preset("n-monday"))
    for i in range(1, 25):
        run(log, "register_player", {"name": f"P{i}", "id_checked": True})
    run(log, "set_registration_flags", {"entry_id": 3, "prepaid": True})
    run(log, "edit_settings", {"buy_in": 100, "start_stack": 6000})
    run(log, "draw_seats", {"tables": 3}, seed=11)
    run(log, "start_clock", {}, now=T0)
    run(log, "pause_clock", {"reason": "table_merge"}, now=T0 + 1000)
    run(log, "resume_clock", {}, now=T0 + 2000)
    run(log, "adjust_clock", {"seconds": -90}, now=T0 + 3000)
    run(log, "adjust_clock", {"seconds": 120}, now=T0 + 4000)
    run(log, "set_break_order", {"tables": [3, 1, 2]})
    run(log, "player_leaves", {"entry_id": 24, "reason": "left", "chips": 3200})
    run(log, "player_leaves", {"entry_id": 23, "reason": "no_show"})
    table = log.state.tables[1]
    run(log, "chip_count", {"table_no": 1, "stacks": {str(s): 6000 for s in table.seats}})
    mover = next(iter(log.state.tables[2].seats.values()))
    free = next(s for s in range(1, 12) if s not in log.state.tables[3].seats)
    run(log, "move_player", {"entry_id": mover, "to_table": 3, "to_seat": free, "reason": "balancing"})
    counted = f"{len(table.seats) * 6}'000"

    de = dict(lines(log, "de", {"registration_flags_set", "settings_edited", "clock_paused", "break_order_set"}))
    assert de == {
        "registration_flags_set": "P3: Anmeldung geändert (vorausbezahlt: ja)",
        "settings_edited": "Einstellungen geändert: Buy-in 125 → 100, Startstack 5'000 → 6'000",
        "clock_paused": "Uhr angehalten: die Tische werden zusammengelegt",
        "break_order_set": "Reihenfolge der Tischauflösung festgelegt: 3, 1, 2",
    }
    assert [text for _, text in lines(log, "de", {"clock_adjusted"})] == [
        "Uhr: 1:30 vom Level abgezogen",
        "Uhr: 2:00 zum Level dazugegeben",
    ]
    assert [text for _, text in lines(log, "de", {"player_left"})] == [
        "P24 endgültig ausgeschieden (gegangen), 24.; 3'200 Chips aus dem Spiel",
        "P23 endgültig ausgeschieden (nicht erschienen, kein Preisgeld, N-3.2), 23.",
    ]
    assert one(log, "de", "chips_counted") == f"Tisch 1: Chips gezählt, {counted} insgesamt"
    assert one(log, "de", "player_moved").endswith(f"an Tisch 3, Sitz {free} gesetzt (Tischausgleich)")
    assert one(log, "en", "player_moved").endswith(f"to table 3, seat {free} (balancing)")
    assert one(log, "en", "settings_edited") == "Settings changed: buy-in 125 → 100, starting stack 5,000 → 6,000"
    assert one(log, "en", "player_left") == "P23 out for good (did not come, no prize, N-3.2), 23rd"
    for lang in ("de", "en"):
        for type, text in lines(log, lang):
            assert not re.search(r"[a-z]+_[a-z]+|\bNone\b|\?", text), (lang, type, text)


def test_the_audit_words_have_the_same_choices_in_both_languages():
    def shape(table):
        return {k: shape(v) if isinstance(v, dict) else None for k, v in table.items()}

    assert shape(AUDIT["en"]) == shape(AUDIT["de"])
