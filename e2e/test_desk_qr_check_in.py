"""Check-in by the player's QR code, phone to phone (390×844, English, n-monday: 125 + 25 CHF, IDs
checked), against a real server.

The player signs up from his phone; his link's screen (also while he waits for a place) shows "Show this at the desk" with the QR code
of his link, drawn by the server. That very picture, as his phone's screen shows it, is what the
desk's camera sees: Chromium's fake camera plays a video made from the screenshot (a .y4m file, the
raw frames Chromium reads), so the desk's real getUserMedia, jsQR and the desk/scan lookup run. The
desk sees who he is, what to collect and that his ID is still to be seen; ticks the ID, taps Check
in once, and the player's phone says he is checked in. A phone without a camera says so and keeps
the list.
"""

import time
import uuid
from io import BytesIO
from pathlib import Path

from PIL import Image
from playwright.sync_api import expect

from browser_args import CHROMIUM_ARGS, PHONE, chromium_path
from director_phone import director_at, signed_in
from server import Api, command_ok as ok, director, view_when

EN = {"locale": "en-US"}
HOUR = 3600 * 1000
FRAME = (640, 480)  # the fake camera's frames: a phone camera's 4:3


def y4m_of(png: bytes, path: Path, frames: int = 3) -> Path:
    """A video for Chromium's fake camera: the picture centred on white, as 4:2:0 frames of a
    YUV4MPEG2 file (a text header, then 'FRAME\\n' and the Y, U and V planes of each frame). The
    picture is grey (a QR code): the luma is the picture, both chroma planes neutral (128)."""
    picture = Image.open(BytesIO(png)).convert("L")
    width, height = FRAME
    side = int(height * 0.8)
    picture = picture.resize((side, side), Image.NEAREST)
    frame = Image.new("L", FRAME, 255)
    frame.paste(picture, ((width - side) // 2, (height - side) // 2))
    luma = frame.tobytes()
    chroma = bytes([128]) * (width // 2 * height // 2)
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + luma + chroma + chroma)
    return path


def signed_up_player(server, tid: int, name: str) -> dict:
    r = Api(server.url).post(
        f"/api/public/tournaments/{tid}/sign-up",
        {"op_id": str(uuid.uuid4()), "device_id": "player-phone", "name": name, "lang": "en"},
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_the_desk_scans_the_players_qr_and_checks_him_in_with_one_tap(
    live_server, phone, browser_type, browser_type_launch_args, tmp_path, shot
):
    api = director(live_server)
    tid = api.post("/api/tournaments", {"name": "Monday Deepstack", "preset": "n-monday"}).json()["id"]
    ok(api, tid, "set_sign_up", {"starts_at": int(time.time() * 1000) + 48 * HOUR})
    ok(api, tid, "set_capacity", {"max": 2})
    anna = signed_up_player(live_server, tid, "Anna Weiss")
    signed_up_player(live_server, tid, "Beat Keller")
    carla = signed_up_player(live_server, tid, "Carla Frei")  # the field is full: she waits

    # ---- the player's phone: his QR code for the desk ----------------------------------------------
    player = phone(**EN).new_page()
    player.goto(anna["link"])
    card = player.get_by_test_id("desk-qr")
    expect(card).to_have_attribute("data-status", "registered")
    expect(card).to_contain_text("Show this at the desk")
    code = player.get_by_test_id("desk-qr-code")
    expect(code).to_be_visible()
    player.wait_for_function(
        "() => { const i = document.querySelector('[data-testid=desk-qr-code]'); return i && i.complete && i.naturalWidth > 0 }"
    )
    shot(player, "desk-qr-player-card-390")
    on_screen = code.screenshot()  # the code as his screen shows it: what the desk's camera sees

    # a sign-up on the waiting list shows hers too: the desk finds her there
    waiting = phone(**EN).new_page()
    waiting.goto(carla["link"])
    expect(waiting.get_by_test_id("desk-qr")).to_have_attribute("data-status", "waiting")
    expect(waiting.get_by_test_id("desk-qr-code")).to_be_visible()
    waiting.context.close()

    # ---- a desk phone without a camera: a clear word, the list still there --------------------------
    plain = director_at(phone, api, f"/director/{tid}/desk", "desk-scan", **EN)
    plain.get_by_test_id("desk-scan-open").click()
    problem = plain.get_by_test_id("desk-scan-problem")
    expect(problem).to_be_visible()
    assert problem.get_attribute("data-kind") in ("no_camera", "denied"), problem.get_attribute("data-kind")
    expect(problem).to_contain_text("Search the name in the list")
    expect(plain.get_by_test_id("desk-row-1")).to_contain_text("Anna Weiss")
    plain.context.close()

    # ---- the desk's phone with a camera that films the player's screen ------------------------------
    video = y4m_of(on_screen, tmp_path / "player-qr.y4m")
    camera = [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    launch = {**browser_type_launch_args, "args": CHROMIUM_ARGS + camera}
    if chromium_path():
        launch["executable_path"] = chromium_path()
    desk_browser = browser_type.launch(**launch)
    try:
        context = signed_in(desk_browser.new_context(**PHONE, **EN, permissions=["camera"]), api)
        desk = context.new_page()
        desk.goto(f"{api.base}/#/director/{tid}/desk")
        scan_card = desk.get_by_test_id("desk-scan")
        expect(scan_card).to_be_visible()
        scan_card.get_by_test_id("desk-scan-open").click()
        result = desk.get_by_test_id("scan-result")
        expect(result).to_be_visible(timeout=20_000)
        expect(result.get_by_test_id("scan-name")).to_have_text("Anna Weiss")
        expect(result).to_have_attribute("data-status", "registered")
        expect(result.get_by_test_id("scan-collect")).to_have_text("Collect 150 CHF")  # N-3.1
        check_in = result.get_by_test_id("scan-check-in")
        expect(check_in).to_be_disabled()  # N-3.4: the ID first
        result.get_by_test_id("scan-id-seen").check()
        expect(check_in).to_be_enabled()
        shot(desk, "desk-qr-scan-result-390")
        check_in.click()
        expect(result.get_by_test_id("scan-status")).to_have_text("Checked in ✓")
        expect(result).to_have_attribute("data-status", "checked_in")
        expect(desk.get_by_test_id("desk-checked-1")).to_be_attached()  # the list below agrees
        shot(desk, "desk-qr-scan-checked-in-390")
        entry = view_when(api, tid, lambda v: v["entries"][0]["present"])["entries"][0]
        assert entry["id_checked"] is True and entry["pays_at_check_in"] is False  # paid, ID seen

        # ---- the player's phone says so, where the code was ----------------------------------------
        expect(player.get_by_test_id("desk-qr-checked-in")).to_contain_text("Checked in ✓")
        expect(player.get_by_test_id("desk-qr")).to_have_count(0)
        shot(player, "desk-qr-player-checked-in-390")
        context.close()
    finally:
        desk_browser.close()
