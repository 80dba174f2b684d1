"""Less paper: pages that fill only a band at the top of their sheet share it.

A page that knows how far down it draws (``PageJob.band_mm``: a table of text, one piece of a tiled
board) is drawn below the previous such page when both bands, and a gap between them, fit the paper's
usable height: the Lords of War event and adventure tables and terrain chart on one sheet, a mat's
two short bottom pieces on another. The later page is drawn as it would be alone, moved down (a page
of text may be set a point smaller, 9 pt, where only that lets it share); a rule across the page
parts them. Pages of different kinds (a table and a board piece) do not share.
"""

from __future__ import annotations

from ..draw.surface import Path, Style, Surface
from .document import PageJob, PaintResult
from .page import Paper

GAP_MM = 8.0  # between one band and the next: a rule in the middle
RULE = Style(stroke="#999999", width_mm=0.2, dash_mm=(1.0, 1.5))


def share_bands(pages: list[PageJob], paper: Paper) -> list[PageJob]:
    """``pages`` with each run of banded pages of one kind packed onto as few sheets as fit, in order."""
    x0, y0, x1, y1 = paper.usable
    room = y1 - y0
    out: list[PageJob] = []
    group: list[PageJob] = []

    def flush() -> None:
        if len(group) == 1:
            out.append(group[0])
        elif group:
            out.append(_shared_job(list(group)))
        group.clear()

    for job in pages:
        if job.band_mm is None or job.size_mm is not None:
            flush()
            out.append(job)
            continue
        if group and _kind(group[0]) == _kind(job) and _height(group) + GAP_MM + job.band_mm > room:
            # set smaller (text a point down) where that lets the page share the sheet
            smaller = job.smaller() if job.smaller is not None else None
            if smaller is not None and _height(group) + GAP_MM + smaller.band_mm <= room:
                job = smaller
        if group and (_kind(group[0]) != _kind(job) or _height(group) + GAP_MM + job.band_mm > room):
            flush()
        group.append(job)
    flush()
    return out


def _kind(job: PageJob) -> str:
    return job.comp.kind if job.comp is not None else ""


def _height(group: list[PageJob]) -> float:
    return sum(j.band_mm for j in group) + GAP_MM * (len(group) - 1)


def _shared_job(group: list[PageJob]) -> PageJob:
    def paint(s: Surface, p: Paper) -> PaintResult:
        x0, y0, x1, _y1 = p.usable
        avoid: list[float] = []
        trims = []
        bleed = 0.0
        top = 0.0
        for i, job in enumerate(group):
            if i:
                rule_y = y0 + top - GAP_MM / 2
                s.draw(Path.line(x0, rule_y, x1, rule_y), RULE)
            with s.saved():
                s.translate(0, top)
                more, trim, more_bleed = job.paint(s, p)
            avoid += more
            if trim is not None:  # the page's trim box: round every band's
                trims.append((trim[0], trim[1] + top, trim[0] + trim[2], trim[1] + top + trim[3]))
                bleed = max(bleed, more_bleed)
            top += job.band_mm + GAP_MM
        if not trims:
            return avoid, None, 0.0
        tx0, ty0 = min(t[0] for t in trims), min(t[1] for t in trims)
        tx1, ty1 = max(t[2] for t in trims), max(t[3] for t in trims)
        return avoid, (tx0, ty0, tx1 - tx0, ty1 - ty0), bleed
    comps = [c for j in group for c in j.comps]
    return PageJob(group[0].comp, _what(group), paint,
                   also=[c for i, c in enumerate(comps) if c not in comps[:i]][1:])


def _what(group: list[PageJob]) -> str:
    """What a shared page shows, short enough for its footer: "Mat (piece B1, piece B2)" for pieces
    of one board, else each page's own joined by "+"."""
    first = group[0].comp
    if first is not None and all(j.comp is first and j.what.startswith(f"{first.name} (") for j in group):
        return f"{first.name} ({', '.join(j.what[len(first.name) + 2:-1] for j in group)})"
    return " + ".join(j.what for j in group)
