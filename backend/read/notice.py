"""A notice for a locked phone: whom it is for, its text in de/en, how long it keeps.

A move is urgent and kept by the push service for 15 minutes (a player back from the bar later
still needs to know where to sit); what is only news is normal and kept briefly, so a phone that
was offline is not woken by stale news (TTL, RFC 8030 5.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..words import COMMAND_SCREENS
from .locale_format import DEFAULT_REGION, money_text, number_text

URGENT_TTL = 15 * 60
NEWS_TTL = 5 * 60


@dataclass(frozen=True)
class Notice:
    to: tuple  # a view key: ('player', entry_id) | ('table', n) | ('director',)
    kind: str  # the text's key in TEXTS
    params: dict = field(default_factory=dict)
    urgent: bool = False
    keep_s: int | None = None  # how long the push service keeps it, where the default is too long
    region: str = DEFAULT_REGION  # the preset's region: how German writes its numbers (1'502 / 1.502)

    @property
    def ttl(self) -> int:
        if self.keep_s is not None:
            return self.keep_s
        return URGENT_TTL if self.urgent else NEWS_TTL


TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "moved": (
            "Move to table {table}, seat {seat}",
            "The floor moved you from table {from_table} to balance the tables.",
        ),
        "table_breaking": ("Your table is closing", "Go to table {table}, seat {seat}. Take your chips with you."),
        "final_table": ("Final table: table {table}, seat {seat}", "Take your chips to your seat at the final table."),
        "final_table_stay": (
            "Final table: you stay at table {table}, seat {seat}",
            "Keep your seat: the others come to your table.",
        ),
        "hand_for_hand": ("Hand-for-hand", "The bubble: every table plays one hand at a time now."),
        "prize": ("{place}. place: {money}", "Collect your prize from the tournament director."),
        "table_closing": ("Table {table} is closing", "Send the players to their new seats (their phones show them)."),
        "hold_hand": ("Hand-for-hand: hold the next hand", "Deal one hand, then wait until all tables are done."),
        "pay_out": ("Pay out: {name}", "{place}. place, {money}."),
        "review": ("A command was refused", "{actor}: {message}"),
        "in_the_money": ("You are in the money", "{players} players left: each of them wins a prize."),
        "redrawn": (
            "New seat: table {table}, seat {seat}",
            "The last tables are drawn anew. Take your chips with you.",
        ),
        "redrawn_stay": (
            "Your seat stays: table {table}, seat {seat}",
            "The last tables are drawn anew: you drew the seat you have.",
        ),
        "halted": (
            "Stop play: hold the next hand",
            "Table {table} is {short} players short ({rule}): wait until the floor brings players.",
        ),
        "hold_for_move": ("Hold the next hand", "A player from your table moves to table {table}: wait for the floor."),
        "table_halted": ("Table {table} halted: {short} short", "Balance the tables now ({rule}): the table waits."),
        "balance": (
            "Balance now: table {table} is short",
            "Table {from_table} has {diff} players more: move one to table {table}.",
        ),
        "break_table": ("Break table {table}", "{players} players fit at {tables} tables."),
        "chip_alarm": ("Chip count off by {difference}", "Counted {counted}, in play {in_play}: recount the tables."),
        "break_ending": ("The break ends in {minutes} minutes", "Back to table {table}, seat {seat}."),
        "moved_up": (
            "A place is free for you",
            "You moved up from the waiting list. Check in at the desk: you pay there.",
        ),
        "moved_up_id": (
            "A place is free for you",
            "You moved up from the waiting list. Check in at the desk: you pay there and show your ID.",
        ),
        "moved_up_here": ("You are in the field", "You moved up from the waiting list: your place is confirmed."),
    },
    "de": {
        "moved": (
            "Wechsel an Tisch {table}, Sitz {seat}",
            "Die Turnierleitung hat dich von Tisch {from_table} umgesetzt.",
        ),
        "table_breaking": ("Dein Tisch wird aufgelöst", "Geh an Tisch {table}, Sitz {seat}. Nimm deine Chips mit."),
        "final_table": ("Finaltisch: Tisch {table}, Sitz {seat}", "Bring deine Chips an deinen Sitz am Finaltisch."),
        "final_table_stay": (
            "Finaltisch: du bleibst an Tisch {table}, Sitz {seat}",
            "Bleib sitzen: die anderen kommen an deinen Tisch.",
        ),
        "hand_for_hand": ("Hand-für-Hand", "Die Bubble: alle Tische spielen jetzt Hand für Hand."),
        "prize": ("{place}. Platz: {money}", "Hol dein Preisgeld bei der Turnierleitung ab."),
        "table_closing": (
            "Tisch {table} wird aufgelöst",
            "Schick die Spieler an ihre neuen Sitze (ihr Handy zeigt sie).",
        ),
        "hold_hand": (
            "Hand-für-Hand: nächste Hand abwarten",
            "Eine Hand geben, dann warten, bis alle Tische fertig sind.",
        ),
        "pay_out": ("Auszahlen: {name}", "{place}. Platz, {money}."),
        "review": ("Ein Befehl wurde abgelehnt", "{actor}: {message}"),
        "in_the_money": ("Du bist im Geld", "Noch {players} Spieler: jeder von ihnen gewinnt einen Preis."),
        "redrawn": (
            "Neuer Sitz: Tisch {table}, Sitz {seat}",
            "Die letzten Tische werden neu gelost. Nimm deine Chips mit.",
        ),
        "redrawn_stay": (
            "Dein Sitz bleibt: Tisch {table}, Sitz {seat}",
            "Die letzten Tische werden neu gelost: du hast deinen Sitz gezogen.",
        ),
        "halted": (
            "Spiel anhalten: nächste Hand abwarten",
            "Tisch {table} hat {short} Spieler zu wenig ({rule}): warte, bis die Turnierleitung Spieler bringt.",
        ),
        "hold_for_move": (
            "Nächste Hand abwarten",
            "Ein Spieler deines Tisches wechselt an Tisch {table}: warte auf die Turnierleitung.",
        ),
        "table_halted": ("Tisch {table} angehalten: {short} zu wenig", "Jetzt ausgleichen ({rule}): der Tisch wartet."),
        "balance": (
            "Jetzt ausgleichen: Tisch {table} ist kurz",
            "Tisch {from_table} hat {diff} Spieler mehr: einen an Tisch {table} setzen.",
        ),
        "break_table": ("Tisch {table} auflösen", "{players} Spieler passen an {tables} Tische."),
        "chip_alarm": (
            "Chipzählung weicht um {difference} ab",
            "Gezählt {counted}, im Spiel {in_play}: Tische nachzählen.",
        ),
        "break_ending": ("Die Pause endet in {minutes} Minuten", "Zurück an Tisch {table}, Sitz {seat}."),
        "moved_up": (
            "Ein Platz ist frei für dich",
            "Du bist von der Warteliste nachgerückt. Melde dich am Empfang: dort bezahlst du.",
        ),
        "moved_up_id": (
            "Ein Platz ist frei für dich",
            "Du bist von der Warteliste nachgerückt. Melde dich am Empfang: dort bezahlst du und zeigst deinen Ausweis.",
        ),
        "moved_up_here": ("Du bist im Feld", "Du bist von der Warteliste nachgerückt: dein Platz ist bestätigt."),
    },
}


def announcement_words(template: object, text: object, minutes: object, lang: str) -> str:
    """An announcement as its screens word it (engine/announcements.py): a template in the
    language's words with the minutes filled in, free text as typed."""
    words = COMMAND_SCREENS.get(lang, COMMAND_SCREENS["en"])["announce"]
    if isinstance(template, str) and f"t_{template}" in words:
        return words[f"t_{template}"].format(minutes=minutes)
    return str(text or "")


def text_of(notice: Notice, lang: str) -> tuple[str, str]:
    """The notification's title and body in the phone's language (English if we have no other),
    its numbers and money written as the screens write them in the preset's region."""
    if notice.kind == "announcement":  # the director's words: a template worded here, or his text
        p = notice.params
        heading = COMMAND_SCREENS.get(lang, COMMAND_SCREENS["en"])["announce"]["heading"]
        return heading, announcement_words(p.get("template"), p.get("text"), p.get("minutes"), lang)
    title, body = TEXTS.get(lang, TEXTS["en"])[notice.kind]
    params = {k: _number(k, v, lang, notice.region) for k, v in notice.params.items()}
    if "prize" in notice.params:
        params["money"] = money_text(notice.params["prize"], notice.params.get("currency"), lang, notice.region)
    return title.format(**params), body.format(**params)


def _number(key: str, value: object, lang: str, region: str) -> object:
    """Chip counts with the region's thousands separators (1,234,500 / 1'234'500 / 1.234.500), a
    difference with its sign."""
    if not isinstance(value, int) or isinstance(value, bool):
        return value
    shown = number_text(value, lang, region)
    return f"+{shown}" if key == "difference" and value > 0 else shown
