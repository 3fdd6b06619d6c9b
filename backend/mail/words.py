"""The mails' words, German and English (the sign-up's or the subscriber's `lang`): short, plain text,
what to do."""

from __future__ import annotations

WEEKDAYS = {
    "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    "de": ("Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa.", "So."),
}
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

MAIL: dict[str, dict[str, str]] = {
    "en": {
        "greeting": "Hello {name},",
        "registered_subject": "You are registered: {tournament}",
        "registered": "you are registered for {tournament}{when}.",
        "waiting_subject": "Waiting list: {tournament}",
        "waiting": (
            "the field of {tournament}{when} is full: you are on the waiting list at position {position}.\n"
            "When a place frees up, you move up at once and we write to you again."
        ),
        "moved_up_subject": "A place is free for you: {tournament}",
        "moved_up": "a place in {tournament}{when} is free, and it is yours now.",
        "check_in": "Check in at the desk before the start: you pay the buy-in there{id}.",
        "id": " and show your ID",
        "link": "Your personal link (your place, later your seat and your result):",
        "cancel": "Cannot come? Call it off from the link, so the next one moves up. There you can also erase your e-mail address.",
        "when": " on {date}",
        "sign_off": "See you at the table,\n{club}",
    },
    "de": {
        "greeting": "Hallo {name},",
        "registered_subject": "Du bist angemeldet: {tournament}",
        "registered": "du bist für {tournament}{when} angemeldet.",
        "waiting_subject": "Warteliste: {tournament}",
        "waiting": (
            "das Feld von {tournament}{when} ist voll: du stehst auf der Warteliste an Position {position}.\n"
            "Wird ein Platz frei, rückst du sofort nach und wir schreiben dir wieder."
        ),
        "moved_up_subject": "Ein Platz ist frei für dich: {tournament}",
        "moved_up": "ein Platz in {tournament}{when} ist frei geworden, und er gehört jetzt dir.",
        "check_in": "Melde dich vor dem Start am Empfang: dort bezahlst du das Buy-in{id}.",
        "id": " und zeigst deinen Ausweis",
        "link": "Dein persönlicher Link (dein Platz, später dein Sitz und dein Resultat):",
        "cancel": "Du kannst nicht kommen? Melde dich über den Link ab, damit der Nächste nachrückt. Dort kannst du auch deine E-Mail-Adresse löschen.",
        "when": " am {date}",
        "sign_off": "Bis bald am Tisch,\n{club}",
    },
}

# The standings after a finished night (mail/standings.py), to the league's players who asked for it.
STANDINGS: dict[str, dict[str, str]] = {
    "en": {
        "subject": "Standings after {tournament}",
        "greeting": "Hello {name},",
        "lead": "{tournament} is over. The standings now:",
        "league": "{league} ({players} players)",
        "provisional": "(provisional: another night of it is still being played)",
        "you_line": "You: rank {rank}, {value}",
        "you": "you",
        "points": "{n} points",
        "point": "1 point",
        "wins": "{n} wins",
        "win": "1 win",
        "whole": "The whole table: {link}",
        "why": "You get this mail because you asked for it on your player's page.",
        "unsubscribe": "Unsubscribe (one click): {link}",
        "sign_off": "See you at the table,\n{club}",
    },
    "de": {
        "subject": "Rangliste nach {tournament}",
        "greeting": "Hallo {name},",
        "lead": "{tournament} ist gespielt. So steht es jetzt:",
        "league": "{league} ({players} Spieler)",
        "provisional": "(vorläufig: ein anderer Abend davon wird noch gespielt)",
        "you_line": "Du: Rang {rank}, {value}",
        "you": "du",
        "points": "{n} Punkte",
        "point": "1 Punkt",
        "wins": "{n} Siege",
        "win": "1 Sieg",
        "whole": "Die ganze Rangliste: {link}",
        "why": "Du bekommst diese Mail, weil du sie auf deiner Spielerseite bestellt hast.",
        "unsubscribe": "Abbestellen (ein Klick): {link}",
        "sign_off": "Bis bald am Tisch,\n{club}",
    },
}
