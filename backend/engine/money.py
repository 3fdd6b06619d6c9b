"""Prize pool, prizes, payouts and corrections (N-3.7, N-3.8, TDA RP-8).

The pool is the buy-ins, rebuys, add-ons and re-entries (prices from the preset's format; fees
never enter it), kept as counters while events arrive. The payout table for the field (the
number of buy-ins, N-3.7) is cached per (field, pool), so a prize costs one lookup.

A prize is handed out right after the bust (N-3.8): the director's view lists what is due and
`confirm_payout` records it. When places move under a paid player (a late bust, a
disqualification, a change of the pool) a **correction** says who was paid what and who should
get what; `settle_correction` records that the difference changed hands.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from marshmallow import fields, validate

from .catalog import DIRECTOR, applies, command
from .model import Command, Decision, Entry, Event, Lookup, Rejection, TournamentState
from .payload import EntryPayload, StrictSchema
from .payouts import Money, exact, payout_fractions, payout_percentages, rounding_unit, shown, split

LEDGER_SIZE = 50
ZERO = Fraction(0)


def pool(state: TournamentState) -> Fraction:
    return exact(state.money["pool"])


def amounts(state: TournamentState) -> list[Fraction]:
    """The amount of each paid place for the field and pool as they stand (cached)."""
    payouts = state.preset.get("payouts")
    key = (state.money["buy_ins"], state.money["pool"], id(payouts))
    cached = state.cache.get("payouts")
    if cached is None or cached[0] != key:
        # No money in the pool (a generic freeze-out before the director sets a buy-in): no paid places.
        paying = payouts if pool(state) > 0 else None
        cached = (
            key,
            payout_fractions(paying, state.money["buy_ins"], pool(state)),
            payout_percentages(paying, state.money["buy_ins"]),
        )
        state.cache["payouts"] = cached
    return cached[1]


def payout_list(state: TournamentState) -> list[dict]:
    """[{place, percent, amount}] for the public view."""
    table = amounts(state)
    percents = state.cache["payouts"][2]
    return [
        {"place": i + 1, "percent": p, "amount": shown(a)} for i, (p, a) in enumerate(zip(percents, table, strict=True))
    ]


def paid_places(state: TournamentState) -> int:
    return len(amounts(state))


def _unit(state: TournamentState) -> Fraction:
    return rounding_unit(state.preset.get("payouts"))


def winner_extra(state: TournamentState, table: list[Fraction]) -> Fraction:
    """What ties and forfeited places leave over: the remainder of each split (rounded down to
    the unit), the share of a player out with no prize (N-3.2) and paid places nobody holds go to
    the winner."""
    extra = ZERO
    unit = _unit(state)
    # Paid places nobody holds (fewer players than buy-ins after re-entries, or disqualifications
    # at the bottom): their money has no one below to move up, so it stays with the winner.
    holders = state.players_left + len(state.group_of)
    extra += sum(table[holders:], ZERO)
    for group in state.special_groups.values():
        for tier in group.tiers:
            first = state.entries[tier[0]]
            if first.place is None or first.place > len(table):
                continue
            share, remainder = split(table, first.place, len(tier), unit)
            forfeited = sum(1 for e in tier if state.entries[e].no_prize)
            extra += remainder + share * forfeited
    return extra


def remainder_to(state: TournamentState) -> int | None:
    """Who takes the remainders: the winner (N-3.7 "der Rest an den Sieger"), or, if the first
    place holds no prize (an absent player moved up by a disqualification), the best-placed
    player who does. None while the tournament runs."""
    if state.status != "finished":
        return None
    winner = state.entries.get(state.winner) if state.winner is not None else None
    if winner is not None and not winner.no_prize and not winner.disqualified:
        return winner.entry_id
    from .places import out_entries_newest_first

    return next((e for e in out_entries_newest_first(state, paid_places(state)) if not state.entries[e].no_prize), None)


def prize(state: TournamentState, entry: Entry) -> Fraction:
    """The entry's prize for its place as things stand (0 without one)."""
    if entry.place is None or entry.disqualified or entry.no_prize:
        return ZERO
    if entry.status == "active" and state.status != "finished":
        return ZERO
    deal = state.deal_prizes  # an applied deal (engine/deal.py): the agreed amount, the kept one to the winner
    if deal is not None and entry.entry_id in deal["amounts"]:
        return deal["amounts"][entry.entry_id] + (deal["keep"] if entry.entry_id == state.winner else ZERO)
    table = amounts(state)
    if entry.place > len(table):
        return ZERO
    share, _ = split(table, entry.place, entry.tie, _unit(state))
    if entry.entry_id == remainder_to(state):
        share += winner_extra(state, table)
    return share


def in_money_out(state: TournamentState) -> list[int]:
    """Players out in a paid place: the latest groups, walked from the top until the places
    are no longer paid (a pass over the paid places, never over the field)."""
    paid = paid_places(state)
    out: list[int] = []
    for group in reversed(state.out_groups):
        for tier in reversed(group.tiers):
            place = state.entries[tier[0]].place
            if place is None or place > paid:
                return out
            out += tier
    return out


def refresh(state: TournamentState, entry_ids: Iterable[int]) -> set[int]:
    """Bring what is due and the open corrections up to date for these entries (and the
    winner, whose prize takes every remainder). Returns the entries looked at."""
    ids = set(entry_ids)
    for special in (state.winner, remainder_to(state)):
        if special is not None:
            ids.add(special)
    for entry_id in ids:
        e = state.entries.get(entry_id)
        if e is None:
            continue
        now = prize(state, e)
        if e.paid is None:
            if now > 0:
                state.due.add(entry_id)
            else:
                state.due.discard(entry_id)
            continue
        state.due.discard(entry_id)
        cid = state.correction_of.get(entry_id)
        if now != e.paid:
            if cid is None:
                cid = state.next_correction_id
                state.next_correction_id += 1
                state.correction_of[entry_id] = cid
                state.corrections[cid] = {
                    "id": cid,
                    "entry_id": entry_id,
                    "paid": e.paid,
                    "due": now,
                    "place": e.place,
                    "seq": state.seq + 1,
                }
            else:
                state.corrections[cid].update(due=now, place=e.place)
        elif cid is not None:  # moved back: nothing to settle any more
            del state.corrections[cid]
            del state.correction_of[entry_id]
    return ids


def refresh_table(state: TournamentState) -> set[int]:
    """The pool or the field changed: every paid or payable amount may have moved."""
    return refresh(state, set(in_money_out(state)) | state.due | state.paid)


def add_money(
    state: TournamentState,
    kind: str,
    entry_id: int,
    price: Money,
    fee: Money = 0,
    chips: int = 0,
    at: int | None = None,
) -> None:
    """A buy-in, rebuy, add-on or re-entry: the price into the pool, the fee beside it, and a line
    in the ledger ("every rebuy on the screen, with a receipt")."""
    m = state.money
    m["pool"] = exact(m["pool"]) + exact(price)
    m["fees"] = exact(m["fees"]) + exact(fee)
    _ledger(
        state,
        {
            "kind": kind,
            "entry_id": entry_id,
            "amount": shown(exact(price) + exact(fee)),
            "to_pool": shown(exact(price)),
            "chips": chips,
            "at": at,
        },
    )


def _ledger(state: TournamentState, line: dict) -> None:
    state.ledger.append({**line, "seq": state.seq + 1})
    del state.ledger[:-LEDGER_SIZE]


# ------------------------------------------------------------------ commands


def _entry(state: TournamentState, cmd: Command) -> Lookup:
    entry_id = cmd.payload.get("entry_id")
    entry = state.entries.get(entry_id) if isinstance(entry_id, int) else None
    if entry is None:
        return None, Rejection(
            "unknown_entry", f"There is no player #{entry_id} in this tournament.", "entry_id", "not_found"
        )
    return entry, None


@command("confirm_payout", payload=EntryPayload, roles=DIRECTOR, emits=("payout_confirmed",), after_finish=True)
def decide_confirm_payout(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """N-3.8: the prize is handed over right after the bust; the director confirms it."""
    entry, problem = _entry(state, cmd)
    if problem:
        return problem
    if entry.paid is not None:
        cid = state.correction_of.get(entry.entry_id)
        hint = f" Settle correction #{cid} instead." if cid else ""
        return Rejection("already_paid", f"{entry.name} was already paid {shown(entry.paid)}.{hint}", "entry_id")
    amount = prize(state, entry)
    if amount <= 0:
        where = f"place {entry.place}" if entry.place else "no place yet"
        return Rejection(
            "no_prize",
            f"{entry.name} has no prize ({where}; {paid_places(state)} places are paid{state.cite('payouts')}).",
            "entry_id",
        )
    return Decision(
        [
            Event(
                "payout_confirmed",
                {"entry_id": entry.entry_id, "amount": shown(amount), "place": entry.place, "at": cmd.now},
            )
        ],
        {"entry_id": entry.entry_id, "amount": shown(amount)},
    )


class SettleCorrectionPayload(StrictSchema):
    id = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=10**9))


@command(
    "settle_correction",
    payload=SettleCorrectionPayload,
    roles=DIRECTOR,
    emits=("correction_settled",),
    after_finish=True,
)
def decide_settle_correction(state: TournamentState, cmd: Command) -> Decision | Rejection:
    cid = cmd.payload.get("id")
    correction = state.corrections.get(cid) if isinstance(cid, int) else None
    if correction is None:
        return Rejection("unknown_correction", f"There is no open correction #{cid}.", "id", "not_found")
    return Decision(
        [
            Event(
                "correction_settled",
                {
                    "id": cid,
                    "entry_id": correction["entry_id"],
                    "paid": shown(correction["paid"]),
                    "due": shown(correction["due"]),
                    "at": cmd.now,
                },
            )
        ],
        {"id": cid, "difference": shown(correction["due"] - correction["paid"])},
    )


@applies("payout_confirmed", public=False, views=("entry",))
def apply_payout_confirmed(state: TournamentState, event: Event) -> None:
    p = event.payload
    e = state.entries[p["entry_id"]]
    e.paid = exact(p["amount"])
    state.paid.add(e.entry_id)
    state.money["paid_out"] = exact(state.money["paid_out"]) + e.paid
    _ledger(
        state,
        {
            "kind": "payout",
            "entry_id": e.entry_id,
            "amount": p["amount"],
            "place": p.get("place"),
            "at": p.get("at"),
        },
    )
    refresh(state, [e.entry_id])


@applies("correction_settled", public=False, views=("entry",))
def apply_correction_settled(state: TournamentState, event: Event) -> None:
    p = event.payload
    e = state.entries[p["entry_id"]]
    state.corrections.pop(p["id"], None)
    state.correction_of.pop(e.entry_id, None)
    difference = exact(p["due"]) - exact(p["paid"])
    e.paid = exact(p["due"])
    state.money["paid_out"] = exact(state.money["paid_out"]) + difference
    _ledger(state, {"kind": "correction", "entry_id": e.entry_id, "amount": shown(difference), "at": p.get("at")})
    refresh(state, [e.entry_id])
