"""The app in this process, spoken to through Flask's test client with the same interface as
`server.Api`: for the plain API tests (validation, rules over HTTP, money, exports). The real
server process (tests/server.py) stays for what needs it: Socket.IO, gevent, restarts, TLS."""

from __future__ import annotations

import json as jsonlib
import uuid

from flask.testing import FlaskClient

from backend.auth.tokens import mint_token
from backend.service import now_ms
from backend.store import session_scope
from server import CommandSender


class Answer:
    """A test-client answer that reads like a `requests` one (`.json()`, `.text`, `.ok`)."""

    def __init__(self, response):
        self.status_code = response.status_code
        self.headers = response.headers
        self.content = response.get_data()
        self.text = self.content.decode("utf-8", "replace")
        self.ok = self.status_code < 400

    def json(self):
        return jsonlib.loads(self.content)


class _Http:
    """`api.http.post(url, data=…, params=…, headers=…)` as with a requests session."""

    def __init__(self, client: FlaskClient, base: str):
        self.client, self.base = client, base

    def _path(self, url: str) -> str:
        return url[len(self.base) :] if url.startswith(self.base) else url

    def get(self, url: str, params=None, headers=None, timeout=None) -> Answer:
        return Answer(self.client.get(self._path(url), query_string=params, headers=headers or {}))

    def post(self, url: str, data=None, json=None, params=None, headers=None, timeout=None) -> Answer:
        return Answer(
            self.client.post(self._path(url), data=data, json=json, query_string=params, headers=headers or {})
        )


class InProcessApi(CommandSender):
    def __init__(self, app, token: str | None = None, device_id: str | None = None):
        self.app, self.token = app, token
        self.device_id = device_id or uuid.uuid4().hex
        self.client: FlaskClient = app.test_client()
        self.base = "http://localhost"
        self.http = _Http(self.client, self.base)

    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def get(self, path: str, **kw) -> Answer:
        params = kw.pop("params", None)
        return Answer(self.client.get(path, query_string=params, headers={**self.headers(), **kw.pop("headers", {})}))

    def post(self, path: str, json=None, **kw) -> Answer:
        headers = {**self.headers(), **kw.pop("headers", {})}
        if "data" in kw:
            return Answer(self.client.post(path, data=kw.pop("data"), headers=headers))
        return Answer(self.client.post(path, json=json, headers=headers))

    def patch(self, path: str, json=None, **kw) -> Answer:
        return Answer(self.client.patch(path, json=json, headers={**self.headers(), **kw.pop("headers", {})}))

    def put(self, path: str, json=None, **kw) -> Answer:
        return Answer(self.client.put(path, json=json, headers={**self.headers(), **kw.pop("headers", {})}))


def in_process_director(app, username: str = "td", password: str = "correct horse") -> InProcessApi:
    floor = app.extensions["pokerfloor"]
    with session_scope(floor.db) as session:
        setup, _ = mint_token(session, floor.config.SECRET_KEY, role="setup", now=now_ms())
    api = InProcessApi(app)
    r = api.post("/api/auth/setup", {"setup_token": setup, "username": username, "password": password})
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


class InProcessServer:
    """Stands in for tests/server.ServerProcess in a module marked `pytest.mark.in_process`
    (tests/conftest.py hands it out as `server`)."""

    def __init__(self, tmp_path):
        from test_security_headers import make_app

        self.app = make_app(tmp_path)
        self.database_url = self.app.extensions["pokerfloor"].config.DATABASE_URL

    def api(self, token: str | None = None) -> InProcessApi:
        return InProcessApi(self.app, token)
