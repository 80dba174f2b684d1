"""Playing at the terminal like a good game program: back and undo in a piped game, safe defaults,
refusals that say why with the numbers."""

from __future__ import annotations

from kingdom_helpers import run

SETUP_ANSWERS = "\n\n\nE3\nG2\nF2\n"  # no names; farm E3 (river), mine G2 (mountain), village F2


def years_of(path) -> str:
    text = path.read_text()
    return text[text.index("years:"):]


def test_back_takes_back_the_last_decision_of_the_year(tmp_path):
    path = tmp_path / "g.yaml"
    # Year 1 of sheet 7 rolls 4 and 5. The capital makes ore; "back" at the build question takes it
    # back and asks the capital again: labor this time; then nothing built, and the trades default
        # to food while food is short (2 of 3 needed).
    result = run("play", "--seed", "7", "--log", str(path), input=SETUP_ANSWERS + "ore\nback\nlabor\n\n\n\n")
    assert "Taken back: ore." in result.output
    assert "  - fate: [4, 5]\n    capital: [labor]\n    trade: [food]\n" in years_of(path)
    assert run("check", str(path)).exit_code == 0


def test_back_keeps_the_earlier_decisions_of_the_year(tmp_path):
    path = tmp_path / "g.yaml"
    # capital food, build a farm at the default (a river hex), then "back" at the next build
    # question takes back only the farm's hex: the farm is asked for again and placed at E2.
    answers = SETUP_ANSWERS + "food\nfarm\n\nback\nE2\n\n\n\n"  # then: done, trade food, starve E2
    result = run("play", "--seed", "7", "--log", str(path), input=answers)
    assert "Taken back: E1." in result.output
    year = years_of(path)
    assert "capital: [food]" in year and "build: [farm E2]" in year
    assert run("check", str(path)).exit_code == 0


def test_undo_plays_the_whole_year_again_before_it_is_written(tmp_path):
    path = tmp_path / "g.yaml"
    answers = SETUP_ANSWERS + "ore\nfarm\nundo\nfood\n\n\n"
    result = run("play", "--seed", "7", "--log", str(path), input=answers)
    assert "Year 1 again, from its dice." in result.output
    assert result.output.count("== Year 1 ==") == 2
    year = years_of(path)
    assert "  - fate: [4, 5]\n    capital: [food]\n" in year and "build" not in year.split("- fate")[1]


def test_back_at_the_first_question_of_a_year_cannot_reach_a_written_year(tmp_path):
    path = tmp_path / "g.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input=SETUP_ANSWERS + "back\n\n\n\n")
    assert "Nothing to take back yet this year (the years before are written in the log)." in result.output


def test_refusals_say_why_with_the_numbers(tmp_path):
    path = tmp_path / "g.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input=SETUP_ANSWERS + "\nmonument\n\n\n")
    assert "monument stage 1 costs 2+2+4 (labor+food+ore) and you have 3 ore" in result.output


def test_a_sixs_two_results_must_differ():
    from kingdom_helpers import base_kingdom

    from solo.asker import Asker
    from solo.prompts import ask_choose

    k = base_kingdom()
    k.start_year((6, 3))
    said: list[str] = []
    answers = iter(["harvest", "harvest", "strike-ore"])
    ask = Asker(echo=said.append, read=lambda prompt: next(answers))
    assert ask_choose(k, ask) == ("harvest", "strike-ore")
    assert any("a 6's 2 results must differ: you already chose harvest" in line for line in said)


def test_safe_defaults(tmp_path):
    from kingdom_helpers import base_kingdom

    from solo.advice import best_site
    from solo.asker import Asker
    from solo.prompts import ask_disasters, ask_trades

    k = base_kingdom()
    names = k.board.names
    # a new farm defaults to a river hex, a mine to a mountain
    assert k.river >> best_site(k, "farm", k.legal_hexes("farm")) & 1
    assert k.mountains >> best_site(k, "mine", k.legal_hexes("mine")) & 1
    # a disaster's default is the building that makes least: the village F4 makes 2 labor (next to
    # the farm), the river farm 2 food, the mountain mine 2 ore; a plain farm at A8 makes 1
    k.place(k.board.index["A8"], 1)
    k.start_year((1, 3))
    prompts: list[str] = []
    ask = Asker(echo=lambda s: None, read=lambda p: prompts.append(p) or "")
    lost = ask_disasters(k, (), ask)
    assert [names[h] for h in lost] == ["A8"]
    assert "[A8 farm, C3 mine, E5 farm, F4 village] (default A8 farm): " in prompts[-1]
    # when food is short, the trade prompt defaults to food
    k.resolve_fate((), lost)
    k.produce(["labor"])
    k.food, k.labor = 0, 4
    prompts.clear()
    ask_trades(k, Asker(echo=lambda s: None, read=lambda p: prompts.append(p) or ""))
    assert "(default food)" in prompts[0] and k.food == 2


def test_help_at_a_question_says_what_may_be_typed_and_asks_again(tmp_path):
    path = tmp_path / "g.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input="help\n" + SETUP_ANSWERS + "?\nlabor\n\n\n\n")
    out = result.output
    assert "At any question: Enter takes the default, help says what you may type, quit stops." in out
    # at a name: "help" is not taken as the ruler's name
    assert ("  type it as it should be written in the log (in quotes to write help or quit as a name), or Enter "
            "for none; quit: stop here") in out
    assert "ruler:" not in path.read_text()
    # at a choice: the choices, the default, back and undo, quit; and the same question again
    assert ("  type one of: food, ore, labor (Enter: food); back: take back your last decision of this year; "
            "undo: play this year again from its dice; quit: stop here (every finished year stays in the log)") in out
    assert "  - fate: [4, 5]\n    capital: [labor]\n" in years_of(path)


def test_quit_stops_as_the_end_of_input_does_keeping_every_finished_year(tmp_path):
    path = tmp_path / "g.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input=SETUP_ANSWERS + "food\n\n\n\nQUIT\nfarm\n")
    assert result.exit_code == 1  # stopped before the game was over, as at the end of input
    assert "Stopped. " in result.output and "in progress after year 1." in result.output
    assert "To continue, run again with --log" in result.output
    year = years_of(path)
    assert "  - fate: [4, 5]\n    capital: [food]\n" in year and year.count("- fate:") == 1
    assert run("check", str(path)).exit_code == 0
    # at a name, too: what was typed before it stays
    named = tmp_path / "named.yaml"
    result = run("play", "--seed", "7", "--log", str(named), input="Ada\nexit\n")
    assert result.exit_code == 1 and 'ruler: "Ada"' in named.read_text() and "kingdom:" not in named.read_text()


def test_a_name_in_quotes_is_taken_as_written_even_help_or_quit(tmp_path):
    path = tmp_path / "g.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input="\"Quit\"\n'Help'\n\"\"\nexit\n")
    assert result.exit_code == 1  # the fourth answer, exit unquoted, stops the game
    log = path.read_text()
    assert 'ruler: "Quit"' in log and 'kingdom: "Help"' in log
    assert "capital:" not in log  # "" in quotes is no name, as Enter is
