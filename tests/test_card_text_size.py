"""Issue 23: "6 pt reference cards carry 1,645 characters". Measured in the built PDFs, card by card
(each card's characters found by its cut box on the page): no card of any kit sets more than one
short line under 6.5 pt (its footer: a credit or "Play in your Action phase", 6 pt); everything else,
the body, is 6.5 pt or more. The densest card, KTech's turn reference (A6), carries 1,311
letters and figures (1,553 characters with spaces) with its body at 7 pt."""

from __future__ import annotations

from collections import Counter

import pypdfium2
import pypdfium2.raw as raw
import pytest

from generator.build.game import Options, build_game, expand_generated
from generator.build.loading import load_game
from generator.layout.page import paper
from generator.layout.plan import plan_documents
from generator.model import resolve_game

KITS = ("lords_of_war", "farlander", "thrones", "ktech")
PT_PER_MM = 72 / 25.4
FOOTER_CHARS = 50  # one short line


def _cards(kit: str, out) -> list[tuple[str, Counter]]:
    """Every card front printed in the kit's A4 files: (component id, its characters by size in pt)."""
    game = load_game(resolve_game(kit))
    build_game(game, out, Options(papers=("a4",), formats=("pdf",)))
    page_h = paper("a4").height_mm
    found = []
    for doc in plan_documents(game, expand_generated(game, 1), paper("a4"), Options()):
        pdf = pypdfium2.PdfDocument(str(out / kit / "a4" / f"{doc.stem}.pdf"))
        first = 2 if doc.duplex else 1  # the contents (and printing-notes) pages come first
        for number, job in enumerate(doc.pages):
            fronts = [sheet for sheet, *_ in job.sheets if sheet.comp.kind == "card" and sheet.side == "front"]
            if not fronts:
                continue
            tp = pdf[first + number].get_textpage()
            chars = []
            for k in range(tp.count_chars()):
                if chr(raw.FPDFText_GetUnicode(tp, k)).isspace():
                    continue
                x0, y0, x1, y1 = (v / PT_PER_MM for v in tp.get_charbox(k))  # left, bottom, right, top
                chars.append(((x0 + x1) / 2, page_h - (y0 + y1) / 2, round(raw.FPDFText_GetFontSize(tp, k) * PT_PER_MM, 1)))
            for sheet in fronts:
                w, h = sheet.comp.size_mm
                if sheet.grid.rotated:
                    w, h = h, w
                for index in range(len(sheet.looks)):
                    cx, cy = sheet.grid.centre(index)
                    sizes = Counter(s for x, y, s in chars if abs(x - cx) < w / 2 and abs(y - cy) < h / 2)
                    found.append((sheet.comp.id, sizes))
    return found


@pytest.mark.parametrize("kit", KITS)
def test_no_card_sets_more_than_its_footer_under_6_5_pt(kit, tmp_path):
    cards = _cards(kit, tmp_path)
    if kit == "thrones":
        assert cards == []  # no cards in Thrones
        return
    assert cards and all(sum(sizes.values()) > 0 for _, sizes in cards)
    small = [(comp, dict(sizes)) for comp, sizes in cards if sum(n for s, n in sizes.items() if s < 6.5) > FOOTER_CHARS]
    assert small == []
    assert min(s for _, sizes in cards for s in sizes) >= 5.5


def test_the_densest_reference_card_sets_its_body_at_7_pt(tmp_path):
    reference = [sizes for comp, sizes in _cards("ktech", tmp_path) if comp == "reference"]
    assert len(reference) == 4
    for sizes in reference:
        assert 1200 < sum(sizes.values()) < 1500  # letters and figures, spaces not counted
        body = max(sizes, key=sizes.get)
        assert body == 7.0 and sizes[body] > 1000
