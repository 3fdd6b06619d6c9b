"""The night's cash box: what came in at the desk and what was paid in advance, what was paid out,
the house's share, and a payout slip per prize (N-3.1 fee, N-3.7 prizes, N-3.8 paid at the bust).

Read on demand (the Money section's cash card, the printout), never pushed: it passes over the
entries once, which a push to the director's phone must not do at 10,000 players.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine import money
from ..engine.model import TournamentState
from ..engine.payouts import exact, shown


def cash_box(state: TournamentState) -> dict:
    """Amounts as the views show them (whole or two decimals); counts of buy-ins by how they were paid:
    in advance (prepaid, N-3.2), at the desk (a walk-in or at check-in), or not at all yet (a
    reservation that never checked in, still in the pool where the preset keeps him)."""
    fmt = state.format
    entry_price = exact(fmt.get("buy_in", 0)) + exact(fmt.get("fee", 0))
    prepaid = outstanding = 0
    slips: list[dict[str, Any]] = []
    for e in state.entries.values():
        if e.status == "released" or not state.buy_in_counted(e):
            continue
        if e.prepaid:
            prepaid += 1
        elif not e.present:
            outstanding += 1
        prize = money.prize(state, e)
        if prize > 0 or e.paid is not None:
            slips.append(
                {
                    "entry_id": e.entry_id,
                    "name": e.name,
                    "place": e.place,
                    "tie": e.tie,
                    "prize": shown(prize),
                    "paid": shown(e.paid) if e.paid is not None else None,
                }
            )
    m = state.money
    brought = exact(m["pool"]) + exact(m["fees"])  # every buy-in, rebuy, add-on, re-entry and fee
    in_advance = prepaid * entry_price
    not_paid = outstanding * entry_price
    at_desk = brought - in_advance - not_paid
    paid_out = exact(m["paid_out"])
    due = sum((exact(s["prize"]) - exact(s["paid"] or 0) for s in slips), Fraction(0))
    return {
        "currency": fmt.get("currency", ""),
        "entry_price": shown(entry_price),
        "buy_ins": m["buy_ins"],
        "prepaid": prepaid,
        "at_desk": m["buy_ins"] - prepaid - outstanding,
        "outstanding": outstanding,
        "rebuys": m["rebuys"],
        "addons": m["addons"],
        "reentries": m["reentries"],
        "collected_at_desk": shown(at_desk),
        "paid_in_advance": shown(in_advance),
        "not_yet_paid": shown(not_paid),
        "prize_pool": shown(money.pool(state)),
        "house": shown(exact(m["fees"])),  # the fee (Unkostenbeitrag) never enters the pool
        "paid_out": shown(paid_out),
        "still_to_pay": shown(max(due, Fraction(0))),
        "in_the_box": shown(at_desk - paid_out),
        "slips": sorted(slips, key=lambda s: (s["place"] or 10**9, s["entry_id"])),
        "finished": state.status == "finished",
    }
