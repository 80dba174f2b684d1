"""An island of hexes as protograf draws one (data/examples/hex_island, our own map, written from the
docs alone): a HexHex's rings as axial hexes, a sea behind them, number discs placed at their hexes by
id (at: {grid: land, hex: [q, r]}), no position in mm but the map's own. Measured on the printed
page: the sizes the data gives."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

FOLDER = ROOT / "data" / "examples" / "hex_island"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from tests.measure import render

    out = tmp_path_factory.mktemp("island")
    game = load_game(FOLDER)
    build_game(game, out, Options(papers=("a4",), formats=("pdf",)))
    image, _ = render(out / game.id / "a4" / f"{game.id}-a4-single.pdf", 1)
    return image


def _box(image, colour):
    from tests.measure import box_of

    b = box_of(image, colour)
    assert b is not None, colour
    return b


def test_the_ash_field_is_a_3_cm_hex_in_the_middle_of_the_sea(page):
    ash, sea = _box(page, "#e6ad3a"), _box(page, "#05b3ef")
    # 3 cm across the flats, less the 0.7 mm silver outline's inner half on each side
    assert ash.y1 - ash.y0 == pytest.approx(30 - 0.7, abs=0.3)
    assert ash.x1 - ash.x0 == pytest.approx((30 - 0.7) * 2 / 3 ** 0.5, abs=0.6)  # flat: across the corners
    assert sea.x1 - sea.x0 == pytest.approx(180, abs=0.6)  # the pointy sea, 18 cm across its flats
    assert sea.y1 - sea.y0 == pytest.approx(207.85, abs=0.6)
    assert (ash.x0 + ash.x1) / 2 == pytest.approx((sea.x0 + sea.x1) / 2, abs=0.3)
    assert (ash.y0 + ash.y1) / 2 == pytest.approx((sea.y0 + sea.y1) / 2, abs=0.3)


def test_the_first_ring_goes_clockwise_from_the_pines_above_the_ash_field(page):
    """ring 1 = [pine, clay, meadow, orchard, crag, pine]: the only clay pit of ring 1 sits up and to
    the right of the ash field, 30 mm away centre to centre."""
    from tests.measure import DPI, box_of

    ash = _box(page, "#e6ad3a")
    cx, cy = (ash.x0 + ash.x1) / 2, (ash.y0 + ash.y1) / 2
    # the ring's clay pit alone: ring-1 hexes above and right of the centre's middle (ring 2 has clay too)
    ring = page.crop(tuple(round(v * DPI / 25.4) for v in (cx - 5, cy - 29, cx + 45, cy - 1)))
    clay = box_of(ring, "#f17b1d")
    assert clay is not None
    hx, hy = cx - 5 + (clay.x0 + clay.x1) / 2, cy - 29 + (clay.y0 + clay.y1) / 2
    assert (hx - cx, hy - cy) == (pytest.approx(25.98, abs=1), pytest.approx(-15, abs=1))


def test_every_number_is_a_disc_13_mm_across_on_a_land_hex_and_placed_by_hex_id(page):
    text = (FOLDER / "game.yaml").read_text()
    assert text.count("at_mm") == 2  # the sea and the map: every disc sits at a hex by its id
    assert len(re.findall(r"at: \{grid: land, hex: \[", text)) == 18
    # the discs (pale yellow, nowhere else on the board): the 18 of them span the map's width
    discs = _box(page, "#ffe19b")
    assert discs.x1 - discs.x0 == pytest.approx(4 * 25.98 + 13.2, abs=1)
