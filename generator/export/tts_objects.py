"""The parts of a Tabletop Simulator save every kind of object is made of: GUIDs, transforms, the
fields every object carries, the kit being written (its images and their URLs) and where the next
object lies on the table. Field names are TTS's save-file classes (see ``tts.py``)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..model import Game
from .faces import MM_PER_IN

IN_PER_TILE_SCALE = 29.0 / 22.0  # longer side of a custom tile, token or board, in inches, per unit of scale
MM_PER_TILE_SCALE = IN_PER_TILE_SCALE * MM_PER_IN
THICKNESS = 0.1  # TTS units (about an inch): the thinnest a custom tile or token is offered in game
TILE_TYPE = {"box": 0, "hex": 1, "circle": 2, "rounded": 3}  # CustomTileState.Type
TABLE_Y = 1.5  # spawn height above the table


def guid(*parts: str) -> str:
    """Six hex digits, the same for the same object on every build."""
    return hashlib.sha1("|".join(parts).encode()).hexdigest()[:6]


class Guids:
    """The GUIDs of one save: each object's :func:`guid`, or, if another object of the save has it
    already, the guid of its parts and a salt (1, 2, ...) that no object has. Same kit, same GUIDs."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def new(self, *parts: str) -> str:
        got = guid(*parts)
        salt = 0
        while got in self.used:
            salt += 1
            got = guid(*parts, f"salt {salt}")
        self.used.add(got)
        return got


def _colour(hex_fill: str | None) -> dict[str, float]:
    if not hex_fill:
        return {"r": 1.0, "g": 1.0, "b": 1.0}
    h = hex_fill.lstrip("#")
    return {c: round(int(h[i:i + 2], 16) / 255, 4) for c, i in (("r", 0), ("g", 2), ("b", 4))}


def table_at(x: float, z: float, scale: tuple[float, float, float] = (1.0, 1.0, 1.0), rot_z: float = 0.0,
               rot_y: float = 180.0) -> dict[str, float]:
    return {"posX": round(x, 3), "posY": TABLE_Y, "posZ": round(z, 3), "rotX": 0.0, "rotY": rot_y, "rotZ": rot_z,
            "scaleX": round(scale[0], 4), "scaleY": round(scale[1], 4), "scaleZ": round(scale[2], 4)}


def tts_object(name: str, nickname: str, transform: dict[str, float], gid: str, *, description: str = "",
            colour: str | None = None, locked: bool = False, hands: bool = False) -> dict[str, Any]:
    """The fields every TTS object carries (ObjectState)."""
    return {"GUID": gid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": description,
            "GMNotes": "", "ColorDiffuse": _colour(colour), "Locked": locked, "Grid": True, "Snap": True,
            "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
            "HideWhenFaceDown": hands, "Hands": hands, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


class Kit:
    def __init__(self, game: Game, folder: Path, url_base: str | None, dpi: float):
        self.game = game
        self.folder = folder
        self.url_base = url_base.rstrip("/") + "/" if url_base else None
        self.dpi = dpi
        self.images: dict[str, Any] = {}  # file name in tts/ -> PNG bytes
        self.listed: list[dict[str, Any]] = []
        self.guids = Guids()

    def url(self, name: str) -> str:
        """Where TTS finds an image: the file itself, or under the game's own folder at the host."""
        if self.url_base:
            return self.url_base + quote(self.game.id) + "/" + quote(name)
        return (self.folder / "tts" / name).resolve().as_uri()

    def guid(self, *parts: str) -> str:
        return self.guids.new(*parts)


class Cursor:
    """Places objects in rows across the table, left to right, a new row for each kind of thing."""

    def __init__(self) -> None:
        self.x = -30.0
        self.z = 22.0
        self.row_depth = 0.0

    def place(self, width: float, depth: float) -> tuple[float, float]:
        if self.x + width > 30.0 and self.x > -30.0:
            self.new_row()
        x, z = self.x + width / 2, self.z - depth / 2
        self.x += width + 1.0
        self.row_depth = max(self.row_depth, depth)
        return x, z

    def new_row(self) -> None:
        if self.row_depth:
            self.x = -30.0
            self.z -= self.row_depth + 1.5
            self.row_depth = 0.0


def tile_scale(size_mm: tuple[float, float]) -> float:
    """The scale at which a custom tile, token or board is its true size: its longer side over the
    longer side of one at scale 1 (a 20 mm counter: 0.597)."""
    return max(size_mm) / MM_PER_TILE_SCALE
