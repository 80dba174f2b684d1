"""Checks for hex maps that the schema cannot make: every address (``"0604"``, ``[q, r]``) names a hex of
its grid, the two hexes of a hexside are neighbours, and each hex of a road follows the one before."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import DataError, show
from ..resources import data_dir
from ..yamlsrc import YList, YMap, load_yaml

if TYPE_CHECKING:
    from ..hexmap import MapHexes


def _where(container: Any, index: Any, fallback: Any) -> tuple[str, int]:
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
    if h not in grid.cell_set:
        shown = list(value) if isinstance(value, (list, tuple)) else value  # an int is a CCRR number
        label = f" ({grid.label(*h)})" if isinstance(value, list) and grid.style else ""
        errors.append(DataError(f"{what}: hex {shown!r}{label} is not in this grid "
                                f"({grid.label(*grid.cells[0])} to {grid.label(*grid.cells[-1])})"
                                if grid.style else f"{what}: hex {shown!r} is not in this grid", file, line))
        return None
    return h


def check_hexgrid(el: Any, errors: list[DataError]) -> None:
    if not isinstance(el, dict) or el.get("type") != "hexgrid":
        return
    from ..hexmap import MapHexes  # a game with hex maps only: a deck of cards never loads it

    grid = MapHexes.of(el)
    for i, mark in enumerate(el.get("marks") or []):
        if isinstance(mark, dict) and "hex" in mark:
            _address(grid, mark["hex"], mark, "hex", el, "mark", errors)
    for side in el.get("hexsides") or []:
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


def check_elements(elements: Any, errors: list[DataError]) -> None:
    for el in elements or []:
        check_hexgrid(el, errors)


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


def check_refs(elements: Any, icons: Any, terrain: Any, errors: list[DataError]) -> None:
    """Every icon and terrain an element or hex mark names must exist (else it would print nothing)."""
    for el in elements or []:
        if not isinstance(el, YMap):
            continue
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
            _chart_rows(el, terrain, errors)


def _chart_rows(el: YMap, terrain: Any, errors: list[DataError]) -> None:
    """A terrain chart's rows each start with a terrain id or a hexside or route feature (its swatch)."""
    from ..hexmap import HEXSIDE_FEATURES, ROUTE_FEATURES  # a game with hex maps only: a deck never loads it

    rows = el.get("rows")
    if not isinstance(rows, YList):
        return
    features = list(HEXSIDE_FEATURES) + list(ROUTE_FEATURES)
    for i, row in enumerate(rows):
        first = row[0] if isinstance(row, list) and row else row
        if isinstance(first, str) and (first in terrain or first in features):
            continue
        errors.append(rows.error(f"row {i + 1} of this terrain chart starts with {show(first)}: a chart row's "
                                 f"first cell names a terrain ({', '.join(sorted(terrain)) or 'none defined'}) "
                                 f"or a feature ({', '.join(features)}), whose swatch and name it prints", i))
