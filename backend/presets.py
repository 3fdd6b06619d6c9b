"""Presets are JSON files in shared_rules/presets/: house rules as data."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=8)
def load_presets(directory: str) -> dict[str, dict]:
    presets = {}
    for path in sorted(Path(directory).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        presets[data["id"]] = data
    return presets


def preset_summaries(directory: str) -> list[dict]:
    return [{"id": p["id"], "name": p["name"], "description": p.get("description", {})}
            for p in load_presets(directory).values()]
