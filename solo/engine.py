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

from typing import Sequence

from solo.board import (
    Board,
    KingdomMap,
    bits,
    check_map,
    check_setup_buildings,
    rules_board,
)
from solo.construct import Construction
from solo.errors import IllegalMoveError
from solo.rules import BUILD_KINDS, CHOOSE, FATE_RESULTS, KINDS, Rules
from solo.tables import (
    BETWEEN,
    BUILD,
    CAPITAL,
    CHECK_KEYS,
    EMPTY,
    FARM,
    FATE,
    GRAVEYARD,
    MINE,
    MONUMENT,
    PHASE_NAMES,
    PRODUCE,
    TRADE,
    VILLAGE,
    WHAT,
    Outcome,
    cost_text,
    plural,
    tables,
)


class Kingdom(Construction):
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
        self.tables = t = tables(rules)
        self._fed_codes = t.fed_codes
        self.near_grave = 0  # hexes next to a graveyard (graveyards are never removed)

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
            k.place(h, code)
        return k

    def place(self, h: int, code: int) -> None:
        self.at[h] = code
        self.masks[code] |= 1 << h
        if code == GRAVEYARD:
            self.near_grave |= self.board.nmask[h]

    def _remove(self, h: int) -> None:
        self.masks[self.at[h]] &= ~(1 << h)
        self.at[h] = EMPTY

    # -- taking back (the terminal game's back and undo) ------------------------------------------
    _STATE = ("at", "masks", "food", "ore", "labor", "stage", "year", "phase", "outcome", "dice", "rolled",
              "stage_at_start", "rerolled", "hard_times", "starved", "near_grave")

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

    def what_at(self, h: int) -> str:
        return WHAT[self.at[h]]

    # -- 1. fate ---------------------------------------------------------------------------------
    def start_year(self, dice: Sequence[int]) -> None:
        """Roll the fate dice for the next year."""
        if self.outcome is not None and self.outcome.result != "in progress":
            raise IllegalMoveError(f"the game already ended: {self.outcome.text()}; no year may follow")
        if self.phase != BETWEEN:
            raise IllegalMoveError(f"year {self.year} is not finished ({PHASE_NAMES[self.phase]})")
        t = self.tables
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
            self.need_phase(FATE, "reroll")
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
        choose, n = self.tables.choose_faces, 0
        for d in self.dice:
            if d in choose:
                n += 1
        return n

    def may_strike(self, choose: Sequence[str]) -> bool:
        """Whether a disaster may be among this year's results (a die shows it, or a 6 chose it)."""
        return bool(self.tables.disaster_faces.intersection(self.dice)) or "disaster" in choose

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
            needs = "a 6 needs" if self.sixes() == 1 else f"{self.sixes()} sixes need"
            raise IllegalMoveError(f"the fate dice are {dice}: {needs} {need} results under choose, "
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
            self.need_phase(FATE, "fate")
        used = 0
        t = self.tables
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
            struck = "no disaster" if used == 0 else f"only {plural(used, 'disaster')}"
            raise IllegalMoveError(f"{struck} took a building this year, but disaster names "
                                   f"{plural(len(disaster), 'hex')}", ("disaster", used))
        self.phase = PRODUCE

    def _disaster(self, disaster: Sequence[int], used: int) -> int:
        for _ in range(self.rules.disaster_loses):
            have = self.losable().bit_count()
            if have == 0:
                return used
            if used >= len(disaster):
                raise IllegalMoveError(f"a disaster struck and you have {plural(have, 'building')} "
                                       "(farms, mines, villages): name the one lost under disaster",
                                       ("disaster", None) if disaster else None)
            h = disaster[used]
            if not self.losable() >> h & 1:
                raise IllegalMoveError(f"a disaster takes a farm, mine or village; {self.name(h)} holds "
                                       f"{self.what_at(h)}", ("disaster", used))
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
        n = self.tables.capital_by_stage[self.stage]
        if self.near_grave >> self.board.capital & 1:
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
        masks, near_grave = self.masks, self.near_grave
        for code, resource, base, bonus, when in self.tables.producers:
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
        hurt = mask & self.near_grave
        if hurt:
            pen = self.rules.graveyard_penalty
            for h in bits(hurt):
                total -= min(pen, base + (bonus if good >> h & 1 else 0))
        return total

    def produce(self, capital: Sequence[str]) -> None:
        """Every building produces; ``capital`` names the resources the capital makes."""
        if self.phase != PRODUCE:
            self.need_phase(PRODUCE, "produce")
        n = self.tables.capital_by_stage[self.stage]
        if self.near_grave >> self.board.capital & 1:
            n = max(0, n - self.rules.graveyard_penalty)
        if len(capital) != n:
            raise IllegalMoveError(f"the capital makes {plural(n, 'resource')} this year "
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

    # -- 4. trade --------------------------------------------------------------------------------
    def trade(self, resource: str) -> None:
        """Give the trade's labor for one ``resource``."""
        if self.phase == BUILD:
            self.phase = TRADE
        if self.phase != TRADE:
            self.need_phase(TRADE, "trade")
        t = self.tables
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
        if self.tables.fed_is_losable:
            fed = (m[FARM] | m[MINE] | m[VILLAGE]).bit_count()
        else:
            fed = 0
            for code in self._fed_codes:
                fed |= m[code]
            fed = fed.bit_count()
        missing = fed * self.tables.food_per_building - self.food
        return 0 if missing <= 0 else missing if missing < fed else fed

    def feed(self, starve: Sequence[int]) -> None:
        """Pay the food; ``starve`` names one lost building per missing food. Ends the year."""
        if self.phase != TRADE:
            if self.phase == BUILD:
                self.phase = TRADE
            else:
                self.need_phase(TRADE, "feed")
        m = self.masks
        if self.tables.fed_is_losable:
            fed = m[FARM] | m[MINE] | m[VILLAGE]
        else:
            fed = 0
            for code in self._fed_codes:
                fed |= m[code]
        eaters = fed.bit_count()
        need = eaters * self.tables.food_per_building
        lose = need - self.food
        if lose <= 0:
            lose = 0
        elif lose > eaters:
            lose = eaters
        if len(starve) != lose:
            if lose == 0:
                raise IllegalMoveError(f"nobody starved: {plural(self.fed_count(), 'building')} ate "
                                       f"{need} food and you had {self.food}", ("starve", 0))
            raise IllegalMoveError(f"{plural(self.fed_count(), 'building')} eat {need} food and you have "
                                   f"{self.food}: lose {plural(lose, 'building')} to starving; starve "
                                   f"lists {len(starve)}", ("starve", None) if starve else None)
        if not starve:
            self.food -= need
            self.labor = 0
            self.phase = BETWEEN
            t = self.tables  # the end of the year (as _end_of_year), inline for the common case
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
                                       f"holds {self.what_at(h)}", ("starve", i))
            self._remove(h)
            self.place(h, GRAVEYARD)
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

    def need_phase(self, phase: int, step: str) -> None:
        if self.phase != phase:
            if self.phase == BETWEEN:
                raise IllegalMoveError(f"{step}: no year has started (roll the fate dice first)")
            raise IllegalMoveError(f"{step} comes at its place in the year; the year is at "
                                   f"{PHASE_NAMES[self.phase]}")


def summary(k: Kingdom) -> str:
    """End state in one line: resources, buildings, monument, graveyards."""
    return (f"food {k.food}, ore {k.ore}; {plural(k.farms, 'farm')}, {plural(k.mines, 'mine')}, "
            f"{plural(k.villages, 'village')}; monument stage {k.stage}; "
            f"{plural(k.graveyards, 'graveyard')}")


__all__ = ["Kingdom", "Outcome", "summary", "cost_text", "BUILD_KINDS", "KINDS", "CHECK_KEYS"]
