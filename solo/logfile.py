"""The log ``solo play`` keeps on disk, changed only by adding lines: a player's own words (comment
lines, inline comments, blank lines, the order and quoting of what they wrote) are never dropped.

- a finished year is added after the last line of ``years:`` (indented as the years already there);
- a name (``ruler:`` ...) is added above the first key; a setup building (``farm: E5``) under
  ``setup:``, just after its ``# farm:`` placeholder line when there is one;
- the one thing ever replaced is an empty ``years:`` value (``[]``, ``~`` or ``null``), when the
  first year is added (a list item cannot follow it);
- ``back`` during the setup takes away the line this session added, and only that line.

Every change is written atomically and checked first: the new text must read as exactly the log
expected (the old log plus the new step). When adding a line cannot do that (the years written as
one flow list ``years: [...]``, say), nothing is written and :class:`LogKeptError` says why."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from generator.api import PnpError, write_atomic
from solo.board import Board
from solo.log import GameLog, Year, format_year, parse_log, quote

TOP_KEY = re.compile(r"""^(["']?)([A-Za-z_][\w-]*)\1\s*:(\s|$)""")
EMPTY_YEARS = re.compile(r"^(years\s*:)[ \t]*(\[\s*\]|~|null|Null|NULL)([ \t]*(#.*)?)$")
ITEM = re.compile(r"^(\s*)-(\s|$)")
NAME_KEYS = ("ruler", "kingdom", "capital")


class LogKeptError(PnpError):
    """``play`` cannot add a step to this log by adding lines alone; nothing was written. Exit 2."""

    exit_code = 2


def _same(a: GameLog, b: GameLog) -> bool:
    return (a.setup == b.setup and a.years == b.years and a.sheet == b.sheet and a.ruler == b.ruler
            and a.kingdom == b.kingdom and a.capital == b.capital)


def _is_top_key(line: str) -> bool:
    return bool(TOP_KEY.match(line))


class LogFile:
    """The log at ``path``: each method adds one step, keeping every byte already there."""

    def __init__(self, path: Path, board: Board, sides: int) -> None:
        self.path, self.board, self.sides = Path(path), board, sides

    # -- the text ----------------------------------------------------------------------------------
    def read(self) -> list[str]:
        text = self.path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):
            text += "\n"  # a line is only ever added after a complete one
        return text.splitlines(keepends=True)

    def _key_line(self, lines: list[str], key: str) -> int | None:
        for i, line in enumerate(lines):
            match = TOP_KEY.match(line)
            if match and match.group(2) == key:
                return i
        return None

    def _block_end(self, lines: list[str], start: int) -> int:
        """Where a line added to the block of the key on line ``start`` goes: after its last line
        (comments included) before the next top-level key, blank lines left below."""
        end = len(lines)
        for i in range(start + 1, len(lines)):
            if _is_top_key(lines[i]):
                end = i
                break
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        return end

    def _reads_as(self, lines: list[str], expected: GameLog) -> bool:
        try:
            got = parse_log("".join(lines), self.board, str(self.path), self.sides, partial_setup=True)
        except PnpError:
            return False
        return _same(got, expected)

    def _write(self, lines: list[str], expected: GameLog, what: str, line: int, write: bool = True) -> None:
        if not self._reads_as(lines, expected):
            raise LogKeptError(f"solo play adds {what} by adding lines, which cannot go here (written in "
                               "one line as [...] or {...}?); write it one item a line, as solo sheet's "
                               "starter log does. Nothing was written", str(self.path), line + 1)
        if write:
            write_atomic(self.path, "".join(lines))

    # -- the steps ---------------------------------------------------------------------------------
    def check_year_fits(self, log: GameLog) -> None:
        """Raise :class:`LogKeptError` now, before any question, if a year cannot be added to ``log``."""
        trial = Year((1, 1))
        self.add_year(trial, replace(log, years=log.years + (trial,)), write=False)

    def add_year(self, year: Year, expected: GameLog, write: bool = True) -> None:
        """Add a finished year after the last one (``expected``: the log with it)."""
        lines = self.read()
        at = self._key_line(lines, "years")
        body = format_year(year, self.board)
        if at is None:
            lines += ["years:\n"] + [ln + "\n" for ln in body]
            self._write(lines, expected, f"year {len(expected.years)}", len(lines) - len(body) - 1, write)
            return
        empty = EMPTY_YEARS.match(lines[at].rstrip("\n"))
        if empty:
            lines[at] = (empty.group(1) + (empty.group(3) or "")).rstrip() + "\n"
        end = self._block_end(lines, at)
        indent = next((len(m.group(1)) for m in (ITEM.match(ln) for ln in lines[at + 1:end]) if m), 2)
        pad = " " * indent
        lines[end:end] = [pad + ln[2:] + "\n" for ln in body]
        self._write(lines, expected, f"year {len(expected.years)}", end, write)

    def add_name(self, key: str, value: str, expected: GameLog) -> None:
        """Add ``ruler``, ``kingdom`` or ``capital`` above the first key that is not a name."""
        lines = self.read()
        at = next((i for i, ln in enumerate(lines)
                   if _is_top_key(ln) and (m := TOP_KEY.match(ln)) is not None and m.group(2) not in NAME_KEYS),
                  len(lines))
        lines.insert(at, f"{key}: {quote(value)}\n")
        self._write(lines, expected, f"the {key}'s name", at)

    def add_setup(self, key: str, hex_name: str, expected: GameLog) -> str:
        """Add ``farm: E5`` (or the mine, the village) under ``setup:``; return the added line."""
        lines = self.read()
        at = self._key_line(lines, "setup")
        if at is None:
            years = self._key_line(lines, "years")
            where = years if years is not None else len(lines)
            added = f"  {key}: {hex_name}\n"
            lines[where:where] = ["setup:\n", added]
            self._write(lines, expected, f"the setup {key}", where)
            return added
        end = self._block_end(lines, at)
        children = [ln for ln in lines[at + 1:end] if ln.strip() and not ln.lstrip().startswith("#")]
        indent = len(children[0]) - len(children[0].lstrip()) if children else 2
        added = f"{' ' * indent}{key}: {hex_name}\n"
        placeholder = re.compile(rf"^\s*#\s*{key}\s*:")
        spot = next((i + 1 for i in range(at + 1, end) if placeholder.match(lines[i])), end)
        lines.insert(spot, added)
        self._write(lines, expected, f"the setup {key}", spot)
        return added

    def take_back_setup(self, added: str, key: str, expected: GameLog) -> bool:
        """Remove the line :meth:`add_setup` added (the last such line under ``setup:``); False when it
        is no longer there as written (nothing is changed then)."""
        lines = self.read()
        at = self._key_line(lines, "setup")
        if at is None:
            return False
        end = self._block_end(lines, at)
        spots = [i for i in range(at + 1, end) if lines[i] == added]
        if not spots:
            return False
        del lines[spots[-1]]
        self._write(lines, expected, f"taking back the setup {key}", spots[-1])
        return True
