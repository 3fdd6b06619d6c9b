"""The director's announcements (engine/announcements.py, issue 33): the payload's limits, expiry
by server time, withdraw (twice is a refusal), the public view's active list, replay, the audit
line and the push notice to the players still in."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from backend.engine import replay
from backend.engine.announcements import KEPT, MAX_ACTIVE, AnnouncePayload
from backend.read.audit import describe_event
from backend.read.notices import notices, text_of
from backend.read.views import public_view
from engine_helpers import GENERIC, Log, director_cmd

NOW = 1_800_000_000_000
MIN = 60_000


def announce(log, payload, now=NOW):
    return log.run(director_cmd("announce", payload, now=now))


def test_the_payload_s_limits_name_the_field():
    load = AnnouncePayload().load
    assert load({"text": "Dinner at 8", "minutes": 10})["template"] is None
    assert load({"template": "dinner_break", "minutes": 240})["text"] is None
    cases = [
        ({"text": "x" * 141, "minutes": 5}, "text", "Longer than maximum length 140"),
        ({"text": "a\x00b", "minutes": 5}, "text", "control characters"),
        ({"text": "   ", "minutes": 5}, "text", "Type a text or pick a template"),
        ({"minutes": 5}, "text", "Type a text or pick a template"),
        ({"text": "hi", "template": "dinner_break", "minutes": 5}, "text", "not both"),
        ({"template": "free_beer", "minutes": 5}, "template", "Must be one of"),
        ({"text": "hi", "minutes": 0}, "minutes", "greater than or equal to 1"),
        ({"text": "hi", "minutes": 241}, "minutes", "less than or equal to 240"),
        ({"text": "hi", "minutes": "10"}, "minutes", "Not a valid integer"),
        ({"text": "hi"}, "minutes", "required"),
        ({"text": "hi", "minutes": 5, "colour": "red"}, "colour", "Unknown field"),
    ]
    for payload, field, reason in cases:
        with pytest.raises(ValidationError) as err:
            load(payload)
        assert field in err.value.messages, (payload, err.value.messages)
        assert reason in str(err.value.messages[field]), (payload, err.value.messages)


def test_an_announcement_runs_until_it_expires_and_the_view_hides_it_then():
    log = Log(GENERIC)
    d = announce(log, {"text": "  Dinner   is served  ", "minutes": 10})
    assert d.result == {"announcement_id": 1, "until": NOW + 10 * MIN}
    d2 = announce(log, {"template": "dinner_break", "minutes": 30}, now=NOW + MIN)
    assert d2.result["announcement_id"] == 2
    shown = public_view(log.state, NOW + 2 * MIN)["announcements"]
    assert shown == [
        {
            "id": 1,
            "text": "Dinner is served",
            "template": None,
            "params": {"minutes": 10},
            "at": NOW,
            "until": NOW + 10 * MIN,
        },
        {
            "id": 2,
            "text": None,
            "template": "dinner_break",
            "params": {"minutes": 30},
            "at": NOW + MIN,
            "until": NOW + 31 * MIN,
        },
    ]
    # past `until` by server time it is gone from the view; the state keeps it for the audit
    assert [a["id"] for a in public_view(log.state, NOW + 10 * MIN)["announcements"]] == [2]
    assert public_view(log.state, NOW + 31 * MIN)["announcements"] == []
    assert len(log.state.announcements) == 2


def test_withdraw_hides_it_and_twice_or_after_it_ran_out_is_a_refusal():
    log = Log(GENERIC)
    announce(log, {"template": "last_call_reentries", "minutes": 5})
    announce(log, {"text": "Car with plate ZH 123 blocks the exit", "minutes": 5})
    d = log.run(director_cmd("withdraw_announcement", {"announcement_id": 1}, now=NOW + MIN))
    assert d.events[0].type == "announcement_withdrawn"
    assert [a["id"] for a in public_view(log.state, NOW + MIN)["announcements"]] == [2]
    again = log.run(director_cmd("withdraw_announcement", {"announcement_id": 1}, now=NOW + 2 * MIN))
    assert (again.error, again.kind, again.field, again.params["variant"]) == (
        "announcement_gone",
        "conflict",
        "announcement_id",
        "withdrawn",
    )
    assert again.basis == "procedure"
    late = log.run(director_cmd("withdraw_announcement", {"announcement_id": 2}, now=NOW + 5 * MIN))
    assert (late.error, late.params["variant"]) == ("announcement_gone", "expired")
    unknown = log.run(director_cmd("withdraw_announcement", {"announcement_id": 9}, now=NOW))
    assert (unknown.error, unknown.kind, unknown.basis) == ("unknown_announcement", "not_found", "lookup")


def test_only_the_director_announces_and_at_most_five_run_at_once():
    from backend.engine import Actor, Command, decide

    log = Log(GENERIC)
    for role in ("dealer", "player", "display"):
        refused = decide(log.state, Command("announce", {"text": "hi", "minutes": 5}, Actor(role, table_no=1), now=NOW))
        assert refused.error == "forbidden", role
    for i in range(MAX_ACTIVE):
        announce(log, {"text": f"Note {i}", "minutes": 5})
    full = announce(log, {"text": "one more", "minutes": 5})
    assert full.error == "too_many_announcements" and full.params == {"max": MAX_ACTIVE}
    # one ran out: room for the next
    assert announce(log, {"text": "one more", "minutes": 5}, now=NOW + 5 * MIN).result["announcement_id"] == 6
    # the state keeps the last KEPT, ids keep counting up
    for i in range(KEPT + 3):
        announce(log, {"text": f"n{i}", "minutes": 1}, now=NOW + (10 + i) * MIN)
    assert len(log.state.announcements) == KEPT
    assert log.state.announcements[-1]["id"] == 6 + KEPT + 3


def test_replay_gives_the_same_announcements():
    log = Log(GENERIC)
    announce(log, {"template": "break_extended", "minutes": 15})
    announce(log, {"text": "Bar closes at 1", "minutes": 60})
    log.run(director_cmd("withdraw_announcement", {"announcement_id": 1}, now=NOW + MIN))
    again = log.replayed()
    assert again.announcements == log.state.announcements
    assert public_view(again, NOW + 2 * MIN)["announcements"] == public_view(log.state, NOW + 2 * MIN)["announcements"]


def test_the_audit_line_and_the_push_are_worded_in_each_language():
    log = Log(GENERIC)
    for i in range(3):
        log.run(director_cmd("register_player", {"name": f"P{i + 1}"}))
    d = announce(log, {"template": "dinner_break", "minutes": 10})
    payload = d.events[0].payload
    assert (
        describe_event("announced", payload, "en", str) == "Announcement #1: Dinner break in 10 min (shown for 10 min)"
    )
    assert describe_event("announced", payload, "de", str) == "Durchsage #1: Essenspause in 10 Min. (10 Min. gezeigt)"
    told = notices(log.state, d.events)
    assert sorted(n.to for n in told) == [("player", 1), ("player", 2), ("player", 3)]
    assert text_of(told[0], "de") == ("Durchsage", "Essenspause in 10 Min.")
    assert text_of(told[0], "en") == ("Announcement", "Dinner break in 10 min")
    assert told[0].ttl == 600  # kept by the push service no longer than it runs
    free = announce(log, {"text": "Zimmer 12: Licht brennt", "minutes": 3})
    assert text_of(notices(log.state, free.events)[0], "en") == ("Announcement", "Zimmer 12: Licht brennt")
    # withdrawing tells nobody
    assert notices(log.state, log.run(director_cmd("withdraw_announcement", {"announcement_id": 1})).events) == []


def test_a_fresh_state_has_no_announcements():
    state = replay(1, [])
    assert state.announcements == []
