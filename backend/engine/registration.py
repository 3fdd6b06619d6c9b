"""Registration: players enter before the seat draw, or later where the preset has late seats."""

from __future__ import annotations

import random
from dataclasses import dataclass, field as dc_field
from typing import Any

from marshmallow import fields, validate

from . import money
from .balancing import active_tables, forbidden_seats
from .catalog import DIRECTOR, applies, command
from .chips import forget_count
from .deadlines import is_open
from .model import Command, Decision, Entry, Event, Rejection, TournamentState, name_fold
from .payload import ID, NAME, StrictSchema, Text, not_blank
from .places import shift_out_places
from .refusals import named

FLAGS = ("accessible", "prepaid", "id_checked")
OPEN = ("new", "registering")  # before the seat draw


def seat_limit(state: TournamentState) -> int | None:
    """The seats the room has (N-3.12: at most 4 tables of 11, P-Satellite: one table); None: no limit."""
    tables = state.seating.get("max_tables")
    return int(tables) * state.max_per_table if tables else None


def capacity(state: TournamentState) -> int | None:
    """The most entries the field takes (N-3.5): the director's setting, else the preset's, and
    never more than the room seats (N-3.12); None: no limit."""
    setting = state.capacity_max if state.capacity_max is not None else (state.format.get("capacity") or {}).get("max")
    limits = [int(x) for x in (setting, seat_limit(state)) if x]
    return min(limits) if limits else None


def field_size(state: TournamentState) -> int:
    """Entries in the field: every entry but those who lost their seat at the check-in deadline
    or whose registration was taken back before the draw."""
    return len(state.entries) - len(state.released)


@dataclass
class Desk:
    """What one command has registered so far: a typed registration is a batch of one, an import
    a batch of many; both go through `admit`, so duplicates and capacity are decided in one place."""

    field: int
    next_entry: int
    waiting: int
    next_wait: int
    names: set = dc_field(default_factory=set)

    @classmethod
    def of(cls, state: TournamentState) -> Desk:
        return cls(field_size(state), len(state.entries) + 1, len(state.waiting), state.next_wait_id)


def clean_name(raw: object) -> str:
    return " ".join(str(raw or "").split())


def id_required(state: TournamentState) -> bool:
    """ID / age 18+ must be seen before a player plays (N-3.4, P-Teilnahme)."""
    return bool(state.format.get("id_check"))


def walk_in_without_id(state: TournamentState, name: str, fields: dict, present: bool) -> Rejection | None:
    """N-3.4, P-Teilnahme: a walk-in is checked in as he registers, so his ID is checked then (a
    reservation shows it at check-in)."""
    if present and id_required(state) and not fields.get("id_checked"):
        return Rejection(
            "id_not_checked",
            f"Check {name}'s ID (age 18+) before registering him as here{state.cite('id_check')}.",
            "id_checked",
            params={"name": name, "variant": "walk_in"},
        )
    return None


def duplicate(state: TournamentState, desk: Desk | None, name: str) -> Rejection | None:
    key = name_fold(name)
    if key in state.waiting_names:
        return Rejection(
            "duplicate_name",
            f"{name} is already on the waiting list.",
            "name",
            params={"name": name, "waiting": True, "variant": "waiting"},
        )
    if key in state.names or (desk is not None and key in desk.names):
        return Rejection(
            "duplicate_name",
            f"{name} is already registered.",
            "name",
            params={"name": name, "waiting": False, "variant": "registered"},
        )
    return None


def admit(state: TournamentState, desk: Desk, fields: dict, present: bool = True) -> tuple[Event, dict] | Rejection:
    """(event, result) for one registration before the draw, or a Rejection: into the field while
    it has room, else onto the waiting list, first come first served (N-3.3, N-3.5)."""
    name = clean_name(fields.get("name"))
    if not name:
        return Rejection("name_required", "A player needs a name.", "name", "invalid", params={})
    problem = duplicate(state, desk, name) or walk_in_without_id(state, name, fields, fields.get("present", present))
    if problem:
        return problem
    registered = {"name": name, **{f: True for f in FLAGS if fields.get(f)}}
    # N-3.2: a reserved player not here yet is marked absent until he checks in.
    if not fields.get("present", present):
        if state.check_in_closed_at is not None and not fields.get("prepaid"):
            # He could never check in: only a prepaid reservation keeps a seat after the deadline.
            return Rejection(
                "check_in_closed",
                f"Check-in is closed{state.cite('check_in')}: register only "
                "players who are here, or mark the reservation prepaid.",
                "present",
            )
        registered["present"] = False
    desk.names.add(name_fold(name))
    limit = capacity(state)
    if limit is not None and desk.field >= limit:
        desk.waiting += 1
        registered["wait_id"] = desk.next_wait
        desk.next_wait += 1
        return Event("player_waitlisted", registered), {"waiting": desk.waiting, "wait_id": registered["wait_id"]}
    registered["entry_id"] = desk.next_entry
    desk.next_entry += 1
    desk.field += 1
    return Event("player_registered", registered), {"entry_id": registered["entry_id"]}


class RegisterPlayerPayload(StrictSchema):
    name = Text(required=True, validate=[NAME, not_blank])
    accessible = fields.Boolean(load_default=False)
    prepaid = fields.Boolean(load_default=False)  # N-3.2: paid in advance, the seat is kept
    present = fields.Boolean(load_default=True)  # False: reserved, not here yet (blinded off)
    id_checked = fields.Boolean(load_default=False)  # N-3.4, P-Teilnahme: ID / age 18+ seen at the desk
    # V-VII.r: headhunter chips this person brings from earlier tournament days (the service passes them in).
    hh_carried = fields.Integer(
        load_default=0,
        strict=True,
        validate=validate.Range(
            min=0, max=10**6, error="Must be a whole number of headhunter chips, 0 or more (V-VII.r)."
        ),
    )
    # The person this entry is (leagues): the API links it after the command; the engine ignores it.
    person_id = fields.Integer(strict=True, allow_none=True, validate=ID)


@command(
    "register_player",
    payload=RegisterPlayerPayload,
    roles=DIRECTOR,
    emits=("player_registered", "player_waitlisted"),
    effects=("link_person", "carry_headhunter_chips", "legal_day"),
)
def decide_register(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if state.status in OPEN:
        admitted = admit(state, Desk.of(state), cmd.payload)
        if isinstance(admitted, Rejection):
            return admitted
        return Decision([admitted[0]], admitted[1])
    name = clean_name(cmd.payload.get("name"))
    if not name:
        return Rejection("name_required", "A player needs a name.", "name", "invalid", params={})
    problem = duplicate(state, None, name)
    if problem:
        return problem
    late = state.preset.get("format", {}).get("late_seat")
    if state.status == "finished" or not is_open(state, (late or {}).get("until"), cmd.now):
        return late_seats_closed(state, late)
    limit = capacity(state)
    if limit is not None and field_size(state) >= limit:
        return Rejection(
            "field_full",
            f"The field is full ({limit} players{state.cite('capacity')}).",
            "name",
            params={"limit": limit, "cite": state.cite("capacity")},
        )
    problem = walk_in_without_id(state, name, cmd.payload, cmd.payload.get("present") is not False)
    if problem:
        return problem
    seat = late_seat(state, random.Random(cmd.seed))
    if seat is None:
        return Rejection("no_free_seat", "There is no free seat for a late entry.", "name", params={})
    entry_id = len(state.entries) + 1
    registered = {"entry_id": entry_id, "name": name, **{f: True for f in FLAGS if cmd.payload.get(f)}}
    if cmd.payload.get("present") is False:
        registered["present"] = False
    registered.update(table_no=seat[0], seat=seat[1])
    result: dict[str, Any] = {"entry_id": entry_id, "table_no": seat[0], "seat": seat[1]}
    if (late or {}).get("posts") == "big_blind":  # P-Spielverlauf: he owes the big blind in his first hand
        registered["posts"] = result["posts"] = "big_blind"
    return Decision([Event("player_registered", registered)], result)


MAX_IMPORT = 2000


class ImportRow(StrictSchema):
    line = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=10**6))
    name = Text(required=True, validate=NAME)
    accessible = fields.Boolean(load_default=False)
    prepaid = fields.Boolean(load_default=False)
    id_checked = fields.Boolean(load_default=False)
    present = fields.Boolean(load_default=False)  # imported: registered in advance, checks in later


class ImportPlayersPayload(StrictSchema):
    rows = fields.List(fields.Nested(ImportRow), required=True, validate=validate.Length(min=1, max=2000))


@command(
    "import_players",
    payload=ImportPlayersPayload,
    roles=DIRECTOR,
    emits=("player_registered", "player_waitlisted"),
    effects=("link_imported",),
)
def decide_import(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """A list of registrations (a CSV file, parsed at the edge) as one batch: each row is decided
    like a typed registration; the good ones land together in one command, the others are reported."""
    if state.status not in OPEN:
        return Rejection(
            "registration_closed", "Import players before the seat draw.", "rows", params={"variant": "import"}
        )
    rows = cmd.payload.get("rows")
    if not isinstance(rows, list) or not rows or len(rows) > MAX_IMPORT:
        return Rejection("invalid_rows", f"Send 1 to {MAX_IMPORT} rows.", "rows", "invalid")
    desk, events = Desk.of(state), []
    report: dict = {"imported": [], "waiting": [], "rejected": []}
    for row in rows:
        line = row.get("line")
        # Imported players registered in advance: they are marked absent until they check in (N-3.2).
        admitted = admit(state, desk, row, present=False)
        if isinstance(admitted, Rejection):
            admitted = named(state, "register_player", admitted)  # each line names its rule (N-3.4, N-3.6)
            report["rejected"].append(
                {
                    "line": line,
                    "name": clean_name(row.get("name")),
                    "error": admitted.error,
                    "reason": admitted.message,
                    "field": admitted.field,
                    "rule": admitted.rule,
                    **({"params": admitted.params} if admitted.params is not None else {}),
                }
            )
            continue
        event, result = admitted
        events.append(event)
        key = "waiting" if "waiting" in result else "imported"
        report[key].append({"line": line, "name": event.payload["name"], **result})
    return Decision(events, report)


def late_seat(state: TournamentState, rng: random.Random) -> tuple[int, int] | None:
    """TDA 8A/10A: a late entry draws a seat at random at the table with the fewest players,
    never between the button and the small blind (nor in the SB where the preset says so, S-#5)."""
    open_tables = [t for t in active_tables(state) if len(t.seats) < t.max_seats]
    if not open_tables:
        return None
    fewest = min(len(t.seats) for t in open_tables)
    table = rng.choice(sorted((t for t in open_tables if len(t.seats) == fewest), key=lambda t: t.table_no))
    free = [s for s in range(1, table.max_seats + 1) if s not in table.seats]
    profile = state.seating
    if (state.format.get("late_seat") or {}).get("posts") == "big_blind":
        # P-Spielverlauf: he posts the big blind in his first hand, so never the dead small blind too
        profile = {**profile, "forbid_small_blind": True}
    allowed = [s for s in free if s not in forbidden_seats(table, profile)] or free
    return table.table_no, rng.choice(allowed)


@applies("player_registered", seating=True, views="custom")
def apply_registered(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = Entry(
        p["entry_id"],
        p["name"],
        accessible=p.get("accessible", False),
        prepaid=p.get("prepaid", False),
        present=p.get("present", True),
        id_checked=p.get("id_checked", False),
    )
    state.entries[p["entry_id"]] = entry
    state.names.add(name_fold(p["name"]))
    # N-3.1: a reservation moved up from the waiting list, or signed up from his phone, pays when
    # he checks in (older events never say so: their buy-in counted at registration).
    entry.pays_at_check_in = bool(p.get("pays_at_check_in"))
    if "from_waiting" in p:  # moved up from the waiting list (N-3.3)
        entry.from_waiting = True
        state.waiting.pop(p["from_waiting"], None)
        state.waiting_names.pop(name_fold(p["name"]), None)
        if not entry.present and state.check_in_closed_at is not None:
            state.check_in_open_for.add(entry.entry_id)  # he got the seat at the deadline (N-3.4)
    remember_signup(state, p, entry_id=entry.entry_id, wait_id=None)
    state.players_left += 1
    if not entry.present:
        state.absent.add(entry.entry_id)
    if state.buy_in_counted(entry):
        count_buy_in(state, entry, +1)
    if "table_no" in p:  # a late entry, seated at once; everyone already out finishes one place lower
        entry.table_no, entry.seat = p["table_no"], p["seat"]
        state.tables[p["table_no"]].seats[p["seat"]] = entry.entry_id
        forget_count(state, p["table_no"])
        money.refresh(state, shift_out_places(state, 1))
        money.refresh_table(state)
    elif state.status == "new":
        state.status = "registering"


def count_buy_in(state: TournamentState, entry: Entry, sign: int, kind: str = "buy_in") -> None:
    """His buy-in, fee and starting stack into the pool and the chips in play (+1), or back out (-1)."""
    fmt = state.format
    state.money["buy_ins"] += sign
    state.chips["in_play"] += sign * state.start_stack
    money.add_money(
        state,
        kind,
        entry.entry_id,
        sign * money.exact(fmt.get("buy_in", 0)),
        sign * money.exact(fmt.get("fee", 0)),
        sign * state.start_stack,
    )


@applies("player_waitlisted", public=False)
def apply_waitlisted(state: TournamentState, event: Event) -> None:
    """The waiting list (N-3.3): not in the field, so no buy-in, no chips, no player counted."""
    p = event.payload
    state.waiting[p["wait_id"]] = dict(p)
    state.waiting_names[name_fold(p["name"])] = p["wait_id"]
    state.names.add(name_fold(p["name"]))
    state.next_wait_id = p["wait_id"] + 1
    remember_signup(state, p, wait_id=p["wait_id"])


@applies("waiting_removed", public=False)
def apply_waiting_removed(state: TournamentState, event: Event) -> None:
    gone = state.waiting.pop(event.payload["wait_id"])
    state.waiting_names.pop(name_fold(gone["name"]), None)
    state.names.discard(name_fold(gone["name"]))


@applies("capacity_set", public=False)
def apply_capacity_set(state: TournamentState, event: Event) -> None:
    state.capacity_max = event.payload["max"]


def remember_signup(state: TournamentState, payload: dict, **where: int | None) -> None:
    """A registration or waiting-list event that carries a sign-up (engine/sign_up.py): where
    his personal link leads now."""
    signup_no = payload.get("signup")
    if signup_no is None:
        return
    found = state.signups.setdefault(signup_no, {"name": payload["name"], "entry_id": None, "wait_id": None})
    found.update(where)
    if found["entry_id"] is not None:
        state.signup_of[found["entry_id"]] = signup_no
    state.next_signup = max(state.next_signup, signup_no + 1)


def waiting_list(state: TournamentState) -> list[dict]:
    """The waiting list in order, with positions (1 = next to move up)."""
    return [
        {
            "position": i,
            "wait_id": w["wait_id"],
            "name": w["name"],
            **{f: True for f in FLAGS if w.get(f)},
            **({"signed_up": True} if "signup" in w else {}),  # from his phone (engine/sign_up.py)
        }
        for i, w in enumerate(state.waiting.values(), start=1)
    ]


LATE_OVER = {
    "race_for_chips": ("late_over_race", "race for chips {nth}"),
    "break": ("late_over_break", "break {nth}"),
    "level": ("late_over_level", "the end of level {nth}"),
}


def late_seats_closed(state: TournamentState, late: dict | None) -> Rejection:
    """No late seat: say whether the tournament never had any, or when they ended (P-Spielverlauf:
    at the first race for chips), so the director can tell the walk-in why."""
    point = (late or {}).get("until") if state.status != "finished" else None
    kind, nth = next(iter(point.items())) if isinstance(point, dict) and point else (None, None)
    if kind in LATE_OVER:
        variant, words = LATE_OVER[kind]
        return Rejection(
            "registration_closed",
            f"Late seats closed at {words.format(nth=nth)}: no new players.",
            "name",
            params={"variant": variant, "nth": nth},
        )
    return Rejection(
        "registration_closed",
        "Seats are already drawn and this tournament has no open late seats.",
        "name",
        params={"variant": "late"},
    )
