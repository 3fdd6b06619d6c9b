"""Registration: players enter before the seat draw, or later where the preset has late seats."""
from __future__ import annotations

import random

from .balancing import active_tables, forbidden_seats
from .deadlines import is_open
from .model import Command, Decision, Entry, Event, Rejection, TournamentState


def decide_register(state: TournamentState, cmd: Command) -> Decision | Rejection:
    name = " ".join(str(cmd.payload.get("name", "")).split())
    if not name:
        return Rejection("name_required", "A player needs a name.", "name", "invalid")
    if name.casefold() in state.names:
        return Rejection("duplicate_name", f"{name} is already registered.", "name")
    entry_id = len(state.entries) + 1
    registered = {"entry_id": entry_id, "name": name}
    if cmd.payload.get("accessible"):
        registered["accessible"] = True
    # N-3.2: a prepaid player keeps a reserved seat; one not yet here is blinded off until he comes.
    if cmd.payload.get("prepaid"):
        registered["prepaid"] = True
    if cmd.payload.get("present") is False:
        registered["present"] = False
    if state.status in ("new", "registering"):
        return Decision([Event("player_registered", registered)], {"entry_id": entry_id})
    late = state.preset.get("format", {}).get("late_seat")
    if state.status == "finished" or not is_open(state, (late or {}).get("until"), cmd.now):
        return Rejection("registration_closed",
                         "Seats are already drawn and this tournament has no open late seats.", "name")
    seat = late_seat(state, random.Random(cmd.seed))
    if seat is None:
        return Rejection("no_free_seat", "There is no free seat for a late entry.", "name")
    registered.update(table_no=seat[0], seat=seat[1])
    return Decision([Event("player_registered", registered)],
                    {"entry_id": entry_id, "table_no": seat[0], "seat": seat[1]})


def late_seat(state: TournamentState, rng: random.Random):
    """TDA 8A/10A: a late entry draws a seat at random at the table with the fewest players,
    never between the button and the small blind (nor in the SB where the preset says so, S-#5)."""
    open_tables = [t for t in active_tables(state) if len(t.seats) < t.max_seats]
    if not open_tables:
        return None
    fewest = min(len(t.seats) for t in open_tables)
    table = rng.choice(sorted((t for t in open_tables if len(t.seats) == fewest), key=lambda t: t.table_no))
    free = [s for s in range(1, table.max_seats + 1) if s not in table.seats]
    allowed = [s for s in free if s not in forbidden_seats(table, state.seating)] or free
    return table.table_no, rng.choice(allowed)


def apply_registered(state: TournamentState, event: Event) -> None:
    from . import money
    from .entries import forget_count
    from .places import shift_out_places
    p = event.payload
    entry = Entry(p["entry_id"], p["name"], accessible=p.get("accessible", False),
                  prepaid=p.get("prepaid", False), present=p.get("present", True))
    state.entries[p["entry_id"]] = entry
    state.names.add(p["name"].casefold())
    state.players_left += 1
    if not entry.present:
        state.absent.add(entry.entry_id)
    fmt = state.format
    state.money["buy_ins"] += 1
    state.chips["in_play"] += state.start_stack
    money.add_money(state, "buy_in", entry.entry_id, fmt.get("buy_in", 0), fmt.get("fee", 0), state.start_stack)
    if "table_no" in p:  # a late entry, seated at once; everyone already out finishes one place lower
        entry.table_no, entry.seat = p["table_no"], p["seat"]
        state.tables[p["table_no"]].seats[p["seat"]] = entry.entry_id
        forget_count(state, p["table_no"])
        money.refresh(state, shift_out_places(state, 1))
        money.refresh_table(state)
    elif state.status == "new":
        state.status = "registering"
