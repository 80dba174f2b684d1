"""OpenType fonts with CFF (PostScript) outlines, as TrueType: reportlab embeds TrueType outlines only,
so a designer's ``.otf`` is converted in memory (fontTools: each cubic outline to quadratic curves
within a thousandth of an em) and embedded as that. The advance widths, the character map and the
names are the font's own, so text is laid out exactly as the .otf lays it out. An ``.otf`` that
already holds TrueType outlines is used as it is.
"""

from __future__ import annotations

import io
import logging
from functools import lru_cache

MAX_ERR = 1.0  # font units a quadratic curve may stray from the cubic one (a thousandth of a 1000-unit em)


def quiet_font_tools() -> None:
    """fontTools logs what it skips or cannot read in a damaged font ("skipping malformed name record");
    the player hears of a damaged font from us, once, with its line: its own log lines stay unprinted."""
    logging.getLogger("fontTools").setLevel(logging.CRITICAL + 1)


@lru_cache(maxsize=32)
def truetype_bytes(path: str) -> bytes:
    """The font at ``path`` as TrueType bytes (the same bytes every time: same input, same PDF)."""
    from fontTools.ttLib import TTFont  # a game's own .otf font only: fontTools loaded for it

    quiet_font_tools()
    font = TTFont(path, recalcTimestamp=False)
    if "CFF " not in font:
        with open(path, "rb") as fh:
            return fh.read()
    _to_quadratic(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _to_quadratic(font) -> None:
    from fontTools.pens.cu2quPen import Cu2QuPen  # as above
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions"):
        setattr(maxp, field, 0)
    maxp.maxComponentElements = max((len(getattr(g, "components", None) or ()) for g in glyphs.values()),
                                    default=0)
    maxp.compile(font)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    try:
        post.compile(font)
    except OverflowError:
        post.formatType = 3.0
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
