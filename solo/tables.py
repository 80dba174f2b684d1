"""The engine's vocabulary: what stands on a hex, the phases of a year, how a game stands, and the
rules as tuples the engine's hot loops index (:class:`Tables`, one per :class:`Rules`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from solo.rules import CHOOSE, KINDS, Cost, Rules

EMPTY, FARM, MINE, VILLAGE, MONUMENT, GRAVEYARD, CAPITAL = range(7)
CODE = {"farm": FARM, "mine": MINE, "village": VILLAGE, "monument": MONUMENT}
WHAT = {EMPTY: "nothing", FARM: "a farm", MINE: "a mine", VILLAGE: "a village",
        MONUMENT: "the monument", GRAVEYARD: "a graveyard", CAPITAL: "the capital"}

# Phases of a year.
BETWEEN, FATE, PRODUCE, BUILD, TRADE = range(5)
PHASE_NAMES = {BETWEEN: "between years", FATE: "fate", PRODUCE: "produce", BUILD: "construct",
               TRADE: "trade"}

CHECK_KEYS = ("food", "ore", "labor", "graveyards", "farms", "mines", "villages", "monument")


@dataclass(frozen=True)
class Outcome:
    """How a game stands: ``won``, ``lost`` or ``in progress``, after ``year``."""

    result: str
    year: int
    graveyards: int = 0

    def text(self) -> str:
        if self.result == "won":
            return f"won in year {self.year}"
        if self.result == "lost":
            return f"lost in year {self.year} ({self.graveyards} graveyards)"
        return f"in progress after year {self.year}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("x") else f"{n} {word}s"


def and_list(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def cost_text(cost: Cost) -> str:
    parts = [f"{n} {name}" for n, name in zip(cost, ("labor", "food", "ore")) if n]
    return " + ".join(parts) or "nothing"


RESOURCE_INDEX = {"food": 0, "ore": 1, "labor": 2}
WHEN_INDEX = {"river": 0, "mountain": 1, "next-to-farm-or-mine": 2}


class Tables:
    """The rules as the engine's hot loops want them: tuples indexed by die face, stage, code."""

    def __init__(self, rules: Rules) -> None:
        self.sides = sides = rules.die_sides
        self.fate_dice = rules.fate_dice
        self.die_faces = frozenset(range(1, sides + 1))
        self.faces = tuple(rules.faces.get(d, "") for d in range(sides + 1))  # by die face (0: none)
        self.choose_faces = frozenset(d for d in range(1, sides + 1) if self.faces[d] == CHOOSE)
        self.disaster_faces = frozenset(d for d in range(1, sides + 1) if self.faces[d] == "disaster")
        self.producers = tuple((CODE[k], RESOURCE_INDEX[p.resource], p.base, p.bonus, WHEN_INDEX[p.bonus_when])
                               for k, p in ((k, rules.produce[k]) for k in KINDS))
        self.bonus = {name: (RESOURCE_INDEX[b.resource], b.per_building, CODE[b.building], b.minimum)
                      for name, b in rules.bonus.items()}
        self.fed_codes = tuple(CODE[k] for k in rules.fed)
        self.costs = tuple((k, CODE[k], rules.build[k].cost) for k in KINDS)
        self.capital_by_stage = tuple(rules.capital_makes(s) for s in range(len(rules.stages) + 1))
        self.mountain_ban = {k: not rules.build[k].on_mountain for k in KINDS}
        self.not_next_to = {k: CODE[apart] if (apart := rules.build[k].not_next_to) else None for k in KINDS}
        # Nothing is affordable with less labor than the cheapest labor cost (costs only grow).
        self.min_labor = min([c.cost[0] for c in rules.build.values()] + [c[0] for c in rules.stages])
        self.stages = rules.stages
        self.trade_labor, self.trade_gives = rules.trade_labor, rules.trade_gives
        self.trade_for = frozenset(rules.trade_for)
        self.food_per_building = rules.food_per_building
        self.cost = {k: rules.build[k].cost for k in KINDS}
        self.fed_is_losable = set(self.fed_codes) == {FARM, MINE, VILLAGE}  # as in the data
        self.build_rows = tuple((k, CODE[k], *rules.build[k].cost, self.mountain_ban[k], self.not_next_to[k])
                                for k in KINDS)
        self.lose_graveyards, self.win_stage = rules.lose_graveyards, rules.win_stage


@lru_cache(maxsize=16)
def tables(rules: Rules) -> Tables:
    return Tables(rules)

