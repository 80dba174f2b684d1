"""A die (issue #22 section 4), drawn centred on the origin: one sticker (a face in its die's shape) or
a cube net, its six faces, seven glue tabs and dashed folds. The layout prints the cut line on the
outline (``shape.outline``) as it does for any shaped piece.

A face is drawn as a piece's face is (``piece.draw_content``: value, icon, title, text, cue), laid out
in the largest circle inside the face's shape; its ground (fill, pattern, picture) covers the shape
and its bleed, and its elements are placed in mm from that circle's centre.
"""

from __future__ import annotations

import math
import re

from ..art.colour import mix
from ..art.images import draw_image
from ..art.paint import pattern
from ..art.richtext import draw_one_line, widest
from ..base.vocabulary import Anchor, DiePrint, ImageFit
from ..draw.surface import MM_PER_PT, PT_PER_MM, Path, Style, Surface
from ..geometry.polyhedra import (
    NET_CELLS,
    NET_TURN,
    Point,
    die_of,
    face_polygon,
    grown,
    incircle,
    net_face_centre,
    net_folds,
    net_sides,
    tab,
    tab_depth,
)
from ..model import Component, Game
from .look import Look
from .piece import (
    CUT_CLEAR_MM,
    FRAME_GAP_MM,
    FRAME_MIN_PIECE_MM,
    OUTLINE_INSET_MM,
    OUTLINE_MM,
    draw_content,
    layout,
    piece_inset,
)

TAB_FILL = "#e4e4e4"  # a glue tab: light grey, glued inside the cube
FOLD = Style(stroke="#4d4d4d", width_mm=0.2, dash_mm=(1.2, 0.9))  # dashed, lighter than the solid cut line
ON_TAB_MM = 0.5  # a face's colour runs this far onto its tab: a fold a little off shows no grey


def draw_die(s: Surface, comp: Component, look: Look, bleed_mm: float, game: Game | None = None,
             safe_mm: float = 0.0) -> None:
    """One side of one printed piece of a die: a sticker, or a whole net. ``safe_mm``: a print shop's
    safe zone, kept by a face's words where they fit so (else the home kit's CUT_CLEAR_MM)."""
    sides, printed, edge = die_of(comp.spec, comp.size_mm[0])
    if printed == DiePrint.NET:
        _net(s, edge, look, bleed_mm, game, safe_mm)
        return
    shape = face_polygon(sides, edge)
    draw_face(s, shape, grown(shape, bleed_mm), look, game, safe_mm)


def draw_face(s: Surface, shape: list[Point], art: list[Point], look: Look, game: Game | None,
              safe_mm: float = 0.0) -> None:
    """One face in its ``shape`` (corners about the origin), its ground out to ``art`` (the shape and
    its bleed)."""
    cx, cy, r = incircle(shape)
    xs, ys = [p[0] for p in art], [p[1] for p in art]
    box = (min(xs), min(ys), max(xs), max(ys))
    with s.saved():
        s.clip(Path.polygon(art))
        s.rect(box[0], box[1], box[2] - box[0], box[3] - box[1], Style(fill=look.fill))
        pattern(s, look.pattern, box, look.pattern_colour, step_mm=max(1.6, r / 4.5), width_mm=max(0.18, r / 55))
        if look.image:  # fill: out to the bleed; fit: in the square inside the face's circle
            half = r / math.sqrt(2)
            draw_image(s, look.image, box if look.image_fit == ImageFit.FILL else
                       (cx - half, cy - half, cx + half, cy + half), look.image_fit, look.image_tint)
        if look.elements and game is not None:
            from ..elements import draw_elements  # the element kinds: a face without elements never loads them

            with s.saved():
                s.translate(cx, cy)
                draw_elements(s, game, list(look.elements), look.ink)
    if look.outline:  # ink-saver: the ground colour as a band inside the cut
        band = max(0.8, r * 0.12)
        s.draw(Path.polygon(grown(shape, -band / 2)), Style(stroke=look.outline, width_mm=band, join="round"))
    if look.player and 2 * r >= FRAME_MIN_PIECE_MM - 0.05:  # a player's face: a dark line inside the cut
        s.draw(Path.polygon(grown(shape, -(OUTLINE_INSET_MM + OUTLINE_MM / 2))),
               Style(stroke=mix(look.player, "#000000", 0.7), width_mm=OUTLINE_MM, join="round"))
    if look.cut:
        colour, width = look.cut
        s.draw(Path.polygon(grown(shape, -width / 2)), Style(stroke=colour, width_mm=width, join="round"))
    if _value_only(look):  # a number or a word alone: as large as stays CUT_CLEAR_MM inside the shape
        size = value_size(shape, look, safe_mm)
        if safe_mm > CUT_CLEAR_MM and not _fits(shape, look, size, safe_mm):
            size = value_size(shape, look)
        with s.saved():
            if look.rotate:
                s.translate(cx, cy)
                s.rotate(look.rotate)
                s.translate(-cx, -cy)
            draw_one_line(s, cx, cy + size * MM_PER_PT * 0.36, look.value, size, ink=look.ink,
                          family=look.title_fonts, base="bold", anchor=Anchor.MIDDLE,
                          icons=game.icons if game is not None else None)
        return
    room, (x, y) = _room(shape, look)
    if safe_mm > CUT_CLEAR_MM:  # the shop's safe zone, where the face's words fit in it
        safe, at = _room(shape, look, safe_mm)
        if len(layout(safe, look, game).problems) <= len(layout(room, look, game).problems):
            room, (x, y) = safe, at
    with s.saved():
        s.translate(x, y)
        draw_content(s, room, look, game)


def _value_only(look: Look) -> bool:
    return bool(look.value) and not (look.icon or look.title or look.subtitle or look.text or look.flavour
                                     or look.footer or look.cue or look.image or look.elements)


VALUE_MIN_PT = 6.0  # a die's number is never set smaller


def value_size(shape: list[Point], look: Look, clear_mm: float = 0.0) -> float:
    """The size of a face's lone value: the largest (up to 42% of the face's circle, 40 pt) whose box,
    centred on the circle, keeps CUT_CLEAR_MM (or ``clear_mm``, if more) inside every side;
    VALUE_MIN_PT at the least."""
    cx, cy, r = incircle(shape)
    inner = grown(shape, -max(CUT_CLEAR_MM, clear_mm))
    size = min(40.0, 2 * r * 0.42 * PT_PER_MM * 1.4)
    while size > VALUE_MIN_PT:
        half_w = widest(look.value, size, look.title_fonts, "bold") / 2
        half_h = size * MM_PER_PT * 0.36
        if all(_inside((cx + dx, cy + dy), inner) for dx in (-half_w, half_w) for dy in (-half_h, half_h)):
            break
        size = max(VALUE_MIN_PT, size - 0.25)
    return size


def _fits(shape: list[Point], look: Look, size: float, clear_mm: float) -> bool:
    """Whether a lone value at ``size`` keeps ``clear_mm`` inside every side of the face."""
    inner = grown(shape, -clear_mm)
    return all(_inside(p, inner) for p in _box(shape, widest(look.value, size, look.title_fonts, "bold"), size))


def _inside(p: Point, polygon: list[Point]) -> bool:
    """Whether ``p`` lies inside a convex polygon whose corners run clockwise (y down)."""
    n = len(polygon)
    for i in range(n):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % n]
        if (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) < -1e-9:
            return False
    return True


def _room(shape: list[Point], look: Look, safe_mm: float = 0.0) -> tuple[Component, Point]:
    """The room a face's words and icon are laid out in, and its centre: a square face's own square,
    another shape's largest circle (a round piece as wide); on a player's face, inside its dark line."""
    cx, cy, r = incircle(shape)
    square = len(shape) == 4 and abs(shape[0][1] - shape[1][1]) < 1e-9
    across = shape[1][0] - shape[0][0] if square else 2 * r
    clear = CUT_CLEAR_MM  # words and icons keep this far inside the cut, on a face of any size
    if look.player and 2 * r >= FRAME_MIN_PIECE_MM - 0.05:
        clear = OUTLINE_INSET_MM + OUTLINE_MM + FRAME_GAP_MM
    clear = max(clear, safe_mm)
    kind = "square-tile" if square else "token"
    room = across
    for _ in range(3):  # the piece layout keeps its own inset inside the room: make the two add up
        probe = Component("die-face", "", kind, (room, room), [], {}, "", 0)
        room = max(1.0, across - 2 * max(0.0, clear - piece_inset(probe)))
    return Component("die-face", "", kind, (room, room), [], {}, "", 0), (0.0, 0.0) if square else (cx, cy)


def _net(s: Surface, edge: float, look: Look, bleed: float, game: Game | None, safe_mm: float = 0.0) -> None:
    """The cube net: tabs (with their bleed) first, each face over them, the tabs again over the faces'
    bleed (a face's colour runs only ON_TAB_MM onto its own tab), then the folds, dashed."""
    depth = tab_depth(edge)
    grey = Style(fill=TAB_FILL)
    sides = net_sides(edge)
    for a, b, has in sides:
        if has:
            ux, uy = (b[0] - a[0]) / edge, (b[1] - a[1]) / edge
            reach = bleed * math.sqrt(2)  # the 45-degree ends moved out by the bleed
            s.polygon(tab((a[0] - ux * reach, a[1] - uy * reach), (b[0] + ux * reach, b[1] + uy * reach),
                          depth + bleed), grey)
    for index, face in enumerate(look.faces[:6]):
        x, y = net_face_centre(edge, index)
        h = edge / 2
        grow = [_grow(sides, edge, index, side, bleed) for side in range(4)]  # top, right, bottom, left
        art = [(-h - grow[3], -h - grow[0]), (h + grow[1], -h - grow[0]), (h + grow[1], h + grow[2]),
               (-h - grow[3], h + grow[2])]
        with s.saved():
            s.translate(x, y)
            turn = NET_TURN[index]
            if turn:
                s.rotate(turn)
                art = [(-px, -py) for px, py in art]
                art = art[2:] + art[:2]
            draw_face(s, face_polygon(6, edge), art, face, game, safe_mm)
    on = min(bleed, ON_TAB_MM)
    for a, b, has in sides:  # each tab again over the faces' bleed, but the strip of face colour at its base
        if has:
            ux, uy = (b[0] - a[0]) / edge, (b[1] - a[1]) / edge
            nx, ny = uy, -ux
            start = (a[0] + (nx + ux) * on, a[1] + (ny + uy) * on)
            end = (b[0] + (nx - ux) * on, b[1] + (ny - uy) * on)
            s.polygon(tab(start, end, depth - on), grey)
    for a, b in net_folds(edge):
        s.line(a[0], a[1], b[0], b[1], FOLD)


def _grow(sides: list, edge: float, index: int, side: int, bleed: float) -> float:
    """How far face ``index``'s ground runs past its ``side`` (0 top, 1 right, 2 bottom, 3 left): not at
    all over a fold to another face, a little onto a tab, the bleed past a cut."""
    col, row = NET_CELLS[index]
    step = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
    if (col + step[0], row + step[1]) in NET_CELLS:
        return 0.0
    x, y = net_face_centre(edge, index)
    mid = (x + step[0] * edge / 2, y + step[1] * edge / 2)
    for a, b, has in sides:
        if math.hypot((a[0] + b[0]) / 2 - mid[0], (a[1] + b[1]) / 2 - mid[1]) < 1e-6:
            return min(bleed, ON_TAB_MM) if has else bleed
    return bleed


def die_problems(comp: Component, look: Look, game: Game | None = None) -> list[str]:
    """What does not fit a die's faces, as the build lays them out (a face's words in its circle)."""
    sides, printed, edge = die_of(comp.spec, comp.size_mm[0])
    faces = look.faces if printed == DiePrint.NET else (look,)
    shape = face_polygon(6 if printed == DiePrint.NET else sides, edge)
    out = []
    for face in faces:
        if _value_only(face):
            size = value_size(shape, face)
            wide = widest(face.value, size, face.title_fonts, "bold")
            inner = grown(shape, -CUT_CLEAR_MM)
            if size <= VALUE_MIN_PT and not all(_inside(p, inner) for p in _box(shape, wide, size)):
                out.append(f"the value {face.value!r} is {wide:.1f} mm wide at {size:g} pt: too wide for the "
                           f"d{sides}'s face, {CUT_CLEAR_MM:g} mm inside its cut; shorten it or make the die larger "
                           f"(size_mm)")
            continue
        room, _ = _room(shape, face)
        out += [re.sub(r"[0-9.]+ mm token", f"{room.size_mm[0]:.1f} mm circle in the d{sides}'s face", p)
                for p in layout(room, face, game).problems]
    return out


def _box(shape: list[Point], wide: float, size: float) -> list[Point]:
    cx, cy, _ = incircle(shape)
    half_h = size * MM_PER_PT * 0.36
    return [(cx + dx, cy + dy) for dx in (-wide / 2, wide / 2) for dy in (-half_h, half_h)]
