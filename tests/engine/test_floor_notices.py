"""The floor's news for locked phones: told once, by the command that made it necessary
(backend/read/floor_notices.py)."""

from backend.engine.suggestions import suggestions
from backend.read.notices import notices, text_of
from test_floor_final_table import Floor


def kinds(found) -> list[tuple]:
    return [(n.to, n.kind) for n in found]


def test_n_2_11_the_bust_that_unbalances_the_tables_tells_the_director_and_holds_the_giving_table():
    """N-2.11 (balance_threshold 2): tables 3 apart are out of balance. The bust that makes the gap
    tells the director which tables, and the dealer of the table that gives a player holds his next
    hand; the bust after it, at the same short table, tells nobody again."""
    floor = Floor("n-monday", 30, 3)
    assert [len(t.seats) for t in floor.state.tables.values()] == [10, 10, 10]
    for _ in range(2):
        assert notices(floor.state, floor.bust_at(1).events) == []  # 8 against 10: within the limit
    found = notices(floor.state, floor.bust_at(1).events)  # 7 against 10
    (balance, hold) = found
    assert balance.to == ("director",) and balance.kind == "balance" and balance.urgent
    source = balance.params["from_table"]
    assert source in (2, 3) and balance.params == {"table": 1, "from_table": source, "diff": 3}
    # the giving table is the floor's own suggestion
    assert [s["from_table"] for s in suggestions(floor.state) if s["kind"] == "move"] == [source]
    assert (hold.to, hold.kind, hold.params) == (("table", source), "hold_for_move", {"table": 1})
    assert text_of(balance, "de") == (
        "Jetzt ausgleichen: Tisch 1 ist kurz",
        f"Tisch {source} hat 3 Spieler mehr: einen an Tisch 1 setzen.",
    )
    assert notices(floor.state, floor.bust_at(1).events) == []  # still short: nothing new


def test_v_iii_h_the_bust_that_leaves_a_table_two_short_halts_it_and_says_so_once():
    """V-III.h: play stops at a table two short of the fullest. Its dealer holds the next hand and
    the director hears that it waits (one notice, not a second "balance" for the same table)."""
    floor = Floor("v-ranking", 24, 3)
    assert [len(t.seats) for t in floor.state.tables.values()] == [8, 8, 8]
    assert not [
        n for n in notices(floor.state, floor.bust_at(1).events) if n.to != ("director",) or n.kind != "balance"
    ]
    found = notices(floor.state, floor.bust_at(1).events)  # 6 against 8
    assert kinds(found) == [(("table", 1), "halted"), (("director",), "table_halted")]
    assert found[0].params == {"table": 1, "short": 2, "rule": "V-III.h"}
    assert text_of(found[0], "en") == (
        "Stop play: hold the next hand",
        "Table 1 is 2 players short (V-III.h): wait until the floor brings players.",
    )
    assert not [n for n in notices(floor.state, floor.bust_at(1).events) if n.kind in ("halted", "table_halted")]


def test_tda_11c_the_bust_after_which_everyone_fits_at_one_table_fewer_says_break_a_table():
    """TDA 11C / S-#5: 23 on 3 tables of 11 seats; the bust to 22 (2 × 11) says break, once."""
    floor = Floor("n-monday", 23, 3)
    fullest = max(floor.state.tables.values(), key=lambda t: len(t.seats)).table_no
    found = [n for n in notices(floor.state, floor.bust_at(fullest).events) if n.kind == "break_table"]
    (told,) = found
    assert told.to == ("director",) and told.params["players"] == 22 and told.params["tables"] == 2
    assert told.params["table"] == 3  # no break order drawn: the highest table, as the suggestion
    fullest = max(floor.state.tables.values(), key=lambda t: len(t.seats)).table_no
    assert not [n for n in notices(floor.state, floor.bust_at(fullest).events) if n.kind == "break_table"]


def test_a_complete_chip_count_that_does_not_add_up_tells_the_director():
    """The chip check: once every table is counted, a difference beyond the tolerance is an alarm;
    a recount that adds up tells nobody."""
    floor = Floor("n-monday", 20, 2)
    per = floor.state.chips["in_play"] // 20
    stacks = {n: {str(s): per for s in t.seats} for n, t in floor.state.tables.items()}
    dealer = floor.dealer
    assert notices(floor.state, floor.ok("chip_count", {"table_no": 1, "stacks": stacks[1]}, dealer(1)).events) == []
    short = dict(stacks[2])
    first = min(short)
    short[first] = per - 5000
    (alarm,) = notices(floor.state, floor.ok("chip_count", {"table_no": 2, "stacks": short}, dealer(2)).events)
    assert alarm.to == ("director",) and alarm.kind == "chip_alarm"
    assert text_of(alarm, "en")[0] == "Chip count off by -5,000"
    assert text_of(alarm, "de")[0] == "Chipzählung weicht um -5'000 ab"  # Basel: as the Swiss screens write it
    assert notices(floor.state, floor.ok("chip_count", {"table_no": 2, "stacks": stacks[2]}, dealer(2)).events) == []
