"""The sheet's condensed rules: rendered from ``templates/kingdom/sheet-rules.txt.j2`` with the numbers
of the rules data, and set in the front's two columns at the largest size from 7 pt that fits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import jinja2

from generator.api import MM_PER_PT, fonts
from solo.rules import Rules, templates_dir
from solo.sheet_layout import MIN_PT, Box
from solo.tables import cost_text


def rules_text(rules: Rules, blank: bool) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             autoescape=False)
    env.filters["cost_text"] = cost_text
    return env.get_template("kingdom/sheet-rules.txt.j2").render(r=rules, blank=blank).strip()


@dataclass(frozen=True)
class TextLine:
    x_mm: float
    y_mm: float
    text: str
    size_pt: float
    font: str


def set_rules(text: str, box: Box | Sequence[Box], size_pt: float = 8.5) -> list[TextLine]:
    """Headings, paragraphs and indented items, wrapped into ``box`` (or flowed through several
    column boxes of the same height, in order) at the largest size >= 7 pt."""
    boxes = [box] if isinstance(box, Box) else list(box)
    size = size_pt
    while True:
        lines = _flow(text, boxes, size)
        if lines is not None or size <= MIN_PT:
            return lines if lines is not None else _flow(text, boxes, size, force=True)  # type: ignore[return-value]
        size = max(MIN_PT, round(size - 0.25, 2))


def _flow(text: str, boxes: list[Box], size: float, force: bool = False) -> list[TextLine] | None:
    """Set ``text`` column after column, moving a whole paragraph (a heading with the paragraph
    after it) to the next column rather than splitting it; None when it does not fit (unless
    ``force``)."""
    first = boxes[0]
    paragraphs = _paragraphs(_set(text, first, size))
    out: list[TextLine] = []
    col, shift = 0, 0.0
    for i, para in enumerate(paragraphs):
        keep = para + (paragraphs[i + 1][:1] if para[0].font == "bold" and i + 1 < len(paragraphs) else [])
        if keep[-1].y_mm - shift > boxes[col].bottom and col + 1 < len(boxes) and out:
            col += 1
            shift = para[0].y_mm - (boxes[col].y + size * MM_PER_PT)
        dx = boxes[col].x - first.x
        out.extend(TextLine(ln.x_mm + dx, ln.y_mm - shift, ln.text, ln.size_pt, ln.font) for ln in para)
    if not force and out and out[-1].y_mm > boxes[-1].bottom:
        return None
    return out


def _paragraphs(lines: list[TextLine]) -> list[list[TextLine]]:
    """Lines grouped by paragraph: a continuation line is indented past its paragraph's first."""
    out: list[list[TextLine]] = []
    for line in lines:
        if out and line.font != "bold" and out[-1][0].font != "bold" and line.x_mm > out[-1][0].x_mm + 1.0:
            out[-1].append(line)
        else:
            out.append([line])
    return out


def _set(text: str, box: Box, size: float) -> list[TextLine]:
    """Set into one (endless) column as wide as ``box``."""
    lead = size * MM_PER_PT * 1.16
    y = box.y + size * MM_PER_PT
    out: list[TextLine] = []
    for raw in text.splitlines():
        if not raw.strip():
            continue
        if raw.startswith("## "):
            y += lead * 0.35 if out else 0.0
            out.append(TextLine(box.x, y, raw[3:].upper(), size + 0.5, "bold"))
            y += lead
            continue
        indent = 3.0 if raw.startswith("- ") else 0.0
        body = raw[2:] if indent else raw
        for i, line in enumerate(fonts.wrap(body, box.w - indent - 2.5, size)):
            out.append(TextLine(box.x + indent + (2.5 if i else 0.0), y, line, size, "regular"))
            y += lead
    return out

