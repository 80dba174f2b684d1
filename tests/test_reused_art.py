"""Art drawn once and placed many times (a PDF form, an SVG ``<use>``) prints as if it were drawn on every
page: a tiled mat's board on its assembly page and on each of its pieces."""

from __future__ import annotations


class _Counting:
    """Counts calls of a drawing function it wraps, on a surface that prints (not the pass that only
    finds where the board's words are, to keep the seams of its pieces off them)."""

    def __init__(self, fn):
        self.fn, self.calls = fn, 0

    def __call__(self, *args, **kwargs):
        from generator.draw.textboxes import TextBoxes

        if not isinstance(args[0], TextBoxes):
            self.calls += 1
        return self.fn(*args, **kwargs)


def _pages(pdf: bytes, dpi: int = 50):
    import numpy as np
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    out = [np.asarray(page.render(scale=dpi / 72).to_pil().convert("L"), dtype=np.int16) for page in doc]
    doc.close()
    return out


def test_a_tiled_mat_is_drawn_once_per_document_and_prints_as_if_drawn_on_every_page(monkeypatch):
    """KTech's map is tiled over A4 pages with an assembly page: the board is drawn once (a PDF form)
    and placed on each piece's page, its miniature once more; every page looks as it did when each
    page drew the whole board."""
    import generator.layout.boardpages as board  # the board drawing its pages call
    from generator.build.game import expand_generated
    from generator.build.loading import load_game
    from generator.draw.pdf import PdfSurface
    from generator.export.documents import render
    from generator.layout.boardpages import board_pages
    from generator.layout.document import Document, number_sheets
    from generator.layout.page import paper
    from generator.layout.poster import fits
    from generator.model import resolve_game

    class Inline(PdfSurface):
        """Draws art in place at every use, as before forms."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._art = {}

        def has(self, name):
            return name in self._art

        def define(self, name, bbox_mm, draw):
            self._art.setdefault(name, draw)

        def use(self, name, x_mm=0.0, y_mm=0.0):
            with self.saved():
                self.translate(x_mm, y_mm)
                self._art[name](self)

    game = load_game(resolve_game("ktech"))
    a4 = paper("a4")
    tiled = [c for c in expand_generated(game, 1) if c.kind == "board" and fits(c.size_mm, a4, 3.0) == (False, False)]
    assert tiled, "KTech's map no longer needs tiling on A4: pick another tiled board"
    counting = _Counting(board.draw_board)
    monkeypatch.setattr(board, "draw_board", counting)
    pdfs = []
    for surface in (PdfSurface(), Inline()):
        counting.calls = 0
        doc = Document("single", "t", pages=[job for comp in tiled for job in board_pages(game, comp, a4)])
        number_sheets(doc.pages)
        render(game, doc, a4, surface)
        pdfs.append((surface.finish(), counting.calls))
    (once, draws_once), (inline, draws_inline) = pdfs
    # twice a board: the form its pieces place, and its miniature's on the assembly page (drawn without
    # the words that would print under 5.5 pt there, so a form of its own)
    assert draws_once == 2 * len(tiled)
    assert draws_inline == len(doc.pages)  # the assembly page and every piece
    assert len(doc.pages) >= 4
    assert len(once) < len(inline) / 2
    for n, (a, b) in enumerate(zip(_pages(once), _pages(inline)), start=1):
        assert a.shape == b.shape
        assert abs(a - b).max() <= 2, f"page {n} of the tiled map looks different when the board is a form"


def test_a_tiled_mat_in_svg_pages_prints_as_if_each_page_drew_the_board():
    """The SVG pages place the board as a <use> of a group in their defs; rendered (rsvg-convert)
    every page matches the page that draws the board in place."""
    import io
    import shutil
    import subprocess

    import numpy as np
    import pytest
    from PIL import Image

    from generator.build.game import expand_generated
    from generator.build.loading import load_game
    from generator.draw.svg import SvgSurface
    from generator.export.documents import render
    from generator.layout.boardpages import board_pages
    from generator.layout.document import Document, number_sheets
    from generator.layout.page import paper
    from generator.layout.poster import fits
    from generator.model import resolve_game

    if not shutil.which("rsvg-convert"):
        pytest.skip("rsvg-convert (librsvg2-bin) is not installed")

    class Inline(SvgSurface):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._art = {}

        def has(self, name):
            return name in self._art

        def define(self, name, bbox_mm, draw):
            self._art.setdefault(name, draw)

        def use(self, name, x_mm=0.0, y_mm=0.0):
            with self.saved():
                self.translate(x_mm, y_mm)
                self._art[name](self)

    def png(svg: bytes):
        data = subprocess.run(["rsvg-convert", "--dpi-x", "40", "--dpi-y", "40", "-b", "white"], input=svg,
                              capture_output=True, check=True).stdout
        return np.asarray(Image.open(io.BytesIO(data)).convert("L"), dtype=np.int16)

    game = load_game(resolve_game("ktech"))
    a4 = paper("a4")
    tiled = [c for c in expand_generated(game, 1) if c.kind == "board" and fits(c.size_mm, a4, 3.0) == (False, False)]
    pages = []
    for surface in (SvgSurface(), Inline()):
        doc = Document("single", "t", pages=[job for comp in tiled for job in board_pages(game, comp, a4)])
        number_sheets(doc.pages)
        render(game, doc, a4, surface)
        pages.append(surface.finish())
    used, inline = pages
    assert len(used) == len(inline) >= 5
    assert all(b"<use" in page for page in used[1:]) and not any(b"<use" in page for page in inline[1:])
    for n, (a, b) in enumerate(zip(used, inline), start=1):
        assert abs(png(a) - png(b)).max() <= 2, f"SVG page {n} of the tiled map looks different with <use>"




def test_a_drawing_that_fails_inside_a_form_raises_its_own_error():
    """A face drawn once as a PDF form and failing half-way (inside a state of its own) reports its own
    error: before, the page's state stack was left as the form's, and the page's next restore raised
    "IndexError: pop from empty list" over it (format fuzz seed 1131, case 969)."""
    import pytest

    from generator.draw.pdf import PdfSurface

    class Broken(Exception):
        pass

    def face(t):
        t.translate(1, 1)
        raise Broken("the face's own problem")

    s = PdfSurface()
    s.begin_page(100, 100)
    with pytest.raises(Broken, match="the face's own problem"):
        with s.saved():
            s.define("face", (0, 0, 10, 10), face)
