"""What the API answers besides the views: login and setup, tournaments and presets, QR links, the venue,
leagues, the audit log and the review list. Like view_schemas.py (whose Closed/Open rules apply), these only
describe the answers for the OpenAPI document; the routes build plain dicts.
"""

from __future__ import annotations

from marshmallow import fields, validate

from ..store.models import ACCESS, PUBLIC_NAMES, SCREEN_THEMES
from .view_schemas import Closed, Free, Int, LocalText, Maybe, Money, Open, SignUpSettings, optional

# --- auth, tournaments, presets, links, venue -----------------------------------------------


GIVEN = [a for a in ACCESS if a != "removed"]  # what an invitation gives
ROLES = ["director", "dealer", "player", "display"]


class Club(Closed):
    id = Int()
    name = fields.String()
    slug = Maybe(fields.String)  # its public page: /c/<slug> (docs/sign-up.md)
    show_names = fields.Boolean()  # the public page lists who signed up (docs/privacy.md)
    retention_days = Int()  # contact data of sign-ups kept this long after a tournament


class Director(Closed):
    id = Int()
    username = fields.String()
    access = fields.String(validate=validate.OneOf(ACCESS))
    admin = fields.Boolean()  # the server's admin: manages clubs
    tournaments = optional(fields.List(Int()))  # a limited director's: the tournaments he runs


class Session(Closed):
    token = fields.String()
    director = fields.Nested(Director)
    club = fields.Nested(Club)


class LoggedOut(Closed):
    ok = fields.Boolean()
    revoked = fields.Boolean()


class Me(Closed):
    role = fields.String(validate=validate.OneOf(ROLES))
    tournament_id = Maybe()
    table_no = Maybe()
    entry_id = Maybe()
    signup_no = Maybe()  # a personal link from a sign-up (docs/sign-up.md)
    director = fields.Nested(Director, allow_none=True)
    club = fields.Nested(Club, allow_none=True)


class FirstScreen(Closed):
    """A link's first screen in one answer (GET /api/me/first, docs/first-scan.md)."""

    me = fields.Nested(Me)
    # Its role view and the public view (as /view and /public answer them); none for a director.
    views = fields.List(Free())


class Health(Closed):
    ok = fields.Boolean()
    server_time = Int()


class PresetSummary(Closed):
    id = fields.String()
    name = LocalText()
    description = LocalText()
    custom = fields.Boolean()


class Preset(Open):
    """A whole preset (shared_rules/presets, JSON Schema there): format, structure, seating, payouts…"""

    id = fields.String()
    name = LocalText()


class LegalWarning(Closed):
    """A limit of the law the answer warns of, without refusing (engine/legal.py)."""

    code = fields.String()  # legal_short_structure, legal_tournaments_day
    rule = fields.String()  # the article: "VGS Art. 39 Abs. 5"
    message = fields.String()  # English; the phone words it from code and params
    params = Free()


class SavedPreset(Closed):
    id = fields.String()
    name = fields.String()
    warnings = fields.List(fields.Nested(LegalWarning))


class Tournament(Closed):
    id = Int()
    name = fields.String()
    preset_id = fields.String()
    created_at = Int()
    status = Maybe(fields.String)
    legal = Maybe(fields.String)  # the legal profile's id, null without one
    warnings = optional(fields.List(fields.Nested(LegalWarning)))  # only in the answer to its creation


class Link(Closed):
    url = fields.String()


class TableLink(Link):
    table_no = Int()


class PlayerLink(Link):
    entry_id = Int()
    name = fields.String()


class Links(Closed):
    display = fields.Nested(Link)
    tables = fields.List(fields.Nested(TableLink))
    players = fields.List(fields.Nested(PlayerLink))


class Revoked(Closed):
    revoked = Int()


class Invitation(Closed):
    url = fields.String()
    qr_svg = fields.String()
    club = fields.Nested(Club)
    access = fields.String(validate=validate.OneOf(GIVEN))
    tournament_id = Maybe()  # the tournament a limited director is invited to run
    expires_at = Int()


class InvitationInfo(Closed):
    first_setup = fields.Boolean()  # the server's first setup link: it creates the first club
    club = fields.Nested(Club, allow_none=True)
    access = fields.String(validate=validate.OneOf(GIVEN))
    tournament_id = Maybe()


class ClubSummary(Closed):
    id = Int()
    name = fields.String()
    created_at = Int()
    directors = Int()
    tournaments = Int()


class NewClub(Closed):
    club = fields.Nested(ClubSummary)
    invitation = fields.Nested(Invitation)


class TournamentDirectors(Closed):
    """Who may run one tournament: the club's full directors, and the limited ones given it."""

    tournament_id = Int()
    directors = fields.List(fields.Nested(Director))


class Venue(Closed):
    staff_url = fields.String()
    player_url = fields.String()
    secure = fields.Boolean()
    loopback = fields.Boolean()
    fix = Maybe(
        fields.String, validate=validate.OneOf(["listen_on_lan", "connect_network"])
    )  # what to change, if phones cannot reach it
    local_https = fields.Boolean()
    trust_url = Maybe(fields.String)
    ca_fingerprint = Maybe(fields.String)
    printed_url = Maybe(fields.String)  # the address printed QR codes carry when it is not this server's any more
    other_urls = fields.List(fields.String())


# --- leagues, review ------------------------------------------------------------------------


class Person(Closed):
    id = Int()
    name = fields.String()
    created_at = Int()


class League(Closed):
    id = Int()
    name = fields.String()
    kind = fields.String()
    points = Free(allow_none=True)
    created_at = Int()
    tournaments = optional(fields.List(Int()))


class PublishSettings(Closed):
    """A league's public standings page (api/publish.py, docs/standings-publish.md)."""

    league_id = Int()
    published = fields.Boolean()  # /s/<id> answers; off: 404
    names = fields.String(validate=validate.OneOf(PUBLIC_NAMES))  # full | initials | hidden
    origins = fields.List(fields.String())  # the websites that may frame it (https origins)
    link = fields.String()  # the page's address (a new one replaces it)
    embed = fields.String()  # the iframe to paste into the club's website
    subscribers = Int()  # the league's players who get the standings mail after each night


class MyStandingsMail(Closed):
    """A player's standings mail (api/standings_mail.py): the address it goes to, or would go to
    (the one he signed up with), and whether it goes."""

    email = Maybe(fields.String)
    subscribed = fields.Boolean()


class Standings(Open):
    """The league, and its standings overall, per month and half-year, and who qualifies."""

    league = fields.Nested(League)


class NightPoints(Closed):
    league_id = Int()
    name = fields.String()
    points = Int()


class Night(Closed):
    """One tournament the person played (backend/read/player_history.py), as its state stands."""

    tournament_id = Int()
    name = fields.String()
    preset_id = fields.String()
    played_on = fields.String()  # YYYY-MM-DD: the day of the seat draw
    status = fields.String(validate=validate.OneOf(["seated", "running", "finished"]))
    provisional = fields.Boolean()  # still running: place and prize as they stand
    entry_id = Int()
    place = Maybe()  # null: still in, or disqualified
    tie = Int()  # players sharing the place
    players = Int()  # the field (entries, not buy-ins)
    still_in = fields.Boolean()
    disqualified = fields.Boolean()
    prize = Money()
    currency = fields.String()
    knockouts = Int()
    reentries = Int()
    rebuys = Int()
    hh_chips = Maybe()  # headhunter chips after the night; null where the preset has none
    points = fields.List(fields.Nested(NightPoints))  # per league with a points table counting it


class PrizeSum(Closed):
    currency = fields.String()
    amount = Money()


class BestFinish(Closed):
    place = Int()
    tie = Int()
    tournament_id = Int()


class LeaguePoints(Closed):
    league_id = Int()
    name = fields.String()
    kind = fields.String()
    points = Int()
    nights = Int()  # his nights that counted (a disqualification counts none)


class HistoryTotals(Closed):
    nights = Int()
    cashes = Int()  # nights with a prize
    wins = Int()
    prizes = fields.List(fields.Nested(PrizeSum))  # one sum per currency
    best = fields.Nested(BestFinish, allow_none=True)
    knockouts = Int()
    reentries = Int()
    rebuys = Int()
    hh_chips = Maybe()  # after his latest night with headhunter chips (V-VII.r)
    leagues = fields.List(fields.Nested(LeaguePoints))


class HistoryPerson(Closed):
    id = Int()
    name = fields.String()


class PlayerHistory(Closed):
    """A person's nights in his club, newest first, and their totals (docs/season.md)."""

    kind = fields.String(validate=validate.OneOf(["player_history"]))
    person = fields.Nested(HistoryPerson, allow_none=True)  # null: a link whose entry has no person
    nights = fields.List(fields.Nested(Night))
    totals = fields.Nested(HistoryTotals)
    provisional = fields.Boolean()  # a night still running counts as it stands
    server_time = Int()


class AuditItem(Closed):
    seq = Int()
    at = Int()
    type = fields.String()
    actor = Maybe(fields.String)
    actor_text = fields.String()
    device_id = Maybe(fields.String)
    op_id = Maybe(fields.String)
    text = fields.String()


class AuditPage(Closed):
    items = fields.List(fields.Nested(AuditItem))
    next_before = Maybe()


class Rejection(Closed):
    op_id = fields.String()
    device_id = fields.String()
    at = Int()
    type = Maybe(fields.String)
    actor = Maybe(fields.String)
    actor_text = Maybe(fields.String)
    what = Maybe(fields.String)
    text = fields.String()
    error = Maybe(fields.String)
    why = Maybe(fields.String)
    field = Maybe(fields.String)
    params = Free(allow_none=True)


class Rejections(Closed):
    count = Int()
    items = fields.List(fields.Nested(Rejection))


# --- Web Push --------------------------------------------------------------------------------


class PushKey(Closed):
    public_key = fields.String()  # the applicationServerKey for PushManager.subscribe
    available = fields.Boolean()  # false where the server may post to no push service


class PushSubscribed(Closed):
    ok = fields.Boolean()
    tournament_id = Int()


class PushUnsubscribed(Closed):
    ok = fields.Boolean()
    removed = fields.Boolean()


# --- the cash box (read/cash_box.py) --------------------------------------------------------


class PayoutSlip(Closed):
    entry_id = Int()
    name = fields.String()
    place = Maybe()
    tie = Int()
    prize = fields.Float()
    paid = Maybe(fields.Float)


class CashBox(Closed):
    """The night's money: counts of buy-ins by how they were paid, amounts as the views show them."""

    currency = fields.String()
    entry_price = fields.Float()
    buy_ins = Int()
    prepaid = Int()
    at_desk = Int()
    outstanding = Int()
    rebuys = Int()
    addons = Int()
    reentries = Int()
    collected_at_desk = fields.Float()
    paid_in_advance = fields.Float()
    not_yet_paid = fields.Float()
    prize_pool = fields.Float()
    house = fields.Float()
    paid_out = fields.Float()
    still_to_pay = fields.Float()
    in_the_box = fields.Float()
    slips = fields.List(fields.Nested(PayoutSlip))
    finished = fields.Boolean()


# --- the club's public page and sign-up (api/sign_up.py) ---------------------------------------


class PublicClub(Closed):
    name = fields.String()
    slug = fields.String()
    show_names = fields.Boolean()


class Listing(Closed):
    id = Int()
    name = fields.String()
    starts_at = Maybe()
    status = fields.String()
    preset = Maybe(fields.String)
    preset_name = LocalText(allow_none=True)
    description = LocalText(allow_none=True)
    house_rules = Free(allow_none=True)  # {"en": [...], "de": [...]}: the preset's own words
    currency = Maybe(fields.String)
    buy_in = Money()
    fee = Money()
    start_stack = Int()
    levels = Int()
    level_minutes = Maybe(fields.Float)
    sign_up = fields.Nested(SignUpSettings)
    open_now = fields.Boolean()
    field = Int()
    capacity = Maybe()
    waiting = Int()
    names = optional(fields.List(fields.String()))  # only where the club shows them (docs/privacy.md)


class ClubPage(Closed):
    club = fields.Nested(PublicClub)
    link = fields.String()  # the short link, for the wall's QR code
    calendar = fields.String()  # the calendar feed to subscribe to (api/club_calendar.py)
    tournaments = fields.List(fields.Nested(Listing))
    server_time = Int()


class DeskScan(Closed):
    """A player's QR code scanned at the desk (backend/api/desk_scan.py)."""

    entry_id = Maybe()  # his place in the field; null while he waits
    wait_id = Maybe()  # his place on the waiting list while he waits
    signup_no = Maybe()  # his sign-up's number; null for a seat card typed in at the desk
    name = fields.String()
    status = fields.String(
        validate=validate.OneOf(
            ["registered", "promoted", "checked_in", "waiting", "cancelled", "no_show", "seated", "out"]
        )
    )
    position = Maybe()  # on the waiting list
    prepaid = fields.Boolean()
    id_check_needed = fields.Boolean()  # the preset checks IDs (N-3.4) and his was not seen yet
    pays_at_check_in = fields.Boolean()  # his buy-in comes into the pool when he checks in (N-3.1)
    amount = Money()  # to collect at check-in now (0: prepaid, or nothing to check in)
    price = Money()  # buy-in and fee
    currency = Maybe(fields.String)


class SignedUp(Closed):
    status = fields.String(validate=validate.OneOf(["applied"]))
    op_id = fields.String()
    tournament_id = Int()
    signup_no = Int()
    name = fields.String()  # as registered: the club's person's spelling where one matched
    waiting = fields.Boolean()
    token = fields.String()  # the personal link's token: from sign-up to the prize
    link = fields.String()
    server_time = Int()


class MyDataErased(Closed):
    """What erasing from the personal link did (docs/privacy.md)."""

    status = fields.String(validate=validate.OneOf(["erased"]))
    tournament_id = Int()
    cancelled = fields.Boolean()  # before the draw: his place or waiting entry was called off now
    email_erased = fields.Boolean()  # an address was kept and is gone now
    push_subscriptions_removed = Int()
    name_kept = fields.Boolean()  # always true: the name stays in the results and the money
    message = fields.String()  # the same in words (English; the phone shows its own)
    server_time = Int()


# --- the room's screens: the club's logo, sponsors and theme (api/club_images.py) -------------


class ClubImage(Closed):
    """An image as the club's directors see it (their card lists, orders and deletes these)."""

    id = Int()
    kind = fields.String(validate=validate.OneOf(["logo", "sponsor"]))
    name = fields.String()
    position = Int()  # the sponsors' order in the rotation, from 0 (a logo: 0)
    url = fields.String()  # /media/<club_id>/<id>-<sha12>.<png|webp>: no token, cached for a year
    mime = fields.String(validate=validate.OneOf(["image/png", "image/webp"]))
    width = Int()
    height = Int()
    bytes = Int()  # of the stored (re-encoded) file
    created_at = Int()


class ImageLimits(Closed):
    max_bytes = Int()  # of an upload
    max_pixels = Int()  # width × height of an upload
    max_side = Int()
    max_sponsors = Int()
    keep_side = Free()  # {"logo": px, "sponsor": px}: the long side an image is scaled down to


class ClubScreens(Closed):
    """The director's card "The room's screens": the club's look and its images, with the limits."""

    theme = fields.String(validate=validate.OneOf(list(SCREEN_THEMES)))
    rotate_s = Int()
    logo = fields.Nested(ClubImage, allow_none=True)
    sponsors = fields.List(fields.Nested(ClubImage))
    limits = fields.Nested(ImageLimits)


class LookLogo(Closed):
    url = fields.String()
    width = Int()
    height = Int()


class LookSponsor(LookLogo):
    name = fields.String()


class ClubLook(Closed):
    """What a TV of the club shows of it: colours, logo, sponsors in order and their rotation."""

    theme = fields.String(validate=validate.OneOf(list(SCREEN_THEMES)))
    logo = fields.Nested(LookLogo, allow_none=True)
    sponsors = fields.List(fields.Nested(LookSponsor))
    rotate_s = Int()


# --- the club's chip set and the structure builder (docs/structures.md) ------------------------


class ClubChipRow(Closed):
    value = Int()
    colour = fields.String()
    count = Int()


class ClubChips(Closed):
    """The club's chip set, by value; null until a director saved one."""

    chips = fields.List(fields.Nested(ClubChipRow), allow_none=True)


class BuiltColourUp(Closed):
    remove = fields.List(Int())
    method = fields.String(validate=validate.OneOf(["race", "round_up"]))


class BuiltEntry(Closed):
    """A structure entry as presets write it (shared_rules/preset.schema.json): a level or a break."""

    kind = fields.String(validate=validate.OneOf(["level", "break"]))
    sb = optional(Int())
    bb = optional(Int())
    ante = optional(Int())
    minutes = fields.Float()
    colour_up = optional(fields.Nested(BuiltColourUp))


class BuildWarning(Closed):
    """code: ends_early, ends_late, never_ends (estimate); no_chip_set, chips_short, no_bigger_chip,
    field_exceeds_seats (plan). The message is English; params carry its numbers."""

    code = fields.String()
    message = fields.String()
    params = Free()


class BuildEstimate(Closed):
    """When the tournament ends by the method named (docs/structures.md): minutes from the start to the
    end of the end level (breaks before it included), the level (levels only, 1-based), its big blind."""

    end_minutes = Maybe(fields.Float)
    end_level = Maybe()
    end_bb = Maybe()
    method = fields.String()
    end_pots = Int()
    target_minutes = fields.Float()
    warnings = fields.List(fields.Nested(BuildWarning))


class ChipNeed(Closed):
    value = Int()
    colour = Maybe(fields.String)  # the club's colour of this value, null when it has none
    count = Int()
    owned = Maybe()  # null: the club has no chip set saved


class ChipStage(Closed):
    """The chips in play at the start (at null) or after the colour-up at structure entry `at`."""

    at = Maybe()
    label = fields.String()
    removed = fields.List(Int())
    needed = fields.List(fields.Nested(ChipNeed))


class ChipPlan(Closed):
    seats = Maybe()  # players the club's set can seat with the expected re-entries/rebuys/add-ons
    stages = fields.List(fields.Nested(ChipStage))
    warnings = fields.List(fields.Nested(BuildWarning))


class BuiltStructure(Closed):
    structure = fields.List(fields.Nested(BuiltEntry))
    start_stack = Int()
    total_chips = Int()  # chips in play with every expected stack bought
    estimate = fields.Nested(BuildEstimate)
    plan = fields.Nested(ChipPlan)


# --- the club's statistics (docs/statistics.md) ---------------------------------------------


class StatsNight(Closed):
    """One night (a tournament whose seats were drawn), dated by its clock's first start in the club's
    time zone. Durations in ms: the clock's first start to the winner (finished nights only), and the
    structure builder's estimated end for the chips the night had (null when the structure never gets
    there); levels count levels only, from 1."""

    tournament_id = Int()
    name = fields.String()
    date = fields.String()  # YYYY-MM-DD, the club's local day
    at = Int()  # when it was played: its clock's first start, else its seat draw (ms)
    finished = fields.Boolean()
    players = Int()
    entries = Int()  # players + re-entries
    reentries = Int()
    rebuys = Int()
    addons = Int()
    prize_pool = Money()
    currency = fields.String()
    reserved = Int()  # registered in advance and not called off
    no_shows = Int()  # of those, the ones who never came
    duration_ms = Maybe()
    planned_ms = Maybe()
    ended_level = Maybe()
    planned_level = Maybe()


class StatsPool(Closed):
    currency = fields.String()
    total = Money()
    average = Money()  # per night


class StatsTotals(Closed):
    nights = Int()
    players = Int()
    entries = Int()
    reentries = Int()
    rebuys = Int()
    addons = Int()
    average_players = Maybe(fields.Float)
    average_entries = Maybe(fields.Float)
    reentry_rate = Maybe(fields.Float)  # re-entries per player
    reserved = Int()
    no_shows = Int()
    no_show_rate = Maybe(fields.Float)  # no-shows per reservation
    prize_pools = fields.List(fields.Nested(StatsPool))  # one per currency, the biggest first
    finished = Int()
    average_duration_ms = Maybe()
    average_planned_ms = Maybe()  # over the finished nights with an estimate
    average_over_ms = Maybe()  # how much longer than planned they ran, on average (negative: shorter)


class StatsHours(Closed):
    """Buy-ins at the desk (arrivals and re-entries) by weekday (Monday first) and hour, local time."""

    counts = fields.List(fields.List(Int()))
    total = Int()


class StatsSeason(Closed):
    id = fields.String()  # "2026", or "league-3"
    kind = fields.String(validate=validate.OneOf(["year", "league"]))
    name = fields.String()


class ClubStats(Closed):
    season = fields.String()
    seasons = fields.List(fields.Nested(StatsSeason))
    time_zone = fields.String()
    scope = fields.String(validate=validate.OneOf(["club", "own"]))  # own: a limited director's tournaments
    nights = fields.List(fields.Nested(StatsNight))
    totals = fields.Nested(StatsTotals)
    hours = fields.Nested(StatsHours)
