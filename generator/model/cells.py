"""A cells element's map (issue #22 section 3): ``cells_from: map.csv`` read at load time into
``cell_map`` (a row of cells a line), and every map checked against the grid it fills."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..base.errors import DataError, show
from ..source.yamlsrc import YList, YMap
from .files import display_path

MAX_BYTES = 1024 * 1024


def read_cells(elements: Any, folder: Path, errors: list[DataError]) -> None:
    """Fill each cells element's cell_map from its cells_from file and check its size."""
    for el in elements or []:
        if not isinstance(el, YMap) or el.get("type") != "cells":
            continue
        if el.get("cells_from") is not None:
            if el.get("cell_map") is not None:
                errors.append(el.error("give cell_map or cells_from, not both", "cells_from"))
                continue
            rows = _read(el, folder, errors)
            if rows is None:
                continue
            el["cell_map"] = rows
        _check_size(el, errors)


def _read(el: YMap, folder: Path, errors: list[DataError]) -> YList | None:
    from .sheets import (  # only a map read from a file loads the readers
        cell_problem,
        read_text_rows,
        resolve_inside,
    )

    name = str(el["cells_from"])
    path = resolve_inside(folder, name)
    if not name.lower().endswith((".csv", ".tsv")):
        errors.append(el.error(f"cells_from: {show(name)} should be a .csv or .tsv file", "cells_from"))
        return None
    if path is None:
        errors.append(el.error(f"cells_from: {show(name)} leads outside the game folder", "cells_from"))
        return None
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        errors.append(el.error(f"cells_from: no file {show(name)} in the game folder", "cells_from"))
        return None
    except OSError as exc:
        errors.append(el.error(f"cells_from: cannot read {show(name)}: {exc.strerror}", "cells_from"))
        return None
    if size > MAX_BYTES:
        errors.append(el.error(f"cells_from: {show(name)} is larger than 1 MB", "cells_from"))
        return None
    shown = display_path(path)
    read = read_text_rows(path, shown, errors, blank=True)
    if read is None:
        return None
    rows = YList()
    rows.file, rows.line = shown, 1
    rows.item_lines = []
    for row in read:
        for cell in row.cells:
            if problem := cell_problem(cell):
                errors.append(DataError(problem, shown, row.line))
                return None
        rows.append([cell.strip() for cell in row.cells])
        rows.item_lines.append(row.line)
    while rows and not any(rows[-1]):  # blank lines at the end
        rows.pop()
        rows.item_lines.pop()
    return rows


def _check_size(el: YMap, errors: list[DataError]) -> None:
    grid = el.get("cell_map")
    if not isinstance(grid, list):
        return
    rows = [r if isinstance(r, list) else str(r).split() for r in grid]
    where = grid if isinstance(grid, YList) else el
    n_rows, n_cols = el.get("grid_rows"), el.get("columns")
    if isinstance(n_rows, int) and len(rows) > n_rows:
        errors.append(_at(where, n_rows, f"the map has {len(rows)} rows but the grid {n_rows} (grid_rows); "
                                         f"remove the rows after the {n_rows}th or raise grid_rows"))
    if isinstance(n_cols, int):
        for i, row in enumerate(rows):
            if len(row) > n_cols:
                errors.append(_at(where, i, f"this row of the map has {len(row)} cells but the grid {n_cols} "
                                            f"columns"))
                break


def _at(where: Any, index: int, message: str) -> DataError:
    if isinstance(where, YList):
        return DataError(message, where.file, where.line_of(index))
    return where.error(message, "cell_map")
