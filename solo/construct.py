"""The construct step of a year (step 3), apart from :mod:`solo.engine` for its length: what a
building costs, where it may stand, what can be paid for, and building it. :class:`Construction` is
a base of :class:`solo.engine.Kingdom` and reads the kingdom's state (``masks``, ``at``, ``stage``,
``tables`` ...) that the engine sets up."""

from __future__ import annotations

from solo.board import Board, bits
from solo.errors import IllegalMoveError
from solo.rules import Cost, Rules
from solo.tables import (
    BUILD,
    CAPITAL,
    CODE,
    EMPTY,
    FARM,
    GRAVEYARD,
    MINE,
    MONUMENT,
    VILLAGE,
    Tables,
    and_list,
    cost_text,
    plural,
)


class Construction:
    """Step 3 of the year, as methods of the kingdom."""

    rules: Rules
    board: Board
    tables: Tables
    masks: list[int]
    at: list[int]
    mountains: int
    stage: int
    labor: int
    food: int
    ore: int
    phase: int

    def need_phase(self, phase: int, step: str) -> None:  # defined by the Kingdom
        raise NotImplementedError

    def place(self, h: int, code: int) -> None:  # defined by the Kingdom
        raise NotImplementedError

    def what_at(self, h: int) -> str:  # defined by the Kingdom
        raise NotImplementedError

    def name(self, h: int) -> str:  # defined by the Kingdom
        raise NotImplementedError

    def occupied(self) -> int:  # defined by the Kingdom
        raise NotImplementedError

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
        if labor < self.tables.min_labor:
            return []
        food, ore, masks = self.food, self.ore, self.masks
        out = []
        for kind, code, (cl, cf, co) in self.tables.costs:
            n = masks[code].bit_count() or 1
            if labor >= cl * n and food >= cf * n and ore >= co * n:
                out.append(kind)
        stages = self.tables.stages
        if self.stage < len(stages):
            cl, cf, co = stages[self.stage]
            if labor >= cl and food >= cf and ore >= co:
                out.append("monument")
        return out

    def buildable(self) -> list[str]:
        """The kinds you can pay for now that also have a hex to stand on (:meth:`affordable` and
        :meth:`legal_hexes` in one pass)."""
        labor = self.labor
        t = self.tables
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
            self.need_phase(BUILD, "construct")
        self.check_site(kind, h)
        if kind == "monument":
            cost = self.tables.stages[self.stage]
        else:
            cost = self.tables.cost[kind]
            n = self.masks[CODE[kind]].bit_count()
            if n > 1:
                cost = (cost[0] * n, cost[1] * n, cost[2] * n)
        if self.labor < cost[0] or self.food < cost[1] or self.ore < cost[2]:
            short = [f"{have} {name}" for need, have, name in
                     zip(cost, (self.labor, self.food, self.ore), ("labor", "food", "ore")) if have < need]
            raise IllegalMoveError(f"{self._what_built(kind)} at {self.name(h)} costs {cost_text(cost)}"
                                   f"{self._owned_text(kind)}; you have {and_list(short)}")
        self.labor -= cost[0]
        self.food -= cost[1]
        self.ore -= cost[2]
        if kind == "monument":
            self.stage += 1
            self.place(h, MONUMENT)
        else:
            self.place(h, CODE[kind])

    def _what_built(self, kind: str) -> str:
        return f"monument stage {self.stage + 1}" if kind == "monument" else kind

    def _owned_text(self, kind: str) -> str:
        if kind == "monument":
            return ""
        n = self.masks[CODE[kind]].bit_count()
        return f" (you own {plural(n, kind)})"

    def check_site(self, kind: str, h: int) -> None:
        if self.at[h] == EMPTY and (kind == "monument" or not self.tables.mountain_ban[kind] or
                                    not self.mountains >> h & 1):
            if kind != "monument":  # the common case, checked without building any message
                near = self.tables.not_next_to[kind]
                if near is None or not self.board.nmask[h] & self.masks[near]:
                    return
        what, name = self._what_built(kind), self.name(h)
        if kind == "monument" and self.stage >= self.rules.max_stage:
            raise IllegalMoveError(f"the monument is finished (stage {self.stage}); there is no stage "
                                   f"{self.stage + 1}")
        if self.at[h] != EMPTY:
            raise IllegalMoveError(f"{what} at {name}: the hex is not empty, it holds {self.what_at(h)}")
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
        apart = self.rules.build[kind].not_next_to
        if apart and self.board.nmask[h] & self.masks[CODE[apart]]:
            other = next(bits(self.board.nmask[h] & self.masks[CODE[apart]]))
            raise IllegalMoveError(f"{what} at {name}: a {kind} cannot stand next to another {apart} "
                                   f"({self.name(other)})")

