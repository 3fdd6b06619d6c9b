"""Words for the audit log and the review list: who did it and what happened, in one line, in
German or English. Every template has a fallback, so a new event or command type (or an odd
payload) is shown plainly instead of breaking the page."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine.results import eliminator_of
from ..words import ACTORS, AUDIT, COMMANDS, EVENTS
from .locale_format import money_text, number_text, region_of, spelled
from .notice import announcement_words

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


def _fields(p: dict, lang: str, name_of: NameOf, preset: dict) -> dict:
    """Everything a template may name, read defensively from the payload: the payload's own plain
    fields as they are ("{text}", null as "–"), and those worked out below under their names."""
    listed = p.get("busts")
    busts = listed if isinstance(listed, list) else []
    ids = [b.get("entry_id") for b in busts if isinstance(b, dict)]
    tables = p.get("tables")
    level = p.get("level_index")
    words = AUDIT[lang]
    fmt = preset.get("format") or {}
    region = region_of(fmt)
    plain = {k: "–" if v is None else v for k, v in p.items() if v is None or isinstance(v, str | int | float)}
    return {
        **plain,
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
        "money": money_text(p["amount"], fmt.get("currency"), lang, region) if _number(p.get("amount")) else "?",
        "max": p.get("max", "?"),
        "released": len(p["released"]) if isinstance(p.get("released"), list) else p.get("released", 0),
        "from_table": p.get("from_table", "?"),
        "from_seat": p.get("from_seat", "?"),
        "to_table": p.get("to_table", "?"),
        "to_seat": p.get("to_seat", "?"),
        "by": name_of(p.get("eliminated_by")),
        "replaced": name_of(p.get("replaces")),
        "why": _left_why(p.get("reason"), words, preset),
        "penalty": words["penalty"].get(p.get("kind"), words["penalty_unknown"]),
        "duration": _penalty_length(p, words),
        "time": _clock_time(p.get("seconds")),
        "levels": _levels(p.get("structure")),
        "order": ", ".join(str(t) for t in tables) if isinstance(tables, list) else "?",
        "total": number_text(p["total"], lang, region) if _number(p.get("total")) else "?",
        "use": _word(words["use"], p.get("as")),
        "spent": p.get("spent", "?"),
        "changes": _changes(p, lang, region),
    }


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _word(table: dict, code: object) -> str:
    """A code in words; a code the table does not know is shown as it is."""
    return table.get(code, str(code)) if isinstance(code, str) else "?"


def _left_why(reason: object, words: dict, preset: dict) -> str:
    """Why a player is out for good; an absent player or a no-show with the rule that took him
    out ("absent, no prize, N-3.2"): the director removes him when the floor suggests it."""
    why = _word(words["left"], reason)
    rule = (preset.get("cite") or {}).get("no_show")
    return f"{why}, {rule}" if rule and reason in ("absent", "no_show") else why


def _plural(forms: dict, n: object, **more: object) -> str:
    return forms["one" if n == 1 else "other"].format(n=n, **more)


def _penalty_length(p: dict, words: dict) -> str:
    """', 2 orbits (18 hands)' / ', 6 hands' / ', 10 minutes' (N-2.23), or nothing (a warning)."""
    if _number(p.get("orbits")):
        hands = _plural(words["hands"], p["hands"]) if _number(p.get("hands")) else "?"
        return ", " + _plural(words["orbits"], p["orbits"], hands=hands)
    for unit in ("hands", "minutes"):
        if _number(p.get(unit)):
            return ", " + _plural(words[unit], p[unit])
    return ""


def _clock_time(seconds: object) -> str:
    """90 → '1:30' (minutes and seconds, without the sign: the template says which way)."""
    if not isinstance(seconds, int) or isinstance(seconds, bool):
        return "?"
    minutes, rest = divmod(abs(seconds), 60)
    return f"{minutes}:{rest:02d}"


def _levels(structure: object) -> object:
    if not isinstance(structure, list):
        return "?"
    return sum(1 for e in structure if isinstance(e, dict) and e.get("kind", "level") == "level")


def _changes(p: dict, lang: str, region: str) -> str:
    """What a director changed: the settings before the draw (buy-in 125 → 100), or a player's
    registration flags (prepaid: yes)."""
    words = AUDIT[lang]
    changes, before = p.get("changes"), p.get("before")
    if isinstance(changes, dict):
        before = before if isinstance(before, dict) else {}

        def shown(value: object) -> str:
            if isinstance(value, int | float) and not isinstance(value, bool):
                return number_text(value, lang, region)
            return str(value if value is not None else "–")

        return ", ".join(
            words["change"].format(
                what=_word(words["settings"], key), before=shown(before.get(key)), after=shown(value)
            )
            for key, value in changes.items()
        )
    return ", ".join(
        text.format(value=words["yes"] if p[flag] else words["no"])
        for flag, text in words["changed_flag"].items()
        if isinstance(p.get(flag), bool)
    )


def _event_key(type: str, payload: dict) -> str:
    """The template: some events read differently by what their payload says."""
    if type == "player_registered" and payload.get("table_no") is not None:
        return "player_registered_late"
    if type == "deal_answered":
        return "deal_accepted" if payload.get("accept") else "deal_rejected"
    if type == "player_away" and payload.get("away") is False:
        return "player_back"
    if type == "final_table_formed" and isinstance(payload.get("tables"), list) and len(payload["tables"]) > 1:
        return "two_tables_formed"  # G-Final at 16: not yet the final table
    if type == "clock_adjusted" and _number(payload.get("seconds")):
        return "clock_added" if payload["seconds"] > 0 else "clock_taken"
    if type == "legal_profile_set" and payload.get("profile") is None:
        return "legal_profile_off"
    if type in ("clock_paused", "hand_for_hand_stopped") and isinstance(payload.get("reason"), str):
        special = f"{type}_{payload['reason']}"
        return special if special in EVENTS["en"] else type
    return type


def describe_event(type: str, payload: dict, lang: str, name_of: NameOf, preset: dict | None = None) -> str:
    """One line of the audit log. `preset` (the tournament's) formats numbers and money as its
    region writes them and names its rules."""
    words = EVENTS[lang]
    preset = preset if isinstance(preset, dict) else {}
    try:
        template = spelled(words[_event_key(type, payload)], lang, region_of(preset.get("format")))
        text = template.format(**_fields(payload, lang, name_of, preset))
        return text + "".join(add(payload, lang, name_of, preset) for add in ADDED.get(type, ()))
    except (KeyError, AttributeError, TypeError, ValueError, IndexError):
        return words["unknown"].format(type=type)


def _typed_reason(p: dict, lang: str, *_: object) -> str:
    """What the director or dealer typed as the reason, word for word."""
    text = " ".join(str(p.get("reason") or "").split())
    return AUDIT[lang]["reason"].format(text=text) if text else ""


def _was_place(p: dict, lang: str, *_: object) -> str:
    return AUDIT[lang]["was_place"].format(place=ordinal(p["was_place"], lang)) if _number(p.get("was_place")) else ""


def _chips_left(p: dict, lang: str, _name_of: NameOf, preset: dict) -> str:
    if not _number(p.get("chips")):
        return ""
    chips = number_text(p["chips"], lang, region_of(preset.get("format")))
    return AUDIT[lang]["chips_left"].format(chips=chips)


def _move_reason(p: dict, lang: str, *_: object) -> str:
    reason = p.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        return ""
    known = AUDIT[lang]["moved"]
    return known[reason] if reason in known else AUDIT[lang]["moved_other"].format(text=reason.strip())


def _flags(p: dict, lang: str, *_: object) -> str:
    """' (prepaid, not here yet)': what the desk ticked for this player."""
    words = AUDIT[lang]
    parts = [words["flags"][f] for f in ("prepaid", "accessible", "id_checked") if p.get(f) is True]
    if p.get("present") is False:
        parts.append(words["flags"]["not_present"])
    if p.get("from_waiting") is not None:
        parts.append(words["flags"]["from_waiting"])
    hh = p.get("hh")
    if isinstance(hh, dict) and _number(hh.get("carried")) and hh["carried"] > 0:
        parts.append(words["hh_carried"].format(n=hh["carried"]))
    return f" ({', '.join(parts)})" if parts else ""


def _released_names(p: dict, lang: str, name_of: NameOf, _preset: dict) -> str:
    released = p.get("released")
    if not isinstance(released, list) or not released:
        return ""
    return AUDIT[lang]["released_names"].format(names=", ".join(name_of(e) for e in released))


def _bust_details(p: dict, lang: str, name_of: NameOf, preset: dict) -> str:
    words = EVENTS[lang]
    return _eliminators(p, words, name_of) + _cards(p, words, name_of) + _absent_out(p, lang, name_of, preset)


def _absent_out(p: dict, lang: str, name_of: NameOf, preset: dict) -> str:
    """N-3.2: the absent players this bust took out at the bubble, each with his seat and place."""
    items = p.get("absent_out")
    if not isinstance(items, list) or not items:
        return ""
    words = AUDIT[lang]
    places = {c.get("entry_id"): c.get("place") for c in p.get("places") or [] if isinstance(c, dict)}
    who = "; ".join(
        words["absent_one"].format(
            name=name_of(item.get("entry_id")),
            table=item.get("table_no", "?"),
            seat=item.get("seat", "?"),
            place=ordinal(places.get(item.get("entry_id"), item.get("place")), lang),
        )
        for item in items
        if isinstance(item, dict)
    )
    rule = (preset.get("cite") or {}).get("no_show")
    return words["absent_out"].format(rule=f" ({rule})" if rule else "", who=who)


def _announcement(p: dict, lang: str, *_: object) -> str:
    """': Dinner break in 10 min (shown for 10 min)': the words every screen showed, and how long."""
    minutes = (p.get("params") or {}).get("minutes")
    words = announcement_words(p.get("template"), p.get("text"), minutes, lang)
    return str(AUDIT[lang]["announced"]).format(words=words, minutes=minutes)


Added = Callable[[dict, str, NameOf, dict], str]
# The parts of a line that only some payloads have, in order, per event type.
ADDED: dict[str, tuple[Added, ...]] = {
    "player_busted": (_bust_details,),
    "players_busted": (_bust_details,),
    "bust_undone": (_was_place, _typed_reason),
    "player_penalized": (_typed_reason,),
    "player_left": (_chips_left,),
    "player_moved": (_move_reason,),
    "player_registered": (_flags,),
    "player_checked_in": (_flags,),
    "check_in_closed": (_released_names,),
    "announced": (_announcement,),
    "legal_profile_set": (_typed_reason,),  # switched off: why the law's limits do not apply
}


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


def describe_command(type: str, payload: dict | None, lang: str, name_of: NameOf, region: str | None = None) -> str:
    words = COMMANDS[lang]
    try:
        fields = _fields(payload or {}, lang, name_of, {})
        text = spelled(words[type], lang, region).format(**fields)
        return text + (_typed_reason(payload or {}, lang) if type in TYPED_REASON else "")
    except (KeyError, AttributeError, TypeError, ValueError, IndexError):
        return words["unknown"].format(type=(type or "?").replace("_", " "))


TYPED_REASON = ("undo_bust", "penalize", "disqualify", "set_legal_profile")  # commands whose reason is typed


ENTRY_KEYS = ("entry_id", "eliminated_by", "replaces")
TABLE_KEYS = ("table_no", "from_table", "to_table")
LIST_KEYS = ("busts", "moves", "seats", "absent_out")  # the lists of players one event covers


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
