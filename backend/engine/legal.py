"""The law's limits (a legal profile): the numbers a club must keep to by law, as data.

A profile (shared_rules/legal/<id>.json: ch-vgs, de-fee-only) holds each limit with the article it
rests on. The service writes the whole profile into the tournament's preset when the tournament is
created (`preset["legal"]`) and into `legal_profile_set` when the director changes it, so a replay
decides with the limits the tournament ran under, whatever the files say later. A preset file only
names the profile (`"legal": "ch-vgs"`): a name the engine does not expand is no profile.

What one tournament cannot know (a player's Startgelder in the club's other tournaments of the day,
how many of them started) the API puts into the command as `legal_day` (backend/read/legal_day.py,
a `before` effect that overwrites whatever a client sent); the engine decides with it.

Checked here: every Startgeld (buy-in, rebuy, add-on; the fee is none: BGS Art. 36 Abs. 2) at most
`max_buy_in`; the tournament's Startgelder at most `max_pool`; a player's Startgelder of the day at
most `max_player_day`; all Startgelder of the day at most `max_day_pool`; the clock starts only with
`min_players` and while fewer than `max_tournaments_day` others started that day; the prizes are
the whole pool (`pays_out_pool`) or not money at all (`no_cash_prizes`); no rebuys, re-entries or
add-ons (`no_further_payments`); a fee at most `max_fee`. A structure shorter than
`min_planned_minutes` is only a warning: the law asks that it be *designed* to last that long.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from marshmallow import validate

from .catalog import DIRECTOR, applies, command
from .model import Command, Decision, Event, Rejection, TournamentState
from .payload import StrictSchema, Text
from .payouts import exact, shown

PROFILES = ("ch-vgs", "de-fee-only")
NONE = "none"
# The payments a player makes for chips, per kind of price in the preset's format.
PAID_EXTRAS = (("rebuy", "rebuy"), ("addon", "addon"))
# The English words of the messages (the phones word them from params.what: pwa/src/i18n).
ONE = {"buy_in": "A buy-in", "rebuy": "A rebuy", "addon": "An add-on"}
MANY = {"rebuy": "rebuys", "reentry": "reentries", "addon": "addons"}
MANY_WORDS = {"rebuys": "rebuys", "reentries": "re-entries", "addons": "add-ons"}
REASON_MIN = 10


def profile(state: TournamentState) -> dict | None:
    """The tournament's legal profile with its limits, None without one."""
    return profile_of(state.preset)


def profile_of(preset: dict) -> dict | None:
    legal = preset.get("legal")
    return legal if isinstance(legal, dict) and isinstance(legal.get("limits"), dict) else None


def limit(legal: dict | None, key: str) -> dict | None:
    found = (legal or {}).get("limits", {}).get(key)
    return found if isinstance(found, dict) and "value" in found else None


def rule_of(state: TournamentState, key: str) -> str | None:
    """The article a limit rests on ("VGS Art. 39 Abs. 1 lit. a"), None without the limit."""
    found = limit(profile(state), key)
    return str(found["cite"]) if found else None


def _refusal(code: str, message: str, field: str | None, found: dict, **params: Any) -> Rejection:
    rule = str(found["cite"])
    return Rejection(code, f"{message} ({rule}).", field, params={**params, "rule": rule})


# Whose Startgelder each pool limit holds (VGS Art. 39 Abs. 1 lit. b, Abs. 2 lit. b).
POOLS = {
    "max_pool": ("legal_pool", "The Startgelder of this tournament"),
    "max_day_pool": ("legal_day_pool", "The Startgelder of all the club's tournaments today"),
}


def _pool_over(legal: dict | None, key: str, amount: Fraction, currency: object, field: str | None) -> Rejection | None:
    """The refusal when `amount` would pass the profile's pool limit `key`, else None."""
    found = limit(legal, key)
    if not found or amount <= exact(found["value"]):
        return None
    code, whose = POOLS[key]
    most = shown(exact(found["value"]))
    return _refusal(
        code,
        f"{whose} would come to {shown(amount)} {currency}, over the legal {most} {currency}",
        field,
        found,
        pool=shown(amount),
        max=most,
        currency=str(currency),
    )


# ------------------------------------------------------------------ the preset's format


def _price(fmt: dict, key: str) -> Fraction:
    rule = fmt.get(key)
    return exact(rule.get("price", 0)) if isinstance(rule, dict) else Fraction(0)


def _pays_in(fmt: dict) -> bool:
    return exact(fmt.get("buy_in") or 0) > 0 or any(_price(fmt, key) > 0 for key, _ in PAID_EXTRAS)


def _brackets_whole(payouts: dict) -> bool:
    brackets = payouts.get("brackets")
    if not isinstance(brackets, list) or not brackets:
        return False
    return all(sum(exact(p) for p in b.get("percent", [])) == 100 for b in brackets if isinstance(b, dict))


def preset_problem(preset: dict, legal: dict | None) -> Rejection | None:
    """The first way the preset's money breaks its legal profile, None if it keeps to it. Pure on
    the preset, so the API checks a preset before a tournament exists (creation, saving)."""
    if legal is None:
        return None
    fmt = preset.get("format") or {}
    currency = fmt.get("currency")
    found = limit(legal, "currency")
    if found and currency != found["value"]:
        return _refusal(
            "legal_currency",
            f"This tournament runs under the law's limits in {found['value']}: its amounts cannot be in {currency}",
            "currency",
            found,
            currency=str(currency),
            expected=str(found["value"]),
        )
    found = limit(legal, "max_buy_in")
    if found:
        most = exact(found["value"])
        for what, amount in (("buy_in", exact(fmt.get("buy_in") or 0)), *((k, _price(fmt, k)) for k, _ in PAID_EXTRAS)):
            if amount > most:
                return _refusal(
                    "legal_buy_in",
                    f"{ONE[what]} of {shown(amount)} {currency} is over the legal "
                    f"{shown(most)} {currency} per Startgeld",
                    what,
                    found,
                    what=what,
                    variant=what,
                    amount=shown(amount),
                    max=shown(most),
                    currency=str(currency),
                )
    found = limit(legal, "max_fee")
    if found and exact(fmt.get("fee") or 0) > exact(found["value"]):
        return _refusal(
            "legal_fee",
            f"A fee of {shown(exact(fmt.get('fee') or 0))} {currency} is more than the "
            f"{shown(exact(found['value']))} {currency} that covers the costs in practice",
            "fee",
            found,
            amount=shown(exact(fmt.get("fee") or 0)),
            max=shown(exact(found["value"])),
            currency=str(currency),
        )
    found = limit(legal, "no_further_payments")
    if found and found["value"]:
        for what in ("rebuy", "reentry", "addon"):
            if fmt.get(what):
                return _refusal(
                    "legal_further_payment",
                    f"No {MANY_WORDS[MANY[what]]}: each would be a further payment for a chance to win",
                    what,
                    found,
                    what=MANY[what],
                    variant=MANY[what],
                )
    payouts = preset.get("payouts")
    found = limit(legal, "no_cash_prizes")
    if found and found["value"] and payouts:
        return _refusal(
            "legal_cash_prizes",
            "No cash prizes: points or prizes in kind only, so the tournament has no payout table",
            "payouts",
            found,
        )
    found = limit(legal, "pays_out_pool")
    if found and found["value"] and _pays_in(fmt) and not (isinstance(payouts, dict) and _brackets_whole(payouts)):
        return _refusal(
            "legal_payouts",
            "The prizes must be all the Startgelder: a payout table whose shares add up to 100 %, "
            "nothing kept by the house",
            "payouts",
            found,
        )
    return None


def planned_minutes(structure: list[dict]) -> float:
    """What the structure is designed to last: its levels and breaks (a stop has no length)."""
    return sum(float(e.get("minutes") or 0) for e in structure if e.get("kind") in ("level", "break"))


def structure_warnings(structure: list[dict], legal: dict | None) -> list[dict]:
    """VGS Art. 39 Abs. 5 "auf eine Dauer von mindestens drei Stunden ausgelegt": a warning in the
    answer, never a refusal (a night may end sooner than planned)."""
    found = limit(legal, "min_planned_minutes")
    minutes = planned_minutes(structure)
    if not found or minutes >= float(found["value"]):
        return []
    rule = str(found["cite"])
    planned = round(minutes)
    return [
        {
            "code": "legal_short_structure",
            "rule": rule,
            "message": f"The structure is planned for {planned} minutes; "
            f"the law asks for at least {found['value']} ({rule}).",
            "params": {"minutes": planned, "min": found["value"], "rule": rule},
        }
    ]


# ------------------------------------------------------------------ what a decision pays in


def paid_by(state: TournamentState, entry_id: int) -> Fraction:
    """The Startgelder an entry of this tournament has paid so far (buy-in and re-entries at the
    buy-in, rebuys and add-on at their price; never the fee: BGS Art. 36 Abs. 2)."""
    entry = state.entries.get(entry_id)
    if entry is None or entry.status == "released":
        return Fraction(0)
    fmt = state.format
    buy_in = exact(fmt.get("buy_in") or 0)
    paid = buy_in * entry.reentries + _price(fmt, "rebuy") * entry.rebuys
    paid += _price(fmt, "addon") if entry.addon else 0
    return paid + (buy_in if state.buy_in_counted(entry) else 0)


def _payments(state: TournamentState, events: list[Event]) -> list[tuple[int | None, Fraction]]:
    """(entry id, Startgeld) for each payment the events make."""
    buy_in = exact(state.format.get("buy_in") or 0)
    paid: list[tuple[int | None, Fraction]] = []
    for event in events:
        p = event.payload
        registered = event.type == "player_registered" and not p.get("pays_at_check_in")
        if registered or (event.type in ("player_checked_in", "registration_flags_set") and p.get("buy_in") == 1):
            paid.append((p.get("entry_id"), buy_in))  # his buy-in comes into the pool now
        elif event.type in ("rebought", "addon_bought", "reentered", "alternate_seated"):
            paid.append((p.get("entry_id"), exact(p.get("price") or 0)))
    return [(e, amount) for e, amount in paid if amount > 0]


def _refunds(state: TournamentState, events: list[Event]) -> Fraction:
    """The Startgelder the same events hand back: released no-shows at the check-in's close (N-3.6),
    a registration taken back, a prepaid flag withdrawn. A close that releases ten and moves ten up
    from the waiting list leaves the pool as it was: it must not be refused as if it grew."""
    buy_in = exact(state.format.get("buy_in") or 0)
    released: list[int] = []
    back = Fraction(0)
    for event in events:
        p = event.payload
        if event.type == "check_in_closed":
            released += p.get("released") or []
        elif event.type == "registration_removed":
            released.append(int(p["entry_id"]))
        elif event.type == "registration_flags_set" and p.get("buy_in") == -1:
            back += buy_in
    for entry_id in released:  # as check_in.release hands it back: his buy-in, if it was in
        entry = state.entries.get(entry_id)
        back += buy_in if entry is not None and state.buy_in_counted(entry) else 0
    return back


def _day(cmd: Command) -> dict:
    day = cmd.payload.get("legal_day")
    return day if isinstance(day, dict) else {}


def _money_problem(state: TournamentState, cmd: Command, events: list[Event]) -> Rejection | None:
    payments = _payments(state, events)
    if not payments:
        return None
    legal, currency = profile(state), state.format.get("currency")
    total = sum((amount for _, amount in payments), Fraction(0)) - _refunds(state, events)
    pool = exact(state.money["pool"])
    day = _day(cmd)
    problem = _pool_over(legal, "max_pool", pool + total, currency, "entry_id") or _pool_over(
        legal, "max_day_pool", exact(day.get("pool") or 0) + pool + total, currency, "entry_id"
    )
    if problem:
        return problem
    found = limit(legal, "max_player_day")
    if found and len(payments) == 1:  # one player's payment: a batch (an import) has no day of its own
        entry_id, amount = payments[0]
        entry = state.entries.get(entry_id) if entry_id is not None else None
        name = entry.name if entry is not None else str(cmd.payload.get("name") or "?")
        before = exact(day.get("paid") or 0) + (paid_by(state, entry_id) if entry_id is not None else 0)
        most = exact(found["value"])
        if before + amount > most:
            return _refusal(
                "legal_player_day",
                f"{name} has paid {shown(before)} {currency} in Startgelder today; another "
                f"{shown(amount)} {currency} would be over the legal {shown(most)} {currency} a day",
                "entry_id",
                found,
                name=name,
                paid=shown(before),
                amount=shown(amount),
                max=shown(most),
                currency=str(currency),
            )
    return None


def _start_problem(state: TournamentState, cmd: Command) -> Rejection | None:
    """The first start of the clock is the tournament's start (VGS Art. 39 Abs. 3, 4)."""
    legal = profile(state)
    found = limit(legal, "min_players")
    players = sum(1 for e in state.entries.values() if e.status != "released" and state.buy_in_counted(e))
    if found and players < int(found["value"]):
        return _refusal(
            "legal_min_players",
            f"{players} players have paid; the tournament starts with at least {found['value']}",
            None,
            found,
            players=players,
            min=found["value"],
        )
    found = limit(legal, "max_tournaments_day")
    started = int(_day(cmd).get("tournaments") or 0)
    if found and started >= int(found["value"]):
        return _refusal(
            "legal_tournaments_day",
            f"{started} of the club's tournaments started today already; at most {found['value']} a day",
            None,
            found,
            started=started,
            max=found["value"],
        )
    return None


def annotate(state: TournamentState, cmd: Command, outcome: Decision | Rejection) -> Decision | Rejection:
    """The law's limits on a decision the house rules allowed: refused, or warned in its answer."""
    if isinstance(outcome, Rejection) or profile(state) is None:
        return outcome
    types = {e.type for e in outcome.events}
    if "clock_started" in types and state.clock.status == "idle":
        problem = _start_problem(state, cmd)
        if problem:
            return problem
    if "settings_edited" in types:
        event = next(e for e in outcome.events if e.type == "settings_edited")
        problem = _settings_problem(state, event.payload["changes"])
        if problem:
            return problem
    problem = _money_problem(state, cmd, outcome.events)
    if problem:
        return problem
    if "structure_set" in types:
        event = next(e for e in outcome.events if e.type == "structure_set")
        warnings = structure_warnings(event.payload["structure"], profile(state))
        if warnings:
            return Decision(outcome.events, {**outcome.result, "warnings": warnings})
    return outcome


def _settings_problem(state: TournamentState, changes: dict) -> Rejection | None:
    """A new buy-in, fee or currency within the profile; the registered players re-priced within the pool."""
    fmt = {**state.format, **{k: v for k, v in changes.items() if k in ("buy_in", "fee", "currency")}}
    problem = preset_problem({**state.preset, "format": fmt}, profile(state))
    if problem or "buy_in" not in changes:
        return problem
    pool = exact(changes["buy_in"]) * state.money["buy_ins"]
    return _pool_over(profile(state), "max_pool", pool, fmt.get("currency"), "buy_in")


# ------------------------------------------------------------------ the director turns it on or off


class SetLegalProfilePayload(StrictSchema):
    profile = Text(required=True, validate=validate.OneOf((NONE, *PROFILES)))
    reason = Text(load_default="", validate=validate.Length(max=500))
    # No `limits` here: the API adds the profile's limits from shared_rules/legal/ after this schema
    # refused anything else a phone sent (backend/api/effects.py), so the event holds the real ones.


@command(
    "set_legal_profile",
    payload=SetLegalProfilePayload,
    roles=DIRECTOR,
    emits=("legal_profile_set",),
    effects=("legal_profile",),
)
def decide_set_legal_profile(state: TournamentState, cmd: Command) -> Decision | Rejection:
    wanted = cmd.payload.get("profile")
    reason = " ".join(str(cmd.payload.get("reason") or "").split())
    current = profile(state)
    current_id = current["id"] if current else NONE
    if wanted == current_id:
        return Rejection("no_change", f"The legal profile is already {wanted}.", "profile", params={})
    if wanted == NONE:
        if len(reason) < REASON_MIN:
            return Rejection(
                "reason_required",
                f"Say why the law's limits do not apply here (at least {REASON_MIN} characters).",
                "reason",
                "invalid",
                params={"min": REASON_MIN},
            )
        return Decision(
            [Event("legal_profile_set", {"profile": None, "legal": None, "reason": reason, "before": current_id})],
            {"profile": NONE},
        )
    legal = cmd.payload.get("limits")
    if not isinstance(legal, dict) or legal.get("id") != wanted or not isinstance(legal.get("limits"), dict):
        return Rejection("unknown_profile", f"There is no legal profile '{wanted}'.", "profile", "invalid")
    problem = preset_problem(state.preset, legal) or _pool_problem(state, legal)
    if problem:
        return problem
    payload = {"profile": wanted, "legal": legal, "reason": reason, "before": current_id}
    return Decision(
        [Event("legal_profile_set", payload)],
        {"profile": wanted, "warnings": structure_warnings(state.structure, legal)},
    )


def _pool_problem(state: TournamentState, legal: dict) -> Rejection | None:
    return _pool_over(legal, "max_pool", exact(state.money["pool"]), state.format.get("currency"), None)


@applies("legal_profile_set", public=False)
def apply_legal_profile_set(state: TournamentState, event: Event) -> None:
    state.preset = {**state.preset, "legal": event.payload.get("legal")}


def view(state: TournamentState) -> dict | None:
    """The director's line: which profile applies, with its limits."""
    legal = profile(state)
    if legal is None:
        return None
    return {"id": legal["id"], "name": legal.get("name"), "limits": legal["limits"]}
