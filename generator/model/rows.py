"""``items_from:``: a spreadsheet's rows as items before their templates are evaluated. Headers naming
an item key (in any case) or mapped under ``columns:`` fill that key, checked as the same value in
YAML would be at the cell; every column is a field for expressions by its header as written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..base.errors import DataError, show
from ..source.schema import BOOL_NAME, Scalar
from ..source.yamlsrc import YMap
from . import format as fmt
from .rowmap import Header, RowMap, Source, column

TRUE_WORDS = {"true", "yes", "y", "1", "x"}
FALSE_WORDS = {"false", "no", "n", "0", ""}


def _item_keys() -> dict[str, Any]:
    keys = {k: v.schema for k, v in fmt.ITEM.keys.items() if k not in ("back", "elements", "sections")}
    for key, spec in fmt.FACE.keys.items():
        if key not in ("elements", "sections"):
            keys[f"back.{key}"] = spec.schema
    return keys


def _key_value(raw: Any, schema: Any) -> Any:
    """A cell's value as YAML would have given it for this key."""
    if isinstance(schema, Scalar):
        if schema.name == BOOL_NAME and isinstance(raw, str):
            low = raw.strip().lower()
            return True if low in TRUE_WORDS else False if low in FALSE_WORDS else raw
        if schema.name in ("id", "text") and isinstance(raw, float):
            return raw
        if schema.name == "id" and isinstance(raw, int) and not isinstance(raw, bool):
            return str(raw)
    return raw


def sheet_sources(spec: YMap, folder: Path, errors: list[DataError]) -> list[Source]:
    from .sheets import read_table  # a spreadsheet of items only

    given = spec["items_from"]
    long = given if isinstance(given, dict) else None
    name = str(long["file"]) if long is not None else str(given)
    sheet = long.get("sheet") if long is not None else None
    where = (spec.file, spec.line_of("items_from"))
    table = read_table(folder, name, None if sheet is None else str(sheet), where, errors)
    if table is None:
        return []
    item_keys = _item_keys()
    lower = {k.lower(): k for k in item_keys}
    mapping = _mapped_columns((long or {}).get("columns") or {}, table, lower, spec, where, errors)
    header_place = table.rows[0].file if table.rows and not table.rows[0].line else table.name
    header_place = header_place.rsplit("!R", 1)[0] + "!R1" if "!R" in header_place else f"{table.name}:1"
    by_key = _key_columns(table, mapping, lower, header_place, errors)
    if any(e.file == header_place for e in errors):
        return []
    index_of = {h: i for i, h in enumerate(table.headers) if h}
    headers = set(index_of)  # one set every row's source shares
    out = [source for row in table.rows
           if (source := _row_source(row, index_of, headers, by_key, item_keys, errors)) is not None]
    header = Header(header_place, [h for h in table.headers if h],
                    set(by_key.values()) | {h for h, key in mapping.items() if key is None})
    for source in out:
        source.header = header
    if not table.rows:
        errors.append(DataError("the sheet has a header but no rows", header_place, None))
    return out


def _mapped_columns(columns_given: Any, table: Any, lower: dict[str, str], spec: YMap, where: tuple[str, int],
                    errors: list[DataError]) -> dict[str, str | None]:
    """``columns:``: each header it names (in any case) mapped to an item key, or to none (a label)."""
    mapping: dict[str, str | None] = {}
    headers_low = {h.lower(): h for h in table.headers if h}
    for header, key in columns_given.items():
        kline = columns_given.line_of(header) if isinstance(columns_given, YMap) else where[1]
        real = headers_low.get(str(header).strip().lower())
        if real is None:
            named = [show(h, 30) for h in table.headers if h]
            listed = ", ".join(named[:8]) + (f" and {len(named) - 8} more" if len(named) > 8 else "")
            errors.append(DataError(f"items_from.columns: {table.name} has no column {show(header, 30)} (its "
                                    f"headers: {listed})", spec.file, kline))
            continue
        if key == "none" or key is None:
            mapping[real] = None
            continue
        target = lower.get(str(key).lower())
        if target is None:
            errors.append(DataError(f"items_from.columns.{header}: {key!r} is not an item key (name, count, "
                                    f"title, value, text, image, back.title, ...)", spec.file, kline))
            continue
        mapping[real] = target
    return mapping


def _key_columns(table: Any, mapping: dict[str, str | None], lower: dict[str, str], header_place: str,
                 errors: list[DataError]) -> dict[str, str]:
    """Which column fills each item key (a header naming one in any case, or mapped under columns:)."""
    by_key: dict[str, str] = {}
    seen_headers: set[str] = set()
    for h in table.headers:
        if not h:
            continue
        if h in seen_headers:
            errors.append(DataError(f"two columns are headed {h!r}; rename one", header_place, None))
            continue
        seen_headers.add(h)
        key = mapping[h] if h in mapping else lower.get(h.lower())
        if key is None or key in ("elements", "sections"):
            continue
        if key in by_key:
            errors.append(DataError(f"columns {by_key[key]!r} and {h!r} both fill the item key {key!r} (headers "
                                    f"match item keys in any case); rename one, or map one under items_from: "
                                    f"columns:", header_place, None))
            continue
        by_key[key] = h
    return by_key


def _row_source(row: Any, index_of: dict[str, int], headers: set[str], by_key: dict[str, str],
                item_keys: dict[str, Any], errors: list[DataError]) -> Source | None:
    """One row as an item's source: its fields (every column) and its keys (the columns that fill
    one); None, said at its cell, when a cell is refused."""
    from .sheets import cell_problem, field_value  # a spreadsheet of items only

    fields: dict[str, Any] = {}
    bad = False
    for h, i in index_of.items():
        raw = row.cells[i] if i < len(row.cells) else None
        problem = cell_problem(raw)
        if problem:
            errors.append(DataError(problem, f"{row.place} ({column(h)})", None))
            bad = True
            continue
        fields[h] = field_value(raw)
    if bad:
        return None
    keys = RowMap()
    keys.file, keys.line = row.file, row.line
    back = RowMap()
    back.file, back.line = row.file, row.line
    labels: dict[str, str] = {}
    for key, h in by_key.items():
        value = fields.get(h, "")
        if isinstance(value, str) and value.strip() == "":
            continue
        value = _key_value(value if not isinstance(row.cells[index_of[h]], str) else
                           _cell_text(row.cells[index_of[h]], value), item_keys[key])
        target = back if key.startswith("back.") else keys
        short = key[5:] if key.startswith("back.") else key
        target[short] = value
        target.labels[short] = h
        labels[key] = h
    if back:
        keys["back"] = back
    if "count" not in keys:
        keys["count"] = 1
    return Source(keys, fields, row.file, row.line, headers, labels, sheet=True)


def _cell_text(raw: str, value: Any) -> Any:
    """A text cell for an item key: a number when it reads as one, else the text as written."""
    return value if not isinstance(value, str) else raw


def yaml_sources(spec: YMap) -> list[Source]:
    out = []
    for item in spec.get("items") or []:
        if not isinstance(item, YMap):
            continue
        fields = {k: v for k, v in item.items() if not isinstance(v, (dict, list))}
        out.append(Source(item, fields, item.file, item.line, set(), {}))
    return out


COUNT_WORDS = ("qty", "quantity", "copies", "number", "num", "amount", "#")  # headers a designer means as count


def unread_columns(sources: list[Source], read: set[str] | None, warnings: list[DataError]) -> None:
    """An ``items_from`` sheet's columns that neither fill an item key nor are read by any template
    (``read``: the names and ``row['...']`` headers its templates use; None: a template reads ``row`` in a
    way that cannot be followed): each prints nothing, which a designer should know (a ``Qty`` column
    is not the count unless mapped). One warning a sheet, at its header."""
    header = next((s.header for s in sources if s.header is not None), None)
    if header is None or read is None:
        return
    unread = [h for h in header.headers if h not in header.placed and h not in read]
    if not unread:
        return
    named = ", ".join(show(h, 20) for h in unread[:3]) + (f" and {len(unread) - 3:,} more" if len(unread) > 3 else "")
    one = len(unread) == 1
    these = f"column {named} is not an item key and no {{{{ }}}} reads it: it prints nothing" if one else \
        f"columns {named} are not item keys and no {{{{ }}}} reads them: they print nothing"
    count = next((h for h in unread if h.strip().lower() in COUNT_WORDS), None)
    hint = f" ({show(count, 20)} as each item's count: columns: {{{count.strip()}: count}})" if count else ""
    said = DataError(f"{these}; read {'it' if one else 'them'} in a {{{{ }}}}, or map {'it' if one else 'each'} "
                     f"under items_from: columns: (to none for a note){hint}", header.place, None)
    warnings.append(said)  # two components of one sheet: said once, where read_game ends
