"""Penalties (N-2.23, V-XI.e, S-#36): warnings, missed hands, missed rounds, time, disqualification.

`preset["penalties"] = {"options": [...], "orbits": [1, 2, 3, 4]}`: only the listed kinds (and orbit
counts) are accepted.

- A missed round of n orbits is n × (players at his table, the penalised one included, when the
  penalty is given) hands (N-2.23, V-XI.e, S-#36). N-2.23 and V-XI.e call that a "missed hand
  penalty", so `missed_hand` takes either `hands` or `orbits`.
- `hands_left` counts the hands he still sits out, the hand in progress included. Each `new_hand`
  at the table he sits at now counts one: the first new hand after the penalty is the first he
  misses (N-1.x: the penalty starts at the end of the hand), and the new hand after his last missed
  one ends it. A moved player takes his `hands_left` with him; the hands at the new table count.
- A time penalty ends at `cmd.now + minutes`; views hide it once over.
- Disqualification is `disqualify` (results.py).
- Warnings are kept per entry for the director.
The countdown is written into `hand_started` events (`penalties`, `penalties_ended`), so replay
copies it. Only live penalties are looked at per hand (a handful), never the field.
"""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from . import results
from .catalog import DIRECTOR, STAFF, applies, command
from .model import Command, Decision, Event, Rejection, TournamentState, find_entry
from .payload import EntryPayload, StrictSchema, Text, entry_field

KINDS = ("warning", "missed_hand", "missed_round", "time", "disqualification")
KIND_WORDS = {
    "warning": "A warning",
    "missed_hand": "A missed hand",
    "missed_round": "A missed round",
    "time": "A time penalty",
    "disqualification": "A disqualification",
}
RULE_IDS = ("N-2.23", "V-XI.e", "S-#36", "G-Turnierregeln", "P-Teilnahme")


def _cite(state: TournamentState) -> str:
    cited = state.cite("penalties")
    if cited:
        return cited
    rule = next((r for r in (state.preset.get("source") or {}).get("rules", []) if r in RULE_IDS), None)
    return f" ({rule})" if rule else ""


def _options(state: TournamentState) -> dict:
    return state.preset.get("penalties") or {"options": [], "orbits": []}


def dealer_kinds(state: TournamentState) -> list[str]:
    """The penalties a dealer may give at his own table (`penalties.dealer`, S-#36); the rest are
    the director's. Presets without the key: a warning only."""
    opts = _options(state)
    return [k for k in opts.get("dealer", ["warning"]) if k in opts.get("options", [])]


def dealer_view(state: TournamentState) -> dict:
    """What the dealer's phone offers: the kinds, the orbit counts, the rule."""
    cited = _cite(state)
    return {
        "kinds": dealer_kinds(state),
        "orbits": list(_options(state).get("orbits", [])),
        "rule": cited[2:-1] if cited else None,
    }


def live(state: TournamentState, entry_id: int, now: int | None = None) -> dict | None:
    """The penalty an entry is sitting out, if any (None once over or when he is out)."""
    pen = state.penalties.get(entry_id)
    entry = state.entries.get(entry_id)
    if pen is None or entry is None or entry.status != "active":
        return None
    if "until" in pen and now is not None and pen["until"] <= now:
        return None
    return pen


def _int(cmd: Command, key: str) -> int | None:
    value = cmd.payload.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


PENALTY_KINDS = ("warning", "missed_hand", "missed_round", "time", "disqualification")


def _optional_count(unit: str, most: int, rule: str) -> fields.Integer:
    """How long a penalty lasts, in one unit: a whole number from 1 to `most`, or not given."""
    return fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=validate.Range(min=1, max=most, error=f"Must be a whole number of {unit} from 1 to {most} ({rule})."),
    )


class PenalizePayload(StrictSchema):
    entry_id = entry_field(required=True)
    kind = Text(
        required=True,
        validate=validate.OneOf(PENALTY_KINDS, error="Must be one of: " + ", ".join(PENALTY_KINDS) + " (N-2.23)."),
    )
    orbits = _optional_count("orbits", 10, "N-2.23: 1–4 rounds")
    hands = _optional_count("hands", 200, "N-2.23")
    minutes = _optional_count("minutes", 600, "N-2.23: time penalty")
    reason = Text(load_default=None, allow_none=True, multiline=True, validate=validate.Length(max=200))


@command(
    "penalize",
    payload=PenalizePayload,
    roles=STAFF,
    emits=("clock_paused", "player_disqualified", "player_penalized", "bubble_burst", "tournament_won"),
)
def decide_penalize(state: TournamentState, cmd: Command) -> Decision | Rejection:
    entry, problem = find_entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    kind = cmd.payload.get("kind")
    if kind not in KINDS:
        return Rejection("unknown_penalty", f"A penalty is one of {', '.join(KINDS)}.", "kind", "invalid")
    opts = _options(state)
    if kind not in opts.get("options", []):
        listed = ", ".join(opts.get("options", [])) or "none"
        return Rejection(
            "penalty_not_allowed", f"This tournament's rules allow these penalties: {listed}{_cite(state)}.", "kind"
        )
    if cmd.actor.role == "dealer":
        allowed = dealer_kinds(state)
        if kind not in allowed:
            return Rejection(
                "director_only",
                f"{KIND_WORDS[kind]} is the director's to give, not the dealer's{_cite(state)}.",
                "kind",
                "forbidden",
                params={"allowed": allowed, "kind": kind},
            )
        if entry.table_no != cmd.actor.table_no:
            return Rejection(
                "not_at_your_table",
                f"{entry.name} does not sit at table {cmd.actor.table_no}.",
                "entry_id",
                "forbidden",
            )
    if kind == "disqualification":
        return results.decide_disqualify(state, cmd)
    if entry.status != "active":
        what = "was disqualified" if entry.disqualified else f"is already out (place {entry.place})"
        return Rejection("already_out", f"{entry.name} {what} — penalty not applied.", "entry_id")
    extra = {"warning": (), "missed_hand": ("hands", "orbits"), "missed_round": ("orbits",), "time": ("minutes",)}
    for key in ("hands", "orbits", "minutes"):
        if cmd.payload.get(key) is not None and key not in extra[kind]:
            return Rejection(
                "not_for_this_penalty", f"'{key}' does not go with a {kind.replace('_', ' ')} penalty.", key, "invalid"
            )
    reason = " ".join(str(cmd.payload.get("reason") or "").split())[:200]
    payload = {
        "entry_id": entry.entry_id,
        "kind": kind,
        "reason": reason,
        "at": cmd.now,
        "by": cmd.actor.role,
        "table_no": entry.table_no,
    }
    if kind != "warning" and live(state, entry.entry_id, cmd.now):
        return Rejection(
            "already_penalised", f"{entry.name} is already sitting out a penalty; lift it first.", "entry_id"
        )
    if kind in ("missed_hand", "missed_round"):
        table = state.tables.get(entry.table_no)
        if state.status not in ("seated", "running") or table is None:
            return Rejection("not_seated", f"{entry.name} has no seat yet; hands are counted at his table.", "entry_id")
        orbits, hands = _int(cmd, "orbits"), _int(cmd, "hands")
        if orbits is None and hands is None:
            field = "orbits" if kind == "missed_round" else "hands"
            return Rejection(
                "count_required", f"Say how many orbits (or hands) he sits out{_cite(state)}.", field, "invalid"
            )
        if orbits is not None:
            if orbits < 1 or orbits not in opts.get("orbits", []):
                listed = ", ".join(str(o) for o in opts.get("orbits", [])) or "none"
                return Rejection(
                    "orbits_not_allowed",
                    f"Orbits allowed: {listed}{_cite(state)}.",
                    "orbits",
                    "invalid" if orbits < 1 else "conflict",
                )
            players = len(table.seats)
            hands = orbits * players
            payload.update(orbits=orbits, players_at_table=players)
        elif hands is None or hands < 1:
            return Rejection("invalid_hands", "A missed-hand penalty is 1 hand or more.", "hands", "invalid")
        payload.update(hands=hands, hands_left=hands)
    elif kind == "time":
        minutes = _int(cmd, "minutes")
        if minutes is None or minutes < 1:
            return Rejection("minutes_required", "A time penalty lasts 1 minute or more.", "minutes", "invalid")
        payload.update(minutes=minutes, until=cmd.now + minutes * 60_000)
    result: dict[str, Any] = {
        "entry_id": entry.entry_id,
        "kind": kind,
        **{k: payload[k] for k in ("hands", "orbits", "until") if k in payload},
    }
    return Decision([Event("player_penalized", payload)], result)


@command("lift_penalty", payload=EntryPayload, roles=DIRECTOR, emits=("penalty_lifted",))
def decide_lift(state: TournamentState, cmd: Command) -> Decision | Rejection:
    entry, problem = find_entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    pen = live(state, entry.entry_id, cmd.now)
    if pen is None:
        return Rejection("no_penalty", f"{entry.name} is not sitting out a penalty.", "entry_id")
    return Decision(
        [
            Event(
                "penalty_lifted",
                {"entry_id": entry.entry_id, "kind": pen["kind"], "at": cmd.now, "table_no": entry.table_no},
            )
        ],
        {"entry_id": entry.entry_id},
    )


def annotate(state: TournamentState, cmd: Command, outcome: Decision | Rejection) -> Decision | Rejection:
    """A new hand counts one hand for every penalised player at that table (written into the event)."""
    if not isinstance(outcome, Decision) or not state.penalties:
        return outcome
    events, changed = [], False
    for event in outcome.events:
        if event.type == "hand_started":
            counted, ended = [], []
            for entry_id, pen in sorted(state.penalties.items()):
                if "hands_left" not in pen or live(state, entry_id) is None:
                    continue
                if state.entries[entry_id].table_no != event.payload["table_no"]:
                    continue
                left = pen["hands_left"] - (1 if pen.get("serving") else 0)
                if left <= 0:
                    ended.append(entry_id)
                else:
                    counted.append({"entry_id": entry_id, "hands_left": left})
            if counted or ended:
                event = Event(event.type, {**event.payload, "penalties": counted, "penalties_ended": ended})
                changed = True
        events.append(event)
    return Decision(events, outcome.result) if changed else outcome


# ------------------------------------------------------------------ appliers


@applies("penalty_lifted", public=False, views="custom")
def apply_penalty_lifted(state: TournamentState, event: Event) -> None:
    state.penalties.pop(event.payload["entry_id"], None)


@applies("player_penalized", public=False, views="custom")
def apply_penalized(state: TournamentState, event: Event) -> None:
    p = event.payload
    if p["kind"] == "warning":
        state.warnings.setdefault(p["entry_id"], []).append({"reason": p["reason"], "at": p["at"], "by": p["by"]})
        return
    pen = {"kind": p["kind"], "reason": p["reason"], "at": p["at"]}
    for key in ("hands_left", "hands", "orbits", "until"):
        if key in p:
            pen[key] = p[key]
    state.penalties[p["entry_id"]] = pen


def apply_hand(state: TournamentState, event: Event) -> None:
    """After `hand_started`: the counted penalties (see `annotate`)."""
    p = event.payload
    for c in p.get("penalties", ()):
        pen = state.penalties[c["entry_id"]]
        pen["hands_left"], pen["serving"] = c["hands_left"], True
    for entry_id in p.get("penalties_ended", ()):
        state.penalties.pop(entry_id, None)


# ------------------------------------------------------------------ views


def _shown(pen: dict) -> dict:
    out = {"kind": pen["kind"], "reason": pen["reason"]}
    if "hands_left" in pen:
        out["hands_left"] = pen["hands_left"]
    if "until" in pen:
        out["until"] = pen["until"]
    return out


def entry_penalty(state: TournamentState, entry_id: int, now: int | None = None) -> dict | None:
    pen = live(state, entry_id, now)
    return _shown(pen) if pen else None


def table_penalties(state: TournamentState, table_no: int, now: int) -> list[dict]:
    """Who sits out at this table and for how long (the dealer's phone)."""
    rows = []
    for entry_id in state.penalties:
        e = state.entries[entry_id]
        pen = live(state, entry_id, now)
        if pen is None or e.table_no != table_no:
            continue
        rows.append({"seat": e.seat, "entry_id": entry_id, "name": e.name, **_shown(pen)})
    return sorted(rows, key=lambda r: r["seat"] or 0)


def entry_warnings(state: TournamentState, entry_id: int) -> list[dict]:
    return list(state.warnings.get(entry_id, ()))
