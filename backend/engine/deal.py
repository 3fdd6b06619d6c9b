"""The final table's deal: the players still in share the prize money left, as they all agree.

What is shared: the money left is the pool less every prize already won by a player out (so the
remainders and forfeited shares that would go to the winner are in it), less `keep`, an amount
kept to play for that goes to whoever wins. The places' amounts for the players left are the
payout table's places 1..n, the money the table does not place (remainders) on the first.

Methods (each gives exact fractions, then `rounded`):
- **icm**: Malmuth–Harville equity (engine/icm.py) over those amounts, `keep` taken off the first.
- **chip**: chip chop with the floor players expect: everyone is guaranteed the smallest of those
  amounts (the next player out would get it), the rest is shared in proportion to the chips. A
  stack of 0 chips gets the floor. (Not plain proportional: that would pay an empty stack nothing
  although the next bust is guaranteed a prize.)
- **even**: the same for everyone.
- **custom**: the director's amounts, which must add up exactly; not rounded.

Rounding: each amount rounded down to `round_to` (default: the preset's payout rounding unit);
what the rounding leaves (less than one unit a player) goes to the biggest stack, the first of
equal stacks in the rows' order — like the payout table's remainder goes to the winner (N-3.7).
The amounts always add up exactly to the money left less `keep`.

Agreement (events, so replay and the audit log have it): `deal_proposed`, each player's
`deal_answered` (from his phone, or recorded by the director), `deal_applied` once all agreed
(and the director confirmed, where the preset asks for it), `deal_undone`. A rejection closes the
proposal and nothing changes. An applied deal changes the prizes only (money.prize): places,
league points and headhunter chips follow play as before.

Presets say `format.deal` = {"allowed": bool, "director_confirms": bool}; a preset without prize
money (points only, prizes in kind) has nothing to share in cash and allows no deal.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from marshmallow import ValidationError, fields, validate

from . import money
from .catalog import DIRECTOR, applies, command
from .census import census
from .icm import MAX_PLAYERS, icm
from .model import Command, Decision, Event, Lookup, Rejection, TournamentState
from .payload import MAX_CHIPS, StrictSchema, Text, cents, entry_field
from .payouts import exact, round_down, rounding_unit, shown

METHODS = ("icm", "chip", "even", "custom")
PLAYER_OR_DIRECTOR = frozenset({"director", "player"})  # a player answers for himself from his link
MONEY_MAX = 10**9


def settings(state: TournamentState) -> dict:
    deal = state.format.get("deal") or {}
    return {"allowed": bool(deal.get("allowed", True)), "director_confirms": bool(deal.get("director_confirms", False))}


# ------------------------------------------------------------------ payloads


class Amount(fields.Float):
    """Money as a JSON number: "100" (a string) or true is refused, not read as 100 or 1."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValidationError("Must be a number.")
        return super()._deserialize(value, attr, data, **kwargs)


class StackRow(StrictSchema):
    entry_id = entry_field(required=True)
    chips = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=0, max=MAX_CHIPS, error="Must be a whole number of chips, 0 or more."),
    )


class AmountRow(StrictSchema):
    entry_id = entry_field(required=True)
    amount = Amount(required=True, allow_nan=False, validate=[validate.Range(min=0, max=MONEY_MAX), cents])


class DealPayload(StrictSchema):
    """A deal to calculate or propose: the stacks of every player still in (2 to 10: exact ICM)."""

    method = Text(required=True, validate=validate.OneOf(METHODS))
    stacks = fields.List(fields.Nested(StackRow), required=True, validate=validate.Length(min=2, max=MAX_PLAYERS))
    keep = Amount(
        allow_nan=False, allow_none=True, load_default=None, validate=[validate.Range(min=0, max=MONEY_MAX), cents]
    )
    round_to = Amount(
        allow_nan=False, allow_none=True, load_default=None, validate=[validate.Range(min=0.01, max=100_000), cents]
    )
    amounts = fields.List(
        fields.Nested(AmountRow), allow_none=True, load_default=None, validate=validate.Length(min=2, max=MAX_PLAYERS)
    )


class AnswerDealPayload(StrictSchema):
    deal_no = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=10**6))
    accept = fields.Boolean(required=True, truthy={True}, falsy={False})  # true or false, not "yes" or 1
    entry_id = entry_field(load_default=None, allow_none=True)  # the director's record of a verbal answer


class DealNoPayload(StrictSchema):
    deal_no = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=10**6))


# ------------------------------------------------------------------ the arithmetic


def players_in(state: TournamentState) -> list[int]:
    """The players at the final table (the one table in play), by seat."""
    tables = [t for t in state.tables.values() if not t.broken and t.seats]
    return [e for t in tables for _, e in sorted(t.seats.items())]


def money_left(state: TournamentState) -> Fraction:
    """The pool less every prize already won by a player out (a pass over the paid places only)."""
    return money.pool(state) - sum(
        (money.prize(state, state.entries[e]) for e in money.in_money_out(state)), Fraction(0)
    )


def place_amounts(state: TournamentState, n: int) -> list[Fraction]:
    """Places 1..n's amounts, what the table does not place (remainders, forfeits) on the first."""
    table = money.amounts(state)
    places = [table[i] if i < len(table) else Fraction(0) for i in range(n)]
    places[0] += money_left(state) - sum(places, Fraction(0))
    return places


def unit(state: TournamentState, round_to: float | None) -> Fraction:
    return exact(round_to) if round_to else rounding_unit(state.preset.get("payouts"))


def rounded(amounts: list[Fraction], chips: list[int], step: Fraction) -> list[Fraction]:
    """Each amount rounded down to `step`; the remainder to the biggest stack (the first of equals)."""
    out = [round_down(a, step) for a in amounts]
    biggest = max(range(len(chips)), key=lambda i: (chips[i], -i))
    out[biggest] += sum(amounts, Fraction(0)) - sum(out, Fraction(0))
    return out


def calculate(state: TournamentState, payload: dict) -> dict | Rejection:
    """{rows: [{entry_id, name, chips, amount (Fraction)}], total, keep, round_to}, or why not.
    Every check a proposal needs, so the preview and the proposal refuse alike."""
    problem = _refusal(state)
    if problem:
        return problem
    stacks = payload.get("stacks") or []
    ids = [row["entry_id"] for row in stacks]
    left = players_in(state)
    for i, entry_id in enumerate(ids):
        if entry_id not in left or ids.index(entry_id) != i:
            return Rejection(
                "deal_stacks_mismatch",
                f"Player #{entry_id} is not at the final table, or listed twice.",
                f"stacks.{i}.entry_id",
                "invalid",
                params={"entry_id": entry_id},
            )
    missing = [e for e in left if e not in ids]
    if missing:
        name = state.entries[missing[0]].name
        return Rejection(
            "deal_stacks_mismatch",
            f"{name}'s stack is missing: list every player still in.",
            "stacks",
            "invalid",
            params={"name": name},
        )
    chips = [row["chips"] for row in stacks]
    if not any(chips):
        return Rejection("deal_no_chips", "At least one stack must have chips.", "stacks", "invalid", params={})
    places = place_amounts(state, len(ids))
    keep = exact(payload.get("keep") or 0)
    if keep > places[0]:
        return Rejection(
            "deal_keep_too_big",
            f"At most {shown(places[0])} can be kept to play for (the first place's prize).",
            "keep",
            "invalid",
            params={"max": shown(places[0])},
        )
    places[0] -= keep
    shared = sum(places, Fraction(0))
    method = payload.get("method")
    step = unit(state, payload.get("round_to"))
    if method == "custom":
        given = {row["entry_id"]: exact(row["amount"]) for row in payload.get("amounts") or []}
        if sorted(given) != sorted(ids) or len(given) != len(payload.get("amounts") or []):
            return Rejection(
                "deal_amounts_mismatch",
                "Give one amount for every player in the deal.",
                "amounts",
                "invalid",
                params={},
            )
        if sum(given.values(), Fraction(0)) != shared:
            return Rejection(
                "deal_amounts_mismatch",
                f"The amounts add up to {shown(sum(given.values(), Fraction(0)))}, not {shown(shared)}.",
                "amounts",
                "invalid",
                params={"total": shown(shared), "given": shown(sum(given.values(), Fraction(0)))},
            )
        amounts = [given[e] for e in ids]
    else:
        if method == "icm":
            exact_amounts = icm(chips, places)
        elif method == "chip":
            floor = min(places)
            rest = shared - floor * len(ids)
            exact_amounts = [floor + rest * Fraction(c, sum(chips)) for c in chips]
        else:
            exact_amounts = [shared / len(ids)] * len(ids)
        amounts = rounded(exact_amounts, chips, step)
    rows = [
        {"entry_id": e, "name": state.entries[e].name, "chips": c, "amount": a}
        for e, c, a in zip(ids, chips, amounts, strict=True)
    ]
    return {"rows": rows, "total": shared, "keep": keep, "round_to": None if method == "custom" else step}


def _refusal(state: TournamentState) -> Rejection | None:
    if not settings(state)["allowed"]:
        return Rejection("deal_not_allowed", "This tournament's rules allow no deal.", None, params={})
    if not state.preset.get("payouts") or money.pool(state) <= 0:
        return Rejection(
            "no_cash_deal", "There is no prize money to share (points or prizes in kind only).", None, params={}
        )
    if state.status not in ("seated", "running"):
        return Rejection("deal_not_now", "A deal is made while the final table plays.", None, params={})
    if census(state).occupied > 1:
        return Rejection("deal_not_final_table", "A deal is made at the final table.", None, params={})
    left = len(players_in(state))
    if left < 2:
        return Rejection("deal_too_few", "A deal needs at least two players.", None, params={"players": left})
    if left > MAX_PLAYERS:
        return Rejection(
            "deal_too_many", f"A deal is for at most {MAX_PLAYERS} players.", None, params={"players": left}
        )
    if state.deal_prizes is not None:
        return Rejection(
            "deal_already_applied",
            f"Deal #{state.deal_prizes['deal_no']} is already applied; undo it first.",
            None,
            params={"deal_no": state.deal_prizes["deal_no"]},
        )
    return None


def shown_rows(rows: list[dict]) -> list[dict]:
    return [{**row, "amount": shown(row["amount"])} for row in rows]


# ------------------------------------------------------------------ commands


@command("propose_deal", payload=DealPayload, roles=DIRECTOR, emits=("deal_proposed",))
def decide_propose(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """A new proposal replaces an open one; every player in it answers on his phone."""
    result = calculate(state, cmd.payload)
    if isinstance(result, Rejection):
        return result
    deal_no = (state.deal["deal_no"] if state.deal else 0) + 1
    payload = {
        "deal_no": deal_no,
        "method": cmd.payload["method"],
        "keep": shown(result["keep"]),
        "round_to": None if result["round_to"] is None else shown(result["round_to"]),
        "rows": shown_rows(result["rows"]),
        "total": shown(result["total"]),
        "at": cmd.now,
    }
    return Decision([Event("deal_proposed", payload)], {"deal_no": deal_no})


def _open_deal(state: TournamentState, deal_no: object) -> Lookup:
    """(the open deal, None), or (None, why not): only the latest proposal, while it is open."""
    deal = state.deal
    if deal is None or deal["deal_no"] != deal_no:
        return None, Rejection("unknown_deal", f"There is no deal #{deal_no}.", "deal_no", "not_found", params={})
    if deal["status"] != "open":
        return None, Rejection(
            "deal_closed", f"Deal #{deal_no} is {deal['status']}.", "deal_no", params={"status": deal["status"]}
        )
    return deal, None


def _latest(state: TournamentState) -> dict:
    """The deal an answer or an application belongs to: its decision made sure there is one."""
    if state.deal is None:
        raise ValueError("a deal event without a proposal before it")
    return state.deal


@command("answer_deal", payload=AnswerDealPayload, roles=PLAYER_OR_DIRECTOR, emits=("deal_answered", "deal_applied"))
def decide_answer(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """A player accepts or rejects from his phone; the director records a verbal answer. The last
    acceptance applies the deal, unless the preset has the director confirm it."""
    p = cmd.payload
    deal, problem = _open_deal(state, p.get("deal_no"))
    if problem:
        return problem
    if cmd.actor.role == "player":
        entry_id = cmd.actor.entry_id
        if p.get("entry_id") not in (None, entry_id):
            return Rejection("forbidden", "A player answers for himself only.", "entry_id", "forbidden")
    else:
        entry_id = p.get("entry_id")
        if entry_id is None:
            return Rejection("deal_entry_required", "Say whose answer this is.", "entry_id", "invalid", params={})
    if entry_id not in deal["answers"]:
        return Rejection(
            "not_in_deal", f"Player #{entry_id} is not in deal #{deal['deal_no']}.", "entry_id", "forbidden", params={}
        )
    if deal["answers"][entry_id] is not None:
        return Rejection("already_answered", "This answer is already recorded.", "entry_id", params={})
    accept = p["accept"]
    events = [
        Event(
            "deal_answered",
            {"deal_no": deal["deal_no"], "entry_id": entry_id, "accept": accept, "by": cmd.actor.role, "at": cmd.now},
        )
    ]
    others = [a for e, a in deal["answers"].items() if e != entry_id]
    if accept and all(others) and not settings(state)["director_confirms"]:
        events.append(Event("deal_applied", {"deal_no": deal["deal_no"], "at": cmd.now}))
    return Decision(events, {"deal_no": deal["deal_no"], "applied": len(events) > 1})


@command("apply_deal", payload=DealNoPayload, roles=DIRECTOR, emits=("deal_applied",))
def decide_apply(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """The director's confirmation of a deal every player agreed to (where the preset asks for it)."""
    deal, problem = _open_deal(state, cmd.payload.get("deal_no"))
    if problem:
        return problem
    waiting = [state.entries[e].name for e, a in deal["answers"].items() if not a]
    if waiting:
        return Rejection(
            "deal_not_agreed", f"Not agreed yet: {', '.join(waiting)}.", "deal_no", params={"names": waiting}
        )
    return Decision([Event("deal_applied", {"deal_no": deal["deal_no"], "at": cmd.now})], {})


@command("undo_deal", payload=DealNoPayload, roles=DIRECTOR, emits=("deal_undone",), after_finish=True)
def decide_undo(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """The prizes go back to the payout table's, exactly; money handed out meanwhile becomes a correction."""
    deal_no = cmd.payload.get("deal_no")
    if state.deal_prizes is None or state.deal_prizes["deal_no"] != deal_no:
        return Rejection("deal_not_applied", f"Deal #{deal_no} is not applied.", "deal_no", params={})
    return Decision([Event("deal_undone", {"deal_no": deal_no, "at": cmd.now})], {})


# ------------------------------------------------------------------ events


@applies("deal_proposed", public=False, views="custom")
def apply_proposed(state: TournamentState, event: Event) -> None:
    p = event.payload
    state.deal = {
        **p,
        "status": "open",
        "answers": {row["entry_id"]: None for row in p["rows"]},
    }


@applies("deal_answered", public=False, views="custom")
def apply_answered(state: TournamentState, event: Event) -> None:
    p, deal = event.payload, _latest(state)
    deal["answers"][p["entry_id"]] = p["accept"]
    if not p["accept"]:
        deal["status"] = "rejected"


@applies("deal_applied", views="custom")
def apply_applied(state: TournamentState, event: Event) -> None:
    deal = _latest(state)
    deal["status"] = "applied"
    agreed = {row["entry_id"]: exact(row["amount"]) for row in deal["rows"]}
    state.deal_prizes = {"deal_no": deal["deal_no"], "amounts": agreed, "keep": exact(deal["keep"] or 0)}
    money.refresh(state, agreed)


@applies("deal_undone", views="custom")
def apply_undone(state: TournamentState, event: Event) -> None:
    ids = list(state.deal_prizes["amounts"]) if state.deal_prizes else []
    state.deal_prizes = None
    if state.deal and state.deal["deal_no"] == event.payload["deal_no"]:
        state.deal["status"] = "undone"
    money.refresh(state, ids)


def default_stacks(state: TournamentState) -> list[dict] | None:
    """What the director's deal form starts from at the final table: every player still in with his
    stack at the table's latest count (null where none was counted); None before the final table."""
    if state.status not in ("seated", "running") or census(state).occupied != 1:
        return None
    left = players_in(state)
    if not 2 <= len(left) <= MAX_PLAYERS:
        return None
    table_no = state.entries[left[0]].table_no
    counted = (state.last_counts.get(table_no) or {}).get("chips", {}) if table_no is not None else {}
    return [{"entry_id": e, "name": state.entries[e].name, "chips": counted.get(e)} for e in left]


def view(state: TournamentState) -> dict | None:
    """The latest deal for the director's and the players' screens."""
    deal = state.deal
    if deal is None:
        return None
    answers = deal["answers"]
    return {
        "deal_no": deal["deal_no"],
        "status": deal["status"],
        "method": deal["method"],
        "keep": deal["keep"],
        "round_to": deal["round_to"],
        "rows": [
            {
                **row,
                "answer": None
                if answers[row["entry_id"]] is None
                else ("accepted" if answers[row["entry_id"]] else "rejected"),
            }
            for row in deal["rows"]
        ],
        "total": deal["total"],
        "director_confirms": settings(state)["director_confirms"],
    }
