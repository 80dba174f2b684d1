"""card: a card of a deck, a named size (poker, bridge, mini, tarot) or its own; rounded corners (3 mm
unless ``corner_mm``), a back shared or its own, sections of text; cut in blocks sharing cut lines."""

from __future__ import annotations

from typing import Any, Callable

from ...model import Component, Game
from ...model.kinds import ComponentKind, Family, Outline, register
from ..card import card_problems, draw_card_back, draw_card_front

# Face keys a card cannot print
PIECE_ONLY = {
    "stroke": "a line along the cut prints on tiles, tokens and counters, and on a card's plain back (its "
              "frame); a card front's edge is its cut (use band or a box element for a frame)",
    "stroke_mm": "a line along the cut prints on tiles, tokens and counters, and on a card's plain back",
}
BACK_FRAME = frozenset({"stroke", "stroke_mm"})  # a plain back's frame: its colour and width, none: no frame


def paint_card(game: Game, comp: Component, side: str, safe_mm: float = 0.0) -> Callable[..., None]:
    """The painter of a card's front or back (a card's safe zone is its layout's own)."""
    card = draw_card_front if side == "front" else draw_card_back
    return lambda s, c, look, bleed: card(s, c, look, bleed, game)


def fit_card(comp: Component, look: Any, game: Game) -> list[str]:
    """What does not fit on one face of a card: its title, text and sections laid out as they print."""
    return card_problems(comp, look)


KIND = register(ComponentKind("card", Family.CARD, "a card of a deck", outline=Outline.RECT, butted=True,
                              corner_mm=3.0, label="card", face_refused=PIECE_ONLY, back_allowed=BACK_FRAME,
                              paint=paint_card, fit=fit_card, also_called=("cards", "deck")))
