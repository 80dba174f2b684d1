"""Checks beyond the shape of the data: keys that would validate but print nothing on this kind of
piece or element, things placed outside their board, two marks on one hex, ragged tables.

Errors stop a build; warnings (``game.warnings``) are printed by ``validate`` and ``build`` with
their file:line and the kit is still made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from ..errors import DataError, show
from ..geometry import axial_to_pixel
from ..vocabulary import Anchor, Orientation
from ..yamlsrc import YList, YMap

if TYPE_CHECKING:
    from .files import DrawingChecks

PIECE_KINDS = ("hex-tile", "square-tile", "token", "counter")

# Face keys that only a card can print, and what to use instead on a tile, token or counter.
CARD_ONLY = {
    "sections": "headings, bullets and tables need a card or a sheet; on a {kind} use text (one short "
                "paragraph) or footer",
    "band": "band colours a card's title band; a {kind} has none (use fill)",
}

# Face keys a card cannot print
PIECE_ONLY = {
    "stroke": "a line along the cut prints on tiles, tokens and counters; a card's edge is its cut (use band "
              "or a box element for a frame)",
    "stroke_mm": "a line along the cut prints on tiles, tokens and counters",
}


def check_face_keys(kind: str, face: Any, errors: list[DataError]) -> None:
    """Refuse face keys this kind of piece cannot print."""
    if isinstance(face, YMap) and kind == "card":
        for key, why in PIECE_ONLY.items():
            if key in face:
                errors.append(face.error(f"{key} does not print on a card: {why}", key))
    if not isinstance(face, YMap) or kind not in PIECE_KINDS:
        return
    for key, why in CARD_ONLY.items():
        if key in face:
            errors.append(face.error(f"{key} does not print on a {kind}: {why.format(kind=kind)}", key))


BOARD_FACE = {"fill", "ink", "pattern", "terrain", "image", "image_fit", "font"}
WHOLE_KIND_KEYS = {
    "board": {"items": "a board is one piece: draw on it with elements", "back": "a board has no back"},
    "sheet": {"items": "a sheet is a page of sections", "back": "a sheet is printed one-sided",
              "face": "a sheet prints its sections only", "elements": "a sheet prints its sections only"},
}


def check_whole(spec: Any, errors: list[DataError]) -> None:
    """Keys a board or a sheet cannot print."""
    if not isinstance(spec, YMap):
        return
    kind: Any = spec.get("kind")
    for key, why in WHOLE_KIND_KEYS.get(kind, {}).items():
        if key in spec:
            errors.append(spec.error(f"{key} does not print on a {kind}: {why}", key))
    face = spec.get("face")
    if kind == "board" and isinstance(face, YMap):
        for key in face:
            if key not in BOARD_FACE and key != "elements":
                errors.append(face.error(f"{key} does not print on a board's face (it takes "
                                         f"{', '.join(sorted(BOARD_FACE))}); put text on a board with a text "
                                         f"or box element", key))
        if "elements" in face:
            errors.append(face.error("a board's elements go under the component (elements:), not its face",
                                     "elements"))


def check_colours(main: Any, colours: Iterable[Any], errors: list[DataError]) -> None:
    """Each player colour listed once."""
    ids: set[str] = set()
    cols: Any = main.get("colours") or []  # a YList where any colour is listed
    for i, colour in enumerate(colours):
        if colour.id in ids:
            errors.append(cols.error(f"player colour {show(colour.id)} is listed twice", i))
        ids.add(colour.id)


def check_card_rotate(face: Any, errors: list[DataError]) -> None:
    if isinstance(face, YMap) and "rotate" in face:
        turn = face["rotate"]
        if isinstance(turn, (int, float)) and turn % 90:
            errors.append(face.error(f"a card turns its face by 90, 180 or 270 degrees, not {turn}: "
                                     f"its text must stay inside the card", "rotate"))


# Where an element takes ``none`` for a colour (drawn without that paint); elsewhere it is refused.
_NONE_TAKEN = {"fill": ("box", "polygon"), "stroke": ("box", "polygon")}
_PLAYER_WORDS = ("player", "player-ink")
_COLOUR_KEYS = ("fill", "stroke", "ink", "sectors")


def element_colours(el: YMap, kind: str, per_player: bool, errors: list[DataError]) -> None:
    """The colour keywords an element's keys take where it is drawn: ``player`` and ``player-ink``
    name the colour of a per-player board's copy (nowhere else is there one); ``none`` only where
    the element draws without that paint."""
    for key in ("fill", "stroke"):
        if el.get(key) == "none" and kind not in _NONE_TAKEN[key]:
            errors.append(el.error(f"{key}: none does not print on a {kind} element (none is taken by "
                                   f"{', '.join(_NONE_TAKEN[key])} elements); give a colour", key))
    if per_player:
        return
    for key, value, owner in _colours_within(el):
        if value in _PLAYER_WORDS:
            errors.append(owner.error(f"{key}: {value} names the player colour of a per_player board's copy; "
                                      "this has none (add per_player: true to the board, or give a colour)",
                                      key))


def player_colours(el: Any) -> Iterable[tuple[str, Any, Any]]:
    """(key, player or player-ink, the mapping holding it) for each player colour word in an element."""
    return ((key, value, owner) for key, value, owner in _colours_within(el) if value in _PLAYER_WORDS)


def _colours_within(value: Any) -> Iterable[tuple[str, Any, Any]]:
    """(key, colour, the mapping holding it) for every colour key in an element, its marks, hexsides
    and routes included."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, YMap):
            for key, item in node.items():
                if key in _COLOUR_KEYS:
                    for one in (item if isinstance(item, list) else [item]):
                        yield key, one, node
                elif isinstance(item, (YMap, YList)):
                    stack.append(item)
        elif isinstance(node, YList):
            stack.extend(node)


def element_problems(elements: Any, box: tuple[float, float, float, float] | None, what: str,
                     errors: list[DataError], warnings: list[DataError], per_player: bool = False,
                     drawing: DrawingChecks | None = None) -> None:
    """Check each element's keys against its type, its colour keywords (``per_player``: a board
    printed once per player colour), and (with ``box``: x0, y0, x1, y1 in mm) that text and hex
    grids sit inside the board or piece (a text's width measured by ``drawing``)."""
    if not isinstance(elements, YList):
        return
    from ..elements import key_problems  # the element kinds: a game without elements never loads them

    for el in elements:
        if not isinstance(el, YMap) or not isinstance(el.get("type"), str):
            continue
        kind = el["type"]
        element_colours(el, kind, per_player, errors)
        for key, message in key_problems(el):
            errors.append(el.error(message, key))
        if box is not None:
            _inside(el, box, what, errors, warnings, drawing)
        if kind == "hexgrid":
            _marks(el, errors)
    if what == "board":
        _over_grids(elements, warnings)


def _inside(el: YMap, box: tuple[float, float, float, float], what: str, errors: list[DataError],
            warnings: list[DataError], drawing: DrawingChecks | None) -> None:
    at = el.get("at_mm")
    if not (isinstance(at, list) and len(at) >= 2 and all(isinstance(v, (int, float)) for v in at[:2])):
        return
    x0, y0, x1, y1 = box
    x, y = float(at[0]), float(at[1])
    kind = el["type"]
    if kind == "text":
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            errors.append(el.error(f"this text at [{x:g}, {y:g}] mm is outside the {what} "
                                   f"({_box_text(box)}); it would not print", "at_mm"))
            return
        if drawing is None:
            return
        from ..elements.text import Text  # the element kinds: a game without elements never loads them

        text = Text(el)
        size = float(text.size_pt)
        width = drawing.text_width_mm(str(text.text), size, str(el.get("font", "regular")))
        anchor = text.anchor
        left = x - (width / 2 if anchor == Anchor.MIDDLE else width if anchor == Anchor.END else 0.0)
        if left < x0 - 0.01 or left + width > x1 + 0.01:
            warnings.append(el.error(f"this text runs {width:.1f} mm from x = {left:.1f} mm, past the edge of "
                                     f"the {what} ({_box_text(box)}); it is cut off", "text"))
    elif kind == "hexgrid":
        from ..hexmap import grid_cells  # a game with hex maps only: a deck of cards never loads it

        try:
            cells, flats, orient = grid_cells(el)
        except (TypeError, ValueError, KeyError):
            return
        r = flats / 3 ** 0.5
        half_w, half_h = (r, flats / 2) if orient == Orientation.FLAT else (flats / 2, r)
        xs = [axial_to_pixel(q, rr, flats, orient) for q, rr in cells]
        gx0 = x + min(p[0] for p in xs) - half_w
        gx1 = x + max(p[0] for p in xs) + half_w
        gy0 = y + min(p[1] for p in xs) - half_h
        gy1 = y + max(p[1] for p in xs) + half_h
        if gx0 < x0 - 0.5 or gy0 < y0 - 0.5 or gx1 > x1 + 0.5 or gy1 > y1 + 0.5:
            errors.append(el.error(f"this hex grid spans x {gx0:.1f} to {gx1:.1f} mm and y {gy0:.1f} to "
                                   f"{gy1:.1f} mm, past the {what} ({_box_text(box)}); move it (at_mm), make "
                                   f"the hexes smaller or the grid fewer", "at_mm"))


def _rect(el: YMap) -> tuple[float, float, float, float] | None:
    """x0, y0, x1, y1 of a covering element, in mm (None if its keys are not plain numbers)."""
    from ..elements import kind_of  # the element kinds: a game without elements never loads them

    try:
        return kind_of(el)(el).box_mm()
    except (TypeError, ValueError, KeyError, IndexError):
        return None


def _over_grids(elements: YList, warnings: list[DataError]) -> None:
    """Warn about a box, table, chart, track or picture placed over the hexes of a map on the same
    board: one of them hides the other. A hex counts as its inscribed circle, so an element tucked
    into the notches along a grid's edge is fine."""
    from ..elements import COVERING  # the element kinds: a game without elements never loads them
    from ..hexmap import MapHexes, grid_cells  # a game with hex maps only: a deck of cards never loads it

    grids = []
    for el in elements:
        if isinstance(el, YMap) and el.get("type") == "hexgrid":
            try:
                cells, flats, orient = grid_cells(el)
                ox, oy = float(el["at_mm"][0]), float(el["at_mm"][1])
                grid = MapHexes.of(el)
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
        rect = _rect(el)
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
                    warnings.append(el.error(f"this {el['type']} (x {x0:g} to {x1:g} mm, y {y0:g} to {y1:g} mm) "
                                             f"lies over hex {where} of the hex grid at line {gel.line}; one "
                                             f"hides the other: move it (at_mm) or make it smaller, or give it over_map: true "
                                             f"if it is meant to lie there", "at_mm"))
                    break
            else:
                continue
            break


def _box_text(box: tuple[float, float, float, float]) -> str:
    x0, y0, x1, y1 = box
    return f"x {x0:g} to {x1:g} mm, y {y0:g} to {y1:g} mm"


def _marks(el: YMap, errors: list[DataError]) -> None:
    """Two marks on one hex (only one would print). Marks off the grid: model.maps."""
    marks = el.get("marks")
    if not isinstance(marks, YList):
        return
    from ..hexmap import MapHexes  # a game with hex maps only: a deck of cards never loads it

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


def ragged_tables(value: Any, warnings: list[DataError]) -> None:
    """Warn about tables whose rows have different numbers of cells (missing cells print empty)."""
    if isinstance(value, YMap):
        rows = value.get("rows")
        if isinstance(rows, YList) and any(isinstance(r, list) for r in rows):
            header = value.get("header")
            lengths = [len(r) if isinstance(r, list) else 1 for r in rows]
            want = len(header) if isinstance(header, list) else max(lengths)
            for i, n in enumerate(lengths):
                row = rows[i] if isinstance(rows[i], list) else [rows[i]]
                if all(str(c).strip() == "" for c in row):
                    continue  # a blank row is a spacer
                if n != want:
                    warnings.append(rows.error(f"table row {i + 1} has {n} cell{'s' if n != 1 else ''} where "
                                               f"the table has {want}; the missing cells print empty", i))
        for item in value.values():
            ragged_tables(item, warnings)
    elif isinstance(value, YList):
        for item in value:
            ragged_tables(item, warnings)


def faces_of(spec: YMap) -> Iterable[Any]:
    """Every face mapping of a component: its face, its back, each item and each item's back."""
    if isinstance(spec.get("face"), YMap):
        yield spec["face"]
    if isinstance(spec.get("back"), YMap):
        yield spec["back"]
    for item in spec.get("items") or []:
        if isinstance(item, YMap):
            yield item
            if isinstance(item.get("back"), YMap):
                yield item["back"]


def check_pack_with(specs: Iterable[Any], comps: dict[str, Any], errors: list[DataError]) -> None:
    """``pack_with`` names another one-sided piece component, and no chain of them loops."""
    targets: dict[str, str] = {}
    for spec in specs:
        if not isinstance(spec, YMap) or not isinstance(spec.get("pack_with"), str):
            continue
        me: Any = spec.get("id")
        target = spec["pack_with"]
        comp, other = comps.get(me), comps.get(target)
        if target == me:
            errors.append(spec.error("pack_with names this component itself; name the component whose sheet "
                                     "its pieces should share", "pack_with"))
            continue
        if other is None:
            import difflib  # only for a problem: not loaded on every run

            hint = difflib.get_close_matches(target, list(comps), n=1, cutoff=0.75)
            extra = f" (did you mean {hint[0]!r}?)" if hint else ""
            errors.append(spec.error(f"pack_with: no component {show(target)}{extra}; it names the component "
                                     f"whose sheet these pieces share", "pack_with"))
            continue
        for c in (comp, other):
            if c is None:
                continue
            if c.kind not in PIECE_KINDS + ("card",):
                errors.append(spec.error(f"pack_with shares sheets between pieces (tiles, tokens, counters, "
                                         f"cards); {show(c.id)} is a {c.kind}", "pack_with"))
                break
            if c.double_sided:
                errors.append(spec.error(f"pack_with shares sheets between one-sided pieces; {show(c.id)} has "
                                         f"backs, printed on fronts and backs pages of its own", "pack_with"))
                break
        else:
            targets[me] = target
    for start in targets:
        seen, at = [start], targets.get(start)
        while at is not None and at not in seen:
            seen.append(at)
            at = targets.get(at)
        if at == start:
            spec = next(s for s in specs if isinstance(s, YMap) and s.get("id") == start)
            errors.append(spec.error(f"pack_with goes round in a loop ({' -> '.join(seen + [start])}); one of "
                                     f"them must lead", "pack_with"))
            break
