"""What a build pays for before it draws: the records that replace dataclasses behave as the dataclasses
did, a deck without icons never reads the shared icon file, and the build's modules leave out what a
plain deck does not use."""

from __future__ import annotations

import copy
import gc
import os
import pickle
import subprocess
import sys

import pytest

from conftest import ROOT
from generator.build import Options, build_game
from generator.components.look import Look
from generator.draw.surface import Style
from generator.layout.page import PAPERS, Paper
from generator.layout.pieces import Grid
from generator.loading import load_game
from generator.model import Component, Game
from generator.yamlsrc import LIMITS, Limits

DECK = ("game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}\n"
        "components:\n"
        "  - id: deck\n"
        "    name: Deck\n"
        "    kind: card\n"
        "    size: poker\n"
        "    back: {fill: '#30336b', title: G, pattern: hatch}\n"
        "    items:\n"
        "      - {name: Gold, count: 2, value: '3', text: Gain two gold and draw a card.}\n")


def _deck(tmp_path, text=DECK):
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(text)
    return folder


def _look(**changes):
    fields = dict(fill="#ffffff", ink="#000000", pattern="none", pattern_colour="#cccccc", icon=None, icon_name=None,
                  icon_scale=1.0, title="Gold", subtitle="", value="3", text="Gain two gold.", flavour="", footer="",
                  sections=(), band="", cue=None, rotate=0.0)
    fields.update(changes)
    return Look(**fields)


# -- records: what the dataclasses gave ---------------------------------------------------------------

def test_a_frozen_record_is_a_value_hashed_by_its_fields():
    assert Paper("a4", 210.0, 297.0) == PAPERS["a4"] and hash(Paper("a4", 210.0, 297.0)) == hash(PAPERS["a4"])
    assert Paper("a4", 210.0, 297.0) != Paper("a4", 210.0, 296.0)
    assert Style(fill="#000000") == Style("#000000") and len({Style(fill="#000000"), Style("#000000")}) == 1
    assert Style(fill="#000000") != Paper("a4", 210.0, 297.0)
    assert (Paper("a4", 210.0, 297.0) == ("a4", 210.0, 297.0)) is False  # another kind: never equal
    grid = Grid(3, 3, 63.5, 88.9, 0.0, 10.0, 12.6, False, 2.0, True)
    assert {grid: 1}[Grid(3, 3, 63.5, 88.9, 0.0, 10.0, 12.6, False, 2.0, True, -1.0, "")] == 1


def test_a_look_is_equal_whatever_item_it_was_resolved_for():
    a, b = _look(where=("game.yaml", 9)), _look(where=("game.yaml", 10))
    assert a == b and hash(a) == hash(b)  # one form for both cards
    assert a != _look(title="Silver")
    assert a.key() == b.key() and a.key() != _look(title="Silver").key()


def test_a_frozen_record_refuses_a_change_and_replace_makes_a_new_one():
    style = Style(fill="#ff0000", width_mm=0.4)
    with pytest.raises(AttributeError, match="cannot assign to field 'fill'"):
        style.fill = "#000000"
    with pytest.raises(AttributeError, match="cannot delete field 'fill'"):
        del style.fill
    paler = style.replace(fill="#ffcccc")
    assert (paler.fill, paler.width_mm, style.fill) == ("#ffcccc", 0.4, "#ff0000")
    with pytest.raises(TypeError):
        style.replace(colour="#ffcccc")  # no such field, as dataclasses.replace says
    assert LIMITS.replace(aliases=False) == Limits(aliases=False) != LIMITS


def test_records_print_as_their_dataclasses_did():
    assert repr(PAPERS["a4"]) == "Paper(name='a4', width_mm=210.0, height_mm=297.0)"
    assert repr(Style(fill="#000000")) == ("Style(fill='#000000', stroke=None, width_mm=0.25, dash_mm=None, "
                                           "join='miter', cap='butt', opacity=1.0)")
    assert repr(_look()).startswith("Look(fill='#ffffff', ink='#000000', pattern='none', ")
    assert repr(_look()).endswith(", image='', image_fit='fit', where=())")  # its cached key not shown


def test_records_survive_pickling_and_copying():
    look = _look(where=("game.yaml", 9))
    look.key()
    for made in (pickle.loads(pickle.dumps(look)), copy.copy(look), copy.deepcopy(look)):
        assert made == look and made.where == ("game.yaml", 9) and made.key() == look.key()
    assert pickle.loads(pickle.dumps(Options(papers=("a4",), jobs=1))) == Options(papers=("a4",), jobs=1)
    assert pickle.loads(pickle.dumps(PAPERS["letter"])) == PAPERS["letter"]


def test_a_game_and_its_components_compare_by_value_and_are_not_hashable(tmp_path):
    game = load_game(_deck(tmp_path))
    deck = game.components[0]
    assert deck == deck.replace() and deck != deck.replace(name="Other deck")
    assert deck.replace(items=deck.items[:0]).count == 1 and deck.count == 2
    with pytest.raises(TypeError):
        hash(deck)
    assert game.replace(terrain={}) == game and game.replace(title="H") != game
    assert Options().replace(papers=("a4",)) == Options(papers=("a4",))
    assert Component("c", "C", "card", (63.5, 88.9), [], {}, "g.yaml", 3).orientation == "flat"
    assert Game("g", "G", {}, [], {}, {}, [], "f").notes == []


# -- the shared icons: read when an icon is looked up ----------------------------------------------

def test_a_deck_without_icons_builds_without_reading_the_shared_icons(tmp_path, monkeypatch):
    import generator.model.load as load

    reads = []
    real = load._common_icons
    monkeypatch.setattr(load, "_common_icons", lambda errors: reads.append(1) or real(errors))
    game = load_game(_deck(tmp_path))
    build_game(game, tmp_path / "out", Options(papers=("a4",), formats=("pdf",), jobs=1))
    assert reads == []
    assert "coin" not in game.icons and "mountain" in game.icons  # asked: read once
    assert len(game.icons["mountain"]) == 2 and reads == [1]


def test_a_game_icon_of_a_shared_name_is_the_games_own(tmp_path):
    own = DECK + "icons:\n  mountain:\n    - circle: [50, 50, 40]\n  gem:\n    - rect: [10, 10, 80, 80]\n"
    game = load_game(_deck(tmp_path, own))
    assert game.icons["mountain"] == [{"circle": [50, 50, 40]}] and "gem" in game.icons and "forest" in game.icons
    assert list(game.icons).index("gem") == len(game.icons) - 1  # the shared ones first, as before


def test_an_icon_on_a_card_is_still_drawn(tmp_path):
    def drawn(text: str, name: str) -> str:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "game.yaml").write_text(text)
        build_game(load_game(folder), tmp_path / name / "out", Options(papers=("a4",), formats=("svg",), jobs=1))
        return "".join(p.read_text() for p in sorted((tmp_path / name / "out").rglob("*.svg")))

    plain, with_icon = drawn(DECK, "plain"), drawn(DECK.replace("value: '3',", "value: '3', icon: mountain,"), "icon")
    # the mountain's two polygons, on each of the two cards (drawn once as a form, placed twice)
    assert with_icon.count("<path") + with_icon.count("<polygon") > plain.count("<path") + plain.count("<polygon")


# -- what the build process loads and does -------------------------------------------------------------

def test_a_deck_build_leaves_out_what_a_deck_does_not_use(tmp_path):
    folder = _deck(tmp_path)
    code = ("import gc, sys\nfrom generator.cli import cli\ntry:\n    cli(sys.argv[1:], prog_name='pnpforge')\n"
            "except SystemExit:\n    pass\nprint(' '.join(sorted(sys.modules)), gc.isenabled(), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, "build", str(folder), "--paper", "a4", "--format", "pdf",
                           "--jobs", "1", "--out", str(tmp_path / "out")], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    modules, enabled = done.stderr.split()[:-1], done.stderr.split()[-1]
    assert "generator.build" in modules and "yaml" in modules
    assert {"dataclasses", "difflib"} & set(modules) == set()
    # what a deck without pictures, icons, shaped pieces or generated parts does not use
    assert {"generator.components.piece", "generator.components.images", "generator.components.inksaver",
            "generator.pathdata", "generator.generators", "generator.elements"} & set(modules) == set()
    assert enabled == "True"  # the collector is off only while the build runs


def test_the_build_command_gives_the_collector_back_as_it_found_it(tmp_path):
    from click.testing import CliRunner

    from generator.cli import cli

    folder = _deck(tmp_path)
    assert gc.isenabled()
    result = CliRunner().invoke(cli, ["build", str(folder), "--paper", "a4", "--format", "pdf", "--jobs", "1",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert gc.isenabled()
    result = CliRunner().invoke(cli, ["build", str(tmp_path / "none"), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and gc.isenabled()  # a refused build too


def test_a_face_mapping_as_back_is_still_told_apart_from_none_or_same(tmp_path):
    from click.testing import CliRunner

    from generator.cli import cli

    for back, said in (("nonee", "back: expected none, same, or a face mapping"),
                       ("{pattern: hach}", "back.pattern: expected one of none, dots, lines, hatch, cross, waves, "
                                           "triangles, bricks; got 'hach' (did you mean 'hatch'?)"),
                       ("{fill: 3}", "back.fill: expected a colour like"),
                       ("same", None), ("{}", None)):
        folder = _deck(tmp_path, DECK.replace("back: {fill: '#30336b', title: G, pattern: hatch}", f"back: {back}"))
        result = CliRunner().invoke(cli, ["validate", str(folder)])
        if said is None:
            assert result.exit_code == 0, (back, result.output)
        else:
            assert result.exit_code == 1 and f"game.yaml:7: game.yaml.components[1].{said}" in result.output, back


def test_a_rebuild_that_changes_nothing_leaves_the_kit_as_it_is(tmp_path):
    folder = _deck(tmp_path)
    args = ["build", str(folder), "--paper", "a4", "--format", "pdf", "--jobs", "1", "--out", str(tmp_path / "out")]
    code = ("import sys\nfrom generator.cli import cli\ntry:\n    cli(sys.argv[1:], prog_name='pnpforge')\n"
            "except SystemExit:\n    pass\nprint('ctypes' in sys.modules, file=sys.stderr)")

    def build() -> tuple[dict[str, tuple[int, int, bytes]], str]:
        done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 0, done.stderr
        kit = tmp_path / "out" / "g"
        return ({str(p.relative_to(kit)): (p.stat().st_ino, p.stat().st_mtime_ns, p.read_bytes())
                 for p in sorted(kit.rglob("*")) if p.is_file()}, done.stderr.split()[-1])

    first, _ = build()
    again, ctypes_loaded = build()
    assert again == first and ctypes_loaded == "False"  # the very same files: nothing swapped
    (folder / "game.yaml").write_text(DECK.replace("Gold", "Silver"))
    changed, ctypes_loaded = build()
    assert set(changed) == set(first) and changed["a4/g-a4-duplex.pdf"][2] != first["a4/g-a4-duplex.pdf"][2]
    assert all(changed[k][0] != first[k][0] for k in first) and ctypes_loaded == "True"  # swapped in whole
    assert [p.name for p in (tmp_path / "out").iterdir() if p.name.startswith(".")] == []
