"""Real image files for the upload tests, made with Pillow (or by hand where Pillow would need the
memory the file is meant to cost): fine ones, and the hostile ones docs/club-images.md lists."""

from __future__ import annotations

import hashlib
import io
import zlib

from PIL import Image, ImageDraw, PngImagePlugin

SCRIPT = "<script>alert('owned')</script>"


def png(size=(320, 200), mode="RGBA", text: dict | None = None, **save) -> bytes:
    im = Image.new(mode, size, (200, 30, 40, 180) if mode == "RGBA" else (200, 30, 40))
    ImageDraw.Draw(im).ellipse((10, 10, size[0] - 10, size[1] - 10), fill=(250, 220, 0, 255)[: len(mode)])
    info = None
    if text:
        info = PngImagePlugin.PngInfo()
        for key, value in text.items():
            info.add_text(key, value)  # tEXt
            info.add_text(key + "Z", value, zip=True)  # zTXt
            info.add_itxt(key + "I", value, lang="en")  # iTXt
    out = io.BytesIO()
    im.save(out, "PNG", pnginfo=info, **save)
    return out.getvalue()


def photo_with_gps(size=(1600, 1200)) -> bytes:
    """A JPEG as a phone takes it: turned (EXIF orientation 6: the camera was held upright) and
    with where it was taken (EXIF GPS: 47.37° N, 8.54° E)."""
    im = Image.linear_gradient("L").resize(size).convert("RGB")
    ImageDraw.Draw(im).rectangle((0, 0, size[0] // 4, size[1] // 4), fill=(255, 0, 0))  # top left red
    exif = Image.Exif()
    exif[0x0112] = 6
    exif[0x010F] = "PhoneMaker"
    exif[0x8825] = {1: "N", 2: (47.0, 22.0, 12.5), 3: "E", 4: (8.0, 32.0, 24.0)}
    out = io.BytesIO()
    im.save(out, "JPEG", quality=90, exif=exif, comment=SCRIPT.encode())
    return out.getvalue()


def thirty_mb_png() -> bytes:
    """A real PNG of 30 MB: noise, stored without compression."""
    side = 3300  # 3300 × 3300 RGB = 32.7 MB of pixels (31.2 MiB)
    im = Image.frombytes("RGB", (side, side), hashlib.shake_256(b"noise").digest(side * side * 3))
    out = io.BytesIO()
    im.save(out, "PNG", compress_level=0)
    return out.getvalue()


def bomb_png(width=30000, height=30000) -> bytes:
    """A decompression bomb: 900 million pixels (about 900 MB once decoded) in a file of a few
    kilobytes, written by hand so the test does not need the memory it would take."""
    raw_row = b"\x00" + b"\x00" * ((width + 7) // 8)  # filter byte + one bit per pixel
    z = zlib.compressobj(9)
    body = b"".join(z.compress(raw_row) for _ in range(height)) + z.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    ihdr = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([1, 0, 0, 0, 0])  # 1-bit grey
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


SVG = (
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
    f'<rect width="100" height="100" fill="red"/>{SCRIPT}<a href="javascript:alert(1)"><text>x</text></a></svg>'
).encode()
HTML = f"<!DOCTYPE html><html><body><h1>Sponsor</h1>{SCRIPT}</body></html>".encode()
