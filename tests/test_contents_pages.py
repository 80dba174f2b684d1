"""The contents page's checklist tells a player on which pages of the PDF each component is, read
back from the built PDFs: every page after the contents is listed, none that is not there, and a
page two components share is listed under both (it used to give a count of pages, so a shared page
was counted twice: KTech's A4 double-sided file listed 4 + 20 + 1 = 25 pages of its 24)."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.build.game import Options, build_game
from generator.build.loading import load_game
from generator.model import resolve_game

KITS = ("lords_of_war", "farlander", "thrones", "ktech")
ROW = re.compile(r"^\[ *\] (?P<name>.+?) (?P<pages>\d+(?:-\d+)?(?:, \d+(?:-\d+)?)*)$")


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("contents")
    for kit in KITS:
        build_game(load_game(resolve_game(kit)), out, Options(papers=("a4", "letter"), formats=("pdf",)))
    return out


def _texts(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def _listed(contents: str) -> dict[str, list[int]]:
    """Each checklist row's component and the pages it names ("7-26" -> 7..26)."""
    table = contents.split("Contents and cutting checklist", 1)[1].split("Printing", 1)[0]
    rows = {}
    for line in table.splitlines():
        m = ROW.match(line.strip())
        if m:
            pages = []
            for part in m["pages"].split(", "):
                a, _, b = part.partition("-")
                pages += range(int(a), int(b or a) + 1)
            rows[m["name"]] = pages
    return rows


def test_ktech_a4_contents_name_every_page_of_the_deck_and_the_six_colours_markers(kits):
    texts = _texts(kits / "ktech" / "a4" / "ktech-a4-duplex.pdf")
    listed = _listed(texts[0])
    assert len(texts) == 26
    assert listed["Counters (shared) 280 18.0 x 18.0 mm"] == [3, 4, 5, 6]
    assert listed["Common Deck 83 63.5 x 88.9 mm"] == list(range(7, 27))
    single = _texts(kits / "ktech" / "a4" / "ktech-a4-single.pdf")
    assert _listed(single[0])["Ownership markers 384 10.0 x 10.0 mm"] == [3]  # 64 of each of six colours


@pytest.mark.parametrize("kit", KITS)
def test_every_page_of_pieces_is_in_the_checklist_and_every_listed_page_exists(kits, kit):
    pdfs = sorted((kits / kit).glob("a4/*.pdf")) + sorted((kits / kit).glob("letter/*.pdf"))
    assert len(pdfs) == 4
    for pdf in pdfs:
        texts = _texts(pdf)
        listed = _listed(texts[0])
        assert listed, pdf.name
        first = 3 if pdf.stem.endswith("duplex") else 2  # after the contents (and printing notes)
        named = {p for pages in listed.values() for p in pages}
        assert named == set(range(first, len(texts) + 1)), (pdf.name, sorted(named), len(texts))


@pytest.mark.parametrize("kit", KITS)
def test_a_double_sided_files_second_page_carries_the_notes_on_this_edition(kits, kit):
    """The duplex file's page 2 (the back of the contents page, there so the first fronts page starts
    on a sheet's front) held four lines of printing notes on a whole page: it now carries the notes
    on this edition too, and the contents page says where they are. The single file keeps them."""
    from generator.build.loading import load_game as load

    first_note = load(resolve_game(kit)).notes[0][:40]
    for paper in ("a4", "letter"):
        duplex = _texts(kits / kit / paper / f"{kit}-{paper}-duplex.pdf")
        single = _texts(kits / kit / paper / f"{kit}-{paper}-single.pdf")
        flat = [" ".join(t.split()) for t in (duplex[0], duplex[1], single[0])]
        assert "Notes on this edition On the back of this page." in flat[0] and first_note not in flat[0]
        assert flat[1].startswith("Printing notes") and first_note in flat[1]
        assert first_note in flat[2]
