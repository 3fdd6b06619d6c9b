"""Players left over time (engine/history.py): one point per event that changed the count, the
middle thinned above the cap, and the same list after a replay from the log."""

from backend.engine import history
from backend.read.views import public_view
from engine_helpers import GENERIC, Log, director_cmd

T0 = 1_800_000_000_000
MIN = 60_000


def started(players: int, tables: int = 1) -> Log:
    log = Log(GENERIC)
    for i in range(players):
        log.run(director_cmd("register_player", {"name": f"P{i + 1}"}, now=T0 - MIN))
    log.run(director_cmd("draw_seats", {"tables": tables}, now=T0 - MIN))
    log.run(director_cmd("start_clock", {}, now=T0))
    return log


def bust(log: Log, entry_id: int, at: int):
    decision = log.run(director_cmd("record_bust", {"entry_id": entry_id}, now=at, at=at))
    assert hasattr(decision, "events"), decision
    return decision


def test_registrations_collapse_and_each_bust_appends_one_point():
    log = started(6)
    # registrations before the start carry no time: one untimed point, then the clock start
    assert log.state.players_history == [[None, 6, None], [T0, 6, 0]]
    level_ms = GENERIC["structure"][0]["minutes"] * MIN
    bust(log, 1, T0 + 5 * MIN)
    bust(log, 2, T0 + level_ms + MIN)  # in the second structure entry
    assert log.state.players_history[-2:] == [[T0 + 5 * MIN, 5, 0], [T0 + level_ms + MIN, 4, 1]]
    assert public_view(log.state, T0)["players_history"] == log.state.players_history


def test_a_bust_recorded_earlier_never_runs_time_backwards():
    log = started(5)
    bust(log, 1, T0 + 10 * MIN)
    bust(log, 2, T0 + 4 * MIN)  # an offline dealer's earlier bust arrives later
    times = [p[0] for p in log.state.players_history if p[0] is not None]
    assert times == sorted(times) and log.state.players_history[-1][1] == 3


def test_above_the_cap_the_middle_is_thinned_keeping_first_and_last():
    log = started(history.CAP + 60, tables=60)
    for i in range(1, history.CAP + 50):
        bust(log, i, T0 + i * 1000)
    points = log.state.players_history
    assert len(points) <= history.CAP
    assert points[0] == [None, history.CAP + 60, None]
    assert points[-1][1] == log.state.players_left == 11
    counts = [p[1] for p in points]
    assert counts == sorted(counts, reverse=True)  # still the same falling line, fewer points


def test_replay_from_the_log_builds_the_same_history():
    log = started(8)
    for i, minute in ((3, 2), (5, 9), (1, 15)):
        bust(log, i, T0 + minute * MIN)
    assert log.replayed().players_history == log.state.players_history
    assert len(log.state.players_history) == 5


def test_thin_keeps_the_ends():
    points = [[i, 100 - i, 0] for i in range(11)]
    history.thin(points)
    assert points[0] == [0, 100, 0] and points[-1] == [10, 90, 0] and len(points) == 6


def test_a_rebuy_back_into_play_adds_a_point_going_up():
    """V-XIII: a busted player rebuys before the break and is back in: the line goes up again."""
    from engine_helpers import preset

    log = Log(preset("v-ranking"))
    for i in range(4):
        log.run(director_cmd("register_player", {"name": f"P{i + 1}"}, now=T0 - MIN))
    log.run(director_cmd("draw_seats", {"tables": 1}, now=T0 - MIN))
    log.run(director_cmd("start_clock", {}, now=T0))
    bust(log, 2, T0 + MIN)
    decision = log.run(director_cmd("rebuy", {"entry_id": 2}, now=T0 + 2 * MIN, at=T0 + 2 * MIN))
    assert hasattr(decision, "events"), decision
    assert [p[1] for p in log.state.players_history] == [4, 4, 3, 4]
    assert log.replayed().players_history == log.state.players_history


def test_phones_get_at_most_60_points_first_and_last_kept():
    from backend.engine.history import shown

    points = [[i, 1000 - i, 0] for i in range(500)]
    picked = shown(points)
    assert len(picked) == 60 and picked[0] == points[0] and picked[-1] == points[-1]
    assert [p[0] for p in picked] == sorted({p[0] for p in picked})  # in time order, none twice
    assert shown(points[:10]) == points[:10]
