"""Presets: JSON files in shared_rules/presets/ (house rules as data) plus the custom presets
directors save in the database (id `custom-<n>`)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from sqlmodel import Session, col, select

from .store.models import CustomPreset

CUSTOM_PREFIX = "custom-"


@lru_cache(maxsize=8)
def load_presets(directory: str) -> dict[str, dict]:
    presets = {}
    for path in sorted(Path(directory).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        presets[data["id"]] = data
    return presets


def _summary(preset: dict) -> dict:
    return {
        "id": preset["id"],
        "name": preset["name"],
        "description": preset.get("description", {}),
        "custom": preset["id"].startswith(CUSTOM_PREFIX),
    }


def _custom(row: CustomPreset) -> dict:
    return {**row.data, "id": f"{CUSTOM_PREFIX}{row.id}"}


def all_presets(session: Session, directory: str) -> list[dict]:
    customs = session.exec(select(CustomPreset).order_by(col(CustomPreset.id))).all()
    return [_summary(p) for p in load_presets(directory).values()] + [_summary(_custom(r)) for r in customs]


def find_preset(session: Session, directory: str, preset_id: str) -> dict | None:
    if preset_id.startswith(CUSTOM_PREFIX):
        number = preset_id[len(CUSTOM_PREFIX) :]
        row = session.get(CustomPreset, int(number)) if number.isdigit() else None
        return _custom(row) if row else None
    return load_presets(directory).get(preset_id)


def save_custom(session: Session, base: dict, name: str, director_id: int | None, now: int) -> dict:
    data = {
        **base,
        "name": {"en": name, "de": name},
        "description": {"en": f"Saved from {base.get('id')}", "de": f"Gespeichert aus {base.get('id')}"},
        "based_on": base.get("based_on", base.get("id")),
    }
    row = CustomPreset(name=name, data=data, created_by=director_id, created_at=now)
    session.add(row)
    session.flush()
    return _custom(row)
