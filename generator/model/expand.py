"""A component that a spreadsheet and templates drive, turned into plain items at load time.

For each item (a YAML item, or a row of ``items_from:``) its fields are gathered (every column by its
header as written, its item keys, ``index``, ``copy``, ``player``, ``variant``, the game's
``values``) and every ``{{ expression }}`` of the component's face, back and elements, of its layout
and of the item itself is evaluated over them. Elements whose ``when:`` is false are dropped, a
``repeat:`` becomes that many elements, a key written ``{value: ..., when: ...}`` is kept or dropped.
What comes out is a component of plain items, each carrying its own keys and elements, checked
against the same schema as YAML values and then loaded like any other: the drawing code never sees
a template. Every value that came from a cell or a template remembers where (``deck.xlsx:Deck!R12
(Art)``), so a refusal names the cell.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from ..errors import DataError, show
from ..yamlsrc import YList, YMap
from . import format as fmt
from ..schema import BOOL_NAME, ListOf, Scalar, check, resolved
from .template import MARK, ROW_KEY as _ROW_KEY, TemplateError, compile_text, truth

BOARD_KINDS = ("board", "sheet", "generated")
SHIFTED = ("at_mm", "to_mm")  # moved by repeat's step_mm and an extending element's shift_mm
ELEMENT_ONLY = ("when", "repeat", "step_mm")  # used up here; never reach the drawing
MAX_REPEAT = 100
MAX_ELEMENTS = 2_000  # drawn elements on one face once repeats are made
TRUE_WORDS = {"true", "yes", "y", "1", "x"}
FALSE_WORDS = {"false", "no", "n", "0", ""}


class RowMap(YMap):
    """A mapping made here: ``labels`` names, for a key, the column (``Art``) or the YAML place of the
    template its value came from, so a refusal reads ``deck.xlsx:Deck!R12 (Art): ...``."""

    __slots__ = ("labels", "player")

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.labels: dict[Any, str] = {}
        self.player: str | None = None

    def error(self, message: str, key: Any = None, cls: type[DataError] = DataError) -> DataError:
        label = self.labels.get(key) if key is not None else None
        line = self.line_of(key) if key is not None else self.line
        if label:
            place = f"{self.file}:{line}" if line else self.file
            return cls(message, f"{place} ({label})", None)
        return cls(message, self.file, line)


class Player(str):
    """``player`` in an expression: the colour's id, with ``.name``, ``.fill``, ``.ink``, ``.cue``."""

    name: str
    fill: str
    ink: str
    cue: str


class Sources:
    """What every component's expressions may use."""

    __slots__ = ("folder", "layouts", "values", "variant", "colours")

    def __init__(self, folder: Path, layouts: dict[str, list[YMap]], values: dict[str, Any], variant: str,
                 colours: list[Any]):
        self.folder = folder
        self.layouts = layouts
        self.values = values
        self.variant = variant
        self.colours = colours


# -- which components need this ------------------------------------------------------------------

def _has_template(value: Any) -> bool:
    if type(value) is str:
        return MARK in value
    if isinstance(value, dict):
        if "when" in value or "repeat" in value:
            return True
        return any(_has_template(v) for v in value.values() if type(v) is not int)
    if isinstance(value, list):
        return any(_has_template(v) for v in value)
    return False


def needs_expanding(spec: Any) -> bool:
    if not isinstance(spec, dict):
        return False
    if "layout" in spec or "items_from" in spec:
        return True
    for key in ("face", "back", "elements"):
        if _has_template(spec.get(key)):
            return True
    items = spec.get("items")
    if isinstance(items, list):
        for item in items:
            if isinstance(item, dict) and ("layout" in item or any(
                    (type(v) is str and MARK in v) or (isinstance(v, (dict, list)) and _has_template(v))
                    for v in item.values())):
                return True
    return False


# -- layouts ------------------------------------------------------------------------------------------

def resolve_layouts(docs: Iterable[YMap], errors: list[DataError]) -> dict[str, list[YMap]]:
    """Every ``layouts:`` entry as a plain list of elements, extends resolved."""
    written: dict[str, Any] = {}
    for doc in docs:
        for name, value in (doc.get("layouts") or {}).items():
            if name in written:
                errors.append((doc["layouts"]).error(f"layout {name!r} is defined twice", name))
                continue
            written[name] = value
    named: dict[str, list[tuple[str | None, YMap]]] = {}

    def named_of(name: str, chain: tuple[str, ...]) -> list[tuple[str | None, YMap]]:
        if name in named:
            return named[name]
        value = written[name]
        out: list[tuple[str | None, YMap]] = []
        if isinstance(value, list):
            out = [(None, el) for el in value]
        elif isinstance(value, dict):
            parent = value.get("extends")
            if parent is not None:
                if parent not in written:
                    errors.append(value.error(f"extends: no layout {parent!r} (layouts: "
                                              f"{', '.join(sorted(written))})", "extends"))
                elif parent in chain:
                    errors.append(value.error(f"layouts extend each other in a loop "
                                              f"({' -> '.join(chain + (parent,))})", "extends"))
                else:
                    out = list(named_of(parent, chain + (parent,)))
            own = {k: v for k, v in value.items() if k != "extends"}
            for key, el in own.items():
                if not isinstance(el, YMap):
                    errors.append(value.error(f"layout {name!r}: {key!r} should be an element (a mapping with "
                                              f"type:, at_mm: ...)", key))
                    continue
                check(el, fmt.LAYOUT_ELEMENT, errors, (el.file, el.line), f"layouts.{name}.{key}")
            elements = dict(out)
            resolved: dict[str, YMap] = {}

            def element(key: str, seen: tuple[str, ...]) -> YMap | None:
                if key in resolved:
                    return resolved[key]
                el = own.get(key)
                base = elements.get(key)
                if not isinstance(el, YMap):
                    return base
                parent_name = el.get("extends")
                if parent_name is not None:
                    if parent_name in seen:
                        errors.append(el.error(f"elements extend each other in a loop "
                                               f"({' -> '.join(seen + (parent_name,))})", "extends"))
                        return None
                    if parent_name == key:
                        base_el = base
                    else:
                        base_el = element(parent_name, seen + (parent_name,)) if parent_name in own \
                            else elements.get(parent_name)
                    if base_el is None:
                        errors.append(el.error(f"extends: no element {parent_name!r} in layout {name!r}",
                                               "extends"))
                        return None
                    base = base_el
                merged = _merge_element(base, el)
                resolved[key] = merged
                return merged

            order = [k for k, _ in out if k is not None]
            unnamed = [(k, e) for k, e in out if k is None]
            final: list[tuple[str | None, YMap]] = list(unnamed)
            for key in order + [k for k in own if k not in elements]:
                el = element(key, (key,)) if key in own else elements[key]
                if el is not None:
                    final.append((key, el))
            out = final
        named[name] = out
        return out

    layouts: dict[str, list[YMap]] = {}
    for name in written:
        elements = named_of(name, (name,))
        for key, el in elements:
            for need in ("type", "at_mm"):
                if need not in el:
                    errors.append(el.error(f"layout {name!r}: element {key!r} needs {need} (or extends: another "
                                           f"element that has it)"))
        layouts[name] = [el for _, el in elements]
    return layouts


def _merge_element(base: YMap | None, own: YMap) -> YMap:
    out = YMap()
    out.file, out.line = own.file, own.line
    if base is not None:
        for key, value in base.items():
            out[key] = value
            out.key_lines[key] = base.line_of(key)
    shift = own.get("shift_mm")
    grow = own.get("grow_mm")
    for key, value in own.items():
        if key in ("extends", "shift_mm", "grow_mm"):
            continue
        out[key] = value
        out.key_lines[key] = own.line_of(key)
    if isinstance(shift, list) and len(shift) >= 2:
        for key in SHIFTED:
            point = out.get(key)
            if isinstance(point, list) and len(point) >= 2 and all(isinstance(v, (int, float)) for v in point[:2]):
                moved = YList([point[0] + shift[0], point[1] + shift[1]])
                moved.file, moved.line = own.file, own.line_of("shift_mm")
                out[key] = moved
    size = out.get("size_mm")
    if isinstance(grow, list) and len(grow) >= 2 and isinstance(size, list) and len(size) >= 2 and \
            all(isinstance(v, (int, float)) for v in size[:2]):
        grown = YList([size[0] + grow[0], size[1] + grow[1]])
        grown.file, grown.line = own.file, own.line_of("grow_mm")
        out["size_mm"] = grown
    return out


# -- evaluation --------------------------------------------------------------------------------------

class Context:
    """One item's fields, and where its values are reported."""

    __slots__ = ("vars", "file", "line", "columns", "errors", "what")

    def __init__(self, vars: dict[str, Any], file: str, line: int, columns: set[str], errors: list[DataError],
                 what: str):
        self.vars = vars
        self.file = file
        self.line = line
        self.columns = columns  # the sheet's headers: a template naming one is reported at that column
        self.errors = errors
        self.what = what

    def place(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    def label(self, source: str, owner: Any, key: Any) -> str:
        names = [n for n in compile_text(source).names if n in self.columns]
        names += [m.group(2) for m in _ROW_KEY.finditer(source) if m.group(2) in self.columns]
        if len(names) == 1:
            return names[0]
        file = getattr(owner, "file", "")
        line = owner.line_of(key) if isinstance(owner, (YMap, YList)) else 0
        return f"from {file}:{line}" if file else ""

    def fail(self, message: str, label: str) -> None:
        where = self.place() + (f" ({label})" if label else "")
        self.errors.append(DataError(f"{self.what}: {message}", where, None))


_DROP = object()


def _render(value: Any, ctx: Context, owner: Any, key: Any) -> Any:
    """A value with every template in it evaluated (a new mapping or list where anything changed)."""
    if type(value) is str:
        if MARK not in value:
            return value
        try:
            return compile_text(value).render(ctx.vars)
        except TemplateError as exc:
            ctx.fail(f"{key}: {exc}", ctx.label(value, owner, key))
            return _DROP
    if isinstance(value, dict):
        if not _has_template(value):
            return value
        return _render_map(value, ctx, None)
    if isinstance(value, list):
        if not _has_template(value):
            return value
        out = YList()
        out.file, out.line = getattr(value, "file", ctx.file), getattr(value, "line", ctx.line)
        for i, v in enumerate(value):
            r = _render(v, ctx, value, i)
            if r is not _DROP:
                out.append(r)
                out.item_lines.append(value.line_of(i) if isinstance(value, YList) else out.line)
        return out
    return value


def _render_map(value: dict, ctx: Context, into: RowMap | None) -> RowMap:
    out = into if into is not None else _new_map(ctx)
    for key, v in value.items():
        if key == "elements" and isinstance(v, list):
            r: Any = _elements(v, ctx, [])
        elif isinstance(v, dict) and "when" in v and set(v) <= {"value", "when"}:
            if not _condition(v["when"], ctx, v):
                continue
            r = _render(v.get("value"), ctx, v, "value")
            source = v.get("value")
            if type(source) is str and MARK in source:
                out.labels[key] = ctx.label(source, v, "value")
        else:
            r = _render(v, ctx, value, key)
            if type(v) is str and MARK in v:
                out.labels[key] = ctx.label(v, value, key)
        if r is _DROP:
            continue
        out[key] = r
    return out


def _new_map(ctx: Context) -> RowMap:
    out = RowMap()
    out.file, out.line = ctx.file, ctx.line
    return out


def _condition(when: Any, ctx: Context, owner: Any) -> bool:
    value = _render(when, ctx, owner, "when")
    if value is _DROP:
        return False
    return truth(value)


def _repeats(value: Any, ctx: Context, owner: Any) -> int:
    n = _render(value, ctx, owner, "repeat")
    if n is _DROP:
        return 0
    if isinstance(n, str):
        text = n.strip()
        if text == "":
            return 0
        try:
            n = float(text)
        except ValueError:
            ctx.fail(f"repeat: {show(n)} is not a whole number", ctx.label(str(value), owner, "repeat"))
            return 0
    if isinstance(n, bool) or not isinstance(n, (int, float)) or n != int(n) or not 0 <= n <= MAX_REPEAT:
        ctx.fail(f"repeat: expected a whole number from 0 to {MAX_REPEAT}, not {show(n)}",
                 ctx.label(str(value), owner, "repeat"))
        return 0
    return int(n)


def _elements(elements: list, ctx: Context, out: list) -> YList:
    result = YList()
    result.file, result.line = getattr(elements, "file", ctx.file), getattr(elements, "line", ctx.line)
    result.extend(out)
    for el in elements:
        if not isinstance(el, dict):
            result.append(el)
            continue
        if "when" in el and not _condition(el["when"], ctx, el):
            continue
        times = _repeats(el["repeat"], ctx, el) if "repeat" in el else None
        if times is None:
            result.append(_element(el, ctx, None, (0.0, 0.0)))
            result.item_lines.append(el.line if isinstance(el, YMap) else ctx.line)
            continue
        step = _render(el.get("step_mm", [0, 0]), ctx, el, "step_mm")
        if not (isinstance(step, list) and len(step) >= 2 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in step[:2])):
            ctx.fail(f"step_mm: expected [dx, dy] in mm, not {show(step)}", "")
            continue
        saved = ctx.vars.get("i", _DROP)
        for i in range(times):
            ctx.vars["i"] = i
            result.append(_element(el, ctx, i, (step[0] * i, step[1] * i)))
            result.item_lines.append(el.line if isinstance(el, YMap) else ctx.line)
        if saved is _DROP:
            ctx.vars.pop("i", None)
        else:
            ctx.vars["i"] = saved
        if len(result) > MAX_ELEMENTS:
            ctx.fail(f"more than {MAX_ELEMENTS:,} elements on one face once repeated", "")
            break
    return result


def _element(el: dict, ctx: Context, i: int | None, shift: tuple[float, float]) -> Any:
    plain = not _has_template({k: v for k, v in el.items() if k not in ELEMENT_ONLY}) and shift == (0.0, 0.0) \
        and not any(k in el for k in ELEMENT_ONLY)
    if plain:
        return el  # shared by every item: the YAML mapping itself, reported at its own line
    out = RowMap()
    out.file, out.line = ctx.file, ctx.line
    for key, v in el.items():
        if key in ELEMENT_ONLY:
            continue
        if type(v) is str and MARK in v:
            r = _render(v, ctx, el, key)
            out.labels[key] = ctx.label(v, el, key)
        else:
            r = _render(v, ctx, el, key)
            if isinstance(el, YMap):
                out.labels[key] = f"from {el.file}:{el.line_of(key)}"
        if r is _DROP:
            return _DROP_ELEMENT
        out[key] = r
    if shift != (0.0, 0.0):
        for key in SHIFTED:
            point = out.get(key)
            if isinstance(point, list) and len(point) >= 2 and all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) for v in point[:2]):
                out[key] = [_round(point[0] + shift[0]), _round(point[1] + shift[1])]
    return out


_DROP_ELEMENT = RowMap()


def _round(v: float) -> float:
    r = round(v, 6)
    return int(r) if float(r).is_integer() else r


# -- items ---------------------------------------------------------------------------------------------

class Source:
    """One item before its templates are evaluated: its keys, its fields, where it is. ``sheet``: a
    spreadsheet row, whose cells are values, never templates."""

    __slots__ = ("keys", "fields", "file", "line", "columns", "labels", "sheet")

    def __init__(self, keys: YMap, fields: dict[str, Any], file: str, line: int, columns: set[str],
                 labels: dict[str, str], sheet: bool = False):
        self.keys = keys
        self.fields = fields
        self.file = file
        self.line = line
        self.columns = columns
        self.labels = labels
        self.sheet = sheet


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


def _rows(spec: YMap, src: Sources, errors: list[DataError]) -> list[Source]:
    from .sheets import cell_problem, field_value, read_table

    given = spec["items_from"]
    long = given if isinstance(given, dict) else None
    name = str(long["file"]) if long is not None else str(given)
    sheet = long.get("sheet") if long is not None else None
    where = (spec.file, spec.line_of("items_from"))
    table = read_table(src.folder, name, None if sheet is None else str(sheet), where, errors)
    if table is None:
        return []
    item_keys = _item_keys()
    lower = {k.lower(): k for k in item_keys}
    mapping: dict[str, str | None] = {}
    columns_given = (long or {}).get("columns") or {}
    headers_low = {h.lower(): h for h in table.headers if h}
    for header, key in columns_given.items():
        kline = columns_given.line_of(header) if isinstance(columns_given, YMap) else where[1]
        real = headers_low.get(str(header).strip().lower())
        if real is None:
            errors.append(DataError(f"items_from.columns: {table.name} has no column {header!r} (its headers: "
                                    f"{', '.join(repr(h) for h in table.headers if h)})", spec.file, kline))
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
    by_key: dict[str, str] = {}
    header_place = table.rows[0].file if table.rows and not table.rows[0].line else table.name
    header_place = header_place.rsplit("!R", 1)[0] + "!R1" if "!R" in header_place else f"{table.name}:1"
    seen_headers: set[str] = set()
    for h in table.headers:
        if not h:
            continue
        if h in seen_headers:
            errors.append(DataError(f"two columns are headed {h!r}; rename one", header_place, None))
            continue
        seen_headers.add(h)
        key = mapping[h] if h in mapping else lower.get(h.lower())
        if key is None:
            continue
        if key in ("elements", "sections"):
            continue
        if key in by_key:
            errors.append(DataError(f"columns {by_key[key]!r} and {h!r} both fill the item key {key!r} (headers "
                                    f"match item keys in any case); rename one, or map one under items_from: "
                                    f"columns:", header_place, None))
            continue
        by_key[key] = h
    if any(e.file == header_place for e in errors):
        return []
    index_of = {h: i for i, h in enumerate(table.headers) if h}
    header_set = set(index_of)
    out: list[Source] = []
    for row in table.rows:
        fields: dict[str, Any] = {}
        bad = False
        for h, i in index_of.items():
            raw = row.cells[i] if i < len(row.cells) else None
            problem = cell_problem(raw)
            if problem:
                errors.append(DataError(problem, f"{row.place} ({h})", None))
                bad = True
                continue
            fields[h] = field_value(raw)
        if bad:
            continue
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
        out.append(Source(keys, fields, row.file, row.line, header_set, labels, sheet=True))
    if not table.rows:
        errors.append(DataError("the sheet has a header but no rows", header_place, None))
    return out


def _cell_text(raw: str, value: Any) -> Any:
    """A text cell for an item key: a number when it reads as one, else the text as written."""
    return value if not isinstance(value, str) else raw


def _yaml_items(spec: YMap) -> list[Source]:
    out = []
    for item in spec.get("items") or []:
        if not isinstance(item, YMap):
            continue
        fields = {k: v for k, v in item.items() if not isinstance(v, (dict, list))}
        out.append(Source(item, fields, item.file, item.line, set(), {}))
    return out


def _context_vars(src: Sources, source: Source, index: int) -> dict[str, Any]:
    ctx = dict(src.values)
    for key, value in source.keys.items():
        if not isinstance(value, (dict, list)) and not (type(value) is str and MARK in value):
            ctx[key] = value
    ctx.update(source.fields)
    ctx["row"] = source.fields
    ctx["values"] = src.values
    ctx["index"] = index
    ctx["copy"] = 1
    ctx["variant"] = src.variant
    return ctx


def _names(specs: Iterable[Any]) -> set[str]:
    names: set[str] = set()

    def walk(v: Any) -> None:
        if type(v) is str:
            if MARK in v:
                try:
                    names.update(compile_text(v).names)
                except TemplateError:
                    pass
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for s in specs:
        walk(s)
    return names


def _player(colour: Any) -> Player:
    p = Player(colour.id)
    p.name, p.fill, p.ink, p.cue = colour.name, colour.fill, colour.ink, colour.cue
    return p


def expand(spec: YMap, src: Sources, errors: list[DataError]) -> None:
    """Turn ``spec`` (in place) into a component of plain items."""
    kind = spec.get("kind")
    layout = spec.get("layout")
    if layout is not None and layout not in src.layouts:
        errors.append(spec.error(_unknown_layout(layout, src), "layout"))
        layout = None
    if kind in BOARD_KINDS:
        _expand_board(spec, src, layout, errors)
        return
    face = spec.get("face") if isinstance(spec.get("face"), YMap) else YMap()
    back = spec.get("back") if isinstance(spec.get("back"), YMap) else None
    sources = _yaml_items(spec)
    if spec.get("items_csv"):  # the older sheet of item keys: its rows take the face's templates too
        from .spreadsheet import read_items

        for row in read_items(src.folder, str(spec["items_csv"]), spec.file, spec.line_of("items_csv"), errors):
            fields = {k: v for k, v in row.items() if not isinstance(v, (dict, list))}
            sources.append(Source(row, fields, row.file, row.line, set(), {}, sheet=True))
        spec.pop("items_csv")
    if spec.get("items_from") is not None:
        sources += _rows(spec, src, errors)
    moved_face = {k: v for k, v in face.items() if k == "elements" or _has_template(v) or
                  (isinstance(v, dict) and "when" in v)}
    moved_back = {k: v for k, v in back.items() if _has_template(v) or (isinstance(v, dict) and "when" in v)} \
        if back is not None else {}
    names = _names([moved_face, moved_back, src.layouts.get(layout) if layout else None,
                    [s.keys for s in sources if not s.columns]] +
                   [src.layouts[n] for n in {s.keys.get("layout") for s in sources} if n in src.layouts])
    colours = src.colours if spec.get("per_player") and "player" in names else [None]
    if spec.get("players") and colours != [None]:
        colours = [c for c in colours if c.id in spec["players"]]
    items = YList()
    items.file, items.line = spec.file, spec.line_of("items") if "items" in spec else spec.line
    what = f"{kind} {show(spec.get('name') or spec.get('id'))}"
    for index, source in enumerate(sources):
        for colour in colours:
            copies = 1
            if "copy" in names:
                count = source.keys.get("count", 1)
                copies = count if isinstance(count, int) and not isinstance(count, bool) and 0 < count <= 1000 else 1
            for copy in range(1, copies + 1):
                made = _item(source, index, copy if copies > 1 else None, colour, spec, src, face, back,
                             moved_face, moved_back, layout, what, errors)
                if made is not None:
                    items.append(made)
                    items.item_lines.append(made.line)
    for key in moved_face:
        del face[key]
    if back is not None:
        for key in moved_back:
            del back[key]
    spec["items"] = items
    spec.pop("items_from", None)
    spec.pop("layout", None)


def _unknown_layout(name: Any, src: Sources) -> str:
    return f"no layout {show(name)} (layouts: {', '.join(sorted(src.layouts)) or 'none: add layouts: to game.yaml'})"


def _item(source: Source, index: int, copy: int | None, colour: Any, spec: YMap, src: Sources, face: YMap,
          back: YMap | None, moved_face: dict, moved_back: dict, layout: str | None, what: str,
          errors: list[DataError]) -> RowMap | None:
    vars = _context_vars(src, source, index)
    if copy is not None:
        vars["copy"] = copy
    if colour is not None:
        vars["player"] = _player(colour)
    before = len(errors)
    name = source.keys.get("name") or source.keys.get("title") or f"{spec.get('name')} {index + 1}"
    ctx = Context(vars, source.file, source.line, source.columns, errors,
                  f"{what}, item {show(name) if type(name) is str and MARK not in name else index + 1}")
    out = RowMap()
    out.file, out.line = source.file, source.line
    out.key_lines.update(source.keys.key_lines)
    out.labels.update({k: v for k, v in source.labels.items() if not k.startswith("back.")})
    # the face's templated keys, where the item does not give the key itself
    face_part = {k: v for k, v in moved_face.items() if k not in source.keys and k != "elements"}
    _render_map(face_part, ctx, out)
    own = {k: v for k, v in source.keys.items() if k not in ("elements", "back", "layout")}
    if source.sheet:  # a cell is a value, never a template: copied as written, checked below
        out.update(own)
    else:
        _render_map(own, ctx, out)
    # elements: the layout's, then the item's own (or else the face's)
    item_layout = source.keys.get("layout", layout)
    if item_layout is not None and type(item_layout) is str and MARK in item_layout and not source.sheet:
        item_layout = _render(item_layout, ctx, source.keys, "layout")
    layout_elements: list = []
    if item_layout not in (None, _DROP, ""):
        if item_layout in src.layouts:
            layout_elements = src.layouts[item_layout]
        else:
            ctx.fail(_unknown_layout(item_layout, src), source.labels.get("layout", ""))
    own_elements = source.keys.get("elements") if "elements" in source.keys else moved_face.get("elements")
    if layout_elements or own_elements is not None:
        elements = _elements(list(layout_elements) + list(own_elements or []), ctx, [])
        if _DROP_ELEMENT in elements:
            elements = YList(e for e in elements if e is not _DROP_ELEMENT)
        out["elements"] = elements
        out.key_lines["elements"] = source.keys.line_of("elements") if "elements" in source.keys else source.line
    # the back: the component's templated back keys, then the item's own back
    item_back = source.keys.get("back")
    if moved_back or isinstance(item_back, dict):
        b = RowMap()
        b.file, b.line = source.file, source.line
        if moved_back and not (isinstance(item_back, str)):
            _render_map({k: v for k, v in moved_back.items()
                         if not (isinstance(item_back, dict) and k in item_back)}, ctx, b)
        if isinstance(item_back, dict):
            if source.sheet:
                b.update(item_back)
            else:
                _render_map(item_back, ctx, b)
            if isinstance(item_back, RowMap):
                b.labels.update(item_back.labels)
        out["back"] = b
    elif item_back is not None:
        out["back"] = item_back if source.sheet else _render(item_back, ctx, source.keys, "back")
    if "count" not in out:
        out["count"] = 1
    if copy is not None:
        out["count"] = 1
    if colour is not None:
        out.player = colour.id
    if len(errors) > before:
        return None
    _recheck(out, errors)
    return out if len(errors) == before else None


def _recheck(item: RowMap, errors: list[DataError]) -> None:
    """Every value a template or a cell gave, checked as the same value written in YAML would be."""
    keys = fmt.ITEM.keys
    for key, value in item.items():
        spec = keys.get(key)
        if spec is None:
            continue
        if key == "elements":
            for el in value:
                if isinstance(el, RowMap):
                    _recheck_map(el, resolved(fmt.ELEMENT), errors, "element")
            continue
        if key == "back" and isinstance(value, RowMap):
            for k in value.labels:
                if k in value and k in fmt.FACE.keys:
                    _check_one(value, k, value[k], fmt.FACE.keys[k].schema, errors, f"back.{k}")
            if any(k not in fmt.FACE.keys for k in value):
                _recheck_map(value, fmt.FACE, errors, "back")
            continue
        if key not in item.labels:
            continue
        _check_one(item, key, value, spec.schema, errors, key)


def _recheck_map(m: RowMap, schema: Any, errors: list[DataError], path: str) -> None:
    for key, value in m.items():
        spec = schema.keys.get(key)
        if spec is None:
            errors.append(m.error(f"{path}: unknown key {show(key)}", key))
            continue
        if key in m.labels:
            _check_one(m, key, value, spec.schema, errors, f"{path}.{key}")


def _check_one(owner: RowMap, key: str, value: Any, schema: Any, errors: list[DataError], path: str) -> None:
    if type(schema) is Scalar and schema.test(value) is None:
        return
    found: list[DataError] = []
    if isinstance(schema, ListOf) and isinstance(value, list) and not isinstance(value, YList):
        value = YList(value)
        value.file, value.line = owner.file, owner.line
    check(value, schema, found, (owner.file, owner.line), path, False)
    for e in found:
        errors.append(owner.error(e.message, key))


def _expand_board(spec: YMap, src: Sources, layout: str | None, errors: list[DataError]) -> None:
    own = spec.get("elements") or []
    if layout is None and not _has_template(own):
        return
    vars = dict(src.values)
    vars.update(values=src.values, variant=src.variant, index=0, copy=1, row={})
    ctx = Context(vars, spec.file, spec.line, set(), errors, f"{spec.get('kind')} {show(spec.get('name'))}")
    elements = _elements(list(src.layouts.get(layout, []) if layout else []) + list(own), ctx, [])
    elements = YList(e for e in elements if e is not _DROP_ELEMENT)
    elements.file, elements.line = spec.file, spec.line_of("elements")
    spec["elements"] = elements
    for el in elements:
        if isinstance(el, RowMap):
            _recheck_map(el, resolved(fmt.ELEMENT), errors, "element")
    spec.pop("layout", None)


def apply_variant(main: YMap, name: str | None, errors: list[DataError]) -> YMap:
    """game.yaml with the variant's keys merged over it (mappings key by key, anything else replaced)."""
    variants = main.get("variants") or {}
    if name is None:
        return main
    if name not in variants:
        from ..errors import UsageError

        known = ", ".join(sorted(variants)) or "none (add variants: to game.yaml)"
        raise UsageError(f"no variant {name!r} in {main.file} (variants: {known})")
    over = variants[name]
    if isinstance(over, dict) and ("variants" in over or "format" in over):
        errors.append(over.error("a variant changes top-level keys of game.yaml other than variants and format"))
    return _deep_merge(main, over) if isinstance(over, dict) else main


def _deep_merge(base: YMap, over: dict) -> YMap:
    out = YMap()
    out.file, out.line = base.file, base.line
    for key, value in base.items():
        out[key] = value
        out.key_lines[key] = base.line_of(key)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), YMap):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
        out.key_lines[key] = over.line_of(key) if isinstance(over, YMap) else out.line
    return out


def variant_names(folder: Path) -> list[str]:
    """The variants game.yaml in ``folder`` names (none when it cannot be read: loading says why)."""
    from ..yamlsrc import load_yaml

    try:
        doc = load_yaml(Path(folder) / "game.yaml", str(Path(folder) / "game.yaml"))
    except DataError:
        return []
    variants = doc.get("variants") if isinstance(doc, dict) else None
    return [str(k) for k in variants] if isinstance(variants, dict) else []
