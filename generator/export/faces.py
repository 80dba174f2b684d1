"""Every face of a kit, one by one: what to draw, how big it is and how to draw it on a page of its own.

A face is one side of one item (a card, a tile kind), a whole board, or a text sheet. It is drawn with
the very painters the printed sheets use (each kind's declared ``paint``, components/kinds/, and a
sheet's ``paint_text_page``), centred on a page exactly the size of the face plus the asked-for bleed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..art.richtext import words
from ..components.look import Look, resolve
from ..draw.surface import Style, Surface
from ..layout.page import paper
from ..layout.textpage import paint_text_page
from ..model import Component, Game
from ..model.kinds import Family

MM_PER_IN = 25.4
WHITE = Style(fill="#ffffff")  # the ground of a text sheet's picture


def slug(text: str) -> str:
    """A file-name-safe form of an id: lower case letters, digits and dashes."""
    out = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")
    return out or "item"


@dataclass(frozen=True)
class Face:
    comp: Component
    item: str  # file-safe item id (the component's id for boards and sheets)
    name: str  # the item's name as players read it
    side: str  # front | back
    look: Look | None  # None for boards and sheets
    count: int  # copies of this face in the kit
    colour: Any = None  # the item's player colour, if any

    @property
    def kind(self) -> str:
        return self.comp.kind

    @property
    def label(self) -> str:
        """The item's name with its player's colour, as a player tells the pieces apart."""
        name = words(self.name)  # shown where markup is not drawn: captions, saved objects, lists
        if self.colour is not None and self.colour.name.lower() not in self.name.lower():
            return f"{name} ({words(self.colour.name)})"
        return name

    @property
    def key(self) -> str:
        return f"{self.comp.id}/{self.item}-{self.side}"


def item_faces(game: Game, comp: Component) -> list[tuple[Face, Face | None]]:
    """(front, back) for every item of a piece or card component, in data order; back is None when the
    item has no back of its own."""
    out = []
    used: set[str] = set()
    for item in comp.items:
        name = slug(item.id)
        while name in used:  # ids are unique per component; slugs could still meet
            name += "-x"
        used.add(name)
        where = (item.file, item.line)
        front = Face(comp, name, item.name, "front", resolve(game, item.face, item.colour, where), item.count,
                     item.colour)
        back = None
        if item.back is not None:
            back = Face(comp, name, item.name, "back", resolve(game, item.back, item.colour, where), item.count,
                        item.colour)
        out.append((front, back))
    return out


def piece_word(comp: Component) -> str:
    """What one piece of ``comp`` is called in the gallery and the print-on-demand list: a card, a
    tile, a token, a die's net or sticker (its kind's ``label``)."""
    if comp.family == Family.DIE:
        return "net" if comp.spec.get("print") == "net" else "sticker"
    return comp.declaration.label


def whole_face(comp: Component) -> Face:
    """A board, mat or text sheet as one face, as many as its ``copies``."""
    return Face(comp, slug(comp.id), comp.name, "front", None, comp.count)


def face_size_mm(face: Face, bleed_mm: float) -> tuple[float, float]:
    """Width and height of the face with ``bleed_mm`` of art past its cut line all round."""
    comp = face.comp
    if comp.family in (Family.PIECE, Family.DIE):
        from ..components.piece import outline  # lazy: not loaded for a deck

        x0, y0, x1, y1 = outline(comp, bleed_mm).bounds()
        return (x1 - x0, y1 - y0)
    if comp.family == Family.SHEET:
        p = paper("a4")
        return (p.width_mm, p.height_mm)
    w, h = comp.size_mm
    return (w + 2 * bleed_mm, h + 2 * bleed_mm)


def pixels(size_mm: tuple[float, float], dpi: float) -> tuple[int, int]:
    """Whole pixels for a size at a resolution (a 69.85 x 95.25 mm card at 300 dpi: 825 x 1125)."""
    return (max(1, round(size_mm[0] / MM_PER_IN * dpi)), max(1, round(size_mm[1] / MM_PER_IN * dpi)))


def paint_face(s: Surface, game: Game, face: Face, bleed_mm: float, page_w_mm: float, page_h_mm: float,
               safe_mm: float = 0.0) -> None:
    """Draw ``face`` centred on the current page (the page is the face's size, give or take a pixel);
    ``safe_mm``: a print shop's safe zone (the pieces' text keeps inside it, their outline runs into
    the bleed)."""
    comp = face.comp
    if comp.family == Family.SHEET:
        s.rect(0, 0, page_w_mm, page_h_mm, WHITE)
        paint_text_page(s, paper("a4"), comp.name, list(comp.spec.get("sections") or []),
                        int(comp.spec.get("columns", 1)))
        return
    with s.saved():
        s.translate(page_w_mm / 2, page_h_mm / 2)
        paint = comp.declaration.paint  # what the printed sheets draw this kind and side with
        if paint is not None:
            paint(game, comp, face.side, safe_mm)(s, comp, face.look, bleed_mm)
