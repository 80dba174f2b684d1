"""icon: one of the game's icons, centred on a point."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.paint import draw_icon
from .keys import AT, AT_MM, ICON, INK, SIZE_MM
from .kind import Element, field

if TYPE_CHECKING:
    from ..draw.surface import Surface
    from ..model.game import Game


class Icon(Element, kind="icon"):
    NEEDS = ("icon",)  # without it, it prints nothing
    at_mm: list[float] = field(AT_MM)  # the icon's centre
    at: Any = field(AT)
    size_mm: list[float] = field(SIZE_MM, [15, 15])  # the first number is the icon's size
    icon: str | None = field(ICON)
    ink: str | None = field(INK)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        if self.icon is not None and self.icon in game.icons:
            draw_icon(s, game.icons[self.icon], x, y, self.size_mm[0],
                      self.ink_or(ink))
