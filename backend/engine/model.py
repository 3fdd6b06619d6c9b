"""State, commands, events: plain data the rest of the engine works on."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Actor:
    role: str  # director | dealer | player | display
    table_no: int | None = None
    entry_id: int | None = None
    name: str = ""
    signup_no: int | None = None  # a player's personal link from his sign-up (engine/sign_up.py)


@dataclass(frozen=True)
class Command:
    type: str
    payload: dict
    actor: Actor
    now: int  # server time (ms) when the command is decided
    at: int | None = None  # server time (ms) when the device recorded it
    seed: int = 0  # randomness chosen by the service, recorded through the events


@dataclass(frozen=True)
class Event:
    type: str
    payload: dict


@dataclass(frozen=True)
class Decision:
    events: list[Event]
    result: dict


@dataclass(frozen=True)
class Rejection:
    """The rules said no. `kind` maps to an HTTP status at the edge."""

    error: str
    message: str
    field: str | None = None
    kind: str = "conflict"  # conflict | forbidden | not_found | invalid
    # The message's parts (names, numbers; JSON-safe), so a phone can say it in its own language.
    params: dict | None = None
    # What the refusal rests on (engine/refusals.py): the rulebook id, and the basis ("rule",
    # "setting", "validation", "permission", "lookup", "procedure"); filled in by `decide`.
    rule: str | None = None
    basis: str | None = None


# A lookup's answer: (the thing, None), or (None, the rejection). Callers return the rejection first and
# then use the thing; mypy cannot follow that through the unpacking, so the thing is typed Any.
Lookup = tuple[Any, Rejection | None]


def find_entry(state: TournamentState, entry_id: object, field: str = "entry_id") -> Lookup:
    """(entry, None), or (None, the 404 rejection naming `field`): one lookup for every command."""
    entry = state.entries.get(entry_id) if isinstance(entry_id, int) and not isinstance(entry_id, bool) else None
    if entry is None:
        return None, Rejection(
            "unknown_entry", f"There is no player #{entry_id} in this tournament.", field, "not_found"
        )
    return entry, None


def find_table(state: TournamentState, cmd: Command, field: str = "table_no") -> Lookup:
    """(table, None) for a table in play that this caller may act at, or (None, the rejection): a
    table unknown or broken up is not in play (404, unknown_table), and a dealer's phone acts only
    at its own table (403, not_your_table). Both name the table, so every phone words them."""
    table_no = cmd.payload.get(field)
    table = state.tables.get(table_no) if isinstance(table_no, int) and not isinstance(table_no, bool) else None
    if table is None or table.broken:
        return None, Rejection(
            "unknown_table",
            f"Table {table_no} is not in play.",
            field,
            "not_found",
            params={"table": table_no} if isinstance(table_no, int) else None,
        )
    if cmd.actor.role == "dealer" and cmd.actor.table_no != table_no:
        return None, Rejection(
            "not_your_table",
            f"This phone belongs to table {cmd.actor.table_no}.",
            field,
            "forbidden",
            params={"own_table": cmd.actor.table_no},
        )
    return table, None


@dataclass
class Entry:
    entry_id: int
    name: str
    status: str = "active"  # active | busted
    table_no: int | None = None
    seat: int | None = None
    place: int | None = None
    busted_at: int | None = None
    accessible: bool = False  # needs an accessible seat (S-#3)
    last_move: dict | None = None  # the latest seat change and why, for the player's phone
    # Places (engine/places.py): `tie` is the number of players sharing `place` (1 = alone).
    tie: int = 1
    out_reason: str | None = None  # bust | left | absent | no_show | disqualified
    eliminated_by: int | None = None  # entry id of the player who won the pot (bounties)
    disqualified: bool = False
    no_prize: bool = False  # out with a place but not prize-eligible (N-3.2: absent)
    # Entries and money (engine/entries.py, engine/money.py).
    prepaid: bool = False
    present: bool = True
    id_checked: bool = False  # ID / age 18+ seen at the desk (N-3.4, P-Teilnahme)
    from_waiting: bool = False  # moved up from the waiting list (N-3.3)
    # A reservation moved up from the waiting list holds the place and pays when he checks in
    # (N-3.1): until then no buy-in, no chips (N-3.6). Set and cleared by what the events say.
    pays_at_check_in: bool = False
    rebuys: int = 0
    addon: bool = False
    reentries: int = 0
    alternate_for: int | None = None  # the busted entry whose seat an alternate took (S-#46)
    # S-#4: (table_no, hand_no, the table's button_epoch) of the one hand a newcomer sits out because
    # his seat is its small blind; a new button at the table ends it (the small blind moved).
    sits_out: tuple[int, int, int] | None = None
    paid: Fraction | None = None  # the amount handed out, None while nothing was paid


# A Table field is shown as it is on the director's list and the dealer's phone (backend/read/views.py
# renders it, backend/api/view_schemas.py describes it, both from this declaration) unless its
# metadata says otherwise: ENGINE_ONLY for the rules' own bookkeeping, SHOWN_AS for a field the views
# show in another shape (the view's renderer and schema then name it by hand).
ENGINE_ONLY = {"view": "engine_only"}
SHOWN_AS = {"view": "shown_as"}


@dataclass
class Table:
    table_no: int
    max_seats: int
    seats: dict[int, int] = field(default_factory=dict, metadata=SHOWN_AS)  # seat -> entry_id
    # The current hand's positions (seat numbers; a seat may be empty: dead button / dead SB).
    button: int | None = None
    sb: int | None = None
    bb: int | None = None
    hand_no: int = 0
    broken: bool = False
    # V-III.i: players who joined since the table's last hand or button draw, and why the button
    # must be drawn again before the next hand ("new_players", "final_table"; None: no redraw due).
    arrivals: int = field(default=0, metadata=ENGINE_ONLY)
    redraw: str | None = field(default=None, metadata=SHOWN_AS)
    # V-III.h / TDA 11D: the director let this short table play on at (its players, the fullest
    # table's players); any change of either ends it.
    halt_override: tuple | None = field(default=None, metadata=ENGINE_ONLY)
    button_epoch: int = field(default=0, metadata=ENGINE_ONLY)  # +1 whenever the button is set or drawn again
    note: str | None = None  # the director's note to the table's dealer (set_table_note)


def shown_fields(cls: type) -> list[str]:
    """The fields of a state dataclass that its views show as they are."""
    return [f.name for f in fields(cls) if "view" not in f.metadata]


@dataclass
class Clock:
    status: str = "idle"  # idle | running | paused
    level_index: int = 0
    elapsed_ms: int = 0  # time already spent in level_index at anchor_at
    anchor_at: int | None = None
    reason: str | None = None  # why it is paused (director, table_merge, race_for_chips)

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "level_index": self.level_index,
            "elapsed_ms": self.elapsed_ms,
            "anchor_at": self.anchor_at,
            "reason": self.reason if self.status == "paused" else None,
        }


def name_fold(name: str) -> str:
    """A player's name as the duplicate checks compare it: spaces, case and accents aside ("Jürg
    Meier" is "Jurg Meier", "Weiß" is "Weiss"), as the club's persons are matched (read/league.py
    search_key). Accents too, because a sign-up's person matching runs before the tournament's lock
    and cannot see a person made by a sign-up committed a moment earlier (nor one still waiting,
    who has no person yet): in a burst "Jürg Meier" and "Jurg Meier" both reached the engine as
    typed and both got a place. Only this check, under the lock, sees every sign-up in order."""
    decomposed = unicodedata.normalize("NFKD", " ".join(str(name).split()).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass
class TournamentState:
    tournament_id: int
    seq: int = 0
    name: str = ""
    preset: dict = field(default_factory=dict)
    status: str = "new"  # new | registering | seated | running | finished
    entries: dict[int, Entry] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)  # name_fold()ed, for duplicate checks without a scan
    tables: dict[int, Table] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    players_left: int = 0
    players_history: list = field(default_factory=list)  # [[at, players_left, level_index]] (engine/history.py)
    # Finishing order (engine/places.py): groups of players out at one moment, sorted by the
    # recorded time; `out_ats` mirrors their times for bisecting.
    out_groups: list = field(default_factory=list)
    out_ats: list[int] = field(default_factory=list)
    group_of: dict[int, Any] = field(default_factory=dict)  # entry_id -> its OutGroup
    h4h_groups: dict[tuple, Any] = field(default_factory=dict)  # (period, round) -> OutGroup
    h4h_starts: list[tuple] = field(default_factory=list)  # (started_at, period, round), by time
    h4h_stops: dict[int, int] = field(default_factory=dict)  # period -> stopped_at
    h4h_period: int = 0
    next_group_id: int = 1
    winner: int | None = None
    drawn_at: int | None = None  # server time of the seat draw: no bust happened before it
    # Money (engine/money.py): counters kept as events arrive, never recomputed over the field.
    money: dict = field(
        default_factory=lambda: {
            "buy_ins": 0,
            "pool": 0,
            "fees": 0,
            "rebuys": 0,
            "addons": 0,
            "reentries": 0,
            "paid_out": 0,
        }
    )
    due: set[int] = field(default_factory=set)  # out entries with an unpaid prize
    paid: set[int] = field(default_factory=set)  # entries that were handed money
    special_groups: dict[int, Any] = field(default_factory=dict)  # OutGroups with shared or forfeited places
    corrections: dict[int, dict] = field(default_factory=dict)  # open corrections by id
    correction_of: dict[int, int] = field(default_factory=dict)  # entry_id -> open correction id
    next_correction_id: int = 1
    ledger: list[dict] = field(default_factory=list)  # the last money movements, with their seq
    # Chips (engine/entries.py): chips in play versus the dealers' latest count per table.
    chips: dict = field(default_factory=lambda: {"in_play": 0, "counted": 0, "unknown_removals": 0})
    chip_counts: dict[int, dict] = field(default_factory=dict)  # table_no -> {total, at, stacks}
    # The latest count of each table by player, kept when chips move: the dealer's next count starts from it.
    last_counts: dict[int, dict] = field(default_factory=dict)  # table_no -> {at, chips: {entry_id: chips}}
    absent: set[int] = field(default_factory=set)  # active entries not yet present (N-3.2, P-Satellite)
    # The room's moments (engine/moments.py): when the bubble, the money and the final table were
    # reached; and the stacks that left play uncounted, by entry, until a count takes them out.
    moments: dict[str, int] = field(default_factory=dict)
    uncounted_stacks: dict[int, dict] = field(default_factory=dict)
    cache: dict = field(default_factory=dict)  # derived values (the payout table), never replayed
    # Hand-for-hand: the round number and the tables that have finished it.
    hand_for_hand: dict = field(default_factory=lambda: {"active": False, "round": 0, "done": []})
    # The TV's tones and spoken announcements (engine/tv_sound.py): on unless the director switched them off.
    tv_sound: dict = field(default_factory=lambda: {"sound": True, "voice": True})
    break_order: list[int] = field(default_factory=list)  # fixed in advance (TDA 11C, V-III.d)
    away: set[int] = field(default_factory=set)  # entries away from the table (N-2.3, V-X.c)
    # Late seats (engine/late_seats.py, P-Spielverlauf): who still owes his first big blind, and
    # per table the newcomers posting it in the hand being played.
    owes_big_blind: set[int] = field(default_factory=set)
    new_big_blinds: dict[int, list] = field(default_factory=dict)
    recent_moves: list[dict] = field(default_factory=list)  # the last moves, for dealers' phones
    # Headhunter chips (engine/headhunter.py, V-VII.r): balance per entry, and what came in from earlier days.
    hh: dict[int, int] = field(default_factory=dict)
    hh_carried: dict[int, int] = field(default_factory=dict)
    hh_given: dict[int, dict] = field(default_factory=dict)  # busted entry -> {"to", "chips"} of his bust (undo_bust)
    knockouts: dict[int, int] = field(default_factory=dict)  # entry -> players he put out (the results)
    # A dealer's undo of his own last bust (engine/undo.py): per table the latest bust's entries and
    # the server time it was decided, dropped when the table's next hand starts.
    last_bust: dict[int, dict] = field(default_factory=dict)
    # Penalties (engine/penalties.py, N-2.23): sit-outs by entry, and warnings kept for the director.
    penalties: dict[int, dict] = field(default_factory=dict)
    warnings: dict[int, list] = field(default_factory=dict)
    # Registration desk (engine/registration.py, engine/check_in.py; N-3.3, N-3.5, N-3.6): the waiting
    # list in order of arrival (wait_id -> the registration), its names, entries that lost their seat
    # when check-in closed, the time it closed, and the director's capacity (None: the preset's).
    waiting: dict[int, dict] = field(default_factory=dict)
    waiting_names: dict[str, int] = field(default_factory=dict)
    next_wait_id: int = 1
    released: list[int] = field(default_factory=list)  # entry ids, in the order they lost the seat
    check_in_closed_at: int | None = None
    check_in_open_for: set[int] = field(default_factory=set)  # moved up at the deadline as reservations (N-3.4)
    capacity_max: int | None = None
    # Sign-up from the players' phones (engine/sign_up.py): the director's settings (start, when
    # sign-up opens and closes, online at all), and each sign-up by number -> where he is now
    # ({"name", "entry_id", "wait_id", "cancelled"}).
    sign_up: dict | None = None
    signups: dict[int, dict] = field(default_factory=dict)
    next_signup: int = 1
    signup_of: dict[int, int] = field(default_factory=dict)  # entry id -> its sign-up's number
    confirmed: set[int] = field(default_factory=set)  # entries whose player confirmed he comes
    # The final table's deal (engine/deal.py): the latest proposal with its answers, and the agreed
    # prizes while a deal is applied (money.prize pays them instead of the payout table's).
    deal: dict | None = None
    deal_prizes: dict | None = None
    # The director's announcements to the room (engine/announcements.py): the last 20, each
    # {id, text, template, params, at, until, withdrawn_at?}; the public view shows the active ones.
    announcements: list[dict] = field(default_factory=list)

    @property
    def structure(self) -> list[dict]:
        return self.preset.get("structure", [])

    @property
    def seating(self) -> dict:
        return self.preset.get("seating", {})

    @property
    def max_per_table(self) -> int:
        return int(self.preset.get("seating", {}).get("max_per_table", 10))

    @property
    def format(self) -> dict:
        return self.preset.get("format", {})

    def sits_out_hand(self, entry: Entry) -> int | None:
        """The hand a newcomer is not dealt in (S-#4), while it is the next hand or the hand being
        played at his table; None once it is over or he moved."""
        if entry.sits_out is None:
            return None
        table_no, hand_no, epoch = entry.sits_out
        table = self.tables.get(table_no)
        if entry.table_no != table_no or table is None or table.button_epoch != epoch or table.hand_no > hand_no:
            return None
        return hand_no

    def cite_of(self, key: str) -> str | None:
        """The preset's rulebook id for a setting ("S-#4"), or None."""
        return (self.preset.get("cite") or {}).get(key)

    def cite(self, key: str) -> str:
        """' (V-XIII)': the preset's rule for a setting, for rejection messages; '' if none."""
        rule = (self.preset.get("cite") or {}).get(key)
        return f" ({rule})" if rule else ""

    @staticmethod
    def buy_in_counted(entry: Entry) -> bool:
        """Whether his buy-in is in the pool: always, but for a reservation moved up from the
        waiting list who has not paid yet (N-3.1: "in bar beim Check-in"; N-3.2: or in advance)."""
        return not entry.pays_at_check_in

    @property
    def start_stack(self) -> int:
        return int(self.preset.get("format", {}).get("start_stack", 0))
