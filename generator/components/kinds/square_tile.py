"""square-tile: a square (or rectangular) tile; cut in blocks that share their cut lines."""

from ...model.kinds import ComponentKind, Family, Outline, register
from .pieces import CARD_ONLY, fit_piece, paint_piece

KIND = register(ComponentKind("square-tile", Family.PIECE, "a square tile", outline=Outline.RECT, butted=True,
                              edges=4, marker=True, label="tile", face_refused=CARD_ONLY, paint=paint_piece,
                              fit=fit_piece, also_called=("square", "squaretile", "square_tile", "tile", "tiles")))
