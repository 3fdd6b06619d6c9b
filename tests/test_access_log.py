"""The access log: off unless ACCESS_LOG is set (config.py). The proxy in front keeps one
(deploy/), and formatting a line per request cost ~5 % of a command's CPU."""

import time

import requests

from server import ServerProcess


def srv_get(srv: ServerProcess, path: str) -> int:
    return requests.get(srv.url + path, timeout=10).status_code


def request_lines(srv: ServerProcess, path: str) -> list[str]:
    return [line for line in srv.log_path.read_text().splitlines() if f'"GET {path} HTTP/1.1"' in line]


def test_requests_are_not_logged_by_default(tmp_path):
    srv = ServerProcess(tmp_path / "quiet").start()
    try:
        assert srv_get(srv, "/api/no-such-thing") == 404
        for _ in range(3):
            assert srv_get(srv, "/api/health") == 200
        time.sleep(0.5)  # a line is written after its answer: give it time to show
    finally:
        srv.stop()
    assert request_lines(srv, "/api/health") == [] and request_lines(srv, "/api/no-such-thing") == []


def test_access_log_writes_a_line_per_request_when_asked(tmp_path):
    srv = ServerProcess(tmp_path / "logged", env={"ACCESS_LOG": "1"}).start()
    try:
        for _ in range(3):
            assert srv_get(srv, "/api/health") == 200
        assert srv_get(srv, "/api/no-such-thing") == 404
        deadline = time.monotonic() + 10
        while not request_lines(srv, "/api/no-such-thing") and time.monotonic() < deadline:
            time.sleep(0.05)  # the line is written after the answer went out
    finally:
        srv.stop()
    missing = request_lines(srv, "/api/no-such-thing")
    assert len(missing) == 1 and '" 404 ' in missing[0], missing
    # ours and the start-up check's, each with its status
    health = request_lines(srv, "/api/health")
    assert len(health) >= 3 and all('" 200 ' in line for line in health), health
