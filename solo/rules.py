"""The kingdom rules, read from ``data/kingdom/rules.yaml``.

Every number of the game lives in the data; this module turns it into one frozen :class:`Rules`
value the engine, the sheet and the terminal game read. The *names* (resources, building kinds,
fate results) are the log's contract and fixed here; a player who reads the seed differently edits
the numbers.

>>> rules = load_rules()
>>> rules.columns, rules.rows, rules.capital
(10, 8, 'E4')
>>> rules.cost("farm", 2)
(2, 2, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.api import DataError, YList, YMap, load_yaml, resources

RESOURCES = ("food", "ore", "labor")
KINDS = ("farm", "mine", "village")
BUILD_KINDS = ("farm", "mine", "village", "monument")
FATE_RESULTS = ("disaster", "hard-times", "harvest", "strike-ore", "efficiency")
CHOOSE = "choose"
BONUS_WHEN = ("river", "mountain", "next-to-farm-or-mine")
SETUP_TERRAIN = ("river", "mountain")

# A cost or a stock, always in this order.
Cost = tuple[int, int, int]  # (labor, food, ore)


def data_dir() -> Path:
    return resources.data_dir()


def templates_dir() -> Path:
    return resources.templates_dir()


def rules_path() -> Path:
    return data_dir() / "kingdom" / "rules.yaml"


@dataclass(frozen=True)
class Producer:
    """What one Farm, Mine or Village makes: ``base``, plus ``bonus`` when ``bonus_when`` holds."""

    resource: str
    base: int
    bonus: int
    bonus_when: str


@dataclass(frozen=True)
class FateBonus:
    """``harvest`` and friends: +``per_building`` ``resource`` per ``building``, at least ``minimum``."""

    resource: str
    per_building: int
    building: str
    minimum: int


@dataclass(frozen=True)
class BuildRule:
    cost: Cost
    on_mountain: bool
    not_next_to: str | None


@dataclass(frozen=True, eq=False)
class Rules:
    """All the numbers of the game. Build it with :func:`load_rules`. (Compared by identity, so it
    can key caches.)"""

    columns: int
    rows: int
    capital: str
    start: dict[str, int]
    mountain_dice: int
    die_sides: int
    setup_farm_on: str
    setup_mine_on: str
    setup_village_next_to: tuple[str, ...]
    fate_dice: int
    reroll_from_stage: int
    faces: dict[int, str]
    choose_count: int
    disaster_loses: int
    hard_times_labor: int
    bonus: dict[str, FateBonus]
    produce: dict[str, Producer]
    capital_choices: int
    capital_more_from_stage: int
    capital_more_choices: int
    graveyard_penalty: int
    build: dict[str, BuildRule]
    stages: tuple[Cost, ...]
    monument_on_mountain: bool
    monument_next_to_monument: bool
    trade_labor: int
    trade_gives: int
    trade_for: tuple[str, ...]
    food_per_building: int
    fed: tuple[str, ...]
    lose_graveyards: int
    win_stage: int
    source: str = ""

    def cost(self, kind: str, owned: int) -> Cost:
        """What building one more ``kind`` costs when you own ``owned`` of them (labor, food, ore)."""
        labor, food, ore = self.build[kind].cost
        times = max(1, owned)
        return (labor * times, food * times, ore * times)

    def stage_cost(self, stage: int) -> Cost:
        """The cost of Monument stage ``stage`` (1-based)."""
        return self.stages[stage - 1]

    def capital_makes(self, stage: int) -> int:
        return self.capital_more_choices if stage >= self.capital_more_from_stage else self.capital_choices

    @property
    def max_stage(self) -> int:
        return len(self.stages)


# -- reading --------------------------------------------------------------------------------------

def _get(node: Any, key: str, where: Any) -> Any:
    if not isinstance(node, dict):
        raise _err(where, f"expected a mapping with {key!r}")
    if key not in node:
        raise _err(node, f"missing key {key!r}")
    return node[key]


def _err(node: Any, message: str, key: Any = None) -> DataError:
    if isinstance(node, YMap):
        return node.error(message, key)
    if isinstance(node, YList):
        return node.error(message, key if isinstance(key, int) else None)
    return DataError(message)


def _int(node: YMap, key: str, low: int = 0, high: int = 10_000) -> int:
    value = _get(node, key, node)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _err(node, f"{key} must be a whole number from {low} to {high}, not {value!r}", key)
    return value


def _bool(node: YMap, key: str, default: bool) -> bool:
    value = node.get(key, default)
    if not isinstance(value, bool):
        raise _err(node, f"{key} must be true or false, not {value!r}", key)
    return value


def _choice(node: YMap, key: str, allowed: tuple[str, ...]) -> str:
    value = _get(node, key, node)
    if value not in allowed:
        raise _err(node, f"{key} must be one of {', '.join(allowed)}, not {value!r}", key)
    return str(value)


def _cost(node: Any, where: Any) -> Cost:
    if not isinstance(node, YMap):
        raise _err(where, "a cost is a mapping of labor, food and ore")
    return (_int(node, "labor"), _int(node, "food"), _int(node, "ore"))


def _strings(node: YMap, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    value = _get(node, key, node)
    items = value if isinstance(value, list) else [value]
    for item in items:
        if item not in allowed:
            raise _err(node, f"{key}: {item!r} is not one of {', '.join(allowed)}", key)
    return tuple(str(item) for item in items)


def _faces(node: YMap, sides: int) -> dict[int, str]:
    faces = _get(node, "faces", node)
    if not isinstance(faces, YMap):
        raise _err(node, "faces must map each die face to a result", "faces")
    allowed = FATE_RESULTS + (CHOOSE,)
    out: dict[int, str] = {}
    for face in range(1, sides + 1):
        if face not in faces or faces[face] not in allowed:
            raise _err(faces, f"face {face} must name one of {', '.join(allowed)}")
        out[face] = str(faces[face])
    return out


def _bonuses(node: YMap) -> dict[str, FateBonus]:
    table = _get(node, "bonus", node)
    out = {}
    for name, resource, kind in (("harvest", "food", "farm"), ("strike-ore", "ore", "mine"),
                                 ("efficiency", "labor", "village")):
        entry = _get(table, name, node)
        out[name] = FateBonus(_choice(entry, "resource", RESOURCES), _int(entry, "per_building"),
                              _choice(entry, "building", KINDS), _int(entry, "min"))
    return out


def _producers(node: YMap) -> dict[str, Producer]:
    out = {}
    for kind in KINDS:
        entry = _get(node, kind, node)
        out[kind] = Producer(_choice(entry, "resource", RESOURCES), _int(entry, "base"),
                             _int(entry, "bonus"), _choice(entry, "bonus_when", BONUS_WHEN))
    return out


def _builds(node: YMap) -> dict[str, BuildRule]:
    out = {}
    for kind in KINDS:
        entry = _get(node, kind, node)
        near = entry.get("not_next_to")
        if near is not None and near not in BUILD_KINDS:
            raise _err(entry, f"not_next_to must be one of {', '.join(BUILD_KINDS)}", "not_next_to")
        out[kind] = BuildRule(_cost(entry, node), _bool(entry, "on_mountain", False), near)
    return out


def _stages(node: YMap) -> tuple[Cost, ...]:
    stages = _get(node, "stages", node)
    if not isinstance(stages, YList) or not stages:
        raise _err(node, "stages must be a list of costs", "stages")
    return tuple(_cost(stage, stages) for stage in stages)


def parse_rules(doc: Any, source: str = "<rules>") -> Rules:
    """Turn the parsed YAML into :class:`Rules`, or raise :class:`DataError` with file:line."""
    if not isinstance(doc, YMap):
        raise DataError("the rules must be one YAML mapping", source, 1)
    board, setup, fate = (_get(doc, k, doc) for k in ("map", "setup", "fate"))
    produce, capital = _get(doc, "produce", doc), _get(_get(doc, "produce", doc), "capital", doc)
    monument, trade, feed, end = (_get(doc, k, doc) for k in ("monument", "trade", "feed", "end"))
    start = _get(doc, "start", doc)
    sides = _int(setup, "die_sides", 6, 6)
    rules = Rules(
        columns=_int(board, "columns", 2, 26), rows=_int(board, "rows", 2, 99),
        capital=str(_get(board, "capital", board)).upper(),
        start={r: _int(start, r) for r in RESOURCES},
        mountain_dice=_int(setup, "mountain_dice", 2, 2), die_sides=sides,
        setup_farm_on=_choice(setup, "farm", SETUP_TERRAIN),
        setup_mine_on=_choice(setup, "mine", SETUP_TERRAIN),
        setup_village_next_to=_strings(setup, "village_next_to", KINDS),
        fate_dice=_int(fate, "dice", 2, 2), reroll_from_stage=_int(fate, "reroll_from_stage", 0, 99),
        faces=_faces(fate, sides), choose_count=_int(fate, "choose", 1, len(FATE_RESULTS)),
        disaster_loses=_int(fate, "disaster_loses", 0, 10),
        hard_times_labor=_int(fate, "hard_times_labor"), bonus=_bonuses(fate),
        produce=_producers(produce), capital_choices=_int(capital, "choices", 0, 10),
        capital_more_from_stage=_int(capital, "more_from_stage", 0, 99),
        capital_more_choices=_int(capital, "more_choices", 0, 10),
        graveyard_penalty=_int(produce, "graveyard_penalty"),
        build=_builds(_get(doc, "build", doc)), stages=_stages(monument),
        monument_on_mountain=_bool(monument, "on_mountain", False),
        monument_next_to_monument=_bool(monument, "next_to_monument", True),
        trade_labor=_int(trade, "labor", 1), trade_gives=_int(trade, "gives", 1),
        trade_for=_strings(trade, "for", ("food", "ore")),
        food_per_building=_int(feed, "food_per_building"), fed=_strings(feed, "fed", KINDS),
        lose_graveyards=_int(end, "lose_graveyards", 1), win_stage=_int(end, "win_stage", 1),
        source=source,
    )
    _check_consistent(rules, doc)
    return rules


def _check_consistent(rules: Rules, doc: YMap) -> None:
    on_map = {f"{chr(65 + c)}{r + 1}" for c in range(rules.columns) for r in range(rules.rows)}
    if rules.capital not in on_map:
        raise _err(doc["map"], f"capital {rules.capital} is not on the {rules.columns} x {rules.rows} map",
                   "capital")
    if rules.win_stage > rules.max_stage:
        raise _err(doc["end"], f"win_stage {rules.win_stage} but the monument has {rules.max_stage} stages",
                   "win_stage")


@lru_cache(maxsize=8)
def _load_cached(path: str) -> Rules:
    return parse_rules(load_yaml(path), path)


def load_rules(path: str | Path | None = None) -> Rules:
    """The rules from ``path`` (default: the shipped ``data/kingdom/rules.yaml``)."""
    return _load_cached(str(path or rules_path()))
