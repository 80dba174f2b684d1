"""Defaults for ``pnpforge build`` from config files, so a player sets their printer's quirks once.

Read in this order, later ones winning: the user's file (``$XDG_CONFIG_HOME/pnpforge/config.yaml``,
by default ``~/.config/pnpforge/config.yaml``), then the project's ``pnpforge.yaml`` in the current
folder, then the command line. ``PNPFORGE_CONFIG`` names a file to use instead of the user's.

```yaml
build:
  paper: letter            # a4 | letter | both
  format: pdf              # pdf | svg | both | png | tts | html (default: pdf, svg and html)
  dpi: 300                 # PNG and Tabletop Simulator images
  duplex: long             # long | short | none
  back_offset_mm: [0.8, -1.2]   # read off the calibration sheet
  layout: duplex           # duplex | gutter-fold
  ink_saver: false
  bleed_mm: 3
  marks: crop              # crop | lines | none
  print_shop: false        # true: also (or, with no format set, only) the print-shop PDFs
  cut_files: false         # true: registration marks and an SVG cut file per sheet of pieces
  orientation: portrait    # portrait | landscape: the pages (a board's or sheet's orientation: wins)
  out: output
```
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..base.errors import DataErrors
from ..base.vocabulary import Duplex, Marks, PieceLayout
from ..model.load import display_path
from ..source.fileio import folder_problem
from ..source.schema import (
    BOOL,
    TEXT,
    Key,
    ListOf,
    Map,
    Scalar,
    check,
    enum,
    integer,
    num,
)
from ..source.yamlsrc import load_yaml


def _folder(value: Any) -> str | None:
    why = TEXT.test(value) or folder_problem(str(value))
    if why is None and os.path.lexists(str(value)) and not os.path.isdir(str(value)):
        return f"{value!s:.60} is not a folder; name a folder for the kits"  # a file, a device (/dev/full)
    return why


FOLDER = Scalar("folder", _folder, TEXT.json)

BUILD = Map({
    "paper": Key(enum("a4", "letter", "both")),
    "format": Key(enum("pdf", "svg", "both", "png", "tts", "html")),
    "dpi": Key(num(30, 1200)),
    "duplex": Key(enum(*Duplex)),
    "back_offset_mm": Key(ListOf(num(-20, 20), "[x, y] in mm", min_items=2)),
    "layout": Key(enum(*PieceLayout)),
    "ink_saver": Key(BOOL),
    "bleed_mm": Key(num(0, 6)),
    "marks": Key(enum(*Marks)),
    "print_shop": Key(BOOL),
    "cut_files": Key(BOOL),
    "orientation": Key(enum("portrait", "landscape")),
    "out": Key(FOLDER),
    "seed": Key(integer(0, 2**31 - 1)),
}, "build defaults")
CONFIG = Map({"build": Key(BUILD)}, "pnpforge config")


def config_files() -> list[Path]:
    user = os.environ.get("PNPFORGE_CONFIG")
    if user:
        files = [Path(user)]
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
        files = [base / "pnpforge" / "config.yaml"]
    files.append(Path("pnpforge.yaml"))
    return files


def build_defaults() -> dict[str, Any]:
    """The merged ``build:`` settings of every config file found (checked; errors name file:line)."""
    merged: dict[str, Any] = {}
    for path in config_files():
        if not path.is_file():
            continue
        name = display_path(path)
        doc = load_yaml(path, name)
        if doc is None:
            continue
        errors: list = []
        check(doc, CONFIG, errors, (name, 1), "")
        if errors:
            raise DataErrors(errors)
        merged.update(doc.get("build") or {})
    if "out" in merged and not isinstance(merged["out"], str):  # out: 2024, a folder named by a number
        merged["out"] = str(merged["out"])
    return merged
