"""The players ``solo simulate`` runs: :class:`Policy` (every decision uniformly random among the legal
choices) and the bundled ``greedy`` and ``careful``, and :func:`policy_class` to find a player's own
(``module:Class``). The interface is in ``docs/solo.md``."""

from __future__ import annotations

import importlib
import random
from typing import Sequence

from generator.api import UsageError
from solo.advice import best_site, cheapest_loss, pick
from solo.board import Board, KingdomMap, bit_list
from solo.engine import Kingdom
from solo.rules import FATE_RESULTS

GOOD_RESULTS = ("harvest", "strike-ore", "efficiency")


class Policy:
    """How a player decides. Every method gets the :class:`Kingdom` as it stands (read it, never
    change it) and returns a decision; the engine checks it. ``self.rng`` is the policy's own
    ``random.Random``. The defaults are uniformly random among the legal choices.

    - ``setup(kmap, board)`` → (farm, mine, village) hexes (ints; ``board.index['E5']``).
    - ``reroll(k)`` → the face of one fate die to reroll, or None (asked only when allowed).
    - ``choose(k)`` → the results a 6 picks (``k.rules.choose_count`` different names).
    - ``lose(k, left, why)`` → one hex of the mask ``left`` to lose (``why``: "disaster" or "starve").
    - ``capital(k)`` → "food", "ore" or "labor" (asked once per resource the capital makes).
    - ``build(k, options)`` → (kind, hex) to build now, or None to stop building this year;
      ``options`` are the kinds you can pay for that have a legal hex (``k.legal_hexes(kind)``).
    - ``trade(k)`` → "food" or "ore" for one trade, or None to stop (asked while labor allows).
    """

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.random = rng.random

    def setup(self, kmap: KingdomMap, board: Board) -> tuple[int, int, int]:
        cap = 1 << board.capital
        farm = pick(self.random, kmap.river_mask & ~cap)
        mine = pick(self.random, kmap.mountain_mask)
        near = board.nmask[farm] | board.nmask[mine]
        village = pick(self.random, near & ~kmap.mountain_mask & ~cap & ~(1 << farm) & ~(1 << mine))
        return farm, mine, village

    def reroll(self, k: Kingdom) -> int | None:
        choices = sorted(set(k.dice))
        i = int(self.random() * (len(choices) + 1))
        return choices[i] if i < len(choices) else None

    def choose(self, k: Kingdom) -> Sequence[str]:
        return self.rng.sample(FATE_RESULTS, k.rules.choose_count)

    def lose(self, k: Kingdom, left: int, why: str) -> int:
        return pick(self.random, left)

    def capital(self, k: Kingdom) -> str:
        return ("food", "ore", "labor")[int(self.random() * 3)]

    def build(self, k: Kingdom, options: Sequence[str]) -> tuple[str, int] | None:
        i = int(self.random() * (len(options) + 1))
        if i == len(options):
            return None
        kind = options[i]
        return kind, pick(self.random, k.legal_hexes(kind))

    def trade(self, k: Kingdom) -> str | None:
        return (None, "food", "ore")[int(self.random() * 3)]


class Greedy(Policy):
    """Builds as much as it can pay for, the monument first, then the building that makes most;
    capital and trades for ore (the monument's scarcest need). Never thinks about food."""

    name = "greedy"

    def reroll(self, k: Kingdom) -> int | None:
        return None

    def choose(self, k: Kingdom) -> Sequence[str]:
        return GOOD_RESULTS[:k.rules.choose_count]

    def capital(self, k: Kingdom) -> str:
        return "ore"

    def build(self, k: Kingdom, options: Sequence[str]) -> tuple[str, int] | None:
        kind = "monument" if "monument" in options else options[0]
        return kind, best_site(k, kind, k.legal_hexes(kind), self.random)

    def trade(self, k: Kingdom) -> str | None:
        return "ore"


class Careful(Policy):
    """Keeps the kingdom fed: builds only what leaves enough food for everyone (counting the labor
    it could still trade), the monument first; rerolls a disaster or hard times; a 6 picks the
    bonuses; loses the building that makes least; trades for food while food is short, else ore."""

    name = "careful"

    def setup(self, kmap: KingdomMap, board: Board) -> tuple[int, int, int]:
        cap = 1 << board.capital
        farm = bit_list(kmap.river_mask & ~cap)[0]
        mine = bit_list(kmap.mountain_mask)[0]
        near = board.nmask[farm] | board.nmask[mine]
        village = bit_list(near & ~kmap.mountain_mask & ~cap & ~(1 << farm) & ~(1 << mine))[0]
        return farm, mine, village

    def reroll(self, k: Kingdom) -> int | None:
        faces = k.rules.faces
        bad = [d for d in k.dice if faces[d] in ("disaster", "hard-times")]
        return bad[0] if bad else None

    def choose(self, k: Kingdom) -> Sequence[str]:
        food_short = k.food < k.food_needed() + 2
        first = "harvest" if food_short or k.ore >= 12 else "strike-ore"
        rest = [r for r in GOOD_RESULTS if r != first]
        return (first, *rest)[:k.rules.choose_count]

    def lose(self, k: Kingdom, left: int, why: str) -> int:
        return cheapest_loss(k, left)

    def capital(self, k: Kingdom) -> str:
        return "food" if k.food <= k.food_needed() + 1 else "ore"

    def build(self, k: Kingdom, options: Sequence[str]) -> tuple[str, int] | None:
        wants = {"monument": True, "farm": k.farms < 7, "village": k.villages < 4,
                 "mine": k.mines < 3 or k.ore < 2 * k.stage}
        for kind in ("monument", "farm", "village", "mine"):
            if kind in options and wants[kind] and fed_after(k, kind):
                return kind, best_site(k, kind, k.legal_hexes(kind), self.random)
        return None

    def trade(self, k: Kingdom) -> str | None:
        return "food" if k.food < k.food_needed() + 1 else "ore"


def fed_after(k: Kingdom, kind: str) -> bool:
    """Whether building ``kind`` now still leaves food for everyone (trading the labor left)."""
    labor, food, _ = k.build_cost(kind)
    eaters = k.fed_count() + (kind != "monument")
    spare = (k.labor - labor) // k.rules.trade_labor * k.rules.trade_gives
    return k.food - food + spare >= eaters * k.rules.food_per_building





POLICIES: dict[str, type[Policy]] = {"random": Policy, "greedy": Greedy, "careful": Careful}


def policy_class(name: str) -> type[Policy]:
    """A built-in policy by name, or ``module:Class`` (a :class:`Policy` subclass a player wrote)."""
    if name in POLICIES:
        return POLICIES[name]
    if ":" not in name:
        raise UsageError(f"--policy {name}: not one of {', '.join(POLICIES)} (or module:Class for your own)")
    module_name, _, cls_name = name.partition(":")
    if not (module_name and all(part.isidentifier() for part in module_name.split("."))
            and cls_name.isidentifier()):
        raise UsageError(f"--policy {name}: give your policy as module:Class, the module by its import name "
                         "(mypolicy or package.mypolicy: letters, digits and _, parts joined by dots)")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UsageError(f"--policy {name}: cannot import {module_name} ({exc})") from None
    cls = getattr(module, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Policy)):
        raise UsageError(f"--policy {name}: {module_name} has no Policy subclass called {cls_name}")
    return cls

