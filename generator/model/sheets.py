"""The designer's spreadsheet as it is: ``items_from:`` reads a ``.xlsx`` (openpyxl; the values last
computed for formulas), ``.csv`` or ``.tsv`` into rows, each cell remembering where it is
(``deck.xlsx:Deck!R12 (Art)``, ``deck.csv:12 (Art)``).

Headers are kept as written. A header that names an item key, in any case (``Name``, ``COUNT``,
``Back.Title``), or one mapped under ``columns:``, fills that key; every other column is only a field
for ``{{ expressions }}``. Empty cells are empty texts; a whole number reads as a number (``3``, not
``3.0``), and so does a text written as one (``12``, ``-1.5``), but not one with a leading zero
(``0604`` stays a text, a hex address).

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "deck.csv").write_text("Name,Qty,Effect text\\nScout,2,Draw 1\\n")
>>> errs = []
>>> table = read_table(d, "deck.csv", None, ("game.yaml", 3), errs)
>>> errs, table.headers, table.rows[0].cells, table.rows[0].place
([], ['Name', 'Qty', 'Effect text'], ['Scout', '2', 'Draw 1'], 'deck.csv:2')
"""

from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from ..base.errors import DataError, show
from ..source.yamlsrc import NOT_PRINTABLE

NUL_STAND_IN = "\ufdd0"  # a noncharacter: what a NUL in a CSV is read as (see read_text_rows)

MAX_BYTES = 4 * 1024 * 1024  # a sheet's file
MAX_ROWS = 10_000
MAX_COLUMNS = 200
MAX_SCANNED = 5 * MAX_ROWS  # rows looked at, empty ones included (an .xlsx may claim a million)
MAX_CELL = 5_000  # characters in one cell (a text field's limit)
# An .xlsx is a zip of XML parts: what it unpacks to is bounded before openpyxl reads any of it (a
# 4 MB workbook may hold gigabytes). zipfile never gives more of a part than its declared size.
MAX_PARTS = 1_000  # files in the zip
MAX_PART_BYTES = 8 * 1024 * 1024  # one part unpacked (a 10,000-row sheet of 10 columns: about 4 MB)
MAX_UNPACKED = 32 * 1024 * 1024  # every part together
MAX_SHEETS = 256
_SHEET_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?sheet[\s/>]")
SUFFIXES = (".xlsx", ".xlsm", ".csv", ".tsv", ".txt")
_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")
_CONTROL = NOT_PRINTABLE  # the characters a YAML text may not hold either (C0, C1, surrogates, U+FFFE)


@dataclass
class Row:
    """One row: its cells in header order and where it is: ``deck.csv`` line 12, or
    ``deck.xlsx:Deck!R12`` (line 0: the row is in the name)."""

    file: str
    line: int
    cells: list[Any]

    @property
    def place(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@dataclass
class Table:
    name: str  # the file as shown in messages
    headers: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)


def field_value(raw: Any) -> Any:
    """A cell as an expression sees it: text, a number, or true/false; empty cells are ''."""
    if raw is None:
        return ""
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float):
        if not math.isfinite(raw):
            return str(raw)
        return int(raw) if raw.is_integer() and abs(raw) < 1e15 else raw
    if isinstance(raw, datetime):
        return raw.date().isoformat() if raw.time() == time(0) else raw.isoformat(sep=" ")
    if isinstance(raw, (date, time)):
        return raw.isoformat()
    text = str(raw)
    stripped = text.strip()
    if _NUMBER.fullmatch(stripped):
        number = float(stripped)
        if not math.isfinite(number):  # 400 digits: a text, which a number's check then refuses at its row
            return text
        return int(stripped) if "." not in stripped else number
    return text


def resolve_inside(folder: Path, name: str) -> Path | None:
    """``name`` inside the game folder, or None when it leads out of it."""
    root = folder.resolve()
    path = (root / name).resolve()
    try:
        path.relative_to(root)
    except ValueError:
        return None
    return path


def sheet_file(folder: Path, name: str, where: tuple[str, int], errors: list[DataError], key: str) -> Path | None:
    """The sheet ``name`` in the game folder, if it is there and small enough to read; else None, and
    the reason (at the line of the YAML ``key`` that names it) in ``errors``."""
    path = resolve_inside(folder, name)
    if path is None:
        errors.append(DataError(f"{key}: {name!r} leads outside the game folder; keep the sheet inside it", *where))
        return None
    try:
        if not path.is_file():
            errors.append(DataError(f"{key}: no file {show(name)} in the game folder", *where))
            return None
        size = path.stat().st_size
    except OSError as exc:  # a name too long for the file system
        errors.append(DataError(f"{key}: cannot read {show(name)}: {exc.strerror}", *where))
        return None
    if size > MAX_BYTES:
        errors.append(DataError(f"{key}: {name} is larger than {MAX_BYTES // (1024 * 1024)} MB", *where))
        return None
    return path


def read_table(folder: Path, name: str, sheet: str | None, where: tuple[str, int],
               errors: list[DataError], key: str = "items_from") -> Table | None:
    """The rows of ``name`` (in ``folder``); None (and the reason in ``errors``, which names the YAML
    ``key`` that gave the file) when it cannot be read."""
    yaml_file, yaml_line = where
    low = name.lower()
    if not low.endswith(SUFFIXES):
        hint = " (save it as .xlsx)" if low.endswith((".xls", ".ods", ".numbers")) else ""
        errors.append(DataError(f"{key}: {name!r} should be a .xlsx, .csv or .tsv file{hint}", *where))
        return None
    path = sheet_file(folder, name, where, errors, key)
    if path is None:
        return None
    shown = name
    if low.endswith((".xlsx", ".xlsm")):
        return _read_xlsx(path, shown, sheet, where, errors, key)
    if sheet is not None:
        errors.append(DataError(f"{key}: sheet: names a worksheet of an .xlsx; {name} is a text file",
                                yaml_file, yaml_line))
        return None
    return _read_text(path, shown, errors)


def _read_text(path: Path, shown: str, errors: list[DataError]) -> Table | None:
    rows = read_text_rows(path, shown, errors)
    if rows is None:
        return None
    if not rows or not rows[0].cells:
        errors.append(DataError("the sheet is empty: its first row names the columns", shown, 1))
        return None
    table = Table(shown)
    table.headers = [h.strip() for h in rows[0].cells]
    table.rows = [row for row in rows[1:] if any(c.strip() for c in row.cells)]
    return table


def read_text_rows(path: Path, shown: str, errors: list[DataError], blank: bool = False) -> list[Row] | None:
    """Every row of a .csv or .tsv file (the separator of a .csv is the commonest of ``,``, ``;`` and tab in
    its first line) with its line; None (and the reason in ``errors``) when it cannot be read. ``blank``:
    keep the empty rows (a cells map's), else they are skipped and do not count against the limit."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        errors.append(DataError(f"not UTF-8 text (byte {exc.start}); save the sheet as \"CSV UTF-8\"", shown, 1))
        return None
    if shown.lower().endswith(".tsv"):
        delimiter = "\t"
    else:
        first = text.split("\n", 1)[0]
        delimiter = ";" if first.count(";") > first.count(",") else "\t" if first.count("\t") > first.count(",") \
            else ","
    # Python 3.10's csv refuses a NUL ("line contains NUL"), 3.11's reads it: carried through as a
    # stand-in, a NUL reaches the cell's own check on every Python, which says where it is
    nul = "\x00" in text
    if nul:
        text = text.replace("\x00", NUL_STAND_IN)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[Row] = []
    start = 1
    try:
        for row in reader:
            line, start = start, reader.line_num + 1
            if len(row) > MAX_COLUMNS and any(c.strip() for c in row[MAX_COLUMNS:]):
                errors.append(DataError(f"a row of {len(row):,} cells; a sheet has at most {MAX_COLUMNS} columns "
                                        f"(see Limits in docs/data-format.md)", shown, line))
                return None
            if not blank and not any(c.strip() for c in row) and rows:
                continue
            if len(rows) > MAX_ROWS:
                errors.append(DataError(f"more than {MAX_ROWS:,} rows, the limit of one sheet (see Limits in "
                                        f"docs/data-format.md); split the sheet", shown, line))
                return None
            rows.append(Row(shown, line, [c.replace(NUL_STAND_IN, "\x00") for c in row] if nul else list(row)))
    except csv.Error as exc:  # a cell over csv's own limit, a NUL byte...
        said = f"a cell of over {csv.field_size_limit():,} characters; at most {MAX_CELL:,}" \
            if "field limit" in str(exc) else f"cannot read this row: {exc}"
        errors.append(DataError(said, shown, reader.line_num))
        return None
    return rows


def workbook_problem(path: Path) -> str | None:
    """Why the workbook at ``path`` is not read (what it would unpack to is over a limit, or it is not a
    zip), naming the part; None when it may be read. Only the zip's directory and the workbook part
    (itself bounded) are looked at."""
    import zipfile  # an .xlsx only

    try:
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            if len(infos) > MAX_PARTS:
                return f"it holds {len(infos):,} parts; at most {MAX_PARTS:,}"
            total = 0
            for info in infos:
                if info.file_size > MAX_PART_BYTES:
                    return (f"its part {show(info.filename)} unpacks to {info.file_size / 2**20:,.1f} MB; a part may "
                            f"unpack to {MAX_PART_BYTES // 2**20} MB")
                total += info.file_size
            if total > MAX_UNPACKED:
                return f"it unpacks to {total / 2**20:,.1f} MB; at most {MAX_UNPACKED // 2**20} MB"
            names = {info.filename for info in infos}
            if "xl/workbook.xml" in names:
                sheets = len(_SHEET_TAG.findall(z.read("xl/workbook.xml")))
                if sheets > MAX_SHEETS:
                    return f"its part 'xl/workbook.xml' lists {sheets:,} worksheets; at most {MAX_SHEETS}"
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, RuntimeError,
            NotImplementedError) as exc:
        return f"it is not a workbook ({type(exc).__name__}: {show(str(exc))})"
    return None


def _read_xlsx(path: Path, shown: str, sheet: str | None, where: tuple[str, int],
               errors: list[DataError], key: str = "items_from") -> Table | None:
    problem = workbook_problem(path)
    if problem is not None:
        errors.append(DataError(f"{key}: cannot read {shown}: {problem} (see Limits in docs/data-format.md)",
                                *where))
        return None
    book = _open_book(path, shown, where, errors, key, values=True)
    if book is None:
        return None
    try:
        ws = _pick_sheet(book, shown, sheet, where, errors, key)
        if ws is None:
            return None
        table = _sheet_table(ws, shown, errors)
    except Exception as exc:  # a damaged part found while reading rows
        errors.append(DataError(f"cannot read {shown}: {type(exc).__name__}: {show(str(exc))}", *where))
        return None
    finally:
        book.close()
    if table is not None and _holds_formulas(path):
        _formulas_without_values(path, shown, sheet, table, errors)
    return table


def _open_book(path: Path, shown: str, where: tuple[str, int], errors: list[DataError], key: str,
               values: bool) -> Any:
    """openpyxl's read-only workbook (``values``: each formula's value as last computed, else the
    formula), or None with the reason in ``errors``."""
    import zipfile  # an .xlsx only: openpyxl loaded for it

    import openpyxl

    try:
        return openpyxl.load_workbook(path, read_only=True, data_only=values)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError, TypeError, IndexError, AttributeError) as exc:
        errors.append(DataError(f"cannot read {shown} as an .xlsx workbook ({type(exc).__name__}: "
                                f"{show(str(exc))}); save it again from the spreadsheet", *where))
    except Exception as exc:  # openpyxl's own (InvalidFileException, a bad XML part...)
        errors.append(DataError(f"cannot read {shown} as an .xlsx workbook ({type(exc).__name__}); save it "
                                f"again from the spreadsheet", *where))
    return None


def _pick_sheet(book: Any, shown: str, sheet: str | None, where: tuple[str, int], errors: list[DataError],
                key: str) -> Any:
    names = book.sheetnames
    if sheet is not None and sheet not in names:
        errors.append(DataError(f"{key}: {shown} has no worksheet {sheet!r} (it has "
                                f"{', '.join(repr(n) for n in names)})", *where))
        return None
    if not names:
        errors.append(DataError(f"{shown} has no worksheet", *where))
        return None
    return book[sheet] if sheet is not None else book.worksheets[0]


def _filled(row: tuple) -> bool:
    return any(c not in (None, "") and not (isinstance(c, str) and not c.strip()) for c in row)


def _sheet_table(ws: Any, shown: str, errors: list[DataError]) -> Table | None:
    """The worksheet's header (its first row holding anything) and the rows after it that hold anything."""
    title = ws.title
    table = Table(shown)
    header = None
    for number, row in enumerate(ws.iter_rows(values_only=True, max_col=MAX_COLUMNS + 1), start=1):
        if number > MAX_SCANNED:
            break
        if header is None:
            if not any(c not in (None, "") for c in row):
                continue
            if len(row) > MAX_COLUMNS and row[MAX_COLUMNS] is not None:
                errors.append(DataError(f"more than {MAX_COLUMNS} columns", f"{shown}:{title}!R{number}"))
                return None
            header = [("" if c is None else str(c)).strip() for c in row]
            table.headers = header
        elif _filled(row):
            if len(table.rows) >= MAX_ROWS:
                errors.append(DataError(f"more than {MAX_ROWS:,} rows; split the sheet", f"{shown}:{title}!R{number}"))
                return None
            table.rows.append(Row(f"{shown}:{title}!R{number}", 0, list(row)))
    if header is None:
        errors.append(DataError("the sheet is empty: its first row names the columns", f"{shown}:{title}!R1"))
        return None
    return table


_FORMULA = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?f[\s/>]")


def _holds_formulas(path: Path) -> bool:
    """Whether any worksheet of the workbook holds a formula (its parts are bounded: workbook_problem)."""
    import zipfile  # an .xlsx only

    with zipfile.ZipFile(path) as z:
        return any(_FORMULA.search(z.read(info)) for info in z.infolist()
                   if info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml"))


def _formulas_without_values(path: Path, shown: str, sheet: str | None, table: Table,
                             errors: list[DataError]) -> None:
    """A formula saved without its computed value (openpyxl and some exporters write them so) reads as
    an empty cell: each one in the table's rows is said at its cell, with what to do."""
    book = _open_book(path, shown, (shown, 0), [], "items_from", values=False)
    if book is None:
        return
    try:
        ws = book[sheet] if sheet is not None else book.worksheets[0]
        rows = {row.file: row for row in table.rows}
        for number, formulas in enumerate(ws.iter_rows(values_only=True, max_col=MAX_COLUMNS), start=1):
            row = rows.get(f"{shown}:{ws.title}!R{number}")
            if number > MAX_SCANNED or row is None:
                continue
            for i, formula in enumerate(formulas):
                if isinstance(formula, str) and formula.startswith("=") and i < len(row.cells) and row.cells[i] is None:
                    head = table.headers[i] if i < len(table.headers) and table.headers[i] else f"column {i + 1}"
                    errors.append(DataError(f"a formula ({show(formula, 40)}) saved without its value, which reads as "
                                            f"an empty cell; open the workbook in a spreadsheet program and save it "
                                            f"again (that computes it)", f"{row.file} ({head})"))
    except Exception:  # noqa: BLE001 - this second reading only adds a note; the first said any damage
        pass
    finally:
        book.close()


def cell_problem(value: Any) -> str | None:
    """A cell no value may hold: too long, or with control characters."""
    if isinstance(value, str):
        if len(value) > MAX_CELL:
            return f"a cell of {len(value):,} characters; at most {MAX_CELL:,}"
        if _CONTROL.search(value):
            ch = _CONTROL.search(value).group(0)  # type: ignore[union-attr]
            kind = "a control character" if ord(ch) < 0xA0 else "a character that is not text"
            return f"{kind} (U+{ord(ch):04X}) in the cell"
    return None
