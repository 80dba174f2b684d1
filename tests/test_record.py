"""The small value records of generator/base/record.py (a paper, a paint style, a sheet grid, a card's look,
the options, the YAML limits, a game and its components) behave as the dataclasses they replace did:
equal and hashed by their fields, frozen where they are frozen, printed, pickled and copied alike."""

from __future__ import annotations

import copy
import pickle

import pytest

from generator.build.game import Options
from generator.build.loading import load_game
from generator.components.look import Look
from generator.draw.surface import Style
from generator.layout.page import PAPERS, Paper
from generator.layout.pieces import Grid
from generator.model import Component, Game
from generator.source.yamlsrc import LIMITS, Limits

DECK = ("game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}\n"
        "components:\n"
        "  - id: deck\n"
        "    name: Deck\n"
        "    kind: card\n"
        "    size: poker\n"
        "    back: {fill: '#30336b', title: G, pattern: hatch}\n"
        "    items:\n"
        "      - {name: Gold, count: 2, value: '3', text: Gain two gold and draw a card.}\n")


def _look(**changes):
    fields = dict(fill="#ffffff", ink="#000000", pattern="none", pattern_colour="#cccccc", icon=None, icon_name=None,
                  icon_scale=1.0, title="Gold", subtitle="", value="3", text="Gain two gold.", flavour="", footer="",
                  sections=(), band="", cue=None, rotate=0.0)
    fields.update(changes)
    return Look(**fields)


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
    assert repr(_look()).endswith(", image='', image_fit='fit', image_tint='', no_frame=False, cut=(), faces=(), "
                                  "where=())")  # its cached key not shown


def test_records_survive_pickling_and_copying():
    look = _look(where=("game.yaml", 9))
    look.key()
    for made in (pickle.loads(pickle.dumps(look)), copy.copy(look), copy.deepcopy(look)):
        assert made == look and made.where == ("game.yaml", 9) and made.key() == look.key()
    assert pickle.loads(pickle.dumps(Options(papers=("a4",), jobs=1))) == Options(papers=("a4",), jobs=1)
    assert pickle.loads(pickle.dumps(PAPERS["letter"])) == PAPERS["letter"]


def test_a_game_and_its_components_compare_by_value_and_are_not_hashable(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(DECK)
    game = load_game(folder)
    deck = game.components[0]
    assert deck == deck.replace() and deck != deck.replace(name="Other deck")
    assert deck.replace(items=deck.items[:0]).count == 1 and deck.count == 2
    with pytest.raises(TypeError):
        hash(deck)
    assert game.replace(terrain={}) == game and game.replace(title="H") != game
    assert Options().replace(papers=("a4",)) == Options(papers=("a4",))
    assert Component("c", "C", "card", (63.5, 88.9), [], {}, "g.yaml", 3).orientation == "flat"
    assert Game("g", "G", {}, [], {}, {}, [], "f").notes == []
