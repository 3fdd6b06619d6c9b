"""Phones in the two other browser engines, for the browser tests that must hold there too.

Playwright's own WebKit and Firefox cannot be downloaded on the build machines (README.md "Tests"), so:

- **WebKit**: Debian's WebKitGTK — its WebDriver (`WebKitWebDriver`) drives the MiniBrowser of
  libwebkit2gtk-4.1 with `--automation`, under Xvfb, through Selenium. The X screen is the phone's
  (390×844) and the window full-screen: MiniBrowser's toolbar keeps a window from going below
  ~447 px. Every session starts with empty storage (as a new phone, a home-screen app on an
  iPhone, or Safari after it wiped a site's data). No touch events, no PushManager in WebKitGTK.
- **Firefox**: Debian's firefox-esr, headless, over WebDriver BiDi (a websocket; `websocket-client`):
  a profile of its own per phone, the viewport set to 390×844, the network switched off with
  `emulation.setNetworkConditions`.

Both give the same small interface the tests use: `goto`, `reload`, `js` (a function body; its
return value, awaited, comes back through JSON), `click` (a real pointer click on a data-testid),
`wait` (until a function body returns true), `screenshot`, `close`; Firefox also `set_offline`.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from server import free_port

WIDTH, HEIGHT = 390, 844
WAIT_S = 15.0
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
MISSING = {
    "webkit": "WebKitWebDriver and Xvfb (Debian packages webkit2gtk-driver, xvfb)",
    "firefox": "firefox-esr (Debian package firefox-esr)",
}
# A function body run with the arguments (JSON), awaited; the value comes back as JSON.
WRAP = (
    "const args = JSON.parse(raw);"
    "return Promise.resolve((async function () { %s }).apply(null, args))"
    ".then((v) => JSON.stringify(v === undefined ? null : v));"
)


def minibrowser() -> str | None:
    if os.path.exists(MINIBROWSER):
        return MINIBROWSER
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))
    return str(found[0]) if found else None


def why_missing(engine: str) -> str:
    """What is not installed for this engine ("" when it can run): `make test` installs it."""
    if engine == "webkit":
        ok = shutil.which("WebKitWebDriver") and shutil.which("Xvfb") and minibrowser()
    else:
        ok = shutil.which("firefox-esr")
    return "" if ok else f"{MISSING[engine]} not installed: `make test` installs them (make engines)"


class EnginePhone:
    engine = ""

    def js(self, body: str, *args):
        raise NotImplementedError

    def wait(self, body: str, *args, timeout: float = WAIT_S, what: str = ""):
        """Until the function body returns something truthy; that value."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            last = self.js(body, *args)
            if last:
                return last
            time.sleep(0.05)
        raise AssertionError(f"{self.engine}: timed out after {timeout} s waiting for {what or body} (last: {last!r})")

    def testid(self, testid: str, attr: str | None = None):
        """The text (or an attribute) of the element with this data-testid, None when absent."""
        return self.js(
            'const el = document.querySelector(`[data-testid="${arguments[0]}"]`);'
            "return el ? (arguments[1] ? el.getAttribute(arguments[1]) : el.textContent.trim()) : null;",
            testid,
            attr,
        )

    def wait_testid(self, testid: str, attr: str | None = None, equals=None, contains=None, timeout=WAIT_S):
        """Until the element shows (its attribute is) `equals`, or contains `contains`, or exists."""
        deadline = time.monotonic() + timeout
        value = None
        while time.monotonic() < deadline:
            value = self.testid(testid, attr)
            if value is not None and ((equals is None or value == equals) and (contains is None or contains in value)):
                return value
            time.sleep(0.05)
        raise AssertionError(
            f"{self.engine}: {testid}{'@' + attr if attr else ''} is {value!r}, wanted {equals or contains!r}"
        )

    def wait_gone(self, testid: str, timeout: float = WAIT_S) -> None:
        self.wait(
            'return !document.querySelector(`[data-testid="${arguments[0]}"]`)',
            testid,
            timeout=timeout,
            what=f"{testid} gone",
        )

    def outbox(self) -> list[dict]:
        """The phone's outbox (IndexedDB), in send order: op_id, state, type, attempts, device_id."""
        return self.js(
            "return await new Promise((resolve, reject) => {"
            " const r = indexedDB.open('pokerfloor'); r.onerror = () => reject(r.error);"
            " r.onsuccess = () => { const q = r.result.transaction('outbox').objectStore('outbox').getAll();"
            "  q.onsuccess = () => { resolve(q.result.map((e) => ({ op_id: e.op_id, state: e.state, type: e.type, attempts: e.attempts ?? 0,"
            "   device_id: e.device_id }))); r.result.close(); }; q.onerror = () => reject(q.error); }; });"
        )

    def reports(self) -> list[dict]:
        """What the app reported (sync/report.ts): these drivers give no console log."""
        return self.js("return window.__pokerfloorReports || []")


class WebKitPhone(EnginePhone):
    engine = "webkit"

    def __init__(self, display: str, log: Path):
        from selenium import webdriver
        from selenium.webdriver.common.options import ArgOptions
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection

        class MiniBrowserOptions(ArgOptions):
            def to_capabilities(self):
                return {
                    "browserName": "MiniBrowser",
                    "webkitgtk:browserOptions": {
                        "binary": minibrowser(),
                        "args": ["--automation", "--full-screen"],
                    },
                }

            @property
            def default_capabilities(self):
                return {}

        self.port = free_port()
        self._log = open(log, "ab")  # the driver's output, closed in close()
        self.driver_proc = subprocess.Popen(
            ["WebKitWebDriver", f"--port={self.port}"],
            env={**os.environ, "DISPLAY": display},
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 20
        while True:
            try:
                # a connection object: Selenium's own path from a URL warns of its own deprecation
                connection = RemoteConnection(client_config=ClientConfig(f"http://127.0.0.1:{self.port}"))
                self.driver = webdriver.Remote(command_executor=connection, options=MiniBrowserOptions())
                break
            except Exception:
                if time.monotonic() > deadline or self.driver_proc.poll() is not None:
                    self.close()
                    raise
                time.sleep(0.2)
        self.driver.set_window_rect(0, 0, WIDTH, HEIGHT)
        self.driver.set_script_timeout(WAIT_S)
        self.driver.set_page_load_timeout(30)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def js(self, body: str, *args):
        return json.loads(self.driver.execute_script("const raw = arguments[0];" + WRAP % body, json.dumps(args)))

    def click(self, testid: str) -> None:
        from selenium.webdriver.common.by import By

        el = self.driver.find_element(By.CSS_SELECTOR, f'[data-testid="{testid}"]')
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        el.click()

    def screenshot(self, path: str | Path) -> None:
        self.driver.save_screenshot(str(path))

    def set_offline(self, offline: bool) -> None:
        raise NotImplementedError("WebKitGTK's WebDriver cannot switch the network off: stop the server")

    def close(self) -> None:
        try:
            if getattr(self, "driver", None):
                self.driver.quit()
        finally:
            if self.driver_proc.poll() is None:
                self.driver_proc.terminate()
                try:
                    self.driver_proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.driver_proc.kill()
                    self.driver_proc.wait()
            self._log.close()


class Bidi:
    """A WebDriver BiDi client: commands answered in order, events kept (log entries)."""

    def __init__(self, url: str):
        import websocket

        self.ws = websocket.create_connection(url, suppress_origin=True, timeout=60)
        self.next_id = 0
        self.events: list[dict] = []

    def __call__(self, method: str, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if msg.get("type") == "error":
                    raise RuntimeError(f"{method}: {msg.get('error')}: {msg.get('message')}")
                return msg["result"]
            if msg.get("type") == "event":
                self.events.append(msg)

    def close(self) -> None:
        self.ws.close()


class FirefoxPhone(EnginePhone):
    engine = "firefox"

    def __init__(self, log: Path):
        self.profile = Path(tempfile.mkdtemp(prefix="pokerfloor-firefox-"))
        # quiet: no first-run pages, updates or telemetry; the rest as Firefox's remote agent sets it
        (self.profile / "user.js").write_text(
            'user_pref("browser.shell.checkDefaultBrowser", false);\n'
            'user_pref("app.update.disabledForTesting", true);\n'
            'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n'
            'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);\n'
        )
        self.port = free_port()
        self._log = open(log, "ab")  # the browser's output, closed in close()
        self.proc = subprocess.Popen(
            [
                "firefox-esr",
                "--headless",
                "--no-remote",
                "--profile",
                str(self.profile),
                f"--remote-debugging-port={self.port}",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        listening = threading.Event()

        def pump():  # the browser's output into the log, noting when BiDi listens
            assert self.proc.stdout
            for line in self.proc.stdout:
                self._log.write(line)
                if b"WebDriver BiDi listening" in line:
                    listening.set()

        threading.Thread(target=pump, daemon=True).start()
        if not listening.wait(30):
            self.close()
            raise RuntimeError("firefox-esr did not start its WebDriver BiDi listener in 30 s")
        self.bidi = Bidi(f"ws://127.0.0.1:{self.port}/session")
        self.bidi("session.new", capabilities={})
        self.context = self.bidi("browsingContext.getTree")["contexts"][0]["context"]
        self.bidi("browsingContext.setViewport", context=self.context, viewport={"width": WIDTH, "height": HEIGHT})

    def goto(self, url: str) -> None:
        self.bidi("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def reload(self) -> None:
        self.bidi("browsingContext.reload", context=self.context, wait="complete")

    def js(self, body: str, *args):
        result = self.bidi(
            "script.callFunction",
            functionDeclaration=f"function (raw) {{ {WRAP % body} }}",
            arguments=[{"type": "string", "value": json.dumps(args)}],
            target={"context": self.context},
            awaitPromise=True,
            userActivation=False,
        )
        if result.get("type") == "exception":
            raise RuntimeError(f"firefox: {result['exceptionDetails'].get('text')}")
        return json.loads(result["result"]["value"])

    def click(self, testid: str) -> None:
        nodes = self.bidi(
            "browsingContext.locateNodes",
            context=self.context,
            locator={"type": "css", "value": f'[data-testid="{testid}"]'},
            maxNodeCount=1,
        )["nodes"]
        if not nodes:
            raise AssertionError(f"firefox: no element {testid!r} to click")
        element = {"sharedId": nodes[0]["sharedId"]}
        self.bidi(
            "script.callFunction",
            functionDeclaration="function (el) { el.scrollIntoView({ block: 'center' }); }",
            arguments=[element],
            target={"context": self.context},
            awaitPromise=False,
        )
        self.bidi(
            "input.performActions",
            context=self.context,
            actions=[
                {
                    "type": "pointer",
                    "id": "finger",
                    "parameters": {"pointerType": "mouse"},
                    "actions": [
                        {"type": "pointerMove", "x": 0, "y": 0, "origin": {"type": "element", "element": element}},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0},
                    ],
                }
            ],
        )
        self.bidi("input.releaseActions", context=self.context)

    def screenshot(self, path: str | Path) -> None:
        data = self.bidi("browsingContext.captureScreenshot", context=self.context)["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def set_offline(self, offline: bool) -> None:
        self.bidi(
            "emulation.setNetworkConditions",
            networkConditions={"type": "offline"} if offline else None,
            contexts=[self.context],
        )

    def close(self) -> None:
        try:
            if getattr(self, "bidi", None):
                try:
                    self.bidi("session.end")
                except Exception:  # noqa: BLE001 — the browser may be gone already
                    pass
                self.bidi.close()
        finally:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGTERM)  # firefox and its content processes
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                    self.proc.wait()
            if self.proc.stdout:
                self.proc.stdout.close()
            self._log.close()
            shutil.rmtree(self.profile, ignore_errors=True)


class Xvfb:
    """An X screen the size of a phone, on a display number of its own (-displayfd)."""

    def __init__(self):
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
