"""An iCalendar feed (RFC 5545, with RFC 7986's NAME and REFRESH-INTERVAL) of a club's tournaments,
written by hand: a feed is a few lines per event, and each rule below is one a calendar app
holds us to.

- Lines end in CRLF and are folded so that no line is longer than 75 octets (3.1): a break
  never splits a UTF-8 character, and each continuation starts with one space.
- TEXT values escape backslash, semicolon, comma and line breaks (3.3.11).
- Times are UTC ("Z"): no VTIMEZONE is needed, and every app shows them in its own zone.
- Each event's UID is stable (the tournament's id on this server), so a refreshed feed updates an
  event instead of adding it twice; DTSTAMP is when the feed was written (required, 3.8.7.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

LINE_OCTETS = 75
PRODID = "-//pokerfloor//Club tournaments//EN"


@dataclass(frozen=True)
class CalendarEvent:
    uid: str
    start_ms: int
    end_ms: int
    summary: str
    description: str
    location: str
    url: str
    modified_ms: int | None = None  # LAST-MODIFIED: the tournament's last change


def escape_text(value: str) -> str:
    """A TEXT value (RFC 5545 3.3.11): \\ ; , escaped, every line break as \\n."""
    text = value.replace("\r\n", "\n").replace("\r", "\n")
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    text = text.replace("\n", "\\n")
    # Other control characters are not allowed in a TEXT value: dropped.
    return "".join(c for c in text if c == "\t" or (ord(c) >= 0x20 and ord(c) != 0x7F))


def fold(line: str) -> str:
    """One content line folded at 75 octets (3.1), never inside a UTF-8 character."""
    out: list[str] = []
    current: list[str] = []
    size = 0
    limit = LINE_OCTETS
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > limit:
            out.append("".join(current))
            current, size = [" "], 1  # the continuation's leading space counts towards its 75
        current.append(char)
        size += width
    out.append("".join(current))
    return "\r\n".join(out)


def utc(ms: int) -> str:
    """A DATE-TIME in UTC: 20260314T190000Z."""
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y%m%dT%H%M%SZ")


def uri(value: str) -> str:
    """A URI value is not TEXT-escaped, but it must stay on its line."""
    return "".join(c for c in value if ord(c) >= 0x21 and ord(c) != 0x7F)


def calendar(name: str, description: str, events: list[CalendarEvent], now_ms: int, refresh_minutes: int = 60) -> str:
    """The whole feed (a VCALENDAR with a VEVENT per event), ready to send as text/calendar."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"NAME:{escape_text(name)}",
        f"X-WR-CALNAME:{escape_text(name)}",
        f"DESCRIPTION:{escape_text(description)}",
        f"X-WR-CALDESC:{escape_text(description)}",
        f"REFRESH-INTERVAL;VALUE=DURATION:PT{refresh_minutes}M",
        f"X-PUBLISHED-TTL:PT{refresh_minutes}M",  # what Outlook and Apple read for the same
    ]
    stamp = utc(now_ms)
    for e in events:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{escape_text(e.uid)}",
            f"DTSTAMP:{stamp}",
            f"DTSTART:{utc(e.start_ms)}",
            f"DTEND:{utc(e.end_ms)}",
            f"SUMMARY:{escape_text(e.summary)}",
            f"DESCRIPTION:{escape_text(e.description)}",
            f"LOCATION:{escape_text(e.location)}",
            f"URL:{uri(e.url)}",
            "STATUS:CONFIRMED",
            "TRANSP:OPAQUE",
        ]
        if e.modified_ms is not None:
            lines.append(f"LAST-MODIFIED:{utc(e.modified_ms)}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
