"""Sign-in guessing is slowed down: after 10 wrong passwords for one name from one address the
server answers 429 with the wait, and the right password does not get through either until then;
another name from the same address is counted apart."""

from backend.auth.throttle import LoginThrottle
from server import Api, director


def test_ten_wrong_passwords_then_429_with_the_wait(server):
    director(server, "anna", "correct horse")
    api = Api(server.url)
    for _ in range(10):
        r = api.post("/api/auth/login", {"username": "anna", "password": "wrong password!"})
        assert r.status_code == 401 and r.json()["error"] == "bad_credentials"
    r = api.post("/api/auth/login", {"username": "anna", "password": "correct horse"})
    body = r.json()
    assert r.status_code == 429 and body["error"] == "too_many_attempts" and body["field"] == "password"
    assert 1 <= body["retry_after"] <= 301 and "try again in" in body["message"]
    # a wrong name is counted apart: nobody locks a director out by typing her name wrongly elsewhere
    r = api.post("/api/auth/login", {"username": "ben", "password": "wrong password!"})
    assert r.status_code == 401


def test_the_throttle_window_slides():
    now = [0.0]
    t = LoginThrottle(limit=3, window_s=60, clock=lambda: now[0])
    for _ in range(3):
        t.failed("a")
    assert t.retry_after("a") == 61 and t.retry_after("b") is None
    now[0] = 30
    assert t.retry_after("a") == 31
    now[0] = 60
    assert t.retry_after("a") is None
    t.failed("a")
    t.succeeded("a")
    assert t.retry_after("a") is None
