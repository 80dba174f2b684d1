"""Items from a spreadsheet: ``items_csv: oob.csv`` (or ``.tsv``) on a component.

A row is an item; the first row names the columns, each named like an item key (``name``, ``value``,
``footer``, ``count`` ...), or ``back.KEY`` for a key of the item's back (``back.title``). ``count``
is optional (1 when the column is missing or the cell is empty); an empty cell leaves its key out,
so the component's ``face:`` (or ``back:``) gives it. Python's :mod:`csv` module reads the file, so
quoted cells may hold commas and line breaks as any spreadsheet writes them. Every row becomes a
mapping that remembers its file and line, and is checked against the same item schema as YAML items:
a bad cell is reported as ``oob.csv:17: column 'count': ...``.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "oob.csv").write_text("name,footer,back.footer,count\\nRifles,4-3-4,2-3-4,2\\n")
>>> errs = []
>>> rows = read_items(d, "oob.csv", "game.yaml", 5, errs)
>>> errs, rows[0]["footer"], rows[0]["back"]["footer"], rows[0]["count"], rows[0].line
([], '4-3-4', '2-3-4', 2, 2)
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any

from ..base.errors import DataError
from ..source.schema import OneOf, Scalar, check
from ..source.yamlsrc import LIMITS, YList, YMap, text_problem
from . import format as fmt
from .sheets import read_text_rows, sheet_file

NOT_IN_CELLS = ("sections", "elements")  # lists of mappings: keep those in YAML
TRUE = {"true", "yes", "y", "1", "x"}
FALSE = {"false", "no", "n", "0", ""}


def _columns() -> dict[str, Any]:
    """Every column a sheet may have: item keys, and back.KEY for each face key."""
    item_keys = {k: v.schema for k, v in fmt.ITEM.keys.items() if k != "back"}
    face_keys = dict(fmt.FACE.keys)
    cols = dict(item_keys)
    for key, spec in face_keys.items():
        cols[f"back.{key}"] = spec.schema
    return cols


def _cell(text: str, schema: Any) -> Any:
    """A cell's text as the value YAML would have given for this key."""
    if isinstance(schema, Scalar):
        if schema.name in ("count", "whole number"):
            try:
                return int(text.strip())
            except ValueError:
                return text
        if schema.name in ("number", "size in mm", "position in mm"):
            try:
                value = float(text.strip())
            except ValueError:
                return text
            return int(value) if value.is_integer() else value
        if schema.name == "true/false":
            low = text.strip().lower()
            return True if low in TRUE else False if low in FALSE else text
    if isinstance(schema, OneOf) and all(isinstance(o, Scalar) for o in schema.options):
        return text
    return text


def read_items(folder: Path, name: str, yaml_file: str, yaml_line: int, errors: list[DataError]) -> YList:
    """The items of ``name`` (a .csv or .tsv file in ``folder``) as checked item mappings, read by the
    one reader of every sheet (:func:`generator.model.sheets.read_text_rows`)."""
    out = YList()
    out.file, out.line = yaml_file, yaml_line
    if not name.lower().endswith((".csv", ".tsv", ".txt")):
        errors.append(DataError(f"items_csv: {name!r} should be a .csv or .tsv file (save the spreadsheet "
                                f"as CSV)", yaml_file, yaml_line))
        return out
    path = sheet_file(folder, name, (yaml_file, yaml_line), errors, "items_csv")
    if path is None:
        return out
    shown = _display(path)
    rows = read_text_rows(path, shown, errors)
    if rows is None:
        return out
    header = rows[0].cells if rows else []
    if not header or not any(c.strip() for c in header):
        errors.append(DataError("the sheet is empty: its first row names the columns (name, count, ...)", shown, 1))
        return out
    if not all(check_cell(cell, shown, 1, f"header cell {i + 1}", errors) for i, cell in enumerate(header)):
        return out
    columns = _columns()
    names = [h.strip() for h in header]
    good = _good_columns(names, columns, shown, errors)
    if any(e.file == shown for e in errors):
        return out
    for row in rows[1:]:
        if len(row.cells) > len(names) and any(c.strip() for c in row.cells[len(names):]):
            errors.append(DataError(f"this row has {len(row.cells)} cells but the header names {len(names)} "
                                    f"columns", shown, row.line))
            continue
        before = len(errors)
        item = _row_item(row.cells, good, columns, shown, row.line, errors)
        if len(errors) > before:
            continue  # reported; a bad row is not built
        out.append(item)
        out.item_lines.append(row.line)
    if not out and not any(e.file == shown for e in errors):
        errors.append(DataError("the sheet has a header but no rows", shown, 1))
    return out


def _good_columns(names: list[str], columns: dict[str, Any], shown: str, errors: list[DataError]) -> list[tuple[int, str]]:
    """The header's columns that fill an item key (by their place in the row); the others refused."""
    good: list[tuple[int, str]] = []
    for i, col in enumerate(names):
        if col == "":
            continue
        if col in NOT_IN_CELLS or col.startswith("back.") and col[5:] in NOT_IN_CELLS:
            errors.append(DataError(f"column {col!r}: {col.split('.')[-1]} are lists of mappings; give them "
                                    f"in the YAML (the component's face:) rather than in a cell", shown, 1))
            continue
        if col not in columns:
            hint = difflib.get_close_matches(col, list(columns), n=1, cutoff=0.75)
            extra = f" (did you mean {hint[0]!r}?)" if hint else ""
            errors.append(DataError(f"column {col!r} is not an item key{extra}; columns are named like item "
                                    f"keys: name, count, title, value, footer, back.title, ...", shown, 1))
            continue
        if col in names[:i]:
            errors.append(DataError(f"column {col!r} is named twice", shown, 1))
            continue
        good.append((i, col))
    return good


def check_cell(text: str, shown: str, line: int, column: str, errors: list[DataError]) -> bool:
    """A spreadsheet cell gets the checks every text of a YAML file gets (generator/source/yamlsrc.py): no
    control character (a NUL, ESC, U+0001 ...; tab and line breaks are text) and no more than a YAML
    value's characters. ``line`` is the cell's first line in the sheet (a quoted cell may span lines),
    ``column`` names it in the message ("column 'title'"). Reports to ``errors``; False if refused."""
    problem = text_problem(text, LIMITS.max_text)
    if problem is None:
        return True
    inside, at, sentence = problem
    if sentence.startswith("a control"):
        sentence += f" at character {at}; a sheet's cells hold printable text only"
    errors.append(DataError(f"{column}: {sentence}", shown, line + inside - 1))
    return False


def _display(path: Path) -> str:
    """As load.display_path: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return rel if not rel.startswith("..") else str(path)


def _row_item(row: list[str], good: list[tuple[int, str]], columns: dict[str, Any], shown: str, line: int,
              errors: list[DataError]) -> YMap:
    item = YMap()
    item.file, item.line = shown, line
    back = YMap()
    back.file, back.line = shown, line
    for i, col in good:
        raw = row[i] if i < len(row) else ""
        if raw.strip() == "" or not check_cell(raw, shown, line, f"column {col!r}", errors):
            continue
        schema = columns[col]
        value = _cell(raw, schema)
        check(value, schema, errors, (shown, line), f"column {col!r}")
        if col.startswith("back."):
            back[col[5:]] = value
            back.key_lines[col[5:]] = line
        else:
            item[col] = value
            item.key_lines[col] = line
    if back:
        item["back"] = back
        item.key_lines["back"] = line
    if "count" not in item:
        item["count"] = 1
    return item

