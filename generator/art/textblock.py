"""Flowing text in a box: headings, paragraphs, bullet lists and simple tables, shrunk to fit.

Cards, reference cards, rule sheets and boards all set their text through :func:`draw_sections`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..base.notices import warn
from ..base.vocabulary import Anchor
from ..draw.fonts import text_width_mm
from ..draw.surface import MM_PER_PT, Path, Style, Surface
from ..geometry.typescale import step_up
from .richtext import DEFAULT_FAMILY, Line, draw_line, family_key, wrap

LEADING = 1.22


@dataclass(slots=True)
class _Line:
    """A piece of a row: rich-text words and width, x, scale, anchor, and rule (a thin line under a
    table header)."""

    line: Line
    x: float
    scale: float = 1.0
    anchor: str = Anchor.START
    rule: bool = False


_EMPTY: Line = ((), 0.0)


def _lines_for(sections: Sequence[dict[str, Any]], width: float, size: float,
               family: Mapping[str, str] = DEFAULT_FAMILY) -> list[list[_Line]]:
    """Lay out every section at ``size`` pt; returns rows, each a list of pieces on one baseline."""
    rows: list[list[_Line]] = []
    for index, sec in enumerate(sections):
        if index and rows:
            rows.append([])  # a gap between sections
        if sec.get("heading"):  # a heading: the type scale's step above the text
            up = step_up(size) / size
            for line in wrap(str(sec["heading"]), width, size * up, family, "bold"):
                rows.append([_Line(line, 0, up)])
        if sec.get("text"):
            base = "italic" if sec.get("italic") else "regular"
            for line in wrap(str(sec["text"]), width, size, family, base):
                rows.append([_Line(line, 0)])
        for bullet in sec.get("bullets") or []:
            indent = text_width_mm("\u2022 ", size, family.get("regular", "regular"))
            for i, line in enumerate(wrap(str(bullet), width - indent, size, family)):
                row = [_Line(line, indent)]
                if i == 0:
                    row.append(_Line(wrap("\u2022", 1e9, size, family)[0], 0))
                rows.append(row)
        table = sec.get("rows") or []
        if table:
            rows.extend(_table_rows(sec, table, width, size, family))
    return rows


def _table_rows(sec: dict[str, Any], table: list, width: float, size: float,
                family: Mapping[str, str]) -> list[list[_Line]]:
    header = sec.get("header")
    all_rows = ([header] if header else []) + [r if isinstance(r, list) else [r] for r in table]
    ncol = max(len(r) for r in all_rows)
    weights = list(sec.get("widths") or [])
    if len(weights) < ncol:
        weights = weights + [1.0] * (ncol - len(weights))
    total = sum(weights[:ncol])
    gap = 1.2
    widths = [width * w / total for w in weights[:ncol]]
    xs = [sum(widths[:i]) for i in range(ncol)]
    out: list[list[_Line]] = []
    for r, row in enumerate(all_rows):
        base = "bold" if header and r == 0 else "regular"
        cells = [wrap(str(cell), max(2.0, widths[c] - gap), size, family, base) for c, cell in enumerate(row)]
        height = max(len(c) for c in cells) if cells else 1
        for k in range(height):
            out.append([_Line(cell[k], xs[c]) for c, cell in enumerate(cells) if k < len(cell)])
        if header and r == 0:
            out.append([_Line(_EMPTY, 0, rule=True)])
    return out


def measure(sections: Sequence[dict[str, Any]], width: float, size: float,
            family: Mapping[str, str] = DEFAULT_FAMILY) -> float:
    rows = _lines_for(sections, width, size, family)
    return sum(_row_height(row, size) for row in rows)


def _row_height(row: list[_Line], size: float) -> float:
    if not row:
        return size * MM_PER_PT * 0.55
    if row[0].rule:
        return size * MM_PER_PT * 0.35
    return size * MM_PER_PT * LEADING * max(p.scale for p in row)


def fit_size(sections: Sequence[dict[str, Any]], width: float, height: float, max_pt: float,
             min_pt: float, family: Mapping[str, str] = DEFAULT_FAMILY) -> float:
    """The largest size (in 0.25 pt steps) at which the sections fit, but not below ``min_pt``."""
    size = max_pt
    while size > min_pt and measure(sections, width, size, family) > height:
        size = max(min_pt, size - 0.25)
    return max(size, min_pt)


_LAID_OUT: dict[tuple, tuple[float, list[list[_Line]], float]] = {}


def _laid_out(sections: Sequence[dict[str, Any]], width: float, height: float, max_pt: float, min_pt: float,
              family: Mapping[str, str], content: Any = None) -> tuple[float, list[list[_Line]], float]:
    """The size the sections fit at, their rows and their height: laid out once per distinct text and
    box (a deck sets the same rules on many cards), keyed on the sections' content (``content``: a
    hashable value the caller knows stands for it)."""
    key = (repr(sections) if content is None else content, width, height, max_pt, min_pt, family_key(family))
    done = _LAID_OUT.get(key)
    if done is None:
        size = fit_size(sections, width, height, max_pt, min_pt, family)
        rows = _lines_for(sections, width, size, family)
        done = (size, rows, sum(_row_height(row, size) for row in rows))
        if len(_LAID_OUT) >= 1024:
            _LAID_OUT.clear()
        _LAID_OUT[key] = done
    return done


def _overflow(where: tuple, size: float, total: float, height: float) -> None:
    if total > height + 0.05:
        warn(where, f"the text needs {total:.1f} mm at {size:g} pt (the smallest allowed here) but its box is "
                    f"{height:.1f} mm tall: the last lines run past it; shorten the text")


def check_sections(sections: Sequence[dict[str, Any]], width: float, height: float, *, max_pt: float = 9.0,
                   min_pt: float = 6.0, family: Mapping[str, str] = DEFAULT_FAMILY, where: tuple = (),
                   content: Any = None) -> None:
    """The warning :func:`draw_sections` notes for text that does not fit its box, without drawing
    (for text drawn once and placed again)."""
    size, _rows, total = _laid_out(sections, width, height, max_pt, min_pt, family, content)
    _overflow(where, size, total, height)


def draw_sections(s: Surface, sections: Sequence[dict[str, Any]], x: float, y: float, width: float,
                  height: float, *, max_pt: float = 9.0, min_pt: float = 6.0, ink: str = "#000000",
                  align: str = Anchor.START, family: Mapping[str, str] = DEFAULT_FAMILY,
                  icons: Mapping[str, Any] | None = None, where: tuple | None = (), content: Any = None) -> float:
    """Draw the sections into the box; returns the size used in pt. Text that does not fit even at
    ``min_pt`` is drawn at ``min_pt`` and noted as a build warning at ``where`` (file, line; None: not
    noted). ``content``: a hashable value standing for the sections (the layout cache's key; their repr if None)."""
    size, rows, total = _laid_out(sections, width, height, max_pt, min_pt, family, content)
    if where is not None:
        _overflow(where, size, total, height)
    cy = y
    for row in rows:
        h = _row_height(row, size)
        if row and row[0].rule:
            s.draw(Path.line(x, cy - h * 0.3, x + width, cy - h * 0.3), Style(stroke=ink, width_mm=0.2))
            cy += h
            continue
        cy += h
        for piece in row:
            px = x + piece.x
            anchor = piece.anchor
            if align == Anchor.MIDDLE and len(row) == 1 and piece.x == 0:
                px, anchor = x + width / 2, Anchor.MIDDLE
            elif align == Anchor.END and len(row) == 1 and piece.x == 0:
                px, anchor = x + width, Anchor.END
            draw_line(s, px, cy - h * 0.22, piece.line, size * piece.scale, ink=ink, family=family,
                      anchor=anchor, icons=icons)
    return size
