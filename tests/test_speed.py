"""Speed work that must not change what is printed: SVG pages without svgwrite's per-element checks,
art drawn once and placed many times, builds in worker processes."""

from __future__ import annotations

from conftest import EXAMPLE


def test_svg_pages_are_written_by_our_own_element_writer(tmp_path):
    """svgwrite (its objects, then ElementTree under it) was two thirds of an SVG page's cost: the
    backend writes its few elements itself. The pages load nothing of svgwrite or ElementTree."""
    import subprocess
    import sys

    code = ("import sys; from pathlib import Path; from generator.build import Options, build_game; "
            "from generator.loading import load_game; "
            f"build_game(load_game({str(EXAMPLE)!r}), Path({str(tmp_path)!r}), Options(papers=('a4',), formats=('svg',))); "
            "print(sorted(m for m in sys.modules if m.startswith(('svgwrite', 'xml.etree'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    pages = sorted((tmp_path / "pebble_pond" / "a4" / "svg").glob("*.svg"))
    assert len(pages) >= 3
    first = pages[0].read_text()
    assert first.startswith('<svg baseProfile="full" height="297mm"') and 'viewBox="0 0 210 297"' in first


def test_the_svg_writer_writes_what_elementtree_writes():
    """Attributes sorted by name, empty ones left out, text and values escaped, empty elements closed
    as ``<x />``: byte for byte what svgwrite wrote through ElementTree, on awkward trees."""
    import random
    import xml.etree.ElementTree as ET

    from generator.draw.svg import _El

    rng = random.Random(7)
    pieces = ["a", "&", "<", ">", '"', "'", "\n", "\t", "\r", " ", "é", "", "x y", "]]"]

    def text():
        return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 4)))

    def tree(depth):
        attribs = {rng.choice(["d", "fill", "x", "y", "font-size", "xlink:href", "aria-label", "id"]): text()
                   for _ in range(rng.randint(0, 4))}
        ours = _El(rng.choice(["g", "path", "text", "tspan"]), attribs, text() if rng.random() < 0.5 else None)
        theirs = ET.Element(ours.tag)
        for key, value in sorted(attribs.items()):
            if value:
                theirs.set(key, value)
        theirs.text = ours.text
        for _ in range(rng.randint(0, 3) if depth < 3 else 0):
            a, b = tree(depth + 1)
            ours.add(a)
            theirs.append(b)
        return ours, theirs

    for _ in range(300):
        ours, theirs = tree(0)
        out: list[str] = []
        ours.write(out)
        assert "".join(out) == ET.tostring(theirs, encoding="unicode")


class _Counting:
    """Counts calls of a function it wraps."""

    def __init__(self, fn):
        self.fn, self.calls = fn, 0

    def __call__(self, *args, **kwargs):
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
    and placed on each page; every page looks as it did when each page drew the whole board."""
    import generator.components.board as board
    from generator.build import Document, _number, board_pages, expand_generated, render
    from generator.draw.pdf import PdfSurface
    from generator.layout.page import paper
    from generator.layout.poster import fits
    from generator.loading import load_game
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
        _number(doc.pages)
        render(game, doc, a4, surface)
        pdfs.append((surface.finish(), counting.calls))
    (once, draws_once), (inline, draws_inline) = pdfs
    assert draws_once == len(tiled)
    assert draws_inline == len(doc.pages)  # the assembly page and every piece
    assert len(doc.pages) >= 4
    assert len(once) < len(inline) / 2
    for n, (a, b) in enumerate(zip(_pages(once), _pages(inline)), start=1):
        assert a.shape == b.shape
        assert abs(a - b).max() <= 2, f"page {n} of the tiled map looks different when the board is a form"


def _files(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_jobs_2_writes_byte_for_byte_what_jobs_1_writes(tmp_path):
    """Two games, both papers, PDF and SVG: 10 parts rendered in two worker processes."""
    from generator.build import Options, write_manifest
    from generator.jobs import build_all
    from generator.loading import load_game
    from generator.model import resolve_game

    games = [load_game(EXAMPLE), load_game(resolve_game("thrones"))]
    opts = Options(papers=("a4", "letter"), formats=("pdf", "svg"))
    ticks = {1: [], 2: []}
    for jobs in (1, 2):
        out = tmp_path / f"j{jobs}"
        entries = build_all(games, out, opts, jobs, advance=ticks[jobs].append)
        write_manifest(out, entries)
    one, two = _files(tmp_path / "j1"), _files(tmp_path / "j2")
    assert len(one) > 40 and any(str(p).endswith(".svg") for p in one) and any(str(p).endswith(".pdf") for p in one)
    assert sorted(one) == sorted(two)
    assert [p for p in one if one[p] != two[p]] == []
    assert len(ticks[2]) == 10  # the progress bar moves as each part comes in


BIG_CARD = """\
game: {id: bigcard, title: Big card, author: A, licence: CC0, source: test, players: [1, 2]}
components:
  - id: deck
    name: Deck
    kind: card
    size_mm: [200, 150]
    items:
      - {name: Small, count: 1}
  - id: huge
    name: Huge cards
    kind: card
    size_mm: [205, 290]
    items:
      - {name: Too big, count: 2}
"""


def test_a_failing_part_stops_every_job_with_the_message_jobs_1_gives(tmp_path):
    """A card too large for both papers: the A4 part fails (and the Letter part too, in the other
    worker); --jobs 2 reports the same file:line sentence as --jobs 1, exits 1 and writes nothing."""
    import os
    import subprocess
    import sys

    from conftest import ROOT

    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "game.yaml").write_text(BIG_CARD)
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        done = subprocess.run([sys.executable, "-m", "generator", "build", str(tmp_path / "game"), "--jobs", jobs,
                               "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 1
        assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))
        outs.append(done.stderr)
    assert outs[0] == outs[1]
    assert "Traceback" not in outs[1]
    assert outs[1].count("\n") == 1 and "game.yaml:" in outs[1] and "does not fit on a4 paper" in outs[1]


def _modules_after(args: list[str]) -> set[str]:
    """The modules a fresh process has loaded after running ``pnpforge ARGS``."""
    import os
    import subprocess
    import sys

    from conftest import ROOT

    code = ("import sys\nfrom generator.cli import cli\ntry:\n    cli(sys.argv[1:], prog_name='pnpforge')\n"
            "except SystemExit:\n    pass\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return {line.split(".")[0] if not line.startswith("generator") else line
            for line in done.stderr.splitlines()} | set(done.stderr.splitlines())


def test_help_loads_neither_the_data_model_nor_the_drawing_libraries():
    loaded = _modules_after(["--help"])
    assert "click" in loaded
    heavy = {"yaml", "reportlab", "svgwrite", "jinja2", "generator.model", "generator.build", "solo"}
    assert heavy & loaded == set()


def test_list_and_validate_read_games_without_loading_the_page_writers():
    """They measure text (font metrics) to check it fits, but write no PDF or SVG page."""
    for args in (["list"], ["validate", "thrones"]):
        loaded = _modules_after(args)
        assert "generator.model" in loaded and "yaml" in loaded
        assert {"svgwrite", "jinja2", "generator.build", "generator.draw.pdf", "generator.draw.svg",
                "generator.layout.pieces", "solo"} & loaded == set(), args


def test_help_lists_solo_with_its_own_summary():
    from click.testing import CliRunner

    from generator.cli import _Group, cli
    from solo.cli import solo

    assert _Group.SOLO_SUMMARY == solo.help
    out = CliRunner().invoke(cli, ["--help"]).output
    assert "solo       The One-Page Kingdom: fresh sheets, a turn-log checker, and..." in out


def test_a_tiled_mat_in_svg_pages_prints_as_if_each_page_drew_the_board():
    """The SVG pages place the board as a <use> of a group in their defs; rendered (rsvg-convert)
    every page matches the page that draws the board in place."""
    import io
    import shutil
    import subprocess

    import numpy as np
    import pytest
    from PIL import Image

    from generator.build import Document, _number, board_pages, expand_generated, render
    from generator.draw.svg import SvgSurface
    from generator.layout.page import paper
    from generator.layout.poster import fits
    from generator.loading import load_game
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
        _number(doc.pages)
        render(game, doc, a4, surface)
        pages.append(surface.finish())
    used, inline = pages
    assert len(used) == len(inline) >= 5
    assert all(b"<use" in page for page in used[1:]) and not any(b"<use" in page for page in inline[1:])
    for n, (a, b) in enumerate(zip(used, inline), start=1):
        assert abs(png(a) - png(b)).max() <= 2, f"SVG page {n} of the tiled map looks different with <use>"


def test_plain_text_is_laid_out_as_rich_text_would_be():
    """Titles, values and rules without markup skip the rich-text parser: the same lines, the same
    widths to the last bit, at every width, size and style (the PDFs stay byte-identical)."""
    import random

    from generator.components import richtext as rt

    def general(text, width, size, base):  # the rich-text path, which the shortcut skips
        return list(rt._wrap_rich(text, width, size, rt.DEFAULT_FAMILY, base))

    rng = random.Random(5)
    words = "Gain two gold and draw a card. Discard it at the end of the turn. Ünïcode 10800 x".split()
    for _ in range(3000):
        text = " ".join(rng.choice(words + [""]) for _ in range(rng.randint(0, 12)))
        size, base = rng.choice([5.0, 6.25, 8.5, 11.0]), rng.choice(["regular", "bold", "italic", "mono"])
        width = rng.choice([1e9, 18.0, 40.0, 56.5])
        assert rt.wrap(text, width, size, rt.DEFAULT_FAMILY, base) == general(text, width, size, base)
        assert rt.widest(text, size, rt.DEFAULT_FAMILY, base) == max(
            (w for _, w in general(text, 1e9, size, base)), default=0.0)



def test_a_plain_title_or_value_is_drawn_as_its_laid_out_line_would_be():
    """A card's title and value (new on every card) are drawn without laying them out in words: the
    same text calls, to the last bit of every position, as drawing the wrapped line, at sizes on and
    off the type scale, with every anchor, double spaces included; text with markup is left to the
    line setter."""
    import random

    from generator.components import richtext as rt

    class Calls:
        def __init__(self):
            self.calls = []

        def text(self, *args, **kw):
            self.calls.append((args, tuple(sorted(kw.items()))))

    rng = random.Random(7)
    words = "Card 10800 Gain two gold W Ünïcode x".split()
    for _ in range(2000):
        text = " ".join(rng.choice(words + [""]) for _ in range(rng.randint(1, 5)))
        size, base = rng.choice([5.0, 7.25, 8.5, 10.75, 11.0]), rng.choice(["regular", "bold", "italic"])
        anchor = rng.choice(["start", "middle", "end"])
        plain, line = Calls(), Calls()
        assert rt.draw_plain(plain, 10.0, 20.0, text, size, ink="#123456", base=base, anchor=anchor)
        rt.draw_line(line, 10.0, 20.0, rt.wrap(text, 1e9, size, rt.DEFAULT_FAMILY, base)[0], size, ink="#123456",
                     anchor=anchor)
        assert plain.calls == line.calls, (text, size, base, anchor)
    assert not rt.draw_plain(Calls(), 0, 0, "**Bold** {icon:gold}", 8.0, ink="#000000")



def test_a_title_fit_check_by_its_whole_width_says_what_wrapping_says():
    """Validating a deck checks each title's fit by its width as one string first (new on every card,
    no words laid out): the same answer as wrapping it, at rooms right at the edge of the width."""
    import random

    from generator.components import card, richtext as rt

    rng = random.Random(11)
    words = "Card 10800 Gain two gold W Ünïcode Mountain Pass x".split()
    for _ in range(3000):
        title = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
        size = rng.choice([6.5, 8.0, 11.0])
        wide = rt.widest(title, size, rt.DEFAULT_FAMILY, "bold")
        for room in (wide, wide - 1e-9, wide + 1e-9, wide / 2, rng.uniform(5.0, 60.0)):
            got = rt.wrap(title, room, size, rt.DEFAULT_FAMILY, "bold")
            expected = len(got) <= 2 and all(width <= room + 0.05 for _, width in got)
            assert card._fits_lines(title, room, size, rt.DEFAULT_FAMILY, 2) == expected, (title, size, room)


def test_shrinking_a_line_to_fit_finds_what_stepping_down_finds():
    """Fitting a title, value or footer halves the list of sizes instead of stepping down 0.25 pt at
    a time: the same size every time (widths only grow with the size)."""
    import random

    from generator.components import richtext as rt

    rng = random.Random(11)
    words = "Gain two gold 10800 7 Lord **of** {icon:x} War".split()
    for _ in range(3000):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 4)))
        top, low, step = rng.choice([10.0, 11.0, 16.0, 5.0]), rng.choice([5.0, 6.5, 7.0]), rng.choice([0.25, 0.5])
        room, base = rng.uniform(0, 60), rng.choice(["bold", "italic", "regular"])
        size = top
        while size > low and rt.widest(text, size, rt.DEFAULT_FAMILY, base) > room:
            size = max(low, size - step)
        assert rt.shrink_to(text, room, top, low, rt.DEFAULT_FAMILY, base, step) == size


def test_a_deck_works_out_its_title_size_once_not_once_per_card(tmp_path, monkeypatch):
    """Every card of a deck shares one title size, fitted to its longest title: worked out per card it
    walked every title for every card (10,800 cards took 57 s)."""
    from generator.build import Options, build_game
    from generator.components import card
    from generator.loading import load_game

    items = "".join(f"      - {{name: Card {k}, count: 1, text: Gain two gold.}}\n" for k in range(1, 61))
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.yaml").write_text(
        "game: {id: g, title: G, author: me, licence: CC0, source: test, players: [1, 4]}\n"
        "components:\n  - id: deck\n    name: Deck\n    kind: card\n    size: poker\n    back: {title: G}\n"
        "    items:\n" + items)
    calls = []
    real = card._deck_title_pt.__wrapped__

    def counted(*args):
        calls.append(len(args[1]))
        return real(*args)

    monkeypatch.setattr(card, "_deck_title_pt", counted)
    card._DECK_PT.clear()
    build_game(load_game(tmp_path / "g"), tmp_path / "out", Options(papers=("a4",), formats=("pdf",), jobs=1))
    assert calls == [60]  # one deck of 60 titles, fitted once


def test_each_fonts_kern_table_is_read_once():
    """SVG text is split at kern pairs: reading a font's kern table (fontTools) for every text instead
    of once made the default build four times slower, with every file the same."""
    from generator.draw import fonts

    fonts.load_kerning()
    for kind in ("regular", "bold", "italic", "bolditalic"):
        assert fonts._kern_pairs(kind) is fonts._kern_pairs(kind)
        assert ("A", "V") in fonts._kern_pairs(kind)  # "AV" is set closer in every Vera style
