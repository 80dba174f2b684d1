"""Registration marks for a cutting machine's "print then cut" (``build --cut-files``).

The marks follow the Silhouette "Type 1" convention: a filled square at the top left and two
L-shaped corner marks, top right and bottom left, their outer corners ``INSET_MM`` from the page
edges. A machine's optical sensor finds them on the printed sheet; the cut file (``cutfile.py``)
carries the same marks at the same place, so the cut lands on the printed cut lines.

A page made for cutting is planned on :class:`CutPaper`: its pieces keep out of the bands the marks
stand in (the marks' own zones must stay free of print, or the sensor misreads them).
"""

from __future__ import annotations

from ..draw.surface import Path, Style, Surface
from .page import MARGIN_MM, MARK_GAP_MM, MARK_LEN_MM, Paper

INSET_MM = MARGIN_MM  # from each page edge to the marks' outer edges
SQUARE_MM = 5.0  # the filled square's side
ARM_MM = 10.0  # each arm of an L, from its outer corner
THICK_MM = 0.5  # an L's line thickness
# Nothing prints within CLEAR_MM of a mark: Silhouette Studio hatches a no-print zone round each
# mark, and an optical sensor that finds other ink near a mark (a scale bar, a piece's bleed) can take
# it for the mark's edge. 5 mm round the marks' squares is our reading of that zone (docs/cutting.md).
CLEAR_MM = 5.0
INK = Style(fill="#000000")


class CutPaper(Paper):
    """A paper whose pieces, their bleed and their crop marks keep CLEAR_MM clear of the registration
    marks: the top band (the square and the top-right L) and, at the bottom, the bottom-left L that
    stands up out of the footer band."""

    __slots__ = ()

    @property
    def usable(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = super().usable
        reach = CLEAR_MM + MARK_GAP_MM + MARK_LEN_MM  # a block's crop marks stand outside it: clear of the marks too
        top = INSET_MM + ARM_MM + reach
        bottom = self.height_mm - INSET_MM - ARM_MM - reach
        return (x0, max(y0, top), x1, min(y1, bottom))


def cut_paper(paper: Paper) -> CutPaper:
    return CutPaper(paper.name, paper.width_mm, paper.height_mm)


def mark_paths(paper: Paper) -> list[Path]:
    """The three marks as filled outlines on the page (mm, y down): square, top-right L, bottom-left L."""
    w, h, i, a, t = paper.width_mm, paper.height_mm, INSET_MM, ARM_MM, THICK_MM
    square = Path.rect(i, i, SQUARE_MM, SQUARE_MM)
    top_right = Path.polygon([(w - i - a, i), (w - i, i), (w - i, i + a), (w - i - t, i + a),
                              (w - i - t, i + t), (w - i - a, i + t)])
    bottom_left = Path.polygon([(i, h - i - a), (i + t, h - i - a), (i + t, h - i - t), (i + a, h - i - t),
                                (i + a, h - i), (i, h - i)])
    return [square, top_right, bottom_left]


def draw_marks(s: Surface, paper: Paper) -> list[float]:
    """Print the marks; returns the x positions the footer keeps clear of (the bottom-left L's arm)."""
    for path in mark_paths(paper):
        s.draw(path, INK)
    start, end = INSET_MM - CLEAR_MM, INSET_MM + ARM_MM + CLEAR_MM
    steps = int((end - start) / 1.5) + 1
    return [start + k * (end - start) / steps for k in range(steps + 1)]

