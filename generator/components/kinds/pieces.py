"""What the tiles, tokens and counters share: their drawing (:mod:`generator.components.piece`, loaded
when the first one is drawn) and the face keys only a card prints."""

from __future__ import annotations

from typing import Any, Callable

from ...model import Component, Game

# Face keys only a card can print, and what to use instead on a tile, token or counter.
CARD_ONLY = {
    "sections": "headings, bullets and tables need a card or a sheet; on a {kind} use text (one short "
                "paragraph) or footer",
    "band": "band colours a card's title band; a {kind} has none (use fill)",
}


def paint_piece(game: Game, comp: Component, side: str, safe_mm: float = 0.0) -> Callable[..., None]:
    """The painter of one side of a tile, token or counter (``safe_mm``: a print shop's safe zone)."""
    from ..piece import draw_piece  # lazy: a deck's build never loads the pieces' drawing

    return lambda s, c, look, bleed: draw_piece(s, c, look, bleed, game, safe_mm)


def fit_piece(comp: Component, look: Any, game: Game) -> list[str]:
    """What does not fit on one face of a tile, token or counter, laid out as it prints."""
    from ..piece import layout  # lazy: a deck's validate never loads the pieces' layout

    return layout(comp, look, game).problems


__all__ = ["CARD_ONLY", "fit_piece", "paint_piece"]
