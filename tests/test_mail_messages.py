"""The mails' words (backend/mail/messages.py): the start in the club's time zone, summer time
included, in the sign-up's language; the ID hint only where the preset checks IDs."""

from backend.mail.messages import SignUpFacts, moved_up, signed_up, when_text

JULY_3_17_UTC = 1_783_098_000_000  # 2026-07-03 17:00 UTC: 19:00 in Zurich (CEST)
FACTS = SignUpFacts(
    to="anna@example.org", lang="de", name="Anna Weiss", tournament="Friday Turbo", club="Poker Club Bern",
    link="https://poker.example/#/player/t0ken", starts_at=JULY_3_17_UTC,
)  # fmt: skip


def test_the_start_is_written_in_the_club_s_time_zone_and_language():
    assert when_text(JULY_3_17_UTC, "de", "Europe/Zurich") == "Fr. 3.7.2026, 19:00"
    assert when_text(JULY_3_17_UTC, "en", "Europe/Zurich") == "Fri 3 Jul 2026, 19:00"
    assert when_text(JULY_3_17_UTC, "en", "No/Such_Zone") == "Fri 3 Jul 2026, 17:00"  # UTC rather than nothing


def test_the_confirmation_and_the_moved_up_mail_say_what_to_do():
    placed = signed_up(FACTS, None)
    assert placed["Subject"] == "Du bist angemeldet: Friday Turbo"
    text = placed.get_content()
    assert "am Fr. 3.7.2026, 19:00" in text and FACTS.link in text and "Ausweis" not in text
    with_id = moved_up(SignUpFacts(**{**FACTS.__dict__, "lang": "en", "id_check": True})).get_content()
    assert "pay the buy-in there and show your ID" in with_id and "Poker Club Bern" in with_id
