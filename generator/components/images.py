"""A designer's own pictures (PNG, JPEG, SVG) on faces, backs and boards.

Pillow reads raster files (size, format); svglib reads SVG into reportlab drawing objects so an SVG
picture stays vector in the PDF, and the SVG output embeds the file itself. Each picture is stored
once per file however often it is used (a PDF image or form XObject, an SVG symbol).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..draw.surface import Surface
from ..vocabulary import ImageFit

KINDS = (".png", ".jpg", ".jpeg", ".svg")
IMAGE_PX = 30_000_000  # a picture's pixels: a 548 x 400 mm board at 300 dpi is 26 million


def is_svg(path: str) -> bool:
    return str(path).lower().endswith(".svg")


@lru_cache(maxsize=256)
def svg_drawing(path: str):
    """The SVG file as a reportlab Drawing (svglib), or raise ValueError with the reason."""
    import logging  # SVG pictures only, as svglib: a game without them never loads either

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.ERROR)  # unsupported CSS is not the player's problem
    try:
        drawing = svg2rlg(path)
    except Exception as exc:  # svglib raises lxml and parser errors of many kinds
        raise ValueError(f"cannot read it as SVG ({type(exc).__name__}: {exc})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise ValueError("cannot read it as SVG (no width, height or viewBox)")
    problem = _reach_problem(drawing)
    if problem:
        raise ValueError(problem)
    return drawing


SVG_REACH = 1_000_000.0  # user units: a width, a coordinate, a transform's scale or shift


def _reach_problem(drawing) -> str | None:  # noqa: ANN001 - a reportlab Drawing
    """Why the picture's numbers are too large to print (``width="1e308"``, ``scale(1e300)``: a
    PDF writes every number out in full), or None. Each group's transform, then what the whole
    reaches with the transforms applied."""
    import math

    def far(values) -> bool:  # noqa: ANN001
        return any(not math.isfinite(v) or abs(v) > SVG_REACH for v in values)

    if far((float(drawing.width), float(drawing.height))):
        return (f"its width and height ({float(drawing.width):g} x {float(drawing.height):g}) are too large to "
                f"print; at most {SVG_REACH:,.0f} units")
    stack = [drawing]
    while stack:
        node = stack.pop()
        transform = getattr(node, "transform", None)
        if transform is not None and far(transform):
            return (f"a transform in it ({', '.join(f'{v:g}' for v in transform)}) scales or moves by more "
                    f"than {SVG_REACH:,.0f}; too large to print")
        stack.extend(getattr(node, "contents", None) or ())
    try:
        bounds = drawing.getBounds()
    except (ValueError, OverflowError, TypeError, ZeroDivisionError):
        bounds = None
    if bounds is not None and far(bounds):
        return f"its drawing reaches coordinates of more than {SVG_REACH:,.0f} units; too large to print"
    return None


@lru_cache(maxsize=256)
def natural_size(path: str) -> tuple[float, float]:
    """The picture's own width and height (pixels, or SVG user units): for its proportions."""
    if is_svg(path):
        d = svg_drawing(path)
        return float(d.width), float(d.height)
    from PIL import Image, UnidentifiedImageError  # PNG and JPEG pictures only: a game without them never loads Pillow

    try:
        with Image.open(path) as im:
            if im.format not in ("PNG", "JPEG"):
                raise ValueError(f"it is a {im.format} file; use PNG, JPEG or SVG")
            im.verify()
            return float(im.width), float(im.height)
    except Image.DecompressionBombError:  # hundreds of millions of pixels in a small file
        raise ValueError(f"it is over the limit of {IMAGE_PX // 1_000_000} million pixels a picture "
                         f"(see Limits in docs/data-format.md)") from None
    except (UnidentifiedImageError, OSError, SyntaxError) as exc:
        raise ValueError(f"cannot read it as a picture ({exc})") from None


def check_image(path: Path) -> str | None:
    """Why this picture cannot be used, or None."""
    if path.suffix.lower() not in KINDS:
        return f"a picture must be a .png, .jpg or .svg file, not {path.suffix or 'a file without a suffix'}"
    try:
        if not path.is_file():
            return "no such file"
    except OSError as exc:  # a name too long for the file system
        return f"cannot read it: {exc.strerror}"
    try:
        w, h = natural_size(str(path))
    except ValueError as exc:
        return str(exc)
    if not is_svg(str(path)) and w * h > IMAGE_PX:  # bounded work: each is decoded whole to be drawn
        return (f"it is {w:,.0f} x {h:,.0f} pixels, over the limit of {IMAGE_PX // 1_000_000} million pixels a "
                f"picture (see Limits in docs/data-format.md); scale it down")
    return None


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
