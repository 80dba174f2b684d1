"""Fonts: Bitstream Vera, the TrueType family that ships inside reportlab, so every machine that can
build a kit has the same fonts and every PDF embeds them. SVGs name the family and fall back to
DejaVu Sans (Vera's extension, same metrics)."""

from __future__ import annotations

import io
import os
import struct
from functools import lru_cache
from pathlib import Path

import reportlab
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..base.errors import one_line
from ..base.interrupts import Held
from .surface import MM_PER_PT, PT_PER_MM

_FILES = {
    "regular": "Vera.ttf",
    "bold": "VeraBd.ttf",
    "italic": "VeraIt.ttf",
    "bolditalic": "VeraBI.ttf",
}
MAX_FONT_BYTES = 20 * 1024 * 1024  # a game font's file: the largest TrueType families (CJK) are about 17 MB
PDF_NAMES = {kind: f"PnpVera-{kind}" for kind in _FILES}
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
SVG_WEIGHT = {"regular": ("normal", "normal"), "bold": ("bold", "normal"),
              "italic": ("normal", "italic"), "bolditalic": ("bold", "italic")}


def register() -> None:
    """Kept for callers that want every font ready; fonts otherwise register on first use."""
    for kind in _FILES:
        pdf_name(kind)


def is_file(font: str) -> bool:
    """A game's own font is named by its file's path (.ttf, or .otf); the built-in ones by kind."""
    return font.lower().endswith((".ttf", ".otf"))


def check_font_file(path) -> str | None:
    """Why this file cannot be a game font, or None (TrueType .ttf, or OpenType .otf: CFF outlines are
    converted to TrueType ones for embedding, see draw/otf.py)."""
    path = Path(path)
    name = one_line(path.name, 60)  # a name of 300 characters is cut in the message
    if path.suffix.lower() not in (".ttf", ".otf"):
        return f"{name}: a game font must be a TrueType .ttf or an OpenType .otf file"
    try:
        if not path.is_file():
            return f"{name}: no such file"
        size = path.stat().st_size  # before a byte is read: the font is read whole to be embedded
    except OSError as exc:  # a name too long for the file system
        return f"{name}: cannot read it: {exc.strerror}"
    if size > MAX_FONT_BYTES:
        return (f"{name}: a font file of {size / 1024 / 1024:,.0f} MB, over the limit of "
                f"{MAX_FONT_BYTES // 1024 // 1024} MB a font (see Limits in docs/data-format.md)")
    why = cmap_problem(path.read_bytes())
    if why:
        return f"{name}: {why}; the file is damaged or not a font"
    try:
        pdf_name(str(path))
    except Exception as exc:  # reportlab's TTFError and struct errors for damaged files
        return f"{name}: not a font that can be embedded ({one_line(str(exc), 100)})"
    try:  # the SVG pages embed it cut down by fontTools, which reads tables reportlab does not
        svg_subset(str(path), "Aa0")
    except Exception as exc:  # fontTools' assertions and struct errors for damaged tables
        return (f"{name}: a damaged font: fontTools cannot cut it down for the SVG pages "
                f"({type(exc).__name__}: {one_line(str(exc), 80)})")
    return None


MAX_CMAP_CHARS = 0x110000  # every Unicode code point once


def cmap_problem(data: bytes) -> str | None:
    """Why a font's character map cannot be read in bounded time, or None. reportlab and fontTools
    list every character of each range of a ``cmap`` subtable one by one, so a damaged range
    (format 12 from 0 to 4,294,967,295, or thousands of overlapping format 4 segments) runs for
    minutes and gigabytes: the ranges are added up here first, from the table directory, without
    reading anything else, over every subtable (fontTools reads them all; a 330 KB font of ten
    subtables of every code point took it to 1 GB). A format 12 group maps a run of characters to a
    run of glyphs, so one whose glyphs run past the font's last (``maxp``'s count) is damage too,
    however few characters it lists (the OpenType sanitizer browsers use refuses such a font for the
    same reason). A subtable past the end of the file is left to the font readers."""
    def ushort(at: int) -> int:
        return struct.unpack_from(">H", data, at)[0]

    def ulong(at: int) -> int:
        return struct.unpack_from(">L", data, at)[0]

    try:
        tables = {data[12 + 16 * i:16 + 16 * i]: ulong(12 + 16 * i + 8) for i in range(ushort(4))}
        cmap = tables.get(b"cmap")
        if cmap is None:
            return None
        subtables = ushort(cmap + 2)
    except struct.error:
        return None
    glyphs = _glyph_count(tables.get(b"maxp"), ushort)
    counted: set[int] = set()  # fontTools reads a subtable that several records point at once
    total = 0
    for i in range(subtables):
        try:  # each subtable on its own: the readers skip one past the end and read the next
            table = cmap + ulong(cmap + 4 + 8 * i + 4)
            chars = 0 if table in counted else _cmap_chars(data, table, ushort, ulong)
            last = _last_glyph(table, ushort, ulong) if glyphs is not None and chars <= MAX_CMAP_CHARS else None
        except struct.error:
            continue
        counted.add(table)
        total += chars
        if total > MAX_CMAP_CHARS:
            return (f"its character map lists {total:,} characters (Unicode has {MAX_CMAP_CHARS:,})" if chars == total
                    else f"its character maps list {total:,} characters in all (Unicode has {MAX_CMAP_CHARS:,})")
        if last is not None and glyphs is not None and last >= glyphs:
            return f"its character map points at glyph {last:,}, past the font's {glyphs:,} glyphs"
    return None


def _glyph_count(maxp: int | None, ushort) -> int | None:  # noqa: ANN001 - cmap_problem's reader
    """How many glyphs the font says it has (``maxp``), or None if that cannot be read."""
    if maxp is None:
        return None
    try:
        return ushort(maxp + 4)
    except struct.error:
        return None


def _last_glyph(table: int, ushort, ulong) -> int | None:  # noqa: ANN001 - cmap_problem's readers
    """The highest glyph a format 12 subtable maps a character to (None for the other formats)."""
    if ushort(table) != 12:
        return None
    groups = ulong(table + 12)
    return max((ulong(table + 16 + 12 * k + 8) + max(0, ulong(table + 16 + 12 * k + 4) - ulong(table + 16 + 12 * k))
                for k in range(groups)), default=None)


def _cmap_chars(data: bytes, table: int, ushort, ulong) -> int:  # noqa: ANN001 - the readers above
    """The characters one cmap subtable lists, counted from its ranges."""
    fmt = ushort(table)
    if fmt == 4:
        segments = ushort(table + 6) // 2
        ends, starts = table + 14, table + 16 + 2 * segments
        return sum(max(0, ushort(ends + 2 * k) - ushort(starts + 2 * k) + 1) for k in range(segments))
    if fmt in (12, 13):
        groups = ulong(table + 12)
        if 16 + 12 * groups > len(data) - table:
            return MAX_CMAP_CHARS + 1  # more groups than the file holds
        return sum(max(0, ulong(table + 16 + 12 * k + 4) - ulong(table + 16 + 12 * k) + 1) for k in range(groups))
    if fmt == 10:
        return ulong(table + 16)
    return 0


@lru_cache(maxsize=None)
def file_family(path: str) -> str:
    """The name a game font goes by in the PDF and SVG: its file name plus a digest of its bytes, so
    two files of one name never clash and the same font gives the same bytes on every machine."""
    import hashlib  # a game's own fonts only

    stem = "".join(ch if ch.isalnum() else "-" for ch in os.path.splitext(os.path.basename(path))[0])
    with open(path, "rb") as fh:
        digest = hashlib.sha1(fh.read()).hexdigest()[:6]
    return f"pnp-{stem}-{digest}"


@lru_cache(maxsize=None)
def pdf_name(kind: str) -> str:
    """The reportlab name of a font kind, registering its TrueType file on first use (each one
    parsed costs a few milliseconds, so a kit that never sets italic never loads it). A game's own
    font (a .ttf path) is registered the same way; reportlab embeds the subset of glyphs used."""
    if is_file(kind):
        name = file_family(kind)
        path = kind
    else:
        kind = font_kind(kind)
        name, path = PDF_NAMES[kind], os.path.join(os.path.dirname(reportlab.__file__), "fonts", _FILES[kind])
    # reportlab reads a font file under bare "except:" clauses that turn any exception into TTFError:
    # a Ctrl-C landing there became "internal error (TTFError: Corrupt TTF file ...)" and exit 1 (once
    # in 20 runs of the Ctrl-C test). The short read waits for it.
    source: str | io.BytesIO = path
    if path.lower().endswith(".otf"):  # CFF outlines: embedded as their TrueType equivalent
        from .otf import truetype_bytes  # a game's own .otf font only

        source = io.BytesIO(truetype_bytes(path))
    with Held():
        pdfmetrics.registerFont(TTFont(name, source))
    return name


def load_kerning() -> None:
    """Read the built-in fonts' kern pairs now: a worker readies them before its first SVG part."""
    for kind in _FILES:
        _kern_pairs(kind)


@lru_cache(maxsize=None)
def _kern_pairs(kind: str) -> frozenset:
    """The character pairs the font's kern table moves closer or apart. reportlab ignores kerning
    (PDF text is laid out at plain advance widths); SVG renderers apply it. fontTools reads the table."""
    from fontTools.ttLib import TTFont as _Reader  # SVG output only: a PDF-only build never loads fontTools

    from .otf import quiet_font_tools

    quiet_font_tools()

    font = _Reader(os.path.join(os.path.dirname(reportlab.__file__), "fonts", _FILES[font_kind(kind)]),
                   lazy=True)
    glyph_of = font.getBestCmap()
    char_of: dict[str, list[str]] = {}
    for code, glyph in glyph_of.items():
        char_of.setdefault(glyph, []).append(chr(code))
    pairs: set[tuple[str, str]] = set()
    if "kern" in font:
        for table in font["kern"].kernTables:
            for (a, b), value in table.kernTable.items():
                if value:
                    pairs.update((x, y) for x in char_of.get(a, ()) for y in char_of.get(b, ()))
    return frozenset(pairs)


def unkerned_runs(text: str, size_pt: float, font: str = "regular") -> list[tuple[float, str]]:
    """``text`` split where the font kerns a pair, each run with its offset (mm) from the start at
    plain advance widths: placing each run at its offset lays the line out as the PDF does, whether
    or not a renderer kerns (rsvg ignores ``font-kerning: none``)."""
    pairs = _kern_pairs(font_kind(font))
    runs: list[tuple[float, str]] = []
    start = 0
    for i in range(1, len(text)):
        if (text[i - 1], text[i]) in pairs:
            runs.append((text_width_mm(text[:start], size_pt, font), text[start:i]))
            start = i
    runs.append((text_width_mm(text[:start], size_pt, font), text[start:]))
    return runs


def font_kind(font: str) -> str:
    return font if font in _FILES else "regular"


def svg_subset(path: str, text: str) -> bytes:
    """The font cut down to the characters in ``text`` (fontTools' subsetter), as TrueType bytes,
    for embedding in an SVG page: a whole font per page would be hundreds of kilobytes."""
    import io  # SVG pages with a game's own fonts only, as the subsetter

    from fontTools import subset

    from .otf import quiet_font_tools

    quiet_font_tools()

    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.layout_features = ["*"]
    font = subset.load_font(path, options)
    font.recalcTimestamp = False  # same input, same bytes
    sub = subset.Subsetter(options)
    sub.populate(text=text + " ")
    sub.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@lru_cache(maxsize=16384)
def text_width_mm(text: str, size_pt: float, font: str = "regular") -> float:
    """Width of one line of text in mm, kept: for texts measured again and again."""
    return _font(font).stringWidth(text, size_pt) * MM_PER_PT  # what pdfmetrics.stringWidth calls


def fresh_width_mm(text: str, size_pt: float, font: str = "regular") -> float:
    """:func:`text_width_mm` not kept in its cache: for a text met once (a card's own title or value,
    a page's sheet label), which would only push the texts measured again and again out of it."""
    return _font(font).stringWidth(text, size_pt) * MM_PER_PT


@lru_cache(maxsize=None)
def _font(font: str):
    return pdfmetrics.getFont(pdf_name(font))


@lru_cache(maxsize=None)
def covered(font: str) -> frozenset[int]:
    """The characters ``font`` (a kind or a game font's file) has glyphs for."""
    return frozenset(_font(font).face.charToGlyph)


def font_label(font: str) -> str:
    """A font as a message names it."""
    return os.path.basename(font) if is_file(font) else f"Bitstream Vera ({font_kind(font)}, built in)"


def wrap(text: str, width_mm: float, size_pt: float, font: str = "regular") -> list[str]:
    """Break plain text into lines no wider than ``width_mm`` (a single over-long word stands alone), each
    paragraph by reportlab's simpleSplit; an empty paragraph stays an empty line."""
    name, room = pdf_name(font), width_mm * PT_PER_MM
    lines: list[str] = []
    for para in str(text).split("\n"):
        lines.extend(simpleSplit(para, name, size_pt, room) or [""])
    return lines
