"""The kingdom drawn in text for the terminal: the odd-q map (two lines a row), its legend, and the
state line."""

from __future__ import annotations

from typing import Sequence

from solo.board import Board, KingdomMap
from solo.engine import Kingdom, summary
from solo.tables import CAPITAL, EMPTY, FARM, GRAVEYARD, MINE, MONUMENT, VILLAGE

SYMBOL = {EMPTY: " ", FARM: "F", MINE: "M", VILLAGE: "V", MONUMENT: "#", GRAVEYARD: "X", CAPITAL: "C"}
LEGEND = "F farm  M mine  V village  # monument  X graveyard  C capital\n^ mountain  ~ river  . plain"


# -- drawing ---------------------------------------------------------------------------------------

def render_map(board: Board, kmap: KingdomMap, at: Sequence[int] | None = None,
               mark: int = 0) -> str:
    """The odd-q map in text. Each row is two lines: columns A, C, E ... on the first, B, D, F ...
    (half a hex lower) on the second; both lines carry the row number on each side, so the hex under
    letter X on a line numbered r is Xr. A cell is two characters under its column letter: what
    stands there (``F`` farm ...) or, on an empty hex, the terrain; then the terrain (``~`` river,
    ``^`` mountain, ``.`` plain). ``mark`` hexes are the choices being offered: an empty one shows
    ``*``, one holding a building shows its letter in lower case (``f`` a farm you may choose)."""
    cols, width = board.columns, 4
    letters = "".join(f"{chr(65 + c):<{width}}" for c in range(cols)).rstrip()
    pad = 5  # "  1  " before the first cell
    header = " " * pad + letters
    lines = [header]
    right = pad + width * (cols - 1) + 2 + 2  # the right-hand row numbers, past the last cell
    for r in range(board.rows):
        for parity in (0, 1):
            row = [" "] * (width * cols)
            for c in range(parity, cols, 2):
                cell = _cell(board, kmap, at, mark, c * board.rows + r)
                row[width * c:width * c + 2] = cell
            body = "".join(row).rstrip()
            lines.append(f"{r + 1:>3}  {body}".ljust(right) + f"{r + 1}")
    lines.append(header)
    return "\n".join(lines)


def _cell(board: Board, kmap: KingdomMap, at: Sequence[int] | None, mark: int, h: int) -> str:
    terrain = "^" if kmap.mountain_mask >> h & 1 else "~" if kmap.river_mask >> h & 1 else "."
    if h == board.capital:
        return "C "
    code = at[h] if at is not None else EMPTY
    if mark >> h & 1:
        return ("*" if code == EMPTY else SYMBOL[code].lower()) + terrain
    return terrain + " " if code == EMPTY else SYMBOL[code] + terrain


def render(k: Kingdom, mark: int = 0, state: bool = True) -> str:
    """Map, legend and (unless ``state`` is false) the state of a kingdom."""
    parts = [render_map(k.board, k.map, k.at, mark), LEGEND + legend_of_choices(k, mark)]
    return "\n".join(parts + [state_line(k)] if state else parts)


def legend_of_choices(k: Kingdom, mark: int) -> str:
    """The legend's words for the marked hexes: ``*`` an empty one, a small letter a building."""
    built = mark & k.occupied()
    parts = (["* a choice"] if mark & ~built else []) + (
        ["f m v (small letters) a building to choose"] if built else [])
    return "".join(f"  {part}" for part in parts)


def state_line(k: Kingdom) -> str:
    if not k.year:
        return f"before year 1: {summary(k)}"
    return f"after year {k.year}: {summary(k)} — {k.status().text()}"

