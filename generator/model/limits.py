"""How much work one game's build may ask for, checked before anything is drawn.

A kit is drawn in memory and every file written at the end, so what a build costs grows with what
the data asks for: pieces, pages, the area of the boards and the shapes and lines of text drawn. Each
is bounded here, far above every bundled game (see ``docs/data-format.md``, "Limits", for the
figures), so that no input runs for minutes or takes more than about 300 MB:

* **pieces**: at most :data:`PIECES_PER_COMPONENT` in one component (every item's count, each player's
  copies included) and :data:`PIECES_PER_GAME` in one game;
* **pages**: at most :data:`PAGES_PER_PAPER` on one paper size (pieces, backs, tiled boards, sheets);
* **board area**: at most :data:`BOARD_AREA_M2` square metres of boards in one game (each
  player's copy counted), since each is tiled onto pages and printed again at true size;
* **drawing operations**: at most :data:`DRAWING_OPS` shapes and lines of text for one paper size,
  counted as the build draws them: each different face once (repeated faces are drawn once and
  placed again), each placement, each page's furniture, every hex of a grid, every dot of a pattern;
* **pictures** (``--format png``): at most :data:`PICTURE_PX` pixels in one picture and
  :data:`PICTURES_PX` in all of a game's.

:func:`check_pieces` runs as the components are read (so a deck of a million rows is refused before
its faces are laid out), :func:`check_work` once the game is read: both at ``load_game``, so
``pnpforge validate`` reports them. ``build`` checks the real page plan again (:func:`check_pages`)
and the pictures' size for the asked ``--dpi`` (:func:`check_pictures`), still before drawing.
Every refusal is one ``file:line:`` sentence that names the limit and the value.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from typing import Any, Iterable

from ..base.errors import DataError
from ..geometry.paper import PAPERS, plan_tiling
from ..geometry.paper import fits as board_fits  # below, "fits" names a count
from ..source.schema import SEE_LIMITS
from .kinds import Family


def _scale() -> int:
    """``PNPFORGE_LIMIT_SCALE=N`` (a whole number, 1 to 100) multiplies every limit below: for a
    benchmark or a deliberate print-shop job, knowing it may take minutes and gigabytes."""
    text = os.environ.get("PNPFORGE_LIMIT_SCALE", "1").strip()
    return int(text) if text.isdigit() and 1 <= int(text) <= 100 else 1


SCALE = _scale()
PIECES_PER_COMPONENT = 10_000 * SCALE
PIECES_PER_GAME = 20_000 * SCALE
PAGES_PER_PAPER = 500 * SCALE
BOARD_AREA_M2 = 10.0 * SCALE
DRAWING_OPS = 150_000 * SCALE
PICTURE_PX = 25_000_000 * SCALE
PICTURES_PX = 1_000_000_000 * SCALE

SEE = SEE_LIMITS
TEXT_KEYS = ("title", "subtitle", "value", "text", "flavour", "footer", "name")
CHARS_PER_LINE = 10  # text costs more than a shape (wrapped, fitted, set): a line counted per 10 characters
FACE_BASE_OPS = 12  # outline, fill, band, cue shape and letter, cut line: what every face draws
PLACE_OPS = 6  # placing a piece: the face, its cut line and crop marks
PAGE_OPS = 40  # a page's furniture: footer, scale bar, crop marks, label
PATTERN_STEP_MM = 3.0  # the finest pattern step (art.pattern); a board's is 5 mm


# -- pieces: checked as components are read -----------------------------------------------------------

def check_pieces(components: Iterable[Any], errors: list[DataError]) -> bool:
    """Pieces per component and per game. Returns False when a limit is passed (the rest of the
    load, which lays out every face, is then skipped: the refusal must come quickly)."""
    ok = True
    total = 0
    first = None
    for comp in components:
        if not comp.declaration.pieces:
            continue
        n = comp.count
        total += n
        first = first or comp
        if n > PIECES_PER_COMPONENT:
            players = " (every player's copy counted)" if comp.spec.get("per_player") else ""
            errors.append(DataError(f"{comp.name}: {n:,} pieces{players} is over the limit of "
                                    f"{PIECES_PER_COMPONENT:,} pieces per component {SEE}", comp.file,
                                    _items_line(comp)))
            ok = False
    if total > PIECES_PER_GAME and first is not None:
        errors.append(DataError(f"the game has {total:,} pieces, over the limit of {PIECES_PER_GAME:,} pieces per "
                                f"game {SEE}", first.file, _items_line(first)))
        ok = False
    return ok


def _items_line(comp: Any) -> int:
    spec = comp.spec
    for key in ("items", "items_csv"):
        if hasattr(spec, "line_of") and key in spec:
            return spec.line_of(key)
    return comp.line


# -- the work of a whole game --------------------------------------------------------------------------

class Work:
    """What one paper size of a game's build draws (estimated before drawing)."""

    __slots__ = ("pages", "ops", "board_area_m2", "biggest")

    def __init__(self) -> None:
        self.pages = 0
        self.ops = 0
        self.board_area_m2 = 0.0
        # the component that asks most of each, for the refusal's file:line
        self.biggest: dict[str, tuple[float, Any]] = {}

    def add(self, what: str, amount: float, comp: Any) -> None:
        if amount > self.biggest.get(what, (-1.0, None))[0]:
            self.biggest[what] = (amount, comp)


def estimate(game: Any, components: list[Any] | None = None) -> Work:
    """Pages, drawing operations and board area of one paper size (the larger of A4 and Letter)."""
    components = game.components if components is None else components
    best = Work()
    faces: dict[int, int] = {}  # a piece component's faces drawn and placed: the same on every paper
    for paper in PAPERS.values():
        work = Work()
        for comp in components:
            pages, ops, area = _component_work(game, comp, paper, faces)
            work.pages += pages
            work.ops += ops + pages * PAGE_OPS
            work.board_area_m2 += area
            work.add("pages", pages, comp)
            work.add("ops", ops + pages * PAGE_OPS, comp)
            work.add("area", area, comp)
        work.pages += 2  # contents and kit pages
        if (work.pages, work.ops) > (best.pages, best.ops):
            best = work
    return best


def check_work(game: Any, errors: list[DataError], components: list[Any] | None = None) -> None:
    """Pages, board area and drawing operations of the whole game against their limits."""
    work = estimate(game, components)
    if work.board_area_m2 > BOARD_AREA_M2:
        comp = work.biggest["area"][1]
        errors.append(DataError(f"the game's boards cover {work.board_area_m2:.1f} square metres (each player's "
                                f"copy counted), over the limit of {BOARD_AREA_M2:g} square metres per game {SEE}",
                                comp.file, comp.line))
    if work.pages > PAGES_PER_PAPER:
        comp = work.biggest["pages"][1]
        errors.append(DataError(f"the kit would print about {work.pages:,} pages on one paper size ({comp.name}: "
                                f"{work.biggest['pages'][0]:,.0f}), over the limit of {PAGES_PER_PAPER:,} pages {SEE}",
                                comp.file, _items_line(comp)))
    if work.ops > DRAWING_OPS:
        comp = work.biggest["ops"][1]
        errors.append(DataError(f"the kit would draw about {work.ops:,} shapes and lines of text on one paper size "
                                f"({comp.name}: {work.biggest['ops'][0]:,.0f}), over the limit of {DRAWING_OPS:,} "
                                f"drawing operations {SEE}", comp.file, comp.line))


def _component_work(game: Any, comp: Any, paper: Any, faces: dict[int, int] | None = None) -> tuple[int, int, float]:
    """(pages, drawing operations, board area in m2) of one component on one paper. ``faces`` keeps
    a piece component's drawing operations (by the component's id()) from one paper to the next."""
    family = comp.family
    if comp.declaration.pieces:
        n = comp.count
        per_page = _per_page(comp, paper)
        two = any(item.back is not None for item in comp.items)
        pages = math.ceil(n / per_page) * (2 if two else 1)
        ops = faces.get(id(comp)) if faces is not None else None
        if ops is None:
            ops = _pieces_ops(game, comp, two)
            if faces is not None:
                faces[id(comp)] = ops
        return pages, ops, 0.0
    if family == Family.BOARD:
        copies = _copies(game, comp)
        w, h = comp.size_mm
        pages = copies * _board_pages((w, h), paper, comp.spec.get("orientation") not in ("portrait", "landscape"))
        face = dict(comp.spec.get("face") or {})
        art = _pattern_ops(face, (w, h), step=5.0) + _elements_ops(game, comp.spec.get("elements")) + 4
        # a PDF draws a board once and places it on each of its pages; an SVG page holds the whole
        # board each time (its tiled pieces too), and the true-size poster draws it once more
        ops = copies * art * (pages // copies + 1)
        return pages, ops, copies * w * h / 1e6
    if family == Family.SHEET:
        return 1, _sections_ops(comp.spec.get("sections")) + 10, 0.0
    if family == Family.GENERATED:
        return _generated_work(comp)
    return 0, 0, 0.0


def _pieces_ops(game: Any, comp: Any, two: bool) -> int:
    """Drawing operations of a piece component's faces (each different face once) and placements."""
    size = comp.size_mm
    seen: set[Any] = set()  # each different face: its repr (with its player colour)
    met: set[Any] = set()  # each face mapping met (a deck's one back is met on every card): no repr again
    place = PLACE_OPS * (2 if two else 1)
    ops = 0
    for item in comp.items:
        colour = item.colour.id if item.colour is not None else None
        for face in (item.face, item.back):
            if face is None:
                continue
            mapping = id(face) if colour is None else (id(face), colour)
            if mapping in met:
                continue
            met.add(mapping)
            key = repr(face) if colour is None else (repr(face), colour)  # a face repeated is drawn once
            if key in seen:
                continue
            seen.add(key)
            ops += _face_ops(game, face, size)
        ops += place * item.count
    return ops


def _per_page(comp: Any, paper: Any) -> int:
    """Pieces a page, about as the build lays them out (layout/pieces.py, which validate does not
    load: the build counts its real plan again): cards, squares and counters butted edge to edge,
    hexes and tokens spaced by their bleed and marks; at least one."""
    w, h = comp.size_mm
    x0, y0, x1, y1 = paper.usable
    room_w, room_h = x1 - x0, y1 - y0
    if comp.declaration.butted:
        cell_w, cell_h = w, h
    else:
        bleed = min(3.0, 0.15 * min(w, h))
        cell_w, cell_h = w + 2 * bleed + 2.0, h + 2 * bleed + 2.0
    if cell_w <= 0 or cell_h <= 0:
        return 1
    fits = max(int(room_w // cell_w) * int(room_h // cell_h), int(room_w // cell_h) * int(room_h // cell_w))
    return max(1, fits)


def _copies(game: Any, comp: Any) -> int:
    if not comp.spec.get("per_player"):
        return 1
    wanted = comp.spec.get("players")
    return max(1, len([c for c in game.colours if not wanted or c.id in wanted]))


def _board_pages(size: tuple[float, float], paper: Any, may_turn: bool = True) -> int:
    whole, turned = board_fits(size, paper, 3.0)
    if whole or (turned and may_turn):
        return 1
    tiling = plan_tiling(size, paper, may_turn)
    pieces = tiling.cols * tiling.rows
    return pieces + 1 if pieces > 1 else 1  # the pieces and their assembly page


def _generated_work(comp: Any) -> tuple[int, int, float]:
    params = comp.spec.get("params") or {}
    cells = 7 * 10  # tile-arrangement: seven tiles and their elements
    if comp.spec.get("generator") in ("homeland", "clustered-terrain-map"):
        cells = _int(params.get("columns", 12)) * _int(params.get("rows", 16))
    return 2, 2 * (cells * 40 + 200), 0.0  # a hex or tile: fill, pattern, icon, label; and the poster


# -- drawing operations of a face or a board ----------------------------------------------------------

def _text_ops(value: Any) -> int:
    if value is None or isinstance(value, (dict, list)):
        return 0
    text = str(value)
    return 1 + len(text) // CHARS_PER_LINE + text.count("\n")


def _face_ops(game: Any, face: dict[str, Any], size: tuple[float, float]) -> int:
    ops = FACE_BASE_OPS
    get = face.get
    for key in TEXT_KEYS:
        value = get(key)
        if value is not None:
            ops += _text_ops(value)
    if get("sections") is not None:
        ops += _sections_ops(face["sections"])
    ops += _pattern_ops(face, size)
    if isinstance(get("icon"), str):
        ops += _icon_ops(game, face["icon"])
    if get("elements") is not None:
        ops += _elements_ops(game, face["elements"])
    return ops


def _pattern_ops(face: dict[str, Any], size: tuple[float, float], step: float = PATTERN_STEP_MM) -> int:
    """A pattern's dots, lines or waves: one a step each way over the face."""
    pattern = face.get("pattern")
    if pattern in (None, "none") and face.get("terrain") is None:
        return 0
    w, h = size
    return int((w / step + 2) * (h / step + 2))


def _icon_ops(game: Any, name: str) -> int:
    shapes = game.icons.get(name) if isinstance(getattr(game, "icons", None), Mapping) else None
    if not isinstance(shapes, list):
        return 1
    ops = 0
    for shape in shapes:
        if isinstance(shape, dict) and isinstance(shape.get("path"), str):
            ops += 1 + len(shape["path"]) // 40
        elif isinstance(shape, dict) and isinstance(shape.get("polygon"), list):
            ops += 1 + len(shape["polygon"]) // 8
        else:
            ops += 1
    return ops


def _sections_ops(sections: Any) -> int:
    if not isinstance(sections, list):
        return 0
    ops = 0
    for sec in sections:
        if not isinstance(sec, dict):
            continue
        ops += _text_ops(sec.get("heading")) + _text_ops(sec.get("text"))
        for bullet in sec.get("bullets") or []:
            ops += 1 + _text_ops(bullet)
        for row in sec.get("rows") or []:
            ops += 1 + sum(_text_ops(c) for c in (row if isinstance(row, list) else [row]))
    return ops


def hexes_of(el: dict[str, Any]) -> int:
    """How many hexes a hexgrid element has, without listing them."""
    if el.get("layout", "hexagon") == "hexagon":
        r = _int(el.get("radius", 3))
        return 3 * r * (r + 1) + 1
    return _int(el.get("columns", 10)) * _int(el.get("grid_rows", 10))


def _int(value: Any) -> int:
    try:
        return max(0, int(value))
    except (TypeError, ValueError, OverflowError):
        return 0


def _elements_ops(game: Any, elements: Any) -> int:
    if not isinstance(elements, list):
        return 0
    ops = 0
    for el in elements:
        if not isinstance(el, dict):
            continue
        kind = el.get("type")
        ops += 1 + _text_ops(el.get("text")) + _text_ops(el.get("label"))
        if isinstance(el.get("icon"), str):
            ops += _icon_ops(game, el["icon"])
        if kind == "hexgrid":
            cells = hexes_of(el)
            ops += cells * (2 if el.get("coordinates") else 1)
            for mark in el.get("marks") or []:
                if not isinstance(mark, dict):
                    continue
                ops += 1 + _text_ops(mark.get("text"))
                if isinstance(mark.get("icon"), str):
                    ops += _icon_ops(game, mark["icon"])
                if mark.get("terrain") is not None:
                    ops += 60  # the terrain's pattern, clipped to the hex
            ops += len(el.get("hexsides") or []) + 2 * len(el.get("routes") or [])
        elif kind == "track":
            ops += 2 * _int(el.get("cells", 0)) + len(el.get("labels") or [])
        elif kind == "grid":
            ops += _int(el.get("grid_rows", 10)) + 2 * len(el.get("labels") or [1])
        elif kind == "table":
            for row in el.get("rows") or []:
                ops += 1 + sum(_text_ops(c) for c in (row if isinstance(row, list) else [row]))
        elif kind == "polygon":
            ops += len(el.get("points_mm") or []) // 8
    return ops


# -- at build: the real plan and the asked resolution ---------------------------------------------------

def check_pages(docs: list[Any], paper: Any) -> None:
    """The planned pages of one paper size, before any is drawn (raises DataError at the component
    with the most pages)."""
    total = sum(len(doc.pages) for doc in docs)
    if total <= PAGES_PER_PAPER:
        return
    counts: dict[int, tuple[int, Any]] = {}
    for doc in docs:
        for job in doc.pages:
            if job.comp is not None:
                n, _ = counts.get(id(job.comp), (0, job.comp))
                counts[id(job.comp)] = (n + 1, job.comp)
    n, comp = max(counts.values(), key=lambda v: v[0]) if counts else (total, None)
    raise DataError(f"the kit has {total:,} pages on {paper.name} paper ({comp.name if comp else 'all'}: {n:,}), "
                    f"over the limit of {PAGES_PER_PAPER:,} pages {SEE}",
                    comp.file if comp else None, _items_line(comp) if comp else None)


def check_pictures(components: Iterable[Any], dpi: float, bleed_mm: float) -> None:
    """Each picture's pixels at the asked resolution (``--format png``: a face with its bleed, or a
    whole board), and all of them together, before any is drawn."""
    total = 0
    most: tuple[int, Any] = (0, None)  # the component with the most pixels
    for comp in components:
        if not (comp.declaration.pieces or comp.family == Family.BOARD):
            continue
        w_mm, h_mm = (v + 2 * bleed_mm for v in comp.size_mm)
        w_px, h_px = round(w_mm / 25.4 * dpi), round(h_mm / 25.4 * dpi)
        if w_px * h_px > PICTURE_PX:
            fits = math.floor(math.sqrt(PICTURE_PX / (w_mm * h_mm)) * 25.4)
            raise DataError(f"{comp.name}: its picture at {dpi:g} dpi would be {w_px:,} x {h_px:,} pixels, over the "
                            f"limit of {PICTURE_PX // 1_000_000} million pixels a picture {SEE}; use --dpi {fits} or "
                            f"less", comp.file, comp.line)
        faces = 1 if comp.family == Family.BOARD else sum(1 + (item.back is not None) for item in comp.items)
        total += faces * w_px * h_px
        if faces * w_px * h_px > most[0]:
            most = (faces * w_px * h_px, comp)
    if total > PICTURES_PX:
        comp = most[1]
        fits = math.floor(dpi * math.sqrt(PICTURES_PX / total))
        raise DataError(f"the PNG pictures at {dpi:g} dpi would hold {total / 1e6:,.0f} million pixels ({comp.name}: "
                        f"{most[0] / 1e6:,.0f} million), over the limit of {PICTURES_PX // 1_000_000:,} million pixels "
                        f"a build {SEE}; use --dpi {fits} or less", comp.file, _items_line(comp))
