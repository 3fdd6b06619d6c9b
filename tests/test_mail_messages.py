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


def test_the_standings_mail_shows_the_top_and_his_own_line_with_names_as_published():
    from backend.mail.standings import LeagueFacts, StandingsFacts, standings_mail
    from backend.read.public_standings import initials, public_table

    assert initials("Jürg Meier") == "J. M." and initials("Anna-Lena von Arx") == "A.-L. v. A."
    # 14 players, one point less each from 30; he (person 12) is 12th with 19 points
    overall = [
        {"rank": n, "person_id": n, "name": f"Spieler{n} Name", "points": 31 - n, "tournaments": 2, "wins": 0}
        for n in range(1, 15)
    ]
    body = {
        "overall": overall,
        "tournaments": [{"id": 1, "name": "Mo", "played_on": "2026-03-02", "status": "finished", "provisional": False}],
    }
    hidden = public_table(body, "hidden", counts_points=True)
    facts = StandingsFacts(
        to="x@example.org", lang="en", name="Spieler12 Name", person_id=12, tournament="Monday", club="PC Bern",
        leagues=[LeagueFacts("Ranking", hidden, None)], unsubscribe="https://poker.example/u/t",
    )  # fmt: skip
    text = standings_mail(facts).get_content()
    assert "Ranking (14 players)" in text and "You: rank 12, 19 points" in text
    assert "  1. 30 points" in text and " 10. 21 points" in text and " 11." not in text  # the top 10, no names
    assert "    …\n 12. you – 19 points" in text and "Spieler1 " not in text and "whole table" not in text
    wins = public_table(body, "initials", counts_points=False)  # a series ranks by wins: no points
    german = standings_mail(
        StandingsFacts(**{**facts.__dict__, "lang": "de", "leagues": [LeagueFacts("Serie", wins, "https://p/s/x")]})
    )
    text = german.get_content()
    assert (
        "  1. S. N. – 0 Siege" in text
        and "Du: Rang 12, 0 Siege" in text
        and "Die ganze Rangliste: https://p/s/x" in text
    )
    assert german["List-Unsubscribe"] == "<https://poker.example/u/t>"
