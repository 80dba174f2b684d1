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

import multiprocessing
import pickle
import random
import sys
from array import array
from dataclasses import dataclass
from typing import Sequence

from solo.board import generate_map, rules_board
from solo.engine import Kingdom
from solo.errors import IllegalMoveError, PolicyError
from solo.policies import POLICIES, Careful, Greedy, Policy, policy_class
from solo.policycheck import CheckedPolicy, PolicyMistake
from solo.rules import Rules, load_rules

MAX_YEARS = 100          # a game still going after this many years counts as "unfinished"
MAX_GAMES = 10_000_000


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
    try:
        farm, mine, village = policy.setup(kmap, board)
        k = Kingdom.setup(rules, kmap, farm, mine, village, check=policy_cls is not Policy)
        return play_game(k, policy, dice, max_years, sheet)
    except Exception as exc:  # the policy's mistake, told with its name, game and year
        raise _policy_error(rules, policy_cls, seed, index, max_years, exc) from exc


def _policy_error(rules: Rules, policy_cls: type[Policy], seed: int, index: int, max_years: int,
                  exc: Exception) -> PolicyError:
    """What went wrong in game ``index``, found by playing it again with every answer of the policy
    checked (the same sheet, dice and policy stream, so the same game up to the mistake): which
    method returned what, or raised, in which year."""
    name = policy_name(policy_cls)
    dice = random.Random(game_seed(seed, index))
    sheet = dice.randrange(1_000_000)
    where = f"game {index} (sheet {sheet})"
    checked = CheckedPolicy(policy_cls(random.Random(game_seed(seed, index) ^ 0x5EED)))
    kmap = generate_map(rules_board(rules), sheet, rules.die_sides)
    try:
        farm, mine, village = checked.setup(kmap, rules_board(rules))
        k = checked.kingdom = Kingdom.setup(rules, kmap, farm, mine, village)
        play_game(k, checked, dice, max_years, sheet)
    except PolicyMistake as mistake:
        return PolicyError(f"--policy {name}: {mistake.text(where)}")
    except IllegalMoveError as err:
        year = checked.kingdom.year if checked.kingdom else 0
        return PolicyError(f"--policy {name} made an illegal move in {_year(year)} of {where}: {err.message}")
    except Exception:  # pragma: no cover - the checked game went otherwise: tell the first one
        pass
    return PolicyError(f"--policy {name} failed in {where}: {type(exc).__name__}: {exc}")


def _year(year: int) -> str:
    return "the setup" if year == 0 else f"year {year}"


def policy_name(cls: type[Policy]) -> str:
    """The name a player gave ``--policy``: a bundled one's, or module:Class."""
    for name, known in POLICIES.items():
        if known is cls:
            return name
    return f"{cls.__module__}:{cls.__qualname__}"


def play_game(k: Kingdom, policy: Policy, dice: random.Random, max_years: int, sheet: int) -> GameResult:
    """Drive one game: the dice from ``dice``, every decision from ``policy``, every step through
    the engine's checked methods. (The loop reads the engine's state directly where it only needs
    to know what is asked next; the engine still checks every step.)"""
    rules = k.rules
    sides = rules.die_sides
    roll = dice.random
    peak_food = peak_ore = peak_labor = 0
    p_capital = policy.capital
    start_year, produce, capital_count = k.start_year, k.produce, k.capital_count
    bad_fate = ""
    while k.outcome is None and k.year < max_years:
        start_year((int(roll() * sides) + 1, int(roll() * sides) + 1))
        if k.stage_at_start >= rules.reroll_from_stage:
            face = policy.reroll(k)
            if face is not None:
                k.reroll(face, int(roll() * sides) + 1)
        results = _fate(k, policy)
        n = capital_count()
        produce([p_capital(k) for _ in range(n)] if n != 1 else [p_capital(k)])
        if k.food > peak_food:
            peak_food = k.food
        if k.ore > peak_ore:
            peak_ore = k.ore
        if k.labor > peak_labor:
            peak_labor = k.labor
        _build_and_trade(k, policy)
        if _feed(k, policy):
            bad_fate = "disaster" if "disaster" in results else "hard-times" if "hard-times" in results else "none"
    if k.outcome is None:
        outcome, cause = "unfinished", "year cap"
    elif k.outcome.result == "won":
        outcome, cause = "won", "monument"
    else:
        outcome = "lost"
        cause = {"disaster": "starved after a disaster", "hard-times": "starved in hard times",
                 "none": "starved (built more mouths than food)"}[bad_fate]
    return GameResult(outcome, k.year, cause, peak_food, peak_ore, peak_labor, sheet)


def _fate(k: Kingdom, policy: Policy) -> list[str]:
    """The year's dice read (a choice face chosen by the policy) and their fate resolved: the results."""
    faces = k.rules.faces
    d1, d2 = k.dice
    chosen = faces[d1] == "choose", faces[d2] == "choose"
    if chosen[0] or chosen[1]:
        choose: list[str] = []
        for _ in range(chosen[0] + chosen[1]):
            choose.extend(policy.choose(k))
        results = k.results(choose)
    else:
        choose = []
        results = [faces[d1], faces[d2]]
    lost: list[int] = []
    if "disaster" in results:
        left = k.losable()
        for _ in range(results.count("disaster") * k.rules.disaster_loses):
            if not left:
                break
            h = policy.lose(k, left, "disaster")
            lost.append(h)
            left &= ~(1 << h)
    k.resolve_fate(choose, lost)
    return results


def _build_and_trade(k: Kingdom, policy: Policy) -> None:
    while True:
        options = k.buildable()
        if not options:
            break
        choice = policy.build(k, options)
        if choice is None:
            break
        k.build(*choice)
    while k.labor >= k.rules.trade_labor:
        resource = policy.trade(k)
        if resource is None:
            break
        k.trade(resource)


def _feed(k: Kingdom, policy: Policy) -> bool:
    """The kingdom fed; True when it starved (the policy choosing which houses are lost)."""
    lose = k.starving()
    if not lose:
        k.feed(())
        return False
    starve: list[int] = []
    left = k.losable()
    for _ in range(lose):
        h = policy.lose(k, left, "starve")
        starve.append(h)
        left &= ~(1 << h)
    k.feed(starve)
    return True


OUTCOMES = ("won", "lost", "unfinished")
CAUSES = ("monument", "starved after a disaster", "starved in hard times",
          "starved (built more mouths than food)", "year cap")
_FIELDS = 7  # a game as whole numbers: outcome, years, cause, three peaks, sheet


def run_chunk(args: tuple[str, int, int, int, int]) -> list[GameResult]:
    """Games ``start`` .. ``stop - 1`` (a worker's share)."""
    policy_name, seed, start, stop, max_years = args
    rules = load_rules()
    cls = policy_class(policy_name)
    return [play_one(rules, cls, seed, i, max_years) for i in range(start, stop)]


def pack(results: Sequence[GameResult]) -> bytes:
    """Results as a few bytes a game (what a worker sends back): seven 64-bit numbers each."""
    out = array("q")
    for r in results:
        out.extend((OUTCOMES.index(r.outcome), r.years, CAUSES.index(r.cause), r.peak_food, r.peak_ore,
                    r.peak_labor, r.sheet))
    return out.tobytes()


def unpack(data: bytes) -> list[GameResult]:
    numbers = array("q")
    numbers.frombytes(data)
    return [GameResult(OUTCOMES[numbers[i]], numbers[i + 1], CAUSES[numbers[i + 2]], numbers[i + 3],
                       numbers[i + 4], numbers[i + 5], numbers[i + 6])
            for i in range(0, len(numbers), _FIELDS)]


def _packed_chunk(args: tuple[str, int, int, int, int]) -> bytes:
    return pack(run_chunk(args))


BLOCK_GAMES = 50  # the most games a worker claims at a time (see _block_size)


def _block_size(games: int, jobs: int) -> int:
    """Games per claim: small enough that the last claim costs little waiting (a game is short)
    and that even a short run is shared out in many pieces,
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
    policy_class(policy_name)  # a bad name is refused before any worker starts
    jobs = max(1, min(jobs, games))
    load_rules()  # read once here: forked workers inherit it (and the board and the imports)
    if jobs == 1:
        return run_chunk((policy_name, seed, 0, games, max_years))
    if "fork" in multiprocessing.get_all_start_methods():
        return _forked(policy_name, seed, games, max_years, jobs)
    bounds = [games * j // jobs for j in range(jobs + 1)]
    chunks = [(policy_name, seed, bounds[j], bounds[j + 1], max_years) for j in range(jobs)]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:  # pragma: no cover - no fork here
        return [r for part in pool.map(_packed_chunk, chunks) for r in unpack(part)]


__all__ = ["Policy", "Greedy", "Careful", "POLICIES", "policy_class", "play_one", "play_game", "simulate",
           "GameResult", "MAX_YEARS"]
