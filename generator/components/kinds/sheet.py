"""sheet: a page of sections (headings, text, bullets, tables) in one or more columns: a reference
sheet, a score pad. Drawn by the page layout (layout/textpage.py) as a page of its own."""

from ...model.kinds import UNITS, ComponentKind, Family, register

REFUSED = {"items": "a sheet is a page of sections", "back": "a sheet is printed one-sided",
           "face": "a sheet prints its sections only", "elements": "a sheet prints its sections only", **UNITS}

KIND = register(ComponentKind("sheet", Family.SHEET, "a page of sections", refused=REFUSED,
                              also_called=("page", "rules", "player-aid", "aid")))
