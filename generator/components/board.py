"""Boards and mats: a ground (fill, picture, pattern) under a free layout of elements (text, boxes,
tracks, hex grids...: :mod:`generator.elements`) in mm, origin at the board's top-left corner.
Larger-than-page boards are tiled by layout.poster."""

from __future__ import annotations

from ..art.images import draw_image
from ..art.paint import pattern
from ..base.vocabulary import ImageFit
from ..draw.surface import Path, Style, Surface
from ..elements import draw_elements
from ..model import Component, Game
from .look import resolve


def draw_board(s: Surface, game: Game, comp: Component, bleed_mm: float) -> None:
    w, h = comp.size_mm
    face = dict(comp.spec.get("face") or {})
    look = resolve(game, face, None)
    s.rect(-bleed_mm, -bleed_mm, w + 2 * bleed_mm, h + 2 * bleed_mm, Style(fill=look.fill))
    ground = (-bleed_mm, -bleed_mm, w + bleed_mm, h + bleed_mm)
    with s.saved():
        s.clip(Path.rect(-bleed_mm, -bleed_mm, w + 2 * bleed_mm, h + 2 * bleed_mm))
        if look.image:
            draw_image(s, look.image, ground if look.image_fit == ImageFit.FILL else (0, 0, w, h), look.image_fit,
                       look.image_tint)
        pattern(s, look.pattern, ground, look.pattern_colour, step_mm=5.0, width_mm=0.35)
    draw_elements(s, game, list(comp.spec.get("elements") or []), look.ink)
