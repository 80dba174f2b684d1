"""Full pages of text (rule summaries, dice tables, the contents and cutting checklist)."""

from __future__ import annotations

from typing import Any, Sequence

from ..art.textblock import draw_sections, measure
from ..draw.surface import Surface
from ..model import Component, Game
from ..model.kinds import Family
from .document import Document, PageJob, PaintResult
from .page import PRINT_NOTE, Paper

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


def sheet_pages(game: Game, comp: Component, paper: Paper | None = None) -> list[PageJob]:
    """A ``sheet`` component (rules summary, reference): its sections on a page of text. On ``paper``,
    the page says how far down its text reaches (its band: it may share its sheet, ``sharing.py``)."""
    sections = list(comp.spec.get("sections") or [])
    columns = int(comp.spec.get("columns", 1))

    def job_at(max_pt: float) -> PageJob:
        def paint(s: Surface, paper: Paper) -> PaintResult:
            paint_text_page(s, paper, comp.name, sections, columns, max_pt=max_pt, icons=game.icons,
                            where=(comp.file, comp.line))
            return [], None, 0.0
        if paper is None:
            return PageJob(comp, comp.name, paint)
        smaller = (lambda: job_at(SHARED_PT)) if max_pt > SHARED_PT else None
        return PageJob(comp, comp.name, paint, band_mm=text_band_mm(paper, sections, columns, max_pt), smaller=smaller)
    return [job_at(10.0)]


SHARED_PT = 9.0  # the text size a page of text may be set down to, to share its sheet with another


def text_band_mm(paper: Paper, sections: Sequence[dict[str, Any]], columns: int = 1, max_pt: float = 10.0) -> float:
    """How far below the usable area's top :func:`paint_text_page` draws (title and text at ``max_pt``)."""
    x0, _y0, x1, _y1 = paper.usable
    width = (x1 - x0 - (columns - 1) * COLUMN_GAP_MM) / columns
    groups = split_columns(sections, columns, width, max_pt)
    return 12 + max(measure(group, width, max_pt) for group in groups) + 1.0


def contents_pages(game: Game, doc: Document) -> list[PageJob]:
    """The first pages of a kit's PDF: the contents and cutting checklist, and for a double-sided
    document the printing-notes page that keeps its first fronts page on the front of a sheet."""
    rows = []
    # the PDF's page numbers of each component, after this contents page (and the printing notes):
    # a page two components share is listed under both, so the checklist tells where each one is
    first = (2 if doc.duplex else 1) + 1
    seen: dict[str, list[int]] = {}
    for number, job in enumerate(doc.pages, start=first):
        for comp in job.comps:
            seen.setdefault(comp.id, []).append(number)
    done = set()
    printed = front_pieces(doc)
    for comp in (c for job in doc.pages for c in job.comps):
        if comp.id in done:
            continue
        done.add(comp.id)
        size = comp.size_text()
        if any(sheet.comp is comp and sheet.grid.rotated for job in doc.pages for sheet, *_ in job.sheets):
            size += ", turned on the sheet"  # laid on its side to fit more a page: check before you cut
        whole = comp.declaration.whole
        copies = int(comp.spec.get("copies", 1) or 1) if whole else 1
        packed = max((job.per_page for job in doc.pages if job.comp is comp), default=0)
        if packed > 1:
            size += f", {packed} to a page"  # copies of a board packed: a score pad two to a page
        pieces = str(comp.count) if not whole else str(copies)
        here = printed.get(comp.id, 0)
        if 0 < here < comp.count:  # the rest in the kit's other file (a page that shares a double-sided sheet)
            pieces = f"{here} of {comp.count}"
        rows.append(["[ ]", comp.name, pieces, size, page_ranges(seen[comp.id])])
    sections: list[dict[str, Any]] = [
        {"heading": "The files of this kit: print them all", "bullets": kit_files_text(doc)},
        {"heading": "Contents and cutting checklist",
         "header": ["done", "component", "pieces", "size", "pages"], "rows": rows,
         "widths": [0.6, 3.4, 0.9, 3.6, 0.7]},
        {"heading": "Printing",
         "bullets": print_notes(doc.duplex, any(c.family == Family.DIE for job in doc.pages for c in job.comps))},
        {"heading": "Credits", "text": game.credits},
    ]
    edition = [{"heading": "Notes on this edition", "bullets": game.notes}] if game.notes else []
    if edition and doc.duplex:  # the back of this page holds them, beside the printing notes
        sections.append({"heading": "Notes on this edition", "text": "On the back of this page."})
    elif edition:
        sections += edition

    def paint(s: Surface, p: Paper) -> PaintResult:
        paint_text_page(s, p, f"{game.title}", sections, 1, max_pt=9.5, min_pt=6.5)
        return [], None, 0.0
    jobs = [PageJob(None, "contents", paint, sheet_no=1, sheet_of=1)]
    if doc.duplex:
        notes = [{"heading": "Before you print both sides", "bullets": BOTH_SIDES_NOTES}, *edition]

        def paint_notes(s: Surface, p: Paper) -> PaintResult:
            paint_text_page(s, p, "Printing notes", notes, 1, max_pt=10, min_pt=6.5)
            return [], None, 0.0
        jobs.append(PageJob(None, "printing notes", paint_notes, sheet_no=1, sheet_of=1))
    return jobs


def front_pieces(doc: Document) -> dict[str, int]:
    """How many of each component's pieces ``doc`` prints, by component id (the rest, if any, are in
    the kit's other file). Counted in one pass: a deck of 10,800 cards has 2,400 pages."""
    counts: dict[str, int] = {}
    for job in doc.pages:
        for sheet, *_ in job.sheets:
            if sheet.side == "front":
                here = sum(1 for look in sheet.looks if look is not None)
                counts[sheet.comp.id] = counts.get(sheet.comp.id, 0) + here
    return counts


def page_ranges(pages: list[int]) -> str:
    """[3, 4, 5, 9] -> "3-5, 9"."""
    out = []
    pages = sorted(set(pages))
    start = prev = pages[0]
    for p in pages[1:] + [None]:
        if p is not None and p == prev + 1:
            prev = p
            continue
        out.append(f"{start}" if start == prev else f"{start}-{prev}")
        if p is not None:
            start = prev = p
    return ", ".join(out)


def kit_files_text(doc: Document) -> list[str]:
    """One line per PDF of the kit (this one first): its name, how to print it, what is in it."""
    lines = []
    for other in sorted(doc.kit, key=lambda d: d is not doc):
        names = []
        printed = front_pieces(other)
        comps = {id(c): c for job in other.pages for c in job.comps}  # each once, in page order
        for comp in comps.values():
            n = printed.get(comp.id, 0)
            name = f"{comp.name} ({n} of {comp.count})" if 0 < n < comp.count else comp.name  # the rest: the other file
            if name not in names:
                names.append(name)
        how = "print double-sided" if other.duplex else "print single-sided"
        this = " (this file)" if other is doc else ""
        lines.append(f"{other.stem}.pdf{this}, {how}: {', '.join(names)}.")
    return lines


BOTH_SIDES_NOTES = [  # the duplex PDF's printing-notes page (and the kit gallery)
    "Print this file double-sided, flipping on the LONG edge, at 100% (actual size).",
    "Every backs page follows its fronts page: each back lands behind its own front.",
    "Print one fronts page and its backs page first, hold the sheet to a light and check "
    "that the crop marks line up; most printers shift the back by up to 3 mm.",
    "This page is here so the first fronts page starts on the front of a sheet.",
]


DICE_NOTE = ("Dice: cut nets and stickers on their printed outline; fold a net on its dashed lines, printed "
             "side out, and glue each grey tab inside under the face it meets.")


def print_notes(duplex: bool, dice: bool = False) -> list[str]:
    """The contents page's printing notes (the kit gallery's too); ``dice``: how to make a die."""
    notes = [PRINT_NOTE + ". Check it with a ruler before you cut.",
             "Cut round pieces and hexes on their thin printed outline, blocks of cards, tiles and counters "
             "on the lines the crop marks point to; the colour runs past the cut line (bleed) so a "
             "slightly-off cut shows no white."]
    if duplex:
        notes.append("Double-sided: print duplex, flip on the long edge.")
    else:
        notes.append("Print single-sided.")
    return notes + ([DICE_NOTE] if dice else [])
