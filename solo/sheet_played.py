"""A logged game as the player would have written it on the sheet: each year's line of the record
(:class:`RecordRow`), the names, the end state and the monument's hexes (:class:`Played`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solo.check import play_year, start
from solo.engine import Kingdom
from solo.log import GameLog
from solo.rules import Rules


@dataclass(frozen=True)
class RecordRow:
    fate: str
    capital: str
    built: str
    traded: str
    lost: str
    food: int
    ore: int
    stage: int
    graves: int

    fate_short: str = ""     # the same, shorter, for a cell the long form overflows
    capital_short: str = ""
    lost_short: str = ""     # "D C4 D5 S B2" for "D C4, D D5, S B2"

    def cells(self) -> list[str]:
        return [self.fate, self.capital, self.built, self.traded, self.lost, str(self.food), str(self.ore),
                str(self.stage), str(self.graves)]

    def short_cells(self) -> list[str]:
        return [self.fate_short or self.fate, self.capital_short or self.capital, self.built, self.traded,
                self.lost_short or self.lost, *self.cells()[5:]]


@dataclass(frozen=True)
class Played:
    """A logged game as the player would have written it on the sheet."""

    kingdom: Kingdom
    rows: tuple[RecordRow, ...]
    names: dict
    stages: tuple[int, ...]     # the monument's hexes, stage 1 first


SHORT = {"farm": "F", "mine": "M", "village": "V", "monument": "#"}
RESULT_SHORT = {"disaster": "disaster", "hard-times": "hard times", "harvest": "harvest",
                "strike-ore": "strike ore", "efficiency": "efficiency"}
RESULT_SHORTER = {"disaster": "dis", "hard-times": "hard", "harvest": "harv", "strike-ore": "ore",
                  "efficiency": "eff"}


def played_from_log(log: GameLog, rules: Rules) -> Played:
    """Replay ``log`` (it must check) and note each year's line of the record."""
    k = start(log, rules)
    names = k.board.names
    rows = []
    stages: list[int] = []
    for number, year in enumerate(log.years, 1):
        play_year(k, year, number, log.file)
        fate = fate_short = f"{year.fate[0]} {year.fate[1]}"
        if year.reroll:
            fate = fate_short = fate + f"; {year.reroll[0]} to {year.reroll[1]}"
        if year.choose:
            fate += "; 6: " + ", ".join(RESULT_SHORT[c] for c in year.choose)
            fate_short += "; 6: " + ", ".join(RESULT_SHORTER[c] for c in year.choose)
        capital = _counted(year.capital)
        capital_short = ", ".join(f"{year.capital.count(n)} {n}" if year.capital.count(n) > 1 else n
                                  for i, n in enumerate(year.capital) if n not in year.capital[:i])
        built = ", ".join(f"{SHORT[kind]} {names[h]}" for kind, h in year.build)
        stages.extend(h for kind, h in year.build if kind == "monument")
        traded = _counted(year.trade)
        lost = ", ".join([f"D {names[h]}" for h in year.disaster] + [f"S {names[h]}" for h in year.starve])
        lost_short = " ".join(f"{mark} " + " ".join(names[h] for h in hexes)
                              for mark, hexes in (("D", year.disaster), ("S", year.starve)) if hexes)
        rows.append(RecordRow(fate, capital, built, traded, lost, k.food, k.ore, k.stage, k.graveyards,
                              fate_short, capital_short, lost_short))
    return Played(k, tuple(rows), {"ruler": log.ruler, "kingdom": log.kingdom, "capital": log.capital},
                  tuple(stages))


def _counted(names: Sequence[str]) -> str:
    """``food, food, ore`` as ``2 food, 1 ore``."""
    order = [n for i, n in enumerate(names) if n not in names[:i]]
    return ", ".join(f"{names.count(n)} {n}" for n in order)

