"""Browser tests: real Chromium against a real server process."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_args import CHROMIUM_ARGS, PHONE, chromium_path
from server import ServerProcess

# Assertions wait as long as actions do (15 s, below): on a loaded 2-core CI machine a printout of
# 49 QR codes took longer than Playwright's default 5 s to appear.
expect.set_options(timeout=15_000)

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "e2e" / "screenshots"
TV = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = {
        **browser_type_launch_args,
        "args": CHROMIUM_ARGS,
    }
    path = chromium_path()
    if path:  # else Playwright's own browser, for a machine where `playwright install` works
        args["executable_path"] = path
    return args


@pytest.fixture
def live_server(tmp_path):
    # PWA_DIST (as the server reads it) lets a build elsewhere be tested; pwa/dist by default.
    dist = Path(os.environ.get("PWA_DIST", ROOT / "pwa/dist"))
    if not (dist / "index.html").exists():
        pytest.fail(f"{dist} is not built: run `make test`, which builds it first")
    srv = ServerProcess(tmp_path / "var").start()
    yield srv
    srv.stop()


def context_factory(browser, defaults):
    """Yields a factory of browser contexts (each one a separate device), closed afterwards."""
    contexts = []

    def make(**options):
        context = browser.new_context(**{**defaults, **options})
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def phone(browser):
    """A factory of phone-sized browser contexts (each one a separate phone)."""
    yield from context_factory(browser, PHONE)


@pytest.fixture
def tv(browser):
    """A factory of 16:9 TV-sized browser contexts (1920×1080) for the display."""
    yield from context_factory(browser, TV)


@pytest.fixture
def shot():
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        page.screenshot(path=str(SHOTS / f"{name}.png"))

    return take


def pytest_collection_modifyitems(items):
    """Warnings are errors (pyproject.toml), but here a ResourceWarning stays a warning: some browser
    tests still drop a socket or a process handle (seen: e2e/test_venue_https.py before
    test_production_stack.py) and the collector reports it in whichever test runs next. To fix."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.filterwarnings("default::ResourceWarning"))
