"""A player list from Excel or Google Sheets, read into registration rows.

Only reading happens here: which names are duplicates and who goes onto the waiting list is the
engine's decision (`engine/registration.py: admit`), the same one a typed registration gets.
Excel writes Windows-1252 with `;` in German locales, Sheets UTF-8 with `,`; some add a BOM.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

MAX_BYTES = 256 * 1024
MAX_LINES = 2000
MAX_NAME = 80
# What the API refuses in a name (api/schemas.py text_problem): control characters and lone surrogates.
TEXT_PROBLEM = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")

# Header names, compared without case, spaces, '-', '_' and '.'.
NAME_COLUMNS = {"name", "spieler", "player", "spielername", "playername", "teilnehmer"}
FIRST_COLUMNS = {"vorname", "firstname", "first"}
LAST_COLUMNS = {"nachname", "lastname", "last", "familienname", "surname"}
FLAG_COLUMNS = {
    "prepaid": {"prepaid", "bezahlt", "vorausbezahlt", "paid"},
    "accessible": {"accessible", "barrierefrei", "rollstuhl", "wheelchair"},
    "id_checked": {"idchecked", "ausweis", "ausweisgeprüft", "idgeprüft", "idok"},
    "present": {"present", "checkedin", "anwesend", "eingecheckt"},
}
YES = {"ja", "j", "yes", "y", "1", "x", "true", "wahr", "✓", "✔"}
NO = {"", "nein", "n", "no", "0", "false", "falsch", "-"}


# Words that begin a family name ("Jan van der Berg", "Otto von Bismarck"), when not the first word.
NAME_PARTICLES = {"van", "von", "vom", "zu", "zum", "zur", "de", "del", "della", "der", "den", "di", "da", "dos", "du"}
NAME_PARTICLES |= {"la", "le", "ten", "ter", "mac", "af"}


def split_name(name: str) -> tuple[str, str]:
    """(first name, family name) of a name the desk typed or imported: the reverse of the import,
    which joins a "Vorname" and a "Nachname" column with a space. "Müller, Anna" names the family
    first; otherwise the family name is the last word, or starts at a particle ("Jan van der
    Berg"); a single word is a family name (as the desk's lists sort it, pwa/src/ui/names.ts)."""
    text = " ".join(str(name).split())
    if "," in text:
        family, _, first = text.partition(",")
        return first.strip(), family.strip()
    words = text.split(" ")
    if len(words) < 2:
        return "", text
    start = next((i for i in range(1, len(words) - 1) if words[i].casefold() in NAME_PARTICLES), len(words) - 1)
    return " ".join(words[:start]), " ".join(words[start:])


class CsvProblem(Exception):
    """The whole file is refused (nothing is imported): field and reason for the error answer."""

    def __init__(self, error: str, message: str, field: str = "file"):
        super().__init__(message)
        self.error, self.message, self.field = error, message, field


@dataclass
class Parsed:
    rows: list[dict] = field(default_factory=list)  # {line, name, prepaid?, accessible?, ...}
    rejected: list[dict] = field(default_factory=list)  # {line, name, error, reason, field, params}


def _key(header: str) -> str:
    return re.sub(r"[\s\-_.]", "", header.strip().casefold())


def decode(data: bytes) -> str:
    if not data.strip():
        raise CsvProblem(
            "empty_file", "The file is empty: it needs a header row with a name column and one player per line."
        )
    if len(data) > MAX_BYTES:
        raise CsvProblem(
            "file_too_big",
            f"The file is {len(data) // 1024} KB; at most {MAX_BYTES // 1024} KB "
            f"({MAX_LINES} players) can be imported at once.",
        )
    if b"\x00" in data:
        raise CsvProblem("not_csv", "This is not a text file (CSV): save the list as CSV from Excel or Google Sheets.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")  # Excel's "CSV" on Windows
        except UnicodeDecodeError:
            raise CsvProblem("not_csv", "The file is neither UTF-8 nor Windows-1252 text: save it as CSV.") from None
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\r\n")
    if controls > 0:
        raise CsvProblem("not_csv", "This is not a text file (CSV): save the list as CSV from Excel or Google Sheets.")
    return text


def _delimiter(header_line: str) -> str:
    """The separator the header uses most: ';' (Excel, German), ',' (Sheets) or a tab."""
    counts = {d: header_line.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _columns(header: list[str]) -> dict:
    keys = [_key(h) for h in header]

    def find(names: Iterable[str]) -> int | None:
        return next((i for i, k in enumerate(keys) if k in names), None)

    cols = {"name": find(NAME_COLUMNS), "first": find(FIRST_COLUMNS), "last": find(LAST_COLUMNS)}
    if cols["name"] is None and cols["first"] is None and cols["last"] is None:
        raise CsvProblem(
            "missing_name_column",
            "line 1: missing column name (a column 'Name', 'Spieler' or 'Player', or 'Vorname' "
            "and 'Nachname'); nothing was imported.",
            "name",
        )
    cols.update({flag: find(names) for flag, names in FLAG_COLUMNS.items()})
    return cols


def _cell(cells: list[str], index: int | None) -> str:
    return " ".join(cells[index].split()) if index is not None and index < len(cells) else ""


def _flag(value: str) -> bool | None:
    v = value.strip().casefold()
    return True if v in YES else False if v in NO else None


def parse(data: bytes) -> Parsed:
    text = decode(data)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text.split("\n", 1)[0]))
    try:
        header = next(reader)
    except (StopIteration, csv.Error):
        raise CsvProblem("empty_file", "The file has no header row.") from None
    cols = _columns(header)
    out = Parsed()
    try:
        for cells in reader:
            if not any(c.strip() for c in cells):
                continue  # blank lines at the end of a sheet
            if len(out.rows) + len(out.rejected) >= MAX_LINES:
                raise CsvProblem("too_many_lines", f"At most {MAX_LINES} players can be imported at once.")
            _row(out, reader.line_num, cells, cols)
    except csv.Error as err:
        raise CsvProblem("not_csv", f"line {reader.line_num}: the file is not valid CSV ({err}).") from None
    return out


def _row(out: Parsed, line: int, cells: list[str], cols: dict) -> None:
    name = _cell(cells, cols["name"]) or " ".join(
        x for x in (_cell(cells, cols["first"]), _cell(cells, cols["last"])) if x
    )
    if not name:
        out.rejected.append(
            {
                "line": line,
                "name": "",
                "field": "name",
                "error": "name_required",
                "reason": "no name",
                "params": {"variant": "line"},
            }
        )
        return
    if len(name) > MAX_NAME:
        out.rejected.append(
            {
                "line": line,
                "name": name[:MAX_NAME] + "…",
                "field": "name",
                "error": "name_too_long",
                "reason": f"the name is longer than {MAX_NAME} characters",
                "params": {"max": MAX_NAME},
            }
        )
        return
    if TEXT_PROBLEM.search(name):  # C1 controls and DEL pass decode(): the API would refuse them
        shown = TEXT_PROBLEM.sub("\ufffd", name)
        out.rejected.append(
            {
                "line": line,
                "name": shown,
                "field": "name",
                "error": "invalid_text",
                "reason": "the name contains control characters or is not valid text",
                "params": {},
            }
        )
        return
    row = {"line": line, "name": name}
    for flag in FLAG_COLUMNS:
        value = _cell(cells, cols[flag])
        yes = _flag(value)
        if yes is None:
            out.rejected.append(
                {
                    "line": line,
                    "name": name,
                    "field": flag,
                    "error": "invalid_flag",
                    "reason": f"{flag} '{value}' is not yes or no (ja/yes/1/x or empty/nein/no/0)",
                    "params": {"flag": flag, "value": value},
                }
            )
            return
        if yes:
            row[flag] = True
    out.rows.append(row)
