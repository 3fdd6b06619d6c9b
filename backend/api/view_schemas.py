"""The views, command answers and errors as marshmallow schemas: the OpenAPI document's response shapes
(backend/api/openapi.py); the other answers (login, tournaments, leagues, review) are in answer_schemas.py.

Never used to dump: the views are plain dicts built in backend/read/views.py. These schemas describe them, and
tests/test_openapi_contract.py validates real answers against the document, so a renamed or dropped field
fails a test instead of a phone. Every field is required unless `optional()` says it may be absent;
`allow_none` marks null. A fixed shape is closed (unknown=RAISE → additionalProperties: false); a free-form
part (rules, suggestions) is a Dict.
"""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from types import UnionType
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

from marshmallow import INCLUDE, RAISE, Schema, fields, validate

from ..engine import model


class Closed(Schema):
    """A fixed shape: every field present unless marked optional, nothing else."""

    class Meta:
        unknown = RAISE

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:
        field_obj.required = not field_obj.metadata.get("optional", False)


class Open(Closed):
    """Named fields as in Closed, and more that this document does not spell out."""

    class Meta:
        unknown = INCLUDE


def optional(field: fields.Field) -> fields.Field:
    field.metadata = {**field.metadata, "optional": True}
    return field


def kind_of(name: str) -> fields.String:
    """The view's `kind`: one fixed string, so a screen can tell views apart."""
    return fields.String(validate=validate.OneOf([name]))


# Field makers named like field classes: the schemas below read as a list of shapes.
def Int(**kw: Any) -> fields.Integer:
    return fields.Integer(**kw)


def Maybe(field_cls: type[fields.Field] = fields.Integer, **kw: Any) -> fields.Field:
    """A field that may be null (an integer unless named)."""
    return field_cls(allow_none=True, **kw)


def Money(**kw: Any) -> fields.Float:  # whole or two-decimal amounts
    return fields.Float(**kw)


def Free(**kw: Any) -> fields.Dict:  # a free-form object
    return fields.Dict(keys=fields.String(), **kw)


class LocalText(fields.Raw):
    """A preset's text: one string, or one per language ({"en": …, "de": …})."""

    json_schema: ClassVar[dict] = {
        "anyOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": "string"}}]
    }


class Head(Closed):
    """Every view is stamped with its tournament's seq and the server's time."""

    tournament_id = Int()
    seq = Int()
    server_time = Int()


# --- rows the views share -------------------------------------------------------------------


class Seat(Closed):
    seat = Int()
    entry_id = Int()
    name = fields.String()
    absent = optional(fields.Boolean())  # N-3.2: dealt in and blinded off
    away = optional(fields.Boolean())  # N-2.3: dealt in, folded
    sits_out = optional(fields.Nested(lambda: SitsOut()))  # S-#4: a newcomer not dealt in this one hand


class SitsOut(Closed):
    hand_no = Int()  # the hand he is not dealt in (its small blind is dead)
    rule = Maybe(fields.String)


class SeatName(Closed):
    seat = Int()
    entry_id = Int()
    name = fields.String()


class ColourUp(Closed):
    """Which chips leave play at this entry, and how (shared_rules/preset.schema.json)."""

    remove = fields.List(Int())
    method = fields.String(validate=validate.OneOf(["race", "round_up"]))


class Level(Closed):
    """A structure entry as screens show it: level numbers count levels only (null for breaks and stops)."""

    index = Int()
    kind = fields.String(validate=validate.OneOf(["level", "break", "stop"]))
    level = Maybe()
    sb = Int()
    bb = Int()
    ante = Int()
    minutes = fields.Float()
    colour_up = optional(fields.Nested(ColourUp))
    addon = optional(fields.Boolean())  # a break where add-ons are sold
    reason = optional(fields.String())  # a stop's reason (race_for_chips, colour_up, table_merge)
    label = optional(fields.String())


class Clock(Closed):
    """The clock's anchor: every screen computes the remaining time itself (pwa/src/clock)."""

    status = fields.String(validate=validate.OneOf(["idle", "running", "paused"]))
    level_index = Int()
    elapsed_ms = Int()
    anchor_at = Maybe()
    reason = Maybe(fields.String)


class ClockRules(Closed):
    """The preset's `clock` block (shared_rules/preset.schema.json); screens default what is missing."""

    level_change = optional(fields.String())
    stop_for_table_merge = optional(fields.Boolean())
    new_blinds_notice_seconds = optional(Int())


class Payout(Closed):
    place = Int()
    percent = fields.Float()
    amount = Money()


class Winner(Closed):
    entry_id = Int()
    name = fields.String()


class Result(Closed):
    place = Int()
    tie = Int()
    entry_id = Int()
    name = fields.String()
    prize = Money()


class Bust(Closed):
    entry_id = Int()
    name = fields.String()
    place = Maybe()
    at = Maybe()
    table_no = Maybe()
    tie = Maybe()
    reason = Maybe(fields.String)
    eliminated_by = Maybe()
    card = Maybe(fields.String)  # P-SidePots: the card he drew against an equal stack ("Kh"), else null


class Move(Closed):
    entry_id = Int()
    name = fields.String()
    from_table = Maybe()  # null: he came from no table (a late seat, an alternate)
    from_seat = Maybe()
    to_table = Int()
    to_seat = Int()
    reason = fields.String()
    at = Maybe()


class Headhunter(Closed):
    hh_chips = Int()
    hh_carried = Int()
    wild_card_at = Int()
    wild_card = fields.Boolean()


class Penalty(Closed):
    kind = fields.String()
    reason = Maybe(fields.String)
    hands_left = optional(Int())
    until = optional(Int())


class Entry(Closed):
    """One entry (a player's buy-in) as the director's list and the player's phone show it."""

    entry_id = Int()
    name = fields.String()
    status = fields.String(validate=validate.OneOf(["active", "busted", "released"]))  # released: N-3.6
    table_no = Maybe()
    seat = Maybe()
    place = Maybe()
    busted_at = Maybe()
    tie = Maybe()
    out_reason = Maybe(fields.String)
    disqualified = fields.Boolean()
    eliminated_by = Maybe()
    card = Maybe(fields.String)  # P-SidePots: the card he drew against an equal stack, else null
    rebuys = Int()
    addon = fields.Boolean()
    reentries = Int()
    prepaid = fields.Boolean()
    present = fields.Boolean()
    pays_at_check_in = fields.Boolean()
    accessible = fields.Boolean()
    id_checked = fields.Boolean()
    confirmed = Maybe(fields.Boolean)  # null unless the director asks sign-ups to confirm
    prize = Money()
    paid = Maybe(fields.Float)
    headhunter = fields.Nested(Headhunter, allow_none=True)  # null without headhunter (V-VII.r)
    penalty = fields.Nested(Penalty, allow_none=True)
    warnings = fields.List(Free())


class Halt(Closed):
    """V-III.h / TDA 11D: the next hand is held until the tables are balanced."""

    short = Int()
    rule = fields.String()


class Redraw(Closed):
    """V-III.i, V-IV.d, S-#4: the button is drawn again by high card before the next hand."""

    reason = fields.String()
    rule = Maybe(fields.String)


class HandForHand(Closed):
    """N-2.13, V-V.b: the round, the tables done and dealt; the dealer's view adds tables and rule."""

    active = fields.Boolean()
    round = Int()
    done = fields.List(Int())
    dealt = optional(fields.List(Int()))
    tables = optional(Int())
    rule = optional(fields.String())


def state_field(annotation: object) -> fields.Field:
    """The field for a state dataclass field shown as it is: an int, a bool or a str, each perhaps None."""
    kinds: dict[object, type[fields.Field]] = {int: fields.Integer, bool: fields.Boolean, str: fields.String}
    args = set(get_args(annotation)) if get_origin(annotation) in (Union, UnionType) else {annotation}
    nullable = type(None) in args
    (kind,) = args - {type(None)}  # one type: anything else needs a shape named in the view
    return kinds[kind](allow_none=nullable) if nullable else kinds[kind]()


def table_fields(*, always: tuple[str, ...] | None = None) -> type[Schema]:
    """A table's fields: those engine/model.py Table shows as they are (derived: a field added there
    shows here), then those the view adds or shows in another shape (SHOWN_AS). `always`: the fields
    present even before the draw; with it, every other field is optional (the dealer's TableView)."""
    hints = get_type_hints(model.Table)
    derived = {name: state_field(hints[name]) for name in model.shown_fields(model.Table)}
    by_hand: dict[str, fields.Field] = {
        "seats": fields.List(fields.Nested(Seat)),
        "next": Free(allow_none=True),  # the positions of the next hand: {button, sb, bb, utg}
        "hand_for_hand_done": fields.Boolean(),
        "halt": fields.Nested(Halt, allow_none=True),
        "redraw": fields.Nested(Redraw, allow_none=True),
    }
    shaped = {f.name for f in dataclass_fields(model.Table) if f.metadata == model.SHOWN_AS}
    assert shaped <= set(by_hand), f"model.Table's {sorted(shaped - set(by_hand))}: name the view's shape here"
    attrs: dict[str, fields.Field] = {**derived, **by_hand}
    if always is not None:
        attrs = {name: f if name in always else optional(f) for name, f in attrs.items()}
    return type("TableFields", (Schema,), attrs)


# mypy cannot see fields made at import as a base class; marshmallow collects them like any base's.
class Table(Closed, table_fields()):  # type: ignore[misc]
    """A table as the director's list shows it (the dealer's phone: TableView)."""


class Moments(Closed):
    """The room's moments (engine/moments.py): each one's server time while it is the state, else null."""

    paid = Int()
    bubble = Maybe()
    money = Maybe()
    final_table = Maybe()


class TvSound(Closed):
    """The director's switch for every TV of the tournament (engine/tv_sound.py)."""

    sound = fields.Boolean()
    voice = fields.Boolean()


class RemovedStack(Closed):
    """A stack that left play uncounted (the absent player's at the bubble, N-3.2), to count."""

    entry_id = Int()
    name = fields.String()
    table_no = Maybe()
    seat = Maybe()
    reason = Maybe(fields.String)  # absent (N-3.2), left, disqualified
    rule = Maybe(fields.String)  # the preset's rule for it


class AnnouncementParams(Closed):
    minutes = Int()  # as announced; the screens count a template's minutes down to `until`


class Announcement(Closed):
    """The director's announcement (engine/announcements.py): a template's key, worded by each
    screen in its language, or the text as typed; shown until `until` (server time, ms)."""

    id = Int()
    text = Maybe(fields.String)
    template = Maybe(fields.String)
    params = fields.Nested(AnnouncementParams)
    at = Int()
    until = Int()


# --- the views (backend/read/views.py) -----------------------------------------------------------


class Summary(Head):
    """What the public and the director view share."""

    name = fields.String()
    status = fields.String()
    preset_id = Maybe(fields.String)
    currency = fields.String()
    start_stack = Int()
    region = Maybe(fields.String)
    entries_total = Int()
    players_left = Int()
    average_stack = Int()
    prize_pool = Money()
    payouts = fields.List(fields.Nested(Payout))
    buy_ins = Int()
    rebuys = Int()
    addons = Int()
    reentries = Int()
    preset_name = LocalText(allow_none=True)
    clock_rules = fields.Nested(ClockRules)
    deadlines = fields.Dict(keys=fields.String(), values=Int())
    winner = fields.Nested(Winner, allow_none=True)
    results = fields.List(fields.Nested(Result))
    structure = fields.List(fields.Nested(Level))
    clock = fields.Nested(Clock)
    moments = fields.Nested(Moments)
    tv_sound = fields.Nested(TvSound)
    announcements = fields.List(fields.Nested(Announcement))


class PublicView(Summary):
    kind = kind_of("public")
    hand_for_hand = fields.Boolean()
    players_history = fields.List(fields.List(Maybe()))  # [[at, players_left, level_index]]


class PayoutDue(Closed):
    entry_id = Int()
    name = fields.String()
    place = Maybe()
    tie = Maybe()
    amount = Money()


class Correction(Closed):
    id = Int()
    entry_id = Int()
    name = fields.String()
    place = Maybe()
    paid = Money()
    due = Money()
    difference = Money()


class MoneyTotals(Closed):
    prize_pool = Money()
    fees = Money()
    buy_ins = Int()
    rebuys = Int()
    addons = Int()
    reentries = Int()
    paid_out = Money()
    paid_places = Int()


class DeskRules(Closed):
    """The rules the registration desk quotes (null: the preset names none)."""

    capacity = Maybe(fields.String)
    check_in = Maybe(fields.String)
    id_check = Maybe(fields.String)
    accessible = Maybe(fields.String)  # the accessible-seat box's rule (S-#3), null where the house has none


class Waiting(Closed):
    """A place on the waiting list (engine/registration.py waiting_list); a flag only when set."""

    position = Int()
    wait_id = Int()
    name = fields.String()
    accessible = optional(fields.Boolean())
    prepaid = optional(fields.Boolean())
    id_checked = optional(fields.Boolean())
    signed_up = optional(fields.Boolean())  # from his phone on the club's page


class Released(Closed):
    entry_id = Int()
    name = fields.String()


class Promoted(Closed):
    wait_id = Int()
    name = fields.String()


class ClosePreview(Closed):
    """Who would lose the seat and who would move up if check-in closed now (N-3.4)."""

    released = fields.List(fields.Nested(Released))
    released_total = Int()
    promoted = fields.List(fields.Nested(Promoted))
    promoted_total = Int()


class Registration(Closed):
    """The registration desk (engine/check_in.py desk_view): capacity, waiting list, check-in."""

    capacity = Maybe()
    field = Int()
    waiting = fields.List(fields.Nested(Waiting))
    waiting_total = Int()
    id_check = fields.Boolean()
    check_in_closes = Maybe(fields.String)
    check_in_closed_at = Maybe()
    open = fields.Boolean()
    close_preview = fields.Nested(ClosePreview, allow_none=True)
    released = fields.List(fields.Nested(Released))
    released_total = Int()
    check_in_open_for = fields.List(Int())
    cite = fields.Nested(DeskRules)
    seat_limit = Maybe()
    signed_up = fields.List(Int())  # entry ids that came from an online sign-up


class DrawPlan(Closed):
    """engine/seating.py draw_plan: the tables a draw should use and the rules that say so."""

    players = Int()
    tables = Int()
    sizes = fields.List(Int())
    per_table = Int()
    per_table_rule = Maybe(fields.String)
    break_fit = Int()
    break_rule = fields.String()
    max_tables = Maybe()
    max_tables_rule = Maybe(fields.String)
    fits = fields.Boolean()
    one_more_breaks = fields.Boolean()  # a table more would be broken at once (TDA 11C, S-#5)


class DrawView(Closed):
    plan = Maybe(fields.Nested, nested=DrawPlan)
    redraw = fields.Boolean()


class TableCounted(Closed):
    table_no = Int()
    counted = Int()
    at = Int()


class ChipsInPlay(Closed):
    """The chips in play against the tables' last counts (engine/chips.py chips_view)."""

    in_play = Int()
    counted = Maybe()  # null until a table is counted
    tables = fields.List(fields.Nested(TableCounted))
    difference = Maybe()  # null until every table in play is counted
    tables_counted = Int()
    tables_total = Int()
    tolerance = Int()
    unknown_removals = Int()
    alarm = fields.Boolean()


class DealRow(Closed):
    entry_id = Int()
    name = fields.String()
    chips = Int()
    amount = Money()
    answer = Maybe(fields.String, validate=validate.OneOf(["accepted", "rejected"]))


class Deal(Closed):
    """The final table's deal (engine/deal.py): the latest proposal, every player's amount and answer."""

    deal_no = Int()
    status = fields.String(validate=validate.OneOf(["open", "applied", "rejected", "undone"]))
    method = fields.String(validate=validate.OneOf(["icm", "chip", "even", "custom"]))
    keep = Money()  # kept to play for: the winner's on top of his amount
    round_to = Maybe(fields.Float)  # null: custom amounts, not rounded
    rows = fields.List(fields.Nested(DealRow))
    total = Money()  # shared: the money left less `keep`
    director_confirms = fields.Boolean()
    mine = optional(Int())  # a player's view: his own row


class DealStack(Closed):
    entry_id = Int()
    name = fields.String()
    chips = Maybe()  # null: not counted yet


class DealRowShown(Closed):
    entry_id = Int()
    name = fields.String()
    chips = Int()
    amount = Money()


class DealCalculation(Closed):
    """A deal's amounts before it is proposed (POST /deal/calculate): nothing is recorded."""

    rows = fields.List(fields.Nested(DealRowShown))
    total = Money()
    keep = Money()
    round_to = Maybe(fields.Float)


class LegalView(Closed):
    """The legal profile the tournament runs under (docs/presets.md, "Legal profiles")."""

    id = fields.String()
    name = Free()  # {"en", "de"}
    limits = Free()  # {key: {"value", "cite"}}: each limit with its article


class DirectorView(Summary):
    """The whole tournament (GET), or a push's delta: partial, with base_seq and the changed rows only."""

    kind = kind_of("director")
    hand_for_hand = fields.Nested(HandForHand)
    busts = fields.List(fields.Nested(Bust))
    break_order = fields.List(Int())
    suggestions = fields.List(Free())
    suggestions_more = Int()
    registration = fields.Nested(Registration)
    sign_up = fields.Nested(lambda: SignUpSettings(), allow_none=True)  # null: no start set yet
    payouts_due = fields.List(fields.Nested(PayoutDue))
    corrections = fields.List(fields.Nested(Correction))
    settings = Free()
    legal = Maybe(fields.Nested, nested=lambda: LegalView())  # null: no legal profile
    draw = Maybe(fields.Nested, nested=lambda: DrawView())
    chips = fields.Nested(ChipsInPlay, allow_none=True)  # null once the tournament is over
    money = fields.Nested(MoneyTotals)
    ledger = fields.List(Free())
    removed_stacks = fields.List(fields.Nested(RemovedStack))
    deal = fields.Nested(Deal, allow_none=True)
    deal_stacks = fields.List(fields.Nested(DealStack), allow_none=True)  # null before the final table
    # a field named like Schema's own `partial` option, which the stubs type as a class attribute;
    # marshmallow collects declared fields apart from it (Schema.__init__ sets the option per instance)
    partial = fields.Boolean()  # type: ignore[assignment]
    base_seq = optional(Int())  # pushes only
    entries = fields.List(fields.Nested(Entry))
    tables = fields.List(fields.Nested(Table))


class SitOut(Closed):
    """Who sits out at this table (N-2.23): a missed-hands or time penalty."""

    seat = Int()
    entry_id = Int()
    name = fields.String()
    kind = fields.String()
    reason = Maybe(fields.String)
    hands_left = optional(Int())
    until = optional(Int())


class ChipCount(Closed):
    total = Int()
    at = Int()
    stacks = fields.Dict(keys=fields.String(), values=Int())  # seat number → chips


class DealerRules(Closed):
    """The house's ids for the rules the dealer's helpers quote (null: the house names none)."""

    odd_chip = Maybe(fields.String)
    same_hand_busts = Maybe(fields.String)


class LastCount(Closed):
    """The table's latest count for the players still there (seat → chips), kept after a bust."""

    at = Int()
    stacks = fields.Dict(keys=fields.String(), values=Int())


class TableView(table_fields(always=("table_no", "max_seats", "seats")), Head):  # type: ignore[misc]
    """The dealer's phone: its table (only table_no, max_seats 0 and no seats before the draw)."""

    kind = kind_of("table")
    busts = fields.List(fields.Nested(Bust))
    moves = fields.List(fields.Nested(Move))
    hand_for_hand = fields.Nested(HandForHand)
    chip_count = fields.Nested(ChipCount, allow_none=True)
    last_count = fields.Nested(LastCount, allow_none=True)
    penalties = fields.List(fields.Nested(SitOut))
    dealer_penalties = Free()
    owes_big_blind = fields.List(fields.Nested(SeatName))
    new_big_blinds = fields.List(fields.Nested(SeatName))
    removed_stacks = fields.List(fields.Nested(RemovedStack))  # to count at this table (N-3.2)
    rules = fields.Nested(DealerRules)


class RegistrationStatus(Closed):
    """Where a player's registration stands (engine/sign_up.py): registered, waiting, promoted,
    checked_in, cancelled, no_show; seated or out after the draw."""

    status = fields.String(
        validate=validate.OneOf(
            ["registered", "waiting", "promoted", "checked_in", "cancelled", "no_show", "seated", "out", "unknown"]
        )
    )
    name = optional(fields.String())
    entry_id = optional(Int())
    signup_no = optional(Int())
    position = optional(Int())  # on the waiting list, 1 = next to move up
    pays_at_check_in = optional(fields.Boolean())
    id_check = optional(fields.Boolean())  # his ID is still to be seen at check-in (N-3.4)
    confirmed = optional(fields.Boolean())  # where the director asks players to confirm (sign_up.confirm)


class SignUpSettings(Closed):
    starts_at = Int()
    online = fields.Boolean()
    confirm = optional(fields.Boolean())  # a player with a place confirms from his link
    opens_at = Maybe()
    closes_at = Maybe()


class PlayerView(Head, Entry):
    kind = kind_of("player")
    max_seats = Int()
    button = Maybe()
    last_move = fields.Nested(Move, allow_none=True)
    registration = fields.Nested(RegistrationStatus)
    sign_up = fields.Nested(SignUpSettings, allow_none=True)
    deal = fields.Nested(Deal, allow_none=True)  # only while he is in a deal's rows


class SignUpView(Head):
    """A personal link whose player waits (or cancelled while waiting)."""

    kind = kind_of("signup")
    name = fields.String()  # the tournament's
    registration = fields.Nested(RegistrationStatus)
    sign_up = fields.Nested(SignUpSettings, allow_none=True)
    waiting_total = Int()


class DisplayView(Head):
    kind = kind_of("display")
    moves = fields.List(fields.Nested(Move))
    seated = Int()
    tables = Int()


class SeatingRow(Closed):
    name = fields.String()
    listed_as = fields.String()  # "Weiß, Anna": the list is sorted by family name
    table_no = Int()
    seat = Int()


class SeatingPage(Head):
    kind = kind_of("seating")
    total = Int()
    page = Int()
    per_page = Int()
    pages = Int()
    rows = fields.List(fields.Nested(SeatingRow))


class Stacks(Head):
    kind = kind_of("stacks")
    stacks = fields.List(Int())
    tables_counted = Int()
    counted_at = Maybe()
    average_stack = Int()


class MyLeague(Closed):
    kind = kind_of("my_league")
    tournament_id = Int()
    entry_id = Int()
    seq = Int()
    person_id = Maybe()
    leagues = fields.List(Free())
    server_time = Int()


# --- commands -------------------------------------------------------------------------------


class CommandApplied(Closed):
    status = fields.String(validate=validate.OneOf(["applied"]))
    op_id = fields.String()
    seq = Int()
    result = Free()  # what the command did: the engine's result, per command type
    server_time = Int()


class CommandRejected(Closed):
    """Refused by the rules (409/403/404/400): a reason a person understands, and the rule behind it."""

    status = fields.String(validate=validate.OneOf(["rejected"]))
    op_id = fields.String()
    error = fields.String()
    message = fields.String()
    field = Maybe(fields.String)
    rule = optional(Maybe(fields.String))
    basis = optional(Maybe(fields.String))
    params = optional(Free())
    server_time = Int()


class ImportReport(Closed):
    status = fields.String(validate=validate.OneOf(["applied"]))
    op_id = fields.String()
    seq = optional(Int())
    imported = fields.List(Free())
    waiting = fields.List(Free())
    rejected = fields.List(Free())


# --- errors -------------------------------------------------------------------------------


class Error(Closed):
    error = fields.String()
    message = fields.String()
    field = Maybe(fields.String)
    role = optional(fields.String())  # a revoked link: which one
    table_no = optional(Maybe())
    entry_id = optional(Maybe())
    retry_after = optional(Int())  # too many wrong passwords: seconds to wait


class LobbyTournament(Closed):
    """One tournament on the lobby TV (backend/read/lobby.py)."""

    id = Int()
    name = fields.String()
    status = fields.String()
    players_left = Int()
    entries_total = Int()
    prize_pool = Money()
    currency = fields.String()
    region = Maybe(fields.String)
    average_stack = Int()
    clock = fields.Nested(Clock)
    structure = fields.List(fields.Nested(Level))
    clock_rules = fields.Nested(ClockRules)


class Lobby(Closed):
    """The club's tournaments of tonight, for a lobby TV (at most 6)."""

    server_time = Int()
    tournaments = fields.List(fields.Nested(LobbyTournament))
