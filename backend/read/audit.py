"""Words for the audit log and the review list: who did it and what happened, in one line, in
German or English. Every template has a fallback, so a new event or command type (or an odd
payload) is shown plainly instead of breaking the page."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine.results import eliminator_of
from ..words import ACTORS, COMMANDS, EVENTS

NameOf = Callable[[int | None], str]


def ordinal(n: object, lang: str) -> str:
    if not isinstance(n, int):
        return "?"
    if lang == "de":
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def actor_text(label: str | None, lang: str, directors: dict[int, str], name_of: NameOf) -> str:
    """'director:3' → 'Director anna', 'dealer:table3' → 'Dealer table 3', '' → 'System'."""
    words = ACTORS[lang]
    kind, _, rest = (label or "").partition(":")
    if kind == "director":
        name = directors.get(int(rest)) if rest.isdigit() else None
        return words["director"].format(name=name) if name else words["director_unknown"]
    if kind == "dealer" and rest.startswith("table") and rest[5:].isdigit():
        return words["dealer"].format(table=int(rest[5:]))
    if kind == "player" and rest.isdigit():
        return words["player"].format(name=name_of(int(rest)))
    if kind == "display":
        return words["display"]
    return words["system"] if kind in ("", "system") else str(label)


def director_ids(labels: Iterable[str | None]) -> set[int]:
    ids: set[int] = set()
    for label in labels:
        kind, _, rest = (label or "").partition(":")
        if kind == "director" and rest.isdigit():
            ids.add(int(rest))
    return ids


def _fields(p: dict, lang: str, name_of: NameOf) -> dict:
    """Everything a template may name, read defensively from the payload."""
    listed = p.get("busts")
    busts = listed if isinstance(listed, list) else []
    ids = [b.get("entry_id") for b in busts if isinstance(b, dict)]
    tables = p.get("tables")
    level = p.get("level_index")
    return {
        "name": name_of(p.get("entry_id")),
        "pname": p.get("name", "?"),
        "names": ", ".join(name_of(i) for i in ids),
        "table": p.get("table_no", "?"),
        "seat": p.get("seat", "?"),
        "place": ordinal(p.get("place"), lang),
        "tables": len(tables) if isinstance(tables, list) else tables,
        "tname": p.get("name", ""),
        "count": len(p.get("seats") or p.get("moves") or []),
        "level": level + 1 if isinstance(level, int) else "?",
        "reason": p.get("reason", ""),
        "hand": p.get("hand_no", "?"),
        "round": p.get("round", "?"),
        "kind": p.get("kind", ""),
        "amount": p.get("amount", ""),
        "max": p.get("max", "?"),
        "released": len(p["released"]) if isinstance(p.get("released"), list) else p.get("released", 0),
        "from_table": p.get("from_table", "?"),
        "from_seat": p.get("from_seat", "?"),
        "to_table": p.get("to_table", "?"),
        "to_seat": p.get("to_seat", "?"),
        "by": name_of(p.get("eliminated_by")),
    }


def describe_event(type: str, payload: dict, lang: str, name_of: NameOf) -> str:
    words = EVENTS[lang]
    key = type
    if type == "player_registered" and payload.get("table_no") is not None:
        key = "player_registered_late"
    elif type == "player_away" and payload.get("away") is False:
        key = "player_back"
    elif type == "final_table_formed" and isinstance(payload.get("tables"), list) and len(payload["tables"]) > 1:
        key = "two_tables_formed"  # G-Final at 16: not yet the final table
    try:
        text = words[key].format(**_fields(payload, lang, name_of))
        if type in ("player_busted", "players_busted"):
            text += _eliminators(payload, words, name_of) + _cards(payload, words, name_of)
        return text
    except (KeyError, AttributeError, TypeError, ValueError, IndexError):
        return words["unknown"].format(type=type)


def _eliminators(payload: dict, words: dict, name_of: NameOf) -> str:
    """', eliminated by A' when one player won the hand's pots; ' (B out to A, D out to C)' when a
    side pot went to another player (V-VII.r: each busted player's HH chip goes to his own winner)."""
    items = payload["busts"] if isinstance(payload.get("busts"), list) else [payload]
    winners = [eliminator_of(payload, item) for item in items]
    if all(w is None for w in winners):
        return ""
    if len(set(winners)) == 1:
        return words["eliminated_by"].format(by=name_of(winners[0]))
    pairs = [
        words["out_to"].format(name=name_of(item.get("entry_id")), by=name_of(w))
        for item, w in zip(items, winners, strict=True)
        if w is not None
    ]
    return f" ({', '.join(pairs)})"


SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def card_text(card: str) -> str:
    """'Ts' → '10♠': how a card reads on a phone and in the log."""
    rank = "10" if card[:1] == "T" else card[:1]
    return rank + SUITS.get(card[1:2], card[1:2])


def _cards(payload: dict, words: dict, name_of: NameOf) -> str:
    """'; card draw between equal stacks: P2 K♠, P9 7♥' (P-SidePots): each tied player's card."""
    drawn = payload.get("cards")
    if not isinstance(drawn, dict) or not drawn:
        return ""
    shown = ", ".join(
        f"{name_of(int(e))} {card_text(str(c))}" for e, c in sorted(drawn.items(), key=lambda kv: int(kv[0]))
    )
    return words["cards_drawn"].format(cards=shown)


def describe_command(type: str, payload: dict | None, lang: str, name_of: NameOf) -> str:
    words = COMMANDS[lang]
    try:
        fields = _fields(payload or {}, lang, name_of)
        return words[type].format(**fields)
    except (KeyError, AttributeError, TypeError, ValueError, IndexError):
        return words["unknown"].format(type=(type or "?").replace("_", " "))


ENTRY_KEYS = ("entry_id", "eliminated_by", "replaces")
TABLE_KEYS = ("table_no", "from_table", "to_table")
LIST_KEYS = ("busts", "moves", "seats")  # the lists of players one event covers


def touches(payload: dict, table_no: int | None = None, entry_id: int | None = None) -> bool:
    """Whether an event concerns this table and this player (both, when both are given)."""
    items = [payload] + [
        x for k in LIST_KEYS if isinstance(payload.get(k), list) for x in payload[k] if isinstance(x, dict)
    ]

    def matches(item: dict) -> bool:  # both in the same item: that player at that table
        return (table_no is None or any(item.get(k) == table_no for k in TABLE_KEYS)) and (
            entry_id is None or any(item.get(k) == entry_id for k in ENTRY_KEYS)
        )

    return any(matches(item) for item in items)
