"""The law's limits as data: shared_rules/legal/<id>.json (docs/presets.md, "Legal profiles").

A preset names its profile (`"legal": "ch-vgs"`, or null); a tournament holds the whole profile in
its preset from its creation on (`expand`), so the event log keeps the limits it ran under and a
replay decides exactly as the night did (engine/legal.py decides with them)."""

from __future__ import annotations

from .engine.legal import profile_of
from .presets import files_by_id


def find_profile(directory: str, profile_id: object) -> dict | None:
    return files_by_id(directory).get(profile_id) if isinstance(profile_id, str) else None


def expand(preset: dict, directory: str) -> dict:
    """The preset with its profile's id replaced by the profile itself (an expanded one stays)."""
    legal = preset.get("legal")
    if legal is None or profile_of(preset) is not None:
        return preset
    return {**preset, "legal": find_profile(directory, legal)}


def collapse(preset: dict) -> dict:
    """A tournament's preset saved as a preset: the profile by its id again (the files' format)."""
    legal = profile_of(preset)
    return {**preset, "legal": legal["id"]} if legal is not None else {**preset, "legal": None}
