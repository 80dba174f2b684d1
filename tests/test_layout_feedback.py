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
