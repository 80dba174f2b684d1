"""token: a round piece, its size its diameter; cut one by one, each with its own bleed."""

from ...model.kinds import ComponentKind, Family, Outline, register
from .pieces import CARD_ONLY, fit_piece, paint_piece

KIND = register(ComponentKind("token", Family.PIECE, "a round token", outline=Outline.ROUND, marker=True,
                              label="token", also_called=("tokens", "coin", "disc", "chip", "marker"),
                              face_refused=CARD_ONLY, paint=paint_piece, fit=fit_piece))
