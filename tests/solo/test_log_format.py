"""Files that are not a log: exit 2 with LOG:LINE and a sentence, never a traceback; and the
shorthands the format allows."""

from __future__ import annotations

import pytest
from kingdom_helpers import SETUP, check_log, run, write

YEAR = "  - fate: [3, 5]\n    capital: food\n    trade: [food]\n"


def not_a_log(tmp_path, text: str) -> str:
    path = write(tmp_path, text)
    result = run("check", str(path))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output.strip()


@pytest.mark.parametrize("text, where, message", [
    ("setup: [\n", ":2:", "not valid YAML"),
    ("- just\n- a list\n", ":1:", "a log is one YAML mapping"),
    ("", ":1:", "this file holds nothing"),
    ("hello\n", ":1:", "this file holds the text 'hello'"),
    ("a: " + "[" * 3000 + "]" * 3000 + "\n", ":1:", "nested more than 100 levels deep"),
    ("sheet: 2001-01-01\nsetup: {farm: E5}\n", ":1:", "found the date 2001-01-01"),
    ("&a [*a]\n", ":1:", "an alias (*a) repeats an earlier value"),
    ("sheet: 7\n---\nsheet: 8\n", ":2:", "expected one YAML document, found a second one"),
    (SETUP + YEAR + "  - fate: [3, 5]\n    fate: [1, 1]\n", ":14:", "duplicate key 'fate' (first given on line 13)"),
    (SETUP + YEAR.replace("capital", "captial"), ":11:", "year 1: unknown key 'captial' "),
    (SETUP + YEAR.replace("capital", "captial"), ":11:", "did you mean capital?"),
    (SETUP.replace("farm", "farms"), ":6:", "setup: unknown key 'farms'"),
    (SETUP + YEAR + "  - capital: food\n", ":13:", "year 2: missing key 'fate'"),
    (SETUP.replace("  village: F4\n", ""), ":2:", "setup: missing key 'village'"),
    (SETUP.replace("setup:", "other:"), ":2:", "unknown key 'other'"),
    ("ruler: Ada\n", ":1:", "missing key 'setup'"),
    (SETUP + YEAR.replace("[3, 5]", "[3, 7]"), ":10:", "year 1: fate: a die shows 1 to 6, not 7"),
    (SETUP + YEAR.replace("[3, 5]", "[3, 0]"), ":10:", "a die shows 1 to 6, not 0"),
    (SETUP + YEAR.replace("[3, 5]", "[3]"), ":10:", "year 1: fate must be a list of two dice"),
    (SETUP + YEAR.replace("[3, 5]", "[3, true]"), ":10:", "a die is a number from 1 to 6, not true"),
    (SETUP + YEAR.replace("[3, 5]", "[3, 99999999999999999999999]"), ":10:", "a die shows 1 to 6"),
    (SETUP + YEAR.replace("[3, 5]", "[3, '5']"), ":10:", "a die is a number from 1 to 6, not '5'"),
    (SETUP + YEAR.replace("trade: [food]", "build: [farm K9]"), ":12:",
     "year 1: build farm: 'K9' is not a hex of the map (A1 to J8)"),
    (SETUP + YEAR.replace("trade: [food]", "build: [castle F6]"), ":12:",
     "year 1: build: 'castle' is not one of farm, mine, village, monument"),
    (SETUP + YEAR.replace("trade: [food]", "build: [farm]"), ":12:", "each entry is a kind and a hex"),
    (SETUP + YEAR.replace("trade: [food]", "trade: [gold]"), ":12:",
     "year 1: trade: 'gold' is not one of food, ore, labor"),
    (SETUP + YEAR.replace("capital: food", "capital: {food: 1}"), ":11:", "capital must be a list"),
    (SETUP + YEAR + "    choose: [choose, harvest]\n", ":13:", "choose: 'choose' is not one of disaster"),
    (SETUP + YEAR + "    check: {gold: 1}\n", ":13:", "check: unknown key 'gold'"),
    (SETUP + YEAR + "    check: {food: -1}\n", ":13:", "check: food must be a whole number, 0 or more"),
    (SETUP + YEAR + "    reroll: {die: 5}\n", ":13:", "reroll needs 'die'"),
    (SETUP + YEAR + "    reroll: 5\n", ":13:", "reroll must be a mapping of die, to"),
    (SETUP.replace("farm: E5", "farm: [E5, F5]"), ":6:", "setup: farm is one hex"),
    (SETUP.replace("mine: C3", "mine: Z1"), ":7:", "setup: mine: 'Z1' is not a hex of the map"),
    ("sheet: -4\nsetup: {farm: E5, mine: C3, village: F4}\n", ":1:", "sheet is the seed printed on the sheet"),
    ("sheet: 10000000000000000\nsetup: {farm: E5, mine: C3, village: F4}\n", ":1:", "sheet is the seed"),
    ("sheet: seven\nsetup: {farm: E5, mine: C3, village: F4}\n", ":1:", "found 'seven'"),
    ("sheet: 7\nsetup: {farm: E3}\n", ":2:", "setup: missing key 'mine'"),
    (SETUP.replace("years:\n", "years: 5\n"), ":9:", "years must be a list of years"),
    (SETUP + "  - 5\n", ":10:", "year 1 must be a mapping"),
    ("ruler: [a, b]\n" + SETUP, ":1:", "ruler must be text"),
    ("a: &x [*x]\n", ":1:", "an alias (*x) repeats an earlier value"),
    ("? [a, b]\n: 1\n", ":1:", "a mapping key must be plain text"),
    ("x: !!python/object:os.system {}\n", ":1:", "the tag '!!python/object:os.system' is not allowed"),
])
def test_not_a_log(tmp_path, text, where, message):
    out = not_a_log(tmp_path, text)
    assert where in out and message in out, out


def test_exit_2_wins_over_an_earlier_broken_rule(tmp_path):
    text = SETUP + "  - fate: [3, 5]\n    build: [farm D2]\n" + YEAR + "  - fate: [9, 9]\n"
    out = not_a_log(tmp_path, text)
    assert ":15: year 3: fate: a die shows 1 to 6, not 9" in out


def test_not_utf8(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_bytes(SETUP.encode() + b"ruler: \xff\xfe\n")
    result = run("check", str(path))
    assert result.exit_code == 2 and "game.yaml:10: not UTF-8 text" in result.output


def test_a_folder_or_a_missing_file(tmp_path):
    assert run("check", str(tmp_path)).exit_code == 2
    assert "is a folder" in run("check", str(tmp_path)).output
    result = run("check", str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2 and "nope.yaml: file not found" in result.output


def test_shorthands_and_case(tmp_path):
    # single values for one-item lists, lowercase hexes, null lists, comments, blank lines
    text = SETUP.replace("farm: E5", "farm: e5") + (
        "  # the first year\n\n  - fate: [3, 5]\n    capital: food\n    trade: food\n    build:\n"
        "    check: {food: 2}\n")
    result = check_log(tmp_path, "", text)
    assert result.exit_code == 0, result.output


def test_no_years_is_a_game_not_started(tmp_path):
    result = check_log(tmp_path, "", SETUP.replace("years:\n", ""))
    assert result.exit_code == 0 and "in progress after year 0" in result.output


def test_json_output(tmp_path):
    import json

    ok = json.loads(run("check", "--json", str(write(tmp_path, SETUP + YEAR))).output)
    assert ok == {"ok": True, "file": ok["file"], "outcome": "in progress", "year": 1,
                  "text": "in progress after year 1", "food": 2, "ore": 2, "labor": 0,
                  "graveyards": 0, "farms": 1, "mines": 1, "villages": 1, "monument": 0}
    path = write(tmp_path, SETUP + YEAR.replace("[food]", "[labor]"))
    bad = json.loads(run("check", "--json", str(path)).output)
    assert bad["exit"] == 1 and bad["line"] == 12 and bad["year"] == 1
    assert bad["message"] == "labor cannot be bought; a trade is 2 labor for 1 food or ore"
    path = write(tmp_path, "[")
    result = run("check", "--json", str(path))
    assert result.exit_code == 2 and json.loads(result.output)["exit"] == 2


def test_a_sheet_gives_the_map(tmp_path):
    # sheet 7: mountains G2 H2 I3 A4 A5 (dice 3 and 2), river G3 F3 E3 E2 E1
    text = ("sheet: 7\nsetup: {farm: E3, mine: G2, village: F2}\nyears:\n"
            "  - {fate: [1, 1], disaster: [E3, G2], capital: food}\n")
    result = check_log(tmp_path, "", text)
    assert result.exit_code == 0, result.output
    assert "0 farms, 0 mines, 1 village" in result.output
    wrong = text.replace("setup: {", "setup: {river: [E1, E2], ")
    out = check_log(tmp_path, "", wrong).output
    assert ":2: setup: river does not match sheet 7, which has river G3 F3 E3 E2 E1" in out
