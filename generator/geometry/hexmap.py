"""Hex maps as wargamers write them: which hexes a ``hexgrid`` element holds, how each is numbered
(CCRR, A1 or axial), reading an address such as ``"0604"`` back into axial (q, r), and where the
side between two hexes and the line from one centre to the next fall.

Inside the code every hex is axial (q, r) (Red Blob Games' guide). A rectangle grid is laid out in
columns of flat-topped hexes, odd columns (counting the first as 0) half a hex lower ("odd-q"), or
in rows of pointy-topped hexes, odd rows half a hex to the right ("odd-r"). Printed numbers count
columns left to right and rows top to bottom from ``first`` (default 1, 1): the top-left hex of a
flat map is 0101, the one below it 0102 and the one to its right, half a hex lower, 0201.

>>> grid = MapHexes.of({"layout": "rectangle", "columns": 12, "grid_rows": 10,
...                    "coordinates": {"style": "CCRR"}})
>>> grid.label(*grid.parse("0604"))
'0604'
>>> grid.adjacent(grid.parse("1108"), grid.parse("1109"))
True
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from dataclasses import dataclass
from typing import Any

from ..base.vocabulary import Orientation
from .hexes import MM_PER_IN, SQRT3, axial_to_pixel, hexagon_of_radius, rectangle_offset

Hex = tuple[int, int]
STYLES = ("CCRR", "A1", "axial")  # and "expression": a numbering: "{{ ... }}"
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Hexside features (drawn along the edge two hexes share) and route features (centre to centre).
# Each is a stroke colour, a width as a share of the hex's flats, and an optional dash (shares too).
HEXSIDE_FEATURES: dict[str, dict[str, Any]] = {
    "river": {"stroke": "#1f6fc5", "width": 0.085, "name": "River"},
    "stream": {"stroke": "#4a90d9", "width": 0.045, "name": "Stream"},
    "wall": {"stroke": "#5a4632", "width": 0.06, "name": "Wall"},
    "cliff": {"stroke": "#7a4a1e", "width": 0.07, "dash": (0.06, 0.035), "name": "Cliff"},
    "border": {"stroke": "#b0182b", "width": 0.04, "dash": (0.12, 0.06), "name": "Border"},
}
ROUTE_FEATURES: dict[str, dict[str, Any]] = {
    "road": {"stroke": "#6b4a2b", "width": 0.06, "name": "Road"},
    "trail": {"stroke": "#6b4a2b", "width": 0.04, "dash": (0.09, 0.06), "name": "Trail"},
    "rail": {"stroke": "#222222", "width": 0.035, "ties": True, "name": "Railway"},
}


def map_features(own: dict[str, dict[str, Any]] | None, line: str) -> dict[str, dict[str, Any]]:
    """The features a ``line`` (hexside or route) may name: the built-in ones and the game's own
    (game.yaml's ``map_features``, widths and dashes in mm) of that line."""
    built_in = HEXSIDE_FEATURES if line == "hexside" else ROUTE_FEATURES
    mine = {k: dict(v) for k, v in (own or {}).items() if v.get("line") == line}
    return {**built_in, **mine}


def flats_of(size: Any, default_mm: float = 25.4, inches: bool = False) -> float:
    """A hex's size across the flats in mm, from a number (across the flats) or a mapping
    ``{flats: X}`` / ``{points: X}`` (across the corners), in mm or, with ``inches``, in inches."""
    if size is None:
        return default_mm
    unit = MM_PER_IN if inches else 1.0
    if isinstance(size, dict):
        if "points" in size:
            return float(size["points"]) * unit * SQRT3 / 2
        return float(size["flats"]) * unit
    return float(size) * unit


def offset_of(h: Hex, orientation: str) -> tuple[int, int]:
    """(column, row) of an axial hex in the odd-q (flat) or odd-r (pointy) layout."""
    q, r = h
    if orientation == Orientation.FLAT:
        return (q, r + (q - (q & 1)) // 2)
    return (q + (r - (r & 1)) // 2, r)


def axial_of(col: int, row: int, orientation: str) -> Hex:
    if orientation == Orientation.FLAT:
        return (col, row - (col - (col & 1)) // 2)
    return (col - (row - (row & 1)) // 2, row)


def column_letters(n: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (as spreadsheets count columns)."""
    out = ""
    n += 1
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def letters_column(text: str) -> int:
    n = 0
    for ch in text.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


@dataclass(frozen=True)
class MapHexes:  # no slots: its cell_set is a cached_property
    """The hexes of one map (a ``hexgrid`` element): which there are, how they are numbered and where
    they lie. (Not solo's sheet geometry, nor the element's drawing, elements.hexgrid.Hexgrid.)"""

    cells: tuple[Hex, ...]
    orientation: str
    style: str | None  # None: no printed numbers (addresses then read as CCRR)
    first: tuple[int, int]
    show: bool
    min_col: int
    min_row: int
    numbering: str | None = None  # a "{{ expression }}" of col, row, q, r naming each hex, else None
    place: str = "top"  # where printed numbers go: top, centre or bottom of the hex
    hidden: frozenset = frozenset()  # the hexes ``hidden:`` leaves out (for messages)
    # hex_offset: odd: the first column (row, pointy) sits half a hex lower (right): the cells are those
    # of the usual layout one column (row) further on, moved back by this axial step; numbers undo it
    shift: tuple[int, int] = (0, 0)

    @classmethod
    def of(cls, el: dict[str, Any]) -> "MapHexes":
        orient = el.get("orientation", Orientation.FLAT)
        shift = (0, 0)
        if el.get("layout", "hexagon") == "hexagon":
            cells = hexagon_of_radius(int(el.get("radius", 3)))
        elif el.get("hex_offset") == "odd":  # the other columns (rows) drop: the usual layout, one further on
            shift = (1, 0) if orient == Orientation.FLAT else (0, 1)
            columns, rows = int(el.get("columns", 10)), int(el.get("grid_rows", 10))
            wide = rectangle_offset(columns + shift[0], rows + shift[1], orient)
            cells = [(q - shift[0], r - shift[1]) for q, r in wide
                     if offset_of((q, r), orient)[0] >= shift[0] and offset_of((q, r), orient)[1] >= shift[1]]
        else:
            cells = rectangle_offset(int(el.get("columns", 10)), int(el.get("grid_rows", 10)), orient)
        coords = el.get("coordinates")
        style: str | None = None
        first = (1, 1)
        show = False
        if coords is True:
            style, show = "axial", True
        elif isinstance(coords, dict):
            style = coords.get("style", "CCRR")
            first = tuple(int(v) for v in (coords.get("first") or (1, 1))[:2])  # type: ignore[assignment]
            show = bool(coords.get("show", True))
        numbering = el.get("numbering")
        expression = None
        if isinstance(numbering, str) and "{{" in numbering:
            style, expression, show = "expression", numbering, True
        elif numbering in STYLES:
            style, show = numbering, True
        labels = el.get("labels")
        if labels is not None:
            show = labels != "none"
        offsets = [offset_of((q + shift[0], r + shift[1]), orient) for q, r in cells]
        grid = cls(tuple(cells), orient, style, first, show,
                   min(c for c, _ in offsets) if offsets else 0, min(r for _, r in offsets) if offsets else 0,
                   expression, labels if labels in ("centre", "bottom") else "top", shift=shift)
        hidden = el.get("hidden")
        if not hidden or not isinstance(hidden, list):
            return grid
        return grid.without(hidden)

    def without(self, addresses: list[Any]) -> "MapHexes":
        """The grid less the hexes at ``addresses`` (protograf's ``hidden``): numbered as the whole grid
        is, so the others keep their ids. An address that cannot be read is left for model/maps.py to
        refuse; a grid is never left without hexes."""
        gone = set()
        for address in addresses:
            try:
                gone.add(self.parse(address))
            except (ValueError, TypeError, IndexError):
                continue
        kept = tuple(h for h in self.cells if h not in gone)
        if not kept or len(kept) == len(self.cells):
            return self
        return dataclasses.replace(self, cells=kept, hidden=frozenset(gone))

    @property
    def address_style(self) -> str:
        """How a text address like "0604" is read: the grid's style, CCRR when it prints none."""
        return self.style if self.style in ("CCRR", "A1") else "CCRR"

    def number(self, h: Hex) -> tuple[int, int]:
        """The printed (column, row) numbers of a hex, counting from ``first``."""
        col, row = offset_of((h[0] + self.shift[0], h[1] + self.shift[1]), self.orientation)
        return (col - self.min_col + self.first[0], row - self.min_row + self.first[1])

    def label(self, q: int, r: int) -> str:
        if self.style == "expression":
            return self.names[(q, r)]
        if self.style == "axial":
            return f"{q},{r}"
        col, row = self.number((q, r))
        if self.style == "A1":
            return f"{column_letters(col - 1) if col >= 1 else col}{row}"
        width = self._digits
        return f"{col:0{width}d}{row:0{width}d}"

    @functools.cached_property
    def names(self) -> dict[Hex, str]:
        """Each hex's id by the ``numbering`` expression (``col``, ``row``: 0-based from the top-left
        hex; ``q``, ``r``: axial; ``letters(n)``: A for 0, Z for 25, AA for 26). Raises ValueError
        with a sentence when the expression fails for a hex."""
        from ..source.template import (  # only for a map numbered by expression
            SAFE_GLOBALS,
            TemplateError,
            compile_text,
        )

        if self.numbering is None:
            return {}
        try:
            template = compile_text(self.numbering)
        except TemplateError as exc:
            raise ValueError(str(exc)) from None
        unknown = [name for name in template.names if name not in _NUMBERING_FIELDS and name not in SAFE_GLOBALS]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not a hex's col, row, q or r (or letters(n))")
        out = {}
        for q, r in self.cells:
            col, row = offset_of((q + self.shift[0], r + self.shift[1]), self.orientation)
            fields = {"col": col - self.min_col, "row": row - self.min_row, "q": q, "r": r,
                      "letters": _letters}
            try:
                out[(q, r)] = str(template.render(fields)).strip()
            except TemplateError as exc:
                raise ValueError(f"for the hex at col {col - self.min_col}, row {row - self.min_row}: {exc}") \
                    from None
        return out

    @functools.cached_property
    def by_name(self) -> dict[str, Hex]:
        """Each hex by its printed id (the first hex holding an id, if two share one)."""
        out: dict[str, Hex] = {}
        for h in self.cells:
            out.setdefault(self.label(*h), h)
        return out

    def closest(self, text: str) -> str:
        """The grid's id nearest to ``text`` (for a message), or an empty string."""
        import difflib  # only for a problem

        hint = difflib.get_close_matches(str(text), list(self.by_name), n=1, cutoff=0.5)
        return hint[0] if hint else ""

    @functools.cached_property
    def cell_set(self) -> frozenset:
        """The hexes as a set, made once (an address is looked up for every mark, side and road)."""
        return frozenset(self.cells)

    @functools.cached_property
    def _digits(self) -> int:
        """Digits of a CCRR number, found once a grid (not once a label: quadratic on a large map)."""
        numbers = [self.number(h) for h in self.cells]
        return max(2, len(str(max(c for c, _ in numbers))), len(str(max(r for _, r in numbers))))

    def parse(self, address: Any) -> Hex:
        """An address as data gives it: axial ``[q, r]`` or text in the grid's style ("0604", "F4").
        Raises ValueError with a sentence when it cannot be read."""
        if isinstance(address, (list, tuple)):
            return (int(address[0]), int(address[1]))
        text = str(address).strip()
        if self.style == "expression":
            if text not in self.by_name:
                hint = self.closest(text)
                raise ValueError(f"no hex has the id {text!r}" + (f" (did you mean {hint!r}?)" if hint else "")
                                 + f"; this grid's ids run {self.label(*self.cells[0])} to "
                                   f"{self.label(*self.cells[-1])}")
            return self.by_name[text]
        style = self.address_style
        if style == "A1":
            m = re.fullmatch(r"([A-Za-z]{1,3})(\d{1,4})", text)
            if not m:
                raise ValueError(f"{text!r} is not an A1 address (column letters, then the row number: \"F4\")")
            col = letters_column(m.group(1)) + 1
            row = int(m.group(2))
        else:
            if not re.fullmatch(r"\d{4}|\d{6}", text):
                raise ValueError(f"{text!r} is not a CCRR address (column then row, two digits each: \"0604\"); "
                                 f"axial coordinates are written as a list [q, r]")
            half = len(text) // 2
            col, row = int(text[:half]), int(text[half:])
        q, r = axial_of(col - self.first[0] + self.min_col, row - self.first[1] + self.min_row, self.orientation)
        return (q - self.shift[0], r - self.shift[1])

    def adjacent(self, a: Hex, b: Hex) -> bool:
        return (b[0] - a[0], b[1] - a[1]) in NEIGHBOURS

    def centre(self, h: Hex, flats_mm: float) -> tuple[float, float]:
        return axial_to_pixel(h[0], h[1], flats_mm, self.orientation)

    def corner(self, h: Hex, n: int, flats_mm: float) -> tuple[float, float]:
        """Corner ``n`` (0-5, clockwise from the top: a flat hex's top-right corner, a pointy hex's top one)."""
        cx, cy = self.centre(h, flats_mm)
        a = math.radians((-60.0 if self.orientation == "flat" else -90.0) + 60.0 * n)
        rad = flats_mm / SQRT3
        return (cx + rad * math.cos(a), cy + rad * math.sin(a))

    def side(self, h: Hex, n: int, flats_mm: float) -> tuple[float, float]:
        """The middle of side ``n`` (0-5, clockwise from the top: a flat hex's top side, a pointy hex's
        top-right one)."""
        cx, cy = self.centre(h, flats_mm)
        a = math.radians((-90.0 if self.orientation == "flat" else -60.0) + 60.0 * n)
        return (cx + flats_mm / 2 * math.cos(a), cy + flats_mm / 2 * math.sin(a))


SIDE_NAMES = {Orientation.FLAT: ("n", "ne", "se", "s", "sw", "nw"),  # side 0 to 5, clockwise from the top
              Orientation.POINTY: ("ne", "e", "se", "sw", "w", "nw")}


def side_numbers(words: Any, orientation: str) -> list[int]:
    """The side numbers (0-5) of direction words ("n nw", or a list of them) on a hex of ``orientation``;
    a ValueError names a word that is not one of its six."""
    names = SIDE_NAMES[Orientation(orientation)]
    parts = words.split() if isinstance(words, str) else [str(w) for w in words]
    out = []
    for word in parts:
        if word.lower() not in names:
            raise ValueError(f"{word!r} is not a side of a {orientation}-top hex: its sides are {' '.join(names)}")
        out.append(names.index(word.lower()))
    if not out:
        raise ValueError(f"no side named: give one or more of {' '.join(names)}")
    return out


def side_ends(grid: "MapHexes", h: Hex, n: int, flats_mm: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of hex ``h``'s side ``n`` (clockwise from the top, as :meth:`MapHexes.side`)."""
    first = (n - 1) % 6 if grid.orientation == Orientation.FLAT else n  # the corner before the side
    return grid.corner(h, first, flats_mm), grid.corner(h, (first + 1) % 6, flats_mm)


Point = tuple[float, float]


def _key(p: Point) -> tuple[float, float]:
    return (round(p[0], 3), round(p[1], 3))


def chained(segments: list[tuple[Point, Point]]) -> list[list[Point]]:
    """Segments joined end to end into as few lines as their ends allow: a river of many hexsides one
    line (its bends joined, its dashes running on), a closed run ending where it began. Runs start at
    a free end where there is one; where three meet, a run goes on along the first it finds."""
    ends: dict[tuple[float, float], list[int]] = {}
    for i, (a, b) in enumerate(segments):
        ends.setdefault(_key(a), []).append(i)
        ends.setdefault(_key(b), []).append(i)
    used: set[int] = set()
    lines = []
    free = [i for i, (a, b) in enumerate(segments) if len(ends[_key(a)]) == 1 or len(ends[_key(b)]) == 1]
    for i in free + list(range(len(segments))):
        if i in used:
            continue
        used.add(i)
        a, b = segments[i]
        if len(ends[_key(a)]) != 1 and len(ends[_key(b)]) == 1:
            a, b = b, a  # start at the free end
        line = [a, b]
        while True:
            following = [j for j in ends[_key(line[-1])] if j not in used]
            if not following:
                break
            used.add(following[0])
            p, q = segments[following[0]]
            line.append(q if _key(p) == _key(line[-1]) else p)
        lines.append(line)
    return lines


def outline_of(grid: "MapHexes", hexes: list[Hex], flats_mm: float) -> list[list[Point]]:
    """The edge of a set of hexes: the sides no two of them share, joined into closed lines (one for
    each separate region, and one round each hole)."""
    count: dict[tuple, int] = {}
    sides: dict[tuple, tuple[Point, Point]] = {}
    for h in dict.fromkeys(hexes):
        for n in range(6):
            a, b = side_ends(grid, h, n, flats_mm)
            key = tuple(sorted((_key(a), _key(b))))
            count[key] = count.get(key, 0) + 1
            sides[key] = (a, b)
    return chained([sides[k] for k, n in count.items() if n == 1])


_NUMBERING_FIELDS = ("col", "row", "q", "r", "letters")  # what a numbering expression may name


def _letters(n: Any) -> str:
    """letters(0) is A, letters(25) Z, letters(26) AA (a numbering expression's helper)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < 100_000:
        raise ValueError(f"letters() counts from 0; {n!r} is not a whole number from 0")
    return column_letters(n)


def grid_flats_mm(el: dict[str, Any]) -> float:
    """A hexgrid element's hex size across the flats in mm (from hex_in or hex_mm)."""
    return flats_of(el["hex_in"], inches=True) if "hex_in" in el else flats_of(el.get("hex_mm"))


def grid_cells(el: dict[str, Any]) -> tuple[list[Hex], float, str]:
    """A hexgrid element's hexes (axial), its size across the flats in mm and its orientation."""
    return list(MapHexes.of(el).cells), grid_flats_mm(el), el.get("orientation", Orientation.FLAT)


def hexside(a: tuple[float, float], b: tuple[float, float], flats_mm: float) -> tuple[tuple[float, float],
                                                                                      tuple[float, float]]:
    """The two ends of the side shared by neighbouring hexes centred at ``a`` and ``b``."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    half = flats_mm / SQRT3 / 2  # a side is as long as the corner radius
    nx, ny = -dy / length * half, dx / length * half
    return ((mx - nx, my - ny), (mx + nx, my + ny))
