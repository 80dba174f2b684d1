"""group: elements drawn together, turned about a point (the edges of a tile are groups)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..draw.surface import Surface
from ..source.schema import Key, Later, ListOf, num
from .keys import AT, AT_MM
from .kind import KINDS, Element, field

if TYPE_CHECKING:
    from ..model.game import Game


def _element() -> Any:
    from . import ELEMENT  # the whole element schema, made once this package is imported

    return ELEMENT


class Group(Element, kind="group"):
    NEEDS = ("elements",)  # without it, it prints nothing
    elements: list[Any] = field(Key(ListOf(Later(_element)),
                                    doc="group: the elements drawn together (each as it would be drawn alone)"))
    rotate_deg: float = field(Key(num(-360, 360), doc="group: turn the elements clockwise by this many degrees "
                                                     "about at_mm (default 0); the elements keep their own at_mm"), 0.0)
    at_mm: list[float] = field(AT_MM)  # the point they turn about; the elements keep their own positions
    at: Any = field(AT)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        ax, ay = (float(v) for v in self.at_mm[:2])
        turn = float(self.rotate_deg)
        with s.saved():
            if turn:
                s.translate(ax, ay)
                s.rotate(turn)
                s.translate(-ax, -ay)
            for el in self.elements or []:
                KINDS[el["type"]](el).draw(s, game, self.ink_or(ink))
