"""Hands and the button at one table: the dead-button rule and heads-up (docs/seating.md).

TDA 32 / N-2.25 / S-#41: the big blind moves to the next player each hand; the small blind
and the button follow it and may be dead. N-1.16 / S-#45: heads-up the button posts the
small blind, and nobody posts the big blind twice in a row.
"""

from __future__ import annotations

from .model import Table


def next_occupied(table: Table, seat: int) -> int | None:
    """The first occupied seat clockwise after `seat` (wrapping), or None at an empty table."""
    for step in range(1, table.max_seats + 1):
        candidate = (seat - 1 + step) % table.max_seats + 1
        if candidate in table.seats:
            return candidate
    return None


def _next_player(table: Table, seat: int) -> int:
    """next_occupied where the positions are dealt: the table has players."""
    found = next_occupied(table, seat)
    if found is None:
        raise ValueError(f"table {table.table_no} has no players to deal to")
    return found


def seats_between(table: Table, start: int, end: int) -> list[int]:
    """Seats strictly between `start` and `end`, clockwise."""
    out: list[int] = []
    seat = start % table.max_seats + 1
    while seat != end and len(out) < table.max_seats:
        out.append(seat)
        seat = seat % table.max_seats + 1
    return out


def first_hand_positions(table: Table, button: int) -> dict:
    if len(table.seats) == 2:  # heads-up: the button is the small blind
        bb = _next_player(table, button)
        return {"button": button, "sb": button, "bb": bb, "utg": button}
    sb = _next_player(table, button)
    bb = _next_player(table, sb)
    return {"button": button, "sb": sb, "bb": bb, "utg": _next_player(table, bb)}


def next_positions(table: Table) -> dict | None:
    """The next hand's {button, sb, bb, utg}, or None while no button is known."""
    if len(table.seats) < 2:
        return None
    if table.hand_no == 0 or table.bb is None:
        if table.button is None:
            return None
        return first_hand_positions(table, table.button)
    bb = _next_player(table, table.bb)
    if len(table.seats) == 2:
        other = _next_player(table, bb)
        return {"button": other, "sb": other, "bb": bb, "utg": other}
    return {"button": table.sb, "sb": table.bb, "bb": bb, "utg": _next_player(table, bb)}


def upcoming_button_and_sb(table: Table) -> tuple[int, int] | None:
    """The next hand's button and small-blind seats as they stand before anyone new sits down
    (either may be dead), or None while no button is known."""
    if table.hand_no and table.bb is not None and table.sb is not None:
        return table.sb, table.bb
    if table.button is None:
        return None
    sb = next_occupied(table, table.button)
    return (table.button, sb) if sb is not None else None


def hands_until_big_blind(table: Table, seat: int) -> int | None:
    """For an empty seat: in how many hands a player seated there now posts the big blind
    (1 = the very next hand). The BB walks clockwise from the next hand's small blind."""
    upcoming = upcoming_button_and_sb(table)
    if upcoming is None:
        return None
    return 1 + sum(1 for s in seats_between(table, upcoming[1], seat) if s in table.seats)
