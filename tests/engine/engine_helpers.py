import json
from pathlib import Path

from backend.engine import Actor, Command, Event, apply, decide, replay

GENERIC = json.loads((Path(__file__).resolve().parents[2] / "shared_rules/presets/generic.json").read_text())


def director_cmd(type, payload, now=1_800_000_000_000, seed=7, at=None):
    return Command(type, payload, Actor("director"), now=now, at=at, seed=seed)


def run(state, cmd):
    """Decide and apply; returns the decision (or rejection)."""
    decision = decide(state, cmd)
    for event in getattr(decision, "events", []):
        apply(state, event)
    return decision


def tournament_with(players=0, tables=None, seed=7):
    state = replay(1, [(1, Event("tournament_created", {"name": "Test", "preset": GENERIC}))])
    for i in range(players):
        run(state, director_cmd("register_player", {"name": f"P{i + 1}"}))
    if tables:
        run(state, director_cmd("draw_seats", {"tables": tables}, seed=seed))
    return state, state.seq


PRESETS = Path(__file__).resolve().parents[2] / "shared_rules/presets"
LEGAL_DIR = str(Path(__file__).resolve().parents[2] / "shared_rules/legal")  # backend/legal_profiles.expand


def preset(preset_id: str) -> dict:
    return json.loads((PRESETS / f"{preset_id}.json").read_text())


class Log:
    """Decide and apply like the service does: every event goes through JSON (the store's
    round trip) and into a log that `replayed()` rebuilds the state from."""

    def __init__(self, preset_data: dict, name: str = "Test"):
        self.events = [Event("tournament_created", {"name": name, "preset": preset_data})]
        self.state = replay(1, [(1, self.events[0])])

    def run(self, cmd):
        decision = decide(self.state, cmd)
        for event in getattr(decision, "events", []):
            event = Event(event.type, json.loads(json.dumps(event.payload)))
            self.events.append(event)
            apply(self.state, event)
        return decision

    def event(self, type, payload):
        event = Event(type, json.loads(json.dumps(payload)))
        self.events.append(event)
        apply(self.state, event)

    def replayed(self):
        return replay(1, list(enumerate(self.events, 1)))


def seated(preset_data: dict, tables: dict, names=None) -> Log:
    """A tournament whose players sit exactly as given: {table_no: [entry ids, seat 1, 2, …]}."""
    log = Log(preset_data)
    count = sum(len(ids) for ids in tables.values())
    for i in range(1, count + 1):
        # walk-ins with the ID seen at the desk (N-3.4, P-Teilnahme: refused without it)
        log.run(director_cmd("register_player", {"name": (names or {}).get(i, f"P{i}"), "id_checked": True}))
    seats = [{"entry_id": e, "table_no": int(t), "seat": s + 1} for t, ids in tables.items() for s, e in enumerate(ids)]
    log.event(
        "seats_drawn",
        {
            "max_seats": max(10, max(len(ids) for ids in tables.values())),
            "tables": max(int(t) for t in tables),
            "seats": seats,
        },
    )
    return log


def ok(log, type, payload, **kw):
    """The director's command, which must be applied."""
    decision = log.run(director_cmd(type, payload, **kw))
    assert hasattr(decision, "events"), (type, payload, decision)
    return decision


def no(log, type, payload, **kw):
    """The director's command, which must be refused."""
    decision = log.run(director_cmd(type, payload, **kw))
    assert not hasattr(decision, "events"), (type, payload, decision)
    return decision
