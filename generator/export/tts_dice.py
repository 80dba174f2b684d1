"""Dice in the Tabletop Simulator save (docs/tabletop-simulator.md, "Dice").

TTS has custom dice (``Custom_Dice``, ``CustomImage.CustomDice.Type`` 0-5 for a d4, d6, d8, d10, d12 and
d20), but each takes one picture laid out on TTS's own template for that die, a file shipped with TTS
(``Modding/Dice Templates``) whose layout is documented nowhere we could check; a picture laid out by
guess would put faces on the wrong sides. So each die goes into the save as TTS's standard die of the
same number of sides (``Die_6``...), in the die's colour, whose description says which face each number
stands for, beside a tile showing the die's faces as they print: the net itself, or its stickers in a row.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..model import Component
from .faces import MM_PER_IN, Face
from .raster import encode_png
from .tts_objects import (
    THICKNESS,
    TILE_TYPE,
    Cursor,
    Kit,
    table_at,
    tile_scale,
    tts_object,
)

STANDARD_DIE = {4: "Die_4", 6: "Die_6", 8: "Die_8", 10: "Die_10", 12: "Die_12", 20: "Die_20"}
PER_ROW = 10  # stickers in a row of a die's faces picture


def dice_groups(comp: Component, fronts: list[Face]) -> list[list[Face]]:
    """Each die's printed pieces: a net alone, or its ``sides`` stickers (in the designer's order)."""
    if comp.spec.get("print") == "net":
        return [[face] for face in fronts]
    sides = int(comp.spec["sides"])
    return [fronts[i:i + sides] for i in range(0, len(fronts), sides)]


def face_words(face: Face) -> list[str]:
    """What each face of the die shows, in words, in order (for the die's description)."""
    look = face.look
    looks = look.faces if look is not None and look.faces else [look]
    out = []
    for one in looks:
        words = [w for w in (one.title, one.value, one.subtitle, one.text, one.icon_name or "") if w] if one else []
        out.append(" ".join(words) or "blank")
    return out


def dice_objects(kit: Kit, comp: Component, fronts: list[Face], pictures: list, cursor: Cursor) -> list[dict[str, Any]]:
    """For each die: its faces as printed (a tile) and the die to roll (TTS's standard die, a bag of
    them for several)."""
    out: list[dict[str, Any]] = []
    sides = int(comp.spec["sides"])
    cursor.new_row()
    at = 0
    w, h = comp.size_mm
    for group in dice_groups(comp, fronts):
        pics = pictures[at:at + len(group)]
        at += len(group)
        first = group[0]
        cols = min(PER_ROW, len(pics))
        rows = -(-len(pics) // cols)
        cw, ch = pics[0].size
        sheet = Image.new("RGB", (cols * cw, rows * ch), (255, 255, 255))
        for i, pic in enumerate(pics):
            sheet.paste(pic.convert("RGB"), ((i % cols) * cw, (i // cols) * ch))
        die_id = first.item.rsplit("-face-", 1)[0]
        name = f"{comp.id}/{die_id}-faces.png"
        kit.images[name] = encode_png(sheet, cw / (w / MM_PER_IN))
        kit.listed.append({"file": f"tts/{name}", "what": "die faces", "component": comp.id, "item": die_id})
        size = (cols * w, rows * h)
        label = first.label.split(": face ", 1)[0]
        words = face_words(first) if len(group) == 1 else [face_words(f)[0] for f in group]
        x, z = cursor.place(size[0] / MM_PER_IN, size[1] / MM_PER_IN + 0.4)
        scale = tile_scale(size)
        tile = tts_object("Custom_Tile", f"{label}: faces", table_at(x, z, (scale, 1.0, scale)),
                          kit.guid(kit.game.id, comp.id, die_id, "faces"),
                          description=f"the d{sides}'s faces as printed")
        tile["CustomImage"] = {"ImageURL": kit.url(name), "ImageSecondaryURL": kit.url(name), "ImageScalar": 1.0,
                               "WidthScale": 0.0, "CustomTile": {"Type": TILE_TYPE["box"], "Thickness": THICKNESS,
                                                                 "Stackable": False, "Stretch": False}}
        out.append(tile)
        colour = first.colour.fill if first.colour is not None else (first.look.fill if first.look else None)
        rolled = "\n".join(f"{n}: {word}" for n, word in enumerate(words, start=1))
        dx, dz = cursor.place(1.2, 1.2)
        dice = [tts_object(STANDARD_DIE[sides], label, table_at(dx, dz, rot_y=0.0),
                           kit.guid(kit.game.id, comp.id, die_id, str(copy)), colour=colour, description=rolled)
                for copy in range(first.count)]
        if len(dice) == 1:
            out.append(dice[0])
            continue
        bag = tts_object("Bag", f"{label} x {first.count}", table_at(dx, dz), kit.guid(kit.game.id, comp.id, die_id),
                         colour=colour or "#8a6d3b", description=f"{comp.name}: {first.count} dice")
        bag["MaterialIndex"] = -1
        bag["ContainedObjects"] = dice
        out.append(bag)
    return out
