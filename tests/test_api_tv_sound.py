"""The TV's tone and voice switch over HTTP (engine/tv_sound.py, issue #33): JSON booleans only
(400 naming the field), the director only (a dealer 403), and the TV's public view carries it,
described by the view's schema."""

import pytest

from backend.api.view_schemas import PublicView
from in_process import InProcessApi
from server import command_ok, links, seated_tournament, token_of

pytestmark = pytest.mark.in_process


def test_the_director_switches_the_voice_off_and_the_tv_reads_it(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    ls = links(td, tid)
    tv = InProcessApi(server.app, token_of(ls["display"]["url"]))
    view = tv.get(f"/api/tournaments/{tid}/public").json()
    assert view["tv_sound"] == {"sound": True, "voice": True}
    command_ok(td, tid, "set_tv_sound", {"sound": True, "voice": False})
    view = tv.get(f"/api/tournaments/{tid}/public").json()
    assert view["tv_sound"] == {"sound": True, "voice": False}
    PublicView().load(view)  # closed: a field the schema does not describe would raise
    dealer = InProcessApi(server.app, token_of(ls["tables"][0]["url"]))
    assert dealer.command(tid, "set_tv_sound", {"sound": False, "voice": False}).status_code == 403
    assert tv.command(tid, "set_tv_sound", {"sound": False, "voice": False}).status_code == 403


@pytest.mark.parametrize(
    "payload, field",
    [
        ({"sound": "off", "voice": True}, "payload.sound"),
        ({"sound": True, "voice": 0}, "payload.voice"),
        ({"sound": True}, "payload.voice"),
        ({"sound": True, "voice": True, "volume": 3}, "payload.volume"),
    ],
)
def test_a_bad_switch_is_a_400_naming_the_field(server, td, payload, field):
    tid = seated_tournament(td, players=4, tables=1)
    r = td.command(tid, "set_tv_sound", payload)
    assert r.status_code == 400, r.text
    assert r.json()["field"] == field, r.text
