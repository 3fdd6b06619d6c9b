"""The director's card "The room's screens" on a real phone (docs/club-images.md): a logo and two sponsor
images chosen with the phone's file picker (set_input_files), shown from /media under the app's CSP;
the sponsors reordered; an SVG refused with the server's reason; a 6 MB photo refused on the phone
before it is sent; the TVs' colours picked; axe finds no violation. Screenshots at 390×844 in English and German.
Real Chromium, real server."""

import io

from PIL import Image, ImageDraw
from playwright.sync_api import expect

from director_phone import director_at, show
from image_files import SVG, photo_with_gps, png
from server import director
from test_accessibility import axe, report


def logo_png() -> bytes:
    """A club logo with transparency: a gold chip with the club's initials."""
    im = Image.new("RGBA", (600, 240), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((10, 10, 230, 230), fill=(212, 175, 55, 255), outline=(120, 90, 10, 255), width=12)
    d.rectangle((260, 80, 590, 160), fill=(240, 240, 240, 255))
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def file(name: str, mime: str, data: bytes) -> dict:
    return {"name": name, "mimeType": mime, "buffer": data}


def test_the_director_sets_the_rooms_screens_from_the_phone(live_server, phone, shot):
    api = director(live_server)
    page = director_at(phone, api, "/director", "club-screens", locale="en-US")
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    uploads: list[str] = []
    page.on("request", lambda r: uploads.append(r.url) if r.method == "POST" and "/api/club/images" in r.url else None)
    card = page.get_by_test_id("club-screens")
    expect(card.get_by_test_id("screens-no-logo")).to_be_visible()

    card.get_by_test_id("screens-logo-file").set_input_files(file("logo.png", "image/png", logo_png()))
    logo = card.get_by_test_id("screens-logo")
    expect(logo).to_be_visible()
    expect(card.get_by_test_id("screens-note")).to_have_text("Logo saved. The TVs show it within 5 minutes.")
    assert logo.get_attribute("src").startswith("/media/")
    assert logo.evaluate("img => img.complete && img.naturalWidth") == 600  # loaded under the app's CSP

    card.get_by_test_id("screens-sponsor-name").fill("Brauerei Adler")
    card.get_by_test_id("screens-sponsor-file").set_input_files(file("IMG_0001.JPG", "image/jpeg", photo_with_gps()))
    expect(card.get_by_test_id("screens-sponsors").locator("li")).to_have_count(1)
    card.get_by_test_id("screens-sponsor-name").fill("Café Central")
    card.get_by_test_id("screens-sponsor-file").set_input_files(file("cafe.png", "image/png", png((400, 200), "RGB")))
    rows = card.get_by_test_id("screens-sponsors").locator("li")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_contain_text("Café Central")
    card.get_by_role("button", name="Move Café Central up").click()
    expect(rows.nth(0)).to_contain_text("Café Central")
    assert [s["name"] for s in api.get("/api/display/look").json()["sponsors"]] == ["Café Central", "Brauerei Adler"]

    # An SVG, whatever its name: the server's reason on the phone.
    card.get_by_test_id("screens-sponsor-file").set_input_files(file("sponsor.png", "image/png", SVG))
    expect(card.get_by_test_id("screens-note")).to_contain_text("SVG images are not accepted")
    expect(card.get_by_test_id("screens-note")).to_have_attribute("role", "alert")
    # A photo over 5 MB is refused here, before it is sent over the venue's Wi-Fi.
    sent = len(uploads)
    card.get_by_test_id("screens-sponsor-file").set_input_files(
        file("huge.jpg", "image/jpeg", b"\xff\xd8" + b"0" * (6 << 20))
    )
    expect(card.get_by_test_id("screens-note")).to_contain_text("This file has 6 MB; at most 5 MB")
    assert len(uploads) == sent
    expect(rows).to_have_count(2)

    card.get_by_test_id("screens-theme-felt").click()
    expect(card.get_by_test_id("screens-theme-felt")).to_have_attribute("aria-checked", "true")
    expect(card.get_by_test_id("screens-theme-night")).to_have_attribute("aria-checked", "false")
    card.get_by_test_id("screens-rotate").select_option("20")
    expect(card.get_by_test_id("screens-note")).to_have_text("Saved.")
    look = api.get("/api/display/look").json()
    assert (look["theme"], look["rotate_s"]) == ("felt", 20)
    show(card)
    shot(page, "club-screens-en")
    card.get_by_test_id("screens-rotate").evaluate("el => el.scrollIntoView({ block: 'end' })")
    shot(page, "club-screens-theme-en")

    # Deleting asks first.
    card.get_by_test_id(f"screens-sponsor-delete-{api.get('/api/club/images').json()['sponsors'][1]['id']}").click()
    page.get_by_test_id("screens-delete-confirm").click()
    expect(rows).to_have_count(1)
    assert not [e for e in errors if "Content Security Policy" in e or "Refused" in e], errors

    # axe is injected as a script of its own: this phone bypasses the CSP (the English one above did not)
    german = director_at(phone, api, "/director", "club-screens", locale="de-DE", bypass_csp=True)
    card_de = german.get_by_test_id("club-screens")
    expect(card_de.get_by_role("heading", name="Bildschirme im Saal")).to_be_visible()
    expect(card_de.get_by_test_id("screens-theme-felt")).to_contain_text("Filz")
    card_de.get_by_test_id("screens-logo").scroll_into_view_if_needed()
    show(card_de)
    shot(german, "club-screens-de")
    found: dict = {}
    axe(german, "club screens card", found)
    assert found == {}, report(found)
