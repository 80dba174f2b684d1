"""text: a line (or lines) of rich text at a point."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.richtext import draw_text, named_fonts
from ..base.vocabulary import Anchor
from ..source.schema import Key, num
from .keys import ANCHOR, AT, AT_MM, FONT, INK, SIZE_PT, TEXT_KEY
from .kind import Element, field

if TYPE_CHECKING:
    from ..draw.surface import Surface
    from ..model.game import Game


class Text(Element, kind="text"):
    NEEDS = ("text",)  # without it, it prints nothing
    at_mm: list[float] = field(AT_MM)
    at: Any = field(AT)
    text: Any = field(TEXT_KEY, "")
    size_pt: float = field(SIZE_PT, 10)
    font: str | None = field(FONT)
    anchor: str = field(ANCHOR, Anchor.START)
    ink: str | None = field(INK)
    rotate: float = field(Key(num(-360, 360), doc="text: turn the text about at_mm by this many degrees, "
                                                  "clockwise (90: reading downwards)"), 0)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        fam, base = named_fonts(game, self.font)
        turn = float(self.rotate)
        if turn:
            with s.saved():
                s.translate(x, y)
                s.rotate(turn)
                draw_text(s, 0.0, 0.0, str(self.text), float(self.size_pt), ink=self.ink_or(ink), family=fam,
                          base=base, anchor=self.anchor, icons=game.icons)
            return
        draw_text(s, x, y, str(self.text), float(self.size_pt), ink=self.ink_or(ink), family=fam, base=base,
                  anchor=self.anchor, icons=game.icons)
