"""``solo show LOG --year N`` (the state after year N) and ``--json``."""

from __future__ import annotations

import json

from kingdom_helpers import FIRST_YEAR_LINE, SETUP, run, write

# Year 1: harvest and efficiency, the capital makes food. Year 2: two harvests, a farm at F6.
YEARS = """\
  - fate: [3, 5]
    capital: [food]
  - fate: [3, 3]
    capital: [food]
    build: [farm F6]
"""


def test_show_year_and_json(tmp_path):
    path = write(tmp_path, SETUP + YEARS)
    first = run("show", str(path), "--year", "1", "--json")
    assert first.exit_code == 0, first.output
    state = json.loads(first.output)
    assert state["year"] == 1 and state["logged_years"] == 2 and state["outcome"] == "in progress"
    assert "F6" not in state["buildings"] and state["buildings"]["E4"] == "capital"
    assert state["food"] == 1 and state["farms"] == 1 and state["map"]["river"][0] == "D4"
    second = json.loads(run("show", str(path), "--year", "2", "--json").output)
    assert second["buildings"]["F6"] == "farm" and second["farms"] == 2 and second["food"] == 1
    setup = json.loads(run("show", str(path), "--year", "0", "--json").output)
    assert setup["year"] == 0 and "F6" not in setup["buildings"] and setup["food"] == 0
    text = run("show", str(path), "--year", "1")
    assert text.exit_code == 0 and "after year 1 (of 2): in progress after year 1" in text.output
    last = json.loads(run("show", str(path), "--json").output)
    assert last["year"] == 2


def test_show_refuses_a_year_not_in_the_log(tmp_path):
    path = write(tmp_path, SETUP + YEARS)
    result = run("show", str(path), "--year", "3")
    assert result.exit_code == 2 and "holds years 1 to 2; give 0 to 2" in result.output


def test_show_still_checks_the_whole_log(tmp_path):
    path = write(tmp_path, SETUP + YEARS + "  - fate: [3, 5]\n    capital: [labor]\n    trade: [labor]\n")
    result = run("show", str(path), "--year", "1")
    assert result.exit_code == 1 and f"game.yaml:{FIRST_YEAR_LINE + 7}: year 3: labor cannot be bought" in result.output
