"""Tiles (hex and square), round tokens and counters: each drawn once, into a box centred on the
origin, for both sides. The layout decides where the box goes."""

from __future__ import annotations

import math

from ..draw.fonts import text_width_mm
from ..draw.surface import PT_PER_MM, Path, Style, Surface
from ..model import Component, Game
from .art import draw_icon, pattern, shape_path
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
    if look.rotate:
        s.save()
        s.rotate(look.rotate)
    has_top = bool(look.title)
    has_bottom = bool(look.value or look.cue)
    icon_mm = d * (0.36 if (has_top and has_bottom) else 0.5) * look.icon_scale
    icon_y = (0.06 if has_top and not has_bottom else -0.02) * d
    if has_bottom and not has_top:
        icon_y = -0.12 * d  # clear of the value and cue below
    if look.icon:
        _icon_plate(s, look, 0, icon_y, icon_mm)
        draw_icon(s, list(look.icon), 0, icon_y, icon_mm, look.ink)
    elif look.value and not look.icon and not look.title:
        pass
    if look.title:
        size = min(_pt(d * 0.15), 11.0)
        while size > 4.0 and text_width_mm(look.title, size, "bold") > d * 0.78:
            size -= 0.25
        s.text(0, -d * 0.27 + size / PT_PER_MM * 0.35, look.title, size_pt=size, font="bold",
               fill=look.ink, anchor="middle")
    _bottom(s, comp, look, d)
    if look.rotate:
        s.restore()


def _icon_plate(s: Surface, look: Look, cx: float, cy: float, size: float) -> None:
    """A soft disc behind the icon so it reads on patterned ground."""
    if look.pattern != "none":
        s.circle(cx, cy, size * 0.56, Style(fill=look.fill))


def _bottom(s: Surface, comp: Component, look: Look, d: float) -> None:
    """The value (a number) and the player cue at the bottom of the piece."""
    base = d * (0.42 if look.title and comp.kind != "token" else 0.36)  # tiles have room lower down
    if look.value and look.icon is None and not look.title:
        size = min(_pt(d * 0.42), 40.0)
        s.text(0, size / PT_PER_MM * 0.36, look.value, size_pt=size, font="bold", fill=look.ink,
               anchor="middle")
        base = d * 0.4
    elif look.value:
        size = min(_pt(d * 0.2), 14.0)
        r = d * 0.11
        cx = 0.0 if not look.cue else d * 0.14
        cy = base - r * 0.75
        s.circle(cx, cy, r, Style(fill=look.ink))
        s.text(cx, cy + size / PT_PER_MM * 0.36, look.value, size_pt=size, font="bold", fill=look.fill,
               anchor="middle")
    if look.cue:
        r = d * 0.1
        cx = -d * 0.14 if look.value and look.icon is not None else 0.0
        cy = base - r * 0.75 if not (look.value and look.icon is None and not look.title) else d * 0.34
        if look.value and look.icon is None and not look.title:
            cx, cy = 0.0, d * 0.36
        s.draw(shape_path(look.cue.shape, cx, cy, r), Style(fill=look.ink))
        size = min(_pt(r * 1.15), 12.0)
        s.text(cx, cy + size / PT_PER_MM * 0.36, look.cue.cue, size_pt=size, font="bold",
               fill=look.fill, anchor="middle")
