"""The second example game, docs/example-wargame ("Ebenau Crossing"): a hex-and-counter wargame built
from YAML and two spreadsheets, with no Python. Built once and measured in the PDF."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT
from tests.measure import box_of, render

WARGAME = ROOT / "docs" / "example-wargame"
HEX_MM = 0.75 * 25.4
RIVER = "#1f6fc5"


@pytest.fixture(scope="module")
def wargame_build(tmp_path_factory):
    from generator.build.game import Options, build_game, write_manifest
    from generator.build.loading import load_game

    out = tmp_path_factory.mktemp("wargame")
    entry = build_game(load_game(WARGAME), out, Options(papers=("a4",), formats=("pdf",)))
    write_manifest(out, [entry])
    return out / "ebenau_crossing"


def _pages(pdf):
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def _map_page(build):
    pdf = build / "a4" / "ebenau_crossing-a4-single.pdf"
    for i, text in enumerate(_pages(pdf)):
        if "Ebenau Crossing, 1809" in text:
            return pdf, i, text
    raise AssertionError("no map page")


def _text_box(pdf, index, needle):
    """Where ``needle`` is printed on a page, in mm from the top-left."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        page = doc[index]
        _, height = page.get_size()
        tp = page.get_textpage()
        searcher = tp.search(needle, match_whole_word=True)
        found = searcher.get_next()
        assert found, f"{needle!r} is not printed"
        start, count = found
        boxes = [tp.get_charbox(start + k) for k in range(count)]
        k = 25.4 / 72
        return (min(b[0] for b in boxes) * k, (height - max(b[3] for b in boxes)) * k,
                max(b[2] for b in boxes) * k, (height - min(b[1] for b in boxes)) * k)
    finally:
        doc.close()


def test_the_wargame_validates_and_lists_its_parts(runner):
    from generator.cli.commands import cli

    result = runner.invoke(cli, ["validate", str(WARGAME)])
    assert result.exit_code == 0, result.output
    assert "5 components" in result.output


def test_every_hex_prints_its_ccrr_number_as_text(wargame_build):
    pdf, _, text = _map_page(wargame_build)
    words = set(text.split())
    wanted = {f"{c:02d}{r:02d}" for c in range(1, 11) for r in range(1, 10)}
    assert wanted <= words, sorted(wanted - words)[:5]


def test_ccrr_numbers_sit_at_the_top_of_their_hex_and_columns_step_one_hex_apart(wargame_build):
    pdf, index, _ = _map_page(wargame_build)
    a = _text_box(pdf, index, "0101")
    below = _text_box(pdf, index, "0102")
    right = _text_box(pdf, index, "0201")
    # 0102 is one hex (19.05 mm across the flats) below 0101; 0201 is 3/4 of a hex's width to the
    # right and half a hex lower (flat-topped columns, even columns lower, as wargame maps do)
    assert below[1] - a[1] == pytest.approx(HEX_MM, abs=0.3)
    assert right[0] - a[0] == pytest.approx(HEX_MM / 3 ** 0.5 * 1.5, abs=0.5)
    assert right[1] - a[1] == pytest.approx(HEX_MM / 2, abs=0.3)
    assert (a[3] - a[1]) < 2.5  # small: 6 pt numbers


def test_the_river_runs_along_the_hexsides_between_columns_05_and_06(wargame_build):
    pdf, index, _ = _map_page(wargame_build)
    image, _ = render(pdf, index, dpi=150)
    chart = _text_box(pdf, index, "Terrain effects")  # the chart's river swatch is below the map
    image = image.crop((0, 0, image.width, int(chart[1] / 25.4 * 150)))
    river = box_of(image, RIVER, tolerance=20, dpi=150)
    assert river is not None, "no river drawn"
    left = _text_box(pdf, index, "0501")
    right = _text_box(pdf, index, "0601")
    top = _text_box(pdf, index, "0101")
    assert left[2] < river.centre[0] < right[0]  # between the two columns' numbers
    assert river.width < HEX_MM / 2  # a zigzag along the sides, not across hexes
    # 17 hexsides from the top of 0501/0601 to the bottom of 0509/0609: 8.5 hexes and a bit
    assert 8.5 * HEX_MM < river.height < 9.5 * HEX_MM
    assert river.y0 > top[1] - 1.5


def test_the_cards_and_counters_come_from_the_spreadsheets(wargame_build):
    manifest = json.loads((wargame_build / "manifest.json").read_text())
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    assert counts["event-cards"] == 2 + 1 + 2 + 2 + 1  # events.csv's count column
    assert counts["blue-units"] == 6 and counts["red-units"] == 6
    duplex = "\n".join(_pages(wargame_build / "a4" / "ebenau_crossing-a4-duplex.pdf"))
    for name in ("Forced March", "Bridge Blown", "Ammunition Low", "1/Rgt 3", "G/Rgt 3", "1/Gren", "How"):
        assert name in duplex


def _swatch(image, pdf, index, name, dpi):
    """The pixels of the swatch printed left of ``name`` in the terrain chart (a PIL image)."""
    x0, y0, x1, y1 = _text_box(pdf, index, name)
    k = dpi / 25.4
    return image.crop((int((x0 - 8.0) * k), int((y0 - 0.3) * k), int((x0 - 1.3) * k), int((y1 + 0.3) * k)))


def _colours(img, tolerance=12):
    """The colours covering at least 3% of the picture, as (r, g, b)."""
    counts = img.getcolors(img.width * img.height)
    return [c for n, c in counts if n >= 0.03 * img.width * img.height]


def _near(colours, hex_colour, tol=14):
    want = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    return any(all(abs(a - b) <= tol for a, b in zip(c, want)) for c in colours)


def test_the_terrain_chart_shows_each_terrains_fill_and_pattern_as_the_map_prints_them(wargame_build):
    from generator.art.colour import mix

    pdf, index, text = _map_page(wargame_build)
    for word in ("Terrain effects", "Move cost", "Woods", "Hills", "Marsh", "River", "Road", "1/2 along it"):
        assert word in text
    dpi = 300
    image, _ = render(pdf, index, dpi=dpi)
    for name, key in (("Woods", "woods"), ("Hills", "hills"), ("Town", "town"), ("Marsh", "marsh")):
        terrain = {"woods": ("#7fb069", "dots"), "hills": ("#d8b47a", "triangles"),
                   "town": ("#b8b0a4", "bricks"), "marsh": ("#93c2bb", "waves")}[key]
        colours = _colours(_swatch(image, pdf, index, name, dpi))
        assert _near(colours, terrain[0]), (name, colours)  # the fill
        assert _near(colours, mix(terrain[0], "#000000", 0.28), tol=30), (name, colours)  # the pattern's lines
    clear = _colours(_swatch(image, pdf, index, "Clear", dpi))
    assert _near(clear, "#eef0d8") and not _near(clear, mix("#eef0d8", "#000000", 0.28), tol=30)  # no pattern
    river = _colours(_swatch(image, pdf, index, "River", dpi))
    assert _near(river, RIVER, tol=20) and _near(river, "#eef0d8")  # the river's line on the clear ground


def test_a_terrain_chart_row_must_name_a_terrain_or_feature(tmp_path):
    from generator.base.errors import DataErrors
    from generator.build.loading import load_game

    (tmp_path / "game.yaml").write_text((WARGAME / "game.yaml").read_text().replace(
        '- [marsh, "3", "-"]', '- [swamp, "3", "-"]'))
    for other in ("oob.csv", "red-oob.csv", "events.csv"):
        (tmp_path / other).write_text((WARGAME / other).read_text())
    import shutil
    shutil.copytree(WARGAME / "art", tmp_path / "art")
    shutil.copytree(WARGAME / "fonts", tmp_path / "fonts")
    with pytest.raises(DataErrors) as err:
        load_game(tmp_path)
    line = (tmp_path / "game.yaml").read_text().splitlines().index('          - [swamp, "3", "-"]') + 1
    assert f"game.yaml:{line}: row 5 of this terrain chart starts with 'swamp'" in str(err.value)
    assert "clear, hills, marsh, town, woods" in str(err.value)
