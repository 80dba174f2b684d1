"""corner-index: a playing card's index, its rank over its suit, in one corner and the same turned
half round in the opposite one (so the card reads from either end and fanned in a hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.paint import draw_icon
from ..art.richtext import draw_text, named_fonts
from ..base.vocabulary import Anchor
from ..draw.surface import MM_PER_PT
from ..source.schema import Key, num
from .keys import AT, AT_MM, FONT, ICON, INK, SIZE_PT, TEXT_KEY
from .kind import Element, field

if TYPE_CHECKING:
    from ..draw.surface import Surface
    from ..model.game import Game


class CornerIndex(Element, kind="corner-index"):
    NEEDS = ("text",)
    at_mm: list[float] = field(AT_MM)  # the top-left index's middle, from the face's centre (the other: opposite)
    at: Any = field(AT)
    text: Any = field(TEXT_KEY)  # the rank: A, 10, K
    icon: str | None = field(ICON)  # the suit, under the rank
    size_pt: float = field(SIZE_PT, 9)  # the rank's size
    icon_mm: float = field(Key(num(1, 30), doc="corner-index: the suit's size under the rank (default 4)"), 4.0)
    font: str | None = field(FONT)
    ink: str | None = field(INK)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        colour = self.ink_or(ink)
        for turned in (False, True):
            with s.saved():
                if turned:
                    s.rotate(180.0)  # about the face's centre: the opposite corner, upside down
                self._index(s, game, x, y, colour)

    def _index(self, s: Surface, game: Game, x: float, y: float, colour: str) -> None:
        """Rank over suit, their block centred on (x, y)."""
        size = float(self.size_pt)
        cap = size * MM_PER_PT * 0.72
        suit = float(self.icon_mm) if self.icon and self.icon in game.icons else 0.0
        gap = 0.6 if suit else 0.0
        top = y - (cap + gap + suit) / 2
        family, base = named_fonts(game, self.font)
        draw_text(s, x, top + cap, str(self.text), size, ink=colour, family=family, base="bold" if base == "regular"
                  else base, anchor=Anchor.MIDDLE, icons=game.icons)
        if suit:
            draw_icon(s, game.icons[str(self.icon)], x, top + cap + gap + suit / 2, suit, colour)
