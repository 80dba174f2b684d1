"""The words of the data format's closed sets that several parts of the program use (pieces, faces,
elements, the drawing), and the inline icon a text names (``{icon:NAME}``). Each set is a :class:`~enum.StrEnum`: a member is the word itself (it equals
the string read from YAML, hashes as it and prints as it), so code compares with a member, never with
a bare string, and the schema lists the members."""

from __future__ import annotations

import re
import sys
from enum import Enum
from typing import Any

if sys.version_info >= (3, 11):
    from enum import StrEnum
else:  # Python 3.10: the same behaviour, written out (a member is its word in str(), f-strings, ==)

    class StrEnum(str, Enum):
        """Python 3.11's :class:`enum.StrEnum` for 3.10: ``str()`` and ``format()`` give the word."""

        def __str__(self) -> str:
            return str.__str__(self)

        def __format__(self, spec: str) -> str:
            return str.__format__(str.__str__(self), spec)

ICON_RE = re.compile(r"\{icon:([a-z0-9][a-z0-9_-]*)\}")  # an inline icon in any text (drawn by richtext)


def icons_in(text: Any) -> list[str]:
    """The names of the inline icons ``{icon:NAME}`` in a text."""
    return ICON_RE.findall(str(text))


class Orientation(StrEnum):
    """Which way a hex lies: a flat side on top, or a corner on top."""

    FLAT = "flat"
    POINTY = "pointy"


class Anchor(StrEnum):
    """Where a line of text sits against its x: its start, its middle or its end there."""

    START = "start"
    MIDDLE = "middle"
    END = "end"


class ImageFit(StrEnum):
    """fit: all of a picture shows inside its box; fill: it covers the box, cut to it."""

    FIT = "fit"
    FILL = "fill"


class Duplex(StrEnum):
    """How a two-sided piece's backs print: on the back of its fronts' sheet flipped on the long or the
    short edge (each backs page mirrored across it), or not at all (fronts only)."""

    LONG = "long"
    SHORT = "short"
    NONE = "none"


class Marks(StrEnum):
    """The cut marks of a sheet of pieces: short crop marks (a knife), lines to the page margins (a
    trimmer), or none."""

    CROP = "crop"
    LINES = "lines"
    NONE = "none"


class PieceLayout(StrEnum):
    """How two-sided pieces are laid out: fronts and backs on the two sides of a sheet (duplex), or side
    by side on one side, folded between them (gutter-fold)."""

    DUPLEX = "duplex"
    GUTTER_FOLD = "gutter-fold"


class DiePrint(StrEnum):
    """How a die prints: a cube net to cut, fold and glue (d6 only), or stickers for a real die's faces."""

    NET = "net"
    STICKERS = "stickers"


PATTERNS = ("none", "dots", "lines", "hatch", "cross", "waves", "triangles", "bricks")
SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "pentagon")
FONTS = ("regular", "bold", "italic", "bolditalic")
ORIENTATIONS = tuple(Orientation)
PAGE_ORIENTATIONS = ("portrait", "landscape")  # a board's or sheet's pages (component orientation:)
