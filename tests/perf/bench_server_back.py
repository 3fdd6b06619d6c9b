"""Server back → queued bust applied: how long a dealer's bust waits once the server returns.

    .venv/bin/python tests/perf/bench_server_back.py [--rounds 6] [--tables 2] [--down-max 10]

Run on demand (not in CI); needs a built PWA (`cd pwa && npm run build`) and Chromium. A real
server process and one dealer phone (390×844, real Chromium) per table. Each round: SIGKILL the
server, wait until every phone's badge says "server unreachable" (timed), queue a bust on each
phone, keep the server down for a random 1…down-max s (so the phones' retry timers are in every
phase), restart it on the same port and database, and time from the first answer of
/api/health to each bust being in the event log (read-only SQLite). Prints each sample and
p50/max; checks that every bust was applied exactly once.
"""

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright
from procstat import pct

from browser_args import CHROMIUM_ARGS
from phone_storage import outbox
from server import ServerProcess, command_ok, director, health_watch, links, read_db, seated_tournament, token_of

ROOT = Path(__file__).resolve().parents[2]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-US",
}
ARGS = CHROMIUM_ARGS


def wait_state(page, state, timeout_s):
    page.wait_for_function(
        "s => document.querySelector('[data-testid=sync-badge]')?.dataset.state === s",
        arg=state,
        timeout=timeout_s * 1000,
        polling=50,
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=6, help="at most 8 (10 seats a table)")
    parser.add_argument("--tables", type=int, default=2, help="one dealer phone per table")
    parser.add_argument("--down-max", type=float, default=10.0, help="server down for 1…this many s")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    if not (ROOT / "pwa/dist/index.html").exists():
        sys.exit("pwa/dist is not built: cd pwa && npm run build")
    rnd = random.Random(args.seed)
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=ARGS) if chromium else pw.chromium.launch(args=ARGS)
        srv = ServerProcess(Path(tmp) / "var").start()
        try:
            run(srv, browser, args, rnd)
        finally:
            srv.stop()
            browser.close()


def run(srv, browser, args, rnd):
    api = director(srv)
    tid = seated_tournament(api, players=10 * args.tables, tables=args.tables)
    command_ok(api, tid, "start_clock")
    entries = api.get(f"/api/tournaments/{tid}/view").json()["entries"]
    for table_no in sorted({e["table_no"] for e in entries}):
        first = min(e["seat"] for e in entries if e["table_no"] == table_no)
        command_ok(api, tid, "set_button", {"table_no": table_no, "seat": first})
    pages = []
    for table in sorted(links(api, tid)["tables"], key=lambda t: t["table_no"]):
        page = browser.new_context(**PHONE).new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{srv.url}/#/dealer/{token_of(table['url'])}")
        page.get_by_test_id("dealer-new-hand").wait_for()
        pages.append(page)
    back_ms, detect_ms, queued_all = [], [], []
    for rnd_no in range(1, min(args.rounds, 8) + 1):
        for page in pages:
            wait_state(page, "online", 20)
        killed = time.monotonic()
        srv.kill()
        for page in pages:
            wait_state(page, "unreachable", 10)
            detect_ms.append((time.monotonic() - killed) * 1000)
        queued = []
        for page in pages:
            buttons = page.locator(
                "[data-testid^='bust-']:not([data-testid='bust-confirm']):not([data-testid^='bust-toast'])"
            )
            buttons.last.click()
            page.get_by_test_id("bust-confirm").click()
            page.wait_for_function("() => document.querySelector('[data-testid=sync-pending]')?.dataset.count === '1'")
            (op_id,) = [e["op_id"] for e in outbox(page) if e["state"] == "pending"]
            queued.append(op_id)
        down = rnd.uniform(1.0, args.down_max)
        time.sleep(down)
        box, watcher = health_watch(srv.url)
        srv.start()
        watcher.join(30)
        pending = set(queued)
        samples = []
        deadline = time.monotonic() + 60
        while pending and time.monotonic() < deadline:
            for op_id in list(pending):
                if read_db(srv, "SELECT 1 FROM event WHERE op_id = ?", (op_id,)):
                    samples.append((time.monotonic() - box["t"]) * 1000)
                    pending.discard(op_id)
            time.sleep(0.01)
        if pending:
            sys.exit(f"round {rnd_no}: {len(pending)} busts not applied within 60 s")
        back_ms += samples
        queued_all += queued
        print(
            f"round {rnd_no}: down {down:4.1f} s, server back → bust applied: "
            + ", ".join(f"{s:6.0f} ms" for s in sorted(samples)),
            flush=True,
        )
    time.sleep(1)
    for op_id in queued_all:
        n = read_db(srv, "SELECT COUNT(*) FROM event WHERE op_id = ?", (op_id,))[0][0]
        assert n == 1, f"{op_id} applied {n} times"
    print(
        f"\nkilled → 'server unreachable'   n={len(detect_ms):3d}  p50={pct(detect_ms, 50):7.0f} ms  "
        f"max={max(detect_ms):7.0f} ms"
    )
    print(
        f"server back → bust applied      n={len(back_ms):3d}  p50={pct(back_ms, 50):7.0f} ms  "
        f"max={max(back_ms):7.0f} ms  mean={statistics.mean(back_ms):6.0f} ms"
    )
    print(f"every bust applied exactly once ({len(queued_all)})")


if __name__ == "__main__":
    main()
