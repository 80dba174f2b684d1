"""Coordinates the way the source tool gave them (issue 37): ``units: px`` (at its ``dpi``) or ``in``,
from the layout's top-left corner with its ``origin`` (Squib's bleed), land where the same layout in
millimetres from the face's centre lands."""

from __future__ import annotations

import pytest

from tests.gamefolder import HEAD, line_of, validate, write_game

SQUIB = HEAD + """components:
  - id: cards
    name: Cards
    kind: card
    size: poker
    UNITS
    face:
      band: none
      elements:
        - {type: box, at_mm: AT, size_mm: SIZE, text: Hi, stroke: "#000000", width_mm: WIDTH}
    items: [{name: One, count: 1}]
"""


def _box(tmp_path, runner, units: str, at: str, size: str, width: str) -> dict:
    from generator.build.loading import load_game

    folder = write_game(tmp_path, SQUIB.replace("UNITS", units).replace("AT", at).replace("SIZE", size)
                        .replace("WIDTH", width))
    result = validate(runner, folder)
    assert result.exit_code == 0, result.output
    (item,) = load_game(folder).component("cards").items
    (box,) = item.face["elements"]
    return box


@pytest.mark.parametrize("units, at, size, width", [
    ("units: px\n    dpi: 300\n    origin: [37.5, 37.5]", "[112.5, 150]", "[600, 300]", "3"),
    ("units: in\n    origin: [0.125, 0.125]", "[0.375, 0.5]", "[2, 1]", "0.01"),
])
def test_a_squib_layout_lands_where_its_millimetres_do(tmp_path, runner, units, at, size, width):
    """Squib's 825 x 1125 px poker card at 300 dpi (bleed 37.5 px): a box at x 112.5, y 150 px is
    6.35 mm right of the cut's left edge and 9.525 mm below its top: from the 63.5 x 88.9 mm card's
    centre, (-25.4, -34.925) mm; 600 x 300 px is 50.8 x 25.4 mm; a 3 px line 0.254 mm. Inches alike."""
    box = _box(tmp_path, runner, units, at, size, width)
    assert box["at_mm"] == pytest.approx([-25.4, -34.925], abs=1e-6)
    assert box["size_mm"] == pytest.approx([50.8, 25.4], abs=1e-6)
    assert box["width_mm"] == pytest.approx(0.254, abs=1e-6)


def test_millimetres_stay_as_written(tmp_path, runner):
    box = _box(tmp_path, runner, "units: mm", "[-25.4, -34.925]", "[50.8, 25.4]", "0.254")
    assert box["at_mm"] == [-25.4, -34.925] and box["size_mm"] == [50.8, 25.4]


def test_a_template_in_a_pixel_number_is_refused_at_its_line(tmp_path, runner):
    folder = write_game(tmp_path, SQUIB.replace("UNITS", "units: px").replace("AT", '["{{ X }}", 150]')
                        .replace("SIZE", "[600, 300]").replace("WIDTH", "3"))
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert "at_mm: a {{ }} template is read in millimetres, after this component's units: px" in result.output
    assert f"game.yaml:{line_of(folder, 'type: box')}" in result.output


@pytest.mark.parametrize("dpi, said", [("red", "expected a number, not 'red'"), ("0", "must be at least 36, not 0"),
                                       ("true", "expected a number")])
def test_a_pixel_layout_with_a_dpi_that_is_not_a_number_is_refused_at_its_line(tmp_path, runner, dpi, said):
    """The pixels are turned into millimetres before the checks read the file: a dpi of 'red' ended
    validate in an internal error (format fuzz seed 1134, case 1163), 0 would divide by zero."""
    folder = write_game(tmp_path, SQUIB.replace("UNITS", f"units: px\n    dpi: {dpi}").replace("AT", "[112.5, 150]")
                        .replace("SIZE", "[600, 300]").replace("WIDTH", "3"))
    result = validate(runner, folder)
    assert result.exit_code == 1 and "internal error" not in result.output
    assert f"game.yaml:{line_of(folder, 'dpi:')}: components[1].dpi: {said}" in result.output, result.output


def test_units_on_a_sheet_are_refused(tmp_path, runner):
    folder = write_game(tmp_path, HEAD + """components:
  - id: rules
    name: Rules
    kind: sheet
    units: px
    sections: [{heading: A, text: B}]
""")
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert "units does not print on a sheet: units: px and in place the elements of cards" in result.output
