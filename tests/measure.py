"""Measure what a PDF really prints: render a page with pypdfium2 and find where a colour is."""

from __future__ import annotations

from dataclasses import dataclass

DPI = 400
MM_PER_PX = 25.4 / DPI


@dataclass
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)


def render(pdf_path, page_index: int, dpi: int = DPI):
    """(PIL image, (page width mm, page height mm))."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf_path))
    try:
        page = doc[page_index]
        width_pt, height_pt = page.get_size()
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        page.close()
        return image, (width_pt * 25.4 / 72, height_pt * 25.4 / 72)
    finally:
        doc.close()


def page_count(pdf_path) -> int:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf_path))
    try:
        return len(doc)
    finally:
        doc.close()


def box_of(image, colour: str, tolerance: int = 12, dpi: int = DPI) -> Box | None:
    """The bounding box (mm) of every pixel within ``tolerance`` of ``colour``."""
    from PIL import ImageChops

    target = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    bands = [ch.point(lambda v, t=t: 255 if abs(v - t) <= tolerance else 0)
             for ch, t in zip(image.split(), target)]
    mask = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    box = mask.getbbox()
    if box is None:
        return None
    x0, y0, x1, y1 = box
    k = 25.4 / dpi
    return Box(x0 * k, y0 * k, x1 * k, y1 * k)


def ink_box(image, dpi: int) -> Box | None:
    """Bounding box (mm) of everything printed (any pixel not white)."""
    grey = image.convert("L").point(lambda v: 255 if v < 250 else 0)
    box = grey.getbbox()
    if box is None:
        return None
    k = 25.4 / dpi
    return Box(box[0] * k, box[1] * k, box[2] * k, box[3] * k)
