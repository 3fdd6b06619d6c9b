"""Words for the audit log and the review list: who did it and what happened, in one line, in
German or English. Every template has a fallback, so a new event or command type (or an odd
payload) is shown plainly instead of breaking the page."""

from __future__ import annotations

from collections.abc import Callable, Iterable

NameOf = Callable[[int | None], str]

ACTORS = {
    "en": {
        "director": "Director {name}",
        "director_unknown": "Director",
        "dealer": "Dealer table {table}",
        "player": "Player {name}",
        "display": "Display",
        "system": "System",
    },
    "de": {
        "director": "Turnierleiter {name}",
        "director_unknown": "Turnierleiter",
        "dealer": "Dealer Tisch {table}",
        "player": "Spieler {name}",
        "display": "Anzeige",
        "system": "System",
    },
}

EVENTS = {
    "en": {
        "tournament_created": "Tournament “{tname}” created",
        "player_registered": "{name} registered",
        "player_registered_late": "{name} registered late, table {table}, seat {seat}",
        "seats_drawn": "Seats drawn: {count} players at {tables} tables",
        "clock_started": "Clock started",
        "clock_paused": "Clock paused",
        "clock_resumed": "Clock resumed",
        "clock_adjusted": "Clock adjusted",
        "clock_jumped": "Clock set to level {level}",
        "structure_set": "Blind structure changed",
        "player_busted": "Table {table}, seat {seat}: {name} busted, {place}",
        "players_busted": "Table {table}: {names} out in one hand",
        "player_left": "{name} left ({reason}), {place}",
        "player_disqualified": "{name} disqualified: {reason}",
        "tournament_won": "{name} wins the tournament",
        "button_set": "Table {table}: button on seat {seat}",
        "player_away": "Table {table}: {name} away",
        "player_back": "Table {table}: {name} back",
        "hand_started": "Table {table}: hand {hand}",
        "player_moved": "{name} moved from table {from_table}, seat {from_seat} to table {to_table}, seat {to_seat}",
        "table_broken": "Table {table} broken up, {count} players moved",
        "break_order_set": "Order of breaking tables set",
        "final_table_formed": "Final table formed",
        "two_tables_formed": "Last two tables drawn, {count} players",
        "hand_for_hand_started": "Hand-for-hand started",
        "hand_for_hand_stopped": "Hand-for-hand stopped",
        "hand_for_hand_table_done": "Table {table} done with hand-for-hand round {round}",
        "table_halt_overridden": "Table {table} plays on although short-handed",
        "payout_confirmed": "{name} paid out: {amount}",
        "correction_settled": "Payout correction settled for {name}",
        "rebought": "{name}: rebuy",
        "reentered": "{name}: re-entry",
        "addon_bought": "{name}: add-on",
        "alternate_seated": "{name} seated as alternate at table {table}, seat {seat}",
        "player_checked_in": "{name} checked in",
        "chips_counted": "Table {table}: chips counted",
        "wild_card_used": "{name} used a wild card",
        "player_penalized": "{name}: penalty ({kind})",
        "penalty_lifted": "{name}: penalty lifted",
        "bust_undone": "{name} back in play (bust undone): table {table}, seat {seat}",
        "player_waitlisted": "{pname} put on the waiting list",
        "waiting_removed": "{pname} taken off the waiting list",
        "capacity_set": "Field limited to {max} players",
        "registration_flags_set": "{name}: registration details changed",
        "settings_edited": "Buy-in, fee or starting stack changed",
        "check_in_closed": "Check-in closed, {released} seats released",
        "eliminated_by": ", eliminated by {by}",
        "unknown": "Event {type}",
    },
    "de": {
        "tournament_created": "Turnier „{tname}“ angelegt",
        "player_registered": "{name} angemeldet",
        "player_registered_late": "{name} spät angemeldet, Tisch {table}, Sitz {seat}",
        "seats_drawn": "Sitze ausgelost: {count} Spieler an {tables} Tischen",
        "clock_started": "Uhr gestartet",
        "clock_paused": "Uhr angehalten",
        "clock_resumed": "Uhr läuft weiter",
        "clock_adjusted": "Uhr korrigiert",
        "clock_jumped": "Uhr auf Level {level} gestellt",
        "structure_set": "Blindstruktur geändert",
        "player_busted": "Tisch {table}, Sitz {seat}: {name} ausgeschieden, {place}",
        "players_busted": "Tisch {table}: {names} in einer Hand ausgeschieden",
        "player_left": "{name} hat das Turnier verlassen ({reason}), {place}",
        "player_disqualified": "{name} disqualifiziert: {reason}",
        "tournament_won": "{name} gewinnt das Turnier",
        "button_set": "Tisch {table}: Button auf Sitz {seat}",
        "player_away": "Tisch {table}: {name} abwesend",
        "player_back": "Tisch {table}: {name} wieder da",
        "hand_started": "Tisch {table}: Hand {hand}",
        "player_moved": "{name} von Tisch {from_table}, Sitz {from_seat} an Tisch {to_table}, Sitz {to_seat} gesetzt",
        "table_broken": "Tisch {table} aufgelöst, {count} Spieler umgesetzt",
        "break_order_set": "Reihenfolge der Tischauflösung festgelegt",
        "final_table_formed": "Finaltisch gebildet",
        "two_tables_formed": "Letzte zwei Tische ausgelost, {count} Spieler",
        "hand_for_hand_started": "Hand-for-Hand begonnen",
        "hand_for_hand_stopped": "Hand-for-Hand beendet",
        "hand_for_hand_table_done": "Tisch {table} fertig mit Hand-for-Hand-Runde {round}",
        "table_halt_overridden": "Tisch {table} spielt trotz fehlender Spieler weiter",
        "payout_confirmed": "{name} ausbezahlt: {amount}",
        "correction_settled": "Korrektur der Auszahlung für {name} erledigt",
        "rebought": "{name}: Rebuy",
        "reentered": "{name}: Re-Entry",
        "addon_bought": "{name}: Add-on",
        "alternate_seated": "{name} als Nachrücker an Tisch {table}, Sitz {seat} gesetzt",
        "player_checked_in": "{name} ist da",
        "chips_counted": "Tisch {table}: Chips gezählt",
        "wild_card_used": "{name} hat eine Wild Card eingesetzt",
        "player_penalized": "{name}: Strafe ({kind})",
        "penalty_lifted": "{name}: Strafe aufgehoben",
        "bust_undone": "{name} wieder im Spiel (Ausscheiden zurückgenommen): Tisch {table}, Sitz {seat}",
        "player_waitlisted": "{pname} auf die Warteliste gesetzt",
        "waiting_removed": "{pname} von der Warteliste genommen",
        "capacity_set": "Teilnehmerfeld auf {max} Spieler begrenzt",
        "registration_flags_set": "{name}: Anmeldedaten geändert",
        "settings_edited": "Buy-in, Gebühr oder Startstack geändert",
        "check_in_closed": "Check-in geschlossen, {released} Startplätze freigegeben",
        "eliminated_by": ", rausgeworfen von {by}",
        "unknown": "Ereignis {type}",
    },
}

COMMANDS = {
    "en": {
        "record_bust": "bust {name}",
        "record_busts": "bust {names} at table {table}",
        "register_player": "register {pname}",
        "move_player": "move {name} to table {to_table}, seat {to_seat}",
        "chip_count": "chip count at table {table}",
        "set_away": "mark {name} away or back",
        "set_button": "set the button at table {table}",
        "new_hand": "new hand at table {table}",
        "hand_done": "hand-for-hand: table {table} done",
        "break_table": "break table {table}",
        "override_halt": "let table {table} play on",
        "player_leaves": "{name} leaves",
        "disqualify": "disqualify {name}",
        "rebuy": "rebuy for {name}",
        "addon": "add-on for {name}",
        "reentry": "re-entry for {name}",
        "check_in": "check in {name}",
        "confirm_payout": "pay out {name}",
        "penalize": "penalty for {name}",
        "lift_penalty": "lift {name}'s penalty",
        "use_wild_card": "wild card for {name}",
        "draw_seats": "draw seats at {tables} tables",
        "undo_bust": "undo the bust of {name}",
        "start_clock": "start the clock",
        "pause_clock": "pause the clock",
        "resume_clock": "resume the clock",
        "adjust_clock": "adjust the clock",
        "jump_to_level": "set the clock to another level",
        "set_structure": "change the blind structure",
        "set_break_order": "set the order of breaking tables",
        "form_final_table": "form the final table",
        "start_hand_for_hand": "start hand-for-hand",
        "stop_hand_for_hand": "stop hand-for-hand",
        "settle_correction": "settle a payout correction",
        "seat_alternate": "seat the alternate {pname}",
        "import_players": "import a list of players",
        "set_registration_flags": "change {name}'s registration",
        "close_check_in": "close check-in",
        "promote_waiting": "move a player up from the waiting list",
        "remove_waiting": "take a player off the waiting list",
        "set_capacity": "limit the field to {max} players",
        "edit_settings": "change buy-in, fee or starting stack",
        "unknown": "{type}",
    },
    "de": {
        "record_bust": "{name} ausscheiden lassen",
        "record_busts": "{names} an Tisch {table} ausscheiden lassen",
        "register_player": "{pname} anmelden",
        "move_player": "{name} an Tisch {to_table}, Sitz {to_seat} setzen",
        "chip_count": "Chipzählung an Tisch {table}",
        "set_away": "{name} abwesend oder zurück melden",
        "set_button": "Button an Tisch {table} setzen",
        "new_hand": "neue Hand an Tisch {table}",
        "hand_done": "Hand-for-Hand: Tisch {table} fertig",
        "break_table": "Tisch {table} auflösen",
        "override_halt": "Tisch {table} weiterspielen lassen",
        "player_leaves": "{name} verlässt das Turnier",
        "disqualify": "{name} disqualifizieren",
        "rebuy": "Rebuy für {name}",
        "addon": "Add-on für {name}",
        "reentry": "Re-Entry für {name}",
        "check_in": "{name} ist da",
        "confirm_payout": "{name} auszahlen",
        "penalize": "Strafe für {name}",
        "lift_penalty": "Strafe von {name} aufheben",
        "use_wild_card": "Wild Card für {name}",
        "draw_seats": "Sitze an {tables} Tischen auslosen",
        "undo_bust": "Ausscheiden von {name} zurücknehmen",
        "start_clock": "Uhr starten",
        "pause_clock": "Uhr anhalten",
        "resume_clock": "Uhr weiterlaufen lassen",
        "adjust_clock": "Uhr verstellen",
        "jump_to_level": "Uhr auf eine andere Stufe setzen",
        "set_structure": "Blindstruktur ändern",
        "set_break_order": "Reihenfolge der Tischauflösung festlegen",
        "form_final_table": "Finaltisch bilden",
        "start_hand_for_hand": "Hand-for-Hand beginnen",
        "stop_hand_for_hand": "Hand-for-Hand beenden",
        "settle_correction": "Korrektur einer Auszahlung erledigen",
        "seat_alternate": "Nachrücker {pname} setzen",
        "import_players": "Spielerliste importieren",
        "set_registration_flags": "Anmeldedaten von {name} ändern",
        "close_check_in": "Check-in schließen",
        "promote_waiting": "Spieler von der Warteliste nachrücken lassen",
        "remove_waiting": "Spieler von der Warteliste nehmen",
        "set_capacity": "Teilnehmerfeld auf {max} Spieler begrenzen",
        "edit_settings": "Buy-in, Gebühr oder Startstack ändern",
        "unknown": "{type}",
    },
}


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
        if type in ("player_busted", "players_busted") and payload.get("eliminated_by") is not None:
            text += words["eliminated_by"].format(by=name_of(payload["eliminated_by"]))
        return text
    except (KeyError, AttributeError, TypeError, ValueError, IndexError):
        return words["unknown"].format(type=type)


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
