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

from backend.engine import Actor, Command
from backend.engine.balancing import active_tables
from backend.engine.model import Decision
from backend.engine.suggestions import suggestions
from engine_helpers import Log, preset

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
        self.data = preset(preset_id)
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
    replayed = night.log.replayed()
    assert json.dumps(
        replayed.entries and {k: vars(v) for k, v in replayed.entries.items()}, default=str
    ) == json.dumps({k: vars(v) for k, v in state.entries.items()}, default=str)
