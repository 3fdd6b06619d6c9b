"""What a command's events tell a phone whose screen may be off (Web Push, issue 17).

Worked out in the command's transaction from the events and the state they left (the service
calls `notices` next to `changed_views`), pure: no database, no clock. Most commands tell nobody
anything: a bust only with a prize to collect or when it bursts the bubble. Each notice names its audience as a view key — ('player', entry_id),
('table', n) or ('director',) — so the sender finds the subscriptions of the tokens that see that
view. The texts are short and say what to do; the phone's language picks de or en.

A move is urgent and kept by the push service for 15 minutes (a player back from the bar later
still needs to know where to sit); what is only news is normal and kept briefly, so a phone that
was offline is not woken by stale news (TTL, RFC 8030 5.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import money
from ..engine.balancing import active_tables
from ..engine.model import Event, TournamentState
from ..engine.payouts import shown

URGENT_TTL = 15 * 60
NEWS_TTL = 5 * 60


@dataclass(frozen=True)
class Notice:
    to: tuple  # a view key: ('player', entry_id) | ('table', n) | ('director',)
    kind: str  # the text's key in TEXTS
    params: dict = field(default_factory=dict)
    urgent: bool = False

    @property
    def ttl(self) -> int:
        return URGENT_TTL if self.urgent else NEWS_TTL


TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "moved": (
            "Move to table {table}, seat {seat}",
            "The floor moved you from table {from_table} to balance the tables.",
        ),
        "table_breaking": ("Your table is closing", "Go to table {table}, seat {seat}. Take your chips with you."),
        "final_table": ("Final table: table {table}, seat {seat}", "Take your chips to your seat at the final table."),
        "hand_for_hand": ("Hand-for-hand", "The bubble: every table plays one hand at a time now."),
        "prize": ("{place}. place: {prize} {currency}", "Collect your prize from the tournament director."),
        "table_closing": ("Table {table} is closing", "Send the players to their new seats (their phones show them)."),
        "hold_hand": ("Hand-for-hand: hold the next hand", "Deal one hand, then wait until all tables are done."),
        "pay_out": ("Pay out: {name}", "{place}. place, {prize} {currency}."),
        "review": ("A command was refused", "{actor}: {message}"),
        "in_the_money": ("You are in the money", "{players} players left: each of them wins a prize."),
        "redrawn": (
            "New seat: table {table}, seat {seat}",
            "The last tables are drawn anew. Take your chips with you.",
        ),
    },
    "de": {
        "moved": (
            "Wechsel an Tisch {table}, Platz {seat}",
            "Die Turnierleitung hat dich von Tisch {from_table} umgesetzt.",
        ),
        "table_breaking": ("Dein Tisch wird aufgelöst", "Geh an Tisch {table}, Platz {seat}. Nimm deine Chips mit."),
        "final_table": ("Finaltisch: Tisch {table}, Platz {seat}", "Bring deine Chips an deinen Platz am Finaltisch."),
        "hand_for_hand": ("Hand-für-Hand", "Die Bubble: alle Tische spielen jetzt Hand für Hand."),
        "prize": ("{place}. Platz: {prize} {currency}", "Hol dein Preisgeld bei der Turnierleitung ab."),
        "table_closing": (
            "Tisch {table} wird aufgelöst",
            "Schick die Spieler an ihre neuen Plätze (ihr Handy zeigt sie).",
        ),
        "hold_hand": (
            "Hand-für-Hand: nächste Hand abwarten",
            "Eine Hand geben, dann warten, bis alle Tische fertig sind.",
        ),
        "pay_out": ("Auszahlen: {name}", "{place}. Platz, {prize} {currency}."),
        "review": ("Ein Befehl wurde abgelehnt", "{actor}: {message}"),
        "in_the_money": ("Du bist im Geld", "Noch {players} Spieler: jeder von ihnen gewinnt einen Preis."),
        "redrawn": (
            "Neuer Platz: Tisch {table}, Platz {seat}",
            "Die letzten Tische werden neu gelost. Nimm deine Chips mit.",
        ),
    },
}


def text_of(notice: Notice, lang: str) -> tuple[str, str]:
    """The notification's title and body in the phone's language (English if we have no other)."""
    title, body = TEXTS.get(lang, TEXTS["en"])[notice.kind]
    return title.format(**notice.params), body.format(**notice.params)


def _moves(kind: str, moves: list[dict]) -> list[Notice]:
    return [
        Notice(
            ("player", m["entry_id"]),
            kind,
            {"table": m["to_table"], "seat": m["to_seat"], "from_table": m["from_table"]},
            urgent=True,
        )
        for m in moves
        if (m["to_table"], m["to_seat"]) != (m["from_table"], m["from_seat"])
    ]


def _prizes(state: TournamentState, entry_ids: list[int]) -> list[Notice]:
    """A player out in the money: his place and prize, and the director's "pay out"."""
    found: list[Notice] = []
    currency = state.preset.get("format", {}).get("currency", "")
    for entry_id in entry_ids:
        entry = state.entries.get(entry_id)
        if entry is None or entry_id not in state.due:  # only a prize still to be paid
            continue
        params = {"place": entry.place, "prize": shown(money.prize(state, entry)), "currency": currency}
        found.append(Notice(("player", entry_id), "prize", params, urgent=True))
        found.append(Notice(("director",), "pay_out", {**params, "name": entry.name}, urgent=True))
    return found


def notices(state: TournamentState, events: list[Event]) -> list[Notice]:
    """The notices of one command's events, in the state they left."""
    found: list[Notice] = []
    for event in events:
        p = event.payload
        if event.type == "player_moved":
            found += _moves("moved", [p])
        elif event.type == "table_broken":
            found += _moves("table_breaking", p["moves"])
            found.append(Notice(("table", p["table_no"]), "table_closing", {"table": p["table_no"]}, urgent=True))
        elif event.type == "final_table_formed":
            # G-Final forms two tables of 8 first: a new seat, not yet the final table
            found += _moves("final_table" if len(p.get("tables", ())) <= 1 else "redrawn", p["moves"])
            found += [Notice(("table", n), "table_closing", {"table": n}, urgent=True) for n in p.get("broken", ())]
        elif event.type == "hand_for_hand_started":
            found += [Notice(("table", t.table_no), "hold_hand", {}, urgent=True) for t in active_tables(state)]
            found += [Notice(("player", entry_id), "hand_for_hand") for entry_id in seated(state)]
        elif event.type == "tournament_won":
            found += _prizes(state, [p["entry_id"]])  # the winner's prize, the largest to pay out
        elif event.type in BUSTS:
            out = _bust_ids(event)
            found += _prizes(state, out)
            # N-3.2: absent players taken out with the bust count towards the bubble too
            if bubble_burst(state, len(out) + len(p.get("absent_out", ()))):
                found += [
                    Notice(("player", entry_id), "in_the_money", {"players": state.players_left})
                    for entry_id in sorted(seated(state))
                ]
    return found


BUSTS = ("player_busted", "players_busted")


def _bust_ids(event: Event) -> list[int]:
    p = event.payload
    return [p["entry_id"]] if event.type == "player_busted" else [b["entry_id"] for b in p["busts"]]


def seated(state: TournamentState) -> list[int]:
    return [entry_id for t in active_tables(state) for entry_id in t.seats.values()]


def bubble_burst(state: TournamentState, busted: int) -> bool:
    """This command's `busted` players out left exactly the paid places or fewer: the bubble burst
    (N-3.7's table says how many are paid)."""
    paid = money.paid_places(state)
    return paid > 0 and state.players_left <= paid < state.players_left + busted


def refused(actor: str, message: str) -> Notice:
    """A dealer's refused command, for the directors' "To review" list."""
    return Notice(("director",), "review", {"actor": actor, "message": message})
