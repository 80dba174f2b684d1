"""Full pages of text (rule summaries, dice tables, the contents and cutting checklist)."""

from __future__ import annotations

from typing import Any, Sequence

from ..components.textblock import draw_sections, measure
from ..draw.surface import Surface
from .page import Paper

COLUMN_GAP_MM = 6.0


def paint_text_page(s: Surface, paper: Paper, title: str, sections: Sequence[dict[str, Any]],
                    columns: int = 1, max_pt: float = 10.0, min_pt: float = 7.0, icons: Any = None,
                    where: tuple = ()) -> None:
    x0, y0, x1, y1 = paper.usable
    s.text(x0, y0 + 7, title, size_pt=16, font="bold")
    top = y0 + 12
    width = (x1 - x0 - (columns - 1) * COLUMN_GAP_MM) / columns
    height = y1 - top - 2
    groups = split_columns(sections, columns, width, max_pt)
    for i, group in enumerate(groups):
        draw_sections(s, group, x0 + i * (width + COLUMN_GAP_MM), top, width, height, max_pt=max_pt,
                      min_pt=min_pt, icons=icons, where=where)


def split_columns(sections: Sequence[dict[str, Any]], columns: int, width: float,
                  size: float) -> list[list[dict[str, Any]]]:
    """Share sections between columns so the columns are about as tall as each other."""
    if columns <= 1:
        return [list(sections)]
    heights = [measure([sec], width, size) for sec in sections]
    target = sum(heights) / columns
    out: list[list[dict[str, Any]]] = [[]]
    acc = 0.0
    for sec, h in zip(sections, heights):
        if acc + h / 2 > target * len(out) and len(out) < columns and out[-1]:
            out.append([])
        out[-1].append(sec)
        acc += h
    return out
