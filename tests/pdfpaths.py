"""Read the vector paths a PDF page really draws (pypdfium2), in page mm with y down, forms included."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

MM_PER_PT = 25.4 / 72.0


@dataclass
class Drawn:
    points: list[tuple[float, float]]  # every segment's end point, page mm, y down
    stroke: tuple[int, int, int] | None
    width_mm: float  # the stroke width as the page shows it


def page_paths(pdf_path, index: int) -> list[Drawn]:
    import pypdfium2
    import pypdfium2.raw as raw

    doc = pypdfium2.PdfDocument(str(pdf_path))
    try:
        page = doc[index]
        height_pt = page.get_size()[1]
        out: list[Drawn] = []

        def matrix(obj) -> tuple[float, ...]:
            m = raw.FS_MATRIX()
            raw.FPDFPageObj_GetMatrix(obj, m)
            return (m.a, m.b, m.c, m.d, m.e, m.f)

        def compose(inner, outer):
            a, b, c, d, e, f = inner
            A, B, C, D, E, F = outer
            return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)

        def walk(obj, outer):
            kind = raw.FPDFPageObj_GetType(obj)
            m = compose(matrix(obj), outer)
            if kind == raw.FPDF_PAGEOBJ_FORM:
                for k in range(raw.FPDFFormObj_CountObjects(obj)):
                    walk(raw.FPDFFormObj_GetObject(obj, k), m)
                return
            if kind != raw.FPDF_PAGEOBJ_PATH:
                return
            pts = []
            for k in range(raw.FPDFPath_CountSegments(obj)):
                seg = raw.FPDFPath_GetPathSegment(obj, k)
                x, y = ctypes.c_float(), ctypes.c_float()
                raw.FPDFPathSegment_GetPoint(seg, x, y)
                px = m[0] * x.value + m[2] * y.value + m[4]
                py = m[1] * x.value + m[3] * y.value + m[5]
                pts.append((px * MM_PER_PT, (height_pt - py) * MM_PER_PT))
            mode, stroke_on = ctypes.c_int(), ctypes.c_int()
            raw.FPDFPath_GetDrawMode(obj, mode, stroke_on)
            colour = None
            if stroke_on.value:
                r, g, b, a = (ctypes.c_uint() for _ in range(4))
                raw.FPDFPageObj_GetStrokeColor(obj, r, g, b, a)
                colour = (r.value, g.value, b.value)
            w = ctypes.c_float()
            raw.FPDFPageObj_GetStrokeWidth(obj, w)
            scale = (abs(m[0] * m[3] - m[1] * m[2])) ** 0.5
            out.append(Drawn(pts, colour, w.value * scale * MM_PER_PT))

        identity = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        for k in range(raw.FPDFPage_CountObjects(page)):
            walk(raw.FPDFPage_GetObject(page, k), identity)
        return out
    finally:
        doc.close()


def _times(m: tuple[float, float, float, float], n: tuple[float, float, float, float]) -> tuple[float, ...]:
    """The linear part of matrix ``m`` applied inside ``n`` (PDF row-vector order)."""
    a, b, c, d = m
    e, f, g, h = n
    return (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)


def printed_text_sizes(pdf_path, index: int) -> list[float]:
    """The size in points every text object of page ``index`` prints at: its font size times the
    scale of its own matrix and of every form it stands in (a miniature's words drawn at 0.6 x)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    sizes: list[float] = []

    def walk(handle, outer: tuple[float, float, float, float]) -> None:
        m = raw.FS_MATRIX()
        raw.FPDFPageObj_GetMatrix(handle, m)
        here = _times((m.a, m.b, m.c, m.d), outer)
        kind = raw.FPDFPageObj_GetType(handle)
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            size = ctypes.c_float()
            raw.FPDFTextObj_GetFontSize(handle, size)
            a, b, c, d = here
            sizes.append(size.value * abs(a * d - b * c) ** 0.5)
        elif kind == raw.FPDF_PAGEOBJ_FORM:
            for i in range(raw.FPDFFormObj_CountObjects(handle)):
                walk(raw.FPDFFormObj_GetObject(handle, i), here)

    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        page = doc[index]
        for i in range(raw.FPDFPage_CountObjects(page.raw)):
            walk(raw.FPDFPage_GetObject(page.raw, i), (1.0, 0.0, 0.0, 1.0))
    finally:
        doc.close()
    return sizes
