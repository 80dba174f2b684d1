"""The terminal game's prompts show what they ask: the buildings a disaster or starving may take are
listed with their kind (``C7 farm``) and drawn as their letter on the map, not ``*``; the reroll
defaults to the safe choice; a player's simulate policy that answers wrongly is told by name, year
and answer."""

from __future__ import annotations

import random

from kingdom_helpers import base_kingdom, run

from solo.asker import Asker
from solo.prompts import ask_reroll, ask_starve
from solo.textmap import render


def asked(answer: str = ""):
    prompts: list[str] = []
    shown: list[str] = []
    return Asker(echo=shown.append, read=lambda p: prompts.append(p) or answer), prompts, shown


def test_the_starving_prompt_lists_each_building_with_its_kind_and_draws_it_on_the_map():
    k = base_kingdom()  # farm E5 (river), mine C3 (mountain), village F4
    k.start_year((3, 4))
    k.resolve_fate((), ())
    k.produce(["labor"])
    k.food = 1  # three buildings eat 3 food: two are lost
    ask, prompts, shown = asked()
    lost = ask_starve(k, ask)
    assert len(lost) == 2
    assert "[C3 mine, E5 farm, F4 village] (default " in prompts[0]
    # the map: the buildings offered in small letters, under their column letter (C, E on the
    # first line of their rows, F on the second), and the legend says what the small letters are
    board_map = shown[1]
    row3 = next(line for line in board_map.splitlines() if line.startswith("  3  "))
    row5 = next(line for line in board_map.splitlines() if line.startswith("  5  "))
    row4b = [line for line in board_map.splitlines() if line.startswith("  4  ")][1]
    assert row3[5 + 2 * 4:5 + 2 * 4 + 2] == "m^" and row5[5 + 4 * 4:5 + 4 * 4 + 2] == "f~"
    assert row4b[5 + 5 * 4:5 + 5 * 4 + 2] == "v."
    assert "*" not in board_map.replace("* a choice", "")
    assert "f m v (small letters) a building to choose" in board_map


def test_a_build_site_is_still_a_star():
    k = base_kingdom()
    text = render(k, k.legal_hexes("farm"), state=False)
    assert "*~" in text and "* a choice" in text and "small letters" not in text


def test_the_reroll_defaults_to_rerolling_a_disaster():
    k = base_kingdom()
    k.stage = 1
    k.start_year((1, 4))
    ask, prompts, shown = asked()
    reroll = ask_reroll(k, random.Random(3), ask)
    assert "[1, 4, no] (default 1): " in prompts[0]
    assert reroll is not None and reroll[0] == 1 and k.dice[1] == 4
    k = base_kingdom()
    k.stage = 1
    k.start_year((2, 4))  # no disaster rolled: keeping the dice is the default
    ask, prompts, _ = asked()
    assert ask_reroll(k, random.Random(3), ask) is None and "(default no)" in prompts[0]


def test_a_policy_that_returns_a_wrong_type_is_named_with_its_year_and_answer(tmp_path, monkeypatch):
    (tmp_path / "mine.py").write_text(
        "from solo.simulate import Careful\n"
        "class Sloppy(Careful):\n"
        "    def build(self, k, options):\n"
        "        if k.year >= 3 and options:\n"
        "            return options[0]  # forgot the hex\n"
        "        return super().build(k, options)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for jobs in ("1", "2"):
        result = run("simulate", "--games", "20", "--jobs", jobs, "--policy", "mine:Sloppy")
        assert result.exit_code == 1, result.output
        assert "unexpected error" not in result.output and "please report" not in result.output
        line = result.output.strip()
        assert line.startswith("--policy mine:Sloppy: build() returned '"), line
        assert "(str); it must return None or (kind, hex)" in line and ", in year " in line
        assert "of game 0 (sheet " in line


def test_the_construct_menu_says_what_feeding_will_take():
    from solo.prompts import ask_builds

    k = base_kingdom()
    k.start_year((3, 5))
    k.resolve_fate((), ())
    k.produce(["food"])  # food 4, ore 2, labor 3; three buildings eat 3
    ask, _, shown = asked("done")
    assert ask_builds(k, ask) == ()
    assert shown[0].startswith("Construct: you have 3 labor, 4 food, 2 ore; Feed will take 3 food,\nand 1 "
                               "more for each farm, mine or village built. You can pay for:\n  farm: 1 labor + 1 food\n")
    # one kind a line, each under 80 characters: a terminal never breaks a cost in two
    assert all(len(line) < 80 for line in shown[0].splitlines())
