"""Keys several element kinds share (one schema and one wording each). A kind names its defaults where
it declares a field (``size_mm = field(SIZE_MM, [20, 20])``)."""

from __future__ import annotations

from ..base.vocabulary import Anchor
from ..source.schema import (
                      BOARD_COLOUR,
                      BOOL,
                      COORD_MM,
                      ELEMENT_FILL,
                      HEX_ADDRESS,
                      ID,
                      NAME_ID,
                      PAIR_MM,
                      POINT_MM,
                      POS_MM,
                      TEXT,
                      Key,
                      ListOf,
                      Map,
                      OneOf,
                      enum,
                      integer,
                      num,
)

# every kind accepts a note (and its type word)
NOTE = Key(TEXT, doc="a designer's note; never printed")
# (spreadsheets) and when, repeat and step_mm, which model/expand.py uses up at load time: drawing never
# sees them
WHEN = Key(OneOf((BOOL, TEXT), "true, false or \"{{ expression }}\""),
           doc="draw this element only when the value is true, a number other than 0 or a text with something "
               "in it: \"{{ Steel }}\" draws it where the Steel cell is filled")
REPEAT = Key(OneOf((integer(0, 100), TEXT), "a whole number 0-100 or \"{{ expression }}\""),
             doc="draw this element that many times (at most 100), moved by step_mm each time; {{ i }} inside "
                 "it counts from 0")
STEP_MM = Key(ListOf(COORD_MM, "[dx, dy] in mm", min_items=2),
              doc="repeat: how far each copy moves from the one before (default [0, 0])")
EVERY_KIND = {"note": NOTE, "when": WHEN, "repeat": REPEAT, "step_mm": STEP_MM}

AT_MM = Key(POINT_MM, doc="where the element sits, in mm from the board's or face's top-left corner (or give at:)")
HEX_PLACE = Map({
    "grid": Key(ID, True, doc="the id: of a hexgrid element on the same board"),
    "hex": Key(HEX_ADDRESS, True, doc="the hex, as the grid numbers it"),
    "corner": Key(integer(0, 5), doc="a corner of the hex instead of its centre: 0-5 clockwise from the top "
                                     "(a flat hex's top-right corner, a pointy hex's top one)"),
    "side": Key(integer(0, 5), doc="the middle of a side of the hex: 0-5 clockwise from the top (a flat hex's "
                                   "top side, a pointy hex's top-right one)"),
    "offset_mm": Key(ListOf(COORD_MM, "[dx, dy] in mm", min_items=2), doc="moved this far from the hex's "
                                                                          "centre (or corner or side)"),
}, "place on a hex map")
AT = Key(HEX_PLACE, doc="instead of at_mm: a hex of a named hex grid on the same board, "
                        "{grid: map, hex: \"0604\", offset_mm: [2, -3]}; the element's at_mm point (its centre "
                        "or corner, as at_mm is for its kind) goes there")
OVER_MAP = Key(BOOL, doc="box, image, table, track, grid and terrain-chart: true when the element is meant to "
                         "lie over a hex map's hexes (no warning)")
SIZE_MM = Key(PAIR_MM)
TO_MM = Key(POINT_MM)
POINTS_MM = Key(ListOf(POINT_MM, "points [[x, y], ...] in mm", min_items=2))
DASH_MM = Key(ListOf(num(0.1, 50), "dash pattern in mm"))
WIDTH_MM = Key(num(0.05, 20))
TEXT_KEY = Key(TEXT)
SIZE_PT = Key(num(4, 200))
FONT = Key(ID, doc="regular, bold, italic, bolditalic, or a font named under fonts: in game.yaml")
ANCHOR = Key(enum(*Anchor))
FILL = Key(ELEMENT_FILL)  # none: box and polygon only (model/checks.py)
STROKE = Key(ELEMENT_FILL)
INK = Key(BOARD_COLOUR)
ICON = Key(TEXT)
LABEL = Key(TEXT)
HEX_LABELS = ("none", "top", "centre", "bottom")
LABELS = Key(OneOf((ListOf(TEXT), enum(*HEX_LABELS)), "a list of texts (track, grid) or none | top | centre "
                   "| bottom (hexgrid)"),
             doc="track and grid: each cell's label, a list; hexgrid: where each hex's id prints: none, top "
                 "(the default), centre or bottom")
WIDTHS = Key(ListOf(num(0.1, 100)))
GRID_ROWS = Key(integer(1, 200))
ROWS = Key(ListOf(ListOf(TEXT, "cells", single_ok=True), "table rows"),
           doc="table and terrain-chart: a list of rows, each a list of cells; a terrain chart's first "
               "cell names a terrain or a hexside or route feature")
HEADER = Key(ListOf(TEXT), doc="table and terrain-chart: the column headings, printed bold over the rows")
TERRAIN = Key(NAME_ID, doc="box and polygon: fill it with a terrain's colour and pattern (its ink for text); "
                      "hexgrid: the terrain of every hex no mark paints")
COLUMNS = Key(integer(1, 200))  # hexgrid (rectangle layout) and cells: how many across
CELL_MM = Key(POS_MM)  # track and cells: a cell's side
GAP_MM = Key(num(0, 100), doc="cells: the space between two cells (default 0: cells share their lines); "
                                "link: stop the line this far short of each end (clear of what is drawn there)")
