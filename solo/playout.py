"""Random legal games: a seeded player that asks the engine what is legal and picks among it.

Used by the tests (hundreds of playouts that ``check`` must agree with) and the benchmark. ``skill``
is the chance of a sensible choice (build the monument, keep the kingdom fed) over a uniformly random
legal one, so playouts both win and lose.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from solo.board import Board, KingdomMap, bit_list, bits, generate_map, rules_board
from solo.engine import FARM, MINE, VILLAGE, Kingdom
from solo.log import GameLog, Lines, Setup, Year
from solo.rules import FATE_RESULTS, Rules


@dataclass(frozen=True)
class Playout:
    kingdom: Kingdom
    log: GameLog


def pick(rng: random.Random, mask: int) -> int:
    """A uniformly random hex of a non-empty mask."""
    n = mask.bit_count()
    rnd = rng.random
    if n > 8:
        top = mask.bit_length()
        while True:
            h = int(rnd() * top)
            if mask >> h & 1:
                return h
    return bit_list(mask)[int(rnd() * n)]


def random_setup(rules: Rules, kmap: KingdomMap, rng: random.Random, board: Board) -> tuple[int, int, int]:
    """A legal farm, mine and village for ``kmap``."""
    cap = 1 << board.capital
    farm = pick(rng, kmap.river_mask & ~cap)
    mine = pick(rng, kmap.mountain_mask)
    near = board.nmask[farm] | board.nmask[mine]
    village = pick(rng, near & ~kmap.mountain_mask & ~cap & ~(1 << farm) & ~(1 << mine))
    return farm, mine, village


class RandomPlayer:
    """Makes every decision of a year at random among the legal ones (or sensibly, by ``skill``)."""

    def __init__(self, rng: random.Random, skill: float = 0.5) -> None:
        self.rng, self.skill = rng, skill
        self.random = rng.random

    def smart(self) -> bool:
        return self.random() < self.skill

    def die(self, sides: int) -> int:
        return int(self.random() * sides) + 1

    def year(self, k: Kingdom) -> Year:
        sides = k.rules.die_sides
        rnd = self.random
        fate = (int(rnd() * sides) + 1, int(rnd() * sides) + 1)
        k.start_year(fate)
        reroll = None
        if k.can_reroll() and rnd() < 0.6:
            bad = [d for d in k.dice if k.rules.faces[d] in ("disaster", "hard-times")]
            face = bad[0] if bad and self.smart() else k.dice[int(self.random() * len(k.dice))]
            reroll = (face, self.die(sides))
            k.reroll(*reroll)
        choose = self.choose(k) if k.sixes() else ()
        disaster = self.disasters(k, choose)
        k.resolve_fate(choose, disaster)
        n = k.capital_count()
        capital = (self.capital(k),) if n == 1 else tuple([self.capital(k) for _ in range(n)])
        k.produce(capital)
        build = self.builds(k)
        trade = self.trades(k) if k.labor >= k.rules.trade_labor else ()
        starving = k.starving()
        starve = tuple(self.lose(k, starving)) if starving else ()
        k.feed(starve)
        return Year(fate, reroll, choose, disaster, capital, build, trade, starve)

    def choose(self, k: Kingdom) -> tuple[str, ...]:
        out: list[str] = []
        per = k.rules.choose_count
        for _ in range(k.sixes()):
            pool = list(GOOD if self.smart() and len(GOOD) >= per else FATE_RESULTS)
            out.extend(self.rng.sample(pool, per))
        return tuple(out)

    def disasters(self, k: Kingdom, choose: tuple[str, ...]) -> tuple[int, ...]:
        """Buildings to lose: as many as the disasters will take, in order."""
        if not k.may_strike(choose):
            return ()
        count = k.results(choose).count("disaster") * k.rules.disaster_loses
        return tuple(self.lose(k, count))

    def lose(self, k: Kingdom, count: int) -> list[int]:
        left = k.losable()
        out = []
        for _ in range(min(count, left.bit_count())):
            h = pick(self.rng, left)
            left &= ~(1 << h)
            out.append(h)
        return out

    def capital(self, k: Kingdom) -> str:
        if self.random() < self.skill:
            return "food" if k.food <= k.food_needed() + 1 else "ore"
        return RESOURCE_ORDER[int(self.random() * 3)]

    def builds(self, k: Kingdom) -> tuple[tuple[str, int], ...]:
        out = []
        for _ in range(12):
            options = k.affordable()
            if not options:
                break
            smart = self.random() < self.skill
            if smart:
                kind = self.sensible(k, options)
            else:
                n = len(options)
                i = int(self.random() * (n + 1))
                kind = options[i] if i < n else None
            if kind is None:
                break
            where = k.legal_hexes(kind)
            if not where:
                break
            if smart:
                where = self.good_sites(k, kind, where)
            h = pick(self.rng, where)
            k.build(kind, h)
            out.append((kind, h))
        return tuple(out)

    def good_sites(self, k: Kingdom, kind: str, where: int) -> int:
        """Prefer hexes where ``kind`` makes the most: by the river, on a mountain, near a farm."""
        if kind == "farm":
            better = where & k.river
        elif kind == "mine":
            better = where & k.mountains
        elif kind == "village":
            near = 0
            for h in bits(k.masks[FARM] | k.masks[MINE]):
                near |= k.board.nmask[h]
            better = where & near
        else:
            better = where
        return better or where

    def sensible(self, k: Kingdom, options: list[str]) -> str | None:
        """The first of monument, farm, village, mine that still leaves the kingdom fed."""
        wants = {"monument": True, "farm": k.farms < 7, "village": k.villages < 4,
                 "mine": k.mines < 3 or k.ore < 2 * k.stage}
        for kind in ("monument", "farm", "village", "mine"):
            if kind in options and wants[kind] and self.fed_after(k, kind):
                return kind
        return None

    @staticmethod
    def fed_after(k: Kingdom, kind: str) -> bool:
        labor, food, _ = k.build_cost(kind)
        eaters = k.fed_count() + (kind != "monument")
        spare_labor = (k.labor - labor) // k.rules.trade_labor * k.rules.trade_gives
        return k.food - food + spare_labor >= eaters * k.rules.food_per_building

    def trades(self, k: Kingdom) -> tuple[str, ...]:
        out = []
        need, rnd, skill = k.rules.trade_labor, self.random, self.skill
        while k.labor >= need and rnd() < 0.9:
            if rnd() < skill:
                resource = "food" if k.food < k.food_needed() + 1 else "ore"
            else:
                resource = TRADES[int(rnd() * len(TRADES))]
            k.trade(resource)
            out.append(resource)
        return tuple(out)


GOOD = ("harvest", "strike-ore", "efficiency")
RESOURCE_ORDER = ("food", "ore", "labor")
TRADES = ("food", "ore")


def playout(rules: Rules, seed: int, max_years: int = 60, skill: float = 0.8,
            kmap: KingdomMap | None = None, checks: bool = False) -> Playout:
    """A whole random game from ``seed``: its final kingdom and the log that records it."""
    rng = random.Random(seed)
    board = rules_board(rules)
    sheet = None
    if kmap is None:
        sheet = rng.randrange(1_000_000)
        kmap = generate_map(board, sheet, rules.die_sides)
    farm, mine, village = random_setup(rules, kmap, rng, board)
    k = Kingdom.setup(rules, kmap, farm, mine, village, check=False)
    player = RandomPlayer(rng, skill)
    years = []
    while not k.over and k.year < max_years:
        year = player.year(k)
        if checks:
            year = replace(year, check=(("food", k.food), ("ore", k.ore), ("graveyards", k.graveyards)))
        years.append(year)
    setup = Setup(kmap.dice, kmap.mountains, kmap.river, farm, mine, village, Lines())
    return Playout(k, GameLog(setup, tuple(years), sheet))


__all__ = ["playout", "Playout", "RandomPlayer", "random_setup", "pick", "FARM", "MINE", "VILLAGE"]
