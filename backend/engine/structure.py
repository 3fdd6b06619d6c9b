"""What makes a blind structure valid (docs/presets.md). Shared by the engine and the edge."""

from __future__ import annotations


def _positive_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


def _chips(value: object, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


ENTRY_KEYS = {
    "level": {"kind", "sb", "bb", "ante", "minutes", "colour_up", "label"},
    "break": {"kind", "minutes", "colour_up", "addon", "label"},
    "stop": {"kind", "reason", "colour_up", "label"},
}
STOP_REASONS = ("race_for_chips", "colour_up", "table_merge")


def structure_problem(structure: object) -> tuple[str, str] | None:
    """(field, reason) of the first problem, or None. Fields look like `structure.3.bb`."""
    if not isinstance(structure, list) or not structure:
        return "structure", "A structure needs at least one level."
    if len(structure) > 200:
        return "structure", "A structure has at most 200 entries."
    if not any(isinstance(e, dict) and e.get("kind") == "level" for e in structure):
        return "structure", "A structure needs at least one level."
    for i, entry in enumerate(structure):
        where = f"structure.{i}"
        if not isinstance(entry, dict) or entry.get("kind") not in ("level", "break", "stop"):
            return f"{where}.kind", f"Entry {i + 1} must be a level, a break or a stop."
        unknown = sorted(set(entry) - ENTRY_KEYS[entry["kind"]])
        if unknown:
            return f"{where}.{unknown[0]}", f"Entry {i + 1}: unknown field '{unknown[0]}' for a {entry['kind']}."
        if entry["kind"] == "stop":
            if i == 0:
                return f"{where}.kind", "The structure cannot begin with a stop."
            if entry.get("reason") not in STOP_REASONS:
                return f"{where}.reason", f"Entry {i + 1}: a stop needs a reason ({', '.join(STOP_REASONS)})."
            continue
        if not _positive_number(entry.get("minutes")) or entry["minutes"] > 24 * 60:
            return f"{where}.minutes", f"Entry {i + 1}: the duration must be more than 0 minutes."
        if entry["kind"] == "level":
            if not _chips(entry.get("sb"), 1):
                return f"{where}.sb", f"Level in entry {i + 1}: the small blind must be a whole number above 0."
            if not _chips(entry.get("bb"), 1):
                return f"{where}.bb", f"Level in entry {i + 1}: the big blind must be a whole number above 0."
            if entry["bb"] < entry["sb"]:
                return (
                    f"{where}.bb",
                    f"Level in entry {i + 1}: the big blind ({entry['bb']}) is below the small blind ({entry['sb']}).",
                )
            if not _chips(entry.get("ante", 0), 0):
                return f"{where}.ante", f"Level in entry {i + 1}: the ante must be a whole number, 0 or more."
    return None
