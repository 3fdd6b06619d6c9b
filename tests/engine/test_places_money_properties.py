"""Properties over random tournaments (hypothesis): places are a permutation of 1..N apart from
declared ties (N-1.15, V-V.a, TDA RP-8, N-3.7), payouts add up to the prize pool exactly (N-3.7),
nothing goes negative, and replaying the log gives the same places, money and corrections."""

import random
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from backend.engine import money
from backend.engine.payouts import exact, payout_fractions, prizes, split
from engine_helpers import Log, director_cmd, preset

T0 = 1_000_000


def money_preset(base: str, buy_in: int, unit) -> dict:
    p = preset(base)
    p["format"] = {**p["format"], "buy_in": buy_in, "fee": 10}
    if p["format"].get("rebuy"):
        p["format"]["rebuy"] = {**p["format"]["rebuy"], "price": buy_in // 2}
    if p["format"].get("addon"):
        p["format"]["addon"] = {**p["format"]["addon"], "price": buy_in // 3}
    p["payouts"] = {**preset("n-monday")["payouts"], "rounding_unit": unit}
    return p


# ------------------------------------------------------------------ invariants


def check_places(state):
    """Every player not disqualified holds a place or is still in; tiers of `tie` players share a
    place; together they cover players_left+1..N exactly, and the winner holds 1."""
    field = sum(1 for e in state.entries.values() if not e.disqualified)
    tiers: dict[tuple, list[int]] = {}
    for e in state.entries.values():
        if e.disqualified:
            assert e.place is None
            continue
        if e.status == "active":
            if state.status == "finished":
                assert (e.place, e.tie) == (1, 1)
            else:
                assert e.place is None
            continue
        assert e.place is not None and e.place >= 1 and e.tie >= 1
        tiers.setdefault((e.place, e.tie), []).append(e.entry_id)
    covered = []
    for (place, tie), members in tiers.items():
        assert len(members) == tie, (place, tie, members)  # a declared tie holds exactly its players
        covered += range(place, place + tie)
    top = 1 if state.status == "finished" and state.players_left == 1 else state.players_left + 1
    if state.status == "finished" and state.players_left == 1:
        covered.append(1)
        top = 1
    assert sorted(covered) == list(range(top, field + 1)), (sorted(covered), top, field)


def check_money(state):
    pool = money.pool(state)
    assert pool >= 0 and exact(state.money["fees"]) >= 0
    prizes_now = {e.entry_id: money.prize(state, e) for e in state.entries.values()}
    assert all(p >= 0 for p in prizes_now.values())
    # All disqualified, or the only ones placed are absent players with no prize (N-3.2): nobody to pay.
    placed = any(e.place is not None and not e.no_prize for e in state.entries.values())
    if state.status == "finished" and money.amounts(state) and placed:
        assert sum(prizes_now.values()) == pool  # N-3.7: the whole pool is paid out, exactly
    else:
        assert sum(prizes_now.values()) <= pool
    for e in state.entries.values():
        due = prizes_now[e.entry_id]
        if e.paid is None:
            assert (e.entry_id in state.due) == (due > 0)
        else:
            assert e.paid >= 0 and e.entry_id not in state.due
            cid = state.correction_of.get(e.entry_id)
            if due != e.paid:
                assert cid is not None and state.corrections[cid]["due"] == due
            else:
                assert cid is None
    assert state.chips["in_play"] >= 0 and state.players_left >= 0


def snapshot(state):
    return (
        {e.entry_id: (e.place, e.tie, e.status, e.paid, e.rebuys, e.reentries) for e in state.entries.values()},
        sorted(state.due),
        {k: (v["entry_id"], v["paid"], v["due"]) for k, v in state.corrections.items()},
        {k: exact(v) for k, v in state.money.items()},
        dict(state.chips),
        state.status,
        state.players_left,
    )


# ------------------------------------------------------------------ a random floor


def random_step(log: Log, rng: random.Random, clock: list[int]):
    state = log.state
    clock[0] += rng.randint(1, 5000)
    now = clock[0]
    at = now - rng.choice([0, 0, 0, rng.randint(1, 20000)])  # some busts arrive late
    active = [e for e in state.entries.values() if e.status == "active"]
    out = [e for e in state.entries.values() if e.status != "active" and not e.disqualified]
    kind = rng.choices(
        ["bust", "busts", "leave", "dq", "h4h", "done", "rebuy", "reentry", "alternate", "pay", "settle", "late"],
        weights=[30, 8, 3, 2, 3, 6, 4, 4, 2, 8, 4, 2],
    )[0]
    if kind == "bust" and active:
        payload = {"entry_id": rng.choice(active).entry_id}
        if rng.random() < 0.5:
            payload["starting_stack"] = rng.choice([1000, 2000, 2000, 5000])
        return director_cmd("record_bust", payload, now=now, at=at, seed=rng.getrandbits(32))
    if kind == "busts" and active:
        table = state.tables.get(rng.choice(active).table_no)
        if table and len(table.seats) >= 2:
            ids = rng.sample(sorted(table.seats.values()), rng.randint(1, min(3, len(table.seats))))
            return director_cmd(
                "record_busts",
                {
                    "table_no": table.table_no,
                    "busts": [{"entry_id": e, "starting_stack": rng.choice([1000, 2000, 2000, 3000])} for e in ids],
                },
                now=now,
                at=at,
                seed=rng.getrandbits(32),
            )
    if kind == "leave" and active:
        return director_cmd(
            "player_leaves",
            {"entry_id": rng.choice(active).entry_id, "reason": rng.choice(["left", "absent"]), "chips": 0},
            now=now,
            at=at,
        )
    if kind == "dq":
        pool = [e for e in state.entries.values() if not e.disqualified]
        if pool:
            return director_cmd(
                "disqualify", {"entry_id": rng.choice(pool).entry_id, "reason": "test", "chips": 0}, now=now
            )
    if kind == "h4h":
        return director_cmd(
            "stop_hand_for_hand" if state.hand_for_hand["active"] else "start_hand_for_hand", {}, now=now
        )
    if kind == "done" and state.hand_for_hand["active"]:
        tables = [t for t in state.tables.values() if not t.broken and t.table_no not in state.hand_for_hand["done"]]
        if tables:
            return director_cmd("hand_done", {"table_no": rng.choice(tables).table_no}, now=now)
    if kind in ("rebuy", "reentry") and (out or active):
        return director_cmd(kind, {"entry_id": rng.choice(out or active).entry_id}, now=now, seed=rng.getrandbits(32))
    if kind == "alternate" and out:
        return director_cmd("seat_alternate", {"name": f"Alt {now}", "replaces": rng.choice(out).entry_id}, now=now)
    if kind == "pay" and state.due:
        return director_cmd("confirm_payout", {"entry_id": rng.choice(sorted(state.due))}, now=now)
    if kind == "settle" and state.corrections:
        return director_cmd("settle_correction", {"id": rng.choice(sorted(state.corrections))}, now=now)
    if kind == "late" and state.format.get("late_seat"):
        return director_cmd("register_player", {"name": f"Late {now}"}, now=now, seed=rng.getrandbits(32))
    return None


@settings(max_examples=100, deadline=None)
@given(
    players=st.integers(3, 40),
    seed=st.integers(0, 2**32),
    base=st.sampled_from(["generic", "n-monday", "v-ranking", "s-trophy", "p-qualifier"]),
    buy_in=st.sampled_from([0, 15, 125, 333]),
    unit=st.sampled_from([1, 5, 0.5]),
)
def test_random_tournaments_keep_places_and_money_exact(players, seed, base, buy_in, unit):
    """N-1.15 / V-V.a / TDA RP-8: places are a permutation of 1..N apart from declared ties;
    N-3.7: prizes never exceed the pool and add up to it exactly at the end; nothing negative;
    N-3.8 / corrections: what is due and what must be corrected always matches the places;
    replay of the JSON log rebuilds the same state."""
    rng = random.Random(seed)
    log = Log(money_preset(base, buy_in, unit))
    for i in range(players):
        log.run(director_cmd("register_player", {"name": f"P{i + 1}"}))
    per_table = log.state.max_per_table
    # drawn before the first bust's time, so late arrivals keep their recorded order
    log.run(director_cmd("draw_seats", {"tables": max(1, -(-players // per_table))}, seed=seed, now=T0 - 30_000))
    clock = [T0]
    for _ in range(players * 4):
        if log.state.status == "finished" and rng.random() < 0.7:
            cmd = (
                director_cmd("confirm_payout", {"entry_id": rng.choice(sorted(log.state.due))}, now=clock[0])
                if log.state.due
                else None
            )
        else:
            cmd = random_step(log, rng, clock)
        if cmd is None:
            continue
        before = log.state.seq
        decision = log.run(cmd)
        if not hasattr(decision, "events"):
            assert log.state.seq == before  # a rejection changes nothing
        check_places(log.state)
        check_money(log.state)
    assert snapshot(log.replayed()) == snapshot(log.state)


# ------------------------------------------------------------------ payouts alone


@st.composite
def payout_tables(draw):
    places = draw(st.integers(1, 8))
    cuts = sorted(draw(st.lists(st.integers(1, 99), min_size=places - 1, max_size=places - 1, unique=True)))
    percents = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
    percents.sort(reverse=True)
    unit = draw(st.sampled_from([1, 5, 10, 0.5, 0.05, 25]))
    return {
        "kind": "table_by_field",
        "rounding_unit": unit,
        "remainder_to": "winner",
        "brackets": [{"min_players": places + 1, "max_players": 10_000, "percent": percents}],
    }


@settings(max_examples=300, deadline=None)
@given(payouts=payout_tables(), field=st.integers(2, 3000), cents=st.integers(0, 10**9), data=st.data())
def test_payouts_add_up_to_the_pool_exactly(payouts, field, cents, data):
    """N-3.7: each share rounded down to the unit, the remainder to the winner: the amounts add up
    to the pool to the cent, none is negative; with shared places (TDA RP-8) the tied players'
    shares plus the remainders still add up to the pool."""
    pool = Fraction(cents, 100)
    amounts = payout_fractions(payouts, field, pool)
    assert sum(amounts) == pool
    assert all(a >= 0 for a in amounts)
    unit = exact(payouts["rounding_unit"])
    assert all(a % unit == 0 for a in amounts[1:])
    ties, place = [], 2
    while place <= len(amounts) + 1:
        span = data.draw(st.integers(1, 3))
        if span > 1:
            ties.append((place, span))
        place += span
    got = prizes(amounts, ties, unit)
    spans = dict(ties)
    assert sum(v * spans.get(p, 1) for p, v in got.items()) == pool
    assert all(v >= 0 for v in got.values())
    for place, span in ties:
        _, remainder = split(amounts, place, span, unit)
        assert 0 <= remainder < unit * span
