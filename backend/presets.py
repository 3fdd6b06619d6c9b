"""Presets: JSON files in shared_rules/presets/ (house rules as data, the same for every club) plus
the custom presets a club's directors save in the database (id `custom-<n>`, seen by that club only)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from sqlmodel import Session, col, select

from .store.models import CustomPreset

CUSTOM_PREFIX = "custom-"


@lru_cache(maxsize=8)
def files_by_id(directory: str) -> dict[str, dict]:
    """Every JSON file of a folder of house-rule data by its `id`: the presets, the legal profiles."""
    found = {}
    for path in sorted(Path(directory).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found[data["id"]] = data
    return found


def load_presets(directory: str) -> dict[str, dict]:
    return files_by_id(directory)


def _summary(preset: dict) -> dict:
    return {
        "id": preset["id"],
        "name": preset["name"],
        "description": preset.get("description", {}),
        "custom": preset["id"].startswith(CUSTOM_PREFIX),
    }


def _custom(row: CustomPreset) -> dict:
    return {**row.data, "id": f"{CUSTOM_PREFIX}{row.id}"}


def all_presets(session: Session, directory: str, club_id: int | None) -> list[dict]:
    """The files' presets, and the club's own (none without a club)."""
    customs = (
        session.exec(select(CustomPreset).where(CustomPreset.club_id == club_id).order_by(col(CustomPreset.id))).all()
        if club_id is not None
        else []
    )
    return [_summary(p) for p in load_presets(directory).values()] + [_summary(_custom(r)) for r in customs]


def find_preset(session: Session, directory: str, preset_id: str, club_id: int | None) -> dict | None:
    """A file's preset, or a custom one of this club (another club's is not found)."""
    if preset_id.startswith(CUSTOM_PREFIX):
        number = preset_id[len(CUSTOM_PREFIX) :]
        row = session.get(CustomPreset, int(number)) if number.isdigit() and len(number) < 12 else None
        return _custom(row) if row is not None and club_id is not None and row.club_id == club_id else None
    return load_presets(directory).get(preset_id)


def save_custom(session: Session, base: dict, name: str, director_id: int | None, club_id: int, now: int) -> dict:
    data = {
        **base,
        "name": {"en": name, "de": name},
        "description": {"en": f"Saved from {base.get('id')}", "de": f"Gespeichert aus {base.get('id')}"},
        "based_on": base.get("based_on", base.get("id")),
    }
    row = CustomPreset(name=name, data=data, club_id=club_id, created_by=director_id, created_at=now)
    session.add(row)
    session.flush()
    return _custom(row)
