"""`pokerfloor tls new-ca`: replace the venue's CA (docs/venue.md, "An earlier version's CA").

Phones trust the CA itself, so a new one means every staff phone trusts the server again: a step
for a quiet afternoon, never for the middle of a night. The old directory is moved aside whole,
so going back (phones not done yet) is moving it back while the server is stopped.
"""

from __future__ import annotations

import socket
import sys


def new_ca() -> int:
    from ..config import Config
    from ..operations.backup import _lock
    from .local_ca import fingerprint, load_ca, replace_ca

    config = Config()
    lock = _lock(config, exclusive=True)
    if lock is None:
        print(f"pokerfloor tls: a pokerfloor server is running on {config.VAR_DIR}: stop it first.", file=sys.stderr)
        return 1
    with lock:
        aside = replace_ca(config.TLS_DIR)
        ca, _ = load_ca(config.TLS_DIR, socket.gethostname().split(".")[0])
    print(f"new venue CA in {config.TLS_DIR}, fingerprint (SHA-256) {fingerprint(ca)}")
    print("It vouches only for local names (.local, .lan, .home.arpa, …) and private addresses.")
    if aside:
        print(f"the old one is kept in {aside}: to go back, stop the server and move it back to {config.TLS_DIR}.")
    print(
        "Now every staff phone must trust this server again: start it (`make venue`), scan the trust QR on each "
        "staff phone, and there remove the old 'pokerfloor CA' profile or certificate."
    )
    return 0


def tls_command(action: str) -> int:
    if action == "new-ca":
        return new_ca()
    raise SystemExit(f"unknown action {action!r}")
