"""Pieces that work together: every marker fits the cells it is pushed along, dice fit their boxes,
and a rule printed in two places is worded once."""

from __future__ import annotations

import shutil

import pytest

from generator.base.errors import DataErrors
from generator.build.game import expand_generated
from generator.build.loading import load_game
from generator.model import resolve_game
from generator.model.fit import SPARE_MM, marker_size_mm, tracks
from generator.model.load import discover_games
from generator.source.yamlsrc import load_yaml

GAMES = [p.name for p in discover_games()]
STANDARD_DIE_MM = 16.0


def _game(name):
    return load_game(resolve_game(name))


@pytest.mark.parametrize("name", GAMES)
def test_every_marker_fits_its_cells_with_1_mm_to_spare(name):
    game = _game(name)
    for board, el in tracks(game):
        marker = game.component(el["marker"])
        assert float(el["cell_mm"]) - marker_size_mm(marker) >= SPARE_MM, (board.name, el.get("label"))


def test_lords_of_war_names_a_marker_for_every_track():
    game = _game("lords_of_war")
    found = {(board.id, str(el.get("label", "")).split(":")[0].split(" (")[0]): el["marker"]
             for board, el in tracks(game)}
    assert found == {
        ("hero-board", "Valor"): "hero-markers", ("hero-board", "Honor"): "hero-markers",
        ("hero-board", "Renown"): "hero-markers",
        ("main-board", "Order of leadership"): "chips", ("main-board", "Season"): "season-year-markers",
        ("main-board", "Year"): "season-year-markers",
    }
    # the 3/4 in chips (19.05 mm) in 22 mm order cells; 10 mm hero markers in 12 mm cells
    assert marker_size_mm(game.component("chips")) == pytest.approx(19.05)
    assert marker_size_mm(game.component("hero-markers")) == pytest.approx(10.0)
    assert game.component("hero-markers").count == 3 * 6
    assert [i.name for i in game.component("season-year-markers").items] == ["Season marker", "Year marker"]


def test_every_track_on_every_board_is_checked_for_lords_of_war():
    """No track is left without a marker: the fit test would otherwise pass by skipping it."""
    game = _game("lords_of_war")
    boards = [c for c in expand_generated(game, 1) if c.kind == "board"]
    all_tracks = [el for b in boards for el in b.spec.get("elements") or [] if el.get("type") == "track"]
    assert all_tracks and all(el.get("marker") for el in all_tracks)


def test_a_marker_too_big_for_its_cells_is_refused_with_file_and_line(tmp_path):
    folder = tmp_path / "low"
    shutil.copytree(resolve_game("lords_of_war"), folder)
    boards = folder / "boards.yaml"
    text = boards.read_text()
    boards.write_text(text.replace("cells: 6, cell_mm: 22, start: 1, marker: chips",
                                   "cells: 6, cell_mm: 16, start: 1, marker: chips"))
    with pytest.raises(DataErrors) as err:
        load_game(folder)
    line = next(i for i, row in enumerate(boards.read_text().splitlines(), 1) if "marker: chips" in row)
    message = str(err.value)
    assert f"boards.yaml:{line}: Main board, 'Order of leadership (lowest 3d6 total first)': its 16 mm cells are " \
           "too small for Order chips of 19.05 mm" in message


def test_hero_board_dice_boxes_are_18_mm_for_16_mm_dice():
    board = _game("lords_of_war").component("hero-board")
    boxes = next(el for el in board.spec["elements"] if el.get("type") == "cells")  # a row of dice boxes
    assert [list(row) for row in boxes["cell_map"]] == [["die", "die", "die"]]
    assert boxes["cell_mm"] == 18 >= STANDARD_DIE_MM + 2 and boxes["gap_mm"] == 4


def test_valor_and_honor_read_the_same_on_the_hero_board_and_the_reference_card():
    game = _game("lords_of_war")
    texts = dict(load_yaml(resolve_game("lords_of_war") / "game.yaml")["texts"])
    hero = game.component("hero-board")
    labels = [el["label"] for el in hero.spec["elements"] if el.get("type") == "track"]
    assert labels == [f"Valor: {texts['valor']}", f"Honor: {texts['honor']}", f"Renown: {texts['renown']}"]
    combat = next(i for i in game.component("reference-cards").items if i.name == "Combat")
    bullets = [b for sec in combat.face["sections"] for b in sec.get("bullets", [])]
    assert f"Valor: {texts['valor']}. Honor: {texts['honor']}. Renown: {texts['renown']}." in bullets
    # and nothing anywhere still carries a placeholder
    assert "{text:" not in repr([c.spec for c in game.components])


def test_an_unknown_shared_text_is_refused_with_file_and_line(tmp_path):
    folder = tmp_path / "low"
    shutil.copytree(resolve_game("lords_of_war"), folder)
    boards = folder / "boards.yaml"
    boards.write_text(boards.read_text().replace("Honor: {text:honor}", "Honor: {text:honour}"))
    with pytest.raises(DataErrors) as err:
        load_game(folder)
    line = next(i for i, row in enumerate(boards.read_text().splitlines(), 1) if "{text:honour}" in row)
    assert f"boards.yaml:{line}: unknown shared text {{text:honour}}" in str(err.value)


def test_thrones_victory_points_game_has_a_0_to_21_track_and_a_marker_each():
    game = _game("thrones")
    board = game.component("vp-track")
    found = [(el["label"], int(el["start"]), int(el["cells"]), el["marker"]) for _, el in tracks(game)
             if _ is board]
    assert found == [("Orange", 0, 22, "vp-markers"), ("Blue", 0, 22, "vp-markers")]
    markers = game.component("vp-markers")
    assert sorted(i.colour.id for i in markers.items) == ["blue", "orange"] and markers.count == 2
    assert any("21" in n for n in game.notes + [repr(board.spec)])
