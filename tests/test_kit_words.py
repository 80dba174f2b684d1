"""Player-facing text is rules and game words only: no "the seed", no "as the issue says", no
command lines on a rule screen or a board. Credits and the choices we made go to the notes."""

from __future__ import annotations

import re

import pytest

from generator.build.game import expand_generated
from generator.build.loading import load_game
from generator.model import resolve_game
from generator.model.load import discover_games

GAMES = [p.name for p in discover_games()]
OFF_TABLE = re.compile(r"\bseeds?\b|\bissue\b|pnpforge|--seed", re.IGNORECASE)
NOTES_OFF = re.compile(r"\bthe seed\b|\bseed's\b|\bissue\b", re.IGNORECASE)
NOT_PRINTED = {"note", "notes", "id", "generator", "params", "marker", "icon", "terrain"}


def _strings(value, key=""):
    if key in NOT_PRINTED:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, key)
    elif isinstance(value, str):
        yield value


@pytest.mark.parametrize("name", GAMES)
def test_printed_text_has_no_seed_issue_or_command_line(name):
    game = load_game(resolve_game(name))
    bad = []
    for comp in expand_generated(game, 7):
        texts = list(_strings(comp.spec)) + [comp.name]
        for item in comp.items:
            texts += list(_strings(item.face)) + list(_strings(item.back or {})) + [item.name]
        bad += [(comp.id, t) for t in texts if OFF_TABLE.search(t)]
    assert bad == []


@pytest.mark.parametrize("name", GAMES)
def test_notes_speak_of_the_original_rules_not_the_seed(name):
    game = load_game(resolve_game(name))
    notes = list(game.notes) + [game.meta["source"], game.meta["author"]]
    for comp in game.components:
        notes += list(comp.spec.get("notes") or [])
    assert [n for n in notes if NOTES_OFF.search(n)] == []


def test_thrones_homeland_reads_from_the_players_seat():
    """The back row (the board's edge, nearest the player) prints at the bottom of the sheet."""
    game = load_game(resolve_game("thrones"))
    board = next(c for c in expand_generated(game, 3) if c.id == "random-homeland")
    texts = {el["text"]: el["at_mm"][1] for el in board.spec["elements"] if el["type"] == "text"}
    front = next(y for t, y in texts.items() if t.startswith("front row"))
    back = next(y for t, y in texts.items() if t.startswith("back row"))
    assert front < back
