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

import re
from pathlib import Path
from typing import Any, Iterable

from ..base.errors import DataError, show
from ..source.schema import AS_TEXT, ListOf, Scalar, check, resolved
from ..source.template import MARK, ROW_KEY, TemplateError, compile_text, template_errors
from ..source.yamlsrc import YList, YMap
from . import format as fmt
from .evaluate import (
    DROP,
    DROP_ELEMENT,
    Context,
    expand_elements,
    has_template,
    render,
    render_map,
)
from .files import display_path
from .kinds import kind_of
from .rowmap import Player, RowMap, Source
from .rows import sheet_sources, unread_columns, yaml_sources


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


def needs_expanding(spec: Any) -> bool:
    if not isinstance(spec, dict):
        return False
    if "layout" in spec or "items_from" in spec or "items_csv" in spec:  # a sheet's rows: one path, one set of checks
        return True
    for key in ("face", "back", "elements", "faces"):  # faces: a die's, per item like its face
        if has_template(spec.get(key)):
            return True
    items = spec.get("items")
    if isinstance(items, list):
        for item in items:
            if isinstance(item, dict) and ("layout" in item or any(
                    (type(v) is str and MARK in v) or (isinstance(v, (dict, list)) and has_template(v))
                    for v in item.values())):
                return True
    return False


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


def _names(specs: Iterable[Any], headers: set[str] | None = None) -> set[str]:
    """The names the templates in ``specs`` use; ``headers``, if given, gets the columns they read as
    ``row['...']``, and "" (no header) where they read ``row`` another way."""
    names: set[str] = set()

    def walk(v: Any) -> None:
        if type(v) is str:
            if MARK in v:
                try:
                    names.update(compile_text(v).names)
                except TemplateError:
                    pass
                if headers is not None and "row" in v:
                    found = [m.group(2) for m in ROW_KEY.finditer(v)]
                    headers.update(found)
                    if len(found) != len(re.findall(r"\brow\b", v)):
                        headers.add("")
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


def expand(spec: YMap, src: Sources, errors: list[DataError], warnings: list[DataError] | None = None) -> bool:
    """Turn ``spec`` (in place) into a component of plain items. Returns whether it is one: False when
    a problem stopped it whole (a template that cannot be compiled, an unknown layout, a spreadsheet
    that cannot be read, a board); True when it holds every item but those refused (each said at
    its row), so that the others are checked in the same run."""
    kind = spec.get("kind")
    layout = spec.get("layout")
    before = len(errors)
    template_errors(spec, errors)
    if len(errors) > before:
        return False  # a template that cannot be compiled: said once, at its line, not once per item
    if layout is not None and layout not in src.layouts:
        errors.append(spec.error(_unknown_layout(layout, src), "layout"))
        layout = None
    declaration = kind_of(kind)
    if declaration is not None and not declaration.pieces:  # a board, sheet or generated board: no items
        _expand_board(spec, src, layout, errors)
        return len(errors) == before
    given_face, given_back = spec.get("face"), spec.get("back")
    face = given_face if isinstance(given_face, YMap) else YMap()
    back = given_back if isinstance(given_back, YMap) else None
    sources = _sources(spec, src, errors)
    moved_face = {k: v for k, v in face.items() if k == "elements" or has_template(v) or
                  (isinstance(v, dict) and "when" in v)}
    moved_back = {k: v for k, v in back.items() if has_template(v) or (isinstance(v, dict) and "when" in v)} \
        if back is not None else {}
    if has_template(spec.get("faces")):  # a die's faces are templated per item, as its face is
        moved_face["faces"] = spec.pop("faces")
    read: set[str] = set()  # the columns the templates read as row['...']
    names = _names([moved_face, moved_back, src.layouts.get(layout) if layout else None,
                    [s.keys for s in sources if not s.columns]] +
                   [src.layouts[n] for n in {s.keys.get("layout") for s in sources} if n in src.layouts], read)
    if warnings is not None:
        unread_columns(sources, None if "" in read else read | names, warnings)
    colours: list[Any] = src.colours if spec.get("per_player") and "player" in names else [None]
    if spec.get("players") and colours != [None]:
        colours = [c for c in colours if c.id in spec["players"]]
    whole = len(errors) == before  # nothing but single items refused from here on
    items = YList()
    items.file, items.line = spec.file, spec.line_of("items") if "items" in spec else spec.line
    what = f"{kind} {show(spec.get('name') or spec.get('id'))}"
    shared = _Shared(spec, src, face, back, moved_face, moved_back, layout, what)
    for index, source in enumerate(sources):
        for colour in colours:
            for copy in _copies(source, "copy" in names):
                made = _item(source, index, copy, colour, shared, errors)
                if made is not None:
                    items.append(made)
                    items.item_lines.append(made.line)
    for key in moved_face:
        face.pop(key, None)
    if back is not None:
        for key in moved_back:
            del back[key]
    spec["items"] = items
    spec.pop("items_from", None)
    spec.pop("layout", None)
    return whole


def _sources(spec: YMap, src: Sources, errors: list[DataError]) -> list[Source]:
    """The component's items as written: its YAML items, then an items_csv's or items_from's rows."""
    sources = yaml_sources(spec)
    if spec.get("items_csv"):  # the older sheet of item keys: its rows take the face's templates too
        from .spreadsheet import read_items  # a spreadsheet of items only

        for row in read_items(src.folder, str(spec["items_csv"]), spec.file, spec.line_of("items_csv"), errors):
            fields = {k: v for k, v in row.items() if not isinstance(v, (dict, list))}
            labels = {k: k for k in row if k != "count" or row.key_lines.get(k)}  # each cell named by its column
            labels.update((f"back.{k}", f"back.{k}") for k in (row.get("back") or {}))
            sources.append(Source(row, fields, row.file, row.line, set(), labels, sheet=True))
        spec.pop("items_csv")
    if spec.get("items_from") is not None:
        sources += sheet_sources(spec, src.folder, errors)
    return sources


def _copies(source: Source, numbered: bool) -> list[int | None]:
    """An item once (None), or (``{{ copy }}`` used) once a copy, numbered from 1, each of count 1."""
    if not numbered:
        return [None]
    count = source.keys.get("count", 1)
    copies = count if isinstance(count, int) and not isinstance(count, bool) and 0 < count <= 1000 else 1
    return [None] if copies == 1 else list(range(1, copies + 1))


class _Shared:
    """What every item of one component is made from besides its own source."""

    __slots__ = ("spec", "src", "face", "back", "moved_face", "moved_back", "layout", "what")

    def __init__(self, spec: YMap, src: Sources, face: YMap, back: YMap | None, moved_face: dict, moved_back: dict,
                 layout: str | None, what: str):
        self.spec, self.src, self.face, self.back = spec, src, face, back
        self.moved_face, self.moved_back, self.layout, self.what = moved_face, moved_back, layout, what


def _unknown_layout(name: Any, src: Sources) -> str:
    return f"no layout {show(name)} (layouts: {', '.join(sorted(src.layouts)) or 'none: add layouts: to game.yaml'})"


def _item(source: Source, index: int, copy: int | None, colour: Any, shared: _Shared,
          errors: list[DataError]) -> RowMap | None:
    src, spec, moved_face = shared.src, shared.spec, shared.moved_face
    vars = _context_vars(src, source, index)
    if copy is not None:
        vars["copy"] = copy
    if colour is not None:
        vars["player"] = _player(colour)
    before = len(errors)
    name = source.keys.get("name") or source.keys.get("title") or f"{spec.get('name')} {index + 1}"
    ctx = Context(vars, source.file, source.line, source.columns, errors,
                  f"{shared.what}, item {show(name) if type(name) is str and MARK not in name else index + 1}")
    out = RowMap()
    out.file, out.line = source.file, source.line
    out.key_lines.update(source.keys.key_lines)
    out.labels.update({k: v for k, v in source.labels.items() if not k.startswith("back.")})
    # the face's templated keys, where the item does not give the key itself
    face_part = {k: v for k, v in moved_face.items() if k not in source.keys and k != "elements"}
    render_map(face_part, ctx, out)
    own = {k: v for k, v in source.keys.items() if k not in ("elements", "back", "layout")}
    if source.sheet:  # a cell is a value, never a template: copied as written, checked below
        out.update(own)
    else:
        render_map(own, ctx, out)
    _item_elements(source, shared, ctx, out)
    _item_back(source, shared.moved_back, ctx, out)
    if "count" not in out or copy is not None:
        out["count"] = 1
    if colour is not None:
        out.player = colour.id
    if len(errors) > before:
        return None
    _recheck(out, errors)
    return out if len(errors) == before else None


def _item_elements(source: Source, shared: _Shared, ctx: Context, out: RowMap) -> None:
    """An item's elements: its layout's, then its own (or else the face's)."""
    src = shared.src
    item_layout = source.keys.get("layout", shared.layout)
    if item_layout is not None and type(item_layout) is str and MARK in item_layout and not source.sheet:
        item_layout = render(item_layout, ctx, source.keys, "layout")
    layout_elements: list = []
    if item_layout not in (None, DROP, ""):
        if item_layout in src.layouts:
            layout_elements = src.layouts[item_layout]
        else:
            ctx.fail(_unknown_layout(item_layout, src), source.labels.get("layout", ""))
    own_elements = source.keys.get("elements") if "elements" in source.keys else shared.moved_face.get("elements")
    if own_elements is not None and not isinstance(own_elements, list):  # a template: one value, not a list
        ctx.fail(f"elements: expected a list of elements (each {{type: ...}}); got {show(own_elements)}",
                 source.labels.get("elements", ""))
        own_elements = None
    if layout_elements or own_elements is not None:
        elements = expand_elements(list(layout_elements) + list(own_elements or []), ctx, [])
        if DROP_ELEMENT in elements:
            elements = YList(e for e in elements if e is not DROP_ELEMENT)
        out["elements"] = elements
        out.key_lines["elements"] = source.keys.line_of("elements") if "elements" in source.keys else source.line


def _item_back(source: Source, moved_back: dict, ctx: Context, out: RowMap) -> None:
    """An item's back: the component's templated back keys, then the item's own back."""
    item_back = source.keys.get("back")
    if moved_back or isinstance(item_back, dict):
        b = RowMap()
        b.file, b.line = source.file, source.line
        if moved_back and not (isinstance(item_back, str)):
            render_map({k: v for k, v in moved_back.items()
                        if not (isinstance(item_back, dict) and k in item_back)}, ctx, b)
        if isinstance(item_back, dict):
            if source.sheet:
                b.update(item_back)
            else:
                render_map(item_back, ctx, b)
            if isinstance(item_back, RowMap):
                b.labels.update(item_back.labels)
        out["back"] = b
    elif item_back is not None:
        out["back"] = item_back if source.sheet else render(item_back, ctx, source.keys, "back")


def _recheck(item: RowMap, errors: list[DataError]) -> None:
    """Every value a template or a cell gave, checked as the same value written in YAML would be."""
    keys = fmt.ITEM.keys
    for key, value in item.items():
        spec = keys.get(key)
        if spec is None:
            continue
        if key == "elements":
            for i, el in enumerate(value):
                if isinstance(el, RowMap):
                    _recheck_map(el, resolved(fmt.ELEMENT), errors, "element")
                elif not isinstance(el, dict):  # a template written in place of an element gave a text
                    _check_one(item, key, el, resolved(fmt.ELEMENT), errors, f"elements[{i + 1}]")
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
        if schema in AS_TEXT and type(value) is not str:
            owner[key] = str(value)  # a number a cell or an expression gave, where a text prints: 0 stays "0"
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
    face = spec.get("face")
    if layout is None and not has_template(own) and not has_template(face):
        return
    vars = dict(src.values)
    vars.update(values=src.values, variant=src.variant, index=0, copy=1, row={})
    ctx = Context(vars, spec.file, spec.line, set(), errors, f"{spec.get('kind')} {show(spec.get('name'))}")
    if isinstance(face, dict) and has_template(face):  # the board's own fill, ink ...: evaluated as a face's
        made = render_map(face, ctx, None)
        made.file, made.line = getattr(face, "file", spec.file), getattr(face, "line", spec.line)
        spec["face"] = made
        _recheck_map(made, fmt.FACE, errors, "face")
    if layout is None and not has_template(own):
        return
    elements = expand_elements(list(src.layouts.get(layout, []) if layout else []) + list(own), ctx, [])
    elements = YList(e for e in elements if e is not DROP_ELEMENT)
    elements.file, elements.line = spec.file, spec.line_of("elements")
    spec["elements"] = elements
    for el in elements:
        if isinstance(el, RowMap):
            _recheck_map(el, resolved(fmt.ELEMENT), errors, "element")
    spec.pop("layout", None)


def expand_game_drawings(drawings: Any, src: Sources, what: str, errors: list[DataError]) -> Any:
    """Game-level drawings (edge_kinds: what each kind of edge draws): their ``{{ expressions }}``, ``when``
    and ``repeat`` evaluated over the game's ``values`` (no item is there: they are drawn on every tile),
    each element then checked as written YAML is. Returned anew where anything was a template."""
    if not isinstance(drawings, dict) or not has_template(drawings):
        return drawings
    vars = dict(src.values)
    vars.update(values=src.values, variant=src.variant, index=0, copy=1, row={})
    out = YMap()
    out.file, out.line = getattr(drawings, "file", ""), getattr(drawings, "line", 0)
    out.key_lines = dict(getattr(drawings, "key_lines", {}))
    for name, d in drawings.items():
        if not (isinstance(d, YMap) and has_template(d)):
            out[name] = d
            continue
        made = YMap(d)
        made.file, made.line, made.key_lines = d.file, d.line, dict(d.key_lines)
        ctx = Context(vars, d.file, d.line, set(), errors, f"{what} {show(name)}")
        for part, value in d.items():
            if isinstance(value, list) and has_template(value):
                elements = YList(e for e in expand_elements(value, ctx, []) if e is not DROP_ELEMENT)
                elements.file, elements.line = d.file, d.line_of(part)
                made[part] = elements
                for el in elements:
                    if isinstance(el, RowMap):
                        _recheck_map(el, resolved(fmt.ELEMENT), errors, "element")
        out[name] = made
    return out


_MARKERS = (b"{{", b"{%", b"when", b"repeat", b"layout", b"items_from", b"items_csv")


def templated_files(folder: Path) -> set[str]:
    """The game's files (as messages name them) whose text holds anything model/expand.py resolves:
    a component elsewhere is not walked looking for templates (a large deck would be walked for nothing)."""
    out = set()
    for path in folder.iterdir():
        if path.suffix in (".yaml", ".yml") and path.is_file():
            data = path.read_bytes()
            if any(m in data for m in _MARKERS):
                out.add(display_path(path))
    return out
