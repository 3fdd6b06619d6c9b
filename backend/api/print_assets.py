"""The printouts' and the results page's stylesheet and print-button script, as files.

Those pages are opened by the PWA as blob: documents, which inherit the app's
Content-Security-Policy (no inline script or style) and cannot resolve a relative URL (a blob:
URL is no base). So the pages link these files by absolute URL on the address the director's
app used: the same origin, which the policy's 'self' allows.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from flask import Blueprint, request, send_from_directory

FILES = Path(__file__).resolve().parent / "print_assets"
PREFIX = "/print-assets"

# Their own policy, for when such a page is opened directly (as a blob it takes the app's).
PAGE_CSP = (
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

bp = Blueprint("print_assets", __name__)


@bp.get(f"{PREFIX}/<any('printout.css', 'results.css', 'print.js'):name>")
def asset(name: str):
    response = send_from_directory(FILES, name, max_age=0)
    response.headers["Cache-Control"] = "no-cache"  # revalidated: a new release restyles at once
    return response


def asset_url(name: str) -> str:
    return escape(f"{request.host_url.rstrip('/')}{PREFIX}/{name}")


def head_tags(stylesheet: str) -> str:
    """The <head> lines that style a printable page."""
    return f'<link rel="stylesheet" href="{asset_url(stylesheet)}">'


def print_script() -> str:
    """The print button's script, last in <body>; the button carries data-print."""
    return f'<script src="{asset_url("print.js")}"></script>'
