"""What a command's events tell a phone whose screen may be off (Web Push).

Worked out in the command's transaction from the events and the state they left (the service
calls `notices` next to `changed_views`), pure: no database, no clock. Most commands tell nobody
anything: a bust only with a prize to collect or when it bursts the bubble. Each notice names its audience as a view key — ('player', entry_id),
('table', n) or ('director',) — so the sender finds the subscriptions of the tokens that see that
view. The texts are short and say what to do; the phone's language picks de or en.

The notice itself and its words are in notice.py; the floor's news (a table halted, out of
balance, to break, a chip count that does not add up) in floor_notices.py.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import money
from ..engine.balancing import active_tables
from ..engine.model import Event, TournamentState
from ..engine.payouts import shown
from .floor_notices import floor_notices
from .locale_format import region_of
from .notice import URGENT_TTL, Notice, text_of

__all__ = ["Notice", "in_region", "notices", "refused", "text_of"]


def _moves(kind: str, moves: list[dict]) -> list[Notice]:
    return [
        Notice(
            ("player", m["entry_id"]),
            kind,
            {"table": m["to_table"], "seat": m["to_seat"], "from_table": m["from_table"]},
            urgent=True,
        )
        for m in moves
        if (m["to_table"], m["to_seat"]) != (m["from_table"], m["from_seat"])
    ]


def _prizes(state: TournamentState, entry_ids: list[int]) -> list[Notice]:
    """A player out in the money: his place and prize, and the director's "pay out"."""
    found: list[Notice] = []
    currency = state.preset.get("format", {}).get("currency", "")
    for entry_id in entry_ids:
        entry = state.entries.get(entry_id)
        if entry is None or entry_id not in state.due:  # only a prize still to be paid
            continue
        params = {"place": entry.place, "prize": shown(money.prize(state, entry)), "currency": currency}
        found.append(Notice(("player", entry_id), "prize", params, urgent=True))
        found.append(Notice(("director",), "pay_out", {**params, "name": entry.name}, urgent=True))
    return found


def notices(state: TournamentState, events: list[Event]) -> list[Notice]:
    """The notices of one command's events, in the state they left."""
    region = region_of(state.preset.get("format"))  # given at once to those told to everyone seated
    found: list[Notice] = floor_notices(state, events)
    for event in events:
        p = event.payload
        if event.type == "player_moved":
            found += _moves("moved", [p])
        elif event.type == "table_broken":
            found += _moves("table_breaking", p["moves"])
            found.append(Notice(("table", p["table_no"]), "table_closing", {"table": p["table_no"]}, urgent=True))
        elif event.type == "final_table_formed":
            # G-Final forms two tables of 8 first: a new seat, not yet the final table
            kind = "final_table" if len(p.get("tables", ())) <= 1 else "redrawn"
            found += _moves(kind, p["moves"]) + _stays(state, f"{kind}_stay", p)
            found += [Notice(("table", n), "table_closing", {"table": n}, urgent=True) for n in p.get("broken", ())]
        elif event.type == "hand_for_hand_started":
            found += [Notice(("table", t.table_no), "hold_hand", {}, urgent=True) for t in active_tables(state)]
            found += [Notice(("player", entry_id), "hand_for_hand", region=region) for entry_id in seated(state)]
        elif event.type == "player_registered" and "from_waiting" in p:
            found.append(_moved_up(state, p))
        elif event.type == "announced":
            # once per announcement (a replayed command is answered from its receipt, not decided
            # again): every player still in, whose phone turned push on (the sender looks them up)
            found += _announcement(state, p)
        elif event.type == "tournament_won":
            found += _prizes(state, [p["entry_id"]])  # the winner's prize, the largest to pay out
        elif event.type in BUSTS:
            out = _bust_ids(event)
            found += _prizes(state, out)
            # N-3.2: absent players taken out with the bust count towards the bubble too
            if bubble_burst(state, len(out) + len(p.get("absent_out", ()))):
                found += [
                    Notice(("player", entry_id), "in_the_money", {"players": state.players_left}, region=region)
                    for entry_id in sorted(seated(state))
                ]
    return in_region(state, found)


def _announcement(state: TournamentState, p: dict) -> list[Notice]:
    """The director's announcement as a push to every player still in; kept by the push service
    no longer than it runs (a phone offline until after the dinner break is not told about it)."""
    params = {"template": p.get("template"), "text": p.get("text"), "minutes": p["params"].get("minutes")}
    keep = max(60, min(URGENT_TTL, (p["until"] - p["at"]) // 1000))
    return [
        Notice(("player", e.entry_id), "announcement", params, keep_s=keep)
        for e in state.entries.values()
        if e.status == "active"
    ]


MOVED_UP_KEEP_S = 6 * 3600  # a place kept for him matters all afternoon, not only 15 minutes


def _moved_up(state: TournamentState, p: dict) -> Notice:
    """He moved up from the waiting list (N-3.3): as a reservation he checks in and pays (N-3.1),
    with his ID where the preset checks it (N-3.4); at the desk (present) his place is confirmed."""
    if p.get("present", True):
        kind = "moved_up_here"
    elif state.format.get("id_check") and not p.get("id_checked"):
        kind = "moved_up_id"
    else:
        kind = "moved_up"
    return Notice(("player", p["entry_id"]), kind, {}, urgent=True, keep_s=MOVED_UP_KEEP_S)


def in_region(state: TournamentState, found: list[Notice]) -> list[Notice]:
    """The notices with the preset's region: German writes 1'502 CHF in Switzerland, 1.502 € in
    Germany, as the screens do (read/locale_format.py). Only those made without it are made anew
    (a frozen copy costs microseconds, and hand-for-hand tells every seated player)."""
    region = region_of(state.preset.get("format"))
    return [n if n.region == region else replace(n, region=region) for n in found]


def _stays(state: TournamentState, kind: str, p: dict) -> list[Notice]:
    """The players who keep their seat at a table the procedure keeps (V-IV's feature table, or a
    redraw that gave a player the seat he had): told that they stay, and where."""
    moved = {m["entry_id"] for m in p["moves"] if (m["to_table"], m["to_seat"]) != (m["from_table"], m["from_seat"])}
    found = []
    for table_no in p.get("tables", [p["table_no"]]):
        table = state.tables.get(table_no)
        for seat, entry_id in sorted(table.seats.items()) if table is not None else ():
            if entry_id not in moved:
                found.append(Notice(("player", entry_id), kind, {"table": table_no, "seat": seat}, urgent=True))
    return found


BUSTS = ("player_busted", "players_busted")


def _bust_ids(event: Event) -> list[int]:
    p = event.payload
    return [p["entry_id"]] if event.type == "player_busted" else [b["entry_id"] for b in p["busts"]]


def seated(state: TournamentState) -> list[int]:
    return [entry_id for t in active_tables(state) for entry_id in t.seats.values()]


def bubble_burst(state: TournamentState, busted: int) -> bool:
    """This command's `busted` players out left exactly the paid places or fewer: the bubble burst
    (N-3.7's table says how many are paid)."""
    paid = money.paid_places(state)
    return paid > 0 and state.players_left <= paid < state.players_left + busted


def refused(actor: str, message: str) -> Notice:
    """A dealer's refused command, for the directors' "To review" list."""
    return Notice(("director",), "review", {"actor": actor, "message": message})
