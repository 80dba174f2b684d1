"""Keys several element kinds share (one schema and one wording each). A kind names its defaults where
it declares a field (``size_mm = field(SIZE_MM, [20, 20])``)."""

from __future__ import annotations

from ..schema import (BOARD_COLOUR, BOOL, COORD_MM, ELEMENT_FILL, ID, NAME_ID, PAIR_MM, POINT_MM, TEXT, Key, ListOf,
                      OneOf, POS_MM, enum, integer, num)
from ..vocabulary import Anchor

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

AT_MM = Key(POINT_MM, True)
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
LABELS = Key(ListOf(TEXT))
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
