"""Words cut by the seams of a board printed in pieces, measured in the printed PDF: each piece page
of the board drawn by the real PDF backend, its view read from the page's TrimBox, its row and
column from its header ("piece A2 of 4 (2 rows x 2 columns)"), every text line from pdfium's text
rectangles. Each piece shows its view less its left and top 10 mm glue strips (glued under the
neighbours, which show that part of the board up to their cut edges). A line of the board's text is
cut when a piece shows only part of it: the rest is on the next piece, across a cut edge."""

from __future__ import annotations

import ctypes
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from generator.draw.pdf import PdfSurface
from generator.layout.boardpages import board_pages
from generator.layout.page import Paper
from generator.model import Component, Game

MM_PER_PT = 25.4 / 72
GLUE_MM = 10.0
HEADER = re.compile(r"piece ([A-Z])(\d+) of \d+ \((\d+) rows? x (\d+) columns?\)")


def board_pdf(game: Game, comp: Component, paper: Paper) -> bytes:
    """The board's pages (assembly and pieces) as the kit prints them, with their trim boxes."""
    pdf = PdfSurface(title=comp.name)
    for job in board_pages(game, comp, paper):
        pdf.begin_page(paper.width_mm, paper.height_mm, label=job.what)
        _avoid, trim, bleed = job.paint(pdf, paper)
        if trim is not None:
            x, y, w, h = trim
            pdf.set_boxes((x, y, w, h), (x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed))
        pdf.end_page()
    return pdf.finish()


def cut_words(pdf_bytes: bytes) -> list[tuple[int, str, str, tuple[float, float, float, float]]]:
    """(page, piece, text, (x0, y0, x1, y1) in mm from the page's bottom left) of every line of the
    board's text that a seam cuts, on every piece page of the PDF."""
    doc = pdfium.PdfDocument(pdf_bytes)
    out = []
    for number in range(len(doc)):
        page = doc[number]
        words = page.get_textpage()
        head = HEADER.search(words.get_text_range())
        if not head:
            continue
        row, col = ord(head[1]) - 65, int(head[2]) - 1
        left, bottom, right, top = (v * MM_PER_PT for v in page.get_trimbox())
        # what shows of the piece once glued: its view less the strips under its neighbours (left, top)
        x0_seen = left + (GLUE_MM if col > 0 else 0.0)
        y1_seen = top - (GLUE_MM if row > 0 else 0.0)
        e = 0.01
        for text, (x0, y0, x1, y1) in _lines(words):
            if text.startswith("glue"):  # the strip's own note
                continue
            if not (x1 > x0_seen + e and x0 < right - e and y1 > bottom + e and y0 < y1_seen - e):
                continue  # not seen on this piece (the header and footer, the board beyond or under it)
            if not (x0 >= x0_seen - e and x1 <= right + e and y0 >= bottom - e and y1 <= y1_seen + e):
                out.append((number + 1, f"{head[1]}{head[2]}", text, tuple(round(v, 1) for v in (x0, y0, x1, y1))))
    return out


def _lines(words: pdfium.PdfTextPage) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every text object's characters (one line drawn by one ``text`` call) and the box round their
    glyphs, in mm."""
    by_object: dict[int, tuple[list[str], list[tuple[float, ...]]]] = {}
    for i in range(words.count_chars()):
        if pdfium_c.FPDFText_IsGenerated(words, i):
            continue
        char = chr(pdfium_c.FPDFText_GetUnicode(words, i))
        box = words.get_charbox(i)
        if not char.strip() or box[2] <= box[0]:
            continue
        key = ctypes.cast(pdfium_c.FPDFText_GetTextObject(words, i), ctypes.c_void_p).value or 0
        chars, boxes = by_object.setdefault(key, ([], []))
        chars.append(char)
        boxes.append(tuple(v * MM_PER_PT for v in box))
    return [("".join(chars), (min(b[0] for b in boxes), min(b[1] for b in boxes),
                              max(b[2] for b in boxes), max(b[3] for b in boxes)))
            for chars, boxes in by_object.values()]
