"""The printouts' and the results page's stylesheet and print-button script, as files.

Those pages are opened by the PWA as blob: documents, which inherit the app's
Content-Security-Policy (no inline script or style) and cannot resolve a relative URL (a blob:
URL is no base). So the pages link these files by absolute URL on the address the director's
app used: the same origin, which the policy's 'self' allows.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, render_template, request, send_from_directory
from flask.typing import ResponseReturnValue

FILES = Path(__file__).resolve().parent / "print_assets"
PREFIX = "/print-assets"

# Their own policy, for when such a page is opened directly (as a blob it takes the app's).
PAGE_CSP = (
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

bp = Blueprint("print_assets", __name__)


@bp.get(f"{PREFIX}/<any('printout.css', 'results.css', 'standings.css', 'print.js'):name>")
def asset(name: str) -> ResponseReturnValue:
    response = send_from_directory(FILES, name, max_age=0)
    response.headers["Cache-Control"] = "no-cache"  # revalidated: a new release restyles at once
    return response


def asset_url(name: str) -> str:
    """Unescaped: the templates escape it (autoescape), like every other value."""
    return f"{request.host_url.rstrip('/')}{PREFIX}/{name}"


def printable(template: str, **context: object) -> Response:
    """A printable page from its template (backend/templates, autoescaped), which links its
    stylesheet and the print button's script with asset_url, under the page's own policy."""
    html = render_template(template, asset_url=asset_url, **context)
    return Response(
        html, mimetype="text/html", headers={"Cache-Control": "no-store", "Content-Security-Policy": PAGE_CSP}
    )
