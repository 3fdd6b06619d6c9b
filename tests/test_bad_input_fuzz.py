"""Random bodies at every write endpoint of a real server: a JSON error, never a 500, nothing applied."""

import uuid

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from server import ServerProcess, director, seated_tournament

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
payload_keys = st.sampled_from(
    [
        "entry_id",
        "name",
        "tables",
        "x",
        "table_no",
        "busts",
        "stacks",
        "starting_stack",
        "chips",
        "eliminated_by",
        "id",
        "reason",
    ]
)
commands = st.fixed_dictionaries(
    {
        "op_id": st.one_of(st.uuids().map(str), json_values),
        "device_id": st.one_of(st.just("fuzz-device"), json_values),
        "type": st.one_of(
            st.sampled_from(
                [
                    "record_bust",
                    "register_player",
                    "draw_seats",
                    "start_clock",
                    "pause_clock",
                    "resume_clock",
                    "record_busts",
                    "chip_count",
                    "player_leaves",
                    "rebuy",
                    "addon",
                    "reentry",
                    "confirm_payout",
                    "settle_correction",
                    "check_in",
                    "seat_alternate",
                ]
            ),
            json_values,
        ),
        "payload": st.one_of(st.dictionaries(payload_keys, json_values, max_size=3), json_values),
    },
    optional={"at": json_values, "extra": json_values},
)


@pytest.fixture(scope="module")
def fuzz_target(tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("fuzz")).start()
    api = director(srv)
    tid = seated_tournament(api, players=4, tables=1)
    yield srv, api, tid
    srv.stop()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(commands, json_values))
def test_random_commands_get_json_answers_never_a_500(fuzz_target, body):
    srv, api, tid = fuzz_target
    r = api.post(f"/api/tournaments/{tid}/commands", json=body)
    assert r.status_code < 500, r.text
    answer = r.json()
    if r.status_code >= 400:
        assert answer["error"] and answer["message"] and "field" in answer


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values, path=st.sampled_from(["/api/auth/login", "/api/auth/setup", "/api/tournaments"]))
def test_random_bodies_on_login_setup_and_create(fuzz_target, body, path):
    srv, api, _ = fuzz_target
    r = api.post(path, json=body)
    assert r.status_code < 500, r.text
    assert r.status_code in (200, 201) or r.json()["message"]


def test_fuzzing_left_the_tournament_consistent(fuzz_target):
    srv, api, tid = fuzz_target
    view = api.get(f"/api/tournaments/{tid}/view").json()
    busted = [e for e in view["entries"] if e["status"] == "busted"]
    assert view["players_left"] == len(view["entries"]) - len(busted)
    assert sorted(e["place"] for e in busted) == list(
        range(len(view["entries"]) - len(busted) + 1, len(view["entries"]) + 1)
    )


def test_non_standard_json_numbers_are_refused(fuzz_target):
    srv, api, tid = fuzz_target
    for raw in (
        '{"op_id":"%s","device_id":"dev-x","type":"record_bust","payload":{"entry_id":NaN}}',
        '{"op_id":"%s","device_id":"dev-x","type":"record_bust","payload":{"entry_id":1},"at":Infinity}',
        '{"op_id":"%s","device_id":"dev-x","type":"record_bust","payload":{"entry_id":1e400}}',
    ):
        r = api.post(
            f"/api/tournaments/{tid}/commands", data=raw % uuid.uuid4(), headers={"Content-Type": "application/json"}
        )
        assert r.status_code == 400, r.text
        assert r.json()["field"] in ("payload.entry_id", "at")
