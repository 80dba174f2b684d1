"""The home-print kit's files: each paper's PDFs (or their SVG pages) and the true-size posters of the
boards, drawn in memory from the planned documents (``layout/plan.py``)."""

from __future__ import annotations

from typing import Any, Callable

from ..art.richtext import words
from ..base.options import Options
from ..base.vocabulary import Duplex
from ..draw.pdf import PdfSurface
from ..draw.surface import Surface
from ..layout.document import Document, PageJob
from ..layout.page import PRINT_NOTE, Paper, footer, page_label_text, short_credits
from ..layout.plan import plan_documents
from ..layout.registration import CutPaper, draw_marks
from ..layout.textpage import contents_pages
from ..model import Component, Game, limits
from ..model.kinds import Family
from .manifest import manifest_doc


def document_files(game: Game, components: list[Component], paper: Paper, fmt: str, opts: Options,
                   progress: Callable[[], None] | None = None) -> tuple[dict[str, bytes], list[dict[str, Any]]]:
    """One paper's documents as ``fmt`` ("pdf": a PDF each; "svg": a file a page), by path in the game's
    folder, and their manifest entries."""
    if opts.cut_files:  # pieces keep clear of the registration marks
        from ..layout.registration import cut_paper  # lazy: only for --cut-files

        paper = cut_paper(paper)
    planned = plan_documents(game, components, paper, opts)
    limits.check_pages(planned, paper)  # the real plan, before a page is drawn
    files: dict[str, bytes] = {}
    docs: list[dict[str, Any]] = []
    for doc in planned:
        stem = doc.stem
        if fmt == "pdf":
            pdf = PdfSurface(title=doc.title, author=game.meta["author"], subject=words(game.credits),
                             viewer_prefs={"PrintScaling": "None", "Duplex": _duplex_pref(doc, opts)})
            pages = render(game, doc, paper, pdf, progress)
            files[f"{paper.name}/{stem}.pdf"] = pdf.finish()
        else:
            from ..draw.svg import SvgSurface  # lazy: not loaded for a build of PDFs only

            svg = SvgSurface(title=doc.title)
            pages = render(game, doc, paper, svg, progress)
            for i, page in enumerate(svg.finish(), start=1):
                files[f"{paper.name}/svg/{stem}-{i:03d}.svg"] = page
        if opts.cut_files:
            files.update(cut_files(doc, paper, pages))
        docs.append(manifest_doc(doc, paper))
    return files, docs


def poster_files(game: Game, components: list[Component]) -> dict[str, bytes]:
    """Each board whole on a PDF page of its own size (for a print shop), by path in the game's folder."""
    boards = [c for c in components if c.family == Family.BOARD]
    if not boards:
        return {}
    from ..layout.boardpages import poster_page  # lazy: a game without boards does not load their drawing

    files: dict[str, bytes] = {}
    for comp in boards:
        pdf = PdfSurface(title=f"{game.title}: {comp.name} (true size)", author=game.meta["author"],
                         subject=words(game.credits), viewer_prefs={"PrintScaling": "None"})
        job = poster_page(game, comp)
        page_w, page_h = job.size_mm or comp.size_mm  # a poster page is always sized
        pdf.begin_page(page_w, page_h, label=comp.name)
        _, trim, bleed = job.paint(pdf, Paper("poster", page_w, page_h))
        x, y, w, h = trim or (0.0, 0.0, page_w, page_h)
        pdf.set_boxes((x, y, w, h), (x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed))
        pdf.end_page()
        files[f"poster/{game.id}-{comp.id}-true-size.pdf"] = pdf.finish()
    return files


def cut_files(doc: Document, paper: Paper, pages: list[PageJob]) -> dict[str, bytes]:
    """The cut file of each page of ``doc`` holding pieces, named after the PDF and its page number."""
    from ..layout.cutfile import cut_svg  # lazy: only for --cut-files

    out = {}
    for number, job in enumerate(pages, start=1):
        data = cut_svg(job, paper, f"{doc.title}: page {number}, {job.what}")
        if data is not None:
            out[f"{paper.name}/cut/{doc.stem}-page{number:03d}.svg"] = data
    return out


def render(game: Game, doc: Document, paper: Paper, surface: Surface,
           progress: Callable[[], None] | None = None) -> list[PageJob]:
    """Draw ``doc`` onto ``surface``: its contents pages, then its pages, each with its footer (and, on
    paper planned for a cutting machine, its registration marks). Returns the pages in order."""
    pages = contents_pages(game, doc) + doc.pages
    for job in pages:
        w, h = job.size_mm or (paper.width_mm, paper.height_mm)
        page_paper = paper if job.size_mm is None else Paper(paper.name, w, h)
        if isinstance(page_paper, CutPaper) and not job.sheets:  # no marks: a board or text has the whole page
            page_paper = Paper(paper.name, w, h)
        # Paint first into the page; boxes are known after painting, so begin the page with none and
        # let the backend add them at the end. reportlab takes page boxes at any time before showPage.
        surface.begin_page(w, h, label=job.what)
        avoid, trim, bleed = job.paint(surface, page_paper)
        if isinstance(page_paper, CutPaper) and any(sheet.side == "front" for sheet, _m, _o in job.sheets):
            avoid = avoid + draw_marks(surface, page_paper)
        if trim is not None:
            x, y, tw, th = trim
            set_boxes = getattr(surface, "set_boxes", None)
            if set_boxes:
                set_boxes((x, y, tw, th), (x - bleed, y - bleed, tw + 2 * bleed, th + 2 * bleed))
        if job.furniture:
            label = page_label_text(game.meta.get("short") or game.title, job.what, job.sheet_no, job.sheet_of)
            footer(surface, page_paper, PRINT_NOTE, label, short_credits(game.meta), avoid)
        surface.end_page()
        if progress:
            progress()
    return pages


def _duplex_pref(doc: Document, opts: Options) -> str:
    if not doc.duplex:
        return "Simplex"
    return "DuplexFlipShortEdge" if opts.duplex == Duplex.SHORT else "DuplexFlipLongEdge"
