# Two commands do all set-up on a fresh Debian/Ubuntu machine (Python 3.11+, Node 20+):
#   make run   — install, build the PWA, migrate the SQLite database, serve on http://$(HOST):$(PORT)
#   make test  — install what the tests need (Chromium, WebKitGTK, Firefox ESR too), then vitest and pytest (browser tests
#                included) on every core; CI runs it
#   make test-fast — the inner loop: the engine and API tests on every core, no browsers
#   make coverage  — make test's pytest with branch coverage, the server processes included
#   make check — lint, formatting, types (Python and TypeScript) and the phone app's bundle budget
#   make bench — the benchmarks in tests/perf/, printed (never asserted)
#   make soak  — 20 clubs' evening for 60 minutes on 2 workers: errors, memory and p99 per 10 minutes
#   make fuzz-api — requests generated from the OpenAPI document against a real server (SCHEMATHESIS_MAX_EXAMPLES)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 5000
export HOST PORT

PWA_SOURCES := $(shell find pwa/src pwa/public -type f 2>/dev/null) pwa/index.html pwa/vite.config.ts pwa/package.json \
               pwa/scripts/role-strings.mjs pwa/scripts/check-budget.mjs pwa/scripts/precompress.mjs \
               pwa/scripts/first-screen.mjs pwa/boot/firstScreen.js pwa/boot/firstPaint.js

.PHONY: run venue test test-fast coverage check bench soak fuzz-api install pwa chromium caddy engines clean
run: install pwa
	$(BIN)/pokerfloor init
	$(BIN)/pokerfloor serve

# At the venue: on the club's network with HTTPS by the venue's own CA (README "At the venue").
venue: install pwa
	$(BIN)/pokerfloor init
	$(BIN)/pokerfloor serve --https

# pytest runs on every core (pytest-xdist): each test's servers, ports, databases and Redis channel
# are its own (tests/server.py, tests/conftest.py), so any two tests run side by side. A worker
# takes the next test when it is free (--maxschedchunk 1: by default xdist hands each worker a fixed
# first quarter of the list, which put every browser test on one worker), and ./conftest.py puts the
# longest browser tests first, so no whole-night test is left running alone at the end. vitest
# mostly waits (about 12 s of CPU in a minute): it runs alongside and its report follows pytest's.
# TEST_WORKERS=1 runs the suite in one process.
TEST_WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
PYTEST_N = $(BIN)/pytest -n $(TEST_WORKERS) --maxschedchunk 1
PYTEST_ALL = $(PYTEST_N) --durations=30
# The inner loop: the rules engine and the API against real servers; no browsers, and no generated
# requests (tests/test_api_schemathesis.py: `make fuzz-api`).
FAST_TESTS = tests/engine tests/test_api*.py --deselect tests/test_api_schemathesis.py

test: install pwa chromium caddy engines
	@vitest_log=$$(mktemp); (cd pwa && npm test >"$$vitest_log" 2>&1) & vitest=$$!; \
	$(PYTEST_ALL); pytest_status=$$?; \
	wait $$vitest; vitest_status=$$?; echo "--- vitest (pwa/)"; cat "$$vitest_log"; rm -f "$$vitest_log"; \
	test $$pytest_status = 0 && test $$vitest_status = 0

test-fast: install
	$(PYTEST_N) --durations=10 $(FAST_TESTS)

# Branch coverage of the backend, the server processes the tests start included (pyproject.toml).
# Reported, not enforced: it costs about a quarter more CPU in every server process (measured on the API
# tests), so make test (and CI) leaves it out and stays within its 20 minutes on 2 cores.
coverage: install pwa chromium caddy engines
	$(PYTEST_N) --cov --cov-report=term

# The developer checks; CI runs them before the tests. Fastest first. The budget script runs again on
# the build here: `npm run build` checks it too, but a build over budget still leaves pwa/dist behind.
check: install pwa
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	cd pwa && npx tsc -p tsconfig.json --noEmit
	cd pwa && node scripts/check-budget.mjs dist

# The benchmarks (tests/perf/), printed, never asserted: encoding an emit, the engine and views at
# 10,112 players, pokerfloor next to the bare baseline app on SQLite and PostgreSQL (ratios) and where
# the difference goes (each part of a bust's path in µs, both apps in process), a dealer's bust answered and
# pushed at 1,200 and 10,112 players with a director watching, one bust fanned out to 200, 1,000
# and 2,000 phones, Web Push to 420 phones at once. Servers on CPU 0, the load generator on CPU 1.
# Registration opening: 600 phones sign up for 44 places at once, SQLite 1 worker and PostgreSQL 2 workers.
# A phone's first scan of each QR link on "Slow 4G", straight and through Caddy (docs/first-scan.md).
# Last, 20 clubs' evening through Caddy, 2 workers, PostgreSQL and Redis (docs/sizing.md), the
# same load on 1, 2 and 4 workers: server CPU per command across all workers (issue 36), then the
# fault table: Redis and PostgreSQL (their own, on free ports) restarted, a worker killed, Caddy
# reloaded in such an evening (docs/faults.md).
bench: install pwa chromium caddy
	$(BIN)/python tests/perf/bench_emit.py
	$(BIN)/python tests/perf/bench_seating.py
	$(BIN)/python tests/perf/bench_side_by_side.py
	$(BIN)/python tests/perf/bench_command_segments.py
	$(BIN)/python tests/perf/bench_command_roundtrip.py --players 1200 10112 --busts 300 --director
	$(BIN)/python tests/perf/bench_fanout.py
	$(BIN)/python tests/perf/bench_push.py --players 420
	$(BIN)/python tests/perf/bench_push_stuck.py --stuck 0 16 100
	$(BIN)/python tests/perf/bench_push_outbox.py
	$(BIN)/python tests/perf/bench_sign_up_burst.py --persons 600 --capacity 44
	$(BIN)/python tests/perf/bench_first_scan.py --runs 5
	$(BIN)/python tests/perf/bench_club_night.py --clubs 20 --workers 2 --minutes 4
	$(BIN)/python tests/perf/bench_worker_scaling.py --workers 1 2 4 --clubs 8 --minutes 1.5
	$(BIN)/python tests/perf/bench_faults.py --clubs 20 --workers 2 --down 10

# The long evening (issue 36): not in make test, not in make bench. SOAK_MINUTES=5 SOAK_EVERY=1 for a try.
SOAK_MINUTES ?= 60
SOAK_EVERY ?= 10
soak: install pwa caddy
	$(BIN)/python tests/perf/soak.py --clubs 20 --workers 2 --minutes $(SOAK_MINUTES) --every $(SOAK_EVERY)

# A longer run of the generated API requests: tests/test_api_schemathesis.py with more cases.
fuzz-api: install
	SCHEMATHESIS_MAX_EXAMPLES=$${SCHEMATHESIS_MAX_EXAMPLES:-40} $(BIN)/pytest tests/test_api_schemathesis.py

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c requirements.lock -e '.[test]'
	touch $@

pwa: pwa/dist/index.html

pwa/node_modules/.installed: pwa/package.json pwa/package-lock.json
	cd pwa && npm ci --no-audit --no-fund
	touch $@

pwa/dist/index.html: pwa/node_modules/.installed $(PWA_SOURCES)
	cd pwa && npm run build

# Browser tests drive Chromium. Use $CHROMIUM, else Debian's chromium; install it when missing.
chromium:
	@if [ -n "$$CHROMIUM" ] || command -v chromium >/dev/null 2>&1; then exit 0; fi; \
	echo "Installing Debian's chromium for the browser tests"; \
	SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium

# The production-stack browser test (e2e/test_production_stack.py) runs Caddy ($CADDY, else
# Debian's caddy) and trusts its CA through certutil (libnss3-tools): install them when missing.
caddy:
	@PKGS=""; \
	[ -n "$$CADDY" ] || command -v caddy >/dev/null 2>&1 || PKGS="caddy"; \
	command -v certutil >/dev/null 2>&1 || PKGS="$$PKGS libnss3-tools"; \
	if [ -z "$$PKGS" ]; then exit 0; fi; \
	echo "Installing$$PKGS for the production-stack browser test"; \
	SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$PKGS

# The dealer's and player's browser tests also run in WebKit (what every iPhone runs) and Firefox
# (e2e/test_engines.py): Debian's WebKitGTK WebDriver with its MiniBrowser under Xvfb, and
# firefox-esr over WebDriver BiDi. Installed when missing.
engines:
	@PKGS=""; \
	command -v Xvfb >/dev/null 2>&1 || PKGS="xvfb"; \
	command -v WebKitWebDriver >/dev/null 2>&1 || PKGS="$$PKGS webkit2gtk-driver"; \
	command -v firefox-esr >/dev/null 2>&1 || PKGS="$$PKGS firefox-esr"; \
	if [ -z "$$PKGS" ]; then exit 0; fi; \
	echo "Installing$$PKGS for the WebKit and Firefox browser tests"; \
	SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$PKGS

clean:
	rm -rf $(VENV) pwa/node_modules pwa/dist
