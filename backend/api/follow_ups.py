"""What the app does around every committed command, wired into the service by create_app: the
declaration's effects (api/effects.py), the directors' review list, the changed views, the
notices for locked phones, the break reminder and the standings mail of a finished night. Every path that runs a command (the command
route, the CSV import) gets the same; none of it can fail the command (the service logs it)."""

from __future__ import annotations

from ..engine import COMMANDS
from ..floor import PokerFloor
from ..read.notices import refused
from ..service import AfterCommit, BeforeCommand, Committed
from .effects import run_after, run_before
from .standings_mail import night_over


def before_command(floor: PokerFloor) -> BeforeCommand:
    """The declaration's `before` effects: they may refuse (a 400) or fill in the payload."""

    def before(tid: int, type: str, payload: dict) -> None:
        run_before(floor, tid, COMMANDS[type].effects, payload)

    return before


def after_commit(floor: PokerFloor) -> AfterCommit:
    def follow(done: Committed) -> None:
        tid, answer = done.tournament_id, done.answer
        if answer.status_code == 200:
            run_after(
                floor, tid, COMMANDS[done.type].effects, done.type, done.payload, answer.body["result"], answer.replayed
            )
        if answer.body.get("status") == "rejected":
            # The directors' "To review" list refetches: a dealer's refused bust is seen at once.
            floor.realtime.socketio.emit("review", {"tournament_id": tid}, to=f"t:{tid}:director")
            if done.actor.role == "dealer" and not answer.replayed:  # and a director's phone in a pocket hears of it
                floor.pusher.tell(tid, [refused(done.actor_label, answer.body.get("message", ""))])
        if answer.changed:
            # Answer the phone first; the views go out right after, on their own greenlet.
            floor.realtime.publish_soon(tid, answer)
        if answer.notices:
            floor.pusher.tell(tid, answer.notices)  # locked phones: on the push queue, after the answer
        if answer.state is not None:
            floor.reminders.watch(tid, answer.state)  # a clock moved: the break reminder with it
        if answer.won:
            night_over(floor, tid)  # the league's standings to those who asked, once per night

    return follow
