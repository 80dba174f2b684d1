"""Tiles (hex and square), round tokens and counters: each drawn once, into a box centred on the
origin, for both sides. The layout decides where the box goes."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..draw.fonts import text_width_mm
from ..draw.surface import PT_PER_MM, Path, Style, Surface
from ..model import Component, Game
from .art import cue_cap_mm, cue_radius_mm, draw_cue, draw_icon, mix, pattern
from .look import Look

SQRT3 = math.sqrt(3.0)


def outline(comp: Component, grow_mm: float = 0.0) -> Path:
    """The cut line of one piece, centred on the origin, grown outwards by ``grow_mm``."""
    w, h = comp.size_mm
    if comp.kind == "hex-tile":
        flats = min(w, h) + 2 * grow_mm
        r = flats / SQRT3
        return Path.regular(0, 0, r, 6, 0.0 if comp.orientation == "flat" else 30.0)
    if comp.kind == "token":
        return Path.circle(0, 0, w / 2 + grow_mm)
    corner = comp.corner_mm + grow_mm if comp.corner_mm and grow_mm == 0 else 0.0
    return Path.rounded_rect(-w / 2 - grow_mm, -h / 2 - grow_mm, w + 2 * grow_mm, h + 2 * grow_mm,
                             corner if grow_mm == 0 else 0.0)


def _inner(comp: Component) -> float:
    """Diameter of the largest circle inside the piece: what text and icons must fit."""
    w, h = comp.size_mm
    return min(w, h)


def _pt(mm: float) -> float:
    return mm * PT_PER_MM


def draw_piece(s: Surface, comp: Component, look: Look, bleed_mm: float, game: Game | None = None) -> None:
    """Draw one side of a tile, token or counter centred on the origin."""
    d = _inner(comp)
    art = outline(comp, bleed_mm)
    x0, y0, x1, y1 = art.bounds()
    with s.saved():
        s.clip(art)
        s.rect(x0, y0, x1 - x0, y1 - y0, Style(fill=look.fill))
        pattern(s, look.pattern, (x0, y0, x1, y1), look.pattern_colour, step_mm=max(1.6, d / 9),
                width_mm=max(0.18, d / 110))
        if look.elements and game is not None:
            from .board import draw_elements

            draw_elements(s, game, list(look.elements), look.ink)
    if look.outline:  # ink-saver: the terrain colour as a band inside the cut line
        band = max(0.8, d * 0.06)
        s.draw(outline(comp, -band / 2), Style(stroke=look.outline, width_mm=band, join="round"))
    if look.player:
        _player_outline(s, comp, look)
    if look.rotate:
        s.save()
        s.rotate(look.rotate)
    title = _title(comp, look, d)
    bottom = _bottom_row(comp, look, d)
    icon_x = 0.0
    if look.icon and title is not None and bottom is not None and bottom.value is None and comp.kind == "token":
        (icon_x, icon_y, icon_mm), bottom = _side_by_side(comp, look, d, title, bottom)
    elif look.icon:
        icon_y, icon_mm = _icon_place(comp, look, d, title, bottom)
    if look.icon:
        _icon_plate(s, look, icon_x, icon_y, icon_mm)
        draw_icon(s, list(look.icon), icon_x, icon_y, icon_mm, look.ink)
    if title is not None:
        size, baseline = title
        s.text(0, baseline, look.title, size_pt=size, font="bold", fill=look.ink, anchor="middle")
    _bottom(s, comp, look, d, bottom)
    if look.rotate:
        s.restore()


# -- where the title, the icon and the value/cue row go ---------------------------------------------

CUT_CLEAR_MM = 1.5  # text stays this far inside the cut line of a round piece
OUTLINE_INSET_MM = 0.45  # the player outline's centre line, inside the cut
OUTLINE_MM = 0.5


def _player_outline(s: Surface, comp: Component, look: Look) -> None:
    """A dark line just inside the cut of every player piece: it stands out on any terrain, even one
    close to the player's colour, and a slightly wide cut still leaves it whole."""
    s.draw(outline(comp, -(OUTLINE_INSET_MM + OUTLINE_MM / 2)),
           Style(stroke=mix(look.player, "#000000", 0.7), width_mm=OUTLINE_MM, join="round"))


def _half_width(comp: Component, y: float, clear: float) -> float:
    """Half the width of the piece at height ``y`` (from its centre), ``clear`` mm inside the cut."""
    w, h = comp.size_mm
    if comp.kind == "token":
        r = w / 2 - clear
        return math.sqrt(max(0.0, r * r - y * y))
    if comp.kind == "hex-tile":
        return min(w, h) * 0.39
    return w / 2 - clear


def _title(comp: Component, look: Look, d: float) -> tuple[float, float] | None:
    """(size, baseline) of the title: as large as fits the piece's width there, clear of the cut."""
    if not look.title:
        return None
    size = min(_pt(d * 0.15), 11.0)
    while True:
        size_mm = size / PT_PER_MM
        baseline = -d * 0.27 + size_mm * 0.35
        top = baseline - size_mm * 0.76
        room = 2 * min(_half_width(comp, top, CUT_CLEAR_MM), _half_width(comp, baseline, CUT_CLEAR_MM))
        if text_width_mm(look.title, size, "bold") <= min(room, d * 0.78) or size <= 4.0:
            return size, baseline
        size -= 0.25


@dataclass(frozen=True)
class _Row:
    """The value disc and the cue at the bottom: centres, radii and the row's top edge."""
    value: tuple[float, float, float] | None  # cx, cy, r
    cue: tuple[float, float, float] | None
    top: float


def _bottom_row(comp: Component, look: Look, d: float) -> _Row | None:
    big_value = bool(look.value and look.icon is None and not look.title)
    if not (look.value or look.cue):
        return None
    rc = cue_radius_mm(look.cue.shape, cue_cap_mm(d)) if look.cue else 0.0
    if look.cue and not (look.icon or look.title or look.value or look.elements):
        rc = max(rc, d * 0.3)  # a plain marker: the cue is the face
        return _Row(None, (0.0, 0.0, rc), -rc)
    base = d * (0.42 if look.title and comp.kind != "token" else 0.36)
    if big_value:
        cue = (0.0, d * 0.5 - rc * 1.25, rc) if look.cue else None
        return _Row(None, cue, cue[1] - rc if cue else d / 2)
    rv = d * 0.11 if look.value else 0.0
    r = max(rv, rc)
    cy = base - r * 0.75
    if look.cue and not look.value:  # the cue alone: as low as the piece allows, inside the outline
        w, h = comp.size_mm
        if comp.kind in ("token", "hex-tile"):
            room = min(w, h) / 2 - 1.3
            low = math.sqrt(max(0.0, room * room - (0.9 * rc) ** 2)) - rc
        else:
            low = h / 2 - 1.3 - rc
        cy = max(cy, low)
    if look.value and look.cue:
        half = (2 * rv + 2 * rc + 0.6) / 2
        return _Row((half - rv, cy, rv), (-(half - rc), cy, rc), cy - r * 1.05)
    if look.value:
        return _Row((0.0, cy, rv), None, cy - rv)
    return _Row(None, (0.0, cy, rc), cy - rc * 1.05)


def _side_by_side(comp: Component, look: Look, d: float, title: tuple[float, float],
                  row: _Row) -> tuple[tuple[float, float, float], _Row]:
    """A titled round piece: the icon and the cue side by side under the title, so the icon keeps
    its size and the cue its 3 mm letter."""
    _, _, rc = row.cue
    top = title[1] + 0.6
    bottom = d / 2 * 0.76
    cy = (top + bottom) / 2
    size = min(d * 0.5 * look.icon_scale, bottom - top, 2 * _half_width(comp, cy, CUT_CLEAR_MM) - 2 * rc - 0.6)
    total = size + 0.6 + 2 * rc
    icon = (-total / 2 + size / 2, cy, size)
    return icon, _Row(None, (total / 2 - rc, cy, rc), cy - rc)


def _icon_place(comp: Component, look: Look, d: float, title: tuple[float, float] | None,
                row: _Row | None) -> tuple[float, float]:
    """(centre y, size) of the icon: between the title and the bottom row, never over either."""
    nominal = d * (0.36 if (title and row) else 0.5) * look.icon_scale
    if title is None and row is None:
        return 0.0, nominal
    hh = min(comp.size_mm) / 2 * (0.86 if comp.kind == "token" else 0.92)
    top = title[1] + 0.5 if title else -hh
    bottom = row.top - 0.4 if row else hh
    size = max(1.0, min(nominal, bottom - top))
    return (top + bottom) / 2, size


def _icon_plate(s: Surface, look: Look, cx: float, cy: float, size: float) -> None:
    """A soft disc behind the icon so it reads on patterned ground."""
    if look.pattern != "none":
        s.circle(cx, cy, size * 0.56, Style(fill=look.fill))


def _bottom(s: Surface, comp: Component, look: Look, d: float, row: _Row | None) -> None:
    """The value (a number) and the player cue (its letter in its shape) at the bottom of the piece."""
    if look.value and look.icon is None and not look.title:
        size = min(_pt(d * 0.42), 40.0)
        s.text(0, size / PT_PER_MM * 0.36, look.value, size_pt=size, font="bold", fill=look.ink,
               anchor="middle")
    elif look.value and row is not None and row.value is not None:
        cx, cy, r = row.value
        size = min(_pt(r * 1.8), 14.0)
        while size > 4.0 and text_width_mm(look.value, size, "bold") > r * 1.9:
            size -= 0.25
        s.circle(cx, cy, r, Style(fill=look.ink))
        s.text(cx, cy + size / PT_PER_MM * 0.36, look.value, size_pt=size, font="bold", fill=look.fill,
               anchor="middle")
    if look.cue and row is not None and row.cue is not None:
        cx, cy, r = row.cue
        draw_cue(s, look.cue.shape, look.cue.cue, cx, cy, r, look.ink, look.fill)
