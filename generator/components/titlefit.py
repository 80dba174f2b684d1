"""Where a long title goes on a piece whose width changes with the height: a round token's, a hex's.
(components/piece.py lays the rest of the face out.)"""

from __future__ import annotations

import math
from typing import Mapping

from ..art.richtext import widest
from ..draw.surface import MM_PER_PT
from ..model import Component
from .shape import chord

PIECE_MIN_PT = 5.5  # no text on a piece is set smaller than this (piece.MIN_PT)
TITLE_FLOOR_PT = 6.0


def token_title(comp: Component, title: str, y: float, nominal: float, family: Mapping[str, str],
                inset: float) -> tuple[float, float]:
    """(top, size) of a round piece's title: the largest size down to TITLE_FLOOR_PT that fits the
    piece's width at the top; a longer title then moves down to where the piece is wider (down to
    PIECE_MIN_PT, no lower than a fifth of the piece above the centre)."""
    r = comp.size_mm[0] / 2 - inset

    def top_for(size: float) -> float:
        half = widest(title, size, family, "bold") / 2
        return -math.sqrt(max(0.0, r * r - half * half))
    size = max(PIECE_MIN_PT, nominal)
    while size > TITLE_FLOOR_PT and top_for(size) > y:
        size = max(TITLE_FLOOR_PT, size - 0.25)
    while size > PIECE_MIN_PT and top_for(size) > -comp.size_mm[0] * 0.2:
        size = max(PIECE_MIN_PT, size - 0.25)
    return max(y, top_for(size)), size


def hex_title(comp: Component, title: str, y: float, nominal: float, family: Mapping[str, str],
              inset: float) -> tuple[float, float]:
    """(top, size) of a hex's title: as large as fits along the top, down to TITLE_FLOOR_PT; a title
    that does not fit there even at TITLE_FLOOR_PT moves down, 0.1 mm at a time, to where the sides
    leave room (no lower than a fifth of the hex above its centre). Only a title that does not fit at
    the top moves: on a print shop's page, with the text 3 mm inside the cut ("Wasteland" on a 1 in
    hex)."""
    size = max(PIECE_MIN_PT, nominal)

    def fits(top: float, pt: float) -> bool:
        return widest(title, pt, family, "bold") <= chord(comp, top, top + pt * MM_PER_PT, inset)
    while size > TITLE_FLOOR_PT and not fits(y, size):
        size = max(TITLE_FLOOR_PT, size - 0.25)
    low = -min(comp.size_mm) * 0.2 - size * MM_PER_PT
    while not fits(y, size) and y + 0.1 <= low:
        y += 0.1
    return y, size
