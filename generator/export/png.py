"""``--format png``: one PNG a face (front and back) at the asked resolution, for print-on-demand shops
and screens: ``<game>/png/<component>/<item>-front.png``, and a back that every item of a component
shows, pixel for pixel, once as ``back.png``. Per component ``quantities.csv`` (file, side, count,
name) and over all ``png/print-on-demand.txt`` say what to upload and how many of each
(docs/print-on-demand-png.md). Each picture holds the cut size plus the bleed, in whole pixels, with
the resolution in its metadata and its colours marked sRGB. The bleed is 1/8 in unless ``--bleed``
says otherwise: the print shops' convention (The Game Crafter's poker card is 825 x 1125 px at 300 dpi)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from ..model import Component, Game
from ..model.kinds import Family
from .faces import Face, face_size_mm, item_faces, piece_word, whole_face
from .raster import Shot, take

POD_BLEED_MM = 25.4 / 8  # 1/8 in


def png_faces(game: Game, components: list[Component]) -> list[Face]:
    """Every face that gets a PNG: both sides of every item, every board; text sheets are pages, not faces."""
    faces: list[Face] = []
    for comp in components:
        if comp.declaration.pieces:
            for front, back in item_faces(game, comp):
                faces.append(front)
                if back is not None:
                    faces.append(back)
        elif comp.family == Family.BOARD:
            faces.append(whole_face(comp))
    return faces


def png_files(game: Game, components: list[Component], folder: Path, dpi: float, bleed_mm: float | None,
              jobs: int | None) -> tuple[dict[Path, bytes], dict[str, Any]]:
    """The PNG files (path -> bytes), each component's quantities list and the overview
    ``png/print-on-demand.txt``, and their manifest entry."""
    bleed = POD_BLEED_MM if bleed_mm is None else bleed_mm
    faces = png_faces(game, components)
    shots = [Shot(face, bleed, dpi) for face in faces]
    pictures = take(game, shots, jobs)
    shared = _shared_backs(shots, pictures)
    files: dict[Path, bytes] = {}
    listed = []
    rows: dict[str, list[tuple[str, str, int, str]]] = {}  # component -> (file, side, count, name)
    for shot, data in zip(shots, pictures):
        face = shot.face
        comp = face.comp
        name = f"{face.item}-{face.side}.png"
        count = face.count
        if face.side == "back" and comp.id in shared:
            if comp.id in rows and any(r[1] == "back" for r in rows[comp.id]):
                continue  # one file for the deck's one back
            name, count = "back.png", comp.count
        rel = Path("png") / comp.id / name
        files[folder / rel] = data
        w, h = face_size_mm(face, bleed)
        px = shot.size_px()
        listed.append({"file": str(rel), "component": comp.id, "item": face.item if name != "back.png" else "",
                       "side": face.side, "count": count, "size_px": list(px), "size_mm": [round(w, 3), round(h, 3)]})
        rows.setdefault(comp.id, []).append((name, face.side, count, face.label if name != "back.png" else
                                             f"the back of every {piece_word(comp)}"))
    by_id = {c.id: c for c in components}
    for cid, comp_rows in rows.items():
        comp_rows.sort(key=lambda r: r[1] == "back")  # the fronts, then the back (stable: data order)
        files[folder / "png" / cid / QUANTITIES] = quantities_csv(comp_rows)
    files[folder / "png" / OVERVIEW] = overview_text(game, [(by_id[cid], r) for cid, r in rows.items()], listed,
                                                     dpi, bleed).encode("utf-8")
    return files, {"dpi": dpi, "bleed_mm": round(bleed, 3), "images": listed, "overview": f"png/{OVERVIEW}",
                   "quantities": [f"png/{cid}/{QUANTITIES}" for cid in rows]}


QUANTITIES = "quantities.csv"
OVERVIEW = "print-on-demand.txt"


def _shared_backs(shots: list[Shot], pictures: list[bytes]) -> set[str]:
    """The components (of more than one item) whose every item has a back, all the same pixels."""
    backs: dict[str, list[bytes]] = {}
    items: dict[str, int] = {}
    for shot, data in zip(shots, pictures):
        comp = shot.face.comp
        if comp.declaration.pieces:
            items[comp.id] = len(comp.items)
            if shot.face.side == "back":
                backs.setdefault(comp.id, []).append(data)
    return {cid for cid, datas in backs.items() if items[cid] > 1 and len(datas) == items[cid] and len(set(datas)) == 1}


def quantities_csv(rows: list[tuple[str, str, int, str]]) -> bytes:
    """A component's files as print-on-demand shops ask for them: one row a distinct face with how many
    to print (a deck: one front a distinct card with its count, and its one back with the deck's size)."""
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(["file", "side", "count", "name"])
    for row in rows:
        out.writerow(row)
    return buf.getvalue().encode("utf-8")


def overview_text(game: Game, comps: list[tuple[Component, list[tuple[str, str, int, str]]]],
                  listed: list[dict[str, Any]], dpi: float, bleed: float) -> str:
    """``png/print-on-demand.txt``: for each component, what to upload to a print-on-demand shop."""
    size_px = {i["file"]: i["size_px"] for i in listed}
    lines = [f"{game.title}: PNG files for a print-on-demand shop", "",
             f"Every picture is the cut size plus {bleed:g} mm of bleed on each side, at {dpi:g} dpi, in sRGB.",
             "For each component: upload every front with its count; where there is one back file, it is the",
             "back of every piece of the component. The same list is in the component's quantities.csv.", ""]
    for comp, rows in comps:
        if not comp.declaration.pieces:
            w, h = size_px[f"png/{comp.id}/{rows[0][0]}"]
            lines += [f"{comp.name} ({comp.kind}): {comp.id}/{rows[0][0]}, {w} x {h} px, 1 copy", ""]
            continue
        fronts = [r for r in rows if r[1] == "front"]
        backs = [r for r in rows if r[1] == "back"]
        w, h = size_px[f"png/{comp.id}/{fronts[0][0]}"]
        word = piece_word(comp)
        lines.append(f"{comp.name}: {comp.count} {word}s, {len(fronts)} different fronts, "
                     f"{comp.size_mm[0]:.1f} x {comp.size_mm[1]:.1f} mm cut, {w} x {h} px with bleed")
        if len(backs) == 1 and backs[0][0] == "back.png":
            lines.append(f"  back (every {word}): {comp.id}/back.png x {comp.count}")
        elif backs:
            lines.append(f"  backs: each front has its own back, {comp.id}/<item>-back.png, the same count")
        else:
            lines.append("  printed one-sided: no back")
        for file, _, count, name in fronts:
            lines.append(f"  {count:>4} x {comp.id}/{file}  ({name})")
        lines.append("")
    return "\n".join(lines)
