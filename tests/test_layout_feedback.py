"""Layout feedback a designer gets from validate (issue 37): what only drawing finds is said by
validate as by build, and a warning names the element as written as well as the row it was made for."""

from __future__ import annotations

from tests.gamefolder import HEAD, line_of, validate, write_game

DECK = HEAD + """components:
  - id: cards
    name: Cards
    kind: card
    size: poker
    face:
      elements:
        - {type: box, at_mm: [-25, 0], size_mm: [50, 8], text: "{{ Rules }}", min_pt: 8}
    items_from: {file: cards.csv, columns: {Qty: count}}
"""
CSV = "Name,Rules,Qty\nA,A very long rule text that will certainly not fit into a tiny box of eight mm,1\nB,Short,1\n"


def test_validate_says_a_boxs_text_does_not_fit_naming_its_row_and_the_element(tmp_path, runner):
    folder = write_game(tmp_path, DECK, {"cards.csv": CSV})
    result = validate(runner, folder)
    assert result.exit_code == 0, result.output
    warning = next(line for line in result.output.splitlines() if "warning:" in line)
    assert warning.startswith("cards.csv:2 (from ")  # the row, then the element as written
    assert f"game.yaml:{line_of(folder, 'type: box')}): warning: the text of this box element does not fit it " \
           f"at 8 pt (min_pt)" in warning
    assert "cards.csv:3" not in result.output  # "Short" fits
    assert "1 warning" in result.output


def test_build_says_it_once(tmp_path, runner):
    from generator.cli.commands import cli

    folder = write_game(tmp_path, DECK, {"cards.csv": CSV})
    result = runner.invoke(cli, ["build", str(folder), "--format", "pdf", "--paper", "a4", "--out",
                                 str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert result.output.count("does not fit it at 8 pt") == 1


BOARD = HEAD + """components:
  - id: board
    name: Board
    kind: board
    size_mm: [150, 100]
    elements:
      - {type: track, at_mm: [10, 10], cells: 10, cell_mm: 12}
      - {type: box, at_mm: OTHER, size_mm: [40, 30], text: Key}
      - {type: box, at_mm: [100, 50], size_mm: [40, 40], fill: "#eeeeee"}
      - {type: box, at_mm: [110, 60], size_mm: [10, 10], text: inside}
"""


def test_a_box_partly_over_a_track_is_said_one_inside_another_is_not(tmp_path, runner):
    """The track runs 120 x 12 mm from (10, 10); a box at (50, 15) covers 40 x 7 mm of it: said at the
    box's line, naming the track's. The small box wholly inside the grey panel is meant: not said."""
    folder = write_game(tmp_path, BOARD.replace("OTHER", "[50, 15]"))
    result = validate(runner, folder)
    assert result.exit_code == 0, result.output
    line = line_of(folder, "text: Key")
    assert (f"game.yaml:{line}: warning: this box (x 50 to 90 mm, y 15 to 45 mm) lies 40.0 x 7.0 mm over the "
            f"track at line {line_of(folder, 'type: track')} (x 10 to 130 mm, y 10 to 22 mm)") in result.output
    assert "1 warning" in result.output
    (tmp_path / "apart").mkdir()
    apart = write_game(tmp_path / "apart", BOARD.replace("OTHER", "[50, 40]"))  # clear of the track
    assert "warning" not in validate(runner, apart).output


LAST = HEAD + """components:
  - id: board
    name: Board
    kind: board
    size_mm: [150, 100]
    elements:
      - {type: box, at_mm: [20, 20], size_mm: [20, 10], text: Cost}
      - {type: text, at_mm: [30, 50], text: Rules}
      - {type: box, at_mm: [10, 10], size_mm: [100, 60], fill: PANEL}
"""


def test_a_filled_box_listed_after_what_lies_under_it_is_said_to_hide_it(tmp_path, runner):
    """Elements are drawn in the order listed: a grey panel listed last covers the cost box and the
    rules text inside it (nothing of them prints). Said once, at the panel. A panel without a fill
    (a frame), see-through, shown only by when:, or listed first is as meant."""
    folder = write_game(tmp_path, LAST.replace("PANEL", '"#dddddd"'))
    result = validate(runner, folder)
    assert result.exit_code == 0, result.output
    assert (f"game.yaml:{line_of(folder, 'size_mm: [100, 60]')}: warning: this box (x 10 to 110 mm, y 10 to 70 "
            "mm) is filled and drawn over the box (x 20 to 40 mm, y 20 to 30 mm) and 1 more, listed before it "
            "and lying under it: elements are drawn in the order they are listed; list the box first, as a "
            "background") in result.output
    assert "1 warning" in result.output
    first = LAST.replace("PANEL", '"#dddddd"').split("\n")
    first.insert(first.index("    elements:") + 1, first.pop(-2))  # the panel listed first
    meant = {"frame": LAST.replace(", fill: PANEL", ""), "none": LAST.replace("PANEL", "none"),
             "see-through": LAST.replace("PANEL", '"#dddddd", opacity: 0.3'),
             "when": LAST.replace("PANEL", '"#dddddd", when: "{{ variant }}"'), "first": "\n".join(first)}
    for name, text in meant.items():
        (tmp_path / name).mkdir()
        result = validate(runner, write_game(tmp_path / name, text))
        assert result.exit_code == 0 and "warning" not in result.output, (name, result.output)


def test_a_layout_s_overlap_names_the_layout_s_line_once_not_each_row_s(tmp_path, runner):
    """A name box and a grey badge laid over part of it, on every card made from a spreadsheet: the
    badge's warning names the name box by its line in the layout (not each row's line of cards.csv),
    and is said once for the three rows."""
    folder = write_game(tmp_path, HEAD + """layouts:
  c:
    name: {type: box, at_mm: [-20, -10], size_mm: [20, 20], text: "{{ Name }}"}
    badge: {type: box, at_mm: [-10, -5], size_mm: [20, 20], fill: "#eeeeee"}
components:
  - {id: d, name: D, kind: card, layout: c, items_from: cards.csv}
""", {"cards.csv": "Name\nA\nB\nC\n"})
    result = validate(runner, folder)
    assert result.exit_code == 0, result.output
    assert (f"game.yaml:{line_of(folder, 'badge:')}: warning: this box (x -10 to 10 mm, y -5 to 15 mm) lies 10.0 "
            f"x 15.0 mm over the box at line {line_of(folder, 'name:')} (x -20 to 0 mm, y -10 to 10 mm)"
            ) in result.output
    assert "1 warning" in result.output, result.output


def test_validate_sizes_says_where_each_grid_and_track_is_drawn(runner):
    """validate --sizes: the example wargame's map, 10 x 9 hexes of 3/4 in across the flats (19.05 mm),
    is drawn 170.5 mm wide (9 columns of 3/4 of a hex's 22 mm point to point, and one whole) and
    181 mm tall (9.5 hexes), from x 3 mm; its turn track 8 cells of 7.5 mm."""
    from pathlib import Path

    from generator.cli.commands import cli

    folder = Path(__file__).resolve().parent.parent / "docs" / "example-wargame"
    result = runner.invoke(cli, ["validate", "--sizes", str(folder)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    grid = next(line for line in lines if ": hexgrid drawn " in line)
    assert "hexgrid drawn 170.5 x 181.0 mm (x 3.0 to 173.5, y 16.5 to 197.4) on the 184 x 252 mm board" in grid
    track = next(line for line in lines if ": track drawn " in line)
    assert "track drawn 60.0 x 7.5 mm" in track
    assert ": hexgrid drawn " not in runner.invoke(cli, ["validate", str(folder)]).output  # asked for only
