"""Typed values for a loaded game. Every one keeps the file and line it came from."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from ..record import Frozen, Record, set_field
from ..vocabulary import Orientation


class Colour(Frozen):
    """A player's colour: a frozen record (generator/record.py), equal and hashed by every field."""

    FIELDS = ("id", "name", "fill", "ink", "cue", "shape")
    __slots__ = FIELDS

    def __init__(self, id: str, name: str, fill: str, ink: str, cue: str, shape: str):
        set_field(self, "id", id)
        set_field(self, "name", name)
        set_field(self, "fill", fill)
        set_field(self, "ink", ink)
        set_field(self, "cue", cue)
        set_field(self, "shape", shape)


class Item(Record):
    """One distinct face of a component (with its own count), e.g. 42 x Field tile. A deck may hold
    10,000: a record with __slots__ (no attribute dict each)."""

    FIELDS = ("id", "name", "count", "face", "back", "colour", "file", "line", "note")
    __slots__ = FIELDS

    def __init__(self, id: str, name: str, count: int, face: dict[str, Any], back: dict[str, Any] | None,
                 colour: Colour | None, file: str, line: int, note: str = ""):
        self.id = id
        self.name = name
        self.count = count
        self.face = face
        self.back = back
        self.colour = colour
        self.file = file
        self.line = line
        self.note = note


class Component(Record):
    """One kind of physical component: a set of tiles, a deck, a board. A record (generator/record.py):
    equal when every field is, changed by ``replace``."""

    FIELDS = ("id", "name", "kind", "size_mm", "items", "spec", "file", "line", "orientation", "corner_mm")

    def __init__(self, id: str, name: str, kind: str, size_mm: tuple[float, float], items: list[Item],
                 spec: dict[str, Any],  # its mapping as written; its items' mappings are read into items and dropped
                 file: str, line: int, orientation: str = Orientation.FLAT, corner_mm: float = 0.0):
        self.id = id
        self.name = name
        self.kind = kind
        self.size_mm = size_mm
        self.items = items
        self.spec = spec
        self.file = file
        self.line = line
        self.orientation = orientation
        self.corner_mm = corner_mm

    @property
    def count(self) -> int:
        """How many pieces it prints: its items' counts, or a board's or sheet's ``copies``."""
        if self.items:
            return sum(item.count for item in self.items)
        copies = self.spec.get("copies", 1) if isinstance(self.spec, dict) else 1
        return copies if isinstance(copies, int) and not isinstance(copies, bool) and copies > 0 else 1

    @property
    def double_sided(self) -> bool:
        return any(item.back is not None for item in self.items)

    def size_text(self, long: bool = False) -> str:
        """Its size as a player reads it: short on the contents page, in words in the gallery."""
        w, h = self.size_mm
        if self.kind == "hex-tile":
            if long:
                return f"hex, {min(w, h):.1f} mm across the flats ({max(w, h):.1f} mm corner to corner)"
            return f"hex {min(w, h):.1f} mm across flats"
        if self.kind == "token":
            return f"round, {w:.1f} mm across" if long else f"round, {w:.1f} mm"
        if self.kind == "sheet":
            return "a page of text" if long else "page"
        if self.kind == "die" and isinstance(self.spec, dict) and self.spec.get("sides") in (4, 6, 8, 10, 12, 20):
            from ..polyhedra import die_of  # dice only

            sides, printed, edge = die_of(self.spec, w)
            what = f"d{sides} {printed}" if printed == "net" else f"d{sides} stickers"
            return f"{what}, {edge:.1f} mm {'faces' if printed == 'net' else 'edges'}"
        return f"{w:.1f} x {h:.1f} mm"


class Game(Record):
    """A loaded game. A record (generator/record.py): equal when every field is, changed by ``replace``."""

    FIELDS = ("id", "title", "meta", "colours", "terrain", "icons", "components", "folder", "notes", "warnings",
              "fonts", "texts")

    def __init__(self, id: str, title: str, meta: dict[str, Any], colours: list[Colour],
                 terrain: dict[str, dict[str, Any]], icons: Mapping[str, list[dict[str, Any]]],
                 components: list[Component], folder: str, notes: list[str] | None = None,
                 # problems that do not stop a build (a count of 0, a ragged table): validate and build print them
                 warnings: list[Any] | None = None,
                 fonts: dict[str, dict[str, str]] | None = None,  # name -> {regular, bold, ...: file}
                 texts: dict[str, str] | None = None):  # shared rule texts, {text:NAME} (game.yaml texts:)
        self.id = id
        self.title = title
        self.meta = meta
        self.colours = colours
        self.terrain = terrain
        self.icons = icons
        self.components = components
        self.folder = folder
        self.notes = [] if notes is None else notes
        self.warnings = [] if warnings is None else warnings
        self.fonts = {} if fonts is None else fonts
        self.texts = {} if texts is None else texts

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
