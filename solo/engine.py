"""The kingdom's state and one year's steps, each refusing an illegal step with the rule and numbers.

A year is ``start_year`` (fate dice) → ``reroll`` (optional) → ``resolve_fate`` → ``produce`` →
``build`` (any number) → ``trade`` (any number) → ``feed``. Every rule is checked here and only here;
the log checker, the terminal game and the random playouts all drive this one class.

>>> from solo.rules import load_rules
>>> from solo.board import rules_board, KingdomMap
>>> rules = load_rules(); b = rules_board(rules); h = b.hex
>>> kmap = KingdomMap(tuple(map(h, ["C2", "C3", "D2", "D3", "H6", "H7"])),
...                   tuple(map(h, ["D4", "E5", "F5", "G6", "G7", "G8"])), (4, 2))
>>> k = Kingdom.setup(rules, kmap, h("E5"), h("C3"), h("F4"))
>>> k.start_year((3, 5)); k.resolve_fate((), ()); k.produce(["food"])
>>> k.food, k.ore, k.labor
(4, 2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .board import Board, KingdomMap, bits, check_map, check_setup_buildings, rules_board
from .errors import IllegalMoveError
from .rules import BUILD_KINDS, CHOOSE, FATE_RESULTS, KINDS, Cost, Rules

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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("x") else f"{n} {word}s"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def cost_text(cost: Cost) -> str:
    parts = [f"{n} {name}" for n, name in zip(cost, ("labor", "food", "ore")) if n]
    return " + ".join(parts) or "nothing"


RESOURCE_INDEX = {"food": 0, "ore": 1, "labor": 2}
_WHEN = {"river": 0, "mountain": 1, "next-to-farm-or-mine": 2}


class _Tables:
    """The rules as the engine's hot loops want them: tuples indexed by die face, stage, code."""

    def __init__(self, rules: Rules) -> None:
        self.sides = sides = rules.die_sides
        self.fate_dice = rules.fate_dice
        self.die_faces = frozenset(range(1, sides + 1))
        self.faces = tuple(rules.faces.get(d) for d in range(sides + 1))  # by die face
        self.choose_faces = frozenset(d for d in range(1, sides + 1) if self.faces[d] == CHOOSE)
        self.disaster_faces = frozenset(d for d in range(1, sides + 1) if self.faces[d] == "disaster")
        self.producers = tuple((CODE[k], RESOURCE_INDEX[p.resource], p.base, p.bonus, _WHEN[p.bonus_when])
                               for k, p in ((k, rules.produce[k]) for k in KINDS))
        self.bonus = {name: (RESOURCE_INDEX[b.resource], b.per_building, CODE[b.building], b.minimum)
                      for name, b in rules.bonus.items()}
        self.fed_codes = tuple(CODE[k] for k in rules.fed)
        self.costs = tuple((k, CODE[k], rules.build[k].cost) for k in KINDS)
        self.capital_by_stage = tuple(rules.capital_makes(s) for s in range(len(rules.stages) + 1))
        self.mountain_ban = {k: not rules.build[k].on_mountain for k in KINDS}
        self.not_next_to = {k: CODE[rules.build[k].not_next_to] if rules.build[k].not_next_to else None
                            for k in KINDS}
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
def _tables(rules: Rules) -> _Tables:
    return _Tables(rules)


class Kingdom:
    """One game in play. Mutable; every method checks its rule and raises :class:`IllegalMoveError`."""

    def __init__(self, rules: Rules, kmap: KingdomMap, board: Board | None = None) -> None:
        self.rules, self.map = rules, kmap
        self.board = board = board or rules_board(rules)
        self.mountains, self.river = kmap.mountain_mask, kmap.river_mask
        self.at = [EMPTY] * board.size
        self.at[board.capital] = CAPITAL
        self.masks = [0, 0, 0, 0, 0, 0, 1 << board.capital]
        start = rules.start
        self.food, self.ore, self.labor = start["food"], start["ore"], start["labor"]
        self.stage = 0
        self.year = 0
        self.phase = BETWEEN
        self.outcome: Outcome | None = None
        self.dice: list[int] = []
        self.rolled: tuple[int, ...] = ()
        self.stage_at_start = 0
        self.rerolled = False
        self.hard_times = 0
        self.starved = False
        self._t = t = _tables(rules)
        self._fed_codes = t.fed_codes
        self._costs = t.costs
        self._near_grave = 0  # hexes next to a graveyard (graveyards are never removed)
        self._mountain_ban = t.mountain_ban
        self._not_next_to = t.not_next_to

    # -- setting up ----------------------------------------------------------------------------
    @classmethod
    def setup(cls, rules: Rules, kmap: KingdomMap, farm: int, mine: int, village: int,
              check: bool = True) -> "Kingdom":
        """A new kingdom on ``kmap`` with its setup buildings, after checking both against the rules."""
        board = rules_board(rules)
        if check:
            check_map(board, kmap, rules.die_sides)
            check_setup_buildings(board, kmap, farm, mine, village, rules)
        k = cls(rules, kmap, board)
        for h, code in ((farm, FARM), (mine, MINE), (village, VILLAGE)):
            k._place(h, code)
        return k

    def _place(self, h: int, code: int) -> None:
        self.at[h] = code
        self.masks[code] |= 1 << h
        if code == GRAVEYARD:
            self._near_grave |= self.board.nmask[h]

    def _remove(self, h: int) -> None:
        self.masks[self.at[h]] &= ~(1 << h)
        self.at[h] = EMPTY

    # -- taking back (the terminal game's back and undo) ------------------------------------------
    _STATE = ("at", "masks", "food", "ore", "labor", "stage", "year", "phase", "outcome", "dice", "rolled",
              "stage_at_start", "rerolled", "hard_times", "starved", "_near_grave")

    def snapshot(self) -> dict:
        """Everything that changes during play, to :meth:`restore` later."""
        return {name: (list(v) if isinstance(v, list) else v)
                for name, v in ((name, getattr(self, name)) for name in self._STATE)}

    def restore(self, state: dict) -> None:
        for name, value in state.items():
            setattr(self, name, list(value) if isinstance(value, list) else value)

    # -- what is on the map ----------------------------------------------------------------------
    def count(self, code: int) -> int:
        return self.masks[code].bit_count()

    @property
    def farms(self) -> int:
        return self.masks[FARM].bit_count()

    @property
    def mines(self) -> int:
        return self.masks[MINE].bit_count()

    @property
    def villages(self) -> int:
        return self.masks[VILLAGE].bit_count()

    @property
    def graveyards(self) -> int:
        return self.masks[GRAVEYARD].bit_count()

    def losable(self) -> int:
        """Farms, mines and villages: what a disaster or starving can take."""
        m = self.masks
        return m[FARM] | m[MINE] | m[VILLAGE]

    def occupied(self) -> int:
        m = self.masks
        return m[FARM] | m[MINE] | m[VILLAGE] | m[MONUMENT] | m[GRAVEYARD] | m[CAPITAL]

    def name(self, h: int) -> str:
        return self.board.names[h]

    def _at_text(self, h: int) -> str:
        return WHAT[self.at[h]]

    # -- 1. fate ---------------------------------------------------------------------------------
    def start_year(self, dice: Sequence[int]) -> None:
        """Roll the fate dice for the next year."""
        if self.outcome is not None and self.outcome.result != "in progress":
            raise IllegalMoveError(f"the game already ended: {self.outcome.text()}; no year may follow")
        if self.phase != BETWEEN:
            raise IllegalMoveError(f"year {self.year} is not finished ({PHASE_NAMES[self.phase]})")
        t = self._t
        if len(dice) != t.fate_dice or not t.die_faces.issuperset(dice):
            r = self.rules
            raise IllegalMoveError(f"fate is {r.fate_dice} dice of 1 to {r.die_sides}", ("fate", None))
        self.year += 1
        self.dice, self.rolled = list(dice), tuple(dice)
        self.stage_at_start, self.rerolled = self.stage, False
        self.hard_times, self.starved = 0, False
        self.phase = FATE

    def can_reroll(self) -> bool:
        return (self.phase == FATE and not self.rerolled
                and self.stage_at_start >= self.rules.reroll_from_stage)

    def reroll(self, face: int, to: int) -> None:
        """Reroll the die showing ``face``; ``to`` is its new face, which stands."""
        if self.phase != FATE:
            self._need(FATE, "reroll")
        need = self.rules.reroll_from_stage
        if self.stage_at_start < need:
            raise IllegalMoveError(f"a reroll needs Monument stage {need}; you had stage "
                                   f"{self.stage_at_start} at the start of the year", ("reroll", None))
        if self.rerolled:
            raise IllegalMoveError("you may reroll one die once a year", ("reroll", None))
        if face not in self.dice:
            raise IllegalMoveError(f"no fate die shows {face} to reroll (the dice are "
                                   f"{' and '.join(map(str, self.dice))})", ("reroll", None))
        if not 1 <= to <= self.rules.die_sides:
            raise IllegalMoveError(f"a die shows 1 to {self.rules.die_sides}, not {to}", ("reroll", None))
        self.dice[self.dice.index(face)] = to
        self.rerolled = True

    def sixes(self) -> int:
        """How many dice ask you to choose (a 6)."""
        choose, n = self._t.choose_faces, 0
        for d in self.dice:
            if d in choose:
                n += 1
        return n

    def may_strike(self, choose: Sequence[str]) -> bool:
        """Whether a disaster may be among this year's results (a die shows it, or a 6 chose it)."""
        return bool(self._t.disaster_faces.intersection(self.dice)) or "disaster" in choose

    def results(self, choose: Sequence[str]) -> list[str]:
        """The fate results in the order they resolve, each 6 replaced by its chosen pair."""
        faces, per = self.rules.faces, self.rules.choose_count
        sixes = self.sixes()
        if not sixes and not choose:
            return [faces[d] for d in self.dice]
        need = sixes * per
        if len(choose) != need:
            dice = " and ".join(map(str, self.dice))
            if need == 0:
                raise IllegalMoveError(f"choose is only for a 6; the fate dice are {dice}", ("choose", 0))
            sixes = "a 6 needs" if self.sixes() == 1 else f"{self.sixes()} sixes need"
            raise IllegalMoveError(f"the fate dice are {dice}: {sixes} {need} results under choose, "
                                   f"{len(choose)} given",
                                   ("choose", None) if choose else None)
        out: list[str] = []
        at = 0
        for d in self.dice:
            if faces[d] != CHOOSE:
                out.append(faces[d])
                continue
            pair = list(choose[at:at + per])
            for j, name in enumerate(pair):
                if name not in FATE_RESULTS:
                    raise IllegalMoveError(f"a 6 picks from {', '.join(FATE_RESULTS)}, not {name}",
                                           ("choose", at + j))
                if name in pair[:j]:
                    raise IllegalMoveError(f"a 6 picks {per} different results, not {name} twice",
                                           ("choose", at + j))
            out.extend(pair)
            at += per
        return out

    def resolve_fate(self, choose: Sequence[str], disaster: Sequence[int]) -> None:
        """Resolve the dice in order. ``disaster``: the building lost to each disaster that finds one."""
        if self.phase != FATE:
            self._need(FATE, "fate")
        used = 0
        t = self._t
        bonus, masks = t.bonus, self.masks
        for result in (self.results(choose) if choose or t.choose_faces.intersection(self.dice)
                       else [t.faces[d] for d in self.dice]):
            if result == "disaster":
                used = self._disaster(disaster, used)
            elif result == "hard-times":
                self.hard_times += self.rules.hard_times_labor
            else:
                resource, per, code, minimum = bonus[result]
                gain = per * masks[code].bit_count()
                if gain < minimum:
                    gain = minimum
                if resource == 0:
                    self.food += gain
                elif resource == 1:
                    self.ore += gain
                else:
                    self.labor += gain
        if used < len(disaster):
            struck = "no disaster" if used == 0 else f"only {_plural(used, 'disaster')}"
            raise IllegalMoveError(f"{struck} took a building this year, but disaster names "
                                   f"{_plural(len(disaster), 'hex')}", ("disaster", used))
        self.phase = PRODUCE

    def _disaster(self, disaster: Sequence[int], used: int) -> int:
        for _ in range(self.rules.disaster_loses):
            have = self.losable().bit_count()
            if have == 0:
                return used
            if used >= len(disaster):
                raise IllegalMoveError(f"a disaster struck and you have {_plural(have, 'building')} "
                                       "(farms, mines, villages): name the one lost under disaster",
                                       ("disaster", None) if disaster else None)
            h = disaster[used]
            if not self.losable() >> h & 1:
                raise IllegalMoveError(f"a disaster takes a farm, mine or village; {self.name(h)} holds "
                                       f"{self._at_text(h)}", ("disaster", used))
            self._remove(h)
            used += 1
        return used

    def _gain(self, resource: str, n: int) -> None:
        if resource == "food":
            self.food += n
        elif resource == "ore":
            self.ore += n
        else:
            self.labor += n

    # -- 2. produce ------------------------------------------------------------------------------
    def capital_count(self) -> int:
        """How many resources the capital makes this year."""
        n = self._t.capital_by_stage[self.stage]
        if self._near_grave >> self.board.capital & 1:
            n -= self.rules.graveyard_penalty
        return max(0, n)

    def _capital_why(self) -> str:
        r = self.rules
        why = f"Monument stage {self.stage}"
        if self.masks[GRAVEYARD] & self.board.nmask[self.board.capital]:
            why += f", next to a graveyard: {r.graveyard_penalty} less"
        return why

    def production(self) -> tuple[int, int, int]:
        """What the farms, mines and villages make now: (food, ore, labor)."""
        out = [0, 0, 0]
        masks, near_grave = self.masks, self._near_grave
        for code, resource, base, bonus, when in self._t.producers:
            mask = masks[code]
            if not mask:
                continue
            if mask & near_grave or when > 1:
                out[resource] += self._made(mask, base, bonus, when)
            else:  # by the river or on a mountain, no graveyard near: the common case inline
                out[resource] += base * mask.bit_count() + bonus * (
                    mask & (self.river if when == 0 else self.mountains)).bit_count()
        return (out[0], out[1], out[2])

    def _made(self, mask: int, base: int, bonus: int, when: int) -> int:
        """What all the buildings of one kind (``mask``) make: base, terrain bonus, graveyard penalty."""
        if when == 0:  # by the river
            good = mask & self.river
        elif when == 1:  # on a mountain
            good = mask & self.mountains
        else:  # next to a farm or mine
            near, nm, good = self.masks[FARM] | self.masks[MINE], self.board.nmask, 0
            for h in bits(mask):
                if nm[h] & near:
                    good |= 1 << h
        total = base * mask.bit_count() + bonus * good.bit_count()
        hurt = mask & self._near_grave
        if hurt:
            pen = self.rules.graveyard_penalty
            for h in bits(hurt):
                total -= min(pen, base + (bonus if good >> h & 1 else 0))
        return total

    def produce(self, capital: Sequence[str]) -> None:
        """Every building produces; ``capital`` names the resources the capital makes."""
        if self.phase != PRODUCE:
            self._need(PRODUCE, "produce")
        n = self._t.capital_by_stage[self.stage]
        if self._near_grave >> self.board.capital & 1:
            n = max(0, n - self.rules.graveyard_penalty)
        if len(capital) != n:
            raise IllegalMoveError(f"the capital makes {_plural(n, 'resource')} this year "
                                   f"({self._capital_why()}); capital lists {len(capital)}",
                                   ("capital", None) if capital else None)
        food, ore, labor = self.production()
        for resource in capital:
            if resource == "food":
                food += 1
            elif resource == "ore":
                ore += 1
            else:
                labor += 1
        self.food += food
        self.ore += ore
        self.labor += labor
        if self.hard_times:
            self.labor = max(0, self.labor - self.hard_times)
        self.phase = BUILD

    # -- 3. construct ----------------------------------------------------------------------------
    def build_cost(self, kind: str) -> Cost:
        if kind == "monument":
            return self.rules.stage_cost(self.stage + 1)
        return self.rules.cost(kind, self.masks[CODE[kind]].bit_count())

    def legal_hexes(self, kind: str) -> int:
        """Where ``kind`` may stand now (ignoring its cost)."""
        free = self.board.all_mask & ~self.occupied()
        if kind == "monument":
            if self.stage >= self.rules.max_stage:
                return 0
            if not self.rules.monument_on_mountain:
                free &= ~self.mountains
            if self.stage and self.rules.monument_next_to_monument:
                free &= self._around(self.masks[MONUMENT])
            return free
        rule = self.rules.build[kind]
        if not rule.on_mountain:
            free &= ~self.mountains
        if rule.not_next_to:
            free &= ~self._around(self.masks[CODE[rule.not_next_to]])
        return free

    def _around(self, mask: int) -> int:
        nm, out = self.board.nmask, 0
        for h in bits(mask):
            out |= nm[h]
        return out

    def can_afford(self, kind: str) -> bool:
        if kind == "monument":
            if self.stage >= len(self.rules.stages):
                return False
            labor, food, ore = self.rules.stages[self.stage]
        else:
            labor, food, ore = self.rules.build[kind].cost
            times = self.masks[CODE[kind]].bit_count() or 1
            labor, food, ore = labor * times, food * times, ore * times
        return self.labor >= labor and self.food >= food and self.ore >= ore

    def affordable(self) -> list[str]:
        """The kinds you can pay for now (where they may stand is :meth:`legal_hexes`)."""
        labor = self.labor
        if labor < self._t.min_labor:
            return []
        food, ore, masks = self.food, self.ore, self.masks
        out = []
        for kind, code, (cl, cf, co) in self._costs:
            n = masks[code].bit_count() or 1
            if labor >= cl * n and food >= cf * n and ore >= co * n:
                out.append(kind)
        stages = self._t.stages
        if self.stage < len(stages):
            cl, cf, co = stages[self.stage]
            if labor >= cl and food >= cf and ore >= co:
                out.append("monument")
        return out

    def buildable(self) -> list[str]:
        """The kinds you can pay for now that also have a hex to stand on (:meth:`affordable` and
        :meth:`legal_hexes` in one pass)."""
        labor = self.labor
        t = self._t
        if labor < t.min_labor:
            return []
        food, ore, m = self.food, self.ore, self.masks
        out = []
        free = -1
        for kind, code, cl, cf, co, ban, near in t.build_rows:
            n = m[code].bit_count() or 1
            if labor >= cl * n and food >= cf * n and ore >= co * n:
                if free < 0:
                    free = self.board.all_mask & ~(m[FARM] | m[MINE] | m[VILLAGE] | m[MONUMENT] |
                                                   m[GRAVEYARD] | m[CAPITAL])
                where = free & ~self.mountains if ban else free
                if near is not None and where:
                    where &= ~self.board.around(m[near])
                if where:
                    out.append(kind)
        stages = t.stages
        if self.stage < len(stages):
            cl, cf, co = stages[self.stage]
            if labor >= cl and food >= cf and ore >= co and self.legal_hexes("monument"):
                out.append("monument")
        return out

    def build(self, kind: str, h: int) -> None:
        """Pay for ``kind`` and draw it on hex ``h``."""
        if self.phase != BUILD:
            self._need(BUILD, "construct")
        self._check_site(kind, h)
        if kind == "monument":
            cost = self._t.stages[self.stage]
        else:
            cost = self._t.cost[kind]
            n = self.masks[CODE[kind]].bit_count()
            if n > 1:
                cost = (cost[0] * n, cost[1] * n, cost[2] * n)
        if self.labor < cost[0] or self.food < cost[1] or self.ore < cost[2]:
            short = [f"{have} {name}" for need, have, name in
                     zip(cost, (self.labor, self.food, self.ore), ("labor", "food", "ore")) if have < need]
            raise IllegalMoveError(f"{self._what_built(kind)} at {self.name(h)} costs {cost_text(cost)}"
                                   f"{self._owned_text(kind)}; you have {_and(short)}")
        self.labor -= cost[0]
        self.food -= cost[1]
        self.ore -= cost[2]
        if kind == "monument":
            self.stage += 1
            self._place(h, MONUMENT)
        else:
            self._place(h, CODE[kind])

    def _what_built(self, kind: str) -> str:
        return f"monument stage {self.stage + 1}" if kind == "monument" else kind

    def _owned_text(self, kind: str) -> str:
        if kind == "monument":
            return ""
        n = self.masks[CODE[kind]].bit_count()
        return f" (you own {_plural(n, kind)})"

    def _check_site(self, kind: str, h: int) -> None:
        if self.at[h] == EMPTY and (kind == "monument" or not self._mountain_ban[kind] or
                                    not self.mountains >> h & 1):
            if kind != "monument":  # the common case, checked without building any message
                near = self._not_next_to[kind]
                if near is None or not self.board.nmask[h] & self.masks[near]:
                    return
        what, name = self._what_built(kind), self.name(h)
        if kind == "monument" and self.stage >= self.rules.max_stage:
            raise IllegalMoveError(f"the monument is finished (stage {self.stage}); there is no stage "
                                   f"{self.stage + 1}")
        if self.at[h] != EMPTY:
            raise IllegalMoveError(f"{what} at {name}: the hex is not empty, it holds {self._at_text(h)}")
        on_mountain = (self.rules.monument_on_mountain if kind == "monument"
                       else self.rules.build[kind].on_mountain)
        if not on_mountain and self.mountains >> h & 1:
            raise IllegalMoveError(f"{what} at {name}: a {kind} cannot stand on a mountain")
        if kind == "monument":
            if self.stage and self.rules.monument_next_to_monument and \
                    not self.board.nmask[h] & self.masks[MONUMENT]:
                raise IllegalMoveError(f"{what} at {name} must stand next to the monument "
                                       f"({self.board.names_of(self.masks[MONUMENT])})")
            return
        near = self.rules.build[kind].not_next_to
        if near and self.board.nmask[h] & self.masks[CODE[near]]:
            other = next(bits(self.board.nmask[h] & self.masks[CODE[near]]))
            raise IllegalMoveError(f"{what} at {name}: a {kind} cannot stand next to another {near} "
                                   f"({self.name(other)})")

    # -- 4. trade --------------------------------------------------------------------------------
    def trade(self, resource: str) -> None:
        """Give the trade's labor for one ``resource``."""
        if self.phase == BUILD:
            self.phase = TRADE
        if self.phase != TRADE:
            self._need(TRADE, "trade")
        t = self._t
        if resource not in t.trade_for or self.labor < t.trade_labor:
            r = self.rules
            offer = f"{r.trade_labor} labor for {r.trade_gives} {' or '.join(r.trade_for)}"
            if resource not in r.trade_for:
                raise IllegalMoveError(f"{resource} cannot be bought; a trade is {offer}")
            raise IllegalMoveError(f"a trade ({offer}) needs {r.trade_labor} labor; you have {self.labor}")
        self.labor -= t.trade_labor
        if resource == "food":
            self.food += t.trade_gives
        else:  # the rules reader allows trading for food or ore only
            self.ore += t.trade_gives

    # -- 5. feed ---------------------------------------------------------------------------------
    def fed_count(self) -> int:
        m, fed = self.masks, 0
        for code in self._fed_codes:
            fed |= m[code]
        return fed.bit_count()

    def _starving(self, fed: int) -> int:
        missing = fed * self.rules.food_per_building - self.food
        return 0 if missing <= 0 else min(missing, fed)

    def food_needed(self) -> int:
        return self.fed_count() * self.rules.food_per_building

    def starving(self) -> int:
        """How many buildings the coming Feed takes (one per food you cannot pay)."""
        m = self.masks
        if self._t.fed_is_losable:
            fed = (m[FARM] | m[MINE] | m[VILLAGE]).bit_count()
        else:
            fed = 0
            for code in self._fed_codes:
                fed |= m[code]
            fed = fed.bit_count()
        missing = fed * self._t.food_per_building - self.food
        return 0 if missing <= 0 else missing if missing < fed else fed

    def feed(self, starve: Sequence[int]) -> None:
        """Pay the food; ``starve`` names one lost building per missing food. Ends the year."""
        if self.phase != TRADE:
            if self.phase == BUILD:
                self.phase = TRADE
            else:
                self._need(TRADE, "feed")
        m = self.masks
        if self._t.fed_is_losable:
            fed = m[FARM] | m[MINE] | m[VILLAGE]
        else:
            fed = 0
            for code in self._fed_codes:
                fed |= m[code]
        eaters = fed.bit_count()
        need = eaters * self._t.food_per_building
        lose = need - self.food
        if lose <= 0:
            lose = 0
        elif lose > eaters:
            lose = eaters
        if len(starve) != lose:
            if lose == 0:
                raise IllegalMoveError(f"nobody starved: {_plural(self.fed_count(), 'building')} ate "
                                       f"{need} food and you had {self.food}", ("starve", 0))
            raise IllegalMoveError(f"{_plural(self.fed_count(), 'building')} eat {need} food and you have "
                                   f"{self.food}: lose {_plural(lose, 'building')} to starving; starve "
                                   f"lists {len(starve)}", ("starve", None) if starve else None)
        if not starve:
            self.food -= need
            self.labor = 0
            self.phase = BETWEEN
            t = self._t  # the end of the year (as _end_of_year), inline for the common case
            graves = m[GRAVEYARD].bit_count()
            if graves >= t.lose_graveyards:
                self.outcome = Outcome("lost", self.year, graves)
            elif self.stage >= t.win_stage and not self.starved:
                self.outcome = Outcome("won", self.year, graves)
            else:
                self.outcome = None
            return
        fed = self.masks[FARM] | self.masks[MINE] | self.masks[VILLAGE]
        for i, h in enumerate(starve):
            if not fed >> h & 1 or self.at[h] not in self._fed_codes:
                raise IllegalMoveError(f"a starving kingdom loses a farm, mine or village; {self.name(h)} "
                                       f"holds {self._at_text(h)}", ("starve", i))
            self._remove(h)
            self._place(h, GRAVEYARD)
        if lose:
            self.food, self.starved = 0, True
        else:
            self.food -= need
        self.labor = 0
        self.phase = BETWEEN
        self._end_of_year()

    def _end_of_year(self) -> None:
        graves = self.masks[GRAVEYARD].bit_count()
        if graves >= self.rules.lose_graveyards:
            self.outcome = Outcome("lost", self.year, graves)
        elif self.stage >= self.rules.win_stage and not self.starved:
            self.outcome = Outcome("won", self.year, graves)
        else:
            self.outcome = None

    # -- the record ------------------------------------------------------------------------------
    def check(self, key: str, value: int) -> None:
        """Compare a player's total at the end of the year (``check:`` in the log)."""
        actual = self.totals()[key]
        if actual != value:
            extra = " (leftover labor is lost at the end of the year)" if key == "labor" else ""
            raise IllegalMoveError(f"check: {key} is {actual} at the end of the year, not {value}{extra}")

    def totals(self) -> dict[str, int]:
        return {"food": self.food, "ore": self.ore, "labor": self.labor,
                "graveyards": self.graveyards, "farms": self.farms, "mines": self.mines,
                "villages": self.villages, "monument": self.stage}

    def status(self) -> Outcome:
        return self.outcome or Outcome("in progress", self.year, self.graveyards)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def _need(self, phase: int, step: str) -> None:
        if self.phase != phase:
            if self.phase == BETWEEN:
                raise IllegalMoveError(f"{step}: no year has started (roll the fate dice first)")
            raise IllegalMoveError(f"{step} comes at its place in the year; the year is at "
                                   f"{PHASE_NAMES[self.phase]}")


def summary(k: Kingdom) -> str:
    """End state in one line: resources, buildings, monument, graveyards."""
    return (f"food {k.food}, ore {k.ore}; {_plural(k.farms, 'farm')}, {_plural(k.mines, 'mine')}, "
            f"{_plural(k.villages, 'village')}; monument stage {k.stage}; "
            f"{_plural(k.graveyards, 'graveyard')}")


__all__ = ["Kingdom", "Outcome", "summary", "cost_text", "BUILD_KINDS", "KINDS", "CHECK_KEYS"]
