"""Each QR link's first useful screen, as the first-scan browser test and its benchmark
(e2e/test_first_scan_boot.py, tests/perf/bench_first_scan.py) wait for it."""

READY = {
    "player": "[data-testid=player-seat][data-table]",
    "dealer": "[data-testid^='seat-']",
    "display": "[data-testid=clock-time][data-remaining-ms]",
}

# An init script: window.__ready = performance.now() (ms since navigation start) when the
# role's first screen appears; `% selector`.
WATCH = """
((selector) => {
  const look = () => {
    if (window.__ready == null && document.querySelector(selector)) window.__ready = performance.now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
})(%r);
"""
