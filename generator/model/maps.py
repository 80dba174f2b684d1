"""Checks for hex maps that the schema cannot make: every address (``"0604"``, ``[q, r]``) names a hex of
its grid, the two hexes of a hexside are neighbours, and each hex of a road follows the one before."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.errors import DataError, show
from ..source.resources import data_dir
from ..source.yamlsrc import YList, YMap, load_yaml
from .format import element_kinds

if TYPE_CHECKING:
    from ..geometry.hexmap import MapHexes


def _where(container: Any, index: Any, fallback: Any) -> tuple[str, int | None]:
    labels = getattr(container, "labels", None)
    if labels and index in labels:  # a spreadsheet's cell: systems.csv:12 (Hex)
        line = container.line_of(index)
        return (f"{container.file}:{line} ({labels[index]})" if line else f"{container.file} ({labels[index]})",
                None)
    if isinstance(container, (YMap, YList)):
        return container.file, container.line_of(index)
    return getattr(fallback, "file", "<string>"), getattr(fallback, "line", 0)


def _address(grid: MapHexes, value: Any, container: Any, index: Any, el: Any, what: str,
             errors: list[DataError]) -> tuple[int, int] | None:
    file, line = _where(container, index, el)
    try:
        h = grid.parse(value)
    except (ValueError, TypeError, IndexError) as exc:
        errors.append(DataError(f"{what}: {exc}", file, line))
        return None
    if h in grid.hidden:
        errors.append(DataError(f"{what}: hex {show(value)} is hidden (the grid's hidden: leaves it out)", file, line))
        return None
    if h not in grid.cell_set:
        shown = list(value) if isinstance(value, (list, tuple)) else value  # an int is a CCRR number
        label = f" ({grid.label(*h)})" if isinstance(value, list) and grid.style else ""
        hint = grid.closest(str(value)) if isinstance(value, str) and grid.style != "axial" else ""
        hint = f"; did you mean {hint!r}?" if hint else ""
        errors.append(DataError(f"{what}: hex {shown!r}{label} is not in this grid "
                                f"({grid.label(*grid.cells[0])} to {grid.label(*grid.cells[-1])}{hint})"
                                if grid.style else f"{what}: hex {shown!r} is not in this grid", file, line))
        return None
    return h


def _numbering(el: Any, grid: MapHexes, errors: list[DataError]) -> bool:
    """A numbering: is CCRR, A1, axial or an expression naming every hex once; False if refused."""
    from ..geometry.hexmap import STYLES  # hex maps only: a deck never loads hexmap

    numbering = el.get("numbering")
    if numbering is None:
        return True
    file, line = _where(el, "numbering", el)
    if not isinstance(numbering, str) or (numbering not in STYLES and "{{" not in numbering):
        errors.append(DataError(f"numbering: {show(numbering)} is not CCRR, A1, axial or an expression such as "
                                f"\"{{{{ col + 1 }}}}{{{{ letters(row) }}}}\"", file, line))
        return False
    if el.get("coordinates") is not None:
        errors.append(DataError("numbering: and coordinates: both say how the hexes are numbered; keep one",
                                file, line))
        return False
    if grid.style != "expression":
        return True
    try:
        names = grid.names
    except ValueError as exc:
        errors.append(DataError(f"numbering: {exc}", file, line))
        return False
    seen: dict[str, tuple[int, int]] = {}
    for h, name in names.items():
        if not name:
            errors.append(DataError(f"numbering: the hex at axial [{h[0]}, {h[1]}] gets an empty id", file, line))
            return False
        if name in seen:
            errors.append(DataError(f"numbering: two hexes get the id {name!r} (axial {list(seen[name])} and "
                                    f"{list(h)}); each hex needs its own", file, line))
            return False
        seen[name] = h
    return True


def _hidden(el: Any, errors: list[DataError]) -> bool:
    """``hidden:`` names hexes of the whole grid, and leaves at least one; False if refused."""
    from ..geometry.hexmap import MapHexes  # hex maps only

    whole = MapHexes.of({k: v for k, v in el.items() if k != "hidden"})
    hidden = el["hidden"]
    before = len(errors)
    found = {_address(whole, value, hidden, i, el, "hidden", errors) for i, value in enumerate(hidden)}
    if len(errors) > before:
        return False
    if len(found) >= len(whole.cells):
        errors.append(DataError(f"hidden: leaves none of the grid's {len(whole.cells)} hexes",
                                *_where(el, "hidden", el)))
        return False
    return True


def check_hexgrid(el: Any, errors: list[DataError]) -> bool:
    """Check a hexgrid's numbering and the hexes its marks, sides and roads name; False when its ids
    cannot be read at all."""
    if not isinstance(el, dict) or el.get("type") != "hexgrid":
        return True
    from ..geometry.hexmap import MapHexes  # a game with hex maps only: a deck of cards never loads it

    grid = MapHexes.of(el)
    if el.get("hex_offset") == "odd" and el.get("layout", "hexagon") != "rectangle":
        errors.append(DataError("hex_offset: a hexagon of hexes has no columns that drop; it is for layout: "
                                "rectangle", *_where(el, "hex_offset", el)))
    if not _numbering(el, grid, errors):
        return False  # its ids cannot be read: marks and places on it are not checked again
    if el.get("hidden") and not _hidden(el, errors):
        return False
    for i, mark in enumerate(el.get("marks") or []):
        if isinstance(mark, dict) and "hex" in mark:
            _address(grid, mark["hex"], mark, "hex", el, "mark", errors)
    _check_lines(grid, el, errors)
    return True


def _check_lines(grid: Any, el: Any, errors: list[DataError]) -> None:
    """The hexes a map's hexsides, outlines and routes name: on the map, neighbours where they must be."""
    for side in el.get("hexsides") or []:
        if isinstance(side, dict) and not _side_named(grid, side, el, errors):
            continue
        between = side.get("between") if isinstance(side, dict) else None
        if not isinstance(between, list) or len(between) < 2:
            continue
        if len(between) > 2:
            errors.append(DataError(f"a hexside lies between two hexes, not {len(between)}",
                                    *_where(side, "between", el)))
            continue
        a = _address(grid, between[0], between, 0, el, "hexside", errors)
        b = _address(grid, between[1], between, 1, el, "hexside", errors)
        if a and b and not grid.adjacent(a, b):
            errors.append(DataError(f"hexside: hexes {between[0]!r} and {between[1]!r} are not neighbours, "
                                    f"so they share no side", *_where(side, "between", el)))
    _check_routes(grid, el, errors)


def _check_routes(grid: Any, el: Any, errors: list[DataError]) -> None:
    """The hexes of a map's outlines and routes: on the map, each route's next to the one before."""
    for outline in el.get("outlines") or []:
        hexes = outline.get("hexes") if isinstance(outline, dict) else None
        for i, value in enumerate(hexes if isinstance(hexes, list) else []):
            _address(grid, value, hexes, i, el, "outline", errors)
    for route in el.get("routes") or []:
        hexes = route.get("hexes") if isinstance(route, dict) else None
        if not isinstance(hexes, list):
            continue
        prev = None
        for i, value in enumerate(hexes):
            h = _address(grid, value, hexes, i, el, "route", errors)
            if h and prev and not grid.adjacent(prev[0], h):
                errors.append(DataError(f"route: hex {value!r} does not touch {prev[1]!r} before it; list every "
                                        f"hex the {route.get('feature', 'road')} passes through",
                                        *_where(hexes, i, el)))
            prev = (h, value) if h else None


def _side_named(grid: Any, side: dict, el: Any, errors: list[DataError]) -> bool:
    """A hexside names its side one way: ``between`` two hexes (True: the caller checks them), or a
    ``hex`` and its ``sides`` by direction (checked here; False: nothing left to check). False with an
    error said where it names neither or both."""
    from ..geometry.hexmap import side_numbers  # maps only

    has_between, has_hex, has_sides = "between" in side, "hex" in side, "sides" in side
    if has_between and (has_hex or has_sides):
        errors.append(DataError("a hexside is given by between: [two hexes] or by hex: and sides:, not both",
                                *_where(side, "between", el)))
        return False
    if not has_between and not (has_hex and has_sides):
        missing = "sides: (such as \"n nw\")" if has_hex else "hex:" if has_sides else "between: [two hexes]"
        errors.append(DataError(f"this hexside needs {missing}: a side is between: two neighbouring hexes, "
                                f"or a hex: and its sides: by direction", *_where(side, "feature", el)))
        return False
    if has_between:
        return True
    _address(grid, side["hex"], side, "hex", el, "hexside", errors)
    try:
        side_numbers(side["sides"], grid.orientation)
    except ValueError as exc:
        errors.append(DataError(f"hexside: {exc}", *_where(side, "sides", el)))
    return False


def check_elements(elements: Any, errors: list[DataError], folder: Path | None = None) -> None:
    """Read each hex map's ``marks_from`` sheet (from the game's ``folder``), check the hex maps of one
    list of elements, then put each element placed at a hex (``at:``) and each link's ends where they
    fall on the page."""
    if folder is not None:
        for el in elements or []:
            if isinstance(el, YMap) and el.get("type") == "hexgrid" and el.get("marks_from") is not None:
                read_marks(el, folder, errors)
    broken = {id(el) for el in elements or [] if not check_hexgrid(el, errors)}
    place_on_grids(elements, broken, errors)


MARK_COLUMNS = ("hex", "terrain", "text", "icon", "fill")


def read_marks(el: YMap, folder: Path, errors: list[DataError]) -> None:
    """A hexgrid's ``marks_from: systems.csv`` (or ``{file: map.xlsx, sheet: Systems}``): one row a hex,
    headed hex, terrain, text, icon and fill (any case; a ``note`` column is never printed), each cell
    checked as the same value in YAML is and reported at its cell (``systems.csv:12 (Hex)``). The rows
    join the grid's own ``marks``."""
    from ..source.schema import HEX_MARK, check  # a marks_from sheet only
    from .ids import canonical_refs
    from .rowmap import RowMap, column
    from .sheets import cell_problem, field_value, read_table

    given = el["marks_from"]
    name = str(given["file"]) if isinstance(given, dict) else str(given)
    sheet = given.get("sheet") if isinstance(given, dict) else None
    where = (el.file, el.line_of("marks_from"))
    table = read_table(folder, name, None if sheet is None else str(sheet), where, errors, "marks_from")
    if table is None:
        return
    header_place = table.rows[0].file.rsplit("!R", 1)[0] + "!R1" if table.rows and not table.rows[0].line \
        else f"{table.name}:1"
    columns: dict[int, str] = {}
    for i, header in enumerate(table.headers):
        key = str(header or "").strip().lower()
        if key in MARK_COLUMNS:
            if key in columns.values():
                errors.append(DataError(f"marks_from: two columns are headed {key!r}; keep one", header_place, None))
                return
            columns[i] = key
        elif key and key != "note":
            errors.append(DataError(f"marks_from: a column headed {header!r} is not a hex mark's key ("
                                    f"{', '.join(MARK_COLUMNS)}; head it note to keep it unprinted)",
                                    header_place, None))
            return
    if "hex" not in columns.values():
        errors.append(DataError(f"marks_from: {table.name} needs a column headed hex (the hex each row marks)",
                                header_place, None))
        return
    marks = YList(el.get("marks") or [])
    marks.file, marks.line = el.file, el.line_of("marks_from")
    marks.item_lines = list(getattr(el.get("marks"), "item_lines", [])) if isinstance(el.get("marks"), YList) \
        else []
    for row in table.rows:
        mark = RowMap()
        mark.file, mark.line = row.file, row.line
        bad = False
        for i, key in columns.items():
            raw = row.cells[i] if i < len(row.cells) else None
            place = f"{row.place} ({column(table.headers[i])})"
            problem = cell_problem(raw)
            if problem:
                errors.append(DataError(f"marks_from: {problem}", place, None))
                bad = True
                continue
            value = field_value(raw)
            if isinstance(value, str) and not value.strip():
                continue
            value = str(raw).strip() if key in ("hex", "text") and isinstance(raw, str) else value
            if key != "hex" and not isinstance(value, str):
                value = str(value)
            before = len(errors)
            check(value, HEX_MARK.keys[key].schema, errors, (place, None), f"marks_from: {key}")
            if len(errors) > before:
                bad = True
                continue
            mark[key] = value
            mark.labels[key] = str(table.headers[i])
        if bad or not mark:
            continue
        if "hex" not in mark:
            errors.append(DataError("marks_from: the row names no hex", row.place, None))
            continue
        canonical_refs(mark)
        marks.append(mark)
        marks.item_lines.append(row.line)
    el["marks"] = marks


class _Grid:
    """A named hex grid of a board: its hexes and where they fall."""

    __slots__ = ("grid", "flats", "origin", "ok")

    def __init__(self, el: Any, broken: bool):
        from ..geometry.hexmap import MapHexes, grid_flats_mm  # hex maps only

        self.grid: MapHexes = MapHexes.of(el)
        self.flats = grid_flats_mm(el)
        at = el.get("at_mm")
        self.ok = not broken and isinstance(at, list) and len(at) >= 2
        self.origin = (float(at[0]), float(at[1])) if self.ok else (0.0, 0.0)


def place_on_grids(elements: Any, broken: set[int], errors: list[DataError]) -> None:
    """Turn every ``at: {grid, hex, ...}`` into the element's ``at_mm`` and every link end given as a hex
    into a point in mm, refusing an unknown grid or hex at its line."""
    if not isinstance(elements, list):
        return
    placed = [el for el in elements if isinstance(el, dict) and (
        isinstance(el.get("at"), dict) or (el.get("type") == "link" and (
            isinstance(el.get("from"), dict) or isinstance(el.get("to"), dict))))]
    if not placed:
        return
    grids: dict[str, _Grid] = {}
    for el in elements:
        if isinstance(el, dict) and el.get("type") == "hexgrid" and isinstance(el.get("id"), str):
            if el["id"] in grids:
                errors.append(DataError(f"two hex grids have the id {show(el['id'])} on this board; give each "
                                        f"its own", *_where(el, "id", el)))
                continue
            grids[el["id"]] = _Grid(el, id(el) in broken)
    for el in placed:
        if isinstance(el.get("at"), dict):
            if "at_mm" in el:
                errors.append(DataError("give at_mm or at:, not both (at: puts the element at a hex)",
                                        *_where(el, "at", el)))
                continue
            point = _point(el["at"], grids, el, "at", errors)
            if point is not None:
                el["at_mm"] = _centred(el, point)
        if el.get("type") == "link":
            before = len(errors)
            for key in ("from", "to"):
                if isinstance(el.get(key), dict):
                    point = _point(el[key], grids, el, key, errors)
                    el[key] = [round(point[0], 4), round(point[1], 4)] if point is not None else [0.0, 0.0]
            ends: list[Any] = [el.get(key) for key in ("from", "to")]
            if len(errors) == before and all(isinstance(p, list) and len(p) >= 2 for p in ends) and \
                    [float(v) for v in ends[0][:2]] == [float(v) for v in ends[1][:2]]:
                errors.append(DataError("a link from a place to the same place prints nothing; link two hexes "
                                        "(or two corners or sides)", *_where(el, "to", el)))


def _centred(el: Any, point: tuple[float, float]) -> list[float]:
    """The at_mm that puts ``el`` at ``point``: a kind with a box of its own (box, image, table, track,
    grid, terrain chart: at_mm is its top-left corner) is centred there; any other kind's at_mm point
    (a text's anchor, an icon's centre, a line's start) is the point itself."""
    x, y = point
    el["at_mm"] = [x, y]
    box = element_kinds().box_mm(el)
    if box is not None:
        x0, y0, x1, y1 = box
        x, y = x - (x1 - x0) / 2, y - (y1 - y0) / 2
    return [round(x, 4), round(y, 4)]


def _point(place: Any, grids: dict[str, _Grid], el: Any, key: str,
           errors: list[DataError]) -> tuple[float, float] | None:
    """Where ``place`` ({grid, hex, corner or side, offset_mm}) falls in mm, or None (refused)."""
    import difflib  # only for a problem

    name = place.get("grid")
    if name not in grids:
        hint = difflib.get_close_matches(str(name), list(grids), n=1, cutoff=0.5)
        known = ", ".join(sorted(grids)) or "none (give a hexgrid element an id:)"
        errors.append(DataError(f"{key}: no hex grid {show(name)} on this board or face"
                                + (f" (did you mean {hint[0]!r}?)" if hint else "") + f"; hex grids with an id "
                                f"here: {known}", *_where(place, "grid", el)))
        return None
    g = grids[name]
    if not g.ok:
        return None  # the grid itself is refused at its own line
    if "corner" in place and "side" in place:
        errors.append(DataError(f"{key}: a place is a hex's corner or its side, not both",
                                *_where(place, "side", el)))
        return None
    h = _address(g.grid, place.get("hex"), place, "hex", el, f"{key}: grid {name!r}", errors)
    if h is None:
        return None
    if "corner" in place:
        x, y = g.grid.corner(h, int(place["corner"]), g.flats)
    elif "side" in place:
        x, y = g.grid.side(h, int(place["side"]), g.flats)
    else:
        x, y = g.grid.centre(h, g.flats)
    dx, dy = (place.get("offset_mm") or (0.0, 0.0))[:2]
    return g.origin[0] + x + float(dx), g.origin[1] + y + float(dy)


# -- references an element makes (icons and terrain), which the schema cannot check ----------------

def shared_icon_names() -> list[str]:
    """The icons every game may use (data/icons.yaml), sorted."""
    path = data_dir() / "icons.yaml"
    try:
        doc = load_yaml(path, str(path))
    except (OSError, DataError):
        return []
    return sorted((doc or {}).get("icons", {}) or {}) if isinstance(doc, dict) else []


UNKNOWN_ICON = "unknown icon"


def unknown_icon(name: Any, known: Any) -> str:
    """The sentence for an icon name that is neither shared nor the game's own."""
    import difflib  # only for a problem: not loaded on every run

    hint = difflib.get_close_matches(str(name), [str(k) for k in known], n=1, cutoff=0.75)
    extra = f" (did you mean {hint[0]!r}?)" if hint else ""
    return f"{UNKNOWN_ICON} {show(name)}{extra}; use a shared icon (listed below) or define it under icons:"


def shared_icons_note(errors: list[DataError]) -> None:
    """After the first unknown icon, one line naming every shared icon (too many for each line)."""
    for i, e in enumerate(errors):
        if e.message.startswith(UNKNOWN_ICON):
            # At the unknown icon's file:line (every refusal line says where it comes from), in lines
            # short enough that the place and the names fit the one-line cap.
            lines, line = [], "the shared icons (pictured in docs/data-format.md):"
            for name in shared_icon_names():
                if len(line) + len(name) > 150:
                    lines.append(line + ",")
                    line = "shared icons, continued:"
                line += f" {name}" if line.endswith(":") else f", {name}"
            lines.append(line)
            notes = [DataError(text, e.file, e.line) for text in lines]
            for note in notes:
                note.note = True  # explains the refusal above it; not a problem of its own (cli counts)
            errors[i + 1:i + 1] = notes
            return


def check_refs(elements: Any, icons: Any, terrain: Any, errors: list[DataError],
               features: dict[str, dict[str, Any]] | None = None) -> None:
    """Every icon, terrain and map feature an element or hex mark names must exist (else it would print
    nothing); ``features``: game.yaml's own map_features."""
    for el in elements or []:
        if not isinstance(el, YMap):
            continue
        if el.get("type") == "hexgrid":
            _feature_refs(el, features, errors)
        targets = [el] + [m for m in (el.get("marks") or []) if isinstance(m, YMap)]
        for node in targets:
            icon = node.get("icon")
            if isinstance(icon, str) and icon not in icons:
                errors.append(node.error(unknown_icon(icon, icons), "icon"))
            t = node.get("terrain")
            if isinstance(t, str) and t not in terrain:
                known = ", ".join(sorted(terrain)) or "none defined"
                errors.append(node.error(f"unknown terrain {show(t)} (known: {known})", "terrain"))
        if el.get("type") == "terrain-chart":
            _chart_rows(el, terrain, errors, features)


def _feature_refs(el: YMap, features: dict[str, dict[str, Any]] | None, errors: list[DataError]) -> None:
    """Each hexside and route names a feature of its line: built in, or the game's own."""
    from ..geometry.hexmap import map_features  # maps only

    for key, line in (("hexsides", "hexside"), ("routes", "route")):
        known = map_features(features, line)
        for entry in el.get(key) or []:
            name = entry.get("feature") if isinstance(entry, YMap) else None
            if isinstance(name, str) and name not in known:
                other = "route" if line == "hexside" else "hexside"
                wrong = " (it is a " + other + " feature)" if name in map_features(features, other) else ""
                errors.append(entry.error(f"unknown {line} feature {show(name)}{wrong}; known: "
                                          f"{', '.join(known)} (add your own under game.yaml's map_features)",
                                          "feature"))


def _chart_rows(el: YMap, terrain: Any, errors: list[DataError],
                features_of_game: dict[str, dict[str, Any]] | None = None) -> None:
    """A terrain chart's rows each start with a terrain id or a hexside or route feature (its swatch)."""
    from ..geometry.hexmap import (  # a game with hex maps only: a deck never loads it
        HEXSIDE_FEATURES,
        ROUTE_FEATURES,
    )

    rows = el.get("rows")
    if not isinstance(rows, YList):
        return
    features = list(HEXSIDE_FEATURES) + list(ROUTE_FEATURES) + list(features_of_game or {})
    for i, row in enumerate(rows):
        first = row[0] if isinstance(row, list) and row else row
        if isinstance(first, str) and (first in terrain or first in features):
            continue
        errors.append(rows.error(f"row {i + 1} of this terrain chart starts with {show(first)}: a chart row's "
                                 f"first cell names a terrain ({', '.join(sorted(terrain)) or 'none defined'}) "
                                 f"or a feature ({', '.join(features)}), whose swatch and name it prints", i))
