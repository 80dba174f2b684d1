"""Typed values for a loaded game. Every one keeps the file and line it came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from ..base.record import Value
from ..base.vocabulary import Orientation
from .kinds import ComponentKind, Family, Outline, declared


@dataclass(frozen=True, slots=True)
class Colour(Value):
    """A player's colour: equal and hashed by every field."""

    id: str
    name: str
    fill: str
    ink: str
    cue: str
    shape: str


@dataclass(slots=True)
class Item(Value):
    """One distinct face of a component (with its own count), e.g. 42 x Field tile. A deck may hold
    10,000: slots, no attribute dict each."""

    id: str
    name: str
    count: int
    face: dict[str, Any]
    back: dict[str, Any] | None
    colour: Colour | None
    file: str
    line: int
    note: str = ""
    group: str = ""  # the block of its sheet it prints in, under this heading (items' group:)


@dataclass
class Component(Value):
    """One kind of physical component: a set of tiles, a deck, a board. Equal when every field is,
    changed by ``replace``."""

    id: str
    name: str
    kind: str
    size_mm: tuple[float, float]
    items: list[Item]
    spec: dict[str, Any]  # its mapping as written; its items' mappings are read into items and dropped
    file: str
    line: int
    orientation: str = Orientation.FLAT
    corner_mm: float = 0.0

    @property
    def declaration(self) -> ComponentKind:
        """What its kind is: family, outline, defaults, drawing (components/kinds/ declares each kind)."""
        return declared(self.kind)

    @property
    def family(self) -> Family:
        return declared(self.kind).family

    @property
    def outline(self) -> Outline:
        return declared(self.kind).outline

    @property
    def count(self) -> int:
        """How many pieces it prints: its items' counts, or a board's or sheet's ``copies``."""
        if self.items:
            return sum(item.count for item in self.items)
        copies = self.spec.get("copies", 1) if isinstance(self.spec, dict) else 1
        return copies if isinstance(copies, int) and not isinstance(copies, bool) and copies > 0 else 1

    def line_of(self, key: str) -> int:
        """The line its ``key`` is written on, or its own line (a component made by a generator)."""
        line_of = getattr(self.spec, "line_of", None)
        return line_of(key) if line_of is not None else self.line

    @property
    def double_sided(self) -> bool:
        return any(item.back is not None for item in self.items)

    def size_text(self, long: bool = False) -> str:
        """Its size as a player reads it: short on the contents page, in words in the gallery."""
        w, h = self.size_mm
        kind = self.declaration
        if kind.outline == Outline.HEX:
            if long:
                return f"hex, {min(w, h):.1f} mm across the flats ({max(w, h):.1f} mm corner to corner)"
            return f"hex {min(w, h):.1f} mm across flats"
        if kind.outline == Outline.ROUND:
            return f"round, {w:.1f} mm across" if long else f"round, {w:.1f} mm"
        if kind.family == Family.SHEET:
            return "a page of text" if long else "page"
        if kind.family == Family.DIE and isinstance(self.spec, dict) and self.spec.get("sides") in (4, 6, 8, 10, 12, 20):
            from ..geometry.polyhedra import die_of  # dice only

            sides, printed, edge = die_of(self.spec, w)
            what = f"d{sides} {printed}" if printed == "net" else f"d{sides} stickers"
            return f"{what}, {edge:.1f} mm {'faces' if printed == 'net' else 'edges'}"
        return f"{w:.1f} x {h:.1f} mm"


@dataclass
class Game(Value):
    """A loaded game. Equal when every field is, changed by ``replace``."""

    id: str
    title: str
    meta: dict[str, Any]
    colours: list[Colour]
    terrain: dict[str, dict[str, Any]]
    icons: Mapping[str, list[dict[str, Any]]]
    components: list[Component]
    folder: str
    notes: list[str] = field(default_factory=list)
    # problems that do not stop a build (a count of 0, a ragged table): validate and build print them
    warnings: list[Any] = field(default_factory=list)
    fonts: dict[str, dict[str, str]] = field(default_factory=dict)  # name -> {regular, bold, ...: file}
    # names under fonts: whose files were refused (said at their own line, not again at each use)
    refused_fonts: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    texts: dict[str, str] = field(default_factory=dict)  # shared rule texts, {text:NAME} (game.yaml texts:)
    map_features: dict[str, dict[str, Any]] = field(default_factory=dict)  # game.yaml's own hexside/route features
    # the colour pairs game.yaml's accepted_colours: leaves alone (model/colourcheck.py's Accepted)
    accepted_colours: Any = field(default=None, compare=False, repr=False)

    @property
    def credits(self) -> str:
        m = self.meta
        parts = [f"{self.title} by {m['author']}"]
        if m.get("publisher"):
            parts.append(f"published by {m['publisher']}")
        parts.append(f"licence: {m['licence']}")
        parts.append(f"source: {m['source']}")
        return " · ".join(parts)

    def image_path(self, rel: str) -> str:
        """A picture named in the data, as a path (checked at load to lie inside the game folder)."""
        return str((Path(self.folder) / str(rel)).resolve())

    def component(self, cid: str) -> Component:
        for comp in self.components:
            if comp.id == cid:
                return comp
        raise KeyError(cid)

    def colour(self, cid: str) -> Colour:
        for colour in self.colours:
            if colour.id == cid:
                return colour
        raise KeyError(cid)
