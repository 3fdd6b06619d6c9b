"""The room's screens speak (issue #33): the level change, the break, "one minute left" and the
re-entry deadline are announced on the TV by a tone and by the browser's speech synthesis. The
director switches either off for every screen of the tournament (a quiet room, a speech during the
break); a single screen can also stay silent through its link (`&sound=off`, the TV in the bar).
Both are on by default. Nothing else changes: the TV decides what to say from the clock it runs."""

from __future__ import annotations

from typing import Any

from marshmallow import fields

from .catalog import DIRECTOR, applies, command
from .model import Command, Decision, Event, Rejection, TournamentState
from .payload import StrictSchema


class JsonBool(fields.Boolean):
    """JSON true or false only: not "off", and not 0 or 1 (0 == False in a Python set)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class SetTvSoundPayload(StrictSchema):
    """The TV's tones (level change, one minute left) and its spoken announcements."""

    sound = JsonBool(required=True)
    voice = JsonBool(required=True)


@command("set_tv_sound", payload=SetTvSoundPayload, roles=DIRECTOR, emits=("tv_sound_set",))
def decide_set_tv_sound(state: TournamentState, cmd: Command) -> Decision | Rejection:
    asked = {"sound": bool(cmd.payload["sound"]), "voice": bool(cmd.payload["voice"])}
    if asked == state.tv_sound:
        return Rejection("no_change", "The screens' sound and voice are already set so.", "sound")
    return Decision([Event("tv_sound_set", asked)], dict(asked))


@applies("tv_sound_set")
def apply_tv_sound_set(state: TournamentState, event: Event) -> None:
    state.tv_sound = {"sound": bool(event.payload["sound"]), "voice": bool(event.payload["voice"])}
