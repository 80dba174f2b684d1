"""The simulation plot: how long games last, one line per policy (share of games ending in each year,
won and lost together), drawn on the project's one drawing interface (``generator.draw``) as SVG or
PDF; PNG is the PDF rasterised by pypdfium2 when it is installed."""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Sequence

from generator.api import Path as VPath
from generator.api import (
    PdfSurface,
    Style,
    Surface,
    SvgSurface,
    UsageError,
    write_atomic,
)

WIDTH_MM, HEIGHT_MM = 180.0, 110.0
INK, GRID = "#222222", "#bbbbbb"
# Okabe-Ito colours (colour-blind safe) and a dash pattern each, so lines differ without colour too.
SERIES = (("#0072b2", None), ("#d55e00", (2.0, 1.0)), ("#009e73", (0.6, 0.8)),
          ("#cc79a7", (3.0, 1.0, 0.6, 1.0)), ("#e69f00", (1.2, 1.2)), ("#56b4e9", None))
FORMATS = ("svg", "pdf", "png")


def plot_format(path: Path) -> str:
    ext = Path(path).suffix.lower().lstrip(".")
    if ext not in FORMATS:
        raise UsageError(f"--plot {path}: the plot is a .svg, .pdf or .png file, not "
                         f"{'.' + ext if ext else 'a file without an extension'}")
    if ext == "png":
        try:
            import pypdfium2  # noqa: F401  # installed? asked only for a PNG (a slow import)
        except ImportError:
            raise UsageError("--plot as .png needs pypdfium2 (python3 -m pip install pypdfium2); "
                             ".svg and .pdf need nothing more") from None
    return ext


def draw_plot(s: Surface, summaries: Sequence[dict]) -> None:
    s.begin_page(WIDTH_MM, HEIGHT_MM, label="simulation")
    left, top, right, bottom = 18.0, 14.0, WIDTH_MM - 6.0, HEIGHT_MM - 16.0
    games = ", ".join(f"{x['policy']} {x['games']:,}" for x in summaries)
    s.text(left, 7.0, "How long games last, by policy", size_pt=11, font="bold", fill=INK)
    s.text(left, 11.2, f"share of games ending in each year (won, lost, or stopped at the year cap); games: {games}; seed "
           f"{summaries[0]['seed']}", size_pt=7, fill=INK)
    shares = []
    longest = 1
    for x in summaries:
        lengths = {int(k): v for k, v in x["lengths"].items()}
        longest = max(longest, max(lengths, default=1))
        shares.append({k: v / max(1, x["games"]) for k, v in lengths.items()})
    last = min(longest, 100)
    top_share = max((max(sh.values(), default=0.0) for sh in shares), default=0.0) or 1.0
    step = _nice_step(top_share * 100 / 5) / 100
    y_max = math.ceil(top_share / step) * step
    px = lambda year: left + (right - left) * (year - 0.5) / last  # noqa: E731
    py = lambda share: bottom - (bottom - top) * share / y_max  # noqa: E731
    thin = Style(stroke=GRID, width_mm=0.15)
    v = 0.0
    while v <= y_max + 1e-9:
        s.line(left, py(v), right, py(v), thin)
        s.text(left - 1.5, py(v) + 1.0, f"{100 * v:g}%", size_pt=7, fill=INK, anchor="end")
        v += step
    tick = _nice_step(last / 8)
    year = tick
    while year <= last:
        s.line(px(year), bottom, px(year), bottom + 1.2, Style(stroke=INK, width_mm=0.2))
        s.text(px(year), bottom + 4.0, str(int(year)), size_pt=7, fill=INK, anchor="middle")
        year += tick
    s.text((left + right) / 2, bottom + 8.5, "game length (years)", size_pt=8, fill=INK, anchor="middle")
    s.line(left, bottom, right, bottom, Style(stroke=INK, width_mm=0.25))
    s.line(left, top, left, bottom, Style(stroke=INK, width_mm=0.25))
    for i, (x, sh) in enumerate(zip(summaries, shares)):
        colour, dash = SERIES[i % len(SERIES)]
        path = VPath().move_to(px(1) - 0.5 * (right - left) / last, py(0.0))
        for year in range(1, last + 1):
            y = py(sh.get(year, 0.0))
            path.line_to(px(year) - 0.5 * (right - left) / last, y)
            path.line_to(px(year) + 0.5 * (right - left) / last, y)
        path.line_to(px(last) + 0.5 * (right - left) / last, py(0.0))
        s.draw(path, Style(stroke=colour, width_mm=0.45, dash_mm=dash, join="round"))
        lx, ly = right - 62.0, top + 4.0 + 5.0 * i
        s.line(lx, ly - 1.0, lx + 8.0, ly - 1.0, Style(stroke=colour, width_mm=0.6, dash_mm=dash))
        y_med = x["years"].get("median", 0)
        s.text(lx + 10.0, ly, f"{x['policy']}: won {100 * x['win_rate']:.1f}%, median {y_med:g} years",
               size_pt=7, fill=INK)
    s.end_page()


def _nice_step(raw: float) -> float:
    if raw <= 0:
        return 1.0
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def write_plot(path: Path, summaries: Sequence[dict]) -> Path:
    fmt = plot_format(path)
    title = "pnpforge solo simulate: game length by policy"
    if fmt == "svg":
        svg = SvgSurface(title=title)
        draw_plot(svg, summaries)
        return write_atomic(path, svg.finish()[0])
    pdf = PdfSurface(title=title, author="pnpforge", subject="simulation")
    draw_plot(pdf, summaries)
    data = pdf.finish()
    if fmt == "pdf":
        return write_atomic(path, data)
    import pypdfium2  # PNG only: its import is not paid for an SVG or a PDF

    doc = pypdfium2.PdfDocument(data)
    image = doc[0].render(scale=200 / 72).to_pil()
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False)
    return write_atomic(path, buf.getvalue())
