"""A piece's shape: its cut line and the room inside it (tiles, round tokens, counters), in mm
about the piece's centre."""

from __future__ import annotations

import math

from ..base.vocabulary import Orientation
from ..draw.surface import Path
from ..geometry.polyhedra import die_of, die_outline, grown
from ..model import Component
from ..model.kinds import Outline

SQRT3 = math.sqrt(3.0)

__all__ = ["SQRT3", "chord", "half_height", "outline"]


def outline(comp: Component, grow_mm: float = 0.0) -> Path:
    """The cut line of one piece, centred on the origin, grown outwards by ``grow_mm``."""
    w, h = comp.size_mm
    if comp.outline == Outline.DIE:  # a sticker's shape; a net's outline (grown: its box grown, only its bounds are asked)
        sides, printed, edge = die_of(comp.spec, w)
        if printed == "net" and grow_mm:
            return Path.rect(-w / 2 - grow_mm, -h / 2 - grow_mm, w + 2 * grow_mm, h + 2 * grow_mm)
        points = die_outline(sides, printed, edge)
        return Path.polygon(grown(points, grow_mm) if grow_mm else points)
    if comp.outline == Outline.HEX:
        flats = min(w, h) + 2 * grow_mm
        r = flats / SQRT3
        return Path.regular(0, 0, r, 6, 0.0 if comp.orientation == Orientation.FLAT else 30.0)
    if comp.outline == Outline.ROUND:
        return Path.circle(0, 0, w / 2 + grow_mm)
    corner = comp.corner_mm + grow_mm if comp.corner_mm and grow_mm == 0 else 0.0
    return Path.rounded_rect(-w / 2 - grow_mm, -h / 2 - grow_mm, w + 2 * grow_mm, h + 2 * grow_mm,
                             corner if grow_mm == 0 else 0.0)


def half_height(comp: Component) -> float:
    w, h = comp.size_mm
    if comp.outline == Outline.HEX:
        flats = min(w, h)
        return flats / 2 if comp.orientation == Orientation.FLAT else flats / SQRT3
    if comp.outline == Outline.ROUND:
        return w / 2
    return h / 2


def chord(comp: Component, y0: float, y1: float, inset: float) -> float:
    """The usable width of the piece between heights ``y0`` and ``y1`` (centre origin), ``inset``
    mm clear of the cut line on each side."""
    w, h = comp.size_mm
    far = max(abs(y0), abs(y1))
    if comp.outline == Outline.ROUND:
        r = w / 2 - inset
        return 2 * math.sqrt(max(0.0, r * r - far * far))
    if comp.outline == Outline.HEX:
        flats = min(w, h)
        r = flats / SQRT3
        if comp.orientation == Orientation.FLAT:
            half = r - far / SQRT3
        else:
            half = flats / 2 if far <= r / 2 else (r - far) * SQRT3
        return max(0.0, 2 * (half - inset * 1.16))
    return max(0.0, w - 2 * inset)
