"""psycopg's wait on gevent's hub (backend/store/cooperative_wait.py), in a process gevent patched
as `pokerfloor serve` is: queries answer, a pipeline's answers come in order, and one greenlet
waiting on a slow query lets the others' queries run meanwhile."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")

SCRIPT = textwrap.dedent(
    """
    from gevent import monkey
    monkey.patch_all()
    import sys, time
    import gevent, psycopg
    from psycopg import waiting
    from backend.store import cooperative_wait

    assert cooperative_wait.install(), "gevent patched select: installed"
    assert waiting.wait is cooperative_wait.wait_cooperatively
    url = sys.argv[1]
    slow, quick = psycopg.connect(url), psycopg.connect(url)
    assert quick.execute("SELECT 41 + 1").fetchone() == (42,)
    with quick.pipeline():
        answers = [quick.execute("SELECT %s::int * 2", (n,)) for n in range(5)]
    assert [a.fetchone()[0] for a in answers] == [0, 2, 4, 6, 8]

    done = []
    def sleeper():
        slow.execute("SELECT pg_sleep(0.6)")
        done.append(("slept", time.perf_counter()))
    def asker():
        while not done:
            quick.execute("SELECT 1").fetchone()
            asked.append(time.perf_counter())
            gevent.sleep(0.01)
    asked = []
    t0 = time.perf_counter()
    gevent.joinall([gevent.spawn(sleeper), gevent.spawn(asker)], timeout=10)
    slept_at = done[0][1] - t0
    during = [t for t in asked if t < done[0][1]]
    print(f"slept {slept_at:.2f} s, {len(during)} queries meanwhile")
    assert 0.55 < slept_at < 3, slept_at
    assert len(during) >= 10, len(during)  # the slow query's wait did not hold the process

    try:  # a statement cut by the server's timeout still ends as psycopg's own error
        slow.execute("SET statement_timeout = 100")
        slow.execute("SELECT pg_sleep(2)")
    except psycopg.errors.QueryCanceled:
        print("canceled")
    else:
        raise AssertionError("statement_timeout did not cancel")
    """
)


def test_psycopg_waits_on_the_hub_and_lets_other_greenlets_run():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, PG_URL],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "queries meanwhile" in done.stdout and "canceled" in done.stdout, done.stdout
