"""Headhunter chips (V-VII.r, V-VII.s): house rules as preset data,
`preset["headhunter"] = {"start_chips": 1, "wild_card_at": 12}` (null: no headhunter chips).

- Every entry starts with `start_chips` HH chips, plus the chips the service carries in from earlier
  tournament days (`hh_carried` in `register_player`: V-VII.r "addieren sich auch übergreifend auf die
  Spieltage und können nicht verfallen"). Balances are per entry inside one tournament
  (`state.hh`); the league adds them up per person.
- A bust with `eliminated_by` hands the busted player's HH chip(s) to the eliminator: V-VII.r
  "erhält man von dem eliminierten Spieler seinen HH" — the chip(s) he was given at the start,
  `min(start_chips, balance)`. What he collected from others stays his (it never expires). Several
  players out in one hand (`record_busts`) each pay the player who won the pot that put him out:
  A takes B's main pot and C takes D's side pot, so B's chip goes to A and D's to C.
- `use_wild_card {entry_id, as: "rebuy" | "addon"}`: with at least `wild_card_at` chips, the player
  spends `wild_card_at` of them and gets the rebuy or the add-on for free, before the break (the
  preset's rebuy deadline, or the add-on's break, via `deadlines.is_open`).

The outcome is written into the events (`hh` on registrations, `hh_transfers` on busts, the
`wild_card_used` event), so replay copies and never recomputes. A balance never goes negative.
"""

from __future__ import annotations

from marshmallow import validate

from . import entries
from .catalog import DIRECTOR, applies, command
from .deadlines import describe, is_open
from .model import Command, Decision, Entry, Event, Rejection, TournamentState
from .payload import StrictSchema, Text, entry_field
from .results import eliminator_of

RULE = "V-VII.r"


def rules(state: TournamentState) -> dict | None:
    return state.preset.get("headhunter") or None


def _start(state: TournamentState) -> int:
    return int((rules(state) or {}).get("start_chips", 0))


def transfers(state: TournamentState, busted: list[int], by: int | None) -> list[dict]:
    """The HH chips each busted entry hands to the eliminator (none without an eliminator)."""
    if by is None or not rules(state):
        return []
    out = []
    for entry_id in busted:
        chips = min(_start(state), state.hh.get(entry_id, 0))
        if chips > 0:
            out.append({"from": entry_id, "to": by, "chips": chips})
    return out


def annotate(state: TournamentState, cmd: Command, outcome: Decision | Rejection) -> Decision | Rejection:
    """Write the headhunter outcome into the events another rule decided (registrations, busts)."""
    if not isinstance(outcome, Decision) or not rules(state):
        return outcome
    changed, events = False, []
    for event in outcome.events:
        p = event.payload
        if event.type in ("player_registered", "alternate_seated"):
            carried = int(cmd.payload.get("hh_carried") or 0) if event.type == "player_registered" else 0
            event = Event(event.type, {**p, "hh": {"chips": _start(state) + carried, "carried": carried}})
            changed = True
        elif event.type in ("player_busted", "players_busted"):
            items = p["busts"] if event.type == "players_busted" else [p]
            # each busted player's chip goes to whoever won the pot that put him out
            moved = [t for item in items for t in transfers(state, [item["entry_id"]], eliminator_of(p, item))]
            if moved:
                event = Event(event.type, {**p, "hh_transfers": moved})
                changed = True
        events.append(event)
    return Decision(events, outcome.result) if changed else outcome


# Headhunter chips and penalties (V-VII.r, N-2.23, V-XI.e, S-#36). `as` is a Python keyword: from_dict.
UseWildCardPayload = StrictSchema.from_dict(
    {
        "entry_id": entry_field(required=True),
        "as": Text(
            required=True,
            validate=validate.OneOf(
                ("rebuy", "addon"), error="Must be 'rebuy' or 'addon' (V-VII.r: the wild card is a rebuy or an add-on)."
            ),
        ),
    },
    name="UseWildCardPayload",
)


@command(
    "use_wild_card", payload=UseWildCardPayload, roles=DIRECTOR, emits=("addon_bought", "rebought", "wild_card_used")
)
def decide_wild_card(state: TournamentState, cmd: Command) -> Decision | Rejection:
    hh = rules(state)
    if not hh:
        return Rejection("no_headhunter", "This tournament plays without headhunter chips.", "entry_id")
    entry, problem = entries._entry(state, cmd)
    if problem:
        return problem
    use = cmd.payload.get("as")
    if use not in ("rebuy", "addon"):
        return Rejection("invalid_wild_card", "A wild card is used as 'rebuy' or 'addon' (V-VII.r).", "as", "invalid")
    need = int(hh["wild_card_at"])
    have = state.hh.get(entry.entry_id, 0)
    if have < need:
        return Rejection(
            "too_few_hh_chips", f"{entry.name} has {have} HH chips; a wild card takes {need} ({RULE}).", "entry_id"
        )
    if use == "rebuy":
        outcome = entries.decide_rebuy(state, cmd)
        if isinstance(outcome, Rejection):
            return outcome
        bought = outcome.events[0]
        bought = Event(bought.type, {**bought.payload, "price": 0, "wild_card": True})
        result = outcome.result
    else:
        addon = _addon(state, cmd, entry)
        if isinstance(addon, Rejection):
            return addon
        bought, result = addon
    used = Event(
        "wild_card_used", {"entry_id": entry.entry_id, "as": use, "spent": need, "hh_left": have - need, "at": cmd.now}
    )
    return Decision([used, bought], {**result, "hh_chips": have - need, "wild_card": use})


def _addon(state: TournamentState, cmd: Command, entry: Entry) -> tuple[Event, dict] | Rejection:
    """The add-on for free with a wild card: only before the add-on's break (V-VII.r "vor der Pause")."""
    rule = state.format.get("addon")
    if not rule:
        return Rejection("no_addon", f"This tournament has no add-on{state.cite('addon')}.", "as")
    problem = entries._playing(state)
    if problem:
        return problem
    if entry.status != "active":
        return Rejection(
            "not_in",
            f"{entry.name} is out; an add-on is for players still in (a busted player uses the wild card as a rebuy).",
            "as",
        )
    if entry.addon:
        return Rejection(
            "addon_taken", f"{entry.name} already took the add-on: one per player{state.cite('addon')}.", "as"
        )
    if not is_open(state, rule["at"], cmd.now):
        return Rejection("wild_card_closed", f"A wild card is used before {describe(rule['at'])} ({RULE}).", "as")
    event = Event(
        "addon_bought",
        {
            "entry_id": entry.entry_id,
            "chips": int(rule["stack"]),
            "price": 0,
            "at": cmd.now,
            "table_no": entry.table_no,
            "wild_card": True,
        },
    )
    return event, {"entry_id": entry.entry_id, "chips": int(rule["stack"])}


# ------------------------------------------------------------------ appliers


def apply_extra(state: TournamentState, event: Event) -> None:
    """Runs after the applier of a registration or a bust: the HH part of the event."""
    p = event.payload
    if "hh" in p:
        state.hh[p["entry_id"]] = p["hh"]["chips"]
        state.hh_carried[p["entry_id"]] = p["hh"]["carried"]
    if event.type in ("player_busted", "players_busted"):
        # What each bust handed over, so undo_bust can give back exactly that (engine/undo.py).
        for entry_id in [b["entry_id"] for b in p["busts"]] if event.type == "players_busted" else [p["entry_id"]]:
            state.hh_given.pop(entry_id, None)
        for t in p.get("hh_transfers", ()):
            state.hh_given[t["from"]] = {"to": t["to"], "chips": t["chips"]}
    for t in p.get("hh_transfers", ()):
        state.hh[t["from"]] = state.hh.get(t["from"], 0) - t["chips"]
        state.hh[t["to"]] = state.hh.get(t["to"], 0) + t["chips"]


@applies("wild_card_used", views=("entry",))
def apply_wild_card(state: TournamentState, event: Event) -> None:
    p = event.payload
    state.hh[p["entry_id"]] = p["hh_left"]


def entry_view(state: TournamentState, entry_id: int) -> dict | None:
    hh = rules(state)
    if not hh:
        return None
    chips = state.hh.get(entry_id, 0)
    return {
        "hh_chips": chips,
        "hh_carried": state.hh_carried.get(entry_id, 0),
        "wild_card_at": int(hh["wild_card_at"]),
        "wild_card": chips >= int(hh["wild_card_at"]),
    }
