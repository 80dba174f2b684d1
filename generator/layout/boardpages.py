"""The pages of boards: a board whole on a page (boards that fit stacked on one), tiled over several
pages with an assembly page, or alone on a page of its own size for a print shop (the true-size poster).

Loaded only for a game with boards (the planner imports it where it meets one)."""

from __future__ import annotations

from typing import Callable

from ..base.notices import warn
from ..components.board import draw_board
from ..draw.fonts import wrap
from ..draw.surface import Surface
from ..geometry.paper import keep_seams_clear
from ..model import Component, Game
from . import poster
from .document import PageJob, PaintResult, WholeBoard
from .page import PRINT_NOTE, Paper, scale_bar, short_credits


def board_pages(game: Game, comp: Component, paper: Paper) -> list[PageJob]:
    """A board on the paper: whole on one page (turned if it fits only so), or tiled over several pages
    with an assembly page. ``copies: N``: as many copies to a page as fit (copies.py), or each copy on its
    own pages where one fills a page."""
    copies = int(comp.spec.get("copies", 1) or 1)
    if copies > 1:
        from .copies import BLEED_MM, copies_pages  # only for a board with copies

        packed = copies_pages(comp, paper, copies, board_painter(game, comp, BLEED_MM))
        if packed is not None:
            return packed
        return [job for _ in range(copies) for job in board_pages(game, comp.replace(spec={**comp.spec, "copies": 1}),
                                                                  paper)]
    bleed = 3.0
    size = comp.size_mm
    may_turn = comp.spec.get("orientation") not in ("portrait", "landscape")  # said: upright, as said
    whole, turned = poster.fits(size, paper, bleed)
    turned = turned and may_turn
    if whole or turned:
        painter = lambda s: draw_board(s, game, comp, bleed)  # noqa: E731 - printed once: drawn in place

        def paint(s: Surface, p: Paper) -> PaintResult:
            return [], poster.paint_single(s, p, size, bleed, not whole, painter), bleed
        return [PageJob(comp, comp.name, paint, board=WholeBoard(painter, size, bleed) if whole else None)]
    tiling = poster.plan_tiling(size, paper, may_turn)
    painter = board_painter(game, comp, bleed)
    if tiling.turned:
        painter = poster.turned_painter(painter, size)
    tiling = seams_off_text(tiling, painter, comp)
    if tiling.cols * tiling.rows == 1:  # one piece: no assembly page, the piece is the board
        return [PageJob(comp, comp.name, lambda s, p: ([], poster.paint_tile(s, tiling, 0, 0, painter, comp.name), 0.0))]

    def assembly(s: Surface, p: Paper) -> PaintResult:
        poster.paint_assembly(s, p, tiling, painter, comp.name)
        return [], None, 0.0

    def piece(r: int, c: int) -> Callable[[Surface, Paper], PaintResult]:
        return lambda s, p: ([], poster.paint_tile(s, tiling, r, c, painter, comp.name), 0.0)
    jobs = [PageJob(comp, f"{comp.name} (assembly)", assembly, band_mm=poster.assembly_band_mm(paper, tiling))]
    for r in range(tiling.rows):
        for c in range(tiling.cols):
            jobs.append(PageJob(comp, f"{comp.name} (piece {tiling.label(r, c)})", piece(r, c),
                                band_mm=poster.tile_band_mm(tiling, r, paper)))
    return jobs


def seams_off_text(tiling: poster.Tiling, painter: Callable[[Surface], None], comp: Component) -> poster.Tiling:
    """The tiling with its glue strips moved off every line of text the board shows, so no word is
    cut by a piece's edge; where a word cannot be kept off (a line longer than a piece), the board
    prints with its first seams and the build warns."""
    from ..draw.textboxes import text_boxes  # only for a board in pieces

    w, h = tiling.board_w, tiling.board_h
    boxes = [b for b in text_boxes(painter) if b[2] > 0 and b[0] < w and b[3] > 0 and b[1] < h]
    clear, left = keep_seams_clear(tiling, boxes)
    if left:
        warn((comp.file, comp.line), f"{comp.name}: {left} line{'s' if left > 1 else ''} of text cross"
             f"{'' if left > 1 else 'es'} a seam between the printed pieces and no seam can be moved off "
             f"{'them' if left > 1 else 'it'}; shorten or move the text")
    return clear


def board_painter(game: Game, comp: Component, bleed: float) -> Callable[[Surface], None]:
    """Paints a board at the origin: drawn once per document (a PDF form, an SVG group in the page's
    defs) and placed on every page that shows it (its assembly page and each tiled piece)."""
    w, h = comp.size_mm
    # art may run past the board's edge (text, marks): the form's box leaves it room, as a page did
    bbox = (-bleed - w, -bleed - h, w + bleed + w, h + bleed + h)
    name = f"board:{comp.id}:{bleed}"
    return lambda s: s.reuse(name, bbox, lambda t: draw_board(t, game, comp, bleed))


def poster_page(game: Game, comp: Component) -> PageJob:
    """The whole board on one page of its own size, for a print shop."""
    bleed = 3.0
    w, h = comp.size_mm
    margin = 12.0
    # the print note and the credits wrap to the page's width (a 180 mm board is narrower than them)
    notes = wrap(PRINT_NOTE, w - 62, 7, "bold")
    lines = wrap(f"{game.title} \u00b7 {comp.name} \u00b7 true size {w:.0f} x {h:.0f} mm "
                 f"\u00b7 {short_credits(game.meta)}", w, 7)
    below = 10 + 3.2 * (len(notes) - 1) + 4 * len(lines)

    def paint(s: Surface, paper: Paper) -> PaintResult:
        with s.saved():
            s.translate(margin, margin)
            draw_board(s, game, comp, bleed)
        poster.corner_marks(s, margin, margin, w, h, bleed)
        scale_bar(s, margin, h + margin + 10)
        y = h + margin + 10
        for note in notes:
            s.text(margin + 62, y, note, size_pt=7, font="bold")
            y += 3.2
        y += 0.8
        for line in lines:
            s.text(margin, y, line, size_pt=7, fill="#333333")
            y += 4
        return [], (margin, margin, w, h), bleed
    return PageJob(comp, comp.name, paint, size_mm=(w + 2 * margin, h + 2 * margin + below - 4), furniture=False)


def stack_boards(pages: list[PageJob], paper: Paper) -> list[PageJob]:
    """Whole boards that follow each other and fit one above the other share a page."""
    out: list[PageJob] = []
    for job in pages:
        last = out[-1] if out else None
        if job.board and last is not None and last.board:
            stack = last.stack + [job] if last.stack is not None else [last, job]
            boards = _boards(stack)
            sizes = [b.size_mm for b in boards]
            bleed = job.board.bleed_mm
            if all(b.bleed_mm == bleed for b in boards) and poster.stack_fits(sizes, paper, bleed):
                out[-1] = _stacked_job(stack)
                continue
        out.append(job)
    return out


def _boards(stack: list[PageJob]) -> list[WholeBoard]:
    """The whole boards of pages that each hold one (only those are stacked)."""
    boards = [j.board for j in stack if j.board is not None]
    assert len(boards) == len(stack)
    return boards


def _stacked_job(stack: list[PageJob]) -> PageJob:
    boards = _boards(stack)
    sizes = [b.size_mm for b in boards]
    painters = [b.paint for b in boards]
    bleed = boards[0].bleed_mm

    def paint(s: Surface, p: Paper) -> PaintResult:
        return [], poster.paint_stack(s, p, sizes, bleed, painters), bleed
    return PageJob(stack[0].comp, " + ".join(j.what for j in stack), paint, also=[j.comp for j in stack[1:]],
                   board=stack[0].board, stack=stack)
