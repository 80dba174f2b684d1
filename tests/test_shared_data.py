"""What a game shares between its parts: ``{text:NAME}`` of its shared texts in spreadsheet cells,
its icons (a shape that draws nothing is refused; the list of the shared icons is not counted as more
problems), and ``extend`` (one copy a player unless the component opts out)."""

from __future__ import annotations

import re

import pytest
from gamefolder import HEAD, line_of, validate, write_game

CSV_GAME = HEAD + """texts:
  rally: "Flip one reduced unit back"
components:
  - id: events
    name: Events
    kind: card
    size: mini
    items_csv: events.csv
"""


def test_a_shared_text_in_a_spreadsheet_cell_is_printed_as_in_yaml(tmp_path):
    from generator.build.loading import load_game

    folder = write_game(tmp_path, CSV_GAME, {"events.csv": "name,text\nRally,\"{text:rally}, then draw.\"\n"})
    item = load_game(folder).component("events").items[0]
    assert item.face["text"] == "Flip one reduced unit back, then draw."


def test_an_unknown_shared_text_in_a_cell_is_refused_at_its_row(runner, tmp_path):
    folder = write_game(tmp_path, CSV_GAME, {"events.csv": "name,text\nFog,No fire\nRally,{text:rallly}\n"})
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert re.search(r"events\.csv:3 \(text\): unknown shared text \{text:rallly\} \(texts: in game.yaml has rally\)",
                     result.output), result.output


@pytest.mark.parametrize("shape, message", [
    ("{fill: ink, width: 4}", "needs one of 'path', 'circle', 'polygon' or 'rect'; this one has "
                              "none and would draw nothing"),
    ("{circle: [50, 50, 10], rect: [0, 0, 10, 10]}", "this one has 'circle' and 'rect': split it into one shape "
                                                     "each"),
])
def test_an_icon_shape_that_draws_nothing_or_two_things_is_refused(runner, tmp_path, shape, message):
    folder = write_game(tmp_path, HEAD + f"""icons:
  blot:
    - circle: [50, 50, 30]
    - {shape}
components: []
""")
    result = validate(runner, folder)
    assert result.exit_code == 1
    where = f"game.yaml:{line_of(folder, '    - {')}: icons.blot[2]: an icon shape "
    assert where in result.output and message in result.output


def test_the_shared_icons_list_is_not_counted_as_more_problems(runner, tmp_path):
    one = HEAD + """components:
  - {id: t, name: T, kind: token, size_mm: 15, items: [{name: A, count: 1, icon: crwn}]}
"""
    result = validate(runner, write_game(tmp_path, one))
    assert result.exit_code == 1
    assert "unknown icon 'crwn' (did you mean 'crown'?)" in result.output
    assert "the shared icons (pictured in docs/data-format.md):" in result.output
    assert "problems found" not in result.output  # one problem, explained over three lines
    two = one.replace("count: 1, icon: crwn}", "count: 1, icon: crwn}, {name: B, count: 1, icon: swrd}")
    assert "\n2 problems found." in validate(runner, write_game(tmp_path, two)).output


def test_extend_keeps_one_copy_a_player_unless_the_component_opts_out(tmp_path):
    from generator.build.loading import load_game

    text = HEAD + """colours:
  - {id: plum, name: Plum, fill: "#7b3294", cue: P}
  - {id: pear, name: Pear, fill: "#a6d96a", cue: E}
components:
  - {id: workers, name: Workers, kind: token, size_mm: 14, per_player: true, items: [{name: W, count: 3}]}
  - {id: score, name: Score, extend: workers, items: [{name: S, count: 1}]}
  - {id: neutral, name: Neutral, extend: workers, per_player: false, items: [{name: N, count: 2}]}
"""
    game = load_game(write_game(tmp_path, text))
    assert game.component("workers").count == 6
    assert game.component("score").count == 2  # one score marker a player, as the workers
    assert game.component("neutral").count == 2
