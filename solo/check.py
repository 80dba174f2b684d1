"""Replaying a log against the rules: what ``pnpforge solo check`` does.

:func:`replay` drives the :class:`~solo.engine.Kingdom` through the logged setup and years and turns the
engine's first refusal into ``LOG:LINE: year N: what and why`` (an :class:`IllegalTurnError`, exit 1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from generator.api import PnpError
from solo.board import Board, KingdomMap, generate_map, rules_board
from solo.engine import Kingdom, summary
from solo.errors import IllegalMoveError, IllegalTurnError
from solo.log import GameLog, Lines, Year, read_log
from solo.rules import Rules
from solo.tables import CAPITAL, EMPTY, FARM, GRAVEYARD, MINE, MONUMENT, VILLAGE


def _placed(err: IllegalMoveError, lines: Lines, default: int, file: str, prefix: str,
            year: int | None) -> IllegalTurnError:
    line = lines.line(*err.where_key) if err.where_key else default
    return IllegalTurnError(f"{prefix}: {err.message}", file, line, year)


def log_map(log: GameLog, rules: Rules, board: Board) -> KingdomMap:
    """The map a log plays on: the sheet's (checked against anything also written) or the setup's."""
    s = log.setup
    if log.sheet is None:
        assert s.mountains is not None and s.river is not None
        return KingdomMap(s.mountains, s.river, s.dice)
    kmap = generate_map(board, log.sheet, rules.die_sides)
    names = board.names_of
    differs = [
        ("dice", s.dice is not None and s.dice != kmap.dice,
         f"dice {kmap.dice[0]} and {kmap.dice[1]}" if kmap.dice else ""),
        ("mountains", s.mountains is not None and sorted(s.mountains) != sorted(kmap.mountains),
         f"mountains {names(kmap.mountains)}"),
        ("river", s.river is not None and tuple(s.river) != kmap.river, f"river {names(kmap.river)}"),
    ]
    for key, wrong, theirs in differs:
        if wrong:
            raise IllegalTurnError(f"setup: {key} does not match sheet {log.sheet}, which has {theirs}",
                                   log.file, s.lines.line(key), None)
    return kmap


def start(log: GameLog, rules: Rules) -> Kingdom:
    """The kingdom after the logged setup (checked)."""
    board = rules_board(rules)
    kmap = log_map(log, rules, board)
    s = log.setup
    assert s.farm is not None and s.mine is not None and s.village is not None
    try:
        return Kingdom.setup(rules, kmap, s.farm, s.mine, s.village)
    except IllegalMoveError as err:
        raise _placed(err, s.lines, s.lines.start, log.file, "setup", None) from None


def replay(log: GameLog, rules: Rules, upto: int | None = None) -> Kingdom:
    """Replay the whole log (or its first ``upto`` years); raise at the first broken rule."""
    k = start(log, rules)
    for number, year in enumerate(log.years[:upto], 1):
        play_year(k, year, number, log.file)
    return k


def play_year(k: Kingdom, year: Year, number: int, file: str) -> None:
    """One logged year through the engine, each step's refusal placed at its line."""
    lines = year.lines
    prefix = f"year {number}"

    def step(fn: Callable[..., None], default: int, *args: Any) -> None:
        try:
            fn(*args)
        except IllegalMoveError as err:
            raise _placed(err, lines, default, file, prefix, number) from None

    step(k.start_year, lines.start, year.fate)
    if year.reroll is not None:
        step(k.reroll, lines.line("reroll"), *year.reroll)
    step(k.resolve_fate, lines.start, year.choose, year.disaster)
    step(k.produce, lines.start, year.capital)
    for i, (kind, h) in enumerate(year.build):
        step(k.build, lines.line("build", i), kind, h)
    for i, resource in enumerate(year.trade):
        step(k.trade, lines.line("trade", i), resource)
    step(k.feed, lines.start, year.starve)
    for i, (key, value) in enumerate(year.check):
        step(k.check, lines.line("check", i), key, value)


def check_file(path: str | Path, rules: Rules, display: str | None = None) -> Kingdom:
    """Read and replay a log file: the final kingdom, or a LogFormatError / IllegalTurnError."""
    log = read_log(path, rules_board(rules), rules.die_sides, display=display)
    return replay(log, rules)


def result_line(k: Kingdom) -> str:
    """``won in year 14: food 3, ore 5; ...`` — the checker's one line."""
    return f"{k.status().text()}: {summary(k)}"


def result_json(k: Kingdom, file: str) -> dict[str, Any]:
    status = k.status()
    return {"ok": True, "file": file, "outcome": status.result, "year": status.year,
            "text": status.text(), **k.totals()}


def state_json(k: Kingdom, file: str, logged: int | None = None) -> dict[str, Any]:
    """Everything on the sheet after ``k.year``: outcome, totals, each hex's building, the map."""
    names = k.board.names
    kinds = {FARM: "farm", MINE: "mine", VILLAGE: "village", MONUMENT: "monument",
             GRAVEYARD: "graveyard", CAPITAL: "capital"}
    out = result_json(k, file)
    out["logged_years"] = logged if logged is not None else k.year
    out["buildings"] = {names[h]: kinds[code] for h, code in enumerate(k.at) if code != EMPTY}
    out["map"] = {"mountains": [names[h] for h in k.map.mountains], "river": [names[h] for h in k.map.river],
                  "dice": list(k.map.dice) if k.map.dice else None, "sheet": k.map.seed}
    return out


def error_json(err: Exception, file: str) -> dict[str, Any]:
    if not isinstance(err, PnpError):
        return {"ok": False, "exit": 1, "file": file, "line": None, "year": None, "message": str(err),
                "error": str(err)}
    message = err.message
    year = getattr(err, "year", None)
    if year is not None and message.startswith(f"year {year}: "):
        message = message[len(f"year {year}: "):]
    return {"ok": False, "exit": err.exit_code, "file": err.file or file, "line": err.line,
            "year": year, "message": message, "error": str(err)}
