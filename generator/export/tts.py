"""``--format tts``: the kit as one Tabletop Simulator saved object.

Writes ``<game>/tts/``: for each deck, card sheets of at most 10 x 7 slots and 4096 px a side (the last
slot holds the hidden card, TTS's picture for a card in someone else's hand) and its back; front and
back images of every tile and token kind; one image of each board and mat; and ``<game>.json``, a saved
object holding all of them. Copy the folder's JSON (and its PNG thumbnail) into TTS's
``Saves/Saved Objects`` folder; the images are found through ``file:///`` URLs to where they were
written, or under ``--tts-url-base URL`` once you have put them on a web host.

Field names and types follow TTS's save-file classes as the Knowledge Base lists them
(kb.tabletopsimulator.com/custom-content/save-file-format/, custom-deck/, custom-tile/, custom-token/;
github.com/Berserk-Games/Tabletop-Simulator-Knowledge-Base), with ``CustomDeckState``'s ``Type`` (card
shape: 0 rounded rectangle, 1 rectangle) as TTS's current saves write it. tests/tts_save_schema.json
restates them as a JSON Schema and the tests check every object we write against it.

Sizes (docs/tabletop-simulator.md): TTS has no unit of length in a save, only scales, so every object
is given the scale at which it lies on the table at its true size, by one rule a kind:
- a card at scale 1 is TTS's standard card, a 63.5 x 88.9 mm poker card (2.5 x 3.5 in); a deck is scaled
  by its width and its height apart, ``(w / 63.5, 1, h / 88.9)``, so it keeps its true aspect (a
  sideways deck, wider than tall, by ``(w / 88.9, 1, h / 63.5)``);
- a custom tile, token or board at scale 1 is ``IN_PER_TILE_SCALE`` (1.318 in, 33.48 mm) along its
  longer side, and its shape follows its picture's proportions: a hex tile, a round token, a square
  counter and a board are scaled by their longer side in mm over 33.48.

Each game's images get URLs under a folder of the game's own (``--tts-url-base URL`` + ``GAME/``), so
two games built for one host never share an address. GUIDs are six hex digits derived from each
object's place in the kit, checked unique within the save (derived again, salted, on a collision).
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from ..art.richtext import words
from ..components.look import resolve
from ..components.piece import outline
from ..model import Component, Game
from ..model.kinds import Family, Outline
from .faces import MM_PER_IN, Face, face_size_mm, item_faces, whole_face
from .raster import Shot, encode_png, take
from .tts_objects import (
    THICKNESS,
    TILE_TYPE,
    Cursor,
    Kit,
    table_at,
    tile_scale,
    tts_object,
)

MAX_SIDE_PX = 4096  # TTS reads larger images, but 4096 is its advice and a safe texture size everywhere
MAX_COLS, MAX_ROWS = 10, 7  # TTS deck sheets
CARD_W_MM, CARD_H_MM = 63.5, 88.9  # TTS's scale-1 card: a poker card
BOARD_THICKNESS = 0.2
CARD_ROUNDED, CARD_RECTANGLE = 0, 1  # CustomDeckState.Type

@dataclass
class _Plan:
    """One component's pictures in the shared list: its kind of object (deck, pieces, dice, board),
    where its pictures start, and what a deck or pieces are made of."""

    kind: str
    comp: Component
    at: int
    pairs: list[tuple[Face, Face | None]] = field(default_factory=list)
    fronts: list[Face] = field(default_factory=list)  # a die's printed pieces
    sheets: list[_DeckImage] = field(default_factory=list)  # a deck's
    cell_dpi: float = 0.0  # a deck's


@dataclass
class _DeckImage:
    """One image of a TTS deck (TTS calls it a deck sheet): its faces in a grid of cols x rows."""

    key: int  # CustomDeck key: CardID = key * 100 + index
    faces: list[Face]
    cols: int
    rows: int


def deck_grid(n_faces: int) -> list[tuple[int, int, int]]:
    """(faces, cols, rows) for each sheet of a deck of ``n_faces`` different faces: at most 10 x 7 slots
    with the last slot kept for the hidden card, at least 2 x 2 (TTS's smallest sheet)."""
    per = MAX_COLS * MAX_ROWS - 1
    out = []
    left = n_faces
    while left > 0:
        n = min(per, left)
        slots = n + 1
        rows = max(2, math.ceil(slots / MAX_COLS))
        cols = max(2, math.ceil(slots / rows))
        out.append((n, cols, rows))
        left -= n
    return out


def tts_files(game: Game, components: list[Component], folder: Path, dpi: float, url_base: str | None,
              jobs: int | None) -> tuple[dict[Path, bytes], dict[str, Any]]:
    """The TTS images and saved object (path -> bytes) and the manifest entry."""
    kit = Kit(game, folder, url_base, dpi)
    decks = [c for c in components if c.family == Family.CARD and c.items]
    pieces = [c for c in components if c.family == Family.PIECE and c.items]
    boards = [c for c in components if c.family == Family.BOARD]
    dice = [c for c in components if c.family == Family.DIE and c.items]

    # 1. every picture at once, shared between the workers
    shots: list[Shot] = []
    plans: list[_Plan] = []
    key = 0
    for comp in decks:
        pairs = item_faces(game, comp)
        cell_dpi = _deck_dpi(comp, dpi, len(pairs))
        sheets = []
        start = 0
        for n, cols, rows in deck_grid(len(pairs)):
            key += 1
            sheets.append(_DeckImage(key, [f for f, _ in pairs[start:start + n]], cols, rows))
            start += n
        plans.append(_Plan("deck", comp, len(shots), pairs=pairs, sheets=sheets, cell_dpi=cell_dpi))
        for _, b in pairs:  # cards printed one-sided get a plain back with the game's name
            shots.append(Shot(_fill_back(game, comp, b), 0.0, cell_dpi, encoding="image"))
        for f, _ in pairs:
            shots.append(Shot(f, 0.0, cell_dpi, encoding="image"))
    for comp in pieces:
        pairs = item_faces(game, comp)
        plans.append(_Plan("pieces", comp, len(shots), pairs=pairs))
        for f, b in pairs:
            shots.append(Shot(f, 0.0, dpi, max_px=1024))
            if b is not None:
                shots.append(Shot(b, 0.0, dpi, max_px=1024))
    for comp in dice:  # each printed piece of a die, to show beside the die (tts_dice.py)
        fronts = [front for front, _ in item_faces(game, comp)]
        plans.append(_Plan("dice", comp, len(shots), fronts=fronts))
        shots.extend(Shot(front, 0.0, dpi, max_px=1024, encoding="image") for front in fronts)
    for comp in boards:
        plans.append(_Plan("board", comp, len(shots)))
        shots.append(Shot(whole_face(comp), 0.0, dpi, max_px=MAX_SIDE_PX))
    pictures = take(game, shots, jobs)

    # 2. images and objects
    objects: list[dict[str, Any]] = []
    cursor = Cursor()
    for plan in plans:
        comp, pairs, at = plan.comp, plan.pairs, plan.at
        if plan.kind == "deck":
            n = len(pairs)
            back_pics = pictures[at:at + n]
            front_pics = pictures[at + n:at + 2 * n]
            # one back for the deck when every card's back comes out the same, pixel for pixel
            unique_back = len({pic.tobytes() for pic in back_pics}) > 1
            common_pic = None if unique_back else back_pics[0]
            objects.append(_deck(kit, comp, pairs, plan.sheets, unique_back, front_pics, back_pics, common_pic,
                                 plan.cell_dpi, cursor))
        elif plan.kind == "pieces":
            objects.extend(_pieces(kit, comp, pairs, pictures, at, cursor))
        elif plan.kind == "dice":
            from .tts_dice import dice_objects  # dice only

            objects.extend(dice_objects(kit, comp, plan.fronts, pictures[at:at + len(plan.fronts)], cursor))
        else:
            objects.append(_board(kit, comp, pictures[at], shots[at], cursor))

    save = _save(game, objects)
    files: dict[Path, bytes] = {folder / "tts" / name: data for name, data in kit.images.items()}
    stem = game.id
    files[folder / "tts" / f"{stem}.json"] = (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode()
    thumb = _thumbnail(kit)
    if thumb is not None:
        files[folder / "tts" / f"{stem}.png"] = thumb
    info = {"saved_object": f"tts/{stem}.json",
            "url_base": kit.url_base + game.id + "/" if kit.url_base else "file:///", "images": kit.listed,
            "objects": len(objects)}
    return files, info


def _fill_back(game: Game, comp: Component, back: Face | None) -> Face:
    if back is not None:
        return back
    look = resolve(game, {"title": game.meta.get("short") or game.title}, None)
    return Face(comp, "back", comp.name, "back", look, 1)


def _deck_dpi(comp: Component, dpi: float, n_faces: int) -> float:
    """The resolution of a deck's cells: the asked dpi, lowered so each sheet fits 4096 px a side."""
    w, h = comp.size_mm
    fit = dpi
    for _, cols, rows in deck_grid(n_faces):
        fit = min(fit, (MAX_SIDE_PX - 0.5) / cols / (w / MM_PER_IN), (MAX_SIDE_PX - 0.5) / rows / (h / MM_PER_IN))
    while True:  # whole pixels: make sure rounding did not push a sheet over the limit
        cw, ch = round(w / MM_PER_IN * fit), round(h / MM_PER_IN * fit)
        if all(cols * cw <= MAX_SIDE_PX and rows * ch <= MAX_SIDE_PX for _, cols, rows in deck_grid(n_faces)):
            return fit
        fit *= 0.998


def _deck_image(pics: list, cols: int, rows: int, hidden):
    cw, ch = pics[0].size
    sheet = Image.new("RGB", (cols * cw, rows * ch), (255, 255, 255))
    for i, pic in enumerate(pics):
        sheet.paste(pic.convert("RGB"), ((i % cols) * cw, (i // cols) * ch))
    if hidden is not None:
        last = cols * rows - 1
        sheet.paste(hidden.convert("RGB"), ((last % cols) * cw, (last // cols) * ch))
    return sheet


def card_scale(comp: Component) -> tuple[float, float, float]:
    """The scale at which TTS's card (a poker card, turned sideways for a deck wider than tall) is the
    deck's true width and height: a 69.85 x 120.65 mm card is (1.1, 1, 1.357)."""
    w, h = comp.size_mm
    if w > h:
        return (w / CARD_H_MM, 1.0, h / CARD_W_MM)
    return (w / CARD_W_MM, 1.0, h / CARD_H_MM)


def _deck(kit: Kit, comp: Component, pairs, sheets: list[_DeckImage], unique_back: bool, front_pics, back_pics,
          common_pic, cell_dpi: float, cursor: Cursor) -> dict[str, Any]:
    game = kit.game
    card_type = CARD_ROUNDED if comp.corner_mm > 0 else CARD_RECTANGLE
    custom: dict[str, dict[str, Any]] = {}
    index_of: dict[int, tuple[int, int]] = {}  # item number -> (key, slot)
    start = 0
    back_name = f"{comp.id}-back.png"
    if not unique_back:
        kit.images[back_name] = encode_png(common_pic.convert("RGB"), cell_dpi)
        kit.listed.append({"file": f"tts/{back_name}", "size_px": list(common_pic.size), "what": "back"})
    for number, sheet in enumerate(sheets, start=1):
        n = len(sheet.faces)
        name = f"{comp.id}-sheet-{number}.png"
        hidden = common_pic if common_pic is not None else back_pics[start]
        img = _deck_image(front_pics[start:start + n], sheet.cols, sheet.rows, hidden)
        kit.images[name] = encode_png(img, cell_dpi)
        kit.listed.append({"file": f"tts/{name}", "size_px": list(img.size), "grid": [sheet.cols, sheet.rows],
                           "faces": n, "what": "faces"})
        entry = {"FaceURL": kit.url(name), "BackURL": kit.url(back_name), "NumWidth": sheet.cols,
                 "NumHeight": sheet.rows, "BackIsHidden": True, "UniqueBack": unique_back, "Type": card_type}
        if unique_back:
            bname = f"{comp.id}-back-sheet-{number}.png"
            bimg = _deck_image(back_pics[start:start + n], sheet.cols, sheet.rows, back_pics[start])
            kit.images[bname] = encode_png(bimg, cell_dpi)
            kit.listed.append({"file": f"tts/{bname}", "size_px": list(bimg.size), "grid": [sheet.cols, sheet.rows],
                               "faces": n, "what": "backs"})
            entry["BackURL"] = kit.url(bname)
        custom[str(sheet.key)] = entry
        for i in range(n):
            index_of[start + i] = (sheet.key, i)
        start += n
    scale = card_scale(comp)
    cursor.new_row()
    x, z = cursor.place(comp.size_mm[0] / MM_PER_IN, comp.size_mm[1] / MM_PER_IN)
    cards = []
    ids = []
    for item_no, (front, _) in enumerate(pairs):
        key, slot = index_of[item_no]
        for copy in range(front.count):
            card_id = key * 100 + slot
            ids.append(card_id)
            card = tts_object("Card", front.label, table_at(x, z, scale, rot_z=180.0),
                           kit.guid(game.id, comp.id, front.item, str(copy)), hands=True,
                           description=_describe(front))
            card["CardID"] = card_id
            card["SidewaysCard"] = comp.size_mm[0] > comp.size_mm[1]
            card["CustomDeck"] = {str(key): custom[str(key)]}
            cards.append(card)
    if len(cards) == 1:
        return cards[0]
    deck = tts_object("DeckCustom", comp.name, table_at(x, z, scale, rot_z=180.0),
                   kit.guid(game.id, comp.id), hands=True, description=f"{len(cards)} cards")
    deck["SidewaysCard"] = comp.size_mm[0] > comp.size_mm[1]
    deck["DeckIDs"] = ids
    deck["CustomDeck"] = custom
    deck["ContainedObjects"] = cards
    return deck


def _describe(face: Face) -> str:
    look = face.look
    if look is None:
        return ""
    return "\n".join(t for t in (look.subtitle, look.text, look.flavour) if t)


def _tile_type(comp: Component) -> int:
    if comp.outline == Outline.HEX:
        return TILE_TYPE["hex"]
    if comp.outline == Outline.ROUND:
        return TILE_TYPE["circle"]
    return TILE_TYPE["rounded"] if comp.corner_mm > 0 else TILE_TYPE["box"]


def piece_size_mm(comp: Component) -> tuple[float, float]:
    """A tile's, token's or counter's cut shape: its width and depth on the table (a hex across its
    corners and its flats)."""
    if comp.outline == Outline.HEX:
        return _hex_box(comp)
    return face_size_mm(whole_face(comp), 0.0)


def _hex_box(comp: Component) -> tuple[float, float]:
    x0, y0, x1, y1 = outline(comp, 0.0).bounds()
    return (x1 - x0, y1 - y0)


def _back_names(comp: Component, pairs: list[tuple[Face, Face | None]], pictures: list[Any],
                at: int) -> dict[Any, str]:
    """Each distinct back picture of a component's pieces and its file: ``<item>-back.png`` for a back
    of one kind of piece, ``back.png`` (``back-2.png`` ...) for one several kinds share."""
    backs: dict[Any, list[str]] = {}
    i = at
    for front, back in pairs:
        i += 1
        if back is not None:
            backs.setdefault(pictures[i], []).append(front.item)
            i += 1
    shared = [data for data, items in backs.items() if len(items) > 1]
    names = {}
    for data, items in backs.items():
        if len(items) == 1:
            names[data] = f"{comp.id}/{items[0]}-back.png"
        else:
            n = shared.index(data)
            names[data] = f"{comp.id}/back.png" if n == 0 else f"{comp.id}/back-{n + 1}.png"
    return names


def _pieces(kit: Kit, comp: Component, pairs, pictures, at: int, cursor: Cursor) -> list[dict[str, Any]]:
    """A bag for each kind of piece (item), holding as many as the kit has; double-sided pieces are
    Custom Tiles (front and back image), one-sided ones Custom Tokens (shape cut from the picture)."""
    game = kit.game
    out = []
    size = piece_size_mm(comp)
    scale = tile_scale(size)
    square = abs(size[0] - size[1]) < 0.01 or comp.outline in (Outline.HEX, Outline.ROUND)
    cursor.new_row()
    back_names = _back_names(comp, pairs, pictures, at)
    i = at
    for front, back in pairs:
        front_png = pictures[i]
        i += 1
        back_png = None
        if back is not None:
            back_png = pictures[i]
            i += 1
        fname = f"{comp.id}/{front.item}-front.png"
        kit.images[fname] = front_png
        kit.listed.append({"file": f"tts/{fname}", "what": "front", "component": comp.id, "item": front.item})
        bname = fname
        if back_png is not None:
            bname = back_names[back_png]
            if bname not in kit.images:  # a back many kinds of piece share: one file, one URL
                kit.images[bname] = back_png
                kit.listed.append({"file": f"tts/{bname}", "what": "back", "component": comp.id,
                                   "item": front.item if bname.endswith(f"/{front.item}-back.png") else None})
        colour = front.colour.fill if front.colour is not None else None
        x, z = cursor.place(max(size[0] / MM_PER_IN, 1.2), size[1] / MM_PER_IN + 0.4)
        copies = []
        for copy in range(front.count):
            gid = kit.guid(game.id, comp.id, front.item, str(copy))
            t = table_at(x, z, (scale, 1.0, scale))
            if back is not None or comp.double_sided:
                obj = tts_object("Custom_Tile", front.label, t, gid, colour=colour)
                obj["CustomImage"] = {"ImageURL": kit.url(fname), "ImageSecondaryURL": kit.url(bname),
                                      "ImageScalar": 1.0, "WidthScale": 0.0,
                                      "CustomTile": {"Type": _tile_type(comp), "Thickness": THICKNESS,
                                                     # a rectangle keeps its picture's proportions
                                                     "Stackable": True, "Stretch": square}}
            else:  # a token tints its whole picture: keep it white, the picture carries the colour
                obj = tts_object("Custom_Token", front.label, t, gid)
                obj["CustomImage"] = {"ImageURL": kit.url(fname), "ImageSecondaryURL": "", "ImageScalar": 1.0,
                                      "WidthScale": 0.0,
                                      "CustomToken": {"Thickness": THICKNESS, "MergeDistancePixels": 15.0,
                                                      "StandUp": False, "Stackable": True}}
            copies.append(obj)
        if len(copies) == 1:
            out.append(copies[0])
            continue
        bag = tts_object("Bag", f"{front.label} x {front.count}", table_at(x, z), kit.guid(game.id, comp.id, front.item),
                      colour=colour or "#8a6d3b", description=f"{comp.name}: {front.count} pieces")
        bag["MaterialIndex"] = -1
        bag["ContainedObjects"] = copies
        out.append(bag)
    return out


def _board(kit: Kit, comp: Component, png: bytes, shot: Shot, cursor: Cursor) -> dict[str, Any]:
    name = f"{comp.id}.png"
    kit.images[name] = png
    w, h = comp.size_mm
    kit.listed.append({"file": f"tts/{name}", "size_px": list(shot.size_px()), "what": "board", "component": comp.id})
    scale = tile_scale((w, h))
    cursor.new_row()
    x, z = cursor.place(w / MM_PER_IN, h / MM_PER_IN)
    obj = tts_object("Custom_Tile", comp.name, table_at(x, z, (scale, 1.0, scale)), kit.guid(kit.game.id, comp.id))
    obj["CustomImage"] = {"ImageURL": kit.url(name), "ImageSecondaryURL": kit.url(name), "ImageScalar": 1.0,
                          "WidthScale": 0.0,
                          "CustomTile": {"Type": TILE_TYPE["box"], "Thickness": BOARD_THICKNESS, "Stackable": False,
                                         "Stretch": False}}
    return obj


def _save(game: Game, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """A SaveState holding the kit: TTS loads every object in ObjectStates as one saved object."""
    return {"SaveName": game.title, "GameMode": game.title, "Gravity": 0.5, "PlayArea": 0.5, "Date": "",
            "Table": "", "Sky": "", "Note": words(game.credits), "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}


def _thumbnail(kit: Kit) -> bytes | None:
    """TTS shows ``<name>.png`` beside a saved object's JSON as its picture in the Saved Objects menu."""
    for name, data in kit.images.items():
        if "-sheet-" in name or "/" not in name:
            img = Image.open(io.BytesIO(data))
            img.thumbnail((256, 256))
            return encode_png(img.convert("RGB"), 72)
    return None
