"""Cards the way a Squib designer makes them (issue 37, cards): playing-card indices in two corners
(one element), black art printed in each house's colour, and a back without the frame pnpforge adds.
Read back from the example deck `data/examples/crest_deck`."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from tests.gamefolder import line_of, validate
from tests.pdfpaths import page_paths

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "data" / "examples" / "crest_deck"
BACK_INK = (0xE9, 0xE4, 0xD8)


def _build(folder: Path, out: Path) -> Path:
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    build_game(load_game(folder), out, Options(papers=("a4",), formats=("pdf",)))
    return out / "crest_deck" / "a4" / "crest_deck-a4-duplex.pdf"


@pytest.fixture(scope="module")
def deck(tmp_path_factory) -> Path:
    return _build(EXAMPLE, tmp_path_factory.mktemp("deck"))


def _chars(pdf: Path, page: int, wanted: str) -> list[tuple[float, float, float]]:
    """(x mm, y mm, angle) of each character ``wanted`` on the page."""
    doc = pdfium.PdfDocument(str(pdf))
    text = doc[page].get_textpage()
    whole = text.get_text_range()
    out = []
    for i, ch in enumerate(whole):
        if ch == wanted:
            left, bottom, right, top = text.get_charbox(i)
            out.append(((left + right) / 2 * 25.4 / 72, (bottom + top) / 2 * 25.4 / 72,
                        raw.FPDFText_GetCharAngle(text.raw, i)))
    return out


def test_each_card_prints_its_rank_in_two_corners_one_turned_half_round(deck):
    """The 8 cards' ranks (A, 2, 3, K in each house): each rank twice a card, near opposite corners of
    the 63.5 x 88.9 mm card (90 mm apart) and turned 180 degrees from each other."""
    threes = _chars(deck, 2, "3")  # only the indices print a 3 (the names spell Three)
    assert len(threes) == 2 * 2  # the Tower Three's and the Wave Three's
    upright = [c for c in threes if c[2] == pytest.approx(threes[0][2], abs=0.05)]
    turned = [c for c in threes if c not in upright]
    assert len(upright) == len(turned) == 2
    for a in upright:
        b = min(turned, key=lambda c: math.dist(a[:2], c[:2]))  # its own card's other corner
        assert 80 < math.dist(a[:2], b[:2]) < 100
        assert abs(a[2] - b[2]) % (2 * math.pi) == pytest.approx(math.pi, abs=0.05)


def test_the_back_prints_no_frame_when_its_stroke_is_none(deck, tmp_path):
    """stroke: none on a plain back: no frame of ours (the back's ink would draw it); without it the
    frame is there, 0.6 mm, in the back's ink."""
    assert not [d for d in page_paths(deck, 3) if d.stroke == BACK_INK]
    framed = tmp_path / "framed"
    shutil.copytree(EXAMPLE, framed)
    yaml = (framed / "game.yaml").read_text().replace(", stroke: none}", "}")
    (framed / "game.yaml").write_text(yaml)
    frames = [d for d in page_paths(_build(framed, tmp_path / "out"), 3) if d.stroke == BACK_INK]
    assert len(frames) == 8 and frames[0].width_mm == pytest.approx(0.6, abs=0.01)


def test_a_card_fronts_stroke_is_still_refused(tmp_path, runner):
    folder = tmp_path / "crest"
    shutil.copytree(EXAMPLE, folder)
    yaml = (folder / "game.yaml").read_text().replace("      band: none", "      band: none\n      stroke: \"#000000\"")
    (folder / "game.yaml").write_text(yaml)
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert "stroke does not print on a card: a line along the cut prints on tiles" in result.output
    assert f"game.yaml:{line_of(folder, 'stroke: ' + chr(34))}" in result.output
