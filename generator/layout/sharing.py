"""Less paper: pages that fill only a band at the top of their sheet share it.

A page that knows how far down it draws (``PageJob.band_mm``: a table of text, a page of one-sided
pieces, one piece of a tiled board) and a whole board alone on its page (its height, bleed and corner
marks) go below an earlier such page when both bands, and a gap between them, fit the paper's usable
height: the sheet just before it where it has room, else the first with room (Thrones' Victory Points
track under its
setup summary, the Lords of War event table under the last few markers on Letter, the adventure table
and terrain chart on one sheet, a mat's two short bottom pieces on another). Each page is drawn as it
would be alone, moved down (a whole board stands at the top of its band, with its own corner marks); a
page of text may be set a point smaller, 9 pt, where only that lets two pages share; a dashed rule
across the page parts them, so no mark of one reaches the other, and a page of one component's pieces
moved under another is named between the rule and its marks. A tiled board's pieces share only with
pieces of the same board (they are glued into one mat).
"""

from __future__ import annotations

from typing import Callable

from ..draw.surface import Path, Style, Surface
from ..model.kinds import Family
from .document import PageJob, PaintResult
from .page import MARK_GAP_MM, MARK_LEN_MM, Paper, block_heading

GAP_MM = 8.0  # between one band and the next: a rule in the middle
RULE = Style(stroke="#999999", width_mm=0.2, dash_mm=(1.0, 1.5))
BOARD_MARK_MM = 3.0  # a whole board's corner marks, as on a page of its own (poster.corner_marks)
HEADING_DROP_MM = 1.0  # a heading's baseline above the top of its band (the rule is GAP_MM / 2 above)
WHAT_CHARS = 48  # the footer's sheet label must fit its line


def share_bands(pages: list[PageJob], paper: Paper) -> list[PageJob]:
    """``pages`` with every banded page put below the last banded page (or pages) before it, else the
    first earlier one, of its family with room for it: set as it is, else with it set smaller; the rest
    keep their order, and a sheet's pages the order they come in. Pages of text already placed are set
    smaller too where only that lets another page join them, if the kit takes fewer sheets so."""
    plain = _arranged(pages, paper, shrink_hosts=False)
    if any(j.smaller is not None for j in pages):
        fewer = _arranged(pages, paper, shrink_hosts=True)
        if len(fewer) < len(plain):
            return fewer
    return plain


def _arranged(pages: list[PageJob], paper: Paper, shrink_hosts: bool) -> list[PageJob]:
    x0, y0, x1, y1 = paper.usable
    room = y1 - y0
    out: list[PageJob | list[PageJob]] = []
    groups: list[list[PageJob]] = []
    for job in pages:
        if band(job) is None or job.size_mm is not None:
            out.append(job)
            continue
        if not _place(groups, job, paper, room, shrink_hosts):
            group = [job]
            groups.append(group)
            out.append(group)
    return [item if isinstance(item, PageJob) else item[0] if len(item) == 1 else _shared_job(item)
            for item in out]


def _place(groups: list[list[PageJob]], job: PageJob, paper: Paper, room: float, shrink_hosts: bool) -> bool:
    """Put ``job`` into a group it fits (see :func:`share_bands`); False where none has room."""
    guest_smaller = job.smaller() if job.smaller is not None else None
    order = groups[-1:] + groups[:-1]  # the page just before first: the order changes least
    for trial in range(3 if shrink_hosts else 2):
        for group in order:
            if _family(group[0]) != _family(job):
                continue
            if trial == 0:
                candidate = group + [job]
            elif trial == 1 and guest_smaller is not None:
                candidate = group + [guest_smaller]
            elif trial == 2 and any(j.smaller is not None for j in group):
                candidate = [_smaller(j) for j in group] + [guest_smaller or job]
            else:
                continue
            if _height(candidate) <= room:
                group[:] = candidate
                return True
    return False


def _smaller(job: PageJob) -> PageJob:
    return job.smaller() if job.smaller is not None else job


def band(job: PageJob) -> float | None:
    """How far down from the top of the usable area ``job`` draws, if it may share its sheet: its
    ``band_mm``, or for a whole board alone on its page, the board with its bleed and corner marks."""
    if job.band_mm is not None:
        return job.band_mm
    if job.board is not None and job.stack is None:
        _painter, (_w, h), bleed = job.board
        return h + 2 * (bleed + MARK_GAP_MM + BOARD_MARK_MM)
    return None


def pieces_band_mm(job: PageJob, paper: Paper) -> float:
    """How far down from the top of the usable area a page of pieces reaches: its lowest block's
    bleed and the crop marks under it."""
    bottom = max(sheet.grid.y0 + sheet.grid.used(len(sheet.looks))[1] + sheet.grid.bleed + offset[1]
                 for sheet, _mirror, offset in job.sheets)
    return bottom + MARK_GAP_MM + MARK_LEN_MM - paper.usable[1]


def _family(job: PageJob) -> str:
    """Pages of one family may share a sheet: a tiled board's pieces with each other, every other
    banded page (text, pieces, a whole board) with any other."""
    comp = job.comp
    assembly = job.what.endswith("(assembly)")  # an overview: it is not glued into the mat
    if comp is not None and comp.family == Family.BOARD and job.board is None and not job.sheets and not assembly:
        return f"tiled:{comp.id}"
    return "page"


def _height(group: list[PageJob]) -> float:
    return sum(_grouped_band(j) for j in group) + GAP_MM * (len(group) - 1)


def _grouped_band(job: PageJob) -> float:
    """The band of a page in a group sharing a sheet (only pages with a band join one)."""
    made = band(job)
    assert made is not None
    return made


def _painter(job: PageJob) -> Callable[[Surface, Paper], PaintResult]:
    """How ``job`` paints in its band: as it paints alone, or a whole board at the top of the band."""
    if job.band_mm is not None or job.board is None:
        return job.paint
    from .poster import corner_marks  # lazy: only for a whole board that shares its sheet

    painter, (w, h), bleed = job.board
    edge = bleed + MARK_GAP_MM + BOARD_MARK_MM

    def paint(s: Surface, p: Paper) -> PaintResult:
        x, y = (p.width_mm - w) / 2, p.usable[1] + edge
        with s.saved():
            s.translate(x, y)
            painter(s)
        corner_marks(s, x, y, w, h, bleed, BOARD_MARK_MM)
        return [], (x, y, w, h), bleed
    return paint


def _heading(job: PageJob) -> tuple[float, str] | None:
    """Where a page of one component's pieces, moved under another page, has its name printed (the
    left of its block's bleed) and the name; None for any other page (text and boards carry their
    own titles, and a page of several components names its blocks)."""
    comps = {sheet.comp.id for sheet, _m, _o in job.sheets}
    if len(comps) != 1:
        return None
    sheet = job.sheets[0][0]
    return sheet.grid.x0 - sheet.grid.bleed, sheet.comp.name


def _shared_job(group: list[PageJob]) -> PageJob:
    tops = []
    top = 0.0
    for job in group:
        tops.append(top)
        top += _grouped_band(job) + GAP_MM
    painters = [_painter(job) for job in group]

    def paint(s: Surface, p: Paper) -> PaintResult:
        x0, y0, x1, _y1 = p.usable
        avoid: list[float] = []
        trims = []
        bleed = 0.0
        for i, (job_top, painter) in enumerate(zip(tops, painters)):
            if i:
                rule_y = y0 + job_top - GAP_MM / 2
                s.draw(Path.line(x0, rule_y, x1, rule_y), RULE)
                heading = _heading(group[i])
                if heading is not None:  # pieces under the rule: their name between the two
                    block_heading(s, heading[0], y0 + job_top - HEADING_DROP_MM, heading[1])
            with s.saved():
                s.translate(0, job_top)
                more, trim, more_bleed = painter(s, p)
            avoid += more
            if trim is not None:  # the page's trim box: round every band's
                trims.append((trim[0], trim[1] + job_top, trim[0] + trim[2], trim[1] + job_top + trim[3]))
                bleed = max(bleed, more_bleed)
        if not trims:
            return avoid, None, 0.0
        tx0, ty0 = min(t[0] for t in trims), min(t[1] for t in trims)
        tx1, ty1 = max(t[2] for t in trims), max(t[3] for t in trims)
        return avoid, (tx0, ty0, tx1 - tx0, ty1 - ty0), bleed
    comps = [c for j in group for c in j.comps]
    # the pieces on the sheet where they are drawn (the contents page counts them; a cut file places them)
    sheets = [(sheet, mirror, (offset[0], offset[1] + job_top))
              for job, job_top in zip(group, tops) for sheet, mirror, offset in job.sheets]
    return PageJob(group[0].comp, _what(group), paint, sheets=sheets,
                   also=[c for i, c in enumerate(comps) if c not in comps[:i]][1:],
                   per_page=max(j.per_page for j in group))


def _what(group: list[PageJob]) -> str:
    """What a shared page shows, short enough for its footer: "Mat (piece B1, piece B2)" for pieces
    of one board, else each page's own joined by "+" ("Setup and turn summary + Victory Points
    track"), or where that is too long the first component's name "and N more"."""
    first = group[0].comp
    if first is not None and all(j.comp is first and j.what.startswith(f"{first.name} (") for j in group):
        return f"{first.name} ({', '.join(j.what[len(first.name) + 2:-1] for j in group)})"
    what = " + ".join(j.what for j in group)
    comps = [c for j in group for c in j.comps]
    names = [c.name for i, c in enumerate(comps) if c not in comps[:i]]
    if len(what) > WHAT_CHARS and len(names) > 1:
        return f"{names[0]} and {len(names) - 1} more"
    return what
