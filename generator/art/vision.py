"""Colours as players see them: full-strength simulations of protanopia, deuteranopia and tritanopia
(Machado, Oliveira and Fernandes 2009, as the coloraide library computes them) and greyscale, the
difference between two colours as seen (CIEDE2000), and text contrast (WCAG 2.1). The gallery's
"seen as" switch draws the same simulations, with the matrices read off coloraide here."""

from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import Any

from .colour import contrast as wcag_contrast

MIN_DIFFERENCE = 10.0  # CIEDE2000: two flat colours closer than this are not told apart at a glance
MIN_CONTRAST = 4.5  # WCAG 2.1 level AA, text under 18 pt (14 pt bold)
MIN_CONTRAST_LARGE = 3.0  # WCAG 2.1 level AA, text of 18 pt or more (14 pt bold)


class Vision(Enum):
    """How a colour is seen: its name in messages and the filter that simulates it."""

    NORMAL = ("normal vision", None)
    PROTANOPIA = ("protanopia", "protan")
    DEUTERANOPIA = ("deuteranopia", "deutan")
    TRITANOPIA = ("tritanopia", "tritan")
    GREYSCALE = ("greyscale", "grayscale")

    @property
    def word(self) -> str:
        return self.value[0]

    @property
    def slug(self) -> str:
        """Its name in the gallery's page (``deuteranopia``)."""
        return self.name.lower()


@lru_cache(maxsize=4096)
def _filtered(colour: str, vision: Vision) -> Any:
    """``colour`` as seen with ``vision`` (a coloraide Color, shared: read it, never change it)."""
    from coloraide import Color  # lazy: 80 ms to import, paid only where two colours are compared

    filter_name = vision.value[1]
    col = Color(colour)
    if filter_name == "grayscale":
        col = col.filter("grayscale", space="srgb-linear")
    elif filter_name is not None:
        col = col.filter(filter_name, method="machado", space="srgb-linear")
    return col.convert("srgb").clip()


@lru_cache(maxsize=4096)
def seen(colour: str, vision: Vision) -> str:
    """``colour`` ("#rrggbb") as seen with ``vision``, as "#rrggbb"."""
    return _filtered(colour, vision).to_string(hex=True)


@lru_cache(maxsize=8192)
def difference(a: str, b: str, vision: Vision) -> float:
    """CIEDE2000 difference of two colours as seen with ``vision``."""
    return _filtered(a, vision).delta_e(_filtered(b, vision), method="2000")


def closest(a: str, b: str) -> tuple[float, Vision]:
    """The smallest difference of two colours over every vision, and that vision (normal vision first
    where two tie)."""
    return min(((difference(a, b, v), i, v) for i, v in enumerate(Vision)), key=lambda t: (t[0], t[1]))[::2]


def contrast(text: str, ground: str) -> float:
    """WCAG contrast ratio of text on a ground (1 to 21): relative luminance, art/colour.py's."""
    return wcag_contrast(text, ground)


def needed_contrast(size_pt: float, bold: bool) -> float:
    """WCAG 2.1 level AA for text of this size: 3:1 for large text, 4.5:1 for the rest."""
    return MIN_CONTRAST_LARGE if size_pt >= 18 or (bold and size_pt >= 14) else MIN_CONTRAST


@lru_cache(maxsize=None)
def filter_matrix(vision: Vision) -> tuple[float, ...]:
    """The 4 x 5 matrix of an SVG ``feColorMatrix`` (in linearRGB) that draws ``vision`` as coloraide
    simulates it: each simulation is linear in linear sRGB, so its matrix is read off the three primaries."""
    from coloraide import Color  # lazy: as in _filtered

    columns = []
    for primary in ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)):
        col = Color("srgb-linear", list(primary))
        if vision.value[1] == "grayscale":
            col = col.filter("grayscale", space="srgb-linear")
        elif vision.value[1] is not None:
            col = col.filter(vision.value[1], method="machado", space="srgb-linear")
        columns.append(col.convert("srgb-linear").coords())
    rows = []
    for r in range(3):
        rows.extend([round(columns[c][r], 6) for c in range(3)] + [0.0, 0.0])
    rows.extend([0.0, 0.0, 0.0, 1.0, 0.0])
    return tuple(rows)
