"""QR codes as SVG (for screens and print) and as text (for the terminal)."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def qr_svg(url: str) -> str:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    return image.to_string(encoding="unicode")


def qr_text(url: str) -> str:
    qr = qrcode.QRCode(border=2)
    qr.add_data(url)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()
