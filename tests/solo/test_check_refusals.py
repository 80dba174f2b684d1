"""One test per rule: a log that breaks it, and the checker's refusal (exit 1) with the rule, the
numbers and the line a player needs to fix the sheet. The base setup is kingdom_helpers.SETUP;
its first year starts on line 10."""

from __future__ import annotations

import pytest
from kingdom_helpers import RICH, SETUP, check_log, custom_rules, write

from solo.check import check_file

# A first year that is legal: fate harvest + efficiency; the capital makes food; after Produce:
# food 4, ore 2, labor 3; one trade for food; the 3 buildings eat 3 food, 2 left.
GOOD_YEAR = """\
  - fate: [3, 5]
    capital: food
    trade: [food]
"""


def refused(tmp_path, years: str, setup: str = SETUP) -> str:
    result = check_log(tmp_path, years, setup)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return result.output.strip()


def test_a_legal_year_passes(tmp_path):
    result = check_log(tmp_path, GOOD_YEAR + "    check: {food: 2, ore: 2, labor: 0, graveyards: 0}\n")
    assert result.exit_code == 0, result.output
    assert "in progress after year 1: food 2, ore 2; 1 farm, 1 mine, 1 village" in result.output


# -- construct ---------------------------------------------------------------------------------------

def test_cost_grows_with_farms_owned(tmp_path):
    # fate harvest x2: food 2, +2 by the river, +1 capital = 5; labor 2.
    out = refused(tmp_path, "  - fate: [3, 3]\n    capital: food\n    build: [farm D5, farm C5]\n")
    assert out.endswith("game.yaml:12: year 1: farm at C5 costs 2 labor + 2 food (you own 2 farms); "
                        "you have 1 labor")


def test_village_costs_labor_food_and_ore(tmp_path):
    # fate efficiency x2: labor 2, + village 2 = 4; food 2 by the river + capital 1 = 3; ore 2.
    # village H4 pays 1 + 1 + 1; the next costs twice that.
    out = refused(tmp_path, "  - fate: [5, 5]\n    capital: food\n    build: [village H4, village H2]\n")
    assert out.endswith(":12: year 1: village at H2 costs 2 labor + 2 food + 2 ore (you own 2 villages); "
                        "you have 1 ore")


def test_farm_cannot_stand_on_a_mountain(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    capital: food\n    build: [farm D2]\n")
    assert out.endswith(":12: year 1: farm at D2: a farm cannot stand on a mountain")


def test_mine_may_stand_on_a_mountain(tmp_path):
    result = check_log(tmp_path, "  - fate: [4, 5]\n    capital: food\n    build: [mine D2]\n")
    # legal build; then 4 buildings eat 4 food and there are 3 (farm 2 + capital 1)
    assert result.exit_code == 1
    assert ":10: year 1: 4 buildings eat 4 food and you have 3: lose 1 building to starving; starve " \
           "lists 0" in result.output


def test_build_on_a_taken_hex(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    capital: food\n    build: [farm F4]\n")
    assert out.endswith(":12: year 1: farm at F4: the hex is not empty, it holds a village")


def test_build_on_the_capital(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    capital: food\n    build: [farm E4]\n")
    assert "farm at E4: the hex is not empty, it holds the capital" in out


def test_village_not_next_to_another_village(tmp_path):
    out = refused(tmp_path, "  - fate: [4, 4]\n    capital: food\n    build: [village G5]\n")
    assert out.endswith("year 1: village at G5: a village cannot stand next to another village (F4)")


def test_monument_stage_needs_its_cost(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    capital: food\n    build: [monument B6]\n")
    assert out.endswith(":12: year 1: monument stage 1 at B6 costs 2 labor + 2 food + 4 ore; you have "
                        "2 ore")


def _rich(tmp_path):
    return custom_rules(tmp_path, RICH)


def test_monument_stage_two_stands_next_to_the_monument(tmp_path):
    path = write(tmp_path, SETUP + "  - fate: [4, 4]\n    capital: labor\n    build: [monument B6]\n"
                 "  - fate: [5, 5]\n    capital: labor\n    build: [monument H3]\n")
    with pytest.raises(Exception) as err:
        check_file(path, _rich(tmp_path))
    assert str(err.value).endswith(":15: year 2: monument stage 2 at H3 must stand next to the "
                                   "monument (B6)")


def test_monument_not_on_a_mountain(tmp_path):
    path = write(tmp_path, SETUP + "  - fate: [4, 4]\n    capital: labor\n    build: [monument H6]\n")
    with pytest.raises(Exception) as err:
        check_file(path, _rich(tmp_path))
    assert "monument stage 1 at H6: a monument cannot stand on a mountain" in str(err.value)


def test_no_fourth_monument_stage(tmp_path):
    rules = custom_rules(tmp_path, RICH, ("- {labor: 4, food: 4, ore: 6}", "- {labor: 1, food: 1, ore: 1}"),
                         ("- {labor: 8, food: 8, ore: 12}", "- {labor: 1, food: 1, ore: 1}"),
                         ("- {labor: 2, food: 2, ore: 4}", "- {labor: 1, food: 1, ore: 1}"))
    path = write(tmp_path, SETUP + "  - fate: [5, 5]\n    capital: labor\n"
                 "    build: [monument B6, monument B7, monument C7, monument C8]\n")
    with pytest.raises(Exception) as err:
        check_file(path, rules)
    assert str(err.value).endswith("year 1: the monument is finished (stage 3); there is no stage 4")


# -- trade -------------------------------------------------------------------------------------------

def test_labor_cannot_be_bought(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    capital: food\n    trade: [labor]\n")
    assert out.endswith(":12: year 1: labor cannot be bought; a trade is 2 labor for 1 food or ore")


def test_trade_needs_two_labor(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    capital: food\n    trade: [food, ore]\n")
    assert out.endswith(":12: year 1: a trade (2 labor for 1 food or ore) needs 2 labor; you have 1")


def test_trade_comes_after_construct(tmp_path):
    # labor 2: the farm takes 1, so the trade (written first, made after Construct) finds 1
    out = refused(tmp_path, "  - fate: [3, 4]\n    capital: food\n    trade: [food]\n    build: [farm F6]\n")
    assert out.endswith(":12: year 1: a trade (2 labor for 1 food or ore) needs 2 labor; you have 1")


# -- fate --------------------------------------------------------------------------------------------

def test_reroll_needs_monument_stage_one(tmp_path):
    out = refused(tmp_path, "  - fate: [1, 5]\n    reroll: {die: 1, to: 3}\n    capital: food\n")
    assert out.endswith(":11: year 1: a reroll needs Monument stage 1; you had stage 0 at the start "
                        "of the year")


def test_reroll_a_face_not_rolled(tmp_path):
    path = write(tmp_path, SETUP + "  - fate: [4, 4]\n    capital: labor\n    build: [monument B6]\n"
                 "  - fate: [3, 5]\n    reroll: {die: 6, to: 2}\n")
    with pytest.raises(Exception) as err:
        check_file(path, _rich(tmp_path))
    assert str(err.value).endswith(":14: year 2: no fate die shows 6 to reroll (the dice are 3 and 5)")


def test_choose_without_a_six(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    choose: [harvest, efficiency]\n    capital: food\n")
    assert out.endswith(":11: year 1: choose is only for a 6; the fate dice are 3 and 5")


def test_a_six_needs_two_results(tmp_path):
    out = refused(tmp_path, "  - fate: [6, 5]\n    capital: food\n")
    assert out.endswith(":10: year 1: the fate dice are 6 and 5: a 6 needs 2 results under choose, "
                        "0 given")


def test_two_sixes_need_four_results(tmp_path):
    out = refused(tmp_path, "  - fate: [6, 6]\n    choose: [harvest, efficiency]\n    capital: food\n")
    assert out.endswith(":11: year 1: the fate dice are 6 and 6: 2 sixes need 4 results under choose, "
                        "2 given")


def test_a_six_picks_two_different_results(tmp_path):
    out = refused(tmp_path, "  - fate: [6, 5]\n    choose: [harvest, harvest]\n    capital: food\n")
    assert out.endswith(":11: year 1: a 6 picks 2 different results, not harvest twice")


def test_disaster_must_name_the_building_lost(tmp_path):
    out = refused(tmp_path, "  - fate: [1, 5]\n    capital: food\n")
    assert out.endswith(":10: year 1: a disaster struck and you have 3 buildings (farms, mines, "
                        "villages): name the one lost under disaster")


def test_disaster_takes_a_building(tmp_path):
    out = refused(tmp_path, "  - fate: [1, 5]\n    disaster: F6\n    capital: food\n")
    assert out.endswith(":11: year 1: a disaster takes a farm, mine or village; F6 holds nothing")


def test_disaster_without_a_one(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    disaster: [E5]\n    capital: food\n")
    assert out.endswith(":11: year 1: no disaster took a building this year, but disaster names 1 hex")


def test_two_disasters_from_a_six(tmp_path):
    # 1: disaster (lose the mine), 6: disaster + harvest (lose the village; harvest: 1 farm -> +1)
    result = check_log(tmp_path, "  - fate: [1, 6]\n    choose: [disaster, harvest]\n"
                                 "    disaster: [C3, F4]\n    capital: food\n"
                                 "    check: {food: 3, ore: 0, farms: 1, mines: 0, villages: 0}\n")
    assert result.exit_code == 0, result.output


# -- produce -----------------------------------------------------------------------------------------

def test_capital_makes_one_resource(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    capital: [food, ore]\n")
    assert out.endswith(":11: year 1: the capital makes 1 resource this year (Monument stage 0); "
                        "capital lists 2")


def test_capital_must_be_named(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n")
    assert out.endswith(":10: year 1: the capital makes 1 resource this year (Monument stage 0); "
                        "capital lists 0")


def test_hard_times_cut_labor_after_produce(tmp_path):
    # labor: village 2, capital 1 -> 3, hard times -1 -> 2: one trade, not two
    out = refused(tmp_path, "  - fate: [2, 3]\n    capital: labor\n    trade: [food, food]\n")
    assert out.endswith(":12: year 1: a trade (2 labor for 1 food or ore) needs 2 labor; you have 0")


# -- feed --------------------------------------------------------------------------------------------

def test_starving_must_be_written(tmp_path):
    out = refused(tmp_path, "  - fate: [4, 5]\n    capital: ore\n")
    assert out.endswith(":10: year 1: 3 buildings eat 3 food and you have 2: lose 1 building to "
                        "starving; starve lists 0")


def test_starve_names_a_building(tmp_path):
    out = refused(tmp_path, "  - fate: [4, 5]\n    capital: ore\n    starve: [G6]\n")
    assert out.endswith(":12: year 1: a starving kingdom loses a farm, mine or village; G6 holds nothing")


def test_nobody_starves_with_food_enough(tmp_path):
    out = refused(tmp_path, GOOD_YEAR + "    starve: [F4]\n")
    assert out.endswith(":13: year 1: nobody starved: 3 buildings ate 3 food and you had 5")


def test_starving_leaves_a_graveyard(tmp_path):
    result = check_log(tmp_path, "  - fate: [4, 5]\n    capital: ore\n    starve: [F4]\n"
                                 "    check: {food: 0, graveyards: 1, villages: 0}\n")
    assert result.exit_code == 0, result.output
    assert "1 graveyard" in result.output


# -- the record and the end --------------------------------------------------------------------------

def test_check_that_disagrees(tmp_path):
    out = refused(tmp_path, GOOD_YEAR + "    check: {food: 2, ore: 3}\n")
    assert out.endswith(":13: year 1: check: ore is 2 at the end of the year, not 3")


def test_leftover_labor_is_lost(tmp_path):
    out = refused(tmp_path, "  - fate: [3, 5]\n    capital: food\n    check: {labor: 3}\n")
    assert out.endswith("year 1: check: labor is 0 at the end of the year, not 3 (leftover labor is "
                        "lost at the end of the year)")


# Year 1: strike-ore x2; a second mine on D2; 4 buildings eat 4 food, there are 2: the farm and the
# new mine starve. Year 2: the graveyards at E5 and D2 cost the mine, the village and the capital a
# resource each; no food: the last two starve. 4 graveyards.
LOSING = ("  - fate: [4, 4]\n    capital: ore\n    build: [mine D2]\n    starve: [E5, D2]\n"
          "  - fate: [4, 4]\n    starve: [C3, F4]\n")


def test_three_graveyards_lose(tmp_path):
    result = check_log(tmp_path, LOSING)
    assert result.exit_code == 0, result.output
    assert "lost in year 2 (4 graveyards): food 0, ore 7; 0 farms, 0 mines, 0 villages" in result.output


def test_year_after_the_game_ended(tmp_path):
    out = refused(tmp_path, LOSING + "  - fate: [3, 3]\n")
    assert out.endswith(":16: year 3: the game already ended: lost in year 2 (4 graveyards); no year may "
                        "follow")


def test_win_needs_no_starving(tmp_path):
    rules = custom_rules(tmp_path, RICH, ("win_stage: 3", "win_stage: 1"))
    path = write(tmp_path, SETUP + "  - fate: [4, 4]\n    capital: labor\n    build: [monument B6]\n")
    assert check_file(path, rules).status().text() == "won in year 1"
