"""Typed values for a loaded game. Every one keeps the file and line it came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Colour:
    id: str
    name: str
    fill: str
    ink: str
    cue: str
    shape: str


@dataclass(slots=True)  # a deck may hold 10,000 of them: no per-item attribute dict
class Item:
    """One distinct face of a component (with its own count), e.g. 42 x Field tile."""

    id: str
    name: str
    count: int
    face: dict[str, Any]
    back: dict[str, Any] | None
    colour: Colour | None
    file: str
    line: int
    note: str = ""


@dataclass
class Component:
    """One kind of physical component: a set of tiles, a deck, a board."""

    id: str
    name: str
    kind: str
    size_mm: tuple[float, float]
    items: list[Item]
    spec: dict[str, Any]  # its mapping as written; its items' mappings are read into items and dropped
    file: str
    line: int
    orientation: str = "flat"
    corner_mm: float = 0.0

    @property
    def count(self) -> int:
        return sum(item.count for item in self.items) if self.items else 1

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
        return f"{w:.1f} x {h:.1f} mm"


@dataclass
class Game:
    id: str
    title: str
    meta: dict[str, Any]
    colours: list[Colour]
    terrain: dict[str, dict[str, Any]]
    icons: dict[str, list[dict[str, Any]]]
    components: list[Component]
    folder: str
    notes: list[str] = field(default_factory=list)
    # problems that do not stop a build (a count of 0, a ragged table): validate and build print them
    warnings: list[Any] = field(default_factory=list)
    fonts: dict[str, dict[str, str]] = field(default_factory=dict)  # name -> {regular, bold, ...: file}
    texts: dict[str, str] = field(default_factory=dict)  # shared rule texts, {text:NAME} (game.yaml texts:)

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
