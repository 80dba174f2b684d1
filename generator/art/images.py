"""A designer's own pictures (PNG, JPEG, SVG) on faces, backs and boards: where a picture goes in its
box, showing all of it or covering the box. Reading the files is source/pictures.py's.
"""

from __future__ import annotations

from ..base.vocabulary import ImageFit
from ..draw.surface import Surface
from ..source.pictures import natural_size


def placement(path: str, box: tuple[float, float, float, float],
              fit: str = ImageFit.FIT) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the picture in ``box`` (x0, y0, x1, y1): ``fit`` shows all of it, centred;
    ``fill`` covers the box (the caller clips what falls outside)."""
    iw, ih = natural_size(path)
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    k = min(bw / iw, bh / ih) if fit == ImageFit.FIT else max(bw / iw, bh / ih)
    w, h = iw * k, ih * k
    return (x0 + (bw - w) / 2, y0 + (bh - h) / 2, w, h)


def draw_image(s: Surface, path: str, box: tuple[float, float, float, float], fit: str = ImageFit.FIT) -> None:
    x, y, w, h = placement(path, box, fit)
    s.image(path, x, y, w, h)
