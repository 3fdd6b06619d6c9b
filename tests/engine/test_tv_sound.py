"""The director's switch for the TV's tone and voice (engine/tv_sound.py, issue #33): both on by
default, set together, refused when nothing changes, kept through a replay, shown in the public
view every TV reads."""

from backend.read.views import public_view
from engine_helpers import Log, no, ok, preset


def test_the_tv_speaks_by_default_and_the_director_switches_voice_and_tone_off():
    log = Log(preset("generic"))
    assert public_view(log.state, 0)["tv_sound"] == {"sound": True, "voice": True}
    done = ok(log, "set_tv_sound", {"sound": True, "voice": False})
    assert [e.type for e in done.events] == ["tv_sound_set"]
    assert public_view(log.state, 0)["tv_sound"] == {"sound": True, "voice": False}
    ok(log, "set_tv_sound", {"sound": False, "voice": False})
    assert public_view(log.replayed(), 0)["tv_sound"] == {"sound": False, "voice": False}


def test_setting_what_is_already_set_is_refused():
    log = Log(preset("generic"))
    refused = no(log, "set_tv_sound", {"sound": True, "voice": True})
    assert refused.error == "no_change" and refused.field == "sound"


def test_a_view_never_shares_the_state_s_dict():
    log = Log(preset("generic"))
    public_view(log.state, 0)["tv_sound"]["voice"] = False  # a caller changing its copy
    assert log.state.tv_sound == {"sound": True, "voice": True}
