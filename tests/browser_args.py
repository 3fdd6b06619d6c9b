"""How every test and bench starts Chromium here (Debian's chromium, README.md "Tests"): headless on a
server without a sandbox or GPU, and quiet — no QUIC, first-run pages, updates or sync in the background."""

import os
import shutil

# A phone as the browser tests hold it (390×844, touch); e2e/conftest.py's `phone` contexts.
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def chromium_path() -> str | None:
    """Debian's Chromium (or CHROMIUM), else None: Playwright's own where `playwright install` works."""
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
