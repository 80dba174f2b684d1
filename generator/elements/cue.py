"""cue: a player's cue, the letter inside the colour's shape (for colour-blind players)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.colour import ink_for
from ..art.paint import draw_cue
from ..base.vocabulary import SHAPES
from ..source.schema import Key, enum
from .keys import AT, AT_MM, FILL, INK, SIZE_MM, TEXT_KEY
from .kind import Element, field

if TYPE_CHECKING:
    from ..draw.surface import Surface
    from ..model.game import Game


class Cue(Element, kind="cue"):
    at_mm: list[float] = field(AT_MM)  # the shape's centre
    at: Any = field(AT)
    size_mm: list[float] = field(SIZE_MM, [8])  # the first number is the shape's size
    shape: str = field(Key(enum(*SHAPES, "{shape}"), doc="cue: the player's shape ({shape} on a per-player board)"),
                       "circle")
    text: Any = field(TEXT_KEY, "")  # the letter
    fill: str | None = field(FILL)  # default: the board's ink
    ink: str | None = field(INK)  # default: black or white, whichever reads on the fill

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        size = float(self.size_mm[0])
        fill = self.el.get("fill", ink)
        draw_cue(s, str(self.shape), str(self.text), x, y, size / 2, fill, self.el.get("ink", ink_for(fill)))
