"""Each QR link's first useful screen, as the first-scan browser test and its benchmark
(e2e/test_first_scan_boot.py, tests/perf/bench_first_scan.py) wait for it."""

READY = {
    "player": "[data-testid=player-seat][data-table]",
    "dealer": "[data-testid^='seat-']",
    # The running clock: not the 00:00 the TV draws before it has the view (its status idle then).
    "display": "[data-testid=display]:not(.status-idle) [data-testid=clock-time][data-remaining-ms]",
}

# What the link shows before the app's code is there: index.html's boot script draws a player's
# seat, a dealer's seats and the TV's running clock from its early answer (pwa/boot/firstScreen.js).
FIRST_PAINT = {
    "player": "#first-paint [data-first-paint=player]",
    "dealer": "#first-paint [data-first-paint=dealer] li",
    "display": "#first-paint [data-first-paint=display][data-remaining-ms]",
}


def seen(role: str) -> str:
    """The selector of the moment the person sees what the link is for: the first paint or the app's screen."""
    return ", ".join(s for s in (FIRST_PAINT.get(role), READY[role]) if s)


# An init script: window.__ready = performance.now() (ms since navigation start) when the role's
# first screen of the app appears, window.__seen when its first paint or that screen does;
# `% (app's selector, seen selector)`.
WATCH = """
((app, any) => {
  const look = () => {
    if (window.__seen == null && document.querySelector(any)) window.__seen = performance.now();
    if (window.__ready == null && document.querySelector(app)) window.__ready = performance.now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
})(%r, %r);
"""


def watch(role: str) -> str:
    return WATCH % (READY[role], seen(role))
