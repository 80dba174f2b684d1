"""The game data format, as schemas. ``docs/data-format.md`` explains each key; this file is what
``pnpforge validate`` enforces."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from ..base.errors import DataError, show
from ..base.vocabulary import (
    ORIENTATIONS,
    PAGE_ORIENTATIONS,
    PATTERNS,
    SHAPES,
    DiePrint,
    ImageFit,
)
from ..source.schema import (
    BAND,
    BOOL,
    COLOUR,
    COORD_MM,
    COUNT,
    FACE_FILL,
    FACE_INK,
    HEX_ACROSS_IN,
    HEX_ACROSS_MM,
    ID,
    LINE_CAP,
    LINE_JOIN,
    NAME_ID,
    NUM,
    PAIR_MM,
    PLAIN_COLOUR,
    PLAIN_TEXT,
    POS_MM,
    TEXT,
    Key,
    Later,
    ListOf,
    Map,
    MapOf,
    OneOf,
    Scalar,
    enum,
    integer,
    num,
    resolved,
)
from . import kinds

# the kind: word of a component: one of the kinds components/kinds/ registers (read when first checked)
KIND = Later(lambda: enum(*kinds.words(), meant=kinds.also_called))
NAMED_SIZES_MM = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "tarot": (69.85, 120.65),
}


def _path_data_problem(value: Any) -> str | None:
    from ..geometry import pathdata  # only a file with path data loads the path reader

    return pathdata.problem(value)


PATH_DATA = Scalar("SVG path data", _path_data_problem)

ICON_SHAPE = Map({
    "path": Key(PATH_DATA, doc="SVG path data (M L H V C S Q T A Z, absolute or relative) in a 100 x 100 box"),
    "circle": Key(ListOf(NUM, "[cx, cy, r]", min_items=3)),
    "polygon": Key(ListOf(ListOf(NUM, "[x, y]", min_items=2), "points", min_items=3)),
    "rect": Key(ListOf(NUM, "[x, y, w, h]", min_items=4)),
    "fill": Key(COLOUR, doc="a colour, or ink (the face's text colour; default) or none"),
    "stroke": Key(COLOUR),
    "width": Key(num(0, 50), doc="stroke width in box units (the box is 100 wide)"),
}, "icon shape", exactly_one=(("path", "circle", "polygon", "rect"),))

COLOUR_DEF = Map({
    "id": Key(ID, True),
    "name": Key(TEXT, True),
    "fill": Key(PLAIN_COLOUR, True),
    "ink": Key(PLAIN_COLOUR, doc="text and icon colour on this fill (default black or white, whichever "
                                    "reads better on it)"),
    "cue": Key(TEXT, True, doc="a letter printed on every piece of this colour"),
    "shape": Key(enum(*SHAPES), doc="a shape printed on every piece of this colour"),
}, "player colour")

TERRAIN_DEF = Map({
    "name": Key(TEXT, True),
    "fill": Key(PLAIN_COLOUR, True),
    "ink": Key(PLAIN_COLOUR),
    "pattern": Key(enum(*PATTERNS)),
    "pattern_colour": Key(PLAIN_COLOUR),
    "icon": Key(TEXT),
}, "terrain")

SECTION = Map({
    "heading": Key(TEXT),
    "text": Key(TEXT),
    "bullets": Key(ListOf(TEXT)),
    "rows": Key(ListOf(ListOf(TEXT, "cells", single_ok=True), "table rows")),
    "header": Key(ListOf(TEXT)),
    "widths": Key(ListOf(num(0.1, 100))),
}, "section")

FACE_KEYS: dict[str, Key] = {
    "name": Key(TEXT),
    "title": Key(TEXT, doc="text at the top (default: the item's name on cards)"),
    "subtitle": Key(TEXT),
    "value": Key(TEXT, doc="a big number or letter"),
    "text": Key(TEXT, doc="body text, wrapped"),
    "flavour": Key(TEXT),
    "footer": Key(TEXT),
    "sections": Key(ListOf(SECTION)),
    "fill": Key(FACE_FILL, doc="a colour, or player (the player colour's fill) or none (white)"),
    "ink": Key(FACE_INK, doc="text colour; player or ink: black or white, whichever reads on the fill "
                             "(the player colour's ink on its fill), player-ink: the player colour's ink"),
    "terrain": Key(ID),
    "pattern": Key(enum(*PATTERNS)),
    "icon": Key(TEXT),
    "icon_scale": Key(num(0.1, 2.0)),
    "band": Key(BAND, doc="colour of a card's title band; player: the player colour's fill; none: no band "
                          "(the title on the card's ground, the face's elements uncovered)"),
    "cue": Key(BOOL, doc="print the player colour's cue letter and shape (default true)"),
    "rotate": Key(num(-360, 360)),
    "image": Key(TEXT, doc="a picture file in the game folder (PNG, JPEG or SVG), e.g. art/forest.png"),
    "image_tint": Key(PLAIN_COLOUR, doc="the picture (a PNG or JPEG) printed in this one colour: its dark parts "
                                        "in the colour, its light ones clear (black art made gold)"),
    "image_fit": Key(enum(*ImageFit), doc="fit: all of the picture shows; fill: it covers the face "
                                              "out to the bleed, cut to the piece's shape (default fit)"),
    "font": Key(ID, doc="a font named under fonts: in game.yaml, for this face's text (default body)"),
    "title_font": Key(ID, doc="a font named under fonts: for the title and value (default title)"),
    "stroke": Key(COLOUR, doc="tiles, tokens and counters: a line of this colour along the inside of the cut "
                              "(none: no line)"),
    "stroke_mm": Key(num(0.1, 5), doc="the width of that line (default 0.5)"),
}
FACE = Map(FACE_KEYS, "face")
BACK = OneOf((enum("none", "same"), FACE), "none, same, or a face mapping")

ITEM = Map({
    "id": Key(ID),
    "count": Key(COUNT, doc="how many of this piece to print (default 1)"),
    "colour": Key(ID, doc="player colour id of this item"),
    "back": Key(BACK),
    "note": Key(TEXT),
    "group": Key(PLAIN_TEXT, doc="pieces: the block of the sheet this item prints in, under this heading (a side, an "
                           "arm, a turn of entry): each group its own block, in the order they first come"),
    **FACE_KEYS,
}, "item")

class ElementKinds(Protocol):
    """What the model knows of the element kinds (:mod:`generator.elements`, handed in from above by
    :func:`use_element_kinds`: the model imports no drawing). Each kind declares its keys in its own
    module; the model checks against them."""

    ELEMENT: Map  # every key of every kind, each with its one schema and wording

    def key_problems(self, el: dict[str, Any]) -> list[tuple[str, str]]: ...

    def box_mm(self, el: dict[str, Any]) -> tuple[float, float, float, float] | None: ...

    def missing(self, el: dict[str, Any]) -> tuple[str, ...]: ...

    def element_problems(self, elements: Any, box: tuple[float, float, float, float] | None, what: str,
                         errors: list[DataError], warnings: list[DataError], per_player: bool,
                         text_width_mm: Callable[[str, float, str], float] | None) -> None: ...


_ELEMENT_KINDS: list[Callable[[], ElementKinds]] = []


def use_element_kinds(give: Callable[[], ElementKinds]) -> None:
    """Hand the model the element kinds: ``give()`` returns them, called the first time a game names an
    element (a deck without elements never loads their drawing). :mod:`generator.build.loading` calls this."""
    _ELEMENT_KINDS[:] = [give]


def element_kinds() -> ElementKinds:
    """The element kinds handed in by :func:`use_element_kinds`."""
    if not _ELEMENT_KINDS:
        raise RuntimeError("the element kinds were not handed to the model: import generator.build.loading first")
    return _ELEMENT_KINDS[0]()


ELEMENT = Later(lambda: element_kinds().ELEMENT)
FACE_KEYS["elements"] = Key(ListOf(ELEMENT), doc="extra drawing on a piece face, mm from its centre")
FACE.keys["elements"] = FACE_KEYS["elements"]
ITEM.keys["elements"] = FACE_KEYS["elements"]

COMPONENT = Map({
    "id": Key(ID, True),
    "name": Key(PLAIN_TEXT, True),
    "kind": Key(KIND, True),  # not required with extend: (see the formats block below)
    "size": Key(enum(*NAMED_SIZES_MM), doc="a named card size"),
    "size_mm": Key(OneOf((POS_MM, PAIR_MM), "a size in mm or [width, height]")),
    "size_in": Key(OneOf((num(0.1, 100), ListOf(num(0.1, 100), min_items=2)), "a size in inches")),
    "orientation": Key(enum(*ORIENTATIONS, *PAGE_ORIENTATIONS),
                       doc="hex-tile: flat or pointy (a flat side on top, or a corner); board and sheet: "
                           "portrait or landscape, the pages it prints on (default: build's --orientation)"),
    "corner_mm": Key(num(0, 20)),
    "bleed_mm": Key(num(0, 6), doc="art past the cut line (default 3 mm, less for small pieces)"),
    "per_player": Key(BOOL),
    "players": Key(ListOf(ID)),
    "back": Key(BACK),
    "face": Key(FACE),
    "items": Key(ListOf(ITEM, "one '- {name: Bend, count: 6}' per item; with items_from: each row of the "
                             "spreadsheet is an item, its headers naming the keys")),
    "elements": Key(ListOf(ELEMENT)),
    "sections": Key(ListOf(SECTION)),
    "columns": Key(integer(1, 3)),
    "generator": Key(ID),
    "params": Key(Map({}, "generator parameters", open=True)),
    "note": Key(TEXT),
    "notes": Key(ListOf(TEXT)),
    "units": Key(enum("mm", "px", "in"), doc="the unit of every *_mm number of this component's elements: mm "
                                              "(default, from a face's centre or a board's top-left), or px (at "
                                              "dpi) or in, from the layout's top-left corner as Squib and nanDECK "
                                              "give them (see origin)"),
    "dpi": Key(num(36, 2400), doc="units: px: pixels to the inch (default 300, as Squib's)"),
    "origin": Key(ListOf(num(-100000, 100000), "[x, y]", min_items=2),
                  doc="units: px or in: where the cut's top-left corner is, in those units (Squib's layouts "
                      "include its 1/8 in bleed: [37.5, 37.5] at 300 dpi); default [0, 0]"),
}, "component")

GAME = Map({
    "id": Key(ID, True),
    "title": Key(PLAIN_TEXT, True),
    "short": Key(PLAIN_TEXT),
    "author": Key(TEXT, True),
    "licence": Key(TEXT, True),
    "source": Key(TEXT, True),
    "publisher": Key(TEXT),
    "year": Key(integer(1000, 3000)),
    "players": Key(ListOf(integer(1, 20), "[min, max]", min_items=2), True),
    "notes": Key(ListOf(TEXT), doc="where the source is inconsistent or silent, and what we chose"),
}, "game")

FONT_FILES = Map({
    "regular": Key(TEXT, True),
    "bold": Key(TEXT),
    "italic": Key(TEXT),
    "bolditalic": Key(TEXT),
    "fallback": Key(TEXT, doc="a font file for the characters the others lack (a star, an arrow, an accented "
                              "letter): they print in it instead of as empty boxes"),
}, "font files")
FONT_DEF = OneOf((TEXT, FONT_FILES), "a TrueType file (fonts/X.ttf) or {regular: ..., bold: ..., italic: ..., "
                                     "bolditalic: ...}")

GAME_FILE = Map({
    "format": Key(integer(1, 1)),
    "game": Key(GAME, True),
    "fonts": Key(MapOf(FONT_DEF), doc="the game's own TrueType fonts by name; body and title are used "
                                      "by default for text and titles"),
    "colours": Key(ListOf(COLOUR_DEF)),
    "terrain": Key(MapOf(TERRAIN_DEF)),
    "icons": Key(MapOf(ListOf(ICON_SHAPE))),
    "texts": Key(MapOf(TEXT), doc="shared rule texts, printed wherever a text says {text:NAME}"),
    "components": Key(ListOf(COMPONENT)),
    "accepted_colours": Key(ListOf(Map({
        "pair": Key(ListOf(TEXT, "two colours: player colour ids, terrain names or #rrggbb", min_items=2),
                  True, doc="the two colours, as the warning names them"),
        "why": Key(TEXT, True, doc="what tells them apart on the table (printed nowhere; it is for the next "
                                   "designer)"),
    }, "accepted colour pair")), doc="pairs of colours the colour-vision check is to leave alone, each with why "
                                     "(docs/colour-vision.md)"),
}, "game file")

PART_FILE = Map({
    "format": Key(integer(1, 1)),
    "terrain": Key(MapOf(TERRAIN_DEF)),
    "icons": Key(MapOf(ListOf(ICON_SHAPE))),
    "components": Key(ListOf(COMPONENT)),
}, "game part file")

ICONS_FILE = Map({"icons": Key(MapOf(ListOf(ICON_SHAPE)), True)}, "icon library")


__all__ = ["GAME_FILE", "PART_FILE", "ICONS_FILE", "NAMED_SIZES_MM", "KIND", "COORD_MM"]


# -- maps as wargamers write them, spreadsheets and reuse (issue #11 §3-§4; the "formats" block) ------
# Kept apart from the keys above so the two halves of #11 can be merged without trampling each other.

def _table_key(v: Any) -> str | None:
    """A key of a values table, as a cell writes it: ``A``, ``Worker``, ``Heavy Cavalry``, ``12``."""
    if isinstance(v, bool) or not isinstance(v, (str, int)) or isinstance(v, str) and not 0 < len(v) <= 64:
        return "expected a text of up to 64 characters or a whole number (put yes, no, on, off in quotes)"
    return None


CELL_KEY = Scalar("table key", _table_key, {"type": "string", "pattern": "^.{1,64}$"})  # as a cell writes it

COMPONENT.keys.update({
    "size_mm": Key(OneOf((POS_MM, PAIR_MM, HEX_ACROSS_MM),
                         "a size in mm, [width, height], or for hexes {flats: X} or {points: X}")),
    "size_in": Key(OneOf((num(0.1, 100), ListOf(num(0.1, 100), min_items=2), HEX_ACROSS_IN),
                         "a size in inches, [width, height], or for hexes {flats: X} or {points: X}")),
    "extend": Key(ID, doc="another component's id: start from its kind, size, face and back"),
    "pack_with": Key(ID, doc="another one-sided piece component's id: print this one's pieces right after "
                             "its pieces, on the same sheet while a row fits (a labelled block of their own)"),
    "sheet_title": Key(PLAIN_TEXT, doc="pieces: a title printed at the top of every sheet whose first block is "
                                 "this component's (a counter sheet's name: \"Kursk 1943: counters\")"),
    "group_fill": Key(MapOf(PLAIN_COLOUR, "group: colour", key=CELL_KEY),
                      doc="pieces: a colour zone behind each group's block on the sheet, fronts and backs "
                          "(its items' group: names it), under the block's heading and crop marks"),
    "items_csv": Key(TEXT, doc="a CSV or TSV file in the game folder: a row an item, columns named "
                               "like item keys (back.title for the back's title)"),
})
COMPONENT.keys["kind"] = Key(KIND, doc="required, unless the component extends another")

# Generated components: each generator's params, documented here and checked before it runs.
# Old, game-named generators were renamed to these general ones.
RENAMED_GENERATORS = {"farlander-suggested-map": "tile-arrangement", "thrones-homeland": "homeland",
                      "ktech-map": "clustered-terrain-map"}
_TERRAIN_COUNTS = MapOf(integer(0, 10_000), "terrain: number")
GENERATOR_PARAMS = {
    "tile-arrangement": Map({
        "tiles": Key(ListOf(ID, "the hex-tile components to lay out", min_items=1), True,
                     doc="the hex-tile component(s) (ids) holding seven tiles: one component whose seven "
                         "items each carry their own elements, or seven single-tile components; laid as a "
                         "flower (one in the middle, six around), shuffled and turned by the seed"),
        "size_mm": Key(PAIR_MM, doc="the page's size (default [180, 240])"),
        "map_width_mm": Key(POS_MM, doc="how wide the drawn arrangement is (default: the page less 8 mm)"),
        "title": Key(TEXT, doc="the heading; {game} and {seed} are filled in "
                               "(default \"{game}: suggested map (seed {seed})\")"),
    }, "tile-arrangement params"),
    "homeland": Map({
        "columns": Key(integer(3, 40), doc="tiles across (default 9)"),
        "rows": Key(integer(1, 40), doc="rows of tiles (default 4); row 1 is the back row, at the board's edge"),
        "tile_mm": Key(POS_MM, doc="a square's side on the printed plan (default 25.4)"),
        "counts": Key(_TERRAIN_COUNTS, True, doc="how many tiles of each terrain; they fill the grid exactly"),
        "every_row": Key(ListOf(ID), doc="terrains every row must hold at least once"),
        "off_edge": Key(ID, True, doc="the one terrain tile that must not touch the board's edge: never in "
                                      "the outer columns nor the back row (a count of exactly 1)"),
        "title": Key(TEXT, doc="the heading; {game} and {seed} are filled in "
                               "(default \"{game}: a random homeland (seed {seed})\")"),
    }, "homeland params"),
    "clustered-terrain-map": Map({
        "columns": Key(integer(2, 60), doc="hexes across, flat-topped columns (default 12)"),
        "rows": Key(integer(2, 60), doc="hexes down (default 16)"),
        "hex_mm": Key(POS_MM, doc="across the flats (default 26)"),
        "regions": Key(_TERRAIN_COUNTS, True, doc="how many clusters of each terrain are seeded"),
        "growth": Key(MapOf(num(0.01, 100), "terrain: rate"), doc="how fast each terrain's clusters grow "
                                                                 "(default 1)"),
        "north": Key(ListOf(ID), doc="terrains whose clusters start in the top quarter"),
        "south": Key(ListOf(ID), doc="terrains whose clusters start in the bottom third"),
        "water": Key(ID, doc="the water terrain (default water)"),
        "min_water_body": Key(integer(1, 1000), doc="smaller bodies of water become land (default 4)"),
        "min_water_hexes": Key(integer(0, 10_000), doc="at least this much water on the map (default 1)"),
        "min_water_bodies": Key(integer(1, 1000), doc="at least this many separate bodies of water (default 1)"),
        "legend_note_width_mm": Key(num(10, 2000), doc="the legend note's width (default: the map's); keep it "
                                                       "off the seams of a map printed in pieces"),
        "starts": Key(integer(0, 20), doc="start hexes to mark (default 4)"),
        "start_distance": Key(integer(0, 100), doc="at least this many hexes between starts (default 4)"),
        "water_within": Key(integer(0, 100), doc="every start has water at most this many hexes away "
                                                 "(default 0: no such rule)"),
        "start_terrain": Key(ID, doc="starts lie on this terrain, with land all round (default plains)"),
        "start_icon": Key(TEXT, doc="icon on each start hex (default village)"),
        "title": Key(TEXT, doc="the heading; {seed} is filled in (default: the component's name)"),
        "legend_note": Key(TEXT, doc="a line of text under the terrain legend"),
    }, "clustered-terrain-map params"),
}


def _generator_name(v: Any) -> str | None:
    if not isinstance(v, str):  # a list or a mapping cannot be looked up by name
        return f"expected one of {', '.join(GENERATOR_PARAMS)}; got {show(v)}"
    if v in GENERATOR_PARAMS:
        return None
    if v in RENAMED_GENERATORS:
        return f"the generator {v!r} is now called {RENAMED_GENERATORS[v]!r} (same params)"
    return f"expected one of {', '.join(GENERATOR_PARAMS)}; got {show(v)}"


COMPONENT.keys["generator"] = Key(Scalar("generator", _generator_name, {"enum": list(GENERATOR_PARAMS)}),
                                  doc="kind: generated: which generator makes it (see params)")
COMPONENT = COMPONENT.but(require_any=(("kind", "extend"),), cases=(("generator", "params", GENERATOR_PARAMS),))
GAME_FILE.keys["components"] = Key(ListOf(COMPONENT))
PART_FILE.keys["components"] = Key(ListOf(COMPONENT))


# -- spreadsheets and templates (issue #21): layouts, items_from, when/repeat, variants -----------------
# Inside a face, a back, an item and an element any value may be a "{{ expression }}" string (resolved
# per item at load time by model/expand.py) and a plain key may be {value: ..., when: ...}.

for _templated in (FACE, ITEM):  # and the elements (elements/__init__); what they hold inherits it
    _templated.templated = True


def _layout_element() -> Map:
    element = resolved(ELEMENT)
    return Map({
        **element.keys,
        "type": Key(element.keys["type"].schema, doc="required, unless the element extends another"),
        "at_mm": Key(element.keys["at_mm"].schema, doc="required, unless the element extends another"),
        "extends": Key(ID, doc="layouts: another element of this layout (or of the layout it extends) to start "
                               "from; this element's keys win"),
        "shift_mm": Key(ListOf(COORD_MM, "[dx, dy] in mm", min_items=2),
                        doc="with extends: move the element it extends by [dx, dy] (Squib's x: += ...)"),
        "grow_mm": Key(ListOf(COORD_MM, "[dw, dh] in mm", min_items=2),
                       doc="with extends: make the element it extends wider and taller by [dw, dh] (Squib's "
                           "width: += ...)"),
    }, "layout element", templated=True)


LAYOUT_ELEMENT = Later(_layout_element)
LAYOUT = OneOf((ListOf(ELEMENT), Map({
    "extends": Key(ID, doc="another layout: its elements first, the same names here changed key by key"),
}, "named layout elements", open=True)), "a list of elements, or named elements (name: {type: ...})")
ITEMS_FROM = OneOf((TEXT, Map({
    "file": Key(TEXT, True, doc="a .xlsx, .csv or .tsv file in the game folder"),
    "sheet": Key(TEXT, doc="the worksheet's name in an .xlsx (default the first)"),
    "columns": Key(Map({}, "header: item key (each checked against the sheet)", open=True),
                   doc="a header (as written in the sheet) and the item key its cells fill; none: the "
                       "column is only a field for expressions"),
}, "items_from")), "a spreadsheet file, or {file: ..., sheet: ..., columns: {...}}")
ITEM.keys["layout"] = Key(TEXT, doc="this item's layout (a name under layouts:), instead of its component's")
COMPONENT.keys.update({
    "layout": Key(TEXT, doc="a name under layouts: in game.yaml: its elements are drawn on every item "
                            "(before the face's own elements)"),
    "items_from": Key(ITEMS_FROM, doc="items from a spreadsheet (.xlsx, .csv, .tsv): a row an item; "
                                      "headers named like item keys fill them (in any case), every other "
                                      "column is a field for {{ expressions }}"),
})
PLAIN_VALUE = OneOf((TEXT, BOOL), "a text, number or true/false")


VALUE_TABLE = MapOf(PLAIN_VALUE, "table", key=CELL_KEY)
VALUE = OneOf((TEXT, BOOL, VALUE_TABLE), "a text, number, true/false, or a table of them ({A: up, B: down})")
VARIANT = Map({}, "variant (top-level keys of game.yaml, merged over them)", open=True)
GAME_FILE.keys.update({
    "layouts": Key(MapOf(LAYOUT), doc="named element lists for components' layout: keys"),
    "values": Key(MapOf(VALUE), doc="named values every {{ expression }} can use (a picture folder, "
                                    "a colour); variants change them"),
    "variants": Key(MapOf(VARIANT), doc="named builds (build --variant NAME): each changes top-level "
                                        "keys of game.yaml (values, colours, terrain, layouts...), merged "
                                        "key by key over them"),
})
PART_FILE.keys["layouts"] = GAME_FILE.keys["layouts"]

# Ids as the data writes them (model/ids.py): terrain, colours, items and icons, defined or named.
COLOUR_DEF.keys["id"] = Key(NAME_ID, True)
ITEM.keys["id"] = Key(NAME_ID)
ITEM.keys["colour"] = Key(NAME_ID, doc=ITEM.keys["colour"].doc)
for _face_map in (FACE, ITEM):
    _face_map.keys["terrain"] = Key(NAME_ID, _face_map.keys["terrain"].required,
                                    doc=_face_map.keys["terrain"].doc)
FACE_KEYS["terrain"] = FACE.keys["terrain"]
COMPONENT.keys["players"] = Key(ListOf(NAME_ID))
for _file in (GAME_FILE, PART_FILE):
    _file.keys["terrain"] = Key(MapOf(TERRAIN_DEF, key=NAME_ID), doc=_file.keys["terrain"].doc)
    _file.keys["icons"] = Key(MapOf(ListOf(ICON_SHAPE), key=NAME_ID), doc=_file.keys["icons"].doc)

# Icons from the designer's own files, and icons in a colour of their own (issue #21 section 4).
ICON_RECOLOURED = Map({
    "icon": Key(NAME_ID, True, doc="another icon (the game's own or a shared one)"),
    "colour": Key(COLOUR, True, doc="drawn in this colour wherever it prints, whatever the text's ink"),
}, "recoloured icon")
ICON_DEF = OneOf((ListOf(ICON_SHAPE), TEXT, ICON_RECOLOURED),
                 "a list of shapes, a picture file (art/wood.svg), or {icon: NAME, colour: \"#rrggbb\"}")
for _file in (GAME_FILE, PART_FILE):
    _file.keys["icons"] = Key(MapOf(ICON_DEF, key=NAME_ID),
                              doc="the game's own icons: shapes in a 100 x 100 box (drawn in the text's ink "
                                  "where a shape's colour is ink), a picture file in the game folder (SVG, PNG "
                                  "or JPEG, printed in its own colours), or another icon in a colour of its own")

# Tiles drawn from their edges (issue #22 section 2; model/edges.py).
_ELEMENTS = ListOf(ELEMENT)
EDGE_KIND = Map({
    "letter": Key(TEXT, doc="one letter that names this kind in an edges: text (\"CRFR\": city, road, field, road)"),
    "elements": Key(_ELEMENTS, doc="drawn at each edge of this kind, in the frame of the top edge (mm from the "
                                   "tile's centre; the top edge at y = minus half the tile); turned to each side"),
    "joins": Key(_ELEMENTS, doc="drawn where two neighbouring edges of this kind join, in the frame of the first "
                                "of the two (the top edge and the one clockwise after it)"),
    "across": Key(_ELEMENTS, doc="drawn where two opposite edges of this kind join (edge_joins), in the frame of "
                                 "the first of them (the top edge and the bottom one)"),
    "centre": Key(_ELEMENTS, doc="drawn at the middle of a tile whose centre: names this kind, not turned"),
}, "edge kind")
GAME_FILE.keys["edge_kinds"] = Key(MapOf(EDGE_KIND, key=NAME_ID),
                                   doc="the kinds of a tile's edges (road, city, field) and centres (monastery), "
                                       "each drawn once: square-tile and hex-tile items name them in edges:")
MAP_FEATURE = Map({
    "line": Key(enum("hexside", "route"), True, doc="hexside: drawn along the sides of hexes (hexsides:); route: "
                                                      "from hex centre to hex centre (routes:)"),
    "name": Key(TEXT, True, doc="its name, as a terrain chart's row prints it"),
    "stroke": Key(PLAIN_COLOUR, True),
    "width_mm": Key(num(0.05, 20), True),
    "dash_mm": Key(ListOf(num(0.1, 50), "dash pattern in mm")),
    "ties": Key(BOOL, doc="cross ties along the line, as a railway's"),
    "casing": Key(Map({"stroke": Key(PLAIN_COLOUR, True), "width_mm": Key(num(0.05, 30))}, "casing"),
                  doc="route: a border along both sides, drawn under every route"),
    "cap": LINE_CAP,
    "join": LINE_JOIN,
}, "map feature")
GAME_FILE.keys["map_features"] = Key(MapOf(MAP_FEATURE, key=NAME_ID),
                                     doc="the game's own hexside and route features (a ford, a canal, a light "
                                         "railway), each drawn once by name as river and road are: "
                                         "hexsides: and routes: name them in feature:")
_EDGE_FACE_KEYS = {
    "edges": Key(OneOf((ListOf(TEXT, "edge kinds"), TEXT), "a list of edge kinds or a text"),
                 doc="square-tile and hex-tile: the kind of each edge, from the top, clockwise (4 on a square, 6 "
                     "on a hex): [city, road, field, road], or a text split at commas and spaces (\"city road "
                     "field road\"), or letter by letter when it has none (\"CRFR\", each kind's letter:)"),
    "centre": Key(TEXT, doc="square-tile and hex-tile: an edge kind whose centre: drawing prints in the "
                            "middle (a monastery); none: nothing"),
    "edge_joins": Key(OneOf((TEXT, ListOf(ListOf(TEXT, "[edge, edge]", min_items=2), "pairs")),
                            "none, pairs of edges [[1, 2]] or a text \"1-2 3-4\""),
                      doc="which edges of one kind join, instead of the rule (neighbours of a kind with a joins: "
                          "drawing join): none, or pairs numbered from 1 at the top, clockwise ([[1, 2]], N E S W "
                          "on a square: [[N, S]]; or a text \"1-2 3-4\"); opposite edges use the kind's across:"),
}
FACE_KEYS.update(_EDGE_FACE_KEYS)
FACE.keys.update(_EDGE_FACE_KEYS)
ITEM.keys.update(_EDGE_FACE_KEYS)

# Copies of a board or a sheet (issue #22 section 3): a score pad, a player mat a player.
COMPONENT.keys["copies"] = Key(integer(1, 100), doc="board and sheet: print this many (default 1); boards as many "
                                                    "to a page as fit, turned if more fit that way")

# Dice (issue #22 section 4; model/dice.py reads them, components/die.py draws them).


def _sides(v: Any) -> str | None:
    if type(v) is int and v in DIE_SIDES:
        return None
    return f"a die has 4, 6, 8, 10, 12 or 20 sides; got {show(v)}"


DIE_SIDES = (4, 6, 8, 10, 12, 20)
DIE_FACE = OneOf((TEXT, FACE), "a face: a number or a word (its value), or a face mapping (value, icon, text...)")
DIE_FACES = Key(ListOf(DIE_FACE, "faces"),
                doc="die: one face a side, in order (a face like a piece's: value, icon, text, image, fill...; a "
                    "number or a word alone is the face's value): [1, 2, 3, 4, 5, 6]; an item's faces replace "
                    "its component's")
COMPONENT.keys.update({
    "sides": Key(Scalar("sides", _sides, {"enum": list(DIE_SIDES)}), doc="die: 4, 6, 8, 10, 12 or 20"),
    "print": Key(enum(*DiePrint), doc="die: net (a cube to cut, fold and glue; sides: 6 only) or stickers (one "
                                      "a face, for a blank die; default)"),
    "faces": Key(DIE_FACES.schema, doc=DIE_FACES.doc, templated=True),  # filled in per item, as a face is
})
ITEM.keys["faces"] = DIE_FACES

# A key given one level off says where it goes (schema.Map's elsewhere)
ITEM.elsewhere = ((COMPONENT, "the component's key (beside its id, name and kind), not one item's"),)
COMPONENT.elsewhere = ((ITEM, "a face's key: give it under face: (every item's) or on an item (that item's)"),)
