"""``pnpforge solo simulate``: many games on fresh seeded sheets, played by a named policy.

A *policy* makes a player's decisions; the engine (:class:`solo.engine.Kingdom`, the one that checks
logs) refuses anything illegal, so a policy cannot cheat. The interface is small (see
``docs/solo.md``): subclass :class:`Policy`, override what you want to decide differently, and run
``pnpforge solo simulate --policy mymodule:MyPolicy``.

Game ``i`` of a run with seed ``S`` draws its sheet and its dice from ``S`` and ``i`` alone, and its
policy gets its own random stream from them too, so the figures are the same whatever ``--jobs``
(the workers claim blocks of games as they go; the blocks are put back in order), and every policy
meets the same sheets and the same dice.
"""

from __future__ import annotations

import importlib
import math
import random
import statistics
import sys
from dataclasses import dataclass
from typing import Callable, Sequence

from .board import Board, KingdomMap, bit_list, generate_map, rules_board
from .engine import FARM, MINE, MONUMENT, VILLAGE, Kingdom
from .rules import FATE_RESULTS, Rules

MAX_YEARS = 100          # a game still going after this many years counts as "unfinished"
MAX_GAMES = 10_000_000
GOOD_RESULTS = ("harvest", "strike-ore", "efficiency")


def pick(rng_random: Callable[[], float], mask: int) -> int:
    """A uniformly random hex of a non-empty mask."""
    n = mask.bit_count()
    if n > 8:
        top = mask.bit_length()
        while True:
            h = int(rng_random() * top)
            if mask >> h & 1:
                return h
    k = int(rng_random() * n)  # the k-th hex of the mask, lowest first
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


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


def best_site(k: Kingdom, kind: str, where: int, rnd: Callable[[], float]) -> int:
    """A hex where ``kind`` makes the most: by the river, on a mountain, next to a farm or mine."""
    if kind == "farm":
        better = where & k.river
    elif kind == "mine":
        better = where & k.mountains
    elif kind == "village":
        better = where & k.board.around(k.masks[FARM] | k.masks[MINE])
    else:
        better = where & ~k.river
    return pick(rnd, better or where)


def cheapest_loss(k: Kingdom, left: int) -> int:
    """Of the buildings in ``left``, the one whose loss costs least: the one that makes least
    (a plain farm before a river farm), then the most common kind, then the lowest hex."""
    def value(h: int) -> tuple[int, int, int]:
        code = k.at[h]
        made = 1
        if code == FARM and k.river >> h & 1 or code == MINE and k.mountains >> h & 1:
            made = 2
        elif code == VILLAGE and k.board.nmask[h] & (k.masks[FARM] | k.masks[MINE]):
            made = 2
        return (made, -k.masks[code].bit_count(), h)

    return min(bit_list(left), key=value)


POLICIES: dict[str, type[Policy]] = {"random": Policy, "greedy": Greedy, "careful": Careful}


def policy_class(name: str) -> type[Policy]:
    """A built-in policy by name, or ``module:Class`` (a :class:`Policy` subclass a player wrote)."""
    from generator.errors import UsageError

    if name in POLICIES:
        return POLICIES[name]
    if ":" not in name:
        raise UsageError(f"--policy {name}: not one of {', '.join(POLICIES)} (or module:Class for your own)")
    module_name, _, cls_name = name.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UsageError(f"--policy {name}: cannot import {module_name} ({exc})") from None
    cls = getattr(module, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Policy)):
        raise UsageError(f"--policy {name}: {module_name} has no Policy subclass called {cls_name}")
    return cls


# -- one game ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameResult:
    """One simulated game: ``outcome`` won / lost / unfinished, its length, what ended it."""

    outcome: str
    years: int
    cause: str            # won: "monument"; lost: what the losing year's fate was; unfinished: "year cap"
    peak_food: int
    peak_ore: int
    peak_labor: int
    sheet: int


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index * 7_919 + 12_345


def play_one(rules: Rules, policy_cls: type[Policy], seed: int, index: int,
             max_years: int = MAX_YEARS) -> GameResult:
    """Game ``index`` of a run seeded ``seed``: its sheet and dice depend on (seed, index) only."""
    dice = random.Random(game_seed(seed, index))
    sheet = dice.randrange(1_000_000)
    board = rules_board(rules)
    kmap = generate_map(board, sheet, rules.die_sides)
    policy = policy_cls(random.Random(game_seed(seed, index) ^ 0x5EED))
    farm, mine, village = policy.setup(kmap, board)
    k = Kingdom.setup(rules, kmap, farm, mine, village, check=policy_cls is not Policy)
    return _play(k, policy, dice, max_years, sheet)


def _play(k: Kingdom, policy: Policy, dice: random.Random, max_years: int, sheet: int) -> GameResult:
    """Drive one game: the dice from ``dice``, every decision from ``policy``, every step through
    the engine's checked methods. (The loop reads the engine's state directly where it only needs
    to know what is asked next; the engine still checks every step.)"""
    rules = k.rules
    sides = rules.die_sides
    roll = dice.random
    faces = rules.faces
    choose_faces = frozenset(d for d, name in faces.items() if name == "choose")
    trade_labor = rules.trade_labor
    reroll_from = rules.reroll_from_stage
    disaster_loses = rules.disaster_loses
    peak_food = peak_ore = peak_labor = 0
    p_reroll, p_choose, p_lose, p_capital = policy.reroll, policy.choose, policy.lose, policy.capital
    p_build, p_trade = policy.build, policy.trade
    buildable = k.buildable
    start_year, resolve_fate, produce, capital_count = k.start_year, k.resolve_fate, k.produce, k.capital_count
    build, trade, feed, starving, losable = k.build, k.trade, k.feed, k.starving, k.losable
    bad_fate = ""
    while k.outcome is None and k.year < max_years:
        start_year((int(roll() * sides) + 1, int(roll() * sides) + 1))
        if k.stage_at_start >= reroll_from:
            face = p_reroll(k)
            if face is not None:
                k.reroll(face, int(roll() * sides) + 1)
        d1, d2 = k.dice
        if d1 in choose_faces or d2 in choose_faces:
            choose: list[str] = []
            for _ in range((d1 in choose_faces) + (d2 in choose_faces)):
                choose.extend(p_choose(k))
            results = k.results(choose)
        else:
            choose = []
            results = [faces[d1], faces[d2]]
        lost: list[int] = []
        if "disaster" in results:
            left = losable()
            for _ in range(results.count("disaster") * disaster_loses):
                if not left:
                    break
                h = p_lose(k, left, "disaster")
                lost.append(h)
                left &= ~(1 << h)
        resolve_fate(choose, lost)
        n = capital_count()
        produce([p_capital(k) for _ in range(n)] if n != 1 else [p_capital(k)])
        if k.food > peak_food:
            peak_food = k.food
        if k.ore > peak_ore:
            peak_ore = k.ore
        if k.labor > peak_labor:
            peak_labor = k.labor
        while True:
            options = buildable()
            if not options:
                break
            choice = p_build(k, options)
            if choice is None:
                break
            build(*choice)
        while k.labor >= trade_labor:
            resource = p_trade(k)
            if resource is None:
                break
            trade(resource)
        lose = starving()
        if lose:
            starve: list[int] = []
            left = losable()
            for _ in range(lose):
                h = p_lose(k, left, "starve")
                starve.append(h)
                left &= ~(1 << h)
            bad_fate = ("disaster" if "disaster" in results else "hard-times" if "hard-times" in results
                        else "none")
            feed(starve)
        else:
            feed(())
    if k.outcome is None:
        outcome, cause = "unfinished", "year cap"
    elif k.outcome.result == "won":
        outcome, cause = "won", "monument"
    else:
        outcome = "lost"
        cause = {"disaster": "starved after a disaster", "hard-times": "starved in hard times",
                 "none": "starved (built more mouths than food)"}[bad_fate]
    return GameResult(outcome, k.year, cause, peak_food, peak_ore, peak_labor, sheet)


OUTCOMES = ("won", "lost", "unfinished")
CAUSES = ("monument", "starved after a disaster", "starved in hard times",
          "starved (built more mouths than food)", "year cap")
_FIELDS = 7  # a game as whole numbers: outcome, years, cause, three peaks, sheet


def run_chunk(args: tuple[str, int, int, int, int]) -> list[GameResult]:
    """Games ``start`` .. ``stop - 1`` (a worker's share)."""
    policy_name, seed, start, stop, max_years = args
    from .rules import load_rules

    rules = load_rules()
    cls = policy_class(policy_name)
    return [play_one(rules, cls, seed, i, max_years) for i in range(start, stop)]


def pack(results: Sequence[GameResult]) -> bytes:
    """Results as a few bytes a game (what a worker sends back): seven 64-bit numbers each."""
    from array import array

    out = array("q")
    for r in results:
        out.extend((OUTCOMES.index(r.outcome), r.years, CAUSES.index(r.cause), r.peak_food, r.peak_ore,
                    r.peak_labor, r.sheet))
    return out.tobytes()


def unpack(data: bytes) -> list[GameResult]:
    from array import array

    numbers = array("q")
    numbers.frombytes(data)
    return [GameResult(OUTCOMES[numbers[i]], numbers[i + 1], CAUSES[numbers[i + 2]], numbers[i + 3],
                       numbers[i + 4], numbers[i + 5], numbers[i + 6])
            for i in range(0, len(numbers), _FIELDS)]


def _packed_chunk(args: tuple[str, int, int, int, int]) -> bytes:
    return pack(run_chunk(args))


BLOCK_GAMES = 50  # the most games a worker claims at a time (see _block_size)


def _block_size(games: int, jobs: int) -> int:
    """Games per claim: small enough that the last claim costs little waiting (a random game is
    about 0.15 ms, a careful one 0.5 ms) and that even a short run is shared out in many pieces,
    large enough that claiming (one shared lock) costs nothing beside the games."""
    return max(1, min(BLOCK_GAMES, games // (jobs * 64)))


class _Failed(Exception):
    """A worker's game raised: ``index`` is the game, ``error`` what it raised."""

    def __init__(self, index: int, error: BaseException) -> None:
        super().__init__(index, error)
        self.index, self.error = index, error


def _play_claimed(policy_name: str, seed: int, games: int, max_years: int, block: int,
                  counter) -> dict[int, list[GameResult]]:
    """Claim blocks of games from the shared ``counter`` (the next block nobody has taken) and play
    them, until none is left. Blocks are claimed in order, so when a game raises, every block before
    its own has already been claimed; the claims stop there (the counter is moved past the end) and
    the one who raised reports :class:`_Failed`."""
    from .rules import load_rules

    rules = load_rules()
    cls = policy_class(policy_name)
    lock = counter.get_lock()
    blocks = -(-games // block)
    played: dict[int, list[GameResult]] = {}
    while True:
        with lock:
            b = counter.value
            if b >= blocks:
                return played
            counter.value = b + 1
        out = played[b] = []
        for i in range(b * block, min(games, (b + 1) * block)):
            try:
                out.append(play_one(rules, cls, seed, i, max_years))
            except Exception as exc:
                with lock:
                    counter.value = blocks
                raise _Failed(i, exc) from None


def _child(send, args: tuple) -> None:  # pragma: no cover - runs in a fork
    """A forked worker: the blocks it claimed (their numbers, then their games packed), or the game
    that raised and what it raised, pickled."""
    import pickle
    from array import array

    try:
        played = _play_claimed(*args)
        numbers = array("q", [len(played), *played])
        data = b"\x00" + numbers.tobytes() + pack([r for b in played for r in played[b]])
    except KeyboardInterrupt:  # Ctrl-C reaches the parent too, which stops
        return
    except _Failed as failed:  # sent to the parent, which raises it as jobs=1 would
        try:
            data = b"\x01" + pickle.dumps((failed.index, failed.error))
        except Exception:
            data = b"\x01" + pickle.dumps(
                (failed.index, RuntimeError(f"a simulate worker failed: {failed.error!r}")))
    except Exception as exc:  # not a game's (reading the rules, say)
        data = b"\x01" + pickle.dumps((-1, RuntimeError(f"a simulate worker failed: {exc!r}")))
    try:
        send.send_bytes(data)
        send.close()
    except OSError:  # the parent stopped reading (it failed or was interrupted)
        pass


def _forked(policy_name: str, seed: int, games: int, max_years: int, jobs: int) -> list[GameResult]:
    """This process and ``jobs - 1`` forked children (which inherit everything already loaded:
    rules, board, imports) claim blocks of games from a shared counter until none is left, so a
    worker that finishes early (its games were shorter, or nothing else shared its core) plays
    more. Children send their games back as packed numbers; the blocks are put back in order. If a
    game raised, the earliest such game's error is raised, as ``jobs=1`` would raise it."""
    import multiprocessing
    import pickle
    from array import array

    ctx = multiprocessing.get_context("fork")
    block = _block_size(games, jobs)
    counter = ctx.Value("q", 0)
    args = (policy_name, seed, games, max_years, block, counter)
    for stream in (sys.stdout, sys.stderr):  # a child must not print what the parent had buffered
        stream.flush()
    children = []
    try:
        for _ in range(jobs - 1):
            receive, send = ctx.Pipe(duplex=False)
            child = ctx.Process(target=_child, args=(send, args), daemon=True)
            child.start()
            send.close()
            children.append((child, receive))
        failures: list[tuple[int, BaseException]] = []
        try:
            played = _play_claimed(*args)
        except _Failed as failed:
            played = {}
            failures.append((failed.index, failed.error))
        for child, receive in children:
            try:
                data = receive.recv_bytes()
            except EOFError:
                raise RuntimeError(f"a simulate worker stopped (exit code {child.exitcode})") from None
            if data[:1] == b"\x01":
                failures.append(pickle.loads(data[1:]))
                continue
            numbers = array("q")
            numbers.frombytes(data[1:9])
            count = numbers[0]
            numbers.frombytes(data[9:9 + 8 * count])
            results = unpack(data[9 + 8 * count:])
            at = 0
            for b in numbers[1:]:
                size = min(games, (b + 1) * block) - b * block
                played[b] = results[at:at + size]
                at += size
        if failures:
            raise min(failures, key=lambda f: f[0])[1]
        return [r for b in sorted(played) for r in played[b]]
    finally:
        for child, receive in children:
            receive.close()
            if child.is_alive() and child.exitcode is None:
                child.join(timeout=5)
                if child.is_alive():
                    child.terminate()
                    child.join()


def simulate(policy_name: str, games: int, seed: int, jobs: int = 1,
             max_years: int = MAX_YEARS) -> list[GameResult]:
    """Play ``games`` games; the same list for any ``jobs`` (blocks of games, put back in order)."""
    from .rules import load_rules

    policy_class(policy_name)  # a bad name is refused before any worker starts
    jobs = max(1, min(jobs, games))
    load_rules()  # read once here: forked workers inherit it (and the board and the imports)
    if jobs == 1:
        return run_chunk((policy_name, seed, 0, games, max_years))
    import multiprocessing

    if "fork" in multiprocessing.get_all_start_methods():
        return _forked(policy_name, seed, games, max_years, jobs)
    bounds = [games * j // jobs for j in range(jobs + 1)]
    chunks = [(policy_name, seed, bounds[j], bounds[j + 1], max_years) for j in range(jobs)]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:  # pragma: no cover - no fork here
        return [r for part in pool.map(_packed_chunk, chunks) for r in unpack(part)]


# -- figures ----------------------------------------------------------------------------------------

def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _quantiles(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    if len(ordered) == 1:
        v = ordered[0]
        return {"min": v, "p25": v, "median": v, "p75": v, "p90": v, "max": v, "mean": v}
    q = statistics.quantiles(ordered, n=20, method="inclusive")
    return {"min": ordered[0], "p25": q[4], "median": statistics.median(ordered), "p75": q[14],
            "p90": q[17], "max": ordered[-1], "mean": round(statistics.fmean(ordered), 2)}


def summarise(policy: str, results: Sequence[GameResult], seed: int) -> dict:
    n = len(results)
    wins = sum(r.outcome == "won" for r in results)
    low, high = wilson(wins, n)
    causes: dict[str, int] = {}
    for r in results:
        if r.outcome != "won":
            causes[r.cause] = causes.get(r.cause, 0) + 1
    return {
        "policy": policy, "games": n, "seed": seed,
        "won": wins, "lost": sum(r.outcome == "lost" for r in results),
        "unfinished": sum(r.outcome == "unfinished" for r in results),
        "win_rate": round(wins / n, 4) if n else 0.0, "win_rate_95": [round(low, 4), round(high, 4)],
        "years": _quantiles([r.years for r in results]),
        "years_won": _quantiles([r.years for r in results if r.outcome == "won"]),
        "years_lost": _quantiles([r.years for r in results if r.outcome == "lost"]),
        "causes": dict(sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))),
        "peak": {key: _quantiles([getattr(r, f"peak_{key}") for r in results])
                 for key in ("food", "ore", "labor")},
        "lengths": _histogram([r.years for r in results]),
    }


def _histogram(values: Sequence[int]) -> dict[str, int]:
    out: dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return {str(k): out[k] for k in sorted(out)}


def report_text(s: dict, max_years: int = MAX_YEARS) -> str:
    y, low_high = s["years"], s["win_rate_95"]
    lines = [f"{s['policy']}: {s['games']:,} games (seed {s['seed']}): won {s['won']:,} "
             f"({100 * s['win_rate']:.1f}%, 95% interval {100 * low_high[0]:.1f}-{100 * low_high[1]:.1f}%), "
             f"lost {s['lost']:,}, unfinished (still going after {max_years} years) {s['unfinished']:,}"]
    if y:
        lines.append(f"  game length: median {y['median']:g} years (quartiles {y['p25']:g}-{y['p75']:g}, "
                     f"range {y['min']:g}-{y['max']:g})" + "".join(
                         f"; {label} median {s[key]['median']:g}" for key, label in
                         (("years_won", "won"), ("years_lost", "lost")) if s[key]))
    if s["causes"]:
        lines.append("  not won: " + "; ".join(f"{cause} {n:,}" for cause, n in s["causes"].items()))
    lines.append("  peak (median / 90th percentile / most): " + "; ".join(
        f"{key} {p['median']:g} / {p['p90']:g} / {p['max']:g}" for key, p in s["peak"].items() if p))
    return "\n".join(lines)


__all__ = ["Policy", "Greedy", "Careful", "POLICIES", "policy_class", "play_one", "simulate",
           "summarise", "report_text", "wilson", "GameResult", "MONUMENT"]
