"""Dice (issue #22 section 4): ``kind: die`` with ``sides``, ``faces`` and ``print: net | stickers``.

A die is read as other pieces are (its items are dice, each with a count and, per player, a colour;
with no items it is one die) and then made into the pieces it prints: a net is one piece a die, whose
face holds its six faces (``faces``, each a face mapping merged over the die's own keys); stickers are
one piece a face, ``sides`` items a die in the designer's order. The component's size becomes the
printed piece's bounding box (``polyhedra.die_box``), so the layout packs, marks and cuts it as any
shaped piece.
"""

from __future__ import annotations

from typing import Any

from ..base.errors import DataError, show
from ..base.vocabulary import DiePrint
from ..geometry.polyhedra import SHAPE, die_box
from ..source.yamlsrc import YList, YMap
from .game import Component, Game, Item
from .kinds import Family, kind_of
from .maps import check_elements, check_refs, unknown_icon

DIE_KEYS = ("sides", "print", "faces")
NOT_ON_A_DIE = {
    "back": "a die's faces are all its sides (faces:); a sticker or a net has no back",
    "corner_mm": "a die's stickers and net take the shape of its faces",
    "orientation": "a die's faces print upright",
    "size": "a die's size is its edge, size_mm",
    "edges": "edges are a tile's", "centre": "centre is a tile's", "edge_joins": "edge_joins is a tile's",
}


def prepared(spec: Any, errors: list[DataError]) -> Any:
    """``spec`` ready to be read as a component: the die keys refused on other kinds. (A die with no
    items was given one by :func:`one_die` before its templates were filled in.)"""
    if not isinstance(spec, YMap):
        return spec
    kind = kind_of(spec.get("kind"))
    if kind is None or kind.family != Family.DIE:
        for key in DIE_KEYS:
            if key in spec:
                errors.append(spec.error(f"{key} is a die's (kind: die); a {spec.get('kind', 'component')} "
                                         f"does not print it", key))
        for item in spec.get("items") or []:
            if isinstance(item, YMap) and "faces" in item:
                errors.append(item.error("faces is a die's (kind: die)", "faces"))
        return spec
    if spec.get("sides") is None:
        errors.append(spec.error("a die needs sides: 4, 6, 8, 10, 12 or 20", "kind"))
    for key, why in NOT_ON_A_DIE.items():
        if key in spec:
            errors.append(spec.error(f"{key} does not print on a die: {why}", key))
    if spec.get("print") == DiePrint.NET and spec.get("sides") not in (None, 6):
        errors.append(spec.error(f"print: net folds a cube (sides: 6); a d{spec.get('sides')} prints as stickers "
                                 f"(print: stickers) for a blank die", "print"))
    return spec


def one_die(spec: Any) -> Any:
    """A die written without items is one die (count 1), and a die's single item without a name is
    named as its component (not "Pip die 1"). Done before a die's templates are filled in (by the
    game's values: faces: ["{{ v }}", 2, ...]), so that they are filled in for that one die."""
    if not isinstance(spec, YMap) or (kind := kind_of(spec.get("kind"))) is None or kind.family != Family.DIE:
        return spec
    items = spec.get("items")
    if not items and not spec.get("items_from") and not spec.get("items_csv"):
        one = YMap({"id": spec.get("id"), "name": spec.get("name"), "count": 1})  # one die, named as its component
        one.file, one.line = spec.file, spec.line
        return _with_items(spec, [one], [spec.line])
    if isinstance(items, YList) and len(items) == 1 and isinstance(items[0], YMap) \
            and not any(k in items[0] for k in ("name", "title", "id")):
        one = YMap(items[0])  # a single die design (count: 2): named as its component, not "Pip die 1"
        one.file, one.line, one.key_lines = items[0].file, items[0].line, dict(items[0].key_lines)
        one["name"] = spec.get("name")
        return _with_items(spec, [one], items.item_lines)
    return spec


def _with_items(given: YMap, items: list[YMap], lines: list[int]) -> YMap:
    """A copy of a component's mapping with these items (each remembering its line)."""
    listed = YList(items)
    listed.file, listed.line, listed.item_lines = given.file, lines[0], list(lines)
    spec = YMap(given)
    spec.file, spec.line, spec.key_lines = given.file, given.line, dict(given.key_lines)
    spec["items"] = listed
    return spec


def finished(comp: Component, game: Game, errors: list[DataError]) -> Component:
    """A die made into its printed pieces (other components as they are)."""
    if comp.family != Family.DIE or comp.spec.get("sides") not in SHAPE:
        return comp
    sides = int(comp.spec["sides"])
    printed = str(comp.spec.get("print", DiePrint.STICKERS))
    spec: Any = comp.spec  # the YMap as written (a die is always read from YAML)
    edge = comp.size_mm[0]
    if abs(comp.size_mm[0] - comp.size_mm[1]) > 1e-9:
        errors.append(spec.error("a die's size_mm is one number: the edge of its faces", "size_mm"))
    shared = spec.get("faces")
    pieces: list[Item] = []
    for item in comp.items:
        given = item.face.get("faces", shared)
        where = _faces_where(spec, item, given is not shared)
        if not isinstance(given, list):
            errors.append(DataError(f"{comp.name}: a d{sides} needs faces: a list of {sides} faces, one a side "
                                    f"([1, 2, 3, ...] or face mappings)", *where))
            continue
        if len(given) != sides:
            errors.append(DataError(f"a d{sides} has {sides} faces; faces: lists {len(given)}", *where))
            continue
        base = {k: v for k, v in item.face.items() if k not in ("faces", "name")}
        faces = [_face(base, entry, comp, game, errors) for entry in given]
        if printed == DiePrint.NET:
            pieces.append(Item(item.id, item.name, item.count, {**base, "faces": faces}, None, item.colour,
                               item.file, item.line, item.note))
            continue
        for i, face in enumerate(faces, start=1):
            label = face.get("value") or face.get("title") or face.get("icon") or i
            pieces.append(Item(f"{item.id}-face-{i}", f"{item.name}: face {i} ({label})", item.count, face, None,
                               item.colour, item.file, item.line, item.note))
    return comp.replace(items=pieces, size_mm=die_box(sides, printed, edge))


def _faces_where(spec: YMap, item: Item, own: bool) -> tuple[str, int]:
    """Where a die's faces are written: the item's own faces: key, or the component's."""
    if own:
        return item.file, item.line
    return spec.file, spec.line_of("faces") if "faces" in spec else spec.line


def _face(base: dict[str, Any], entry: Any, comp: Component, game: Game, errors: list[DataError]) -> dict[str, Any]:
    """One face of a die: a number or a word is its value; a mapping is merged over the die's own keys."""
    if not isinstance(entry, dict):
        return {**base, "value": str(entry)}
    if isinstance(entry, YMap):
        for key, why in comp.declaration.face_refused.items():
            if key in entry:
                errors.append(entry.error(f"{key} does not print on a die's face: {why.format(kind=comp.kind)}",
                                          key))
        if entry.get("icon") is not None and entry["icon"] not in game.icons:
            errors.append(entry.error(unknown_icon(entry["icon"], game.icons), "icon"))
        if entry.get("terrain") is not None and entry["terrain"] not in game.terrain:
            errors.append(entry.error(f"unknown terrain {show(entry['terrain'])}", "terrain"))
        check_elements(entry.get("elements"), errors)
        check_refs(entry.get("elements"), game.icons, game.terrain, errors)
    face = {**base, **entry}
    if isinstance(face.get("value"), (int, float)) and not isinstance(face["value"], bool):
        face["value"] = str(face["value"])  # a 0 is a face's number, not an empty value
    return face
