"""The layers of backend/, bottom up: engine ← store ← auth / service / read ← api (README.md, "Layout"). A lower
layer never imports a higher one; errors.py (the JSON error) sits below auth and api so both can
raise it; floor.py (the running app's parts, typed) is read by auth and everything above it. Read
from the source with ast: a function-level import counts too."""

from __future__ import annotations

import pytest

from import_graph import graph, within

BACKEND = graph("backend")

# Each layer and what it must never import (besides itself and what sits below it).
ABOVE = {
    "backend.errors": ("backend",),
    "backend.words": ("backend",),  # the server's words: a leaf every layer may read
    "backend.engine": ("backend",),
    "backend.store": (
        "backend.auth",
        "backend.api",
        "backend.service",
        "backend.realtime",
        "backend.read",
        "backend.floor",
    ),
    "backend.auth": ("backend.api", "backend.service", "backend.realtime", "backend.read", "backend.app"),
    # the write side knows nothing of views: the app hands it read.changes.changed_views
    "backend.service": (
        "backend.api",
        "backend.auth",
        "backend.realtime",
        "backend.read",
        "backend.app",
        "backend.floor",
    ),
    "backend.read": (
        "backend.api",
        "backend.auth",
        "backend.service",
        "backend.realtime",
        "backend.app",
        "backend.floor",
    ),
    # the app's parts, typed (app.py builds them, auth and everything above reads them): realtime and
    # push are named for their types only, so they may read it back without a circle
    "backend.floor": ("backend.api", "backend.app"),
    "backend.realtime": ("backend.api", "backend.app"),
    # the files the server reads or hands out (QR codes, a CSV player list): leaves
    "backend.documents": ("backend",),
    # running the server (backups, clubs from the shell) works on the store and the config, not on
    # what a request or a socket sees
    "backend.operations": ("backend.api", "backend.realtime", "backend.read", "backend.push", "backend.venue"),
    # mail to the sign-ups: what is sent and how, handed its facts by the api (api/sign_up_mail.py)
    "backend.mail": ("backend.api", "backend.realtime", "backend.app", "backend.auth", "backend.service"),
    # the venue's network and CA, and `serve` (which starts the app): never the views or the sockets
    "backend.venue": ("backend.realtime", "backend.read", "backend.push"),
}
ITSELF_AND_BELOW = {
    "backend.errors": ("backend.errors",),
    "backend.words": ("backend.words",),
    "backend.engine": ("backend.engine",),
    "backend.documents": ("backend.documents",),
}


@pytest.mark.parametrize("layer", sorted(ABOVE))
def test_a_layer_imports_nothing_above_it(layer):
    allowed = ITSELF_AND_BELOW.get(layer, ())
    bad = [
        str(i)
        for module, imps in BACKEND.items()
        if within(module, layer)
        for i in imps
        if any(within(i.target, higher) for higher in ABOVE[layer]) and not any(within(i.target, a) for a in allowed)
    ]
    assert bad == []


def test_only_the_app_and_its_entry_points_import_the_api():
    outside = [
        str(i)
        for module, imps in BACKEND.items()
        if not within(module, "backend.api") and module not in ("backend.app", "backend.venue.serve", "backend.cli")
        for i in imps
        if within(i.target, "backend.api")
    ]
    assert outside == []
