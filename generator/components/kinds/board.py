"""board: a board or mat, one piece drawn with elements, printed whole where it fits the page and
tiled over pages (with glue strips and an assembly page) where it does not."""

from __future__ import annotations

from typing import Callable

from ...model import Component, Game
from ...model.kinds import ComponentKind, Family, register

REFUSED = {"items": "a board is one piece: draw on it with elements", "back": "a board has no back"}


def paint_board(game: Game, comp: Component, side: str, safe_mm: float = 0.0) -> Callable[..., None]:
    """The painter of the whole board centred on the origin, as a face (the gallery, PNG, TTS)."""
    from ..board import draw_board  # lazy: a game without boards does not load their drawing

    def paint(s, c, look, bleed):  # noqa: ANN001 - a painter
        w, h = c.size_mm
        s.translate(-w / 2, -h / 2)
        draw_board(s, game, c, bleed)
    return paint


KIND = register(ComponentKind("board", Family.BOARD, "a board or mat", refused=REFUSED, paint=paint_board,
                              also_called=("mat", "player-board", "playerboard", "tableau", "map", "playmat")))
