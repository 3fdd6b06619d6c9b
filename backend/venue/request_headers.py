"""A request's header lines, read for gevent's HTTP server without the email package.

gevent's pywsgi hands the header block to `email.parser` (through `http.client.parse_headers`),
which is built for mail: about a tenth of a command's time on the server went there, for eight
plain lines. Here each line that is a plain `Name: value` (a name of visible characters without
a colon, nothing folded) is split directly, into the same message class with the same stored
pairs; a block with any other line (a folded continuation, a line with no name, a space before
the colon) goes to the email parser as before, so nothing unusual is read differently. The
limits are http.client's (65,536 bytes a line, 100 lines). docs/sizing.md ("One command next to the bare app") has the figures.
"""

from __future__ import annotations

import email.parser
import http.client
import re
from typing import Any

from gevent.pywsgi import OldMessage

# What the email parser takes as a header name (its headerRE: printable, no colon, no space).
_PLAIN_LINE = re.compile(rb"[\x21-\x39\x3b-\x7e]+:")
MAX_LINE = 65_536  # http.client's limits, as parse_headers reads the lines
MAX_LINES = 100


def _header_lines(fp: Any) -> list[bytes]:
    """The lines up to and with the blank one (or the end of the stream), as http.client reads them."""
    lines = []
    while True:
        line = fp.readline(MAX_LINE + 1)
        if len(line) > MAX_LINE:
            raise http.client.LineTooLong("header line")
        lines.append(line)
        if len(lines) > MAX_LINES:
            raise http.client.HTTPException(f"got more than {MAX_LINES} headers")
        if line in (b"\r\n", b"\n", b""):
            return lines


def read_request_headers(fp: Any, *_: Any) -> OldMessage:
    """gevent's `MessageClass(rfile, 0)`: the headers up to the blank line, or an empty message
    whose `status` says the line was too long (gevent answers that with a 400)."""
    try:
        lines = _header_lines(fp)
    except http.client.LineTooLong:
        refused = OldMessage()
        refused.status = "Line too long"
        return refused
    block = lines[:-1] if lines and lines[-1] in (b"\r\n", b"\n", b"") else lines
    # The email parser also ends a line at a lone CR: such a block is its to read.
    if not all(_PLAIN_LINE.match(line) and b"\r" not in line.rstrip(b"\r\n") for line in block):
        return email.parser.Parser(_class=OldMessage).parsestr(b"".join(lines).decode("iso-8859-1"))
    message = OldMessage()
    for line in block:
        name, value = line.decode("iso-8859-1").split(":", 1)  # a colon is there: _PLAIN_LINE
        # as the email package's compat32 policy stores a header: value without leading blanks or line end
        message.set_raw(name, value.lstrip(" \t").rstrip("\r\n"))
    return message
