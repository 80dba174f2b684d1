"""image: a picture file of the game folder in a box, fitted or filling it (cut to the box)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.images import draw_image
from ..base.vocabulary import ImageFit
from ..draw.surface import Path, Surface
from ..source.schema import PLAIN_COLOUR, TEXT, Key, enum
from .keys import AT, AT_MM, OVER_MAP, SIZE_MM
from .kind import Element, field

if TYPE_CHECKING:
    from ..model.game import Game


class Image(Element, kind="image"):
    COVERS = True
    NEEDS = ("image",)
    at_mm: list[float] = field(AT_MM)  # the box's top-left corner
    at: Any = field(AT)
    over_map: bool = field(OVER_MAP, False)
    size_mm: list[float] = field(SIZE_MM, [20, 20])
    image: str = field(Key(TEXT, doc="image elements: a picture file in the game folder (PNG, JPEG or SVG)"))
    fit: str = field(Key(enum(*ImageFit), doc="image elements: fit inside size_mm, or fill it (cut to the box)"),
                     ImageFit.FIT)
    tint: str | None = field(Key(PLAIN_COLOUR, doc="image elements: a PNG or JPEG printed in this one colour, its "
                                                   "dark parts in the colour, its light ones clear (black art made "
                                                   "gold for one side)"))

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        w, h = self.size_mm[:2]
        with s.saved():
            s.clip(Path.rect(x, y, w, h))
            draw_image(s, game.image_path(self.el["image"]), (x, y, x + w, y + h), self.fit, self.tint or "")
