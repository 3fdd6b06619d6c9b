"""Numbers and money as the phones write them (pwa/src/i18n/format.ts), for printouts and texts.

The region comes from the preset's `format.region` ("CH", "DE"), else from the currency (CHF → CH,
EUR → DE), else Germany. English groups with "," and German by region: de-CH "3'750", de-DE
"3.750". Money is "<amount> <unit>": € for EUR, else the code; whole amounts without decimals,
others to the cent.
"""

from __future__ import annotations

import unicodedata
from typing import SupportsFloat

DEFAULT_REGION = "DE"
CURRENCY_REGION = {"CHF": "CH", "EUR": "DE"}
CURRENCY_SIGN = {"EUR": "€"}
# (group, decimal) per German-speaking region; English is ("," ".").
GERMAN_SEPARATORS = {"CH": ("'", "."), "LI": ("'", "."), "DE": (".", ","), "AT": ("\u00a0", ",")}


def region_of(fmt: dict | None) -> str:
    fmt = fmt or {}
    region = str(fmt.get("region") or "").upper()
    if len(region) == 2 and region.isalpha():
        return region
    return CURRENCY_REGION.get(str(fmt.get("currency") or "").upper(), DEFAULT_REGION)


def _separators(lang: str, region: str) -> tuple[str, str]:
    if lang != "de":
        return ",", "."
    return GERMAN_SEPARATORS.get(region, GERMAN_SEPARATORS[DEFAULT_REGION])


def number_text(value: float, lang: str = "en", region: str = DEFAULT_REGION, decimals: int = 0) -> str:
    """3750 → "3,750" / de-CH "3'750" / de-DE "3.750"; with decimals, to that many places."""
    group, point = _separators(lang, region)
    text = f"{abs(value):,.{decimals}f}"
    whole, _, frac = text.partition(".")
    out = whole.replace(",", group) + (point + frac if frac else "")
    return ("-" if value < 0 else "") + out


def currency_unit(currency: str | None) -> str:
    code = (currency or "").strip()
    return CURRENCY_SIGN.get(code.upper(), code)


def money_text(
    amount: SupportsFloat | None, currency: str | None, lang: str = "en", region: str = DEFAULT_REGION
) -> str:
    """151 CHF → "151 CHF"; 3750 in de-CH "3'750 CHF", de-DE EUR "3.750 €"; 75.5 → "75.50 …"."""
    if amount is None:
        return ""
    value = float(amount)
    whole = abs(value - round(value)) < 1e-9
    text = number_text(round(value) if whole else value, lang, region, 0 if whole else 2)
    unit = currency_unit(currency)
    return f"{text} {unit}" if unit else text


def _strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def fold(text: str) -> str:
    """ "Weiß Céline" → "weiss celine": as pwa/src/ui/search.ts folds what the desk types."""
    return " ".join(_strip_accents(str(text).casefold()).split())


def search_forms(name: str) -> list[str]:
    """The forms a name is found by: folded ("krahen") and with umlauts spelled out ("kraehen")."""
    lower = unicodedata.normalize("NFC", str(name).casefold())
    spelled = " ".join(_strip_accents(lower.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")).split())
    plain = fold(lower)
    return [plain] if plain == spelled else [plain, spelled]


def name_matches(name: str, query: str) -> bool:
    q = fold(query)
    return not q or any(q in form for form in search_forms(name))


def spelled(template: str, lang: str, region: str | None) -> str:
    """Swiss German writes "ss" where German writes "ß" ("Check-in schliessen"): the app's own
    words only — a template, never a player's name filled into it."""
    return template.replace("ß", "ss") if lang == "de" and region == "CH" else template
