"""``solo play`` end to end through the command line: answers piped in (as ``yes "" | pnpforge solo
play`` or a scripted player would), the log written from the first moment, ``solo check`` agreeing with
what ``play`` printed, and a game stopped anywhere (end of input) leaving a file that continues."""

from __future__ import annotations

import re

import pytest
from kingdom_helpers import rules, run

from solo.asker import Asker
from solo.board import generate_map, rules_board
from solo.play import play_game
from solo.sheet import starter_log

OFFERED = re.compile(r"\[([^\]]*)\] \(default [^)]*\): $")


def first_choice_answers(tmp_path, seed: int, cap: int) -> list[str]:
    """The answers of a player who types the first offered choice every time (at most ``cap``)."""
    answers: list[str] = []

    def read(prompt: str) -> str:
        if len(answers) >= cap:
            raise EOFError
        match = OFFERED.search(prompt)
        answers.append(match.group(1).split(", ")[0].split(" and ")[0] if match else "")
        return answers[-1]

    import click

    try:
        play_game(rules(), seed=seed, log_path=tmp_path / "dry-run.yaml", ask=Asker(lambda _: None, read))
    except click.exceptions.Exit:
        pass
    return answers


def outcome_printed(output: str) -> str:
    """What ``play`` said about the game when it ended or stopped."""
    over = re.search(r"The game is over: (.*)\. Log: ", output)
    if over:
        return over.group(1)
    stopped = re.search(r"holds the setup and [^:]*: (in progress after year \d+)\.", output)
    assert stopped, output[-2000:]
    return stopped.group(1)


def check_outcome(path) -> str:
    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    return result.output.split(": ", 2)[1]


@pytest.mark.parametrize("seed", [7, 13, 18])
def test_first_legal_choice_every_time_until_the_game_ends(tmp_path, seed):
    answers = first_choice_answers(tmp_path, seed, cap=400)
    path = tmp_path / "game.yaml"
    result = run("play", "--seed", str(seed), "--log", str(path), input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    printed = outcome_printed(result.output)
    assert printed.startswith(("lost in year", "won in year"))  # these seeds end early
    assert check_outcome(path) == printed


def test_enter_every_time_until_a_year_cap(tmp_path):
    """The default every time (``yes "" | pnpforge solo play``): the input ends mid-year."""
    path = tmp_path / "game.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input="\n" * 60)
    assert result.exit_code == 1  # the input ended before the game did
    printed = outcome_printed(result.output)
    assert printed.startswith("in progress after year ") and int(printed.split()[-1]) >= 10
    assert check_outcome(path) == printed
    assert "was not finished, so it is not in the file" in result.output
    # Running again continues the game from the file, with the dice it would have rolled.
    again = run("play", "--log", str(path), input="\n" * 60)
    later = outcome_printed(again.output)
    assert int(later.split()[-1]) > int(printed.split()[-1]) and check_outcome(path) == later
    whole = tmp_path / "whole.yaml"
    run("play", "--seed", "7", "--log", str(whole), input="\n" * 200)
    fates = lambda p: [line for line in p.read_text().splitlines() if "fate:" in line]  # noqa: E731
    assert fates(path) == fates(whole)[: len(fates(path))]


def test_the_starter_log_is_written_before_the_first_question(tmp_path):
    path = tmp_path / "game.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input="")
    assert result.exit_code == 1
    board = rules_board(rules())
    assert path.read_text() == starter_log(rules(), generate_map(board, 7))  # as `solo sheet` writes it
    assert f"Stopped during setup. {path} holds the starter log: sheet 7's map; not yet placed: farm, " \
           "mine, village." in result.output
    assert run("check", str(path)).exit_code == 2  # not yet a log: the farm is missing


def test_stopping_mid_setup_leaves_the_starter_log_and_play_continues_it(tmp_path):
    path = tmp_path / "game.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input="Ada\n\n\nE3\n")
    assert result.exit_code == 1
    text = path.read_text()
    assert 'ruler: "Ada"' in text and "farm: E3" in text and "# mine:" in text and "# village:" in text
    assert "holds the starter log: sheet 7's map; farm at E3; not yet placed: mine, village." in result.output
    assert "missing key 'mine'" in run("check", str(path)).output
    more = run("play", "--log", str(path), input="G2\n")  # names are not asked again
    assert "Continuing the setup on sheet 7" in more.output and "Your name" not in more.output
    assert "farm at E3; mine at G2; not yet placed: village." in more.output
    done = run("play", "--log", str(path), input="F2\n")
    assert "Setup written to" in done.output
    assert check_outcome(path) == "in progress after year 0"
    text = path.read_text()
    # each building's line added under its placeholder: the starter log's words all kept
    assert "  # farm:        # on a river hex\n  farm: E3\n" in text
    assert "  # mine:        # on a mountain\n  mine: G2\n" in text
    assert "  # village:     # next to that farm or mine\n  village: F2\n" in text and "Starter log" in text


def test_stopping_mid_year_leaves_a_log_that_checks(tmp_path):
    path = tmp_path / "game.yaml"
    # Setup, then year 1 (capital, build, trade: Enter), then year 2's capital question and EOF.
    result = run("play", "--seed", "7", "--log", str(path), input="\n\n\nE3\nG2\nF2\n\n\n\n")
    assert result.exit_code == 1
    assert "holds the setup and year 1: in progress after year 1." in result.output
    assert "Year 2 was not finished" in result.output
    assert check_outcome(path) == "in progress after year 1"


def test_a_partial_setup_that_breaks_the_rules_is_reported(tmp_path):
    path = tmp_path / "game.yaml"
    run("play", "--seed", "7", "--log", str(path), input="\n\n\nE3\n")
    path.write_text(path.read_text().replace("farm: E3", "farm: A1"))
    result = run("play", "--log", str(path), input="\n")
    assert result.exit_code == 1
    assert "setup: the setup farm stands on a river hex; A1 is not one" in result.output
