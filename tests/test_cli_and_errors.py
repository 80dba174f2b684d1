"""The command line end to end, and every user mistake ending in one file:line message."""

from __future__ import annotations

import re

import pytest

from generator.cli.commands import cli
from generator.model.format import COMPONENT

GOOD = ("game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}\n"
        "components:\n"
        "  - id: t\n"
        "    name: Tiles\n"
        "    kind: hex-tile\n"
        "    size_in: 1\n"
        "    items:\n"
        "      - {count: 3, fill: '#ff0000'}\n")


def _game(tmp_path, text, name="game.yaml"):
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text)
    return folder


def _run(runner, args):
    result = runner.invoke(cli, args)
    assert "Traceback" not in (result.output + (result.stderr if result.stderr_bytes else ""))
    return result


def test_list_names_every_bundled_game_with_counts(runner):
    result = _run(runner, ["list"])
    assert result.exit_code == 0
    assert "lords_of_war: Farlanthia: Lords of War" in result.output
    assert re.search(r"127 x Terrain tiles", result.output)


def test_validate_bundled_games_is_clean(runner):
    result = _run(runner, ["validate"])
    assert result.exit_code == 0, result.output


def test_unknown_key_names_file_line_and_the_nearest_key(runner, tmp_path):
    folder = _game(tmp_path, GOOD.replace("size_in: 1", "size_inch: 1"))
    result = _run(runner, ["validate", str(folder)])
    assert result.exit_code == 1
    assert re.search(r"g/game\.yaml:6: .*unknown key 'size_inch' \(did you mean 'size_in'\?\)", result.output)


@pytest.mark.parametrize("written, meant", [("mat", "board"), ("player-board", "board"), ("deck", "card"),
                                             ("chit", "counter"), ("dice", "die"), ("coin", "token"),
                                             ("hex", "hex-tile"), ("Card", "card"), ("cardd", "card"),
                                             ("tile", "hex-tile' or 'square-tile")])
def test_a_kind_written_in_another_word_names_the_kind_it_means(runner, tmp_path, written, meant):
    """A mat or player board is a board, a deck's kind is card, a chit a counter: the other words a
    designer uses are known, and so are near misses."""
    folder = _game(tmp_path, GOOD.replace("kind: hex-tile", f"kind: {written}"))
    result = _run(runner, ["validate", str(folder)])
    assert result.exit_code == 1
    assert (f"g/game.yaml:5: components[1].kind: expected one of board, card, counter, die, generated, hex-tile, "
            f"sheet, square-tile, token; got '{written}' (did you mean '{meant}'?)") in result.output


def test_a_wrong_value_is_named_by_its_place_in_the_file_counted_from_one(runner, tmp_path):
    """The file is named once, by file:line; the value by where it sits: the first component's first
    item is components[1].items[1], and a key at the top of the file is named alone."""
    folder = _game(tmp_path, GOOD.replace("count: 3", "count: three") + "bogus: 1\n")
    result = _run(runner, ["validate", str(folder)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert "g/game.yaml:8: components[1].items[1].count: expected a whole number" in lines[0], result.output
    assert re.search(r"g/game\.yaml:9: unknown key 'bogus'; known keys: accepted_colours, ", lines[1]), result.output


def test_a_key_given_one_level_off_says_where_it_goes(runner, tmp_path):
    """per_player on an item is the component's key; value on the component is a face's."""
    folder = _game(tmp_path, GOOD.replace("    size_in: 1\n", "    size_in: 1\n    value: 3\n")
                   .replace("{count: 3,", "{per_player: true, count: 3,"))
    result = _run(runner, ["validate", str(folder)])
    assert result.exit_code == 1
    assert ("g/game.yaml:7: components[1]: unknown key 'value' here: it is a face's key: give it under face: "
            "(every item's) or on an item (that item's); known keys: back, ") in result.output, result.output
    assert ("g/game.yaml:9: components[1].items[1]: unknown key 'per_player' here: it is the component's key "
            "(beside its id, name and kind), not one item's; known keys: back, ") in result.output, result.output


def test_a_long_list_of_known_keys_ends_on_a_whole_key_and_says_how_many_more(runner, tmp_path):
    """A component has over thirty keys: the refusal of an unknown one names as many as its 300
    characters hold, each whole, and how many more the format has (none cut in half)."""
    folder = _game(tmp_path, GOOD.replace("    size_in: 1\n", "    size_in: 1\n    value: 3\n"))
    result = _run(runner, ["validate", str(folder)])
    line = next(text for text in result.output.splitlines() if "unknown key 'value'" in text)
    assert len(line) <= 300 and line.endswith(" more (docs/data-format.md)"), line
    listed = line.split("; known keys: ")[1].rsplit(" and ", 1)
    shown, more = listed[0].split(", "), int(listed[1].split()[0])
    assert shown[:3] == ["back", "bleed_mm", "columns"] and more >= 10
    keys = sorted(COMPONENT.keys)  # every key a component takes, whole and in order
    assert shown == keys[:len(shown)] and len(shown) + more == len(keys)


def test_bad_yaml_gives_file_and_line(runner, tmp_path):
    folder = _game(tmp_path, GOOD + "  - {id: x, name: [\n")
    result = _run(runner, ["validate", str(folder)])
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+: not valid YAML", result.output)


def test_a_count_of_a_billion_is_refused_before_drawing(runner, tmp_path):
    folder = _game(tmp_path, GOOD.replace("count: 3", "count: 1000000000"))
    out = tmp_path / "out"
    result = _run(runner, ["build", str(folder), "--out", str(out)])
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:8: .*count 1000000000 is over the limit of 10,000 pieces per component",
                     result.output)
    assert not out.exists()  # nothing half-written


def test_unknown_terrain_reference_is_reported_where_it_is_used(runner, tmp_path):
    folder = _game(tmp_path, GOOD.replace("fill: '#ff0000'", "terrain: swamp"))
    result = _run(runner, ["validate", str(folder)])
    assert result.exit_code == 1
    assert "game.yaml:8: unknown terrain 'swamp'" in result.output


def test_duplicate_key_is_an_error(runner, tmp_path):
    folder = _game(tmp_path, GOOD.replace("    kind: hex-tile\n", "    kind: hex-tile\n    kind: token\n"))
    result = _run(runner, ["validate", str(folder)])
    assert result.exit_code == 1
    assert "game.yaml:6: duplicate key 'kind' (first given on line 5)" in result.output


def test_missing_required_keys_are_all_listed(runner, tmp_path):
    folder = _game(tmp_path, "game: {id: g, title: G}\n")
    result = _run(runner, ["validate", str(folder)])
    assert result.exit_code == 1
    for key in ("author", "licence", "source", "players"):
        assert f"missing required key '{key}'" in result.output


def test_unknown_game_is_a_usage_error(runner):
    result = _run(runner, ["build", "no-such-game"])
    assert result.exit_code == 2
    assert "unknown game 'no-such-game'" in result.output


def test_bad_option_is_a_usage_error(runner):
    assert _run(runner, ["build", "--paper", "a3"]).exit_code == 2


def test_every_command_has_help(runner):
    for args in (["--help"], ["list", "--help"], ["validate", "--help"], ["build", "--help"]):
        result = _run(runner, args)
        assert result.exit_code == 0 and "Usage" in result.output


def test_build_writes_pdfs_svgs_and_manifest(runner, tmp_path):
    folder = _game(tmp_path, GOOD)
    out = tmp_path / "out"
    result = _run(runner, ["build", str(folder), "--out", str(out), "--paper", "letter"])
    assert result.exit_code == 0, result.output
    assert (out / "g" / "letter" / "g-letter-single.pdf").read_bytes().startswith(b"%PDF")
    assert list((out / "g" / "letter" / "svg").glob("*.svg"))
    assert (out / "g" / "manifest.json").exists() and (out / "manifest.json").exists()


def test_same_input_same_bytes(tmp_path):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from generator.model import resolve_game

    game = load_game(resolve_game("lords_of_war"))
    opts = Options(papers=("a4",), formats=("pdf", "svg"))
    build_game(game, tmp_path / "one", opts)
    build_game(game, tmp_path / "two", opts)
    one = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*") if p.is_file())
    two = sorted(p.relative_to(tmp_path / "two") for p in (tmp_path / "two").rglob("*") if p.is_file())
    assert one == two and len(one) > 10
    for rel in one:
        assert (tmp_path / "one" / rel).read_bytes() == (tmp_path / "two" / rel).read_bytes(), rel


def test_the_documented_example_game_builds(runner, tmp_path):
    from conftest import EXAMPLE

    result = _run(runner, ["build", str(EXAMPLE), "--out", str(tmp_path), "--format", "pdf"])
    assert result.exit_code == 0, result.output


def test_builds_run_in_one_process_leave_nothing_behind(runner, tmp_path):
    """A long-lived process (pnpforge watch, the fuzzer's worker, the tests) builds again and again:
    each build gives the cycle collector back as it found it and keeps nothing of the game."""
    import gc

    folder = _game(tmp_path, GOOD)
    frozen, collecting = gc.get_freeze_count(), gc.isenabled()
    for n in range(3):
        result = _run(runner, ["build", str(folder), "--paper", "a4", "--format", "pdf", "--out",
                               str(tmp_path / f"out{n}")])
        assert result.exit_code == 0, result.output
    assert gc.get_freeze_count() == frozen  # was: every build's leftovers frozen for good (0.13 MB a build)
    assert gc.isenabled() == collecting


def test_a_ctrl_c_wrapped_by_python_as_it_makes_a_class_is_still_a_ctrl_c():
    """Python 3.10 and 3.11 turn a KeyboardInterrupt raised in ``__set_name__`` (an element kind's
    fields, as the kinds load) into a RuntimeError: the command still ends as interrupted (exit 130),
    not as an internal error."""
    from generator.cli.commands import _from_ctrl_c

    class Field:
        def __set_name__(self, owner, name):  # noqa: ANN001 - a descriptor
            raise KeyboardInterrupt

    try:
        type("Kind", (), {"at_mm": Field()})
    except BaseException as exc:  # noqa: BLE001 - what Python raises differs by version
        assert _from_ctrl_c(exc)
    assert not _from_ctrl_c(ValueError("a bug"))


def test_an_item_without_a_count_prints_once_as_a_spreadsheet_row_does(runner, tmp_path):
    """A deck of unique cards needs no ``count: 1`` on every card: an item without one is printed once
    (it was refused, "missing required key 'count'", while a spreadsheet row without it was one)."""
    import json

    folder = _game(tmp_path, GOOD.replace("      - {count: 3, fill: '#ff0000'}\n",
                                          "      - {name: Ford, fill: '#ff0000'}\n"
                                          "      - {name: Hill, count: 3}\n"))
    assert _run(runner, ["validate", str(folder)]).exit_code == 0
    result = _run(runner, ["build", str(folder), "--paper", "a4", "--format", "pdf", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out" / "g" / "manifest.json").read_text())
    assert [(i["name"], i["count"]) for i in manifest["components"][0]["items"]] == [("Ford", 1), ("Hill", 3)]
    assert manifest["components"][0]["count"] == 4
