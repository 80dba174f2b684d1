"""Timing the solo engine, side by side with its targets (issue #10 and #13's solo playout).

    python benchmarks/bench_solo.py [--seconds 3] [--games 3000] [--rounds 3]

Prints, each with its target and the ratio:
- checking a real 50-year log in-process (CPU ms, median of repeated runs; target < 10 ms);
- ``solo simulate`` with the random policy on one core: games a second (CPU time of this process;
  each game draws a fresh seeded sheet with ``generate_map``, places its setup and plays every
  decision uniformly at random among the legal ones through the engine that checks logs, until won
  or lost); target >= 4,000; with the two parts apart (drawing maps; the games on pre-drawn maps);
- the speed-up of ``--jobs 2`` over ``--jobs 1`` on the same games (wall time, rounds interleaved
  in this one run, medians; target >= 1.8x) and that the figures are identical;
- peak memory (max RSS) of ``pnpforge solo check`` on the largest log the reader accepts (100,000
  years, just under the 8 MiB file cap), as a fresh process, beside ``python3 -c pass``.

CPU time is used wherever one core is measured, so other processes disturb it less than wall time;
the 2-core speed-up must be wall time. The load average is printed before and after: on a machine
shared with other work the wall-time speed-up is lower than on an idle one.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solo.board import generate_map, rules_board  # noqa: E402
from solo.check import check_file  # noqa: E402
from solo.log import MAX_YEARS, format_log  # noqa: E402
from solo.playout import playout  # noqa: E402
from solo.rules import load_rules  # noqa: E402
from solo.simulate import Policy, _play, simulate  # noqa: E402

CHECK_TARGET_MS = 10.0
GAMES_TARGET = 4000.0
SPEEDUP_TARGET = 1.8


def load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover
        return "load average unknown"


def fifty_year_log(rules) -> str:
    """A real 50-year game (a careful player who has not finished by year 50), checks included."""
    board = rules_board(rules)
    for seed in range(10_000):
        game = playout(rules, seed, max_years=50, skill=1.0, checks=True)
        if game.kingdom.year == 50 and not game.kingdom.over:
            return format_log(game.log, board)
    raise SystemExit("no 50-year game found")


def time_check(rules, seconds: float) -> tuple[float, float, int]:
    text = fifty_year_log(rules)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fifty.yaml"
        path.write_text(text, encoding="utf-8")
        check_file(path, rules)  # warm up (imports, caches)
        cpu, wall = [], []
        end = time.process_time() + seconds
        while time.process_time() < end or len(cpu) < 5:
            c0, w0 = time.process_time(), time.perf_counter()
            kingdom = check_file(path, rules)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
        assert kingdom.year == 50
    return statistics.median(cpu) * 1000, statistics.median(wall) * 1000, len(text.splitlines())


def games_per_second(rules, games: int, rounds: int) -> tuple[float, float, float, float]:
    """simulate's random policy on this core: (games/s, years per game, maps/s, games/s on pre-drawn maps)."""
    import random

    simulate("random", 200, 99)  # warm up
    rates = []
    results = []
    for r in range(rounds):
        c0 = time.process_time()
        results = simulate("random", games, 1 + r, jobs=1)
        rates.append(games / (time.process_time() - c0))
    years = sum(x.years for x in results) / len(results)
    board = rules_board(rules)
    c0 = time.process_time()
    maps = [generate_map(board, s, rules.die_sides) for s in range(games)]
    map_rate = games / (time.process_time() - c0)
    c0 = time.process_time()
    from solo.engine import Kingdom

    for i, kmap in enumerate(maps):
        policy = Policy(random.Random(i))
        farm, mine, village = policy.setup(kmap, board)
        k = Kingdom.setup(rules, kmap, farm, mine, village, check=False)
        _play(k, policy, random.Random(i + 1), 100, 0)
    engine_rate = games / (time.process_time() - c0)
    return statistics.median(rates), years, map_rate, engine_rate


def speedup(games: int, rounds: int) -> tuple[float, float, float, bool]:
    """Wall time of --jobs 1 and --jobs 2 on the same games, interleaved; (t1, t2, ratio, identical)."""
    one, two = [], []
    same = True
    for r in range(rounds):
        w0 = time.perf_counter()
        a = simulate("random", games, 7 + r, jobs=1)
        one.append(time.perf_counter() - w0)
        w0 = time.perf_counter()
        b = simulate("random", games, 7 + r, jobs=2)
        two.append(time.perf_counter() - w0)
        same = same and a == b
    t1, t2 = statistics.median(one), statistics.median(two)
    return t1, t2, t1 / t2, same


QUIET_YEAR = "  - fate: [3, 4]\n    capital: [food]   # harvest, strike ore\n"


def largest_log(folder: Path) -> tuple[Path, int]:
    """The largest log the reader accepts: as many legal years as its limits allow (the 100,000
    years the log reader reads, or fewer when the YAML reader's count of values stops it), padded
    with comments to just under the 8 MiB file cap. Returns the file and its number of years."""
    from generator.errors import DataError
    from generator.yamlsrc import loads

    setup = ("# format: 1\nsetup:\n  dice: [4, 2]\n  mountains: [C2, C3, D2, D3, H6, H7]\n"
             "  river: [D4, E5, F5, G6, G7, G8]\n  farm: E5\n  mine: C3\n  village: F4\nyears:\n")
    low, high = 1, MAX_YEARS
    while low < high:  # the most years the YAML reader takes
        mid = (low + high + 1) // 2
        try:
            loads(setup + QUIET_YEAR * mid, "probe")
            low = mid
        except DataError:
            high = mid - 1
    body = setup + QUIET_YEAR * low
    pad = "# " + "padding to just under the reader's size cap " * 2 + "\n"
    room = 8 * 1024 * 1024 - 4096 - len(body.encode("utf-8"))
    path = folder / "largest.yaml"
    path.write_text(pad * max(0, room // len(pad)) + body, encoding="utf-8")
    return path, low


def peak_memory_mib(args: list[str]) -> tuple[float, float, int]:
    """Max RSS (MiB) and wall seconds of one fresh process; its exit code."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    w0 = time.perf_counter()
    proc = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - w0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if peak <= before:  # ru_maxrss is the largest child so far: run the small one first
        peak = before
    return peak / 1024, wall, proc.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on the log check")
    parser.add_argument("--games", type=int, default=3000, help="games per simulate round")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    rules = load_rules()
    print(f"solo benchmark; {os.cpu_count()} cores; {load()} (other engineers' work shares this machine)")

    with tempfile.TemporaryDirectory() as folder:
        path, years = largest_log(Path(folder))
        size = path.stat().st_size
        base, _, _ = peak_memory_mib([sys.executable, "-c", "pass"])
        peak, wall, code = peak_memory_mib([sys.executable, "-m", "generator", "solo", "check", str(path)])
        print(f"peak memory of solo check on the largest accepted log ({years:,} years, "
              f"{size / 2**20:.1f} MiB; exit {code}): {peak:.0f} MiB max RSS ({wall:.1f} s wall); "
              f"python3 -c pass: {base:.0f} MiB")

    cpu_ms, wall_ms, lines = time_check(rules, args.seconds)
    print(f"check a 50-year log ({lines} lines), in-process: {cpu_ms:.1f} ms CPU (wall {wall_ms:.1f} ms); "
          f"target < {CHECK_TARGET_MS:.0f} ms; ratio {cpu_ms / CHECK_TARGET_MS:.2f} of target")

    rate, years, map_rate, engine_rate = games_per_second(rules, args.games, args.rounds)
    print(f"simulate --policy random, one core: {rate:,.0f} games/s CPU ({years:.1f} years a game; "
          f"median of {args.rounds} rounds of {args.games:,}); target >= {GAMES_TARGET:,.0f}; "
          f"ratio {rate / GAMES_TARGET:.2f}x")
    print(f"  parts: drawing fresh seeded maps {map_rate:,.0f}/s; the games on pre-drawn maps "
          f"{engine_rate:,.0f}/s")

    t1, t2, ratio, same = speedup(args.games * 2, args.rounds)
    print(f"simulate --jobs 1 vs --jobs 2 ({args.games * 2:,} games, wall, interleaved, medians): "
          f"{t1:.2f} s vs {t2:.2f} s: speed-up {ratio:.2f}x; target >= {SPEEDUP_TARGET}x; "
          f"figures identical: {'yes' if same else 'NO'}")

    print(f"done; {load()}")


if __name__ == "__main__":
    main()
