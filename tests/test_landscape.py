"""Landscape pages (issue 22, section 3): `--orientation landscape` on build turns every page on its side,
and `orientation: landscape | portrait` on a board or sheet gives its pages their own way up, so one
component's sheets may be landscape while the rest stay portrait. Page sizes are read from the PDF."""

from __future__ import annotations

import pytest
from gamefolder import HEAD, line_of, validate, write_game

from generator.cli.commands import cli

GAME = HEAD + """components:
  - id: wide
    name: Wide board
    kind: board
    orientation: landscape
    size_mm: [260, 170]
    elements:
      - {type: box, at_mm: [10, 10], size_mm: [240, 150], fill: "#3366cc", radius_mm: 0}
  - id: tall
    name: Tall board
    kind: board
    size_mm: [170, 250]
    elements:
      - {type: box, at_mm: [10, 10], size_mm: [150, 230], fill: "#cc3333"}
  - id: rules
    name: Rules
    kind: sheet
    orientation: landscape
    sections: [{heading: Play, text: "Roll and move."}]
"""


def _sizes(pdf) -> list[tuple[int, int]]:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        return [tuple(round(v * 25.4 / 72) for v in doc[i].get_size()) for i in range(len(doc))]
    finally:
        doc.close()


def _build(runner, folder, out, *extra: str):
    result = runner.invoke(cli, ["build", str(folder), "--paper", "a4", "--format", "pdf", "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return out / "g" / "a4" / "g-a4-single.pdf"


def test_a_board_and_a_sheet_may_print_landscape_while_the_rest_stay_portrait(runner, tmp_path):
    from tests.measure import box_of, render

    pdf = _build(runner, write_game(tmp_path, GAME), tmp_path / "out")
    # contents, the wide board, the tall board, the rules
    assert _sizes(pdf) == [(210, 297), (297, 210), (210, 297), (297, 210)]
    image, _ = render(pdf, 1, dpi=100)
    board = box_of(image, "#3366cc", dpi=100)
    assert board is not None  # upright on its landscape page: wider than tall, as drawn
    assert board.width == pytest.approx(240, abs=1) and board.height == pytest.approx(150, abs=1)


def test_orientation_landscape_on_build_turns_every_page_but_a_portrait_boards(runner, tmp_path):
    text = GAME.replace("    name: Tall board\n    kind: board\n", "    name: Tall board\n    kind: board\n"
                                                                     "    orientation: portrait\n")
    pdf = _build(runner, write_game(tmp_path, text), tmp_path / "out", "--orientation", "landscape")
    assert _sizes(pdf) == [(297, 210), (297, 210), (210, 297), (297, 210)]


def test_landscape_backs_of_a_long_edge_flip_mirror_top_and_bottom(runner, tmp_path):
    from tests.measure import box_of, render

    folder = write_game(tmp_path, HEAD + """components:
  - id: chits
    name: Chits
    kind: counter
    size_mm: 20
    face: {fill: "#cc3333"}
    back: {fill: "#3366cc"}
    items: [{name: A, count: 3}]
""")
    out = tmp_path / "out"
    _build(runner, folder, out, "--orientation", "landscape")
    pdf = out / "g" / "a4" / "g-a4-duplex.pdf"
    sizes = _sizes(pdf)
    assert set(sizes) == {(297, 210)}
    fronts_at = next(i for i in range(len(sizes)) if box_of(render(pdf, i, dpi=100)[0], "#cc3333", dpi=100))
    fronts = box_of(render(pdf, fronts_at, dpi=100)[0], "#cc3333", dpi=100)
    backs = box_of(render(pdf, fronts_at + 1, dpi=100)[0], "#3366cc", dpi=100)
    assert fronts is not None and backs is not None
    # the sheet turns over its long edge, which runs across a landscape page: the backs are the fronts
    # mirrored top to bottom, at the same left and right
    assert backs.x0 == pytest.approx(fronts.x0, abs=0.5)
    assert backs.y0 == pytest.approx(210 - fronts.y1, abs=0.5)


@pytest.mark.parametrize("kind, value, message", [
    ("counter", "landscape", "orientation: landscape is for the pages of a board or sheet (for landscape pages "
                             "of every kind: build --orientation landscape)"),
    ("board", "pointy", "orientation: pointy is for hex tiles; a board's pages are portrait or landscape"),
])
def test_an_orientation_of_the_wrong_kind_is_refused_at_its_line(runner, tmp_path, kind, value, message):
    size = "size_mm: 20\n    items: [{name: A, count: 1}]" if kind == "counter" else "size_mm: [100, 100]"
    folder = write_game(tmp_path, HEAD + f"""components:
  - id: c
    name: C
    kind: {kind}
    orientation: {value}
    {size}
""")
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert f"game.yaml:{line_of(folder, 'orientation:')}: {message}" in result.output
