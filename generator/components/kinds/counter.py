"""counter: a small square or oblong piece (a wargame's unit); cut in blocks that share their cut lines."""

from ...model.kinds import ComponentKind, Family, Outline, register
from .pieces import CARD_ONLY, fit_piece, paint_piece

KIND = register(ComponentKind("counter", Family.PIECE, "a counter", outline=Outline.RECT, butted=True,
                              marker=True, label="counter", face_refused=CARD_ONLY, paint=paint_piece, fit=fit_piece,
                              also_called=("chit", "chits", "counters", "unit")))
