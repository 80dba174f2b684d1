"""Keys several element kinds share (one schema and one wording each). A kind names its defaults where
it declares a field (``size_mm = field(SIZE_MM, [20, 20])``)."""

from __future__ import annotations

from ..schema import BOARD_COLOUR, ELEMENT_FILL, ID, PAIR_MM, POINT_MM, TEXT, Key, ListOf, enum, integer, num
from ..vocabulary import Anchor

# every kind accepts a note (and its type word)
NOTE = Key(TEXT, doc="a designer's note; never printed")

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
TERRAIN = Key(ID, doc="box and polygon: fill it with a terrain's colour and pattern (its ink for text); "
                      "hexgrid: the terrain of every hex no mark paints")
