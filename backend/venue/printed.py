"""The addresses printed QR codes carry, remembered so a moved server can say they are stale.

Table sheets and seat cards hold the server's address (`https://192.168.1.20:5443/#/dealer/…`).
Restored on a replacement laptop, or after the router handed out another address, the server
answers elsewhere and every printed code points at nothing. Each printout writes the bases it used
to var/printed.json (which travels in backups); `serve` and the director's screen compare them with
today's and say so, with the fix: give the laptop the old address (a DHCP reservation) or reprint.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import urlsplit

from .lan import is_loopback_url

FILE = "printed.json"


def record(var_dir: Path, staff_url: str, player_url: str) -> None:
    """A printout carried these bases (loopback ones are nobody's: a layout check, not a night)."""
    if is_loopback_url(staff_url) or is_loopback_url(player_url):
        return
    wanted = {"staff_url": staff_url, "player_url": player_url}
    path = Path(var_dir) / FILE
    if _read(path) == wanted:
        return
    tmp = path.with_name(f".{FILE}.{os.getpid()}")
    tmp.write_text(json.dumps(wanted))
    os.replace(tmp, path)


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _where(url: str) -> tuple[str, int | None]:
    parts = urlsplit(url)
    return (parts.hostname or "").lower(), parts.port


def stale(var_dir: Path, staff_url: str, player_url: str) -> str | None:
    """The printed base phones can no longer open here (another host or port than today's), else
    None. Today's bases unknown (""): nothing to compare."""
    printed = _read(Path(var_dir) / FILE)
    for key, now in (("staff_url", staff_url), ("player_url", player_url)):
        then = printed.get(key)
        if isinstance(then, str) and then and now and _where(then) != _where(now):
            return then
    return None


def warning(printed_url: str, now_url: str) -> str:
    """What the terminal says when printed codes point elsewhere."""
    host = urlsplit(printed_url).hostname
    return (
        f"WARNING: printed QR codes point at {printed_url}, but this server is at {now_url}: phones "
        f"cannot open them. Either give this laptop the address {host} in the club's router (a DHCP "
        "reservation, README 'Backups') and restart, or print the table sheets and seat cards again."
    )
