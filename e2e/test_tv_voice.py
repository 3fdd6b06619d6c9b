"""The TV speaks the level change (issue #33): real server, real Chromium as a German TV at
1920×1080, a real director's phone. An init script records every `speechSynthesis.speak` call
(text, lang, volume) and every tone the page's AudioContext makes, and lets them through.

The TV shows one "Tap to enable sound" button; a click removes it, resumes the audio and primes the
speech inside the gesture (a silent utterance). Nothing is said on load or on a reload. The
director moves the clock: the TV says the level and its blinds in German as spoken in the
tournament's region (s-trophy: CHF, de-CH), the last level for re-entries (re-entries until the
first break), one minute left with the re-entries' last minute, and at the break that re-entries
are closed. The director switches the voice off on
his phone: the next change beeps and is not spoken."""

import time

from playwright.sync_api import expect

from director_phone import director_at
from server import command_ok, director, links
from untapped_tv import untapped_tv

DE = {"locale": "de-DE"}
EN = {"locale": "en-GB"}

RECORD = """
(() => {
  window.__spoken = [];
  window.__tones = 0;
  const synth = window.speechSynthesis;
  if (synth) {
    const speak = synth.speak.bind(synth);
    synth.speak = (u) => {
      window.__spoken.push({ text: u.text, lang: u.lang, volume: u.volume });
      try { speak(u); } catch (e) { /* no voice installed: the call is what counts here */ }
    };
  }
  const AC = window.AudioContext;
  if (AC) {
    const osc = AC.prototype.createOscillator;
    AC.prototype.createOscillator = function () { window.__tones += 1; return osc.call(this); };
  }
})();
"""


def spoken(page) -> list[dict]:
    """What the page said aloud (the silent primer left out)."""
    return [s for s in page.evaluate("window.__spoken") if s["text"].strip()]


def said(page, count: int, timeout: float = 8.0) -> list[dict]:
    deadline = time.time() + timeout
    while time.time() < deadline:
        got = spoken(page)
        if len(got) >= count:
            return got
        time.sleep(0.1)
    raise AssertionError(f"expected {count} announcements, got {spoken(page)}")


def tournament(api) -> int:
    r = api.post("/api/tournaments", {"name": "Trophy", "preset": "s-trophy"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    # six players: the law's 10 (VGS Art. 39 Abs. 4) switched off for this test night, with a reason
    command_ok(api, tid, "set_legal_profile", {"profile": "none", "reason": "a test night of a few players"})
    for name in ("Anna", "Beat", "Carla", "Dario", "Eva", "Fritz"):
        command_ok(api, tid, "register_player", {"name": name, "id_checked": True, "prepaid": True})
    command_ok(api, tid, "draw_seats", {"tables": 1})
    command_ok(api, tid, "start_clock")
    return tid


def unlock(page) -> None:
    gate = page.get_by_test_id("sound-gate")
    expect(gate).to_be_visible()
    gate.click()
    expect(gate).to_have_count(0)
    assert page.evaluate("window.__spoken.some((s) => s.volume === 0)"), "the silent primer is spoken inside the tap"


def test_the_tv_speaks_the_level_change_in_german_once_and_the_director_switches_it_off(live_server, tv, phone, shot):
    api = director(live_server)
    tid = tournament(api)
    url = links(api, tid)["display"]["url"]
    structure = api.get(f"/api/tournaments/{tid}/public").json()["structure"]
    first_break = next(i for i, e in enumerate(structure) if e["kind"] == "break")
    last = structure[first_break - 1]  # re-entries until the first break (s-trophy)

    # an English TV first: the gate's words, screenshot; the German TV does the rest
    en = untapped_tv(tv, **EN)
    en.add_init_script(RECORD)
    english = en.new_page()
    english.goto(url)
    expect(english.get_by_test_id("sound-gate")).to_contain_text("Tap to enable sound")
    shot(english, "tv-sound-gate-en")
    for width, height in ((1280, 720), (1080, 1920)):  # the small TV and a portrait screen
        english.set_viewport_size({"width": width, "height": height})
        b = english.get_by_test_id("sound-gate").bounding_box()
        assert b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= width and b["y"] + b["height"] <= height, b
        shot(english, f"tv-sound-gate-en-{width}x{height}")
    english.close()

    context = untapped_tv(tv, **DE)
    context.add_init_script(RECORD)
    screen = context.new_page()
    screen.goto(url)
    expect(screen.get_by_test_id("clock-time")).to_be_visible()
    gate = screen.get_by_test_id("sound-gate")
    expect(gate).to_contain_text("Tippen, um den Ton einzuschalten")
    box = gate.bounding_box()
    assert box["width"] > 500 and box["height"] >= 64, box  # one big button, readable across the room
    sizes = gate.evaluate(
        "el => [...el.querySelectorAll('strong, .sound-gate-sub')].map((x) => parseFloat(getComputedStyle(x).fontSize))"
    )
    assert min(sizes) >= 24 and max(sizes) >= 36, sizes  # readable from 5 m
    time_box = screen.get_by_test_id("clock-time").bounding_box()
    assert box["y"] >= time_box["y"] + time_box["height"], "the button never covers the clock's digits"
    shot(screen, "tv-sound-gate-de")
    unlock(screen)
    assert screen.evaluate("window.__tones") == 0 and spoken(screen) == []  # nothing said on load

    # the director moves the clock to the last level before the break: spoken in German (de-CH)
    command_ok(api, tid, "jump_to_level", {"index": first_break - 1})
    got = said(screen, 1)
    assert got[0]["lang"] == "de-CH", got
    assert got[0]["text"] == (
        f"Level {first_break}. Blinds {last['sb']}, {last['bb']}. Letztes Level für Re-Entries."
    ), got
    assert screen.evaluate("window.__tones") >= 3  # the level change's three tones
    # the director takes the level down to 62 s: one minute left, and the re-entries' last minute
    command_ok(api, tid, "adjust_clock", {"seconds": -(last["minutes"] * 60 - 62)})
    got = said(screen, 2)
    # Swiss writing in a CHF tournament: "schliessen" (i18n/format.ts spelled)
    assert got[1]["text"] == "Noch eine Minute in diesem Level. Re-Entries schliessen in einer Minute.", got
    # the break: its minutes, and re-entries are closed
    command_ok(api, tid, "jump_to_level", {"index": first_break})
    got = said(screen, 3)
    assert got[2]["text"] == f"Pause, {structure[first_break]['minutes']} Minuten. Re-Entries sind geschlossen.", got
    assert len(spoken(screen)) == 3, "once per change"

    # a reload says nothing of the level it finds running
    screen.reload()
    expect(screen.get_by_test_id("clock-time")).to_be_visible()
    unlock(screen)
    time.sleep(2)
    assert spoken(screen) == [] and screen.evaluate("window.__tones") == 0

    # the director switches the voice off on his phone: the next change beeps and is not spoken
    td = director_at(phone, api, f"/director/{tid}/clock", "tv-sound-card", **DE)
    voice = td.get_by_test_id("tv-sound-voice")
    expect(voice).to_be_checked()
    expect(td.get_by_test_id("tv-sound-card")).to_contain_text("Gesprochene Ansagen")
    voice.uncheck()
    deadline = time.time() + 10
    while api.get(f"/api/tournaments/{tid}/public").json()["tv_sound"]["voice"] and time.time() < deadline:
        time.sleep(0.1)
    assert api.get(f"/api/tournaments/{tid}/public").json()["tv_sound"] == {"sound": True, "voice": False}
    expect(td.get_by_test_id("tv-sound-tone")).to_be_checked()
    shot(td, "director-tv-sound-de")
    expect(screen.get_by_test_id("tv-sound")).to_have_attribute("data-voice", "false")  # pushed to the TV
    expect(screen.get_by_test_id("tv-sound")).to_have_attribute("data-sound", "true")
    command_ok(api, tid, "jump_to_level", {"index": first_break + 1})
    deadline = time.time() + 5
    while screen.evaluate("window.__tones") < 3 and time.time() < deadline:
        time.sleep(0.1)
    assert screen.evaluate("window.__tones") >= 3, "the tone stays on"
    time.sleep(2)  # past the moment the voice would have followed the tones
    assert spoken(screen) == []
