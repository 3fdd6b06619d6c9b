"""Language and locale over HTTP in-process (Flask's test client): the printable results write money in the tournament's
locale (de-CH "3'750 CHF", de-DE "3.750 €", en "3,750 …"), and the person search folds accents
and ß like the desk (weiss → Weiß, celine → Céline, krahen/kraehen → Krähen)."""

import html

import pytest

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def tournament(td, names, settings):
    tid = td.post("/api/tournaments", {"name": "Montagsturnier", "preset": "generic"}).json()["id"]
    r = td.command(tid, "edit_settings", settings)
    assert r.status_code == 200, r.text
    for name in names:
        assert td.command(tid, "register_player", {"name": name}).status_code == 200
    return tid


def test_results_page_writes_the_pool_in_the_tournaments_locale(server, td):
    names = ["Anna Weiß", "Céline Dupont", "Jonas Krähen"]
    chf = tournament(td, names, {"buy_in": 1250, "currency": "CHF"})  # 3 × 1,250 = 3,750
    eur = tournament(td, names, {"buy_in": 1250, "currency": "EUR"})
    page = lambda tid, lang: html.unescape(td.get(f"/api/tournaments/{tid}/results.html", params={"lang": lang}).text)
    assert "3'750 CHF" in page(chf, "de")
    assert "3,750 CHF" in page(chf, "en")
    assert "3.750 €" in page(eur, "de")
    assert "3,750 €" in page(eur, "en")
    # the views carry the region the phones format with
    assert td.get(f"/api/tournaments/{chf}/public").json()["region"] == "CH"
    assert td.get(f"/api/tournaments/{eur}/public").json()["region"] == "DE"


def test_person_search_folds_accents_and_sharp_s(server, td):
    tournament(td, ["Anna Weiß", "Céline Dupont", "Jonas Krähen", "Bob"], {"buy_in": 10})
    find = lambda q: [p["name"] for p in td.get("/api/persons", params={"q": q}).json()]
    assert find("weiss") == ["Anna Weiß"]
    assert find("celine") == ["Céline Dupont"]
    assert find("krahen") == ["Jonas Krähen"]
    assert find("kraehen") == ["Jonas Krähen"]
    assert find("WEIß") == ["Anna Weiß"]
    assert find("zzz") == []
    assert len(find("")) >= 4
