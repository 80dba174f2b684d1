"""Load a game as the commands do: the model reads and checks its data
(:func:`generator.model.load.read_game`), with what only the layers above it know: the component kinds
(``components/kinds/``, one module a kind, registered as they are imported here), the element kinds'
declarations and checks (:mod:`generator.elements.checks`, handed in below) and the checks the drawing
makes (pictures and fonts that can be used, text that fits its faces: :mod:`generator.components.problems`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..components import kinds, problems
from ..model import Game
from ..model.format import use_element_kinds
from ..model.load import read_game


def _element_kinds() -> Any:
    # lazy: the kinds' drawing costs a validate or build of a deck without elements 55 ms to import
    from ..elements import checks

    return checks


use_element_kinds(_element_kinds)
assert kinds.KINDS  # importing components/kinds/ registered every component kind with the model


def load_game(folder: str | Path, variant: str | None = None, ready: Callable[[Game], None] | None = None) -> Game:
    """Load and check the game in ``folder`` (as its ``variant``, if given). Raises DataErrors listing
    every problem. ``ready(game)``: called as soon as the game can be built, before the checks that
    only warn (see :func:`~generator.model.load.read_game`)."""
    return read_game(folder, problems, variant, ready)
