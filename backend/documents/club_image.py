"""A club's logo or sponsor image, uploaded from a director's phone: hostile input until re-encoded.

What comes in is bytes and nothing else: its name and Content-Type are the sender's claims, never read.
Pillow is asked to identify the bytes among four raster formats only (PNG, JPEG, WebP, GIF): its other
readers (EPS hands the file to Ghostscript, and dozens of rarely used formats) never see an upload.
The size in pixels is checked from the header before a pixel is decoded, so a decompression bomb (a
30000×30000 PNG of a few kilobytes) costs nothing. The decoded pixels are turned upright (EXIF
orientation), converted to sRGB, scaled down, copied into a new image that carries nothing but pixels,
and encoded anew: no EXIF (GPS), no text chunks, no ICC profile, no comment survives, and what is stored
is never the bytes that were sent. SVG is refused (docs/club-images.md says why).
"""

from __future__ import annotations

import hashlib
import io
import struct
from dataclasses import dataclass

from PIL import Image, ImageCms, ImageOps, UnidentifiedImageError

MAX_BYTES = 5 * 1024 * 1024  # the uploaded file
MAX_PIXELS = 4096 * 4096  # width × height of the upload (a 12 MP phone photo is 4032 × 3024)
MAX_SIDE = 8192  # either side (a wide sponsor banner), within MAX_PIXELS
# The long side of what is kept: a logo sits in a corner of a TV, a sponsor fills at most half of it.
KEEP_SIDE = {"logo": 1024, "sponsor": 1600}
KINDS = tuple(KEEP_SIDE)
ACCEPTED = ("PNG", "JPEG", "WEBP", "GIF")
WEBP_QUALITY = 88


class ImageProblem(ValueError):
    """Why an upload is refused: `error` is the code, `str()` the sentence for the director."""

    def __init__(self, error: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.error, self.message, self.status = error, message, status


@dataclass(frozen=True)
class CleanImage:
    data: bytes  # the re-encoded file: what is stored and served
    mime: str  # image/png | image/webp
    width: int
    height: int
    sha256: str
    source: str  # the format the upload turned out to be (PNG, JPEG, WEBP, GIF)


def _what_else(head: bytes) -> ImageProblem:
    """The refusal for bytes Pillow did not take as one of ACCEPTED, naming what they look like."""
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if b"<svg" in head[:4096].lower() or (start.startswith(b"<?xml") and b"svg" in head[:4096].lower()):
        return ImageProblem(
            "svg_not_accepted",
            "SVG images are not accepted (a drawing can carry scripts and links). Export the logo as PNG "
            "from the program that made it.",
        )
    if head[4:8] == b"ftyp" and head[8:12] in (b"heic", b"heix", b"hevc", b"heim", b"heis", b"mif1", b"msf1", b"avif"):
        return ImageProblem(
            "format_not_accepted",
            "HEIC/AVIF photos are not accepted. On an iPhone choose Settings › Camera › Formats › "
            "Most Compatible, or send the picture as JPEG or PNG.",
        )
    if start.startswith((b"<!doctype", b"<html", b"<head", b"<body", b"<script", b"<?xml", b"<")):
        return ImageProblem("not_an_image", "This file is not an image (it holds text or HTML), whatever its name.")
    if head.startswith(b"%PDF"):
        return ImageProblem("not_an_image", "This file is a PDF, not an image: send a PNG or JPEG.")
    return ImageProblem("not_an_image", "This file is not a PNG, JPEG, WebP or GIF image.")


def _to_srgb(im: Image.Image) -> Image.Image:
    """Colours as the TV shows them: an embedded profile (Display P3 from a phone, CMYK from print)
    is converted to sRGB, since the profile itself is not kept. A profile that cannot be read is
    ignored (the pixels are taken as sRGB)."""
    icc = im.info.get("icc_profile")
    if not icc or im.mode not in ("RGB", "RGBA", "CMYK"):
        return im
    out_mode = "RGBA" if im.mode == "RGBA" else "RGB"
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        converted = ImageCms.profileToProfile(im, source, ImageCms.createProfile("sRGB"), outputMode=out_mode)
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
        return im
    return converted if converted is not None else im


def _has_alpha(im: Image.Image) -> bool:
    return im.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in im.info


def clean_image(data: bytes, kind: str) -> CleanImage:
    """The upload re-encoded for keeping (a logo as PNG, a sponsor as WebP), or ImageProblem."""
    if kind not in KEEP_SIDE:
        raise ImageProblem("bad_kind", f"kind must be one of {', '.join(KINDS)}.")
    if len(data) > MAX_BYTES:
        raise ImageProblem("file_too_big", f"The file is larger than {MAX_BYTES // (1024 * 1024)} MB.", 413)
    if not data:
        raise ImageProblem("empty_file", "The file is empty.")
    try:
        im = Image.open(io.BytesIO(data), formats=list(ACCEPTED))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):  # the warning: where warnings are errors
        raise _too_many_pixels() from None
    except UnidentifiedImageError:
        raise _what_else(data[:4096]) from None
    except (OSError, SyntaxError, ValueError, EOFError, struct.error):
        raise ImageProblem("broken_image", "The image file is damaged or cut off; save it again.") from None
    with im:
        source = im.format or "?"
        width, height = im.size
        if width < 1 or height < 1:
            raise ImageProblem("broken_image", "The image has no pixels.")
        if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
            raise _too_many_pixels(width, height)
        keep = KEEP_SIDE[kind]
        try:
            if source == "JPEG" and max(width, height) > keep:
                # decode a big photo at 1/2, 1/4 or 1/8 scale, still at least the size kept: less work
                im.draft("RGB", (width * keep // max(width, height), height * keep // max(width, height)))
            im.seek(0)  # an animation's first frame
            im.load()
            upright = ImageOps.exif_transpose(im) or im
            pixels = _pixels_only(_to_srgb(upright), keep)
        except Image.DecompressionBombError:
            raise _too_many_pixels(width, height) from None
        except (OSError, SyntaxError, ValueError, EOFError, struct.error, IndexError):
            raise ImageProblem("broken_image", "The image file is damaged or cut off; save it again.") from None
    out = io.BytesIO()
    if kind == "logo":
        pixels.save(out, format="PNG")  # optimize=True: 6× the time for 10–20 % less
        mime = "image/png"
    else:
        pixels.save(out, format="WEBP", quality=WEBP_QUALITY, method=4)
        mime = "image/webp"
    encoded = out.getvalue()
    return CleanImage(encoded, mime, pixels.width, pixels.height, hashlib.sha256(encoded).hexdigest(), source)


def _pixels_only(im: Image.Image, keep: int) -> Image.Image:
    """RGB or RGBA pixels at most `keep` on the long side, in a new image with no info at all
    (Pillow's encoders write an ICC profile or EXIF they find in `info`)."""
    rgba = im.convert("RGBA") if _has_alpha(im) else im.convert("RGB")
    if rgba.mode == "RGBA":
        alpha = rgba.getchannel("A").getextrema()
        if alpha[0] == 255:  # transparency declared, none used: smaller without the channel
            rgba = rgba.convert("RGB")
    rgba.thumbnail((keep, keep), Image.Resampling.LANCZOS)
    return Image.frombytes(rgba.mode, rgba.size, rgba.tobytes())


def _too_many_pixels(width: int | None = None, height: int | None = None) -> ImageProblem:
    size = f" ({width} × {height} pixels)" if width and height else ""
    return ImageProblem(
        "too_many_pixels",
        f"The image is too large{size}: at most {MAX_PIXELS // 1_000_000} megapixels and {MAX_SIDE} pixels "
        "on a side. Scale it down first.",
    )
