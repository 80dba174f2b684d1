"""Resolve a face's data (its own keys, its terrain, its player colour) into what to paint."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..art.colour import ink_for, mix
from ..art.richtext import DEFAULT_FAMILY, family
from ..base.record import Value
from ..base.vocabulary import ImageFit
from ..model import Colour, Game
from ..model.load import SAME


@dataclass(frozen=True, slots=True)
class Look(Value):
    """What to paint on one face: one per card of a deck, with slots (no per-instance attribute
    dict); equal and hashed by every field but ``where``."""

    fill: str
    ink: str
    pattern: str
    pattern_colour: str
    icon: tuple | None
    icon_name: str | None
    icon_scale: float
    title: str
    subtitle: str
    value: str
    text: str
    flavour: str
    footer: str
    sections: tuple
    band: str
    cue: Colour | None
    rotate: float
    player: str = ""  # a player piece: its colour's fill (the piece gets a dark outline)
    elements: tuple = ()
    outline: str = ""  # ink-saver: the ground colour kept as a band just inside the cut line
    as_front: bool = False  # a back drawn as a front (back: same)
    family: tuple = ()  # body text fonts: ((style, font name), ...); () = the built-in fonts
    title_family: tuple = ()
    image: str = ""  # a picture file inside the game folder (absolute path)
    image_fit: str = ImageFit.FIT.value  # the word (key() is in printed art names): fit or fill
    image_tint: str = ""  # the picture recoloured in this colour (art/images.tinted), or as it is
    no_frame: bool = False  # stroke: none (a card's plain back without the frame pnpforge draws)
    cut: tuple = ()  # (colour, width in mm) of a line along the inside of the cut (stroke:)
    faces: tuple = ()  # a die's net: the look of each of its faces, in the designer's order
    where: tuple = field(default=(), compare=False)  # (file, line) of the item, for warnings
    _key: str | None = field(default=None, init=False, compare=False, repr=False)  # key(), once worked out

    def key(self) -> str:
        """A stable identity for reusing drawn art (same look, same form). Asked several times per
        piece (printed once? which form?): worked out on the first call."""
        key = self._key
        if key is None:
            key = self._make_key()
            object.__setattr__(self, "_key", key)
        return key

    def _make_key(self) -> str:
        return repr((self.fill, self.ink, self.pattern, self.pattern_colour, self.icon_name, self.icon_scale,
                     self.title, self.subtitle, self.value, self.text, self.flavour, self.footer,
                     repr(self.sections), self.band, self.cue.id if self.cue else None, self.rotate,
                     repr(self.elements), self.outline, self.as_front, self.family, self.title_family,
                     self.image, self.image_fit) + ((self.cut,) if self.cut else ())
                    + ((self.image_tint,) if self.image_tint else ()) + (("no frame",) if self.no_frame else ())
                    + (tuple(face.key() for face in self.faces) if self.faces else ()))

    @property
    def fonts(self) -> Mapping[str, str]:
        return dict(self.family) if self.family else DEFAULT_FAMILY  # read-only, shared

    @property
    def title_fonts(self) -> Mapping[str, str]:
        return dict(self.title_family) if self.title_family else self.fonts


def resolve(game: Game, face: dict[str, Any], colour: Colour | None, where: tuple = ()) -> Look:
    """What to paint for ``face`` (with a player's ``colour``). An item's face is resolved when the
    game loads (its fit is checked) and again when it is drawn: the look is kept (per face mapping,
    held so it stays that mapping; faces are not changed once loaded) and handed out again. A look
    first resolved without a place (``where``) takes the place it is next asked for with."""
    key = (id(face), colour.id if colour is not None else None)
    if _RESOLVED.get("game") is not game:  # one game's looks at a time
        _RESOLVED.clear()
        _RESOLVED["game"] = game
    known = _RESOLVED.get(key)
    if known is not None and known[0] is face and known[1] is colour:
        look = known[2]
        if where and look.where != where:
            if look.where:  # one mapping shared by several items (a deck's back): a look per place
                return look.replace(where=where)
            object.__setattr__(look, "where", where)
        return look
    look = _resolve(game, face, colour, where)
    if len(_RESOLVED) > 200_000:
        _RESOLVED.clear()
        _RESOLVED["game"] = game
    _RESOLVED[key] = (face, colour, look)
    return look


_RESOLVED: dict[Any, Any] = {}


def _cut(face: dict[str, Any], fill: str, ink: str, colour: Colour | None) -> tuple:
    """``stroke:`` (and ``stroke_mm:``, default 0.5) on a piece: a line along the inside of its cut."""
    stroke = face.get("stroke")
    if stroke in (None, "none"):
        return ()
    return (_word(str(stroke), fill, ink, colour), float(face.get("stroke_mm", 0.5)))


def _word(value: str, fill: str, ink: str, colour: Colour | None) -> str:
    """A colour key given as a word (none, player, player-ink, ink, contrast) as the colour it means here."""
    if not value or value.startswith("#"):
        return value
    if value == "none":
        return fill
    if value == "player":
        return colour.fill if colour else fill
    if value == "player-ink":
        return colour.ink if colour else ink
    return ink  # ink, contrast


def _resolve(game: Game, face: dict[str, Any], colour: Colour | None, where: tuple = ()) -> Look:
    terrain = game.terrain.get(face.get("terrain") or "", {})
    fill = face.get("fill") or terrain.get("fill")
    if fill == "player" or (fill is None and colour is not None):
        fill = colour.fill if colour else "#ffffff"
    fill = fill or "#ffffff"
    if fill == "none":
        fill = "#ffffff"
    written_ink = face.get("ink") or terrain.get("ink")
    if written_ink == "player-ink" and colour is not None:
        ink = colour.ink
    elif written_ink in (None, "player", "ink", "player-ink"):
        ink = colour.ink if (colour and fill == colour.fill) else ink_for(fill)
    else:
        ink = str(written_ink)
    band = face.get("band") or ""
    if band == "player":  # the player colour's fill; on a piece of no player, the deck's own band
        band = colour.fill if colour is not None else ""
    icon_name = face.get("icon") or terrain.get("icon")
    icon = tuple(game.icons[icon_name]) if icon_name and icon_name in game.icons else None  # none: not read
    pattern = face.get("pattern") or terrain.get("pattern") or "none"
    cue = colour if (colour is not None and face.get("cue", True)) else None
    return Look(
        fill=fill, ink=ink, pattern=pattern, player=colour.fill if colour is not None else "",
        pattern_colour=terrain.get("pattern_colour") or mix(fill, ink, 0.28),
        icon=icon, icon_name=icon_name if icon else None, icon_scale=float(face.get("icon_scale", 1.0)),
        title=str(face.get("title", "") or ""), subtitle=str(face.get("subtitle", "") or ""),
        value=str(face.get("value", "") or ""), text=str(face.get("text", "") or ""),
        flavour=str(face.get("flavour", "") or ""), footer=str(face.get("footer", "") or ""),
        sections=tuple(face.get("sections") or ()), band=band,
        cue=cue, rotate=float(face.get("rotate", 0.0)), elements=tuple(face.get("elements") or ()),
        as_front=bool(face.get(SAME)),
        family=family(game, face.get("font") or "body"),
        title_family=family(game, face.get("title_font") or "title") or family(game, face.get("font") or "body"),
        image=game.image_path(face["image"]) if face.get("image") else "",
        image_fit=str(face.get("image_fit", ImageFit.FIT)), image_tint=str(face.get("image_tint") or ""),
        no_frame=face.get("stroke") == "none",
        cut=_cut(face, fill, ink, colour), where=where,
        faces=tuple(_resolve(game, one, colour, where) for one in face.get("faces") or ()),
    )
