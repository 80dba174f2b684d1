"""The duplex calibration sheet: crosshairs on the front, scales behind them on the back.

Printed double-sided and held to a light, each front line shows through the back's scale at the
number to use as ``--back-offset`` (X from the vertical lines, Y from the horizontal ones): that
number, added to every backs page, moves the backs onto the fronts. Scales read in the back page's
own coordinates, which is how the offset is applied.
"""

from __future__ import annotations

from ..base.vocabulary import Duplex
from ..draw.pdf import PdfSurface
from ..draw.surface import Style, Surface
from ..layout.page import MARGIN_MM, Paper, footer, scale_bar

RANGE_MM = 5.0  # the scales read -5 ... +5 mm
LINE = Style(stroke="#000000", width_mm=0.25)
THIN = Style(stroke="#000000", width_mm=0.12)

CALIBRATION_TITLE = "pnpforge duplex calibration"  # in its Info dictionary: calibrate replaces only such a file


def targets(paper: Paper) -> list[tuple[float, float]]:
    """Where the crosshairs stand on the front (a misaligned back may also be a little turned, so
    three places, far apart)."""
    w, h = paper.width_mm, paper.height_mm
    return [(50.0, 70.0), (w / 2, h / 2), (w - 50.0, h - 70.0)]


def back_position(x: float, y: float, paper: Paper, duplex: str) -> tuple[float, float]:
    return (paper.width_mm - x, y) if duplex == Duplex.LONG else (x, paper.height_mm - y)


def paint_front(s: Surface, paper: Paper, duplex: str) -> None:
    x0 = MARGIN_MM + 3
    s.text(x0, 16, "Duplex calibration: front", size_pt=16, font="bold")
    lines = [f"1. Print this file double-sided ({duplex}-edge flip), at 100% (no fit to page).",
             "2. Hold the sheet up to a light. Each line below shows through a scale on the back.",
             "3. Read X where the vertical lines cross the back's horizontal scales, and Y where the",
             "    horizontal lines cross its vertical scales (an average of the three, to 0.5 mm).",
             "4. Build with  pnpforge build --back-offset X,Y  (or put back_offset_mm: [X, Y] in pnpforge.yaml)."]
    for i, line in enumerate(lines):
        s.text(x0, 24 + i * 4.2, line, size_pt=8.5)
    for x, y in targets(paper):
        s.line(x, y - 22, x, y + 22, LINE)
        s.line(x - 22, y, x + 22, y, LINE)
        s.circle(x, y, 3, THIN)
    scale_bar(s, x0, paper.height_mm - 30)
    s.text(x0, paper.height_mm - 36, "This bar must measure 50 mm; if not, the print was scaled.", size_pt=8)


def paint_back(s: Surface, paper: Paper, duplex: str) -> None:
    x0 = MARGIN_MM + 3
    s.text(x0, 16, "Duplex calibration: back", size_pt=16, font="bold")
    s.text(x0, 22, "Read each scale where the front's line shows through. Numbers are mm: use them as "
           "they are.", size_pt=8.5)
    for fx, fy in targets(paper):
        bx, by = back_position(fx, fy, paper, duplex)
        _x_scale(s, bx, by - 14)
        _y_scale(s, bx - 14, by)


def _x_scale(s: Surface, x: float, y: float) -> None:
    """A horizontal scale whose 0 sits at ``x``: tick k at x + k reads k."""
    steps = int(RANGE_MM * 2)
    for i in range(-steps, steps + 1):
        k = i / 2
        tall = 3.0 if i % 2 == 0 else 1.6
        s.line(x + k, y, x + k, y - tall, THIN if i else LINE)
        if i % 2 == 0 and k % 2 == 0:  # labels on two staggered rows so they never touch
            row = 4.0 if k % 4 == 0 else 6.6
            s.text(x + k, y - row, f"{k:+.0f}" if k else "0", size_pt=6, anchor="middle")
    s.line(x - RANGE_MM, y, x + RANGE_MM, y, THIN)
    s.text(x + RANGE_MM + 1.5, y - 0.5, "X", size_pt=8, font="bold")


def _y_scale(s: Surface, x: float, y: float) -> None:
    """A vertical scale whose 0 sits at ``y``: tick k at y + k reads k."""
    steps = int(RANGE_MM * 2)
    for i in range(-steps, steps + 1):
        k = i / 2
        wide = 3.0 if i % 2 == 0 else 1.6
        s.line(x, y + k, x - wide, y + k, THIN if i else LINE)
        if i % 2 == 0 and k % 2 == 0:
            col = 3.6 if k % 4 == 0 else 7.6
            s.text(x - col, y + k + 0.8, f"{k:+.0f}" if k else "0", size_pt=6, anchor="end")
    s.line(x, y - RANGE_MM, x, y + RANGE_MM, THIN)
    s.text(x - 1.5, y - RANGE_MM - 1.5, "Y", size_pt=8, font="bold", anchor="middle")


def calibration_pdf(paper: Paper, duplex: str = Duplex.LONG) -> bytes:
    pdf = PdfSurface(title=CALIBRATION_TITLE, author="pnpforge",
                     viewer_prefs={"PrintScaling": "None",
                                   "Duplex": "DuplexFlipLongEdge" if duplex == Duplex.LONG else "DuplexFlipShortEdge"})
    for side, painter in (("front", paint_front), ("back", paint_back)):
        pdf.begin_page(paper.width_mm, paper.height_mm, label=side)
        painter(pdf, paper, duplex)
        footer(pdf, paper, "Print at 100% (no \u201cfit to page\u201d)", f"pnpforge calibration \u00b7 {side}", "", [])
        pdf.end_page()
    return pdf.finish()
