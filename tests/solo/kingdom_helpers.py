"""Shared helpers for the solo tests: a known setup, logs written to disk, the CLI run in-process."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

import solo.cli
from solo.board import KingdomMap, rules_board
from solo.engine import Kingdom
from solo.rules import Rules, load_rules, rules_path

# The log format's own example setup: a 4-range C2 C3 D2 D3, a 2-range H6 H7, the river from D4 (next
# to D3) past the capital (E4) to G8 on the bottom edge; farm E5 (river), mine C3 (mountain),
# village F4 (next to the farm).
SETUP = """\
# format: 1
setup:
  dice: [4, 2]
  mountains: [C2, C3, D2, D3, H6, H7]
  river: [D4, E5, F5, G6, G7, G8]
  farm: E5
  mine: C3
  village: F4
years:
"""
FIRST_YEAR_LINE = SETUP.count("\n") + 1  # the line of the first "- fate:"


def rules() -> Rules:
    return load_rules()


def hexes(*names: str) -> tuple[int, ...]:
    board = rules_board(rules())
    return tuple(board.index[n] for n in names)


def base_kingdom(r: Rules | None = None) -> Kingdom:
    r = r or rules()
    b = rules_board(r)
    kmap = KingdomMap(hexes("C2", "C3", "D2", "D3", "H6", "H7"), hexes("D4", "E5", "F5", "G6", "G7", "G8"),
                      (4, 2))
    return Kingdom.setup(r, kmap, b.index["E5"], b.index["C3"], b.index["F4"])


def write(tmp_path: Path, text: str, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(solo.cli.solo, list(args), input=input)


def check_log(tmp_path: Path, years: str, setup: str = SETUP) -> Result:
    """``solo check`` on the base setup followed by ``years`` (YAML list items, indented 2)."""
    path = write(tmp_path, setup + years)
    return run("check", str(path))


def custom_rules(tmp_path: Path, *replacements: tuple[str, str]) -> Rules:
    """The shipped rules with some text replaced: what a player who reads the seed differently does."""
    text = rules_path().read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    return load_rules(path)


RICH = ("start:                   # what you hold before year 1\n  food: 0\n  ore: 0",
        "start:\n  food: 90\n  ore: 90")
