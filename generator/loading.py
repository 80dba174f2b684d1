"""Load a game as the commands do: the model reads and checks its data
(:func:`generator.model.load.read_game`), with the checks only the drawing side can make (pictures
and fonts that can be used, text that fits its faces: :mod:`generator.components.problems`)."""

from __future__ import annotations

from pathlib import Path

from .components import problems
from .model import Game
from .model.load import read_game


def load_game(folder: str | Path, variant: str | None = None) -> Game:
    """Load and check the game in ``folder`` (as its ``variant``, if given). Raises DataErrors listing
    every problem."""
    return read_game(folder, problems, variant)
