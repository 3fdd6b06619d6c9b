"""The access log: off unless ACCESS_LOG is set (config.py). The proxy in front keeps one
(deploy/), and formatting a line per request cost ~5 % of a command's CPU (issue 16)."""

import requests

from server import ServerProcess


def srv_get(srv: ServerProcess, path: str) -> int:
    return requests.get(srv.url + path, timeout=10).status_code


def _health_lines(srv: ServerProcess) -> list[str]:
    return [line for line in srv.log_path.read_text().splitlines() if '"GET /api/health' in line]


def test_requests_are_not_logged_by_default(tmp_path):
    srv = ServerProcess(tmp_path / "quiet").start()
    try:
        for _ in range(3):
            assert srv_get(srv, "/api/health") == 200
    finally:
        srv.stop()
    assert _health_lines(srv) == []


def test_access_log_writes_a_line_per_request_when_asked(tmp_path):
    srv = ServerProcess(tmp_path / "logged", env={"ACCESS_LOG": "1"}).start()
    try:
        for _ in range(3):
            assert srv_get(srv, "/api/health") == 200
        assert srv_get(srv, "/api/no-such-thing") == 404
    finally:
        srv.stop()
    # three of ours (the start-up check adds its own), each with status and path
    lines = _health_lines(srv)
    assert len(lines) >= 3 and all('HTTP/1.1" 200' in line for line in lines), lines
    assert any('"GET /api/no-such-thing HTTP/1.1" 404' in line for line in srv.log_path.read_text().splitlines())
