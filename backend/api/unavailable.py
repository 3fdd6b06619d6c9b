"""A backing service gone for a moment: answered as "try again", never as a 500.

PostgreSQL restarting, Redis restarting, the venue laptop's disk full (backend/outages.py tells
which): the command was not applied, so the answer says so and when to come back. The phone's
outbox keeps the command and sends it again with the same op_id on any 5xx but a JSON 500
(pwa/src/sync/outbox.ts gives up on a 500 it saw several times: that one means the command itself
breaks the server). A 503/507 is never counted as such.
"""

from __future__ import annotations

from flask import Response

from ..errors import error_response
from ..outages import outage_of


def unavailable_answer(err: BaseException) -> Response | None:
    """The 503/507 for an error of a backing service, None for any other error."""
    outage = outage_of(err)
    if outage is None:
        return None
    response = error_response(outage.status, outage.error, outage.message, retry_after=outage.retry_s)
    response.headers["Retry-After"] = str(outage.retry_s)
    return response
