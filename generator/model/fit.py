"""Pieces that work together: a board track names the marker that sits in its cells
(``marker: <component id>``), and the marker must fit a cell with at least ``SPARE_MM`` to spare,
so a chip is never larger than the box it is pushed along."""

from __future__ import annotations

from typing import Any, Iterator

from ..base.errors import DataError
from .game import Component, Game
from .kinds import Family

SPARE_MM = 1.0


def marker_size_mm(comp: Component) -> float:
    """The widest extent of one marker piece: a token's diameter, a counter's longer side."""
    return max(comp.size_mm)


def tracks(game: Game) -> Iterator[tuple[Component, Any]]:
    """Every (board, track element) of the game that names a marker."""
    for comp in game.components:
        if comp.family != Family.BOARD:
            continue
        for el in comp.spec.get("elements") or []:
            if el.get("type") == "track" and el.get("marker"):
                yield comp, el


def check_markers(game: Game, errors: list[DataError]) -> None:
    by_id = {c.id: c for c in game.components}
    for board, el in tracks(game):
        marker = by_id.get(el["marker"])
        where = el.line_of("marker") if hasattr(el, "line_of") else board.line
        label = el.get("label") or "a track"
        if marker is None or not marker.declaration.marker:
            errors.append(DataError(f"{board.name}, {label!r}: marker {el['marker']!r} is not a piece "
                                    f"component of this game", board.file, where))
            continue
        cell = float(el.get("cell_mm", 10))
        size = marker_size_mm(marker)
        if cell - size < SPARE_MM:
            errors.append(DataError(f"{board.name}, {label!r}: its {cell:g} mm cells are too small for "
                                    f"{marker.name} of {size:.2f} mm (a marker needs {SPARE_MM:g} mm to spare: "
                                    f"cells of at least {size + SPARE_MM:.2f} mm)", board.file, where))
