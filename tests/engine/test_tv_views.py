"""The TV's data ("The TV tells the room"): the winner screen's places and prizes in the
public view, the display view's ticker of moves (display room only), the seating list by name.
Everything bounded: the public view goes to every phone after every bust."""

import json

from backend.engine import Event
from backend.read.changes import changed_views
from backend.read.views import (
    DISPLAY_MOVES,
    RESULTS_SHOWN,
    display_view,
    name_key,
    public_view,
    seating_by_name,
)
from engine_helpers import director_cmd, ok, preset, run, seated, tournament_with

T0 = 1_800_000_000_000


def test_the_winner_screen_gets_the_paid_places_best_first_with_names_and_prizes_only_at_the_end():
    log = seated(
        preset("n-monday"),
        {1: list(range(1, 9)), 2: list(range(9, 17))},
        names={16: "Anna", 15: "Bärbel", 14: "Céline", 13: "Dieter"},
    )
    for i in range(1, 15):
        ok(log, "record_bust", {"entry_id": i}, now=T0 + i * 1000)
    assert public_view(log.state, T0)["results"] == []  # two left: no winner screen yet
    ok(log, "record_bust", {"entry_id": 15}, now=T0 + 20_000)
    pub = public_view(log.state, T0)
    rows = pub["results"]
    assert [(r["place"], r["name"]) for r in rows] == [(1, "Anna"), (2, "Bärbel"), (3, "Céline"), (4, "Dieter")]
    # n-monday pays four places (N-3.8): the rows are the payouts' amounts, and add up to the pool
    assert [r["prize"] for r in rows] == [p["amount"] for p in pub["payouts"]]
    assert sum(r["prize"] for r in rows) == pub["prize_pool"]
    assert pub["winner"] == {"entry_id": 16, "name": "Anna"}
    # replayed from the log, the same screen (nothing computed from the clock or chance)
    assert public_view(log.replayed(), T0)["results"] == rows


def test_the_winner_screen_is_capped_when_many_places_are_paid():
    paying = preset("generic")
    paying["format"] = {**paying["format"], "buy_in": 50}
    log = seated(paying, {n: list(range(n * 10 - 9, n * 10 + 1)) for n in range(1, 10)})
    paid = len(public_view(log.state, T0)["payouts"])
    assert paid == 12 > RESULTS_SHOWN  # 90 players: the preset pays 12 places, the TV lists 10
    for entry_id in range(1, 90):
        ok(log, "record_bust", {"entry_id": entry_id}, now=T0 + entry_id)
    state = log.state
    rows = public_view(state, T0)["results"]
    assert state.status == "finished"
    assert [r["place"] for r in rows] == list(range(1, RESULTS_SHOWN + 1))
    assert rows[0]["entry_id"] == 90 and all(r["prize"] > 0 for r in rows)


def test_the_display_view_keeps_the_last_moves_newest_first_and_stays_small():
    log = seated(
        preset("n-monday"), {1: [1, 2, 3, 4, 5, 6], 2: [7, 8, 9], 3: [10, 11, 12, 13, 14, 15]}, names={1: "Anna"}
    )
    ok(log, "move_player", {"entry_id": 1, "to_table": 2, "to_seat": 5}, now=T0 + 1)
    view = display_view(log.state, T0 + 2)
    assert view["kind"] == "display" and view["seated"] == 15 and view["tables"] == 3
    assert view["moves"][0] == {
        "entry_id": 1,
        "name": "Anna",
        "from_table": 1,
        "from_seat": 1,
        "to_table": 2,
        "to_seat": 5,
        "reason": "director",
        "at": T0 + 1,
    }
    ok(log, "break_table", {"table_no": 3}, now=T0 + 3)
    view = display_view(log.state, T0 + 4)
    # the break's six moves come first (newest), all from table 3, then Anna's
    assert [m["from_table"] for m in view["moves"][:6]] == [3] * 6
    assert {m["reason"] for m in view["moves"][:6]} == {"table_broken"} and view["moves"][6]["name"] == "Anna"
    for i in range(12):  # more moves than the TV shows
        entry = log.state.tables[2].seats.get(1) or next(iter(log.state.tables[2].seats.values()))
        free = next(s for s in range(1, 11) if s not in log.state.tables[1].seats)
        ok(log, "move_player", {"entry_id": entry, "to_table": 1, "to_seat": free}, now=T0 + 10 + i)
        entry = next(iter(log.state.tables[1].seats.values()))
        free = next(s for s in range(1, 11) if s not in log.state.tables[2].seats)
        ok(log, "move_player", {"entry_id": entry, "to_table": 2, "to_seat": free}, now=T0 + 30 + i)
    view = display_view(log.state, T0)
    assert len(view["moves"]) == DISPLAY_MOVES and view["moves"][0]["at"] == T0 + 41
    assert len(json.dumps(view)) < 2_500


def test_only_seating_events_push_the_display_view_and_a_move_does_not_push_the_public_view():
    log = seated(preset("n-monday"), {1: [1, 2, 3, 4], 2: [5, 6, 7, 8]})
    moved = ok(log, "move_player", {"entry_id": 1, "to_table": 2, "to_seat": 9})
    changed = changed_views(log.state, moved.events)
    assert ("display",) in changed and ("public",) not in changed  # 10,000 phones need no push for a move
    assert ("display",) in changed_views(log.state, ok(log, "record_bust", {"entry_id": 2}).events)
    assert ("display",) not in changed_views(log.state, ok(log, "start_clock", {}).events)
    ok(log, "set_button", {"table_no": 1, "seat": 3})
    assert ("display",) not in changed_views(log.state, ok(log, "new_hand", {"table_no": 1}).events)
    started = changed_views(log.state, [Event("hand_for_hand_started", {"at": T0})])
    assert ("public",) in started and ("display",) not in started  # the banner rides the public view


def test_names_sort_as_on_a_wall_list_umlauts_with_their_letter_and_case_folded():
    names = [
        "Zoë",
        "Özil",
        "Oskar",
        "anton",
        "Ärger",
        "Anna",
        "Weiß",
        "Weiss",
        "Wein",
        "Émile",
        "Eva",
        "élodie",
        "O'Brien",
        "  Obama",
    ]
    assert sorted(names, key=name_key) == [
        "Anna",
        "anton",
        "Ärger",
        "élodie",
        "Émile",
        "Eva",
        "  Obama",
        "O'Brien",
        "Oskar",
        "Özil",
        "Wein",
        "Weiss",
        "Weiß",
        "Zoë",
    ]


def test_the_seating_list_has_everyone_seated_by_name_and_nobody_out_or_at_a_broken_table():
    names = {1: "Zora", 2: "Ärne", 3: "bodo", 4: "Anna", 5: "Ömer", 6: "Carl"}
    log = seated(preset("n-monday"), {1: [1, 2, 3], 2: [4, 5, 6]}, names=names)
    ok(log, "record_bust", {"entry_id": 3})
    rows = seating_by_name(log.state)
    assert [r["name"] for r in rows] == ["Anna", "Ärne", "Carl", "Ömer", "Zora"]
    assert rows[1] == {"name": "Ärne", "listed_as": "Ärne", "table_no": 1, "seat": 2, "entry_id": 2}


def test_the_seating_list_sorts_by_family_name_and_writes_it_first():
    """Wall lists are read by family name (DIN 5007): "Anna Weiß" under W, written "Weiß, Anna"."""
    names = {1: "Anna Weiß", 2: "Jonas Krähen", 3: "Zoë Ärger", 4: "Bob", 5: "Ludwig van Beethoven", 6: "Weber, Anna"}
    log = seated(preset("n-monday"), {1: [1, 2, 3], 2: [4, 5, 6]}, names=names)
    rows = seating_by_name(log.state)
    assert [r["listed_as"] for r in rows] == [
        "Ärger, Zoë",
        "Beethoven, Ludwig van",
        "Bob",
        "Krähen, Jonas",
        "Weber, Anna",
        "Weiß, Anna",
    ]


def test_the_public_view_stays_small_at_ten_thousand_players():
    state, _ = tournament_with(players=10_000, tables=1000)
    run(state, director_cmd("start_clock", {}))
    run(state, director_cmd("move_player", {"entry_id": 1, "to_table": 2, "to_seat": 10}))
    assert len(json.dumps(public_view(state, T0))) < 4_096
    assert len(json.dumps(display_view(state, T0))) < 2_500  # the TV's own view: moves, no names list
