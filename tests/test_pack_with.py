"""``pack_with``: a component packed right after the one it names (refused when it names none, or in a
loop), each packed block headed by its component's name, and the contents page saying when a thin
piece is turned on the sheet."""

from __future__ import annotations

import pytest
from gamefolder import HEAD, line_of, pdf_text, validate, write_game

PACKED = HEAD + """components:
  - id: coins
    name: Coins
    kind: token
    size_mm: 15
    items: [{name: Coin, count: 12}]
  - id: units
    name: Units
    kind: counter
    size_mm: 15
    items: [{name: Rifles, count: 30}]
  - id: marker
    name: Turn marker
    kind: token
    size_mm: 15
    pack_with: units
    items: [{name: Turn, count: 1}]
"""


def _pages_of(folder):
    from generator.build.game import Options
    from generator.build.loading import load_game
    from generator.layout.page import paper
    from generator.layout.plan import plan_documents

    game = load_game(folder)
    docs = plan_documents(game, game.components, paper("a4"), Options(papers=("a4",), formats=("pdf",)))
    return [[c.id for c in job.comps] for doc in docs for job in doc.pages]


def test_pack_with_puts_a_component_right_after_the_one_it_names(tmp_path):
    # without pack_with the marker (a token) would sit with the coins, tokens being kept together
    auto = _pages_of(write_game(tmp_path, PACKED.replace("    pack_with: units\n", "")))
    assert auto == [["coins", "marker", "units"]]
    chosen = _pages_of(write_game(tmp_path, PACKED))
    assert chosen == [["coins", "units", "marker"]]  # under the units it belongs with


def test_a_packed_block_is_headed_by_its_components_name(example_build):
    import pypdfium2

    pdf = example_build / "a4" / "pebble_pond-a4-single.pdf"
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            tp = doc[i].get_textpage()
            text = tp.get_text_range()
            if "First player marker" in text and "checklist" not in text:  # not the contents page
                break
        else:
            raise AssertionError("no page names the first player marker")
        page = doc[i]
        height = page.get_size()[1]
        start, count = tp.search("First player marker").get_next()
        label_bottom_mm = (height - tp.get_charbox(start)[1]) * 25.4 / 72
        image = page.render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    from tests.measure import box_of

    counter = box_of(image, "#f0c419", dpi=150)  # the marker's yellow
    pebble = box_of(image, "#009E73", tolerance=20, dpi=150)  # the frog tokens above it
    assert counter is not None and pebble is not None
    assert pebble.y1 < label_bottom_mm < counter.y0  # between the tokens and the marker it names
    assert counter.y0 - label_bottom_mm < 6.0


@pytest.mark.parametrize("value, message", [
    ("unitz", "pack_with: no component 'unitz' (did you mean 'units'?)"),
    ("marker", "pack_with names this component itself"),
    ("board", "pack_with shares sheets between pieces (tiles, tokens, counters, cards); 'board' is a board"),
    ("backed", "pack_with shares sheets between one-sided pieces; 'backed' has backs"),
])
def test_pack_with_a_wrong_component_is_refused_at_its_line(runner, tmp_path, value, message):
    extra = """  - id: board
    name: Board
    kind: board
    size_mm: [100, 100]
  - id: backed
    name: Backed
    kind: token
    size_mm: 15
    back: {fill: "#000000"}
    items: [{name: B, count: 1}]
"""
    folder = write_game(tmp_path, PACKED.replace("pack_with: units", f"pack_with: {value}") + extra)
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert f"game.yaml:{line_of(folder, 'pack_with:')}: {message}" in result.output


def test_pack_with_in_a_loop_is_refused(runner, tmp_path):
    folder = write_game(tmp_path, PACKED.replace("    kind: counter\n", "    kind: counter\n    pack_with: marker\n"))
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert "pack_with goes round in a loop (units -> marker -> units)" in result.output


def test_the_contents_page_says_a_thin_piece_is_turned_on_the_sheet(tmp_path):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    folder = write_game(tmp_path, HEAD + """components:
  - id: strips
    name: Strength strips
    kind: counter
    size_mm: [25, 6]
    items: [{name: Strip, count: 40}]
  - id: squares
    name: Squares
    kind: counter
    size_mm: 20
    items: [{name: Square, count: 4}]
""")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    contents = " ".join(pdf_text(tmp_path / "out" / "g" / "a4" / "g-a4-single.pdf")[0].split())
    assert "25.0 x 6.0 mm, turned on the sheet" in contents
    assert "20.0 x 20.0 mm 2" in contents  # the squares stand upright: nothing added (on page 2)


def test_pack_with_shares_the_sheet_even_where_that_saves_no_page(tmp_path):
    """Two full pages of counters: starting them under the tokens saves no page, so automatic
    packing gives them pages of their own; pack_with starts them under the tokens anyway."""
    from generator.build.loading import load_game
    from generator.layout.page import paper
    from generator.layout.pieces import default_bleed, plan_least_paper

    base = HEAD + """components:
  - {id: coins, name: Coins, kind: token, size_mm: 15, items: [{name: Coin, count: 5}]}
  - {id: units, name: Units, kind: counter, size_mm: 15, items: [{name: Rifles, count: COUNT}]}
"""
    probe = load_game(write_game(tmp_path, base.replace("COUNT", "1"))).component("units")
    full = plan_least_paper(probe, paper("a4"), default_bleed(probe), paper("a4").usable).per_page
    auto = _pages_of(write_game(tmp_path, base.replace("COUNT", str(2 * full))))
    assert auto[0] == ["coins"]
    chosen = _pages_of(write_game(tmp_path, base.replace("COUNT", str(2 * full)).replace(
        "kind: counter,", "kind: counter, pack_with: coins,")))
    assert chosen[0] == ["coins", "units"]
    # two components packed with the coins: both follow them onto their sheet
    both = base.replace("COUNT", str(2 * full)).replace("kind: counter,", "kind: counter, pack_with: coins,") + \
        "  - {id: marker, name: Marker, kind: token, size_mm: 15, pack_with: coins, items: [{name: M, count: 1}]}\n"
    assert _pages_of(write_game(tmp_path, both))[0] == ["coins", "marker", "units"]
