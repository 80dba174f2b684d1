"""What a kit's PDF is made of before it is drawn: a :class:`Document` of pages (:class:`PageJob`), each
with the painter that draws it (``plan.py`` makes them; ``export/documents.py`` draws them)."""

from __future__ import annotations

import math
from typing import Callable, NamedTuple

from ..draw.surface import Surface
from ..model import Component
from .page import Paper

PaintResult = tuple[list[float], tuple[float, float, float, float] | None, float]


class WholeBoard(NamedTuple):
    """A board printed whole on its page: what draws it (at the board's top left, in mm), its size
    and the art past its cut line."""

    paint: Callable[[Surface], None]
    size_mm: tuple[float, float]
    bleed_mm: float


class PageJob:
    """One page to draw: its component, what it shows (e.g. "Terrain tiles (fronts)"), its painter
    (-> footer keep-clear xs, trim box, bleed), a size of its own (posters), whether it carries the
    footer and scale bar, its sheet number, the pieces sheets drawn on it ((PiecePage, mirror,
    offset)), other components sharing it (packed to save paper), and ``board``: a whole upright
    board alone on its page (painter, size, bleed), and ``stack``: the whole boards a page of stacked
    boards was made of. ``band_mm``: how far down from the top of the paper's usable area everything
    the page draws reaches, for a page that may share its sheet with another (``sharing.py``);
    None: it takes its page. ``smaller``: the same page set smaller (a narrower band), or None."""

    def __init__(self, comp: Component | None, what: str, paint: Callable[[Surface, Paper], PaintResult],
                 size_mm: tuple[float, float] | None = None, furniture: bool = True, sheet_no: int = 0,
                 sheet_of: int = 0, sheets: list | None = None, also: list | None = None,
                 board: WholeBoard | None = None, stack: list[PageJob] | None = None, band_mm: float | None = None,
                 smaller: Callable[[], PageJob] | None = None, per_page: int = 0):
        self.per_page = per_page  # copies: of a board, how many one page holds (0: not copies)
        self.comp, self.what, self.paint, self.size_mm, self.furniture = comp, what, paint, size_mm, furniture
        self.sheet_no, self.sheet_of, self.board, self.stack = sheet_no, sheet_of, board, stack
        self.band_mm, self.smaller = band_mm, smaller
        self.sheets = [] if sheets is None else sheets
        self.also = [] if also is None else also

    @property
    def comps(self) -> list[Component]:
        return ([self.comp] if self.comp is not None else []) + list(self.also)


class Document:
    """One PDF of a kit: its name (the file stem's suffix: duplex, single), title, pages, whether it
    is printed on both sides, its file stem, and every document of this kit and paper."""

    def __init__(self, name: str, title: str, pages: list[PageJob] | None = None, duplex: bool = False,
                 stem: str = "", kit: list["Document"] | None = None):
        self.name, self.title, self.duplex, self.stem = name, title, duplex, stem
        self.pages = [] if pages is None else pages
        self.kit = [] if kit is None else kit


def number_sheets(pages: list[PageJob]) -> None:
    """Sheet n of m within each component (a fronts page and its backs page are one sheet)."""
    by_comp: dict[str, list[PageJob]] = {}
    for job in pages:
        first = job.comps[0] if job.comps else None
        if first is job.comp:  # a page is numbered within its first component
            by_comp.setdefault(first.id if first else "", []).append(job)
    for jobs in by_comp.values():
        sides = 2 if any("(backs)" in j.what for j in jobs) else 1
        for i, job in enumerate(jobs):
            job.sheet_no = i // sides + 1
            job.sheet_of = math.ceil(len(jobs) / sides)
