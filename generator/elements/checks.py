"""The element kinds as the model sees them (handed to it by :func:`generator.build.loading.load_game`
through :func:`generator.model.format.use_element_kinds`): the schema of every key, and the checks only
the kinds can make: a key another kind prints, text and hex grids placed outside their board or piece,
two marks on one hex, a box laid over a map's hexes, and where a covering element's box lies.

Not imported with the kinds (``generator/elements/__init__.py`` leaves it out): it reads them whole."""

from __future__ import annotations

from typing import Any, Callable

from ..base.errors import DataError
from ..base.vocabulary import Anchor, Orientation
from ..geometry.hexes import axial_to_pixel
from ..model.checks import element_colours
from ..source.yamlsrc import YList, YMap
from . import COVERING, ELEMENT, KINDS, key_problems, missing
from .text import Text

__all__ = ["ELEMENT", "box_mm", "box_text", "drawn_sizes", "element_problems", "grid_span", "key_problems", "missing",
           "painted_mm"]


def painted_mm(el: dict[str, Any]) -> tuple[float, float, float, float] | None:
    """x0, y0, x1, y1 in mm of what ``el`` paints, where that is known without laying out text: a
    covering kind's box (:func:`box_mm`), or an icon's square about its centre; else None."""
    at = anchor_mm(el) if el.get("type") == "icon" else None
    if at is None:
        return box_mm(el)
    try:
        size = float((el.get("size_mm") or [15])[0])
    except (TypeError, ValueError, IndexError):
        return None
    return at[0] - size / 2, at[1] - size / 2, at[0] + size / 2, at[1] + size / 2


def box_mm(el: dict[str, Any]) -> tuple[float, float, float, float] | None:
    """x0, y0, x1, y1 in mm of an element of a kind with a box of its own (box, image, table, track,
    grid, terrain chart), or None (another kind, or keys that are not plain numbers)."""
    kind = KINDS.get(el.get("type"))  # type: ignore[arg-type]
    if kind is None or not kind.COVERS:
        return None
    try:
        return kind(el).box_mm()
    except (TypeError, ValueError, KeyError, IndexError):
        return None


def element_problems(elements: Any, box: tuple[float, float, float, float] | None, what: str,
                     errors: list[DataError], warnings: list[DataError], per_player: bool = False,
                     text_width_mm: Callable[[str, float, str], float] | None = None) -> None:
    """Check each element's keys against its type, its colour keywords (``per_player``: a board
    printed once per player colour), and (with ``box``: x0, y0, x1, y1 in mm) that text and hex
    grids sit inside the board or piece (a text's width measured by ``text_width_mm``)."""
    if not isinstance(elements, YList):
        return
    for el in elements:
        if not isinstance(el, YMap) or not isinstance(el.get("type"), str):
            continue
        kind = el["type"]
        element_colours(el, kind, per_player, errors)
        for key, message in key_problems(el):
            errors.append(el.error(message, key))
        if box is not None:
            _inside(el, box, what, errors, warnings, text_width_mm)
        if kind == "hexgrid":
            _marks(el, errors)
    if what == "board":
        _over_grids(elements, warnings)
    _overlaps(elements, warnings)
    _hidden(elements, warnings)


OVERLAP_MM = 0.5  # less than this either way is two edges meeting, not one element over another


def _overlaps(elements: YList, warnings: list[DataError]) -> None:
    """Warn where an element with a box of its own (box, picture, track, grid, chart) lies partly over
    another: one hides part of the other. One inside another (a box on a picture) is meant, and so is
    one given over_map: true; a table's size is the most room its rows may take (they stand at its top),
    so tables are left out."""
    boxes = []
    for el in elements:
        if isinstance(el, YMap) and el.get("type") in COVERING and el.get("type") != "table" \
                and el.get("over_map") is not True:
            rect = box_mm(el)
            if rect is not None:
                boxes.append((el, rect))
    for i, (el, (x0, y0, x1, y1)) in enumerate(boxes):
        for other, (u0, v0, u1, v1) in boxes[:i]:
            w, h = min(x1, u1) - max(x0, u0), min(y1, v1) - max(y0, v0)
            inside = _within((x0, y0, x1, y1), (u0, v0, u1, v1)) or _within((u0, v0, u1, v1), (x0, y0, x1, y1))
            if w > OVERLAP_MM and h > OVERLAP_MM and not inside:
                warnings.append(el.error(f"this {el['type']} ({box_text((x0, y0, x1, y1))}) lies {w:.1f} x {h:.1f} "
                                         f"mm over the {other['type']} at line {written_line(other)} "
                                         f"({box_text((u0, v0, u1, v1))}): one hides part of the other; move "
                                         f"one (at_mm) or make it smaller", "at_mm"))
                break


def _hidden(elements: YList, warnings: list[DataError]) -> None:
    """Warn where a filled box hides what is listed before it: elements are drawn in the order listed,
    each over those before, so a background listed last covers a cost box or a text inside it. An
    element shown by ``when:`` or drawn by ``repeat:`` is left out (it may not be drawn)."""
    drawn: list[tuple[YMap, tuple[float, float, float, float]]] = []
    for el in elements:
        if not isinstance(el, YMap) or "when" in el or "repeat" in el:
            continue
        cover = _filled_box(el)
        if cover is not None:
            under = [(other, region) for other, region in drawn if _within(region, cover)]
            if under:
                (other, region), more = under[0], f" and {len(under) - 1} more" if len(under) > 1 else ""
                where = f"at x {region[0]:g} mm, y {region[1]:g} mm" if other["type"] == "text" \
                    else f"({box_text(region)})"
                warnings.append(el.error(f"this box ({box_text(cover)}) is filled and drawn over the "
                                         f"{other['type']} {where}{more}, listed before it and lying under it: "
                                         f"elements are drawn in the order they are listed; list the box first, "
                                         f"as a background", "at_mm"))
        drawn_at = _drawn_region(el)
        if drawn_at is not None:
            drawn.append((el, drawn_at))


def _within(inner: tuple[float, float, float, float], outer: tuple[float, float, float, float]) -> bool:
    """Whether the box ``inner`` (x0, y0, x1, y1) lies wholly inside ``outer``."""
    return outer[0] <= inner[0] and inner[2] <= outer[2] and outer[1] <= inner[1] and inner[3] <= outer[3]


def _filled_box(el: YMap) -> tuple[float, float, float, float] | None:
    """A box that paints over what is under it (a fill or a terrain, not see-through), where it lies."""
    if el.get("type") != "box" or (el.get("fill", "none") in ("none", None) and not el.get("terrain")):
        return None
    opacity = el.get("opacity", 1)
    return box_mm(el) if isinstance(opacity, (int, float)) and opacity >= 1 else None


def _drawn_region(el: YMap) -> tuple[float, float, float, float] | None:
    """Where an element draws, as far as known without laying out text: a text by its anchor point."""
    if el.get("type") != "text":
        return painted_mm(el)
    at = anchor_mm(el)
    return None if at is None else (at[0], at[1], at[0], at[1])


def anchor_mm(el: dict[str, Any]) -> tuple[float, float] | None:
    """x, y in mm of the point an element is placed at (``at_mm``), or None where it is not numbers."""
    try:
        return float(el["at_mm"][0]), float(el["at_mm"][1])
    except (TypeError, ValueError, KeyError, IndexError):
        return None


def written_line(el: YMap) -> int:
    """The line an element is written at: a layout's, for an element made from it for a spreadsheet row
    (whose own line is the row's)."""
    written = getattr(el, "template_at", "")
    return int(written.rpartition(":")[2]) if written else el.line


def _inside(el: YMap, box: tuple[float, float, float, float], what: str, errors: list[DataError],
            warnings: list[DataError], text_width_mm: Callable[[str, float, str], float] | None) -> None:
    at = el.get("at_mm")
    if not (isinstance(at, list) and len(at) >= 2 and all(isinstance(v, (int, float)) for v in at[:2])):
        return
    x0, y0, x1, y1 = box
    x, y = float(at[0]), float(at[1])
    kind = el["type"]
    if kind == "text":
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            errors.append(el.error(f"this text at [{x:g}, {y:g}] mm is outside the {what} "
                                   f"({box_text(box)}); it would not print", "at_mm"))
            return
        if text_width_mm is None:
            return
        text = Text(el)
        size = float(text.size_pt)
        width = text_width_mm(str(text.text), size, str(el.get("font", "regular")))
        anchor = text.anchor
        left = x - (width / 2 if anchor == Anchor.MIDDLE else width if anchor == Anchor.END else 0.0)
        if left < x0 - 0.01 or left + width > x1 + 0.01:
            warnings.append(el.error(f"this text runs {width:.1f} mm from x = {left:.1f} mm, past the edge of "
                                     f"the {what} ({box_text(box)}); it is cut off", "text"))
    elif kind == "hexgrid":
        span = grid_span(el)
        if span is None:
            return
        gx0, gy0, gx1, gy1 = span
        if gx0 < x0 - 0.5 or gy0 < y0 - 0.5 or gx1 > x1 + 0.5 or gy1 > y1 + 0.5:
            errors.append(el.error(f"this hex grid spans x {gx0:.1f} to {gx1:.1f} mm and y {gy0:.1f} to "
                                   f"{gy1:.1f} mm, past the {what} ({box_text(box)}); move it (at_mm), make "
                                   f"the hexes smaller or the grid fewer", "at_mm"))


def grid_span(el: dict[str, Any]) -> tuple[float, float, float, float] | None:
    """x0, y0, x1, y1 in mm of a hex grid's hexes as drawn (its at_mm the first hex's centre), or None."""
    from ..geometry.hexmap import grid_cells  # a game with hex maps only: a deck of cards never loads it

    try:
        cells, flats, orient = grid_cells(el)
        x, y = float(el["at_mm"][0]), float(el["at_mm"][1])
    except (TypeError, ValueError, KeyError, IndexError):
        return None
    r = flats / 3 ** 0.5
    half_w, half_h = (r, flats / 2) if orient == Orientation.FLAT else (flats / 2, r)
    xs = [axial_to_pixel(q, rr, flats, orient) for q, rr in cells]
    return (x + min(p[0] for p in xs) - half_w, y + min(p[1] for p in xs) - half_h,
            x + max(p[0] for p in xs) + half_w, y + max(p[1] for p in xs) + half_h)


def drawn_sizes(elements: Any) -> list[tuple[Any, tuple[float, float, float, float]]]:
    """Each element of ``elements`` that draws a box or grid of its own, with where it is drawn (x0, y0,
    x1, y1 in mm): what ``validate --sizes`` prints."""
    out = []
    for el in elements or []:
        if not isinstance(el, dict):
            continue
        rect = grid_span(el) if el.get("type") == "hexgrid" else box_mm(el)
        if rect is not None:
            out.append((el, rect))
    return out


def _over_grids(elements: YList, warnings: list[DataError]) -> None:
    """Warn about a box, table, chart, track or picture placed over the hexes of a map on the same
    board: one of them hides the other. A hex counts as its inscribed circle, so an element tucked
    into the notches along a grid's edge is fine."""
    from ..geometry.hexmap import (  # a game with hex maps only: a deck of cards never loads it
        MapHexes,
        grid_cells,
    )

    grids = []
    for el in elements:
        if isinstance(el, YMap) and el.get("type") == "hexgrid":
            try:
                cells, flats, orient = grid_cells(el)
                ox, oy = float(el["at_mm"][0]), float(el["at_mm"][1])
                grid = MapHexes.of(el)
                if grid.style == "expression":
                    _ = grid.names  # a numbering that fails for a hex is refused on its own line (model/maps.py)
            except (TypeError, ValueError, KeyError, IndexError):
                continue
            centres = [(q, r, ox + px, oy + py) for q, r in cells for px, py in [axial_to_pixel(q, r, flats, orient)]]
            grids.append((el, grid, flats / 2, centres))
    if not grids:
        return
    order = {id(el): n for n, el in enumerate(elements)}
    for el in elements:
        if not isinstance(el, YMap) or el.get("type") not in COVERING or el.get("over_map") is True:
            continue
        rect = box_mm(el)
        if rect is None:
            continue
        x0, y0, x1, y1 = rect
        for gel, grid, apothem, centres in grids:
            if order[id(el)] < order[id(gel)] and all(x0 <= cx <= x1 and y0 <= cy <= y1 for _, _, cx, cy in centres):
                continue  # the map's background, drawn first and under all of it: the sea round an island
            for q, r, cx, cy in centres:
                dx = max(x0 - cx, 0.0, cx - x1)
                dy = max(y0 - cy, 0.0, cy - y1)
                if dx * dx + dy * dy < (apothem - 0.5) ** 2:
                    where = grid.label(q, r) if grid.style != "axial" else f"[{q}, {r}]"
                    warnings.append(el.error(f"this {el['type']} ({box_text(rect)}) "
                                             f"lies over hex {where} of the hex grid at line {gel.line}; one "
                                             f"hides the other: move it (at_mm) or make it smaller, or give it over_map: true "
                                             f"if it is meant to lie there", "at_mm"))
                    break
            else:
                continue
            break


def box_text(box: tuple[float, float, float, float]) -> str:
    """A box as a message says where it lies: "x 0 to 10 mm, y 5 to 8 mm"."""
    x0, y0, x1, y1 = box
    return f"x {x0:g} to {x1:g} mm, y {y0:g} to {y1:g} mm"


def _marks(el: YMap, errors: list[DataError]) -> None:
    """Two marks on one hex (only one would print). Marks off the grid: model.maps."""
    marks = el.get("marks")
    if not isinstance(marks, YList):
        return
    from ..geometry.hexmap import MapHexes  # a game with hex maps only: a deck of cards never loads it

    try:
        grid = MapHexes.of(el)
    except (TypeError, ValueError, KeyError):
        return
    seen: dict[tuple, tuple[int, Any]] = {}
    for i, mark in enumerate(marks):
        if not isinstance(mark, YMap) or "hex" not in mark:
            continue
        try:
            where = grid.parse(mark["hex"])
        except (TypeError, ValueError, IndexError):
            continue
        if where in seen:
            line, first = seen[where]
            shown = mark["hex"] if isinstance(mark["hex"], str) else list(mark["hex"])
            errors.append(marks.error(f"two marks on hex {shown!r} (the first, {first!r}, at line {line}); "
                                      f"only one would print: put both in one mark", i))
            continue
        seen[where] = (marks.line_of(i), list(mark["hex"]) if isinstance(mark["hex"], (list, tuple)) else mark["hex"])
