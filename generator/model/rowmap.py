"""What a spreadsheet row or a template makes at load time (model/expand.py): mappings that remember, for
each key, the column or the template their value came from, so that a refusal names the cell
(``deck.xlsx:Deck!R12 (Art): ...``); and one item before its templates are evaluated."""

from __future__ import annotations

from typing import Any

from ..base.errors import DataError
from ..source.yamlsrc import YMap


class RowMap(YMap):
    """A mapping made here: ``labels`` names, for a key, the column (``Art``) or the YAML place of the
    template its value came from, so a refusal reads ``deck.xlsx:Deck!R12 (Art): ...``."""

    __slots__ = ("labels", "player", "template_at")

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.labels: dict[Any, str] = {}
        self.player: str | None = None
        self.template_at: str = ""  # "game.yaml:9": the written mapping this one was made from, per row

    def error(self, message: str, key: Any = None, cls: type[DataError] = DataError) -> DataError:
        label = self.labels.get(key) if key is not None else None
        line = self.line_of(key) if key is not None else self.line
        if label:
            place = f"{self.file}:{line}" if line else self.file
            return cls(message, f"{place} ({column(label)})", None)
        return cls(message, self.file, line)


class Player(str):
    """``player`` in an expression: the colour's id, with ``.name``, ``.fill``, ``.ink``, ``.cue``."""

    name: str
    fill: str
    ink: str
    cue: str


class Source:
    """One item before its templates are evaluated: its keys, its fields, where it is. ``sheet``: a
    spreadsheet row, whose cells are values, never templates."""

    __slots__ = ("keys", "fields", "file", "line", "columns", "labels", "sheet", "header")

    def __init__(self, keys: YMap, fields: dict[str, Any], file: str, line: int, columns: set[str],
                 labels: dict[str, str], sheet: bool = False):
        self.keys = keys
        self.fields = fields
        self.file = file
        self.line = line
        self.columns = columns
        self.labels = labels
        self.sheet = sheet
        self.header: Header | None = None  # an items_from sheet's header, shared by its rows


class Header:
    """An ``items_from`` sheet's header: where it is (``deck.csv:1``), its headers in order, and those
    that print without a template (filling an item key) or are said to print nothing (mapped to none)."""

    __slots__ = ("place", "headers", "placed")

    def __init__(self, place: str, headers: list[str], placed: set[str]):
        self.place, self.headers, self.placed = place, headers, placed


def column(header: Any) -> str:
    """A spreadsheet column's header as a message's place names it: cut, so the file and row show."""
    text = str(header)
    if len(text) <= 40:
        return text
    if text.startswith("from "):  # a template's place: its file's name and line are what tell
        return "from ..." + text[-32:]
    return text[:40] + "..."
