"""Reading and writing the turn log (``shared/docs/kingdom-log.md`` is the contract).

:func:`read_log` reads the whole file before anything is replayed: every problem of *form* (not YAML,
an unknown key, a wrong type, a hex not on the map, a die outside 1-6) is a
:class:`LogFormatError` (exit 2) with ``LOG:LINE``. Whether the years obey the rules is
:mod:`solo.check`'s business. :func:`write_log` writes the same shape back.
"""

from __future__ import annotations

import datetime
import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from generator.api import LIMITS, DataError, YList, YMap, load_yaml, loads
from solo.board import MAX_SEED, Board
from solo.errors import LogFormatError
from solo.rules import BUILD_KINDS, FATE_RESULTS, RESOURCES
from solo.tables import CHECK_KEYS

TOP_KEYS = ("ruler", "kingdom", "capital", "sheet", "setup", "years")
SETUP_KEYS = ("dice", "mountains", "river", "farm", "mine", "village")
YEAR_KEYS = ("fate", "reroll", "choose", "disaster", "capital", "build", "trade", "starve", "check")
MAX_YEARS = 100_000
# A log is read in bounded memory (under 200 MB for any file under the size cap): at most this many
# values, and no aliases (*name would let a small file stand for a huge one; a log never needs them).
LOG_LIMITS = LIMITS.replace(aliases=False)


@dataclass(frozen=True)
class Lines:
    """Where things are in the file: a start line, each key's line and each list item's line."""

    start: int = 0
    keys: dict[str, int] = field(default_factory=dict)
    items: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def line(self, key: str | None = None, index: int | None = None) -> int:
        if key is None:
            return self.start
        if index is not None:
            items = self.items.get(key, ())
            if 0 <= index < len(items):
                return items[index]
        return self.keys.get(key, self.start)


NO_LINES = Lines()


@dataclass(frozen=True)
class Year:
    """One logged year; hexes are board indexes."""

    fate: tuple[int, int]
    reroll: tuple[int, int] | None = None
    choose: tuple[str, ...] = ()
    disaster: tuple[int, ...] = ()
    capital: tuple[str, ...] = ()
    build: tuple[tuple[str, int], ...] = ()
    trade: tuple[str, ...] = ()
    starve: tuple[int, ...] = ()
    check: tuple[tuple[str, int], ...] = ()
    lines: Lines = field(default=NO_LINES, compare=False)


@dataclass(frozen=True)
class Setup:
    dice: tuple[int, int] | None
    mountains: tuple[int, ...] | None
    river: tuple[int, ...] | None
    farm: int | None
    mine: int | None
    village: int | None
    lines: Lines = field(default_factory=Lines, compare=False)

    @property
    def placed(self) -> bool:
        """The farm, mine and village are on the map (the map itself may come from the sheet)."""
        return None not in (self.farm, self.mine, self.village)


@dataclass(frozen=True)
class GameLog:
    setup: Setup
    years: tuple[Year, ...] = ()
    sheet: int | None = None
    ruler: str | None = None
    kingdom: str | None = None
    capital: str | None = None
    file: str = "<log>"
    lines: Lines = field(default_factory=Lines, compare=False)


# -- reading --------------------------------------------------------------------------------------

class _Reader:
    """Turns the parsed YAML into a :class:`GameLog`, refusing anything that is not a log."""

    def __init__(self, board: Board, file: str, sides: int) -> None:
        self.board, self.file, self.sides = board, file, sides

    def fail(self, message: str, line: int | None) -> LogFormatError:
        return LogFormatError(message, self.file, line or 1)

    # -- the shapes of values -------------------------------------------------------------------
    def mapping(self, node: Any, what: str, line: int, keys: tuple[str, ...]) -> YMap:
        if not isinstance(node, YMap):
            raise self.fail(f"{what} must be a mapping of {', '.join(keys)}; found {_kind(node)}", line)
        for key in node:
            if key not in keys:
                hint = f"; did you mean {_near(key, keys)}?" if _near(key, keys) else ""
                raise self.fail(f"{what}: unknown key {_show(key)} (allowed: {', '.join(keys)}){hint}",
                                node.line_of(key))
        return node

    def items(self, node: YMap, key: str) -> tuple[list[Any], tuple[int, ...]]:
        """A list value, or a single value standing for a one-item list; null means empty."""
        value = node.get(key)
        if value is None:
            return [], ()
        if isinstance(value, YList):
            lines = tuple(value.line_of(i) for i in range(len(value)))
            return list(value), lines
        if isinstance(value, (YMap, list, dict)):
            raise self.fail(f"{key} must be a list or a single value; found a mapping", node.line_of(key))
        return [value], (node.line_of(key),)

    def hex(self, value: Any, what: str, line: int) -> int:
        h = self.board.hex(value) if isinstance(value, str) else None
        if h is None:
            last = self.board.names[-1]
            raise self.fail(f"{what}: {_show(value)} is not a hex of the map (A1 to {last})", line)
        return h

    def die(self, value: Any, what: str, line: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{what}: a die is a number from 1 to {self.sides}, not {_show(value)}", line)
        if not 1 <= value <= self.sides:
            raise self.fail(f"{what}: a die shows 1 to {self.sides}, not {value}", line)
        return value

    def name(self, value: Any, allowed: tuple[str, ...], what: str, line: int) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(f"{what}: {_show(value)} is not one of {', '.join(allowed)}", line)
        return value

    def text(self, node: YMap, key: str) -> str | None:
        value = node.get(key)
        if value is None:
            return None
        if isinstance(value, (dict, list)):
            raise self.fail(f"{key} must be text; found {_kind(value)}", node.line_of(key))
        return str(value)

    def hexes(self, node: YMap, key: str, what: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        values, lines = self.items(node, key)
        return tuple(self.hex(v, what, ln) for v, ln in zip(values, lines)), lines

    def names(self, node: YMap, key: str, allowed: tuple[str, ...],
              what: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
        values, lines = self.items(node, key)
        return tuple(self.name(v, allowed, f"{what}: {key}", ln) for v, ln in zip(values, lines)), lines

    def dice(self, node: YMap, key: str, what: str) -> tuple[int, int]:
        value = node.get(key)
        line = node.line_of(key)
        if not isinstance(value, YList) or len(value) != 2:
            raise self.fail(f"{what} must be a list of two dice, like [3, 5]; found {_kind(value)}", line)
        a, b = (self.die(v, what, value.line_of(i)) for i, v in enumerate(value))
        return (a, b)

    # -- the log --------------------------------------------------------------------------------
    def log(self, doc: Any, partial_setup: bool) -> GameLog:
        if not isinstance(doc, YMap):
            raise self.fail(f"a log is one YAML mapping (ruler, kingdom, sheet, setup, years); "
                            f"this file holds {_kind(doc)}", getattr(doc, "line", 1))
        self.mapping(doc, "the log", doc.line, TOP_KEYS)
        sheet = self.sheet(doc)
        if "setup" not in doc or doc["setup"] is None:
            raise self.fail("missing key 'setup' (farm, mine and village, and the map unless sheet "
                            "gives it)", doc.line)
        setup = self.setup(doc["setup"], doc.line_of("setup"), sheet is not None, partial_setup)
        years_node = doc.get("years")
        years: list[Year] = []
        if years_node is not None:
            if not isinstance(years_node, YList):
                raise self.fail(f"years must be a list of years; found {_kind(years_node)}",
                                doc.line_of("years"))
            if len(years_node) > MAX_YEARS:
                raise self.fail(f"at most {MAX_YEARS} years", doc.line_of("years"))
            years = [self.year(y, years_node.line_of(i), i + 1) for i, y in enumerate(years_node)]
        if years and not setup.placed:
            raise self.fail("setup: farm, mine and village must be placed before year 1", setup.lines.start)
        return GameLog(setup, tuple(years), sheet, self.text(doc, "ruler"), self.text(doc, "kingdom"),
                       self.text(doc, "capital"), self.file, Lines(doc.line, dict(doc.key_lines)))

    def sheet(self, doc: YMap) -> int | None:
        value = doc.get("sheet")
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
            raise self.fail(f"sheet is the seed printed on the sheet, a whole number from 0 to "
                            f"{MAX_SEED}; found {_show(value)}", doc.line_of("sheet"))
        return value

    def setup(self, node: Any, line: int, from_sheet: bool, partial: bool) -> Setup:
        node = self.mapping(node, "setup", line, SETUP_KEYS)
        required = ("farm", "mine", "village") if from_sheet else SETUP_KEYS[1:]
        for key in required:
            if node.get(key) is None and not (partial and key in ("farm", "mine", "village")):
                raise self.fail(f"setup: missing key {key!r} ({_SETUP_HELP[key]})", line)
        dice = self.dice(node, "dice", "setup: dice") if node.get("dice") is not None else None
        lines = Lines(node.line, dict(node.key_lines))
        items: dict[str, tuple[int, ...]] = {}
        mountains = river = None
        if node.get("mountains") is not None:
            mountains, items["mountains"] = self.hexes(node, "mountains", "setup: mountains")
        if node.get("river") is not None:
            river, items["river"] = self.hexes(node, "river", "setup: river")
        single = {}
        for key in ("farm", "mine", "village"):
            value = node.get(key)
            if isinstance(value, (list, dict)):
                raise self.fail(f"setup: {key} is one hex, like E5", node.line_of(key))
            single[key] = None if value is None else self.hex(value, f"setup: {key}", node.line_of(key))
        lines.items.update(items)
        return Setup(dice, mountains, river, single["farm"], single["mine"], single["village"], lines)

    def year(self, node: Any, line: int, number: int) -> Year:
        what = f"year {number}"
        node = self.mapping(node, what, line, YEAR_KEYS)
        if node.get("fate") is None:
            raise self.fail(f"{what}: missing key 'fate' (the two fate dice, like [3, 5])", line)
        items: dict[str, tuple[int, ...]] = {}
        fate = self.dice(node, "fate", f"{what}: fate")
        reroll = self.reroll(node, what) if node.get("reroll") is not None else None
        choose, items["choose"] = self.names(node, "choose", FATE_RESULTS, what)
        disaster, items["disaster"] = self.hexes(node, "disaster", f"{what}: disaster")
        capital, items["capital"] = self.names(node, "capital", RESOURCES, what)
        build, items["build"] = self.builds(node, what)
        trade, items["trade"] = self.names(node, "trade", RESOURCES, what)
        starve, items["starve"] = self.hexes(node, "starve", f"{what}: starve")
        check = self.check(node, what, items)
        return Year(fate, reroll, choose, disaster, capital, build, trade, starve, check,
                    Lines(line, dict(node.key_lines), items))

    def reroll(self, node: YMap, what: str) -> tuple[int, int]:
        value = node["reroll"]
        line = node.line_of("reroll")
        value = self.mapping(value, f"{what}: reroll", line, ("die", "to"))
        for key in ("die", "to"):
            if key not in value:
                raise self.fail(f"{what}: reroll needs 'die' (the face rerolled) and 'to' (its new face)",
                                line)
        return (self.die(value["die"], f"{what}: reroll die", value.line_of("die")),
                self.die(value["to"], f"{what}: reroll to", value.line_of("to")))

    def builds(self, node: YMap, what: str) -> tuple[tuple[tuple[str, int], ...], tuple[int, ...]]:
        values, lines = self.items(node, "build")
        out = []
        for value, line in zip(values, lines):
            parts = value.split() if isinstance(value, str) else []
            if len(parts) != 2:
                raise self.fail(f"{what}: build: each entry is a kind and a hex, like 'farm F6'; "
                                f"found {_show(value)}", line)
            kind = self.name(parts[0], BUILD_KINDS, f"{what}: build", line)
            out.append((kind, self.hex(parts[1], f"{what}: build {kind}", line)))
        return tuple(out), lines

    def check(self, node: YMap, what: str, items: dict[str, tuple[int, ...]]) -> tuple[tuple[str, int], ...]:
        value = node.get("check")
        if value is None:
            return ()
        value = self.mapping(value, f"{what}: check", node.line_of("check"), CHECK_KEYS)
        out = []
        for key, number in value.items():
            if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                raise self.fail(f"{what}: check: {key} must be a whole number, 0 or more; found {_show(number)}",
                                value.line_of(key))
            out.append((key, number))
        items["check"] = tuple(value.line_of(k) for k in value)
        return tuple(out)


_SETUP_HELP = {
    "mountains": "the mountain hexes, like [C2, C3, H6]",
    "river": "the river hexes in order, from next to the bigger range to the edge",
    "farm": "the hex of your first farm, on a river hex",
    "mine": "the hex of your first mine, on a mountain",
    "village": "the hex of your first village, next to that farm or mine",
    "dice": "the two mountain dice",
}


def _show(value: Any) -> str:
    """A value as the player wrote it: text quoted, a date as a date, anything long cut short."""
    if isinstance(value, str):
        return repr(value[:60] + ("..." if len(value) > 60 else ""))
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"the date {value.isoformat()}"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if value is None:
        return "nothing"
    return str(value)[:60]


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    return f"the text {str(value)[:40]!r}"


def _near(key: Any, allowed: tuple[str, ...]) -> str | None:
    found = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.7)
    return found[0] if found else None


def read_log(path: str | Path, board: Board, sides: int = 6, partial_setup: bool = False,
             display: str | None = None) -> GameLog:
    """Read a log file. Anything that is not a log raises :class:`LogFormatError` (exit 2)."""
    name = display or str(path)
    return _parse(lambda: load_yaml(path, name, LOG_LIMITS), board, name, sides, partial_setup)


def parse_log(text: str, board: Board, name: str = "<log>", sides: int = 6,
              partial_setup: bool = False) -> GameLog:
    return _parse(lambda: loads(text, name, LOG_LIMITS), board, name, sides, partial_setup)


def _parse(load: Callable[[], Any], board: Board, name: str, sides: int, partial: bool) -> GameLog:
    try:
        doc = load()
    except DataError as exc:  # not YAML, a duplicate key: not a log
        # a file that was read but not parsed has a line to point at, if only its first
        line = exc.line or (1 if exc.message.startswith("not valid YAML") else None)
        raise LogFormatError(exc.message, exc.file or name, line) from None
    except (ValueError, TypeError, OverflowError) as exc:  # odd scalars PyYAML cannot build
        raise LogFormatError(f"not a readable log: {exc}", name) from None
    return _Reader(board, name, sides).log(doc, partial)


# -- writing --------------------------------------------------------------------------------------

def _flow(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]"


def quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def format_year(year: Year, board: Board) -> list[str]:
    """One year as the log's lines (``  - fate: ...``)."""
    n = board.names
    out = [f"  - fate: {_flow([str(d) for d in year.fate])}"]
    if year.reroll:
        out.append(f"    reroll: {{die: {year.reroll[0]}, to: {year.reroll[1]}}}")
    pairs: list[tuple[str, list[str]]] = [
        ("choose", list(year.choose)), ("disaster", [n[h] for h in year.disaster]),
        ("capital", list(year.capital)), ("build", [f"{k} {n[h]}" for k, h in year.build]),
        ("trade", list(year.trade)), ("starve", [n[h] for h in year.starve])]
    for key, items in pairs:
        if items:
            out.append(f"    {key}: {_flow(items)}")
    if year.check:
        out.append("    check: {" + ", ".join(f"{k}: {v}" for k, v in year.check) + "}")
    return out


def format_log(log: GameLog, board: Board, comment: str = "") -> str:
    """The whole log as text, in the contract's shape."""
    n = board.names
    out = ["# format: 1"]
    out.extend(f"# {line}" for line in comment.splitlines())
    for key, value in (("ruler", log.ruler), ("kingdom", log.kingdom), ("capital", log.capital)):
        if value:
            out.append(f"{key}: {quote(value)}")
    if log.sheet is not None:
        out.append(f"sheet: {log.sheet}")
    s = log.setup
    out.append("setup:")
    if s.dice:
        out.append(f"  dice: {_flow([str(d) for d in s.dice])}")
    if s.mountains is not None:
        out.append(f"  mountains: {_flow([n[h] for h in s.mountains])}")
    if s.river is not None:
        out.append(f"  river: {_flow([n[h] for h in s.river])}")
    for key, help_ in (("farm", "on a river hex"), ("mine", "on a mountain"),
                       ("village", "next to that farm or mine")):
        value = getattr(s, key)
        out.append(f"  {key}: {n[value]}" if value is not None else f"  # {key + ':':<13}# {help_}")
    if log.years:
        out.append("years:")
        for year in log.years:
            out.extend(format_year(year, board))
    else:
        out.append("years: []")
    return "\n".join(out) + "\n"


def starter_note(sheet: int | None) -> str:
    """The comment at the top of a log whose setup is not yet placed (as ``solo sheet`` writes it)."""
    what = f"sheet {sheet}" if sheet is not None else "your sheet"
    return (f"Starter log for {what}. Fill in your farm, mine and village (remove the '# ') and add one\n"
            "entry under years for each year played; check it with: pnpforge solo check FILE\n"
            "Or let pnpforge solo play --log FILE ask each decision and write them here.")
