"""The first scan on a slow network (on demand, `make bench`; docs/first-scan.md):

    .venv/bin/python tests/perf/bench_first_scan.py [--runs 5] [--roles player dealer display]

A real server process and real Chromium with DevTools' "Slow 4G" network emulation (562.5 ms
round trips, 1.44 Mbit/s down, 0.675 Mbit/s up: Chromium's preset). Each run is a fresh browser
context — a phone that never saw the app, so no service worker and no cache — opening a QR link:
the player's seat card, the dealer's table and the TV. Prints per role the medians and each run's
milliseconds from navigation start to what the link is for on screen (the seat, the table's seats,
the clock: the boot script's first paint or the app's screen, whichever comes first) and to the
app's own screen (the page itself notes the moments, so Playwright's polling adds nothing), and how
many requests went out before the app's screen. Server on CPU 0, the browser on CPU 1 where the
machine has two.

Twice: straight to one server process (HTTP/1.1: six connections per host, as at the venue), and
through the production stack, Caddy with HTTPS and HTTP/2 in front of one worker on PostgreSQL
(deploy/local_stack.py; `--via direct` or `--via caddy` for one of them).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))

import local_stack
from playwright.sync_api import sync_playwright
from procstat import BENCH_ENV, pin

from browser_args import CHROMIUM_ARGS, PHONE, chromium_path
from first_screen import READY, watch
from server import Api, ServerProcess, command_ok, director, links, seated_tournament
from trusted_browser import launch_trusting

# Chromium DevTools' "Slow 4G" (formerly "Fast 3G"): 150 ms × 3.75, 1.6 Mbit/s × 0.9, 750 kbit/s × 0.9.
SLOW_4G = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1.6 * 1000 * 1000 / 8 * 0.9,
    "uploadThroughput": 750 * 1000 / 8 * 0.9,
}


def role_links(api: Api) -> dict[str, str]:
    """A seated tournament with its clock running; each role's QR link (at the server's public address)."""
    tid = seated_tournament(api, players=9, tables=1)
    command_ok(api, tid, "start_clock")
    ls = links(api, tid)
    return {"player": ls["players"][0]["url"], "dealer": ls["tables"][0]["url"], "display": ls["display"]["url"]}


class ForwardedApi(Api):
    """Straight to a worker behind Caddy, as if through Caddy's HTTPS (staff sign in over HTTPS only)."""

    def headers(self) -> dict:
        return {**super().headers(), "X-Forwarded-Proto": "https"}


def director_behind(stack: local_stack.LocalStack) -> Api:
    api = ForwardedApi(stack.workers[0].url)
    r = api.post("/api/auth/setup", {"setup_token": stack.setup_token(), "username": "td", "password": "correct horse"})
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


def first_scan(browser, url: str, role: str) -> tuple[float, float, int]:
    """Milliseconds from navigation start to what the link is for on screen (the boot script's first
    paint or the app's screen, whichever came first) and to the app's screen; requests sent until
    the app's screen."""
    context = browser.new_context(**PHONE, locale="en-US")
    try:
        context.add_init_script(watch(role))
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => window.__ready != null", timeout=30_000, polling=50)
        seen, ready = page.evaluate("[window.__seen, window.__ready]")
        sent = page.evaluate(
            "(t) => performance.getEntriesByType('resource').filter((e) => e.startTime < t).length + 1", ready
        )
        return seen, ready, sent
    finally:
        context.close()


def measure(browser, urls: dict[str, str], roles: list[str], runs: int, title: str) -> None:
    first_scan(browser, urls["player"], "player")  # warm the server (its first answers)
    print(f"\nfirst scan on Slow 4G (562.5 ms RTT, 1.44 Mbit/s), {title}, {runs} fresh phones per role")
    print("seen: the seat (player), the table's seats (dealer), the clock (TV) on screen, drawn by the")
    print("boot script from its early answer or by the app; app: the app's own screen")
    print(f"{'role':8} {'seen ms':>8} {'app ms':>7}  {'requests':>8}  seen / app per run (ms)")
    for role in roles:
        found = [first_scan(browser, urls[role], role) for _ in range(runs)]
        each = " ".join(f"{s:.0f}/{r:.0f}" for s, r, _ in found)
        seen = statistics.median(s for s, _, _ in found)
        app = statistics.median(r for _, r, _ in found)
        print(f"{role:8} {seen:8.0f} {app:7.0f}  {found[-1][2]:8d}  {each}", flush=True)


def launch_args() -> dict:
    return {"args": CHROMIUM_ARGS, **({"executable_path": chromium_path()} if chromium_path() else {})}


def direct(pw, roles: list[str], runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        srv = ServerProcess(Path(tmp), env=BENCH_ENV).start()
        try:
            pin(srv.proc.pid, 0)
            urls = role_links(director(srv))
            browser = pw.chromium.launch(**launch_args())
            try:
                measure(browser, urls, roles, runs, "one server process, HTTP/1.1")
            finally:
                browser.close()
        finally:
            srv.stop()


def through_caddy(pw, roles: list[str], runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, local_stack.LocalStack(Path(tmp) / "stack", workers=1) as stack:
        pin(stack.workers[0].proc.pid, 0)
        urls = role_links(director_behind(stack))
        browser = launch_trusting(pw, stack.ca_root, {local_stack.HOST_NAME: "127.0.0.1"}, Path(tmp), launch_args())
        try:
            measure(browser, urls, roles, runs, "Caddy, HTTPS and HTTP/2, one worker on PostgreSQL")
        finally:
            browser.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--roles", nargs="+", default=list(READY))
    ap.add_argument("--via", nargs="+", default=["direct", "caddy"], choices=["direct", "caddy"])
    args = ap.parse_args()
    with sync_playwright() as pw:
        if "direct" in args.via:
            direct(pw, args.roles, args.runs)
        if "caddy" in args.via:
            if local_stack.caddy_binary():
                through_caddy(pw, args.roles, args.runs)
            else:
                print(f"\nthrough Caddy: skipped ({local_stack.MISSING_CADDY})")


if __name__ == "__main__":
    main()
