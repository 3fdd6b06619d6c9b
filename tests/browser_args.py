"""How every test and bench starts Chromium here (Debian's chromium, README.md "Tests"): headless on a
server without a sandbox or GPU, and quiet — no QUIC, first-run pages, updates or sync in the background."""

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
