"""A whole night under every preset, played by a director who follows every suggestion the app
makes: dealers bust players at random tables, the director applies each balancing
move, table break, final-table and hand-for-hand suggestion at once and pays every prize as it
falls due. The night must finish clean: no suggestion refused, nobody merged onto one table before
the preset's final-table size (N-2.9, V-IV, G-Final, S-#2, P-Satellite), hand-for-hand over once
the final table is formed, every table within its size, places 1..N, prizes adding up to the
pool, and the log replaying to the same state.

Pure engine, a few seeds per preset: fast enough for every run of `make test`.
"""

import json
import math
import random

import pytest

from backend.engine import Actor, Command, money
from backend.engine.balancing import active_tables
from backend.engine.model import Decision
from backend.engine.suggestions import suggestions
from backend.legal_profiles import expand
from engine_helpers import LEGAL_DIR, Log, preset

T0 = 1_800_000_000_000
NIGHTS = {  # preset: (players, tables)
    "n-monday": (44, 4),
    "n-series-final": (40, 4),
    "v-ranking": (18, 2),
    "g-tour": (24, 3),
    "s-trophy": (33, 3),
    "p-qualifier": (10, 1),
    "p-final": (10, 1),
    "generic": (30, 3),
}
APPLY = {  # a suggestion kind → the one command that applies it (as the director's phone does)
    "move": lambda s: (
        "move_player",
        {"entry_id": s["entry_id"], "to_table": s["to_table"], "to_seat": s["to_seat"], "reason": "balancing"},
    ),
    "break": lambda s: ("break_table", {"table_no": s["table_no"]}),
    "final_table": lambda s: ("form_final_table", {}),
    "hand_for_hand": lambda s: ("start_hand_for_hand", {}),
    "remove_absent": lambda s: ("player_leaves", {"entry_id": s["entry_id"], "reason": s["reason"]}),
}

DIRECTOR = Actor("director")


class Night:
    def __init__(self, preset_id: str, seed: int):
        # As the service creates it: the preset's legal profile expanded into its limits (the Swiss
        # nights under VGS Art. 39, the German ones fee-only), so each night keeps to the law too.
        self.data = expand(preset(preset_id), LEGAL_DIR)
        self.log = Log(self.data, name=f"{preset_id} night")
        self.rng = random.Random(seed)
        self.now = T0
        self.seed = seed

    @property
    def state(self):
        return self.log.state

    def send(self, type, payload, actor=DIRECTOR):
        self.now += 1_000
        self.seed += 1
        decision = self.log.run(Command(type, payload, actor, now=self.now, at=self.now, seed=self.seed))
        assert isinstance(decision, Decision), f"{type} {payload} refused: {decision}"
        return decision

    def dealer(self, table_no):
        return Actor("dealer", table_no)

    def deal_everywhere(self):
        """Each table's dealer: the button by high card where none is set, then the next hand.
        During hand-for-hand every table reports its hand done first (N-2.13, V-V.b)."""
        hfh = self.state.hand_for_hand
        for table in active_tables(self.state):
            if hfh["active"] and table.table_no not in hfh.get("done", []):
                self.send("hand_done", {"table_no": table.table_no}, self.dealer(table.table_no))
        for table in active_tables(self.state):
            if table.button is None:
                self.send(
                    "set_button", {"table_no": table.table_no, "seat": min(table.seats)}, self.dealer(table.table_no)
                )
            self.send("new_hand", {"table_no": table.table_no}, self.dealer(table.table_no))

    def follow_suggestions(self):
        for _ in range(50):
            todo = [s for s in suggestions(self.state, self.now) if s["kind"] in APPLY]
            if not todo:
                return
            s = todo[0]
            before = len(active_tables(self.state))
            self.send(*APPLY[s["kind"]](s))
            after = len(active_tables(self.state))
            if before > 1 and after == 1:
                final = self.data["seating"]["final_table"]["size"]
                assert self.state.players_left <= final, (
                    f"{s['kind']} merged {self.state.players_left} players onto one table before the final "
                    f"table of {final}: {s['text']}"
                )
            if s["kind"] == "final_table" and after == 1:
                assert not self.state.hand_for_hand["active"], "hand-for-hand ends with the final table"
        raise AssertionError("suggestions kept coming")

    def pay_what_is_due(self):
        for entry_id in sorted(self.state.due):
            self.send("confirm_payout", {"entry_id": entry_id})

    def check_floor(self):
        seen = set()
        for table in active_tables(self.state):
            assert len(table.seats) <= table.max_seats
            assert not seen & set(table.seats.values()), "nobody sits twice"
            seen |= set(table.seats.values())
        assert len(seen) == self.state.players_left


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("preset_id", sorted(NIGHTS))
def test_a_night_following_every_suggestion_finishes_clean(preset_id, seed):
    players, tables = NIGHTS[preset_id]
    night = Night(preset_id, seed * 1_000)
    for i in range(1, players + 1):
        night.send("register_player", {"name": f"Player {i:02d}", "id_checked": True, "prepaid": True})
    per_table = night.state.max_per_table
    night.send("draw_seats", {"tables": max(tables, math.ceil(players / per_table))})
    night.send("start_clock", {})
    while night.state.status != "finished":
        night.deal_everywhere()
        alive = sorted(e for t in active_tables(night.state) for e in t.seats.values())
        victim = night.rng.choice(alive)
        table_no = night.state.entries[victim].table_no
        night.send("record_bust", {"entry_id": victim}, night.dealer(table_no))
        night.follow_suggestions()
        night.pay_what_is_due()
        night.check_floor()
    state = night.state
    places = sorted(e.place for e in state.entries.values())
    assert places == list(range(1, players + 1))
    assert not state.due and not state.corrections
    assert (state.preset.get("legal") or {}).get("id") == preset(preset_id).get("legal")  # it ran under its profile
    replayed = night.log.replayed()
    assert json.dumps(
        replayed.entries and {k: vars(v) for k, v in replayed.entries.items()}, default=str
    ) == json.dumps({k: vars(v) for k, v in state.entries.items()}, default=str)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_v_ranking_night_where_hands_end_with_side_pots_won_by_other_players(seed):
    """V-VII.r, V-V.a: every other bust is a hand with two players out, each to his own winner (a
    main pot and a side pot). Each HH chip goes where its pot went, the chips add up all night, and
    the two are placed by their stacks at the start of the hand."""
    night = Night("v-ranking", seed * 7_000)
    for i in range(1, 19):
        night.send("register_player", {"name": f"Player {i:02d}", "id_checked": True})
    night.send("draw_seats", {"tables": 2})
    night.send("start_clock", {})
    expected = dict.fromkeys(night.state.entries, 1)
    double = False
    while night.state.status != "finished":
        night.deal_everywhere()
        tables = [t for t in active_tables(night.state) if len(t.seats) >= 4]
        double = not double
        if double and tables and night.state.players_left > 3:
            table = night.rng.choice(tables)
            b, d, a, c = night.rng.sample(sorted(table.seats.values()), 4)
            stacks = night.rng.sample(range(1_000, 20_000, 500), 2)
            night.send(
                "record_busts",
                {
                    "table_no": table.table_no,
                    "busts": [
                        {"entry_id": b, "starting_stack": stacks[0], "eliminated_by": a},
                        {"entry_id": d, "starting_stack": stacks[1], "eliminated_by": c},
                    ],
                },
                night.dealer(table.table_no),
            )
            for victim, winner in ((b, a), (d, c)):
                moved = min(1, expected[victim])
                expected[victim] -= moved
                expected[winner] += moved
            worse, better = (b, d) if stacks[0] < stacks[1] else (d, b)
            assert night.state.entries[worse].place == night.state.entries[better].place + 1  # V-V.a
        else:
            alive = sorted(e for t in active_tables(night.state) for e in t.seats.values())
            victim = night.rng.choice(alive)
            table_no = night.state.entries[victim].table_no
            winner = next(e for e in night.state.tables[table_no].seats.values() if e != victim)
            night.send("record_bust", {"entry_id": victim, "eliminated_by": winner}, night.dealer(table_no))
            moved = min(1, expected[victim])
            expected[victim] -= moved
            expected[winner] += moved
        assert night.state.hh == expected
        night.follow_suggestions()
        night.check_floor()
    assert sum(night.state.hh.values()) == 18
    assert sorted(e.place for e in night.state.entries.values()) == list(range(1, 19))
    assert night.log.replayed().hh == night.state.hh


@pytest.mark.parametrize("seed", [1, 2])
def test_a_monday_night_where_the_waiting_player_moved_up_never_arrives(seed):
    """N-3.6, N-3.4, N-3.2, N-3.7: an unpaid no-show loses his seat at the close; the waiting player
    moved up in his place, whose ID nobody saw, never checks in: he is no buy-in, gives his place up
    at the draw, is never blinded off; the prepaid no-show is removed at the bubble, 7th of 43 (six
    paid for 31-44 players), with the bust that leaves six players in, and the pool pays 43 buy-ins."""
    night = Night("n-monday", seed * 11_000)
    for i in range(1, 43):
        night.send("register_player", {"name": f"Player {i:02d}", "id_checked": True})
    night.send("register_player", {"name": "Prepaid Absent", "present": False, "prepaid": True})
    night.send("register_player", {"name": "Unpaid Absent", "present": False})
    night.send("import_players", {"rows": [{"line": 2, "name": "Waiting Never"}]})
    night.send("close_check_in", {})
    drawn = night.send("draw_seats", {"tables": 4})
    assert drawn.result["released"] == [{"entry_id": 45, "name": "Waiting Never"}]
    state = night.state
    assert state.players_left == 43 and state.money["buy_ins"] == 43 and state.absent == {43}
    night.send("start_clock", {})
    while state.status != "finished":
        night.deal_everywhere()
        alive = sorted(e for t in active_tables(state) for e in t.seats.values() if e not in state.absent)
        victim = night.rng.choice(alive)
        left_before = state.players_left
        decision = night.send("record_bust", {"entry_id": victim}, night.dealer(state.entries[victim].table_no))
        if "absent_out" in decision.result:
            assert left_before == 8 and decision.result["absent_out"] == [{"entry_id": 43, "place": 7}]
        night.follow_suggestions()
        night.pay_what_is_due()
        night.check_floor()
    assert state.entries[43].place == 7 and state.entries[43].no_prize
    assert state.entries[45].status == "released" and state.entries[45].table_no is None
    placed = sorted(e.place for e in state.entries.values() if e.status != "released")
    assert placed == list(range(1, 44))
    assert sum(money.prize(state, e) for e in state.entries.values()) == 43 * 125
