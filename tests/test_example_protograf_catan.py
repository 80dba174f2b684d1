"""A real protograf script ported from the docs alone (data/examples/protograf_catan): protograf's
examples/boards/commercial/catan.py, its HexHex rings as axial hexes, its number discs placed at
their hexes by id (at: {grid: land, hex: [q, r]}), no position in mm but the map's own. Measured on
the printed page: the sizes protograf's script gives."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

FOLDER = ROOT / "data" / "examples" / "protograf_catan"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    from generator.build import Options, build_game
    from generator.loading import load_game
    from tests.measure import render

    out = tmp_path_factory.mktemp("catan")
    game = load_game(FOLDER)
    build_game(game, out, Options(papers=("a4",), formats=("pdf",)))
    image, _ = render(out / game.id / "a4" / f"{game.id}-a4-single.pdf", 1)
    return image


def _box(image, colour):
    from tests.measure import box_of

    b = box_of(image, colour)
    assert b is not None, colour
    return b


def test_the_desert_is_a_3_cm_hex_in_the_middle_of_the_sea(page):
    desert, sea = _box(page, "#e6ad3a"), _box(page, "#05b3ef")
    # height=3: 3 cm across the flats, less the 0.7 mm silver outline's inner half on each side
    assert desert.y1 - desert.y0 == pytest.approx(30 - 0.7, abs=0.3)
    assert desert.x1 - desert.x0 == pytest.approx((30 - 0.7) * 2 / 3 ** 0.5, abs=0.6)  # flat: across the corners
    assert sea.x1 - sea.x0 == pytest.approx(180, abs=0.6)  # the pointy sea, 18 cm across its flats
    assert sea.y1 - sea.y0 == pytest.approx(207.85, abs=0.6)
    assert (desert.x0 + desert.x1) / 2 == pytest.approx((sea.x0 + sea.x1) / 2, abs=0.3)
    assert (desert.y0 + desert.y1) / 2 == pytest.approx((sea.y0 + sea.y1) / 2, abs=0.3)


def test_the_first_ring_goes_clockwise_from_the_forest_above_the_desert(page):
    """ring 1 = [forest, hill, pasture, forest, wheat, mountn]: the only hill of ring 1 sits up and to
    the right of the desert, 30 mm away centre to centre."""
    from tests.measure import DPI, box_of

    desert = _box(page, "#e6ad3a")
    cx, cy = (desert.x0 + desert.x1) / 2, (desert.y0 + desert.y1) / 2
    # the ring's hill alone: ring-1 hexes above and right of the desert's middle (ring 2 has hills too)
    ring = page.crop(tuple(round(v * DPI / 25.4) for v in (cx - 5, cy - 29, cx + 45, cy - 1)))
    hill = box_of(ring, "#f17b1d")
    assert hill is not None
    hx, hy = cx - 5 + (hill.x0 + hill.x1) / 2, cy - 29 + (hill.y0 + hill.y1) / 2
    assert (hx - cx, hy - cy) == (pytest.approx(25.98, abs=1), pytest.approx(-15, abs=1))


def test_every_number_is_a_disc_13_mm_across_on_a_land_hex_and_placed_by_hex_id(page):
    text = (FOLDER / "game.yaml").read_text()
    assert text.count("at_mm") == 2  # the sea and the map: every disc sits at a hex by its id
    assert len(re.findall(r"at: \{grid: land, hex: \[", text)) == 18
    # the discs (pale yellow, nowhere else on the board): the 18 of them span the map's width
    discs = _box(page, "#ffe19b")
    assert discs.x1 - discs.x0 == pytest.approx(4 * 25.98 + 13.2, abs=1)
