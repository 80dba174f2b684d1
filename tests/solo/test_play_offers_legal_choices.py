"""Play at the terminal: only legal choices are offered (a robot answering at random never hits a
refusal), the log is valid after every year, end of input leaves it behind, and running again
continues the game with the same dice."""

from __future__ import annotations

import random

import pytest
from kingdom_helpers import SETUP, rules, run, write

from solo.asker import Asker
from solo.board import generate_map, rules_board
from solo.check import check_file
from solo.play import play_game
from solo.textmap import render_map


class Robot(Asker):
    """Answers every question with a random offered choice ('done' less often)."""

    def __init__(self, seed: int, limit: int = 100_000) -> None:
        super().__init__(echo=lambda text: None)
        self.rng, self.asked, self.limit = random.Random(seed), 0, limit

    def choice(self, question, options, default=None, why=None, shown_as=None):
        self.asked += 1
        if self.asked > self.limit:
            import click

            raise click.Abort()
        if "done" in options and len(options) > 1 and self.rng.random() < 0.6:
            return "done"
        picks = [o for o in options if o != "done"] or list(options)
        return self.rng.choice(picks)

    def text(self, question):
        return "Robot"


@pytest.mark.parametrize("seed", range(12))
def test_robot_plays_whole_games_that_check(tmp_path, seed):
    path = tmp_path / "game.yaml"
    k = play_game(rules(), seed=seed, log_path=path, ask=Robot(seed))
    assert k.over
    checked = check_file(path, rules())
    assert checked.status() == k.status() and checked.totals() == k.totals()


def test_stopping_midway_leaves_a_valid_log_and_continuing_uses_the_same_dice(tmp_path):
    import click

    path = tmp_path / "game.yaml"
    with pytest.raises(click.exceptions.Exit):
        play_game(rules(), seed=5, log_path=path, ask=Robot(1, limit=25))
    partial = check_file(path, rules())
    assert not partial.over
    year = partial.year
    play_game(rules(), seed=5, log_path=tmp_path / "whole.yaml", ask=Robot(1))
    text = path.read_text()
    again = play_game(rules(), log_path=path, ask=Robot(2))
    assert again.over
    first_dice = [line for line in text.splitlines() if "fate:" in line]
    assert path.read_text().splitlines()[: len(text.splitlines())] == text.splitlines()
    whole_dice = [line for line in (tmp_path / "whole.yaml").read_text().splitlines() if "fate:" in line]
    assert first_dice == whole_dice[:year]  # same seed, same dice


def test_play_on_the_command_line_and_end_of_input(tmp_path):
    path = tmp_path / "g.yaml"
    answers = "Ada\nNorthmarch\nHighkeep\nE3\nG2\nF2\n" + "\n" * 8
    result = run("play", "--seed", "7", "--log", str(path), input=answers)
    assert result.exit_code == 1, result.output  # end of input: 1 (0 is only for a finished game)
    assert "A new kingdom on sheet 7 (log: " in result.output and "Stopped." in result.output
    text = path.read_text()
    assert 'ruler: "Ada"' in text and "farm: E3" in text and "  - fate: [4, 5]" in text
    assert run("check", str(path)).exit_code == 0
    shown = run("show", str(path))
    assert shown.exit_code == 0 and "F~" in shown.output and "M^" in shown.output
    assert sum("monument stage" in line for line in shown.output.splitlines()) == 1  # state once


def test_play_refuses_offered_nonsense_and_asks_again(tmp_path):
    path = tmp_path / "g.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input="\n\n\nZ9\nE4\nA4\nE3\nG2\nF2\n")
    lines = result.output.splitlines()
    choices = ("type one of: E1, E2, E3, F3, G3 (Enter: E1); or back: take back the building you placed "
               "last; undo: every building placed since you started")
    assert f"  'Z9' is not a hex of the map (a column letter and a row number, A1 to J8); {choices}" in lines
    assert f"  E4 is the capital space; the farm needs a hex of its own; {choices}" in lines
    assert f"  the setup farm stands on a river hex; A4 is not one; {choices}" in lines
    assert "farm: E3" in path.read_text()


def test_an_empty_answer_takes_the_default_shown(tmp_path):
    """Enter is the first legal choice (or the question's own default), never a wall of prompts."""
    path = tmp_path / "g.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input="\n" * 7)
    out = result.output
    assert out.count("Setup: your farm") == 1 and "[E1, E2, E3, F3, G3] (default E1): \n" in out
    assert "Build what [farm, mine, village, done] (default done): " in out
    text = path.read_text()
    assert "farm: E1" in text and "mine: A4" in text and "village: A3" in text
    assert max(len(line) for line in out.splitlines()) < 160


def test_play_reports_a_broken_log_instead_of_extending_it(tmp_path):
    path = write(tmp_path, SETUP + "  - fate: [3, 5]\n    capital: [labor]\n    trade: [labor]\n")
    result = run("play", "--log", str(path), input="\n")
    assert result.exit_code == 1 and "labor cannot be bought" in result.output


def test_show_refuses_what_check_refuses(tmp_path):
    result = run("show", str(write(tmp_path, "[")))
    assert result.exit_code == 2


def test_render_map_marks_terrain_and_labels_every_line():
    board = rules_board(rules())
    text = render_map(board, generate_map(board, 7))
    lines = text.splitlines()
    assert lines[0].split() == list("ABCDEFGHIJ") and lines[-1] == lines[0]
    assert len(lines) == 2 + 2 * 8
    body = lines[1:-1]
    assert "\n".join(body).count("^") == 5 and "\n".join(body).count("~") == 5
    assert sum(line.count("C ") for line in body) == 1
    for i, line in enumerate(body):  # the row number on both sides of both of a row's lines
        row = str(i // 2 + 1)
        assert line.split()[0] == row and line.split()[-1] == row
        assert line.rindex(row) == 45
    for c, letter in enumerate("ABCDEFGHIJ"):  # each cell starts under its column letter
        x = lines[0].index(letter)
        line = body[c % 2]  # row 1: A, C, E ... on the first line, B, D ... on the second
        assert line[x] in ".~^C" and line[x - 1] == " "
    # G2, H2 and I3 are mountains, E1-E3, F3, G3 the river, E4 the capital.
    def cell(name):
        col, row = ord(name[0]) - 65, int(name[1:]) - 1
        x = lines[0].index(name[0])
        return body[2 * row + col % 2][x:x + 2]
    assert [cell(h) for h in ("G2", "H2", "I3", "E1", "F3", "E4", "A1")] == \
        ["^ ", "^ ", "^ ", "~ ", "~ ", "C ", ". "]
