"""Rich text in every text field: ``**bold**``, ``*italic*``, inline icons ``{icon:gold}`` and line
breaks (a newline in the YAML, or ``\\n`` in a quoted string), laid out in runs and wrapped.

A *family* maps the four styles (regular, bold, italic, bolditalic) to font names the drawing
surface knows: the built-in kinds, or a game's own TrueType files (see :mod:`generator.draw.fonts`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence

from ..draw.fonts import text_width_mm
from ..draw.surface import MM_PER_PT, Surface
from ..typescale import snap

DEFAULT_FAMILY: Mapping[str, str] = {"regular": "regular", "bold": "bold", "italic": "italic",
                                     "bolditalic": "bolditalic"}
ICON_RE = re.compile(r"\{icon:([a-z0-9][a-z0-9_-]*)\}")
ICON_EM = 1.05  # an inline icon is this many font sizes wide
_STYLE = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bolditalic"}


@dataclass(frozen=True)
class Frag:
    """A piece of one word in one style, or an inline icon (``icon`` set, ``text`` empty)."""

    text: str
    style: str = "regular"
    icon: str = ""


Word = tuple[Frag, ...]


def plain(text: Any) -> str:
    """The words a reader sees: markup and icons removed (for measuring and for messages)."""
    out = []
    for para in parse(str(text)):
        out.append(" ".join("".join(f.text for f in word) for word in para))
    return "\n".join(out)


@lru_cache(maxsize=8192)
def parse(text: str, base: str = "regular") -> tuple[tuple[Word, ...], ...]:
    """Paragraphs (split at newlines) of words, each word a tuple of fragments."""
    bold0 = base in ("bold", "bolditalic")
    italic0 = base in ("italic", "bolditalic")
    paras = []
    for para in str(text).replace("\\n", "\n").split("\n"):
        words: list[Word] = []
        current: list[Frag] = []
        bold, italic = bold0, italic0
        i, n = 0, len(para)
        buf = ""

        def flush() -> None:
            nonlocal buf
            if buf:
                current.append(Frag(buf, _STYLE[(bold, italic)]))
                buf = ""

        while i < n:
            ch = para[i]
            if ch == "\\" and i + 1 < n and para[i + 1] in "*{\\":
                buf += para[i + 1]
                i += 2
                continue
            if para.startswith("**", i) and (bold != bold0 or "**" in para[i + 2:]):
                flush()
                bold = not bold
                i += 2
                continue
            if ch == "*" and (italic != italic0 or "*" in para[i + 1:].replace("**", "")):
                flush()
                italic = not italic
                i += 1
                continue
            m = ICON_RE.match(para, i) if ch == "{" else None
            if m:
                flush()
                current.append(Frag("", _STYLE[(bold, italic)], m.group(1)))
                i = m.end()
                continue
            if ch.isspace():
                flush()
                if current:
                    words.append(tuple(current))
                    current = []
                i += 1
                continue
            buf += ch
            i += 1
        flush()
        if current:
            words.append(tuple(current))
        paras.append(tuple(words))
    return tuple(paras)


def icons_in(text: Any) -> list[str]:
    return ICON_RE.findall(str(text))


def _frag_width(frag: Frag, size: float, family: Mapping[str, str]) -> float:
    if frag.icon:
        return size * MM_PER_PT * ICON_EM
    return text_width_mm(frag.text, size, family.get(frag.style, frag.style))


def word_width(word: Word, size: float, family: Mapping[str, str]) -> float:
    return sum(_frag_width(f, size, family) for f in word)


def space_width(size: float, family: Mapping[str, str]) -> float:
    return text_width_mm(" ", size, family.get("regular", "regular"))


Line = tuple[tuple[Word, ...], float]  # words and the line's width in mm


def wrap(text: str, width_mm: float, size: float, family: Mapping[str, str] = DEFAULT_FAMILY,
         base: str = "regular") -> list[Line]:
    """Lines no wider than ``width_mm`` (a single over-long word stands alone)."""
    lines: list[Line] = []
    space = space_width(size, family)
    for para in parse(str(text), base):
        if not para:
            lines.append(((), 0.0))
            continue
        cur: list[Word] = [para[0]]
        cur_w = word_width(para[0], size, family)
        for word in para[1:]:
            ww = word_width(word, size, family)
            if cur_w + space + ww <= width_mm + 1e-9:
                cur.append(word)
                cur_w += space + ww
            else:
                lines.append((tuple(cur), cur_w))
                cur, cur_w = [word], ww
        lines.append((tuple(cur), cur_w))
    return lines


def widest(text: str, size: float, family: Mapping[str, str] = DEFAULT_FAMILY, base: str = "regular") -> float:
    """Width of the widest paragraph set on one line."""
    return max((w for _, w in wrap(text, 1e9, size, family, base)), default=0.0)


def draw_line(s: Surface, x: float, y: float, line: Line, size: float, *, ink: str,
              family: Mapping[str, str] = DEFAULT_FAMILY, anchor: str = "start",
              icons: Mapping[str, Any] | None = None) -> None:
    """Draw one wrapped line with its baseline at ``y``, at the type scale's step for ``size``."""
    words, width = line
    if snap(size) != size:  # set at the scale's step: the runs and the anchor at that size
        size = snap(size)
        width = sum(_frag_width(frag, size, family) for frag in _runs(words))
    if anchor == "middle":
        x -= width / 2
    elif anchor == "end":
        x -= width
    em = size * MM_PER_PT
    # runs of one style are set as one string (spaces included), so a PDF holds whole phrases
    for frag in _runs(words):
        w = _frag_width(frag, size, family)
        if frag.icon:
            shapes = (icons or {}).get(frag.icon)
            if shapes:
                from .art import draw_icon

                draw_icon(s, list(shapes), x + w / 2, y - em * 0.34, em * 0.98, ink)
        else:
            font = family.get(frag.style, frag.style)
            text = frag.text.lstrip(" ")
            # a run's leading space is an advance, not a character: SVG drops leading spaces
            lead = text_width_mm(frag.text[:len(frag.text) - len(text)], size, font) if text != frag.text else 0.0
            s.text(x + lead, y, text, size_pt=size, font=font, fill=ink)
        x += w


def _runs(words: Sequence[Word]) -> list[Frag]:
    """The line's fragments with spaces put back and neighbours of one style joined."""
    out: list[Frag] = []
    for k, word in enumerate(words):
        for i, frag in enumerate(word):
            text = (" " if k and i == 0 else "") + frag.text
            if frag.icon:
                if k and i == 0:
                    out.append(Frag(" ", frag.style))
                out.append(frag)
            elif out and not out[-1].icon and out[-1].style == frag.style:
                out[-1] = Frag(out[-1].text + text, frag.style)
            else:
                out.append(Frag(text, frag.style))
    return out


def draw_text(s: Surface, x: float, y: float, text: str, size: float, *, ink: str,
              family: Mapping[str, str] = DEFAULT_FAMILY, anchor: str = "start", base: str = "regular",
              icons: Mapping[str, Any] | None = None, leading: float = 1.2) -> int:
    """Draw text with hard line breaks only (no wrapping); returns the number of lines."""
    lines = wrap(text, 1e9, size, family, base)
    for i, line in enumerate(lines):
        draw_line(s, x, y + i * size * MM_PER_PT * leading, line, size, ink=ink, family=family, anchor=anchor,
                  icons=icons)
    return len(lines)


def fit_lines(text: str, width_mm: float, height_mm: float, max_pt: float, min_pt: float,
              family: Mapping[str, str] = DEFAULT_FAMILY, base: str = "regular",
              leading: float = 1.2) -> tuple[float, list[Line], bool]:
    """The largest size (0.25 pt steps) from ``max_pt`` down to ``min_pt`` at which the text fits the
    box; returns (size, lines, fits)."""
    size = max_pt
    while True:
        lines = wrap(text, width_mm, size, family, base)
        tall = len(lines) * size * MM_PER_PT * leading
        wide = max((w for _, w in lines), default=0.0)
        ok = tall <= height_mm + 1e-6 and wide <= width_mm + 1e-6
        if ok or size <= min_pt:
            return size, lines, ok
        size = max(min_pt, round(size - 0.25, 2))


def all_text_fields(value: Any) -> list[str]:
    """Every string under ``value`` (for checking the icons named inline)."""
    out: list[str] = []
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            out.extend(all_text_fields(v))
    elif isinstance(value, (list, tuple)):
        for v in value:
            out.extend(all_text_fields(v))
    return out


__all__: Sequence[str] = ["parse", "plain", "wrap", "draw_line", "draw_text", "fit_lines", "widest",
                          "DEFAULT_FAMILY"]
