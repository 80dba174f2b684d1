"""Reading a designer's own pictures (PNG, JPEG, SVG): whether a file can be drawn, its own size, and
an SVG file as a drawing; placing one on a face is art/images.py's.

Pillow reads raster files (size, format); svglib reads SVG into reportlab drawing objects so an SVG
picture stays vector in the PDF, and the SVG output embeds the file itself. Each picture is stored
once per file however often it is used (a PDF image or form XObject, an SVG symbol). Pillow, svglib
and lxml are loaded only when a picture is read.
"""

from __future__ import annotations

import logging
import math
import os
import re
import warnings
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from ..base.errors import one_line, show

KINDS = (".png", ".jpg", ".jpeg", ".svg")
IMAGE_PX = 10_000_000  # a picture's pixels, each decoded into 4 bytes at most: an A4 page at 300 dpi is 8.7 million
IMAGE_SIDE_PX = 24_000  # a picture's width or height: a 2,000 mm board side at 300 dpi is 23,622
IMAGE_BYTES = 32 * 1024 * 1024  # a PNG or JPEG file
SVG_BYTES = 4 * 1024 * 1024  # an SVG file
SVG_ELEMENTS = 10_000  # elements in one SVG file
SVG_DEPTH = 64  # elements inside each other
SVG_NUMBERS = 100_000  # numbers in all its path data and point lists: 50,000 points (one path may hold them all)
SEE = "(see Limits in docs/data-format.md)"
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def is_svg(path: str) -> bool:
    return str(path).lower().endswith(".svg")


class _Chatter(logging.Handler):
    """svglib's log lines while it reads one file, kept for our own message instead of the terminal."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:  # below: CSS svglib does not draw, not the player's problem
            self.errors.append(record.getMessage())


@contextmanager
def _quiet_svglib() -> Iterator[_Chatter]:
    """svglib's loggers caught (never printed bare): what it logged at ERROR is in the handler."""
    chatter = _Chatter()
    logger = logging.getLogger("svglib")
    saved = logger.level, logger.propagate
    logger.addHandler(chatter)
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    try:
        yield chatter
    finally:
        logger.removeHandler(chatter)
        logger.setLevel(saved[0])
        logger.propagate = saved[1]


@lru_cache(maxsize=256)
def svg_drawing(path: str):
    """The SVG file as a reportlab Drawing (svglib), or raise ValueError with the reason (what svglib
    logged as an error included: a picture it could not draw whole is refused, not drawn in part)."""
    from svglib.svglib import svg2rlg  # SVG pictures only: a game without them never loads svglib

    with _quiet_svglib() as chatter:
        try:
            drawing = svg2rlg(path)
        except Exception as exc:  # svglib raises lxml and parser errors of many kinds
            raise ValueError(f"cannot read it as SVG ({type(exc).__name__}: {one_line(str(exc), 80)})") from None
    if chatter.errors:
        raise ValueError(f"cannot draw it whole: svglib says {one_line(chatter.errors[0], 120)}")
    if drawing is None or not drawing.width or not drawing.height:
        raise ValueError("cannot read it as SVG (no width, height or viewBox)")
    problem = _reach_problem(drawing)
    if problem:
        raise ValueError(problem)
    return drawing


def svg_problem(path: Path, root: Path | None = None) -> str | None:
    """Why this SVG file is refused before svglib reads it, or None: its size, its elements and how
    deeply they nest (read as a stream, stopping at the first limit passed), and each picture or
    file it refers to (``href``): a file of the game folder ``root``, or a ``data:`` URI, nothing else.
    Read once however many faces name it."""
    return _svg_problem(str(path), None if root is None else str(root))


@lru_cache(maxsize=256)
def _svg_problem(name: str, root_name: str | None) -> str | None:
    path, root = Path(name), None if root_name is None else Path(root_name)
    _CHECKING.add(str(path.resolve()))
    try:
        return _stream_svg(path, root)
    finally:
        _CHECKING.discard(str(path.resolve()))


def _stream_svg(path: Path, root: Path | None) -> str | None:
    from lxml import etree  # an SVG picture only

    size = path.stat().st_size
    if size > SVG_BYTES:
        return f"an SVG file of {size / 1024 / 1024:,.1f} MB, over the limit of {SVG_BYTES // 1024 // 1024} MB {SEE}"
    elements = depth = numbers = 0
    try:
        for event, element in etree.iterparse(str(path), events=("start", "end"), resolve_entities=False,
                                              no_network=True, huge_tree=False, remove_comments=True):
            if event == "end":
                depth -= 1
                element.clear(keep_tail=True)
                continue
            depth += 1
            elements += 1
            if depth > SVG_DEPTH:
                return f"its elements nest more than {SVG_DEPTH} deep (its line {element.sourceline}) {SEE}"
            if elements > SVG_ELEMENTS:
                return f"it has more than {SVG_ELEMENTS:,} elements {SEE}; simplify the drawing"
            for attr, value in element.attrib.items():
                if attr == "d" and value.strip() and value.lstrip()[0] not in "Mm":
                    return (f"a path that does not start with a move (M) (its line {element.sourceline}); SVG "
                            "path data begins with M x,y")
                if attr in ("d", "points"):
                    numbers += len(_NUMBER.findall(value))
                    if numbers > SVG_NUMBERS:
                        return (f"its paths hold more than {SVG_NUMBERS:,} numbers (by its line {element.sourceline}) "
                                f"{SEE}; simplify the drawing")
                if attr.rpartition("}")[2] == "href":
                    why = _reference_problem(path, value, root)
                    if why is None and value.strip()[:1] in ("#", "") and str(element.tag).endswith("image"):
                        why = f"an <image> refers to {show(value.strip(), 40)}, which is no picture file"
                    if why:
                        return f"{why} (its line {element.sourceline})"
    except etree.XMLSyntaxError as exc:
        return f"cannot read it as SVG ({one_line(str(exc), 100)})"
    return None


RASTER_IN_SVG = "a PNG or JPEG picture: SVG art must be all vector (give the picture with image: instead)"


def _reference_problem(path: Path, href: str, root: Path | None) -> str | None:
    """Why an SVG's reference to another file is refused, or None: only other SVG files of the game
    folder (held to the same limits) and the SVG's own elements (``#id``). A PNG or JPEG inside SVG
    art (a file or a ``data:`` URI) cannot be drawn into the PDF's form of the art (reportlab)."""
    href = href.strip()
    if href.startswith("#") or href == "" or href.startswith("data:image/svg"):
        return None
    if href.startswith("data:"):
        return f"it holds {RASTER_IN_SVG}"
    if ":" in href.split("/", 1)[0]:
        return f"it refers to {show(href, 60)}; an SVG picture may use files of the game folder only"
    target = href.split("#", 1)[0]
    if os.path.isabs(target):
        return f"it refers to {show(target, 60)}, an absolute path; refer to files of the game folder by relative paths"
    try:
        full = (path.parent / target).resolve()
        if root is not None:
            full.relative_to(root.resolve())
    except (ValueError, OSError):
        return f"it refers to {show(target, 60)}, outside the game folder"
    if not is_svg(str(full)):
        return f"it refers to {show(target, 60)}, {RASTER_IN_SVG}"
    if str(full) not in _CHECKING and full.is_file():
        _CHECKING.add(str(full))  # an SVG naming itself, or one naming it: svglib refuses the cycle
        try:
            why = check_image(full, root)
        finally:
            _CHECKING.discard(str(full))
        if why:
            return f"the picture it refers to, {show(target, 60)}: {why}"
    return None


_CHECKING: set[str] = set()  # the SVG files being checked, the outermost first


SVG_REACH = 1_000_000.0  # user units: a width, a coordinate, a transform's scale or shift


def _reach_problem(drawing) -> str | None:  # noqa: ANN001 - a reportlab Drawing
    """Why the picture's numbers are too large to print (``width="1e308"``, ``scale(1e300)``: a
    PDF writes every number out in full), or None. Each group's transform, then what the whole
    reaches with the transforms applied."""
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
        sizes = [v for v in (getattr(node, "strokeWidth", None), getattr(node, "fontSize", None))
                 if isinstance(v, (int, float))]
        if far(sizes):  # stroke-width="1e308": every line is written out with it
            return f"a stroke width or font size in it ({max(sizes, key=abs):g}) is too large to print"
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
    from PIL import (  # PNG and JPEG pictures only: a game without them never loads Pillow
        Image,
        UnidentifiedImageError,
    )

    try:
        with warnings.catch_warnings():  # Pillow's DecompressionBombWarning: our own limits say it
            warnings.simplefilter("ignore")
            with Image.open(path) as im:  # the header only: nothing is decoded here
                if im.format not in ("PNG", "JPEG"):
                    raise ValueError(f"it is a {im.format} file; use PNG, JPEG or SVG")
                why = raster_problem(im.width, im.height)
                if why:
                    raise ValueError(why)
                im.verify()  # a PNG's checksums
            with Image.open(path) as im:
                im.load()  # decoded once (at most 40 MB): what the build will read, readable whole
                return float(im.width), float(im.height)
    except Image.DecompressionBombError:  # hundreds of millions of pixels in a small file
        raise ValueError(f"it is over the limit of {IMAGE_PX // 1_000_000} million pixels a picture {SEE}") from None
    except (UnidentifiedImageError, OSError, SyntaxError) as exc:
        raise ValueError(f"cannot read it as a picture ({one_line(str(exc), 100)})") from None


def raster_problem(width: int, height: int) -> str | None:
    """Why a PNG or JPEG of this size is refused, or None: its pixels (what it takes decoded: 4 bytes
    a pixel at most, and a print-shop build works on a few copies) and each side."""
    if max(width, height) > IMAGE_SIDE_PX:
        return (f"it is {width:,} x {height:,} pixels, over the limit of {IMAGE_SIDE_PX:,} pixels a side {SEE}; "
                f"scale it down")
    if width * height > IMAGE_PX:
        return (f"it is {width:,} x {height:,} pixels, over the limit of {IMAGE_PX // 1_000_000} million pixels a "
                f"picture {SEE}; scale it down")
    return None


def check_image(path: Path, root: Path | None = None) -> str | None:
    """Why this picture cannot be used, or None. ``root``: the game folder, which an SVG's own
    references must stay inside."""
    if path.suffix.lower() not in KINDS:
        return f"a picture must be a .png, .jpg or .svg file, not {path.suffix or 'a file without a suffix'}"
    try:
        if not path.is_file():
            return "no such file"
        size = path.stat().st_size
    except OSError as exc:  # a name too long for the file system
        return f"cannot read it: {exc.strerror}"
    svg = is_svg(str(path))
    if not svg and size > IMAGE_BYTES:
        return (f"a picture file of {size / 1024 / 1024:,.0f} MB, over the limit of "
                f"{IMAGE_BYTES // 1024 // 1024} MB {SEE}; save it as JPEG or scale it down")
    try:
        why = svg_problem(path, root) if svg else None
        if why is None:
            natural_size(str(path))
    except ValueError as exc:
        return str(exc)
    return why


def forget() -> None:
    """Forget every picture read (its size, its drawing, its SVG checks): a file of the same name changed."""
    for cached in (svg_drawing, natural_size, _svg_problem):
        cached.cache_clear()
