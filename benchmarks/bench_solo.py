"""Timing the solo engine, side by side with its targets (issue #10 and #13's solo playout).

    python benchmarks/bench_solo.py [--seconds 3] [--games 3000] [--rounds 5]

Prints, each with its target and the ratio:
- checking a real 50-year log in-process (CPU ms, median of repeated runs; target < 10 ms);
- ``solo simulate`` with the random policy on one core: games a second (CPU time of this process;
  each game draws a fresh seeded sheet with ``generate_map``, places its setup and plays every
  decision uniformly at random among the legal ones through the engine that checks logs, until won
  or lost); target >= 4,000; with the two parts apart (drawing maps; the games on pre-drawn maps);
- ``--jobs 2`` against ``--jobs 1`` on the same games, rounds interleaved, medians: the wall-time
  speed-up (target >= 1.8x on two idle cores), the CPU time each process spent (this one plays the
  first half, a forked child the second), the work added by the second process (start-up, sending
  the results back), and the speed-up those CPU times allow on two idle cores -- a figure the load
  of other work does not change -- and that the figures are identical;
- peak memory (max RSS) of ``pnpforge solo check`` on the largest log the reader accepts (as many
  legal years as the YAML reader's count of values allows, about 25,000, padded with comments to
  just under the 8 MiB file cap), as a fresh process, beside ``python3 -c pass``.

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


def speedup(games: int, rounds: int) -> dict:
    """--jobs 1 against --jobs 2 on the same games, interleaved: wall and CPU medians."""
    one_wall, two_wall, one_cpu, parent_cpu, child_cpu = [], [], [], [], []
    same = True
    for r in range(rounds):
        w0, c0 = time.perf_counter(), time.process_time()
        a = simulate("random", games, 7 + r, jobs=1)
        one_wall.append(time.perf_counter() - w0)
        one_cpu.append(time.process_time() - c0)
        kids0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        w0, c0 = time.perf_counter(), time.process_time()
        b = simulate("random", games, 7 + r, jobs=2)
        two_wall.append(time.perf_counter() - w0)
        parent_cpu.append(time.process_time() - c0)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        child_cpu.append(kids.ru_utime + kids.ru_stime - kids0.ru_utime - kids0.ru_stime)
        same = same and a == b
    m = statistics.median
    out = {"t1": m(one_wall), "t2": m(two_wall), "cpu1": m(one_cpu), "parent": m(parent_cpu),
           "child": m(child_cpu), "same": same}
    out["ratio"] = out["t1"] / out["t2"]
    out["overhead"] = (out["parent"] + out["child"]) / out["cpu1"]
    out["bound"] = out["cpu1"] / max(out["parent"], out["child"])
    return out


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


# Runs a command in a fresh interpreter and prints its own peak resident memory (VmHWM, kB) at the
# end, whatever its exit. Not ru_maxrss of the children: Linux carries ru_maxrss over from the
# forking parent (this benchmark, which has just built an 8 MiB log) across exec.
_MEASURED = """\
import re, resource, runpy, sys
try:
    if sys.argv[1:2] == ["-m"]:
        sys.argv = sys.argv[2:]
        runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
finally:
    try:
        with open("/proc/self/status") as status:
            peak = int(re.search(r"VmHWM:\\s+(\\d+)", status.read()).group(1))
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stderr.write(f"\\nPEAK_KB {peak}\\n")
"""


def peak_memory_mib(args: list[str]) -> tuple[float, float, int]:
    """Peak resident memory (MiB) and wall seconds of one fresh ``python3 [-m module args]``; its
    exit code."""
    import re

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    w0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", _MEASURED, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    wall = time.perf_counter() - w0
    found = re.search(r"PEAK_KB (\d+)", proc.stderr)
    return (int(found.group(1)) / 1024 if found else float("nan")), wall, proc.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on the log check")
    parser.add_argument("--games", type=int, default=3000, help="games per simulate round")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    args = parser.parse_args()
    rules = load_rules()
    print(f"solo benchmark; {os.cpu_count()} cores; {load()} (other engineers' work shares this machine)")

    with tempfile.TemporaryDirectory() as folder:
        path, years = largest_log(Path(folder))
        size = path.stat().st_size
        base, _, _ = peak_memory_mib([])
        peak, wall, code = peak_memory_mib(["-m", "generator", "solo", "check", str(path)])
        print(f"peak memory of solo check on the largest accepted log ({years:,} years, "
              f"{size / 2**20:.1f} MiB; exit {code}): {peak:.0f} MiB peak resident ({wall:.1f} s wall); "
              f"an empty python3: {base:.0f} MiB; target < 200 MiB")

    cpu_ms, wall_ms, lines = time_check(rules, args.seconds)
    print(f"check a 50-year log ({lines} lines), in-process: {cpu_ms:.1f} ms CPU (wall {wall_ms:.1f} ms); "
          f"target < {CHECK_TARGET_MS:.0f} ms; ratio {cpu_ms / CHECK_TARGET_MS:.2f} of target")

    rate, years, map_rate, engine_rate = games_per_second(rules, args.games, args.rounds)
    print(f"simulate --policy random, one core: {rate:,.0f} games/s CPU ({years:.1f} years a game; "
          f"median of {args.rounds} rounds of {args.games:,}); target >= {GAMES_TARGET:,.0f}; "
          f"ratio {rate / GAMES_TARGET:.2f}x")
    print(f"  parts: drawing fresh seeded maps {map_rate:,.0f}/s; the games on pre-drawn maps "
          f"{engine_rate:,.0f}/s")

    sp = speedup(args.games * 2, args.rounds)
    print(f"simulate --jobs 1 vs --jobs 2 ({args.games * 2:,} games, interleaved, medians of {args.rounds}): "
          f"wall {sp['t1']:.2f} s vs {sp['t2']:.2f} s: speed-up {sp['ratio']:.2f}x; target >= "
          f"{SPEEDUP_TARGET}x; ratio {sp['ratio'] / SPEEDUP_TARGET:.2f} of target; figures identical: "
          f"{'yes' if sp['same'] else 'NO'}")
    print(f"  CPU: --jobs 1 {sp['cpu1']:.2f} s; --jobs 2 this process {sp['parent']:.2f} s + its child "
          f"{sp['child']:.2f} s = {sp['overhead']:.2f}x the work of one; on two idle cores that allows "
          f"{sp['bound']:.2f}x (the wall speed-up above is lower when other work shares the cores)")

    print(f"done; {load()}")


if __name__ == "__main__":
    main()
