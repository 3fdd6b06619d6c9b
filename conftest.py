"""The order tests start in, for every directory under testpaths.

`make test` runs pytest on every core (pytest-xdist, `--maxschedchunk 1`): a worker gets the next
test in this order as it finishes one, so a run ends as late as its last tests. The browser tests
(minutes each: a whole night on several phones) start first, the longest of them first of all;
the many short engine and API tests fill the workers up at the end. Each test's servers,
databases, ports and Redis channel are its own, so any two may run side by side."""

# The longest files, longest first, as `make test --durations` measured them on 2 cores.
LONGEST_FIRST = (
    "e2e/test_night_v_ranking.py",
    "e2e/test_night_s_trophy.py",
    "e2e/test_night_g_tour.py",
    "e2e/test_night_p_satellite.py",
    "e2e/test_full_tournament.py",
    "e2e/test_director_night.py",
    "e2e/test_engines.py",
    "e2e/test_night_moments.py",
    "e2e/test_production_stack.py",
    "tests/test_api_schemathesis.py",
)


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        path = item.nodeid.split("::", 1)[0]
        if path in LONGEST_FIRST:
            return LONGEST_FIRST.index(path)
        return len(LONGEST_FIRST) + (0 if path.startswith("e2e/") else 1)

    items.sort(key=rank)  # stable: within a rank, the files and their tests keep their order
