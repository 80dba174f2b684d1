"""Flowing text in a box: headings, paragraphs, bullet lists and simple tables, shrunk to fit.

Cards, reference cards, rule sheets and boards all set their text through :func:`draw_sections`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..draw.fonts import text_width_mm, wrap
from ..draw.surface import MM_PER_PT, Path, Style, Surface

LEADING = 1.22


@dataclass
class _Line:
    text: str
    x: float
    font: str
    scale: float = 1.0
    anchor: str = "start"
    rule: bool = False  # a thin line under a table header


def _lines_for(sections: Sequence[dict[str, Any]], width: float, size: float) -> list[list[_Line]]:
    """Lay out every section at ``size`` pt; returns rows, each a list of pieces on one baseline."""
    rows: list[list[_Line]] = []
    for index, sec in enumerate(sections):
        if index and rows:
            rows.append([])  # a gap between sections
        if sec.get("heading"):
            for text in wrap(str(sec["heading"]), width, size * 1.08, "bold"):
                rows.append([_Line(text, 0, "bold", 1.08)])
        if sec.get("text"):
            font = "italic" if sec.get("italic") else "regular"
            for text in wrap(str(sec["text"]), width, size, font):
                rows.append([_Line(text, 0, font)])
        for bullet in sec.get("bullets") or []:
            indent = text_width_mm("• ", size)
            for i, text in enumerate(wrap(str(bullet), width - indent, size)):
                row = [_Line(text, indent, "regular")]
                if i == 0:
                    row.append(_Line("•", 0, "regular"))
                rows.append(row)
        table = sec.get("rows") or []
        if table:
            rows.extend(_table_rows(sec, table, width, size))
    return rows


def _table_rows(sec: dict[str, Any], table: list, width: float, size: float) -> list[list[_Line]]:
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
        font = "bold" if header and r == 0 else "regular"
        cells = [wrap(str(cell), max(2.0, widths[c] - gap), size, font) for c, cell in enumerate(row)]
        height = max(len(c) for c in cells) if cells else 1
        for k in range(height):
            out.append([_Line(cell[k], xs[c], font) for c, cell in enumerate(cells) if k < len(cell)])
        if header and r == 0:
            out.append([_Line("", 0, "regular", rule=True)])
    return out


def measure(sections: Sequence[dict[str, Any]], width: float, size: float) -> float:
    rows = _lines_for(sections, width, size)
    return sum(_row_height(row, size) for row in rows)


def _row_height(row: list[_Line], size: float) -> float:
    if not row:
        return size * MM_PER_PT * 0.55
    if row[0].rule:
        return size * MM_PER_PT * 0.35
    return size * MM_PER_PT * LEADING * max(p.scale for p in row)


def fit_size(sections: Sequence[dict[str, Any]], width: float, height: float, max_pt: float,
             min_pt: float) -> float:
    """The largest size (in 0.25 pt steps) at which the sections fit, but not below ``min_pt``."""
    size = max_pt
    while size > min_pt and measure(sections, width, size) > height:
        size -= 0.25
    return max(size, min_pt)


def draw_sections(s: Surface, sections: Sequence[dict[str, Any]], x: float, y: float, width: float,
                  height: float, *, max_pt: float = 9.0, min_pt: float = 6.0, ink: str = "#000000",
                  align: str = "start") -> float:
    """Draw the sections into the box; returns the size used in pt."""
    size = fit_size(sections, width, height, max_pt, min_pt)
    rows = _lines_for(sections, width, size)
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
            if align == "middle" and len(row) == 1 and piece.x == 0:
                px, anchor = x + width / 2, "middle"
            s.text(px, cy - h * 0.22, piece.text, size_pt=size * piece.scale, font=piece.font, fill=ink,
                   anchor=anchor)
    return size
