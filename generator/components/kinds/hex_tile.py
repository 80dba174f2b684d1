"""hex-tile: a hexagonal tile, its size across the flats (or ``{flats: ...}``, ``{points: ...}``), flat
or pointy side up; cut in strips of hexes that share their flat edges."""

from ...model.kinds import ComponentKind, Family, Outline, register
from .pieces import CARD_ONLY, fit_piece, paint_piece

KIND = register(ComponentKind("hex-tile", Family.PIECE, "a hexagonal tile", outline=Outline.HEX, edges=6,
                              marker=True, label="tile", face_refused=CARD_ONLY, paint=paint_piece, fit=fit_piece,
                              also_called=("hex", "hextile", "hex_tile", "hexagon", "tile", "tiles")))
