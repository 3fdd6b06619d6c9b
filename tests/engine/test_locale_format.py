"""Numbers and money in the tournament's locale: the region comes from the preset's data
(format.region, else the currency), never from a preset id; money texts write it the way the phones
do (pwa/src/i18n/format.ts): de-CH "3'750 CHF", de-DE "3.750 €", en "3,750 CHF"."""

import copy

import pytest

from backend.engine.apply import replay
from backend.engine.model import Event
from backend.read.locale_format import money_text, number_text, region_of
from backend.read.views import public_view
from engine_helpers import Log, preset

SWISS = ["n-monday", "n-series-final", "s-trophy"]  # Noohn Basel, Swiss Poker Trophy Zugerland
GERMAN = ["g-tour", "v-ranking", "p-qualifier", "p-final"]


@pytest.mark.parametrize("preset_id", SWISS + GERMAN)
def test_every_preset_names_its_region_and_the_public_view_carries_it(preset_id):
    data = preset(preset_id)
    expected = "CH" if preset_id in SWISS else "DE"
    assert data["format"]["region"] == expected
    state = Log(data).state
    assert public_view(state, 0)["region"] == expected


def test_the_generic_preset_follows_its_currency():
    """generic names no region: a director who sets CHF gets Swiss numbers."""
    assert "region" not in preset("generic")["format"]
    state = Log(preset("generic")).state
    assert public_view(state, 0)["region"] == "DE"
    state.preset["format"]["currency"] = "CHF"
    assert public_view(state, 0)["region"] == "CH"


def test_region_falls_back_to_the_currency_and_then_to_germany():
    assert region_of({"currency": "CHF"}) == "CH"
    assert region_of({"currency": "EUR"}) == "DE"
    assert region_of({"currency": "USD"}) == "DE"
    assert region_of({"currency": "EUR", "region": "AT"}) == "AT"
    assert region_of({}) == "DE"
    # a custom preset without the field (saved before it existed) still reads Swiss from CHF
    data = copy.deepcopy(preset("n-monday"))
    del data["format"]["region"]
    state = replay(1, [(1, Event("tournament_created", {"name": "T", "preset": data}))])
    assert public_view(state, 0)["region"] == "CH"


def test_money_in_the_three_locales():
    assert money_text(3750, "CHF", "de", "CH") == "3'750 CHF"
    assert money_text(3750, "EUR", "de", "DE") == "3.750 €"
    assert money_text(3750, "CHF", "en", "CH") == "3,750 CHF"
    assert money_text(3750, "EUR", "en", "DE") == "3,750 €"
    assert money_text(75.5, "EUR", "de", "DE") == "75,50 €"
    assert money_text(1234567.5, "CHF", "de", "CH") == "1'234'567.50 CHF"
    assert money_text(151, "CHF") == "151 CHF"
    assert money_text(-20, "CHF", "de", "CH") == "-20 CHF"
    assert number_text(3750, "de", "CH") == "3'750" and number_text(3750, "de", "DE") == "3.750"
    assert number_text(3750) == "3,750"


def test_payout_texts_group_thousands():
    """N-3.7: the winner of a 44-player Monday is paid 1,870 CHF: the printouts group it."""
    from backend.read.locale_format import money_text

    assert money_text(1870, "CHF") == "1,870 CHF"


def test_swiss_german_writes_ss_in_the_apps_words_never_in_a_name():
    """A Noohn night reads in Swiss German: the review list's "Check-in schliessen"; a player's name
    keeps its ß (Anna Weiß)."""
    from backend.read.audit import describe_command

    assert describe_command("close_check_in", {}, "de", lambda i: "?", "CH") == "Check-in schliessen"
    assert describe_command("close_check_in", {}, "de", lambda i: "?", "DE") == "Check-in schließen"
    assert "Weiß" in describe_command("check_in", {"entry_id": 1}, "de", lambda i: "Anna Weiß", "CH")
