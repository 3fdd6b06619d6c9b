"""The club's images (docs/club-images.md): uploads from a director's phone are hostile input. Real
files made here with Pillow go to a real server process: a 30 MB image, a decompression bomb, a PNG with
a script in its text chunks, a JPEG with GPS in its EXIF, an SVG with a script, HTML named .png. Each is
refused with a 400/413 naming the reason, or stored re-encoded: the stored and served bytes are never the
uploaded ones, and carry no metadata. Served under /media with immutable caching, nosniff and a strict
CSP; a club sees and uses only its own images, and its TVs read only its own look."""

from __future__ import annotations

import hashlib
import http.client
import io
import time

import pytest
import requests
from PIL import Image, ImageDraw

from image_files import HTML, SCRIPT, SVG, bomb_png, photo_with_gps, png, thirty_mb_png
from server import (
    Api,
    ServerProcess,
    club_director,
    director,
    invited,
    links,
    new_club,
    read_db,
    seated_tournament,
    token_of,
)

MB = 1024 * 1024
MEDIA_CSP = "default-src 'none'; img-src 'self'; frame-ancestors 'none'; sandbox"


# --- the server and its clients -----------------------------------------------------------------


def upload(api: Api, data: bytes, kind: str = "logo", filename: str = "logo.png", ctype: str = "image/png", **form):
    return api.http.post(
        api.base + "/api/club/images",
        files={"file": (filename, data, ctype)},
        data={"kind": kind, **form},
        headers=api.headers(),
        timeout=60,
    )


def refused(r: requests.Response, status: int, error: str, field: str = "file") -> str:
    assert r.status_code == status, r.text[:300]
    body = r.json()
    assert (body["error"], body["field"]) == (error, field), body
    return body["message"]


def memory_mb(server: ServerProcess, what: str = "VmHWM") -> float:
    """The server process's resident memory (VmRSS) or its peak since the last reset (VmHWM), in MB."""
    with open(f"/proc/{server.proc.pid}/status") as f:
        status = f.read()
    kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith(what + ":"))
    return kb / 1024


def reset_peak(server: ServerProcess) -> float:
    """The peak set back to what the process holds now (Linux: clear_refs 5); returns that."""
    with open(f"/proc/{server.proc.pid}/clear_refs", "w") as f:
        f.write("5")
    return memory_mb(server, "VmRSS")


def served(server: ServerProcess, url: str, **headers) -> requests.Response:
    return requests.get(server.url + url, headers=headers, timeout=10)


def raw_get(server: ServerProcess, path: str) -> tuple[int, str]:
    """GET the path exactly as written (requests would resolve `..` before sending)."""
    con = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        con.request("GET", path)
        answer = con.getresponse()
        answer.read()
        return answer.status, answer.getheader("Content-Type") or ""
    finally:
        con.close()


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    server = ServerProcess(tmp_path_factory.mktemp("images") / "var").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def td(srv):
    return director(srv)


def test_hostile_uploads_are_refused_with_their_reason_or_stored_re_encoded(srv, td):
    # A 30 MB image: refused by its Content-Length before a byte of it is read (413, naming the
    # limit), and sent without a length (chunked) refused where it passes the limit. The server's
    # peak memory shows neither was read into memory.
    big = thirty_mb_png()
    assert len(big) > 30 * MB
    before = reset_peak(srv)
    started = time.perf_counter()
    message = refused(upload(td, big), 413, "file_too_big")
    took = time.perf_counter() - started
    assert "5 MB" in message

    def chunks():
        for at in range(0, len(big), 256 * 1024):
            yield big[at : at + 256 * 1024]

    chunked = td.http.post(
        td.base + "/api/club/images",
        data=chunks(),
        headers={**td.headers(), "Content-Type": "multipart/form-data; boundary=xyz"},
        timeout=60,
    )
    refused(chunked, 413, "file_too_big")
    grown = memory_mb(srv) - before
    print(f"\n30 MB upload: 413 in {took * 1000:.0f} ms; server peak memory grew {grown:.1f} MB over both uploads")
    assert grown < 20, f"the server's peak memory grew {grown:.1f} MB: it read the 30 MB upload"

    # A decompression bomb (900 megapixels in a small file) and one below Pillow's own limit but
    # above ours (20 megapixels): both refused from the header, before decoding.
    bomb = bomb_png()
    assert len(bomb) < 200_000
    started = time.perf_counter()
    refused(upload(td, bomb), 400, "too_many_pixels")
    print(
        f"decompression bomb ({len(bomb)} bytes, 30000 × 30000): 400 in {(time.perf_counter() - started) * 1000:.0f} ms"
    )
    assert "5000 × 4000" in refused(upload(td, bomb_png(5000, 4000)), 400, "too_many_pixels")

    # An SVG carrying a script: refused, whatever it is called and however it is labelled.
    for filename, ctype in (("logo.svg", "image/svg+xml"), ("logo.png", "image/png")):
        assert "SVG" in refused(upload(td, SVG, filename=filename, ctype=ctype), 400, "svg_not_accepted")
    # HTML named .png and labelled image/png: the bytes decide, not the name.
    assert "not an image" in refused(upload(td, HTML, filename="sponsor.png"), 400, "not_an_image")
    refused(upload(td, b"%PDF-1.4\n%...", filename="logo.jpg", ctype="image/jpeg"), 400, "not_an_image")
    refused(upload(td, png()[:300]), 400, "broken_image")  # cut off in the middle of its pixels
    refused(upload(td, b""), 400, "empty_file")

    # A PNG with a script in its text chunks (tEXt, zTXt, iTXt): stored re-encoded, without them.
    sent = png(text={"Comment": SCRIPT, "Description": SCRIPT})
    assert SCRIPT.encode() in sent
    r = upload(td, sent, name="Club logo")
    assert r.status_code == 201, r.text
    logo = r.json()
    assert (logo["kind"], logo["mime"], logo["width"], logo["height"]) == ("logo", "image/png", 320, 200)
    got = served(srv, logo["url"])
    assert got.status_code == 200 and got.content != sent
    assert b"<script" not in got.content and b"tEXt" not in got.content and b"zTXt" not in got.content
    assert b"iTXt" not in got.content
    clean = Image.open(io.BytesIO(got.content))
    assert clean.format == "PNG" and clean.mode == "RGBA" and clean.size == (320, 200)
    assert clean.text == {} and "icc_profile" not in clean.info and not clean.getexif()
    assert clean.getpixel((160, 100)) == (250, 220, 0, 255) and clean.getpixel((0, 0)) == (200, 30, 40, 180)
    (stored,) = read_db(srv, "SELECT data, sha256 FROM club_image WHERE id = ?", (logo["id"],))
    assert bytes(stored[0]) == got.content != sent and hashlib.sha256(stored[0]).hexdigest() == stored[1]
    assert logo["url"] == f"/media/1/{logo['id']}-{stored[1][:12]}.png"

    # A phone photo with GPS in its EXIF, a maker and a comment holding a script: a sponsor, as WebP,
    # turned upright by its orientation, with nothing of the EXIF or the comment left.
    photo = photo_with_gps()
    assert b"PhoneMaker" in photo and SCRIPT.encode() in photo
    r = upload(td, photo, kind="sponsor", filename="IMG_0001.JPG", ctype="image/jpeg", name="Brauerei Adler")
    assert r.status_code == 201, r.text
    sponsor = r.json()
    assert (sponsor["mime"], sponsor["width"], sponsor["height"], sponsor["name"]) == (
        "image/webp",
        1200,
        1600,
        "Brauerei Adler",
    )
    got = served(srv, sponsor["url"])
    assert got.content[:4] == b"RIFF" and got.content[8:12] == b"WEBP"
    for leftover in (b"EXIF", b"Exif", b"PhoneMaker", b"<script", b"ICCP", b"XMP "):
        assert leftover not in got.content, leftover
    clean = Image.open(io.BytesIO(got.content))
    assert not clean.getexif() and "exif" not in clean.info and "icc_profile" not in clean.info
    r, g, b = clean.convert("RGB").getpixel((1200 - 20, 20))[:3]  # the red corner, turned: now top right
    assert r > 200 and g < 60 and b < 60, (r, g, b)

    # Served as the TV's <img> needs it: the right type, cached for a year (the address names the
    # content), never sniffed, under a policy that lets nothing in the document run.
    got = served(srv, logo["url"])
    assert got.headers["Content-Type"] == "image/png"
    assert got.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert got.headers["X-Content-Type-Options"] == "nosniff"
    assert got.headers["Content-Security-Policy"] == MEDIA_CSP
    assert got.headers["Cross-Origin-Resource-Policy"] == "same-origin"
    again = served(srv, logo["url"], **{"If-None-Match": got.headers["ETag"]})
    assert again.status_code == 304 and again.content == b""
    assert served(srv, sponsor["url"]).headers["Content-Type"] == "image/webp"

    # The TV's look: the theme, the logo, the sponsors in order, the rotation.
    look = td.get("/api/display/look").json()
    assert look == {
        "theme": "night",
        "logo": {"url": logo["url"], "width": 320, "height": 200},
        "sponsors": [{"url": sponsor["url"], "name": "Brauerei Adler", "width": 1200, "height": 1600}],
        "rotate_s": 12,
    }


def test_form_fields_limits_order_and_the_look(srv, td):
    """Bad fields are 400s naming the field; at most 8 sponsors; order, rename, delete; the look."""
    start = td.get("/api/club/images").json()
    for image in [start["logo"], *start["sponsors"]]:
        if image:
            assert td.http.delete(td.base + f"/api/club/images/{image['id']}", headers=td.headers()).status_code == 200
    assert td.get("/api/club/images").json()["limits"] == {
        "max_bytes": 5 * MB,
        "max_pixels": 4096 * 4096,
        "max_side": 8192,
        "max_sponsors": 8,
        "keep_side": {"logo": 1024, "sponsor": 1600},
    }
    assert "kind" in refused(upload(td, png(), kind="banner"), 400, "validation", "kind")
    refused(upload(td, png(), name="x" * 61), 400, "validation", "name")
    refused(upload(td, png(), name="evil\nname"), 400, "validation", "name")
    r = td.http.post(td.base + "/api/club/images", data={"kind": "logo"}, headers=td.headers(), timeout=10)
    refused(r, 400, "multipart_expected")  # a form without a file, not multipart
    r = td.http.post(
        td.base + "/api/club/images",
        files={"other": ("x.png", png(), "image/png")},
        data={"kind": "logo"},
        headers=td.headers(),
        timeout=10,
    )
    refused(r, 400, "validation")
    refused(td.post("/api/club/images", {"kind": "logo"}), 400, "multipart_expected")

    # Other formats the phones send: an animated GIF (its first frame), a WebP, a palette PNG with
    # a transparent colour (transparency kept), a greyscale JPEG; each stored as the kind's format.
    frames = [Image.new("P", (80, 40), n) for n in (5, 9, 12)]
    gif = io.BytesIO()
    frames[0].save(gif, "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)
    webp, palette, grey = io.BytesIO(), io.BytesIO(), io.BytesIO()
    Image.new("RGB", (90, 30), (10, 120, 200)).save(webp, "WEBP")
    indexed = Image.new("P", (50, 50), 0)
    indexed.putpalette([0, 0, 0, 250, 200, 0])  # colour 0 transparent, colour 1 a gold square
    ImageDraw.Draw(indexed).rectangle((20, 20, 40, 40), fill=1)
    indexed.save(palette, "PNG", transparency=0)
    Image.new("L", (70, 70), 128).save(grey, "JPEG")
    for data, kind, mime, size, mode in (
        (gif.getvalue(), "sponsor", "image/webp", (80, 40), "RGB"),
        (webp.getvalue(), "sponsor", "image/webp", (90, 30), "RGB"),
        (palette.getvalue(), "logo", "image/png", (50, 50), "RGBA"),
        (grey.getvalue(), "logo", "image/png", (70, 70), "RGB"),
    ):
        r = upload(td, data, kind=kind)
        assert r.status_code == 201, r.text
        assert (r.json()["mime"], r.json()["width"], r.json()["height"]) == (mime, *size)
        got = Image.open(io.BytesIO(served(srv, r.json()["url"]).content))
        assert got.mode == mode and getattr(got, "n_frames", 1) == 1, (kind, got.mode)
        if mode == "RGBA":
            assert got.getpixel((10, 10))[3] == 0 and got.getpixel((30, 30)) == (250, 200, 0, 255)
        assert td.http.delete(td.base + f"/api/club/images/{r.json()['id']}", headers=td.headers()).status_code == 200

    # A big photo as a logo is scaled to 1024 px on its long side, keeping its proportions.
    wide = png((4000, 2000), mode="RGB")
    r = upload(td, wide)
    assert r.status_code == 201, r.text
    assert (r.json()["width"], r.json()["height"]) == (1024, 512)
    first_logo = r.json()
    # A new logo replaces the old one, whose address stops working.
    second_logo = upload(td, png((100, 100))).json()
    assert served(srv, first_logo["url"]).status_code == 404
    assert served(srv, second_logo["url"]).status_code == 200

    ids = []
    for n in range(8):
        r = upload(td, png((60 + n, 40), mode="RGB"), kind="sponsor", name=f"Sponsor {n}")
        assert r.status_code == 201, r.text
        assert r.json()["position"] == n
        ids.append(r.json()["id"])
    assert "8 sponsor images" in refused(upload(td, png(), kind="sponsor"), 409, "too_many_sponsors", "kind")

    r = td.patch(f"/api/club/images/{ids[7]}", {"position": 0, "name": "Hauptsponsor"})
    assert r.status_code == 200, r.text
    order = [(s["id"], s["position"]) for s in r.json()["sponsors"]]
    assert order == [(ids[7], 0)] + [(i, n + 1) for n, i in enumerate(ids[:7])]
    assert r.json()["sponsors"][0]["name"] == "Hauptsponsor"
    refused(td.patch(f"/api/club/images/{ids[0]}", {"position": 8}), 400, "validation", "position")
    refused(td.patch(f"/api/club/images/{second_logo['id']}", {"position": 1}), 400, "validation", "position")
    refused(td.patch(f"/api/club/images/{ids[0]}", {"position": "1"}), 400, "validation", "position")
    refused(td.patch("/api/club/images/999999", {"name": "x"}), 404, "unknown_image", "image_id")

    r = td.http.delete(td.base + f"/api/club/images/{ids[7]}", headers=td.headers())
    assert r.status_code == 200 and [s["position"] for s in r.json()["sponsors"]] == list(range(7))

    refused(td.patch("/api/club/look", {"theme": "pink"}), 400, "validation", "theme")
    refused(td.patch("/api/club/look", {"rotate_s": 1}), 400, "validation", "rotate_s")
    refused(td.patch("/api/club/look", {"rotate_s": 12, "colour": "red"}), 400, "validation", "colour")
    r = td.patch("/api/club/look", {"theme": "felt", "rotate_s": 20})
    assert r.status_code == 200, r.text
    look = td.get("/api/display/look").json()
    assert r.json() == look and (look["theme"], look["rotate_s"]) == ("felt", 20)
    assert [s["name"] for s in look["sponsors"]] == [f"Sponsor {n}" for n in range(7)]
    assert look["logo"]["url"] == second_logo["url"]


def test_a_club_sees_and_uses_only_its_own_images(srv, td):
    """Club Bravo's director, its limited and observer directors, its TV and its phones against club
    Alpha's images, and Alpha's own TV and phones."""
    alpha_logo = upload(td, png(), name="Alpha logo").json()
    alpha_sponsor = upload(td, png(mode="RGB"), kind="sponsor", name="Alpha Brewery").json()
    tid = td.post("/api/tournaments", {"name": "Alpha Monday", "preset": "generic"}).json()["id"]
    alpha_links = links(td, tid)
    alpha_tv = Api(srv.url, token_of(alpha_links["display"]["url"]))

    bravo = club_director(srv, new_club(td, "Bravo Club"), "td_bravo")
    bravo_logo = upload(bravo, png((50, 50)), name="Bravo logo").json()
    bravo_tid = seated_tournament(bravo, players=4, tables=1)
    bravo_links = links(bravo, bravo_tid)
    bravo_tv = Api(srv.url, token_of(bravo_links["display"]["url"]))
    bravo_player = Api(srv.url, token_of(bravo_links["players"][0]["url"]))
    bravo_dealer = Api(srv.url, token_of(bravo_links["tables"][0]["url"]))

    # Bravo's director lists his own, and cannot rename, move or delete Alpha's: they answer as missing.
    listed = bravo.get("/api/club/images").json()
    assert listed["logo"]["id"] == bravo_logo["id"] and listed["sponsors"] == []
    for image in (alpha_logo, alpha_sponsor):
        refused(bravo.patch(f"/api/club/images/{image['id']}", {"name": "mine"}), 404, "unknown_image", "image_id")
        r = bravo.http.delete(bravo.base + f"/api/club/images/{image['id']}", headers=bravo.headers())
        refused(r, 404, "unknown_image", "image_id")
    # His TV shows his club's look, Alpha's TV Alpha's; neither names the other's images.
    bravo_look = bravo_tv.get("/api/display/look")
    assert bravo_look.status_code == 200 and bravo_look.json()["logo"]["url"] == bravo_logo["url"]
    assert "Alpha" not in bravo_look.text and bravo.get("/api/display/look").json() == bravo_look.json()
    alpha_look = alpha_tv.get("/api/display/look").json()
    assert alpha_look["logo"]["url"] == alpha_logo["url"] and "Bravo" not in str(alpha_look)
    # Phones and dealers have no look to read; nobody without a token either.
    for api in (bravo_player, bravo_dealer):
        refused(api.get("/api/display/look"), 403, "forbidden", None)
        refused(api.get("/api/club/images"), 403, "forbidden", None)
    refused(Api(srv.url).get("/api/display/look"), 401, "unauthorized", None)
    # A TV's link is no director's: it cannot upload, list or change.
    refused(upload(bravo_tv, png()), 403, "forbidden", None)
    refused(bravo_tv.patch("/api/club/look", {"theme": "day"}), 403, "forbidden", None)

    # Limited and observer directors of Alpha see the images and change nothing.
    for access in ("limited", "observer"):
        other = club_director(srv, invited(td, access), f"{access}_alpha")
        assert other.get("/api/club/images").json()["logo"]["id"] == alpha_logo["id"]
        assert other.get("/api/display/look").status_code == 200
        assert upload(other, png()).status_code == 403
        assert other.patch("/api/club/look", {"theme": "day"}).status_code == 403
        assert other.patch(f"/api/club/images/{alpha_sponsor['id']}", {"name": "x"}).status_code == 403
        assert (
            other.http.delete(
                other.base + f"/api/club/images/{alpha_sponsor['id']}", headers=other.headers()
            ).status_code
            == 403
        )

    # An image is found only under its own club, id and content hash.
    _, club, name = alpha_logo["url"].rsplit("/", 2)
    image_id, rest = name.split("-", 1)
    bravo_club = bravo_logo["url"].split("/")[2]
    for url in (
        f"/media/{bravo_club}/{name}",  # Alpha's image under Bravo's club
        f"/media/{club}/{image_id}-{'0' * 12}.png",  # a guessed hash
        f"/media/{club}/{image_id}-{rest.replace('.png', '.webp')}",  # the wrong type
        f"/media/{club}/{bravo_logo['url'].rsplit('/', 1)[1]}",  # Bravo's image under Alpha's club
        f"/media/{club}/{name}.html",
        f"/media/{club}/../../api/health",
        "/media/x/y",
    ):
        assert raw_get(srv, url) == (404, "application/json"), url
    assert served(srv, alpha_logo["url"]).status_code == 200


@pytest.mark.postgres
def test_images_on_postgresql(tmp_path, pg_schema_url):
    """The same rows in PostgreSQL (bytea, the club row locked per upload): stored, served, replaced."""
    server = ServerProcess(tmp_path / "pgvar", database_url=pg_schema_url).start()
    try:
        api = director(server)
        first = upload(api, png(text={"Comment": SCRIPT}))
        assert first.status_code == 201, first.text
        sponsor = upload(api, photo_with_gps(), kind="sponsor", ctype="image/jpeg", name="Adler").json()
        second = upload(api, png((64, 64))).json()
        got = served(server, second["url"])
        assert got.status_code == 200 and got.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert Image.open(io.BytesIO(got.content)).size == (64, 64)
        assert served(server, first.json()["url"]).status_code == 404  # replaced
        (stored,) = read_db(server, "SELECT data FROM club_image WHERE id = ?", (sponsor["id"],))
        assert bytes(stored[0]) == served(server, sponsor["url"]).content
        assert api.get("/api/display/look").json()["sponsors"][0]["name"] == "Adler"
    finally:
        server.stop()
