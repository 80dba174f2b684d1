"""Rich text in every text field: ``**bold**``, ``*italic*``, inline icons ``{icon:gold}`` and line
breaks (a newline in the YAML, or ``\\n`` in a quoted string), laid out in runs and wrapped.

A *family* maps the four styles (regular, bold, italic, bolditalic) to font names the drawing
surface knows: the built-in kinds, or a game's own TrueType files (see :mod:`generator.draw.fonts`).
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from ..base.vocabulary import ICON_RE, Anchor
from ..draw.fonts import fresh_width_mm, text_width_mm
from ..draw.surface import MM_PER_PT, Surface
from ..geometry.typescale import snap
from .paint import draw_icon

# read-only: a face with the built-in fonts is handed this very mapping (layout caches know it at sight)
DEFAULT_FAMILY: Mapping[str, str] = MappingProxyType({"regular": "regular", "bold": "bold", "italic": "italic",
                                                      "bolditalic": "bolditalic"})
ICON_EM = 1.05  # an inline icon is this many font sizes wide
_STYLE = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bolditalic"}


class Frag(NamedTuple):
    """A piece of one word in one style, or an inline icon (``icon`` set, ``text`` empty). A named
    tuple: made and hashed in C (lines are cache keys), a tenth of a frozen dataclass's cost."""

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


def words(text: Any) -> str:
    """A text for an output that shows no markup (a web page's caption, a saved object's name): as
    :func:`plain`, where it holds markup; as written (spaces and all) where it holds none."""
    text = str(text)
    if not MARKUP.search(text):
        return text
    return "\n".join(" ".join(line.split()) for line in plain(text).split("\n"))  # no gap where an icon was


@lru_cache(maxsize=4096)
def parse(text: str, base: str = "regular") -> tuple[tuple[Word, ...], ...]:
    """Paragraphs (split at newlines) of words, each word a tuple of fragments."""
    bold0 = base in ("bold", "bolditalic")
    italic0 = base in ("italic", "bolditalic")
    paras = []
    for para in str(text).replace("\\n", "\n").split("\n"):
        words: list[Word] = []
        current: list[Frag] = []
        bold, italic = bold0, italic0
        strong = False  # inside **...**
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
            if para.startswith("**", i):
                if strong or "**" in para[i + 2:]:
                    flush()
                    strong = not strong  # in a bold text (a title, a value) **...** stays bold
                    bold = bold0 or strong
                else:  # a pair with no other to close it ("2 ** 3") prints as written
                    buf += "**"
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
                elif ch == " ":  # a space after a space, or leading: kept, as an empty word
                    words.append((Frag("", _STYLE[(bold, italic)]),))
                i += 1
                continue
            buf += ch
            i += 1
        flush()
        if current:
            words.append(tuple(current))
        if all(len(word) == 1 and not word[0].text and not word[0].icon for word in words):
            words = []  # spaces alone: an empty line
        paras.append(tuple(words))
    return tuple(paras)


def marked(text: str) -> bool:
    """Whether a text holds markup (``**bold**``, ``*italic*``, ``{icon:...}``, an escape): a plain one
    can be set as it is."""
    return "*" in text or "{icon:" in text or "\\" in text


def rich_width(text: str, size: float, family: Mapping[str, str] = DEFAULT_FAMILY, base: str = "regular") -> float:
    """The widest line of ``text`` as printed (markup not counted; an icon as wide as it prints)."""
    return max((sum(word_width(w, size, family) for w in para) + space_width(size, family) * max(len(para) - 1, 0)
                for para in parse(text, base)), default=0.0)


def _frag_width(frag: Frag, size: float, family: Mapping[str, str]) -> float:
    if frag.icon:
        return size * MM_PER_PT * ICON_EM
    return text_width_mm(frag.text, size, family.get(frag.style, frag.style))


def word_width(word: Word, size: float, family: Mapping[str, str]) -> float:
    return sum(_frag_width(f, size, family) for f in word)


def space_width(size: float, family: Mapping[str, str]) -> float:
    return text_width_mm(" ", size, family.get("regular", "regular"))


Line = tuple[tuple[Word, ...], float]  # words and the line's width in mm


def family_key(family: Mapping[str, str]) -> tuple:
    """A family as a hashable value (the key of the layout caches below); () for the built-in fonts."""
    if family is DEFAULT_FAMILY:
        return ()
    key = tuple(family.items())
    return () if key == _DEFAULT_KEY else key


_DEFAULT_KEY = tuple(DEFAULT_FAMILY.items())


def family(game: Any, name: Any) -> tuple:
    """The font family a face or element names (a key of the game's fonts:), as (style, font)
    pairs; () for the built-in fonts."""
    fam = game.fonts.get(str(name)) if name else None
    if not fam:
        return ()
    regular = fam.get("regular")
    styles = tuple((style, fam.get(style) or fam.get("bold" if "bold" in style else "regular") or regular)
                   for style in ("regular", "bold", "italic", "bolditalic"))
    return styles + ((("fallback", fam["fallback"]),) if fam.get("fallback") else ())


def named_fonts(game: Any, font: Any, default: str = "regular") -> tuple[dict[str, str], str]:
    """An element's font family and base style from its ``font:`` (``default`` when it names none): a
    font named under fonts: in game.yaml, or one of the built-in styles set in the game's body font
    (the built-in fonts when it has none)."""
    name = str(default if font is None else font)
    if name in game.fonts:
        return dict(family(game, name)), "regular"
    return dict(family(game, "body")) or dict(DEFAULT_FAMILY), name


def wrap(text: str, width_mm: float, size: float, family: Mapping[str, str] = DEFAULT_FAMILY,
         base: str = "regular") -> list[Line]:
    """Lines no wider than ``width_mm`` (a single over-long word stands alone)."""
    return list(_wrap(str(text), width_mm, size, family_key(family), base))


# Layout is a pure function of the text, the box and the fonts, and decks repeat texts (the same rules
# on many cards, titles measured while fitting and again while drawing): each is laid out once.
# Text with no markup, no icons, no escapes and no line breaks (most titles, values and rules): one
# paragraph of words in the base style, split at spaces. Measured directly, with the same arithmetic as
# the general path below, so it gives the same widths to the last bit.
MARKUP = re.compile(r"[*{\\]|[^\S ]")
_BASES = {"regular", "bold", "italic", "bolditalic"}


def _plain_widths(text: str, size: float, family: Mapping[str, str], base: str) -> tuple[list[str], list[float], str]:
    style = base if base in _BASES else "regular"
    font = family.get(style, style)
    words = text.split(" ") if text.strip(" ") else []  # a run of spaces keeps its spaces: empty words
    if words and words[-1] == "":  # as parse() splits: the space ending a word is no empty word after it
        words.pop()
    return words, [text_width_mm(w, size, font) if w else 0.0 for w in words], style


def fill_lines(words: Sequence[Any], widths: Sequence[float], space: float, room: float,
               blank: Callable[[Any], bool] = lambda word: False) -> list[tuple[list[Any], float]]:
    """The one word-wrap of rich text: ``words`` (at least one; ``widths`` theirs, in mm) set on lines of
    at most ``room`` mm with ``space`` between words, as many a line as fit (an over-long word stands
    alone): each line's words and its width. As reportlab's simpleSplit breaks plain text. A ``blank``
    word (of no width: one more space of a run of them) is set only before a word on the same line:
    the spaces where a line breaks, or that end the text, go with the break."""
    lines: list[tuple[list[Any], float]] = []
    cur = [words[0]]
    cur_w = widths[0]
    pending: list[Any] = []  # blank words since the line's last word
    for word, ww in zip(words[1:], widths[1:]):
        if blank(word):
            pending.append(word)
            continue
        if cur_w + space * (len(pending) + 1) + ww <= room + 1e-9:
            for _ in pending:
                cur.append(pending[0])
                cur_w += space
            cur.append(word)
            cur_w += space + ww
        else:
            lines.append((cur, cur_w))
            cur, cur_w = [word], ww
        pending = []
    lines.append((cur, cur_w))
    return lines


def _blank_word(word: Word) -> bool:
    return len(word) == 1 and not word[0].text and not word[0].icon


def _blank_text(word: str) -> bool:
    return not word


@lru_cache(maxsize=2048)
def _wrap(text: str, width_mm: float, size: float, fam: tuple, base: str) -> tuple[Line, ...]:
    family = dict(fam) if fam else DEFAULT_FAMILY
    space = space_width(size, family)
    if not MARKUP.search(text) and "fallback" not in family:
        words, widths, style = _plain_widths(text, size, family, base)
        if not words:
            return (((), 0.0),)
        return tuple((tuple((Frag(w, style),) for w in line), line_w)
                     for line, line_w in fill_lines(words, widths, space, width_mm, _blank_text))
    return _wrap_rich(text, width_mm, size, family, base)


def _wrap_rich(text: str, width_mm: float, size: float, family: Mapping[str, str], base: str) -> tuple[Line, ...]:
    """The general path: any text, parsed into paragraphs of styled words (markup, icons, breaks)."""
    lines: list[Line] = []
    space = space_width(size, family)
    fallback = "fallback" in family
    for para in parse(text, base):
        if fallback:
            para = tuple(_with_fallback(word, family) for word in para)
        if not para:
            lines.append(((), 0.0))
            continue
        widths = [word_width(word, size, family) for word in para]
        lines.extend((tuple(line), line_w) for line, line_w in fill_lines(para, widths, space, width_mm, _blank_word))
    return tuple(lines)


def _with_fallback(word: Word, family: Mapping[str, str]) -> Word:
    """A word's fragments split where their font has no glyph: those characters in the fallback font."""
    from ..draw.fonts import covered  # only for text in a game's own font

    out: list[Frag] = []
    for frag in word:
        font = family.get(frag.style, frag.style)
        if frag.icon or frag.text.isascii() and font == family.get("regular"):
            out.append(frag)
            continue
        have = covered(font)
        run, run_missing = "", False
        for ch in frag.text:
            gone = ord(ch) not in have
            if run and gone != run_missing:
                out.append(Frag(run, "fallback" if run_missing else frag.style))
                run = ""
            run, run_missing = run + ch, gone
        if run:
            out.append(Frag(run, "fallback" if run_missing else frag.style))
    return tuple(out)


def widest(text: str, size: float, family: Mapping[str, str] = DEFAULT_FAMILY, base: str = "regular") -> float:
    """Width of the widest paragraph set on one line."""
    return _widest(str(text), size, family_key(family), base)


def _widest(text: str, size: float, fam: tuple, base: str) -> float:
    text = text.rstrip(" ")  # as a line is laid out: spaces at its end take no room
    if fam and any(k == "fallback" for k, _ in fam):  # characters may be set in another font: laid out
        return max((w for _, w in _wrap(text, 1e9, size, fam, base)), default=0.0)
    if " " not in text and not MARKUP.search(text):  # one word (a value, a number): its width
        if not text:
            return 0.0
        style = base if base in _BASES else "regular"
        # not kept in text_width_mm's cache: a value or a number is new on every card
        return fresh_width_mm(text, size, (dict(fam) if fam else DEFAULT_FAMILY).get(style, style))
    if not MARKUP.search(text):  # one line: its width, without laying it out
        family = dict(fam) if fam else DEFAULT_FAMILY
        words, widths, _ = _plain_widths(text, size, family, base)
        if not words:
            return 0.0
        space = space_width(size, family)
        cur_w = widths[0]
        for ww in widths[1:]:
            cur_w += space + ww
        return cur_w
    return max((w for _, w in _wrap(text, 1e9, size, fam, base)), default=0.0)


def shrink_to(text: str, room_mm: float, max_pt: float, min_pt: float, family: Mapping[str, str] = DEFAULT_FAMILY,
              base: str = "regular", step: float = 0.25) -> float:
    """The size the loop ``size = max_pt; while size > min_pt and widest(text, size) > room_mm: size =
    max(min_pt, size - step)`` ends at, found by halving: widths only grow with the size (every step of
    measuring is a sum of products with the size, each monotonic in floating point), so the first size
    of that sequence that fits is the same; four measurements instead of up to twenty."""
    return _shrink_to(str(text), room_mm, max_pt, min_pt, family_key(family), base, step)


@lru_cache(maxsize=2048)
def _shrink_to(text: str, room_mm: float, max_pt: float, min_pt: float, fam: tuple, base: str,
               step: float) -> float:
    sizes, ascending = _shrink_sizes(max_pt, min_pt, step)
    # the answer is the first size that is the last one or fits; everything after it fits too. Most
    # texts fit at once; otherwise their width, which grows in proportion to the size, says nearly
    # where to look: start there and step to the exact answer (two or three measurements in all).
    last = len(sizes) - 1
    if last == 0:
        return sizes[0]
    wide = _widest(text, sizes[0], fam, base)
    if wide <= room_mm:
        return sizes[0]

    def fits(i: int) -> bool:
        return i == last or _widest(text, sizes[i], fam, base) <= room_mm

    guess = sizes[0] * room_mm / wide if wide > 0 else min_pt
    below = bisect.bisect_right(ascending, guess)  # how many of the sizes are <= guess: the last ones
    i = len(sizes) - below if below else last  # the first size <= guess
    i = max(1, i)
    if fits(i):
        while i > 1 and fits(i - 1):
            i -= 1
    else:
        i += 1
        while not fits(i):
            i += 1
    return sizes[i]


@lru_cache(maxsize=64)
def _shrink_sizes(max_pt: float, min_pt: float, step: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The loop's sizes, computed as it computes them (the same floats), and the same ascending."""
    sizes = [max_pt]
    while sizes[-1] > min_pt:
        sizes.append(max(min_pt, sizes[-1] - step))
    return tuple(sizes), tuple(sorted(sizes))


def draw_line(s: Surface, x: float, y: float, line: Line, size: float, *, ink: str,
              family: Mapping[str, str] = DEFAULT_FAMILY, anchor: str = Anchor.START,
              icons: Mapping[str, Any] | None = None) -> None:
    """Draw one wrapped line with its baseline at ``y``, at the type scale's step for ``size``."""
    words, width = line
    if snap(size) != size:  # set at the scale's step: the runs and the anchor at that size
        size = snap(size)
        width = sum(_frag_width(frag, size, family) for frag in _runs(words))
    if anchor == Anchor.MIDDLE:
        x -= width / 2
    elif anchor == Anchor.END:
        x -= width
    if words:  # one run of one style with no icon (most lines): its words set as one string
        style = words[0][0].style
        for word in words:
            if len(word) != 1 or word[0].icon or word[0].style != style:
                break
        else:
            s.text(x, y, " ".join([word[0].text for word in words]), size_pt=size,
                   font=family.get(style, style), fill=ink)
            return
    em = size * MM_PER_PT
    # runs of one style are set as one string (spaces included), so a PDF holds whole phrases
    for w, lead, text, font, icon in _placed(words, size, family_key(family)):
        if icon:
            shapes = (icons or {}).get(icon)
            if shapes:
                draw_icon(s, list(shapes), x + w / 2, y - em * 0.34, em * 0.98, ink)
        else:
            s.text(x + lead, y, text, size_pt=size, font=font, fill=ink)
        x += w


def draw_one_line(s: Surface, x: float, y: float, text: str, size: float, *, ink: str,
                  family: Mapping[str, str] = DEFAULT_FAMILY, base: str = "regular", anchor: str = Anchor.START,
                  icons: Mapping[str, Any] | None = None) -> None:
    """A short text on one line (a piece's or a die's value): plain words set at ``size`` as they are,
    rich text (``{icon:NAME}``, ``**bold**``) laid out as :func:`draw_line` sets a line, so it prints
    what :func:`widest` measured, never its markup."""
    if not MARKUP.search(text) and "fallback" not in family:
        style = base if base in _BASES else "regular"
        s.text(x, y, text, size_pt=size, font=family.get(style, style), fill=ink, anchor=anchor)
        return
    line = wrap(text, 1e9, size, family, base)
    if line:
        draw_line(s, x, y, line[0], size, ink=ink, family=family, anchor=anchor, icons=icons)


def draw_plain(s: Surface, x: float, y: float, text: str, size: float, *, ink: str,
               family: Mapping[str, str] = DEFAULT_FAMILY, base: str = "regular", anchor: str = Anchor.START,
               width: float | None = None) -> bool:
    """What ``draw_line(s, x, y, wrap(text, 1e9, size, family, base)[0], size, ...)`` draws, for a text
    with no markup, icon or line break, without laying it out in words (a card's title and value, new
    on every card); returns False, drawing nothing, for any other text. ``width``: its width at
    ``size`` as :func:`widest` gives it, when the caller has it already."""
    if MARKUP.search(text) or "fallback" in family:
        return False
    if not text.strip(" "):
        return True
    text = text.rstrip(" ")  # spaces at the end show nothing (leading ones, and runs of them, are kept)
    style = base if base in _BASES else "regular"
    font = family.get(style, style)
    step = snap(size)
    if anchor != Anchor.START:  # the width only where the anchor needs it
        if step != size:  # as draw_line: the width of the one run at the scale's step (text_width_mm's sum)
            width = fresh_width_mm(text, step, font)
        elif width is None:  # the line's width as laid out
            width = _widest(text, size, family_key(family), base)
        x -= width / 2 if anchor == Anchor.MIDDLE else width
    s.text(x, y, text, size_pt=step, font=font, fill=ink)
    return True


@lru_cache(maxsize=2048)
def _placed(words: tuple[Word, ...], size: float, fam: tuple) -> tuple[tuple[float, float, str, str, str], ...]:
    """A line's runs as (advance, leading space, text, font, icon), measured once per line and size."""
    family = dict(fam) if fam else DEFAULT_FAMILY
    out = []
    for frag in _runs(words):
        w = _frag_width(frag, size, family)
        if frag.icon:
            out.append((w, 0.0, "", "", frag.icon))
            continue
        font = family.get(frag.style, frag.style)
        text = frag.text.lstrip(" ")
        # a run's leading space is an advance, not a character: SVG drops leading spaces
        lead = text_width_mm(frag.text[:len(frag.text) - len(text)], size, font) if text != frag.text else 0.0
        out.append((w, lead, text, font, ""))
    return tuple(out)


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
              family: Mapping[str, str] = DEFAULT_FAMILY, anchor: str = Anchor.START, base: str = "regular",
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
