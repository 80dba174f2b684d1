"""``--format png``: one PNG a face (front and back) at the asked resolution, for print-on-demand shops
and screens: ``<game>/png/<component>/<item>-front.png``. Each holds the cut size plus the bleed, in
whole pixels, with the resolution in its metadata. The bleed is 1/8 in unless ``--bleed`` says
otherwise: the print shops' convention (The Game Crafter's poker card is 825 x 1125 px at 300 dpi)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model import Component, Game
from .faces import PIECE_KINDS, Face, face_size_mm, item_faces, whole_face
from .raster import Shot, take

POD_BLEED_MM = 25.4 / 8  # 1/8 in


def png_faces(game: Game, components: list[Component]) -> list[Face]:
    """Every face that gets a PNG: both sides of every item, every board; text sheets are pages, not faces."""
    faces: list[Face] = []
    for comp in components:
        if comp.kind in PIECE_KINDS:
            for front, back in item_faces(game, comp):
                faces.append(front)
                if back is not None:
                    faces.append(back)
        elif comp.kind == "board":
            faces.append(whole_face(comp))
    return faces


def png_files(game: Game, components: list[Component], folder: Path, dpi: float, bleed_mm: float | None,
              jobs: int | None) -> tuple[dict[Path, bytes], dict[str, Any]]:
    """The PNG files (path -> bytes) and their manifest entry."""
    bleed = POD_BLEED_MM if bleed_mm is None else bleed_mm
    faces = png_faces(game, components)
    shots = [Shot(face, bleed, dpi) for face in faces]
    pictures = take(game, shots, jobs)
    files: dict[Path, bytes] = {}
    listed = []
    for shot, data in zip(shots, pictures):
        face = shot.face
        rel = Path("png") / face.comp.id / f"{face.item}-{face.side}.png"
        files[folder / rel] = data
        w, h = face_size_mm(face, bleed)
        px = shot.size_px()
        listed.append({"file": str(rel), "component": face.comp.id, "item": face.item, "side": face.side,
                       "count": face.count, "size_px": list(px), "size_mm": [round(w, 3), round(h, 3)]})
    return files, {"dpi": dpi, "bleed_mm": round(bleed, 3), "images": listed}
