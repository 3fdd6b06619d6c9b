"""Text for spreadsheets: a cell Excel, LibreOffice or Google Sheets would read as a formula is
made plain text, in the CSV and in the .xlsx files alike (OWASP "CSV injection")."""

from __future__ import annotations

# What a spreadsheet starts a formula with (or DDE with, after a tab or carriage return).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def formula_safe(value: object) -> object:
    """Text a spreadsheet would run as a formula (a player named "=HYPERLINK(…)") gets a leading
    apostrophe, which every spreadsheet reads as "this is text"; None is an empty cell."""
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in FORMULA_STARTS:
        return "'" + value
    return value
