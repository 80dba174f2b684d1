"""What a player measures with a ruler on the printed page."""

from __future__ import annotations

import json

import pytest
from measure import DPI, box_of, ink_box, page_count, render

TOL_MM = 0.1


def _pdf(build_dir, paper="a4", doc="duplex"):
    return build_dir / paper / f"{build_dir.name}-{paper}-{doc}.pdf"


def test_a_1_inch_hex_is_25_4_mm_across_the_flats(example_build):
    # page 1 contents, page 2 printing notes, page 3 the first fronts page; the rock is pure red
    image, _ = render(_pdf(example_build), 2)
    rock = box_of(image, "#ff0000")
    assert rock is not None
    # the printed cut line (0.15 mm, centred on the true outline) covers the rock's edge: measure
    # from line centre to line centre, across the flats through the middle and corner to corner
    cx, cy = rock.centre
    top = _line_centre(image, cx, rock.y0 - 1, cx, rock.y0 + 1)
    bottom = _line_centre(image, cx, rock.y1 - 1, cx, rock.y1 + 1)
    left = _line_centre(image, rock.x0 - 1, cy, rock.x0 + 1, cy)
    right = _line_centre(image, rock.x1 - 1, cy, rock.x1 + 1, cy)
    assert bottom - top == pytest.approx(25.4, abs=TOL_MM)          # flat top: flats are vertical
    assert right - left == pytest.approx(25.4 * 2 / 3 ** 0.5, abs=TOL_MM)  # corner to corner 29.33 mm
    # the colour runs to the line: its box is counted in whole pixels, and the anti-aliased pixel at
    # each edge, under the line, may fall out of the colour's tolerance (a pixel, 0.064 mm, more
    # where the hex sits between pixels: 25.15 mm with the block 3 mm lower under its heading)
    assert rock.height == pytest.approx(25.4 - 0.15, abs=TOL_MM + 25.4 / DPI)


def _line_centre(image, x0, y0, x1, y1, dpi=400):
    """Centre (mm, along the scan) of the dark cut-line pixels on a short horizontal or vertical scan."""
    k = dpi / 25.4
    steps = int(max(abs(x1 - x0), abs(y1 - y0)) * k)
    hits = []
    for i in range(steps + 1):
        x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        if max(image.getpixel((int(x * k), int(y * k)))) < 90:
            hits.append(x if x1 != x0 else y)
    assert hits, "no cut line on the scan"
    return (min(hits) + max(hits)) / 2


def test_a_half_inch_token_is_12_7_mm_across(tmp_path):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    game = tmp_path / "tok"
    game.mkdir()
    (game / "game.yaml").write_text(
        "game: {id: tok, title: Tok, author: A, licence: CC0, source: test, players: [1, 2]}\n"
        "components:\n"
        "  - {id: t, name: T, kind: token, size_in: 0.5, bleed_mm: 0,\n"
        "     items: [{count: 1, fill: '#0000ff'}]}\n")
    build_game(load_game(game), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    image, _ = render(tmp_path / "out" / "tok" / "a4" / "tok-a4-single.pdf", 1)
    token = box_of(image, "#0000ff")
    cx, cy = token.centre  # the printed cut line, 0.15 mm, is centred on the true outline
    d = 0.4  # the quarter-point ticks start 0.6 mm outside the cut
    assert (_line_centre(image, token.x1 - d, cy, token.x1 + d, cy)
            - _line_centre(image, token.x0 - d, cy, token.x0 + d, cy)) == pytest.approx(12.7, abs=TOL_MM)
    assert (_line_centre(image, cx, token.y1 - d, cx, token.y1 + d)
            - _line_centre(image, cx, token.y0 - d, cx, token.y0 + d)) == pytest.approx(12.7, abs=TOL_MM)
    assert token.width == pytest.approx(12.7 - 0.15, abs=TOL_MM)  # the colour runs to the line


def test_a_board_just_too_large_for_a_whole_page_prints_as_one_piece_without_an_assembly_page(tmp_path):
    """195 x 270 mm leaves no room on A4 for a whole page's bleed and crop marks: it is tiled, into one
    piece, so it prints on one sheet at its true size with no assembly page and no joining notes."""
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    game = tmp_path / "mat"
    game.mkdir()
    (game / "game.yaml").write_text(
        "game: {id: mat, title: Mat, author: A, licence: CC0, source: test, players: [1, 2]}\n"
        "components:\n"
        "  - {id: m, name: Field, kind: board, size_mm: [195, 270], face: {fill: '#00ff00'}}\n")
    build_game(load_game(game), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    pdf = tmp_path / "out" / "mat" / "a4" / "mat-a4-single.pdf"
    assert page_count(pdf) == 2  # the cover and the board
    import pypdfium2

    text = pypdfium2.PdfDocument(pdf)[1].get_textpage().get_text_range()
    assert "Field: cut along the board's edge" in text and "assembly" not in text and "glue" not in text
    image, _ = render(pdf, 1, dpi=600)
    field = box_of(image, "#00ff00", dpi=600)
    assert field.width == pytest.approx(195, abs=TOL_MM) and field.height == pytest.approx(270, abs=TOL_MM)


def test_every_back_lands_behind_its_own_front_under_long_edge_flip(example_build):
    fronts, (page_w, _) = render(_pdf(example_build), 2)
    backs, _ = render(_pdf(example_build), 3)
    # the rock (red front) has a green back; water (blue-ish terrain) has pure-blue backs
    front = box_of(fronts, "#ff0000").centre
    back = box_of(backs, "#00ff00").centre
    assert back[0] == pytest.approx(page_w - front[0], abs=0.2)
    assert back[1] == pytest.approx(front[1], abs=0.2)


def test_lords_of_war_hex_tile_measures_25_4_mm_plus_bleed(low_build):
    image, _ = render(_pdf(low_build), 2)
    # the one volcano tile heads a strip of hexes stacked flat edge to flat edge: its art runs 3 mm
    # past its top edge and stops exactly at the edge it shares with the lake below
    volcano = box_of(image, "#7a2e1f")
    assert volcano.height - 3.0 == pytest.approx(25.4, abs=TOL_MM)
    assert volcano.width == pytest.approx(25.4 * 2 / 3 ** 0.5 + 2 * 3.0 * 2 / 3 ** 0.5, abs=TOL_MM)


def test_hexes_stand_in_strips_that_share_edges(low_build):
    image, _ = render(_pdf(low_build), 2)
    volcano, lake = box_of(image, "#7a2e1f"), box_of(image.crop((0, 0, 600, 1200)), "#7fb8e6")
    # the lake right under the volcano starts where the volcano stops: one straight cut between them
    assert lake.y0 == pytest.approx(volcano.y1, abs=0.15)


def test_pages_are_a4_and_letter_sized(tmp_path):
    from conftest import EXAMPLE

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    build_game(load_game(EXAMPLE), tmp_path, Options(papers=("a4", "letter"), formats=("pdf",)))
    _, a4 = render(tmp_path / "pebble_pond" / "a4" / "pebble_pond-a4-single.pdf", 0, dpi=20)
    _, letter = render(tmp_path / "pebble_pond" / "letter" / "pebble_pond-letter-single.pdf", 0, dpi=20)
    assert a4 == pytest.approx((210.0, 297.0), abs=0.05)
    assert letter == pytest.approx((215.9, 279.4), abs=0.05)


def test_nothing_is_printed_within_7_mm_of_the_edge(example_build):
    for doc in ("duplex", "single"):
        pdf = _pdf(example_build, doc=doc)
        for index in range(page_count(pdf)):
            image, (w, h) = render(pdf, index, dpi=100)
            ink = ink_box(image, 100)
            if ink is None:
                continue
            assert ink.x0 >= 7.0 - 0.3 and ink.y0 >= 7.0 - 0.3, (doc, index, ink)
            assert ink.x1 <= w - 7.0 + 0.3 and ink.y1 <= h - 7.0 + 0.3, (doc, index, ink)


def test_the_scale_bar_is_50_mm(example_build):
    image, _ = render(_pdf(example_build, doc="single"), 1)
    # the bar is black and white 10 mm steps along the bottom margin; find its black extent
    strip = image.crop((0, int((297 - 12) / 25.4 * 400), image.width, int((297 - 7) / 25.4 * 400)))
    bar = box_of(strip, "#000000", tolerance=40)
    assert bar.x0 == pytest.approx(7.0, abs=0.2)
    # black steps at 0-10, 20-30, 40-50 mm and a thin outline: the black run ends at 50 mm
    assert bar.x1 - bar.x0 >= 50.0 - 0.2


def test_pdf_pages_carry_trim_and_bleed_boxes(example_build):
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(_pdf(example_build)))
    page = doc[2]
    trim = page.get_trimbox()
    bleed = page.get_bleedbox()
    assert trim != page.get_mediabox()
    assert bleed[0] <= trim[0] and bleed[2] >= trim[2]
    page.close()
    doc.close()


def test_manifest_lists_each_component_its_count_and_pages(example_build):
    manifest = json.loads((example_build / "manifest.json").read_text())
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    assert counts == {"pond-tiles": 11, "pebbles": 10, "lily-cards": 5, "first-player": 1, "score-board": 1,
                      "rules": 1}
    docs = {d["file"]: d for d in manifest["documents"]}
    single = docs["a4/pebble_pond-a4-single.pdf"]["component_pages"]
    assert single["first-player"] == single["pebbles"] == [2]  # pack_with: under the tokens, one sheet
    duplex = docs["a4/pebble_pond-a4-duplex.pdf"]
    assert duplex["component_pages"]["pond-tiles"] == [3, 4]
    assert duplex["pages"] == page_count(example_build / "a4" / "pebble_pond-a4-duplex.pdf")


def test_svg_pages_are_sized_in_mm_with_a_matching_viewbox(example_build):
    svg = sorted((example_build / "a4" / "svg").glob("*.svg"))[0].read_text()
    assert 'width="210mm"' in svg and 'height="297mm"' in svg and 'viewBox="0 0 210 297"' in svg


def test_every_sheet_names_game_component_and_sheet_number(low_build):
    import pypdfium2

    for pdf in sorted((low_build / "a4").glob("*.pdf")):
        doc = pypdfium2.PdfDocument(str(pdf))
        try:
            for index in range(len(doc)):
                text = doc[index].get_textpage().get_text_range()
                assert "Print at 100%" in text, (pdf.name, index)
                assert "Lords of War \u00b7" in text and " of " in text, (pdf.name, index, text[-200:])
        finally:
            doc.close()


@pytest.mark.parametrize("game_id", ["farlander", "thrones", "ktech"])
def test_other_kits_label_every_sheet_too(tmp_path, game_id):
    import pypdfium2

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from generator.model import resolve_game

    game = load_game(resolve_game(game_id))
    build_game(game, tmp_path, Options(papers=("letter",), formats=("pdf",)))
    short = game.meta.get("short") or game.title
    for pdf in sorted((tmp_path / game.id / "letter").glob("*.pdf")):
        doc = pypdfium2.PdfDocument(str(pdf))
        try:
            for index in range(len(doc)):
                text = doc[index].get_textpage().get_text_range()
                assert "Print at 100%" in text and f"{short} \u00b7" in text and "sheet " in text, (pdf.name, index)
        finally:
            doc.close()
