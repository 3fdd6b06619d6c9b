"""Excel workbooks (.xlsx, written with openpyxl) for a club's treasurer and league manager
(docs/exports.md). A `Sheet` is a table with typed columns; `workbook` writes it so a spreadsheet
gets real numbers, amounts with the currency's number format and real dates, a frozen header row,
a filter on it and columns wide enough to read. Text never becomes a formula: openpyxl stores any
string starting with "=" as one, so every text cell is first made safe as the CSV is (cells.py)
and then typed as a string."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any, NamedTuple

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from .cells import formula_safe

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
KINDS = ("text", "int", "money", "date")
DATE_FORMATS = {"de": "DD.MM.YYYY", "en": "YYYY-MM-DD"}
INT_FORMAT = "0"
# Excel's limits on a sheet's name: 31 characters, none of []:*?/\, not blank, no apostrophe at
# either end, unique regardless of case, and "History" is its own.
TITLE_MAX = 31
TITLE_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")
RESERVED_TITLES = {"history"}
WIDTH_MIN, WIDTH_MAX = 6, 48
BOLD = Font(bold=True)


class Money(NamedTuple):
    """An amount in a currency other than the sheet's (the season's summary: a club may play in CHF
    and in EUR)."""

    amount: float
    unit: str


@dataclass(frozen=True)
class Column:
    header: str
    kind: str = "text"  # one of KINDS

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"column kind {self.kind!r} is not one of {KINDS}")


@dataclass
class Sheet:
    """One sheet: a header row, data rows and, below them in bold, totals (numbers, no formulas)."""

    title: str
    columns: list[Column]
    rows: list[list[Any]]
    unit: str = ""  # of the money columns' plain numbers: "CHF", "€" (read.locale_format.currency_unit)
    totals: list[list[Any]] = field(default_factory=list)


def money_format(unit: str) -> str:
    """'#,##0.00 "CHF"': the amount stays a number, the unit is in the format (never in the cell)."""
    unit = unit.replace('"', "").replace("\\", "")
    return f'#,##0.00 "{unit}"' if unit else "#,##0.00"


def sheet_title(wanted: str, taken: set[str]) -> str:
    """A name Excel accepts for a sheet, unique among `taken` (case aside), which it joins."""
    plain = " ".join(TITLE_FORBIDDEN.sub(" ", ILLEGAL_CHARACTERS_RE.sub("", wanted)).split()).strip("'").strip()
    base = plain or "Sheet"
    if base.casefold() in RESERVED_TITLES:
        base += " 1"
    folded = {t.casefold() for t in taken}
    title, n = base[:TITLE_MAX].rstrip(), 2
    while title.casefold() in folded:
        suffix = f" ({n})"
        title = base[: TITLE_MAX - len(suffix)].rstrip() + suffix
        n += 1
    taken.add(title)
    return title


def _text(value: Any) -> str:
    """The text as a cell holds it: safe from formulas, without the control characters XML cannot carry."""
    return ILLEGAL_CHARACTERS_RE.sub("", str(formula_safe(value)))


def _typed(column: Column, value: Any, unit: str, lang: str) -> tuple[float | int | date, str, str] | None:
    """(value, number format, how wide it shows) for a number or a date, None for text."""
    if column.kind == "money" and isinstance(value, Money):
        return value.amount, money_format(value.unit), f"{value.amount:,.2f} {value.unit}"
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if column.kind == "money" and number:
        return value, money_format(unit), f"{value:,.2f} {unit}"
    if column.kind == "date" and isinstance(value, date):
        return value, DATE_FORMATS[lang], DATE_FORMATS[lang]
    if column.kind == "int" and number:
        return value, INT_FORMAT, str(value)
    return None


def _write(ws: Worksheet, row: int, columns: list[Column], values: list[Any], unit: str, lang: str) -> list[int]:
    """One row; returns the width each cell needs (in characters)."""
    widths = []
    for col, (column, value) in enumerate(zip(columns, values, strict=True), start=1):
        if value is None or value == "":
            widths.append(0)  # an empty cell
            continue
        cell = ws.cell(row=row, column=col)
        typed = _typed(column, value, unit, lang)
        if typed is None:
            text = _text(value)
            cell.value = text
            cell.data_type = "s"  # never a formula, whatever the text (openpyxl types "=…" as one)
            widths.append(len(text))
            continue
        cell.value, cell.number_format, shown = typed
        widths.append(len(shown))
    return widths


def workbook(sheets: list[Sheet], lang: str) -> bytes:
    """The .xlsx file's bytes: one worksheet per Sheet, in order."""
    wb = Workbook()
    for empty in wb.worksheets:  # a new workbook's one empty sheet
        wb.remove(empty)
    wb.properties.creator = "pokerfloor"
    taken: set[str] = set()
    for sheet in sheets:
        ws = wb.create_sheet(sheet_title(sheet.title, taken))
        widths = [len(c.header) for c in sheet.columns]
        for col, column in enumerate(sheet.columns, start=1):
            cell = ws.cell(row=1, column=col, value=_text(column.header))
            cell.data_type = "s"
            cell.font = BOLD
        last = len(sheet.rows) + 1
        for i, values in enumerate(sheet.rows + sheet.totals, start=2):
            needed = _write(ws, i, sheet.columns, values, sheet.unit, lang)
            widths = [max(a, b) for a, b in zip(widths, needed, strict=True)]
            if i > last:  # a totals row
                for col in range(1, len(sheet.columns) + 1):
                    ws.cell(row=i, column=col).font = BOLD
        ws.freeze_panes = "A2"  # the header stays in view while scrolling
        if sheet.columns:
            ws.auto_filter.ref = f"A1:{get_column_letter(len(sheet.columns))}{last}"
        for col, width in enumerate(widths, start=1):
            ws.column_dimensions[get_column_letter(col)].width = min(max(width + 2, WIDTH_MIN), WIDTH_MAX)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
