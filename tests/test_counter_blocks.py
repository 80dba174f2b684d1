"""Counter sheets the way their designers lay them out (issue 37): an item's ``group`` puts it in a
block of its own, headed, so two armies never mix on a row; a counter's factors print at one size
whatever its unit name does above them."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from tests.gamefolder import HEAD, line_of, validate, write_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "data" / "examples" / "counter_sheet"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    out = tmp_path_factory.mktemp("blocks")
    build_game(load_game(EXAMPLE), out, Options(papers=("a4",), formats=("pdf",)))
    return out / "counter_sheet" / "a4" / "counter_sheet-a4-duplex.pdf"


def test_the_units_print_in_one_block_a_nation_in_the_sheets_order():
    """units.csv's Nation column is mapped to group: 10 German counters, then 13 Soviet, each block
    its own rows (before: one block, the Soviet rifles on the Germans' last row)."""
    from generator.base.options import Options
    from generator.build.game import expand_generated
    from generator.build.loading import load_game
    from generator.layout.page import paper
    from generator.layout.plan import plan_documents

    game = load_game(EXAMPLE)
    (duplex,) = [d for d in plan_documents(game, expand_generated(game, 1), paper("a4"), Options()) if d.duplex]
    blocks = [(sheet.comp.name, sum(1 for look in sheet.looks if look is not None), {look.fill for look in sheet.looks
                                                                                     if look is not None})
              for job in duplex.pages for sheet, *_ in job.sheets if sheet.side == "front"]
    assert [(name, n) for name, n, _ in blocks] == [("Units: German", 10), ("Units: Soviet", 13)]
    assert all(len(fills) == 1 for _, _, fills in blocks)  # a nation's colour a block: no row mixes them


def test_the_contents_page_lists_each_block(built):
    text = " ".join(pdfium.PdfDocument(str(built))[0].get_textpage().get_text_range().split())
    assert "[ ] Units: German 10 16.0 x 16.0 mm" in text and "[ ] Units: Soviet 13 16.0 x 16.0 mm" in text


def _sizes_of(pdf: Path, page: int, word: str) -> set[float]:
    doc = pdfium.PdfDocument(str(pdf))
    text = doc[page].get_textpage()
    whole = text.get_text_range()
    out, start = set(), whole.find(word)
    while start >= 0:
        out.add(round(raw.FPDFText_GetFontSize(text.raw, start), 2))
        start = whole.find(word, start + 1)
    return out


def test_a_long_unit_name_leaves_the_factors_at_the_sheets_size(built):
    """'Heavy Cavalry' is too long for its 16 mm counter at 5.5 pt: the crowded face was set smaller
    as a whole, its factors 3-8 a fifth smaller than every other counter's; now all alike."""
    (cavalry,) = _sizes_of(built, 2, "3-8")
    others = _sizes_of(built, 2, "4-4") | _sizes_of(built, 2, "7-6") | _sizes_of(built, 2, "3-4")
    assert others == {cavalry}


def test_groups_given_in_yaml_make_blocks_and_an_item_without_one_keeps_the_components_name(tmp_path, runner):
    folder = write_game(tmp_path, HEAD + """components:
  - id: chits
    name: Chits
    kind: counter
    size_mm: 15
    items:
      - {name: A, count: 3, group: Red}
      - {name: B, count: 2}
      - {name: C, count: 4, group: Red}
""")
    assert validate(runner, folder).exit_code == 0
    from generator.build.loading import load_game
    from generator.layout.plan import grouped

    comp = load_game(folder).component("chits")
    assert [(c.name, c.count) for c in grouped(comp)] == [("Chits: Red", 7), ("Chits", 2)]


def test_a_value_disc_is_one_size_however_crowded_the_face(tmp_path, runner):
    """A crowded face is set smaller as a whole (k 0.88 ... 0.64) but its value disc, like its footer,
    keeps the size every piece of its size has."""
    from generator.build.loading import load_game
    from generator.components.look import resolve
    from generator.components.piece import layout

    folder = write_game(tmp_path, HEAD + """components:
  - id: chits
    name: Chits
    kind: counter
    size_mm: 16
    items:
      - {name: Short, count: 1, value: "3", subtitle: Foot, icon: sword}
      - {name: Long, count: 1, value: "3", subtitle: Heavy Cavalry of the Guard, icon: sword,
         text: "Moves twice when it attacks first"}
""")
    assert validate(runner, folder).exit_code == 0
    game = load_game(folder)
    comp = game.component("chits")
    plans = [layout(comp, resolve(game, item.face, item.colour), game) for item in comp.items]
    assert plans[0].badge_r == pytest.approx(plans[1].badge_r) == pytest.approx(1.6)


# -- the sheet dressed: its title and a colour zone behind each group (group_fill, sheet_title) --------

SCALE = 4.0  # pixels a point: 11.3 a mm


def _pixel(pdf: Path, page: int, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    image = pdfium.PdfDocument(str(pdf))[page].render(scale=SCALE).to_pil().convert("RGB")
    k = SCALE * 72 / 25.4
    return image.getpixel((round(x_mm * k), round(y_mm * k)))


def _close(rgb: tuple[int, int, int], hex_colour: str) -> bool:
    want = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= 3 for a, b in zip(rgb, want))


def _german_block(**options):
    from generator.base.options import Options
    from generator.build.game import expand_generated
    from generator.build.loading import load_game
    from generator.layout.page import paper
    from generator.layout.plan import plan_documents

    game = load_game(EXAMPLE)
    (duplex,) = [d for d in plan_documents(game, expand_generated(game, 1), paper("a4"), Options(**options))
                 if d.duplex]
    return next(sheet.grid for job in duplex.pages for sheet, *_ in job.sheets if sheet.comp.name == "Units: German")


def test_a_pale_zone_lies_behind_each_nations_block_front_and_back(built):
    """group_fill: {German: "#e9ecdf", Soviet: "#f6e0da"}. 2 mm left of the German block's bleed, at
    its row's middle, the fronts page shows the German zone; the backs page shows it at the mirrored
    place (a long-edge flip puts it behind the same counters); the page's margin stays white."""
    grid = _german_block()
    x = grid.x0 - grid.bleed - 2.0
    y = grid.y0 + grid.cell_h / 2
    assert _close(_pixel(built, 2, x, y), "#e9ecdf")
    assert _close(_pixel(built, 3, 210.0 - x, y), "#e9ecdf")
    assert _close(_pixel(built, 2, 3.0, y), "#ffffff")  # 3 mm from the paper's edge: no zone there


def test_the_sheet_title_prints_above_the_first_block(built):
    """sheet_title: "Kursk 1943: the counters", 14 pt bold at the top of the fronts page; every
    counter (and its heading) starts below the title's lowest point."""
    page = pdfium.PdfDocument(str(built))[2]
    text = page.get_textpage()
    whole = text.get_text_range()
    start = whole.find("Kursk 1943: the counters")
    assert start >= 0
    assert round(raw.FPDFText_GetFontSize(text.raw, start) * 72 / 25.4, 1) == 14.0  # the page draws in mm
    height_pt = page.get_height()
    title_bottom_mm = max((height_pt - text.get_charbox(start + i)[1]) * 25.4 / 72 for i in range(5))
    grid = _german_block()
    heading_top_mm = grid.y0 - grid.bleed - 3.0
    assert title_bottom_mm < heading_top_mm
    assert _close(_pixel(built, 2, grid.x0 + 1.0, grid.y0 + 1.0), "#9aa27e")  # the first counter is there
    assert "Kursk" not in pdfium.PdfDocument(str(built))[3].get_textpage().get_text_range()  # not on the backs


def test_group_fill_names_a_group_its_items_have(tmp_path, runner):
    folder = write_game(tmp_path, HEAD + """components:
  - id: chits
    name: Chits
    kind: counter
    size_mm: 15
    group_fill: {Red: "#f0d0d0", Blu: "#d0d0f0"}
    items:
      - {name: A, count: 3, group: Red}
      - {name: B, count: 2, group: Blue}
""")
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert f"game.yaml:{line_of(folder, 'group_fill')}: group_fill: no group 'Blu'; its items' groups are " \
           f"'Red', 'Blue'" in result.output


def test_sheet_title_on_a_board_is_refused(tmp_path, runner):
    folder = write_game(tmp_path, HEAD + """components:
  - id: mat
    name: Mat
    kind: board
    size_mm: [100, 80]
    sheet_title: Mats
""")
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert f"game.yaml:{line_of(folder, 'sheet_title')}: sheet_title prints on a sheet of pieces" in result.output


def test_a_gutter_fold_sheet_has_its_title_and_its_zone_on_both_halves(tmp_path):
    """--layout gutter-fold: the German counters' page carries the title, and the German zone lies
    behind the fronts (left half) and the mirrored backs (right half) alike."""
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    build_game(load_game(EXAMPLE), tmp_path, Options(papers=("a4",), formats=("pdf",), layout="gutter-fold"))
    pdf = tmp_path / "counter_sheet" / "a4" / "counter_sheet-a4-single.pdf"
    page = pdfium.PdfDocument(str(pdf))[1]
    text = page.get_textpage()
    whole = text.get_text_range()
    assert "Kursk 1943: the counters" in whole
    first = whole.find("1/12 Gren")
    left, _bottom, _right, top = text.get_charbox(first)
    y_mm = (page.get_height() - top) * 25.4 / 72 - 3.0  # just above the first counter's name: its face
    x_mm = left * 25.4 / 72 - 8.0  # left of the first counter's face, inside the zone's margin
    assert _close(_pixel(pdf, 1, x_mm, y_mm), "#e9ecdf")
    assert _close(_pixel(pdf, 1, 210.0 - x_mm, y_mm), "#e9ecdf")


def test_a_long_title_is_set_smaller_to_stay_left_of_the_gutter_fold(tmp_path, runner):
    """A title too wide for the fronts half of a gutter-fold page is set smaller, not run across the
    fold: its last letter ends left of the fold line (the page's middle), at between 6.5 and 14 pt.
    (40 x 80 mm cards: the fold runs down the middle, two columns of three a half.)"""
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    title = "Operation Citadel, July 1943: the northern and southern pincers"
    folder = write_game(tmp_path, HEAD + f"""components:
  - id: cards
    name: Cards
    kind: card
    size_mm: [40, 80]
    sheet_title: "{title}"
    items:
      - {{name: A, count: 6}}
    back: {{title: B}}
""")
    assert validate(runner, folder).exit_code == 0
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",), layout="gutter-fold"))
    page = pdfium.PdfDocument(str(tmp_path / "out" / "g" / "a4" / "g-a4-single.pdf"))[1]
    text = page.get_textpage()
    start = text.get_text_range().find(title)
    assert start >= 0
    size_pt = raw.FPDFText_GetFontSize(text.raw, start) * 72 / 25.4
    assert 6.5 <= round(size_pt, 2) < 14.0
    right_mm = text.get_charbox(start + len(title) - 1)[2] * 25.4 / 72
    assert right_mm < 105.0


def test_a_title_too_long_even_at_its_smallest_is_drawn_and_warned_of_at_its_line(tmp_path, runner):
    """A title too wide for the sheet even at 6.5 pt (over 200 characters across A4) is drawn, and the
    build says so at the sheet_title line with the widths, as for every text that does not fit; a
    title that fits once set smaller is not warned of."""
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    long_title = "The northern and southern pincers of Operation Citadel, " * 4
    body = """components:
  - id: cards
    name: Cards
    kind: card
    size_mm: [40, 80]
    sheet_title: "{title}"
    items:
      - {{name: A, count: 6}}
"""
    (tmp_path / "long").mkdir()
    folder = write_game(tmp_path / "long", HEAD + body.format(title=long_title.strip()))
    entry = build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    warned = [w for w in entry["warnings"] if "sheet title" in w]
    assert len(warned) == 1
    assert re.search(r"game\.yaml:7: warning: the sheet title is \d+ mm wide at 6\.5 pt, and a4 paper has "
                     r"\d+ mm for it: shorten it", warned[0]), warned
    (tmp_path / "fits").mkdir()
    folder = write_game(tmp_path / "fits", HEAD + body.format(title="Operation Citadel, July 1943: the northern "
                                                                    "and southern pincers, and the reserves"))
    entry = build_game(load_game(folder), tmp_path / "out2", Options(papers=("a4",), formats=("pdf",)))
    assert not [w for w in entry["warnings"] if "sheet title" in w]


def test_ink_saver_leaves_the_zones_out(tmp_path):
    """--ink-saver: where the German zone lies on the normal sheet, the page stays white."""
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    build_game(load_game(EXAMPLE), tmp_path, Options(papers=("a4",), formats=("pdf",), ink_saver=True))
    pdf = tmp_path / "counter_sheet" / "a4" / "counter_sheet-a4-duplex-inksaver.pdf"
    grid = _german_block(ink_saver=True)
    assert _close(_pixel(pdf, 2, grid.x0 - grid.bleed - 2.0, grid.y0 + grid.cell_h / 2), "#ffffff")
