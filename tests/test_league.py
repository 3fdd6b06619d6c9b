"""Leagues and series: points (V-XII), standings per month and half-year (V-I.d.1), qualification
(V-I.e, N-3.7, P-Satellite, G-Spielform), persons across tournaments — pure rules first, then
the store and the service on SQLite and PostgreSQL."""

import uuid

import pytest
from sqlmodel import select

from backend.config import ROOT
from backend.engine import Actor
from backend.presets import load_presets
from backend.read import league as lg
from backend.service import TournamentService
from backend.store import League, LeagueTournament, Person, make_engine, migrate, session_scope
from store_club import a_club

PRESETS = load_presets(str(ROOT / "shared_rules/presets"))
V_XII = PRESETS["v-ranking"]["points"]
DIRECTOR = Actor("director")


def R(name, place, tie=1, dq=False, person=None):
    return lg.Result(0, name, person, place, tie, dq, place is None and not dq)


def T(tid, played_on, results, status="finished"):
    return {"id": tid, "name": f"T{tid}", "played_on": played_on, "status": status, "results": results}


# --- V-XII: the points table ------------------------------------------------------------------


def test_v_xii_points_table_and_its_continuation_to_the_floor():
    assert V_XII == {"table": [25, 21, 17, 13, 11, 10, 9, 8, 7], "then": "minus_one", "floor": 1}
    assert [lg.points_at(p, V_XII) for p in range(1, 10)] == [25, 21, 17, 13, 11, 10, 9, 8, 7]
    # "usw.": one less per place after the 9th ...
    assert [lg.points_at(p, V_XII) for p in range(10, 16)] == [6, 5, 4, 3, 2, 1]
    # ... never below the floor
    assert {lg.points_at(p, V_XII) for p in range(15, 200)} == {1}
    assert lg.points_at(20, {**V_XII, "floor": 3}) == 3
    assert lg.points_at(10, {**V_XII, "then": "zero"}) == 0


def test_shared_places_get_the_average_rounded_down_and_no_place_gets_nothing():
    assert lg.points_for(5, 2, V_XII) == (11 + 10) // 2 == 10
    assert lg.points_for(1, 2, V_XII) == (25 + 21) // 2 == 23
    assert lg.points_for(2, 3, V_XII) == (21 + 17 + 13) // 3 == 17
    assert lg.points_for(None, 1, V_XII) == 0  # still in, or disqualified
    assert lg.points_for(1, 1, None) == 0  # a league without points


# --- V-I.d.1 and V-I.e: month and half-year standings, monthly winner to the Champions Trophy ---


def test_month_and_half_year_standings_across_tournaments_and_monthly_winners_qualify():
    tournaments = [
        T(1, "2026-01-12", [R("Anna", 1, person=1), R("Ben", 2, person=2), R("Cem", 3, person=3)]),
        T(2, "2026-01-26", [R("Ben", 1, person=2), R("Cem", 2, person=3), R("Anna", 3, person=1)]),
        T(3, "2026-02-09", [R("Cem", 1, person=3), R("Anna", 2, person=1), R("Ben", 3, person=2)]),
        T(4, "2026-07-06", [R("Anna", 1, person=1), R("Ben", 2, person=2), R("Cem", None, dq=True, person=3)]),
    ]
    out = lg.standings({"kind": "v_ranking", "points": V_XII}, tournaments)
    months = {m["period"]: m["standings"] for m in out["months"]}
    assert list(months) == ["2026-01", "2026-02", "2026-07"]
    # January: Anna 25+17=42, Ben 21+25=46, Cem 17+21=38
    assert [(x["name"], x["points"], x["rank"]) for x in months["2026-01"]] == [
        ("Ben", 46, 1),
        ("Anna", 42, 2),
        ("Cem", 38, 3),
    ]
    halves = {h["period"]: h["standings"] for h in out["half_years"]}
    assert list(halves) == ["2026-H1", "2026-H2"]
    assert [(x["name"], x["points"]) for x in halves["2026-H1"]] == [("Anna", 63), ("Ben", 63), ("Cem", 63)]
    # equal points: more wins, then best place; all equal here, so they share rank 1
    assert [x["rank"] for x in halves["2026-H1"]] == [1, 1, 1]
    # July: Cem was disqualified: no points (N-3.7), and he does not appear with any
    assert [(x["name"], x["points"]) for x in halves["2026-H2"]] == [("Anna", 25), ("Ben", 21)]
    assert out["overall"][0]["name"] == "Anna" and out["overall"][0]["points"] == 88
    q = out["qualification"]
    assert q["rule"] == "V-I.e" and q["for"] == "champions_trophy"
    assert [(x["name"], x["period"]) for x in q["qualified"]] == [
        ("Ben", "2026-01"),
        ("Cem", "2026-02"),
        ("Anna", "2026-07"),
    ]


def test_a_month_with_a_running_tournament_is_provisional_and_qualifies_nobody_yet():
    tournaments = [
        T(1, "2026-03-02", [R("Anna", 1, person=1), R("Ben", 2, person=2)]),
        T(2, "2026-03-16", [R("Ben", 3, person=2), R("Anna", None, person=1)], status="running"),
    ]
    out = lg.standings({"kind": "v_ranking", "points": V_XII}, tournaments)
    assert out["months"][0]["provisional"] is True
    assert out["half_years"][0]["provisional"] is True
    assert out["qualification"]["qualified"] == []
    assert [(x["name"], x["points"]) for x in out["months"][0]["standings"]] == [("Ben", 38), ("Anna", 25)]


# --- N-3.7, P-Satellite, G-Spielform ----------------------------------------------------------------


def test_n_series_each_winner_qualifies_for_the_series_final():
    tournaments = [
        T(1, "2026-01-05", [R("Anna", 1, person=1), R("Ben", 2, person=2)]),
        T(2, "2026-01-12", [R("Ben", 1, person=2), R("Anna", 2, person=1)]),
        T(3, "2026-01-19", [R("Cem", 2, person=3), R("Dora", None, person=4)], status="running"),
    ]
    q = lg.standings({"kind": "n_series", "points": None}, tournaments)["qualification"]
    assert q["rule"] == "N-3.7" and q["for"] == "series_final"
    assert [(x["name"], x["tournament_id"]) for x in q["qualified"]] == [("Anna", 1), ("Ben", 2)]


def test_p_satellite_every_table_winner_reaches_the_final_and_more_than_ten_need_a_semifinal():
    ten = [T(i, "2026-04-01", [R(f"W{i}", 1, person=i), R(f"L{i}", 2, person=100 + i)]) for i in range(1, 11)]
    q = lg.standings({"kind": "p_satellite", "points": None}, ten)["qualification"]
    assert q["rule"] == "P-Satellite" and len(q["qualified"]) == 10 and q["semifinal"] is False
    eleven = ten + [T(11, "2026-04-02", [R("W11", 1, person=11)])]
    q = lg.standings({"kind": "p_satellite", "points": None}, eleven)["qualification"]
    assert len(q["qualified"]) == 11 and q["semifinal"] is True


def test_g_tour_points_come_from_a_configured_table():
    rule = {"table": [100, 80, 60], "then": "zero", "floor": 0}
    out = lg.standings(
        {"kind": "g_tour", "points": rule}, [T(1, "2026-05-01", [R("Anna", 1), R("Ben", 2), R("Cem", 3), R("Dora", 4)])]
    )
    assert [(x["name"], x["points"]) for x in out["overall"]] == [("Anna", 100), ("Ben", 80), ("Cem", 60), ("Dora", 0)]
    assert out["qualification"]["qualified"] == []


def test_period_keys():
    assert lg.period_keys("2026-06-30") == ("2026-06", "2026-H1")
    assert lg.period_keys("2026-07-01") == ("2026-07", "2026-H2")


# --- store and service: SQLite and PostgreSQL ---------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    if request.param == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path / 'league.db'}")
    else:
        engine = make_engine(request.getfixturevalue("pg_schema_url"))
    migrate(engine)
    yield engine
    engine.dispose()


def command(service, tid, type, payload=None):
    answer = service.execute(
        tid,
        type=type,
        payload=payload or {},
        actor=DIRECTOR,
        actor_label="director:1",
        device_id="dev-1",
        op_id=str(uuid.uuid4()),
        at=None,
    )
    assert answer.status_code == 200, answer.body
    return answer.body["result"]


def play(db, service, club, names, out_order):
    """A finished generic tournament of `club`: `names` registered and linked, busted in `out_order`."""
    tid = service.create_tournament("Montag", PRESETS["generic"], None, club).id
    ids = {}
    for name in names:
        entry_id = command(service, tid, "register_player", {"name": name})["entry_id"]
        ids[lg.name_key(name)] = entry_id
        with session_scope(db) as s:
            lg.link_entry(s, club, tid, entry_id, name, None, 1)
    command(service, tid, "draw_seats", {"tables": 1})
    for name in out_order:
        command(service, tid, "record_bust", {"entry_id": ids[lg.name_key(name)]})
    return tid


def test_persons_keep_one_identity_across_tournaments_and_standings_use_the_states(db):
    service = TournamentService(db)
    club = a_club(db)
    t1 = play(db, service, club, ["Jürgen Müller", "Ökan", "Zoë"], ["Zoë", "Ökan"])
    t2 = play(db, service, club, ["jürgen  MÜLLER", "Zoë", "Ökan"], ["Jürgen Müller", "Ökan"])
    with session_scope(db) as s:
        persons = s.exec(select(Person).order_by(Person.id)).all()
        assert [p.name for p in persons] == ["Jürgen Müller", "Ökan", "Zoë"]  # exact name (case, spaces aside)
        league = League(club_id=club, name="Ranking 2026", kind="v_ranking", points=V_XII, created_at=1)
        s.add(league)
        s.flush()
        s.add(LeagueTournament(league_id=league.id, tournament_id=t1, played_on="2026-01-10", added_at=1))
        s.add(LeagueTournament(league_id=league.id, tournament_id=t2, played_on="2026-02-10", added_at=1))
    assert service.state(t1).status == service.state(t2).status == "finished"
    out = lg.league_standings(db, service, league)
    assert [(x["name"], x["points"], x["tournaments"]) for x in out["overall"]] == [
        ("Jürgen Müller", 42, 2),
        ("Zoë", 42, 2),
        ("Ökan", 42, 2),
    ]  # 25+17, 17+25, 21+21: wins break ties
    assert [x["rank"] for x in out["overall"]] == [1, 1, 3]
    winners = [(x["name"], x["period"]) for x in out["qualification"]["qualified"]]
    assert winners == [("Jürgen Müller", "2026-01"), ("Zoë", "2026-02")]
    # linking the same entry again changes nothing (a replayed registration)
    with session_scope(db) as s:
        again = lg.link_entry(s, club, t1, 1, "someone else", None, 2)
        assert again.name == "Jürgen Müller"
