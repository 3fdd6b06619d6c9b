"""Role-scoped views: small snapshots of the state, each stamped with the tournament's seq.

Pure functions of the engine state. `changed_views` says which views an event touched, so a
bust pushes one table view and one player view, never the whole tournament's.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ..engine import announcements, deal, hand_for_hand, headhunter, history, late_seats, money, penalties
from ..engine.balancing import halt_of
from ..engine.census import census
from ..engine.check_in import desk_view
from ..engine.chips import chips_view, last_count
from ..engine.deadlines import deadline_index
from ..engine.hands import next_positions
from ..engine.legal import view as legal_view
from ..engine.model import Table, TournamentState, shown_fields
from ..engine.moments import moments_view, uncounted_rows
from ..engine.payouts import shown
from ..engine.places import drawn_card, out_entries_newest_first
from ..engine.seating import draw_plan, redraw_refusal
from ..engine.settings import view as settings_view
from ..engine.sign_up import entry_status, signup_status
from ..engine.suggestions import suggestions
from ..engine.table_ops import redraw_rule
from .locale_format import region_of


def _head(state: TournamentState, kind: str, now: int) -> dict:
    return {"kind": kind, "tournament_id": state.tournament_id, "seq": state.seq, "server_time": now}


# The public view goes out after every bust and carries the whole structure, which changes only
# by replacement (a preset's list, or the list an edit's event brings: engine/clock.py): the
# shown form is kept per list object, holding the list so its id is not reused.
_SHOWN_STRUCTURES: dict[int, tuple[list[dict], list[dict]]] = {}


def shown_structure(state: TournamentState) -> list[dict]:
    structure = state.structure
    kept = _SHOWN_STRUCTURES.get(id(structure))
    if kept is not None and kept[0] is structure:
        return kept[1]
    if len(_SHOWN_STRUCTURES) >= 256:
        _SHOWN_STRUCTURES.clear()
    shown = _SHOWN_STRUCTURES[id(structure)] = (structure, _shown_structure(structure))
    return shown[1]


def _shown_structure(structure: list[dict]) -> list[dict]:
    """The structure as screens show it: level numbers count levels only."""
    out, level = [], 0
    for i, entry in enumerate(structure):
        kind = entry.get("kind", "level")
        level += kind == "level"
        shown = {
            "index": i,
            "kind": kind,
            "level": level if kind == "level" else None,
            "sb": entry.get("sb", 0),
            "bb": entry.get("bb", 0),
            "ante": entry.get("ante", 0),
            "minutes": entry.get("minutes", 0),
        }
        for extra in ("colour_up", "addon", "reason", "label"):
            if extra in entry:
                shown[extra] = entry[extra]
        out.append(shown)
    return out


def _deadlines(state: TournamentState) -> dict:
    """Structure indexes of the preset's deadlines, so a screen can tell from its own running
    clock whether a rebuy is still open: open while the clock's index < the deadline's (the
    add-on: while the clock's index == its break)."""
    fmt = state.preset.get("format", {})
    out = {}
    for kind, key in (
        ("rebuy", "until"),
        ("reentry", "until"),
        ("alternates", "until"),
        ("late_seat", "until"),
        ("addon", "at"),
    ):
        rule = fmt.get(kind)
        if rule and rule.get(key):
            out[kind] = deadline_index(state.structure, rule[key])
    return out


def room_counts(state: TournamentState) -> dict:
    """What every room screen says of a tournament (the public view, the TV lobby): its status, the
    field, the average and the prize pool, from counters the state keeps (no pass over the field)."""
    fmt = state.preset.get("format", {})
    status = state.status
    if status in ("seated", "running") and state.clock.status == "paused":
        status = "paused"
    left = state.players_left
    return {
        "name": state.name,
        "status": status,
        "currency": fmt.get("currency", ""),
        # de-CH "3'750 CHF" or de-DE "3.750 €": the preset's region, else the currency's
        "region": region_of(fmt),
        "entries_total": len(state.entries) - len(state.released),  # a seat released at check-in was no entry (N-3.6)
        "players_left": left,
        "average_stack": state.chips["in_play"] // left if left else 0,
        "prize_pool": shown(money.pool(state)),
        "clock": state.clock.as_dict(),
        "structure": shown_structure(state),
        "clock_rules": state.preset.get("clock", {}),
    }


def public_view(state: TournamentState, now: int) -> dict:
    return {
        **_head(state, "public", now),
        **room_counts(state),
        "preset_id": state.preset.get("id"),
        "start_stack": state.start_stack,
        "payouts": money.payout_list(state),
        "buy_ins": state.money["buy_ins"],
        "rebuys": state.money["rebuys"],
        "addons": state.money["addons"],
        "reentries": state.money["reentries"],
        "preset_name": state.preset.get("name"),
        "deadlines": _deadlines(state),
        # N-2.13, V-V.b: the TV and every phone say "Hand-for-hand" while it runs (one boolean:
        # this view goes to every phone after every bust; the round is the dealers' business)
        "hand_for_hand": bool(state.hand_for_hand["active"]),
        # the TV's tone and speech at a level change (engine/tv_sound.py): the director's switch
        "tv_sound": dict(state.tv_sound),
        # the TV names the winner once it is over (instead of a clock nobody plays to)
        "winner": _winner(state),
        # the TV's winner screen: the first places in the money with names and prizes, only
        # once it is over (at most RESULTS_SHOWN rows, so the view stays small at any field)
        "results": _results(state),
        # the bubble, the money and the final table: a moment on every screen (engine/moments.py)
        "moments": moments_view(state, census(state).occupied),
        # [[at, players_left, level_index]], at most 60 of the ≤ 500 kept (this view goes to
        # every phone after every bust); it changes only with players_left, so it never makes
        # the public view go out more often (engine/history.py)
        "players_history": history.shown(state.players_history),
        # the director's announcements running now (engine/announcements.py), at most 5: every
        # TV's band and every player's banner; screens hide one past `until` by server time
        "announcements": announcements.shown(state, now),
    }


def _winner(state: TournamentState) -> dict | None:
    if state.status != "finished" or state.winner is None:
        return None
    e = state.entries[state.winner]
    return {"entry_id": e.entry_id, "name": e.name}


RESULTS_SHOWN = 10


def _results(state: TournamentState) -> list[dict]:
    """The paid places, best first, with names and prizes; empty until the tournament is over."""
    if state.status != "finished" or state.winner is None:
        return []
    paid = money.paid_places(state)
    ids = [state.winner] + [i for i in out_entries_newest_first(state, RESULTS_SHOWN + 1) if i != state.winner]
    rows = []
    for entry_id in ids[:RESULTS_SHOWN]:
        e = state.entries[entry_id]
        if e.place is None or e.place > max(paid, 1):
            break
        rows.append(
            {
                "place": e.place,
                "tie": e.tie,
                "entry_id": e.entry_id,
                "name": e.name,
                "prize": shown(money.prize(state, e)),
            }
        )
    return rows


def _entry(state: TournamentState, entry_id: int) -> dict:
    e = state.entries[entry_id]
    return {
        "entry_id": e.entry_id,
        "name": e.name,
        "status": e.status,
        "table_no": e.table_no,
        "seat": e.seat,
        "place": e.place,
        "busted_at": e.busted_at,
        "tie": e.tie if e.place is not None else None,
        "out_reason": e.out_reason,
        "disqualified": e.disqualified,
        "eliminated_by": e.eliminated_by,
        "card": drawn_card(state, entry_id),
        "rebuys": e.rebuys,
        "addon": e.addon,
        "reentries": e.reentries,
        "prepaid": e.prepaid,
        "present": e.present,
        "pays_at_check_in": e.pays_at_check_in,  # moved up from the waiting list, not paid yet (N-3.1)
        "accessible": e.accessible,
        "id_checked": e.id_checked,
        # where the director asks players to confirm: whether he did (else null)
        "confirmed": (entry_id in state.confirmed or e.present) if (state.sign_up or {}).get("confirm") else None,
        "prize": shown(money.prize(state, e)),
        "paid": shown(e.paid) if e.paid is not None else None,
        # V-VII.r, N-2.23: HH chips (null without headhunter), the penalty he sits out, warnings
        "headhunter": headhunter.entry_view(state, e.entry_id),
        "penalty": penalties.entry_penalty(state, e.entry_id),
        "warnings": penalties.entry_warnings(state, e.entry_id),
    }


def _seats(state: TournamentState, table_no: int) -> list[dict]:
    table = state.tables[table_no]
    return [
        {
            "seat": s,
            "entry_id": eid,
            "name": state.entries[eid].name,
            **({"absent": True} if eid in state.absent else {}),  # N-3.2: dealt in and blinded off
            **({"away": True} if eid in state.away else {}),  # N-2.3, V-X.c: dealt in, folded
            **_sits_out(state, eid),
        }
        for s, eid in sorted(table.seats.items())
    ]


def _sits_out(state: TournamentState, entry_id: int) -> dict:
    """S-#4: an alternate whose seat is the next small blind is dealt in from the hand after it."""
    hand_no = state.sits_out_hand(state.entries[entry_id])
    if hand_no is None:
        return {}
    return {"sits_out": {"hand_no": hand_no, "rule": (state.preset.get("cite") or {}).get("entry_seat")}}


def _bust(state: TournamentState, entry_id: int) -> dict:
    e = state.entries[entry_id]
    return {
        "entry_id": e.entry_id,
        "name": e.name,
        "place": e.place,
        "at": e.busted_at,
        "table_no": e.table_no,
        "tie": e.tie,
        "reason": e.out_reason,
        "eliminated_by": e.eliminated_by,
        "card": drawn_card(state, entry_id),  # P-SidePots, N-2.13: each of the tied players' cards
    }


def _table(state: TournamentState, table_no: int) -> dict:
    t = state.tables[table_no]
    return {
        **{name: getattr(t, name) for name in shown_fields(Table)},  # as the state holds them
        "seats": _seats(state, table_no),
        "next": next_positions(t),  # the positions of the next hand
        "hand_for_hand_done": table_no in state.hand_for_hand["done"],
        # V-III.h / TDA 11D: hold the next hand until balanced ({short, rule}, or null)
        "halt": halt_of(state, t),
        # V-III.i, V-IV.d, S-#4: the button is drawn again by high card before the next hand
        "redraw": (
            {"reason": t.redraw, "rule": redraw_rule(state, t.redraw)}
            if t.redraw and t.button is None and not t.broken
            else None
        ),
    }


RECENT_BUSTS = 100
LEDGER_SHOWN = 20


def _payouts_due(state: TournamentState) -> list[dict]:
    """N-3.8: the prize is handed over right after the bust: what the director still has to pay."""
    rows = []
    for entry_id in state.due:
        e = state.entries[entry_id]
        amount = shown(money.prize(state, e))
        rows.append(
            {
                "entry_id": e.entry_id,
                "name": e.name,
                "place": e.place,
                "tie": e.tie,
                "amount": amount,
            }
        )
    return sorted(rows, key=lambda r: (-(r["place"] or 0), r["entry_id"]))


def _corrections(state: TournamentState) -> list[dict]:
    rows = []
    for c in sorted(state.corrections.values(), key=lambda c: c["id"]):
        e = state.entries[c["entry_id"]]
        paid, due = shown(c["paid"]), shown(c["due"])
        difference = shown(c["due"] - c["paid"])  # the phone words it: pay more, or take back
        rows.append(
            {
                "id": c["id"],
                "entry_id": e.entry_id,
                "name": e.name,
                "place": e.place,
                "paid": paid,
                "due": due,
                "difference": difference,
            }
        )
    return rows


def _money(state: TournamentState) -> dict:
    m = state.money
    return {
        "prize_pool": shown(money.pool(state)),
        "fees": shown(money.exact(m["fees"])),
        "buy_ins": m["buy_ins"],
        "rebuys": m["rebuys"],
        "addons": m["addons"],
        "reentries": m["reentries"],
        "paid_out": shown(money.exact(m["paid_out"])),
        "paid_places": money.paid_places(state),
    }


def _director_summary(state: TournamentState, now: int) -> dict:
    # Without the players-left history: up to 12 KB in every push, and the director's phone has
    # it already from the public view it also receives.
    public = {k: v for k, v in public_view(state, now).items() if k != "players_history"}
    return {
        **public,
        **_head(state, "director", now),
        "busts": [_bust(state, i) for i in out_entries_newest_first(state, RECENT_BUSTS)],
        "hand_for_hand": state.hand_for_hand,
        "break_order": state.break_order,
        **_capped_suggestions(state, now),
        "registration": desk_view(state),
        "sign_up": state.sign_up,  # the start and the online sign-up (engine/sign_up.py), or null
        "payouts_due": _payouts_due(state),
        "corrections": _corrections(state),
        "settings": settings_view(state),  # editable before the draw
        "legal": legal_view(state),  # the law's limits it runs under (engine/legal.py), or null
        "draw": _draw(state),
        # Once the tournament is over there is nothing left to count: no chip check waits for counts.
        "chips": None if state.status == "finished" else chips_view(state, now),
        "money": _money(state),
        "ledger": [_ledger_line(state, line) for line in reversed(state.ledger[-LEDGER_SHOWN:])],
        "removed_stacks": uncounted_rows(state),  # N-3.2: stacks that left play, to count
        "deal": deal.view(state),  # the final table's deal: proposal, answers, applied or not
        "deal_stacks": deal.default_stacks(state),  # the deal form's stacks from the latest count
    }


def _draw(state: TournamentState) -> dict | None:
    """The seat draw the preset's rules propose (before it), and whether it may be redone (after it,
    until the clock starts)."""
    if state.status in ("new", "registering"):
        return {"plan": draw_plan(state), "redraw": False}
    if state.status == "seated":
        return {"plan": draw_plan(state), "redraw": redraw_refusal(state) is None}
    return None


def _ledger_line(state: TournamentState, line: dict) -> dict:
    e = state.entries.get(line["entry_id"])
    return {**line, "name": e.name if e else None}


SUGGESTIONS_SHOWN = 20


def _capped_suggestions(state: TournamentState, now: int) -> dict:
    """The first suggestions and how many more: a director acts on a few at a time, and the push
    must not grow with a backlog nobody has applied yet."""
    found = suggestions(state, now)
    return {"suggestions": found[:SUGGESTIONS_SHOWN], "suggestions_more": max(0, len(found) - SUGGESTIONS_SHOWN)}


def director_view(state: TournamentState, now: int) -> dict:
    """The whole tournament, for a GET (after a reload or a gap)."""
    return {
        **_director_summary(state, now),
        "partial": False,
        "entries": [_entry(state, i) for i in sorted(state.entries)],
        "tables": [_table(state, n) for n in sorted(state.tables)],
    }


def director_delta(state: TournamentState, changed: set[tuple], seq: int, base_seq: int, now: int) -> dict:
    """What one command changed, for the push: the summary plus the changed entries and tables.
    A phone applies it only on top of the view with seq == base_seq, else it GETs the whole view;
    so a bust costs a few rows here, not the whole field (10,000 players)."""
    entries = sorted(k[1] for k in changed if k[0] == "player")
    tables = sorted(k[1] for k in changed if k[0] == "table" and k[1] in state.tables)
    return {
        **_director_summary(state, now),
        "seq": seq,
        "base_seq": base_seq,
        "partial": True,
        "entries": [_entry(state, i) for i in entries],
        "tables": [_table(state, n) for n in tables],
    }


DEALER_RULES = ("odd_chip", "same_hand_busts")


def table_view(state: TournamentState, table_no: int, now: int) -> dict:
    table = state.tables.get(table_no)
    busts = [_bust(state, i) for i in out_entries_newest_first(state, 50) if state.entries[i].table_no == table_no]
    moves = [m for m in state.recent_moves if table_no in (m["from_table"], m["to_table"])][-20:]
    body = _table(state, table_no) if table else {"table_no": table_no, "max_seats": 0, "seats": []}
    return {
        **_head(state, "table", now),
        **body,
        "busts": busts,
        "moves": list(reversed(moves)),
        "hand_for_hand": _hand_for_hand(state),
        "chip_count": state.chip_counts.get(table_no),
        "last_count": last_count(state, table_no),  # what the next count starts from
        "penalties": penalties.table_penalties(state, table_no, now),  # who sits out (N-2.23)
        "dealer_penalties": penalties.dealer_view(state),  # what this phone may give (S-#36)
        # P-Spielverlauf: a newcomer owes the big blind until his first hand, and posts it there
        **late_seats.table_lines(state, table_no),
        "removed_stacks": uncounted_rows(state, table_no),  # N-3.2: take it off the table, count it
        # the house's ids for the rules the dealer's helpers quote (N-2.7 odd chip, N-1.15 same hand)
        "rules": {k: (state.preset.get("cite") or {}).get(k) for k in DEALER_RULES},
    }


def _hand_for_hand(state: TournamentState) -> dict:
    """With the number of tables in play while it runs, so a dealer sees how many still play."""
    hfh = state.hand_for_hand
    if not hfh["active"]:
        return hfh
    return {
        **hfh,
        "tables": sum(1 for t in state.tables.values() if not t.broken),
        "rule": hand_for_hand.rule_id(state),
    }  # N-2.13, V-V.b: quoted on the dealer's phone


DISPLAY_MOVES = 10


def display_view(state: TournamentState, now: int) -> dict:
    """The TV's own view (display room only): the last moves for its ticker, newest first, and
    how many sit, so it can page the seating list it GETs (/seating) when this view changes.
    Bounded at any field: DISPLAY_MOVES rows; never sent to a player's phone."""
    moves = [
        {k: m.get(k) for k in ("entry_id", "name", "from_table", "from_seat", "to_table", "to_seat", "reason", "at")}
        for m in state.recent_moves[-DISPLAY_MOVES:]
    ]
    seated = sum(len(t.seats) for t in state.tables.values() if not t.broken)
    return {
        **_head(state, "display", now),
        "moves": list(reversed(moves)),
        "seated": seated,
        "tables": sum(1 for t in state.tables.values() if not t.broken),
    }


def _folded(text: str) -> str:
    """Case and accents folded, ä with a (Ärger with Arger, not after Z), ß as ss, punctuation
    ignored (O'Brien with Obama, not before A)."""
    folded = unicodedata.normalize("NFKD", text.casefold().replace("ß", "ss"))
    return " ".join("".join(c for c in folded if c.isalnum() or c == " ").split())


def _family_and_given(name: str) -> tuple[str, str]:
    """'Anna Maria Keller' → ('Keller', 'Anna Maria'): the last word is the family name; a name
    written 'Keller, Anna' (an import's form) keeps its order. As the desk's list (pwa/src/ui/names.ts)."""
    family, comma, given = name.partition(",")
    if comma and family.strip():
        return " ".join(family.split()), " ".join(given.split())
    words = name.split()
    return (words[-1], " ".join(words[:-1])) if words else ("", "")


def family_first(name: str) -> str:
    """'Anna Weiß' → 'Weiß, Anna': how a wall list writes a name it sorts by family name (a single
    name stays as it is)."""
    family, given = _family_and_given(name)
    return f"{family}, {given}" if given else family


def name_key(name: str) -> tuple:
    """Sort key for names as people look them up on a wall list (DIN 5007-1): by family name, then
    the given names; folded as `_folded` says; the exact name breaks ties."""
    family, given = _family_and_given(name)
    return (_folded(family), _folded(given), name)


def seating_by_name(state: TournamentState) -> list[dict]:
    """Everyone seated, by family name: [{name, listed_as, table_no, seat, entry_id}] (a pass over the seats)."""
    rows: list[dict[str, Any]] = [
        {
            "name": (name := state.entries[eid].name),
            "listed_as": family_first(name),
            "table_no": t.table_no,
            "seat": seat,
            "entry_id": eid,
        }
        for t in state.tables.values()
        if not t.broken
        for seat, eid in t.seats.items()
    ]
    rows.sort(key=lambda r: (*name_key(r["name"]), r["entry_id"]))
    return rows


def player_view(state: TournamentState, entry_id: int, now: int) -> dict:
    entry = _entry(state, entry_id)
    table = state.tables.get(entry["table_no"])
    return {
        **_head(state, "player", now),
        **entry,
        "max_seats": table.max_seats if table else 0,
        # the dealer button on the player's picture; none once he is out (his phone shows no
        # table then, and a later button at the table he left is not pushed to him)
        "button": table.button if table and entry_id in table.seats.values() else None,
        "last_move": state.entries[entry_id].last_move,
        "penalty": penalties.entry_penalty(state, entry_id, now),
        # where his registration stands (engine/sign_up.py): registered, promoted, checked in...
        "registration": entry_status(state, entry_id),
        "sign_up": state.sign_up,
        "deal": _player_deal(state, entry_id),
    }  # a time penalty ends at `until`


def _player_deal(state: TournamentState, entry_id: int) -> dict | None:
    """The deal on the phone of a player in it: every row (the table sees everyone's amount), his own marked."""
    if state.deal is None or entry_id not in state.deal["answers"]:
        return None
    shown_deal = deal.view(state)
    return {**shown_deal, "mine": entry_id} if shown_deal else None


def signup_view(state: TournamentState, signup_no: int, now: int) -> dict:
    """A personal link whose player is still on the waiting list (or cancelled from it): where he
    stands, and the tournament he waits for. Once he has a place, his link shows the player view."""
    return {
        **_head(state, "signup", now),
        "name": state.name,
        "registration": signup_status(state, signup_no),
        "sign_up": state.sign_up,
        "waiting_total": len(state.waiting),
    }


def render(state: TournamentState, key: tuple, now: int) -> dict:
    if key[0] == "public":
        return public_view(state, now)
    if key[0] == "director":
        return director_view(state, now)
    if key[0] == "table":
        return table_view(state, key[1], now)
    if key[0] == "display":
        return display_view(state, now)
    if key[0] == "signup":
        return signup_view(state, key[1], now)
    return player_view(state, key[1], now)
