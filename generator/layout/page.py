"""Paper, margins and the furniture every sheet carries: crop marks, the 50 mm scale bar, the
"print at 100%" line and the footer (game, component, sheet n of m)."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.fonts import text_width_mm
from ..draw.surface import Path, Style, Surface
from ..errors import UsageError

MARGIN_MM = 7.0  # nothing is printed closer than this to any page edge
FOOTER_MM = 7.0  # the band above the bottom margin that holds the footer
MARK_MM = 0.2  # crop mark line width
MARK_LEN_MM = 4.0
MARK_GAP_MM = 0.6  # between the art (bleed) and a mark
FOOTER_PT = 6.5
SCALE_BAR_MM = 50.0
GREY = "#555555"


@dataclass(frozen=True)
class Paper:
    name: str
    width_mm: float
    height_mm: float

    @property
    def usable(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the area pieces may use (margins and footer band removed)."""
        return (MARGIN_MM, MARGIN_MM, self.width_mm - MARGIN_MM, self.height_mm - MARGIN_MM - FOOTER_MM)


PAPERS = {"a4": Paper("a4", 210.0, 297.0), "letter": Paper("letter", 215.9, 279.4)}


def paper(name: str) -> Paper:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise UsageError(f"unknown paper {name!r}; use a4 or letter") from None


MARK = Style(stroke="#000000", width_mm=MARK_MM)


def crop_mark(s: Surface, x: float, y: float, dx: float, dy: float, length: float = MARK_LEN_MM) -> None:
    """A mark starting at (x, y) going ``length`` in direction (dx, dy)."""
    s.line(x, y, x + dx * length, y + dy * length, MARK)


def footer(s: Surface, p: Paper, left: str, right: str, credits: str, avoid_x: list[float]) -> None:
    """Scale bar and footer text in the band at the bottom, kept clear of crop marks at ``avoid_x``."""
    y0 = p.height_mm - MARGIN_MM - FOOTER_MM
    y1 = p.height_mm - MARGIN_MM
    free = _free_intervals(MARGIN_MM, p.width_mm - MARGIN_MM, sorted(avoid_x), 1.0)
    lines = [left, right]
    text_w = max(text_width_mm(t, FOOTER_PT) for t in lines) + 1
    bar_w = SCALE_BAR_MM + text_width_mm("50 mm", FOOTER_PT) + 2.5
    credit_w = text_width_mm(credits, FOOTER_PT) + 1 if credits else 0
    items = [("bar", bar_w), ("text", text_w)] + ([("credits", credit_w)] if credits else [])
    for name, width in items:
        for i, (a, b) in enumerate(free):
            if b - a >= width:
                _footer_item(s, name, a, y0, y1, lines, credits)
                free[i] = (a + width + 4.0, b)
                break
        else:
            if name != "credits":
                _footer_item(s, name, free[0][0] if free else MARGIN_MM, y0, y1, lines, credits)


def _footer_item(s: Surface, name: str, x: float, y0: float, y1: float, lines: list[str], credits: str) -> None:
    if name == "bar":
        scale_bar(s, x, y1 - 2.6)
    elif name == "text":
        s.text(x, y0 + 3.0, lines[0], size_pt=FOOTER_PT, font="bold", fill="#000000")
        s.text(x, y0 + 5.9, lines[1], size_pt=FOOTER_PT, fill=GREY)
    else:
        s.text(x, y0 + 5.9, credits, size_pt=FOOTER_PT, fill=GREY)


def scale_bar(s: Surface, x: float, y: float) -> None:
    """A 50 mm bar with 10 mm ticks; its top-left at (x, y - 2)."""
    s.rect(x, y - 1.6, SCALE_BAR_MM, 1.6, Style(fill="#000000"))
    for i in range(1, 5, 2):
        s.rect(x + i * 10 + 0.0, y - 1.6, 10, 1.6, Style(fill="#ffffff"))
    s.rect(x, y - 1.6, SCALE_BAR_MM, 1.6, Style(stroke="#000000", width_mm=0.15))
    s.text(x + SCALE_BAR_MM + 1.2, y, "50 mm", size_pt=FOOTER_PT, fill="#000000")


def _free_intervals(lo: float, hi: float, avoid: list[float], pad: float) -> list[tuple[float, float]]:
    out = []
    a = lo
    for x in avoid:
        if x - pad > a:
            out.append((a, x - pad))
        a = max(a, x + pad)
    if hi > a:
        out.append((a, hi))
    return out


PRINT_NOTE = "Print at 100% (no \u201cfit to page\u201d): the bar must measure 50 mm"


def page_label_text(game: str, what: str, n: int, m: int) -> str:
    return f"{game} \u00b7 {what} \u00b7 sheet {n} of {m}"


def rule(s: Surface, x0: float, y: float, x1: float, colour: str = "#999999") -> None:
    s.draw(Path.line(x0, y, x1, y), Style(stroke=colour, width_mm=0.2))
