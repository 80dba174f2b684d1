"""Timing the solo engine, side by side with its targets (issue #10 and #13's solo playout).

    python benchmarks/bench_solo.py [--seconds 3] [--games 3000] [--rounds 5] [--max-rounds 30]

Prints, each with its target and the ratio:
- checking a real 50-year log in-process (CPU ms, median of repeated runs; target < 10 ms);
- ``solo simulate`` with the random policy on one core: games a second (CPU time of this process;
  each game draws a fresh seeded sheet with ``generate_map``, places its setup and plays every
  decision uniformly at random among the legal ones through the engine that checks logs, until won
  or lost); target >= 4,000; with the two parts apart (drawing maps; the games on pre-drawn maps);
- ``--policy careful`` beside ``random``, rounds interleaved: games a second and years a second (the
  target: careful at half random's games a second or more; careful games last ~3.8x as many years);
- ``--jobs 2`` against ``--jobs 1`` on the same games, rounds interleaved, medians: the wall-time
  speed-up (target >= 1.8x on two idle cores), the CPU time each process spent (this one and a
  forked child claim blocks of games as they go), the work added by the second process (start-up,
  sending the results back), the speed-up those CPU times allow, and that the figures are
  identical. Each round also measures the *other* work on the machine while it ran (all busy CPU
  time in ``/proc/stat`` less this process's and its child's): a round where that stays under a
  tenth of a core in both runs is *quiet*. Rounds are repeated (up to ``--max-rounds``) until
  ``--rounds`` of them are quiet; the speed-up on idle cores is the median of the quiet rounds,
  printed beside the median of all rounds. Neither wall nor CPU time is proof against other work
  on this 2-core VM: a memory-heavy neighbour (a callgrind run, say) makes the same games cost up
  to ~1.4x the CPU time, on one side of a round and not the other, so a loaded round says nothing
  about the code;
- peak memory (max RSS) of ``pnpforge solo check`` on the largest log the reader accepts (as many
  legal years as the YAML reader's count of values allows, about 25,000, padded with comments to
  just under the 8 MiB file cap), as a fresh process, beside ``python3 -c pass``.

CPU time is used wherever one core is measured, so other processes disturb it less than wall time
(less, not never: see above); the 2-core speed-up must be wall time. The load average is printed
before and after.
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
from solo.simulate import Policy, play_game, simulate  # noqa: E402

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
        play_game(k, policy, random.Random(i + 1), 100, 0)
    engine_rate = games / (time.process_time() - c0)
    return statistics.median(rates), years, map_rate, engine_rate


def careful_vs_random(games: int, rounds: int) -> dict[str, tuple[float, float]]:
    """The careful and the random policy side by side on this core, rounds interleaved: per policy
    (median games/s CPU, median years/s CPU). Careful games last longer, so games/s alone compares
    the policies' game lengths as much as their cost; years/s compares the cost of a year."""
    rates: dict[str, list[tuple[float, float]]] = {"random": [], "careful": []}
    for r in range(rounds):
        for policy in rates:
            c0 = time.process_time()
            results = simulate(policy, games, 1 + r, jobs=1)
            spent = time.process_time() - c0
            rates[policy].append((games / spent, sum(x.years for x in results) / spent))
    return {p: (statistics.median(g for g, _ in v), statistics.median(y for _, y in v)) for p, v in rates.items()}


def _busy_seconds() -> float | None:
    """CPU seconds every core of the machine has spent busy since boot (not idle, not waiting for
    the disk, not stolen by the host), or None where ``/proc/stat`` does not exist."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(x) for x in stat.readline().split()[1:]]
    except (OSError, ValueError):  # pragma: no cover - not Linux
        return None
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def _own_seconds() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


QUIET_CORES = 0.1  # other work under a tenth of a core during both runs of a round: a quiet round


def timed_run(games: int, seed: int, jobs: int) -> dict:
    """One ``simulate`` run: wall, this process's CPU, its children's CPU, and the other work the
    machine did meanwhile (in cores: CPU seconds of everything else per second of wall time)."""
    kids0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy0, own0 = _busy_seconds(), _own_seconds()
    w0, c0 = time.perf_counter(), time.process_time()
    results = simulate("random", games, seed, jobs=jobs)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    busy1, own1 = _busy_seconds(), _own_seconds()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    other = None if busy0 is None else max(0.0, (busy1 - busy0) - (own1 - own0)) / wall
    return {"wall": wall, "cpu": cpu, "other": other, "results": results,
            "child": kids.ru_utime + kids.ru_stime - kids0.ru_utime - kids0.ru_stime}


def speedup(games: int, rounds: int, max_rounds: int) -> dict:
    """--jobs 1 against --jobs 2 on the same games, interleaved, until ``rounds`` quiet rounds (or
    ``max_rounds`` in all): medians over the quiet rounds and over all of them."""
    done: list[tuple[dict, dict]] = []
    same = True
    quiet = 0
    while len(done) < max_rounds and quiet < rounds:
        seed = 7 + len(done)
        one, two = timed_run(games, seed, 1), timed_run(games, seed, 2)
        same = same and one.pop("results") == two.pop("results")
        done.append((one, two))
        quiet += is_quiet(one, two)

    def figures(pairs: list[tuple[dict, dict]]) -> dict | None:
        if not pairs:
            return None
        m = statistics.median
        out = {"n": len(pairs),
               "t1": m(a["wall"] for a, _ in pairs), "t2": m(b["wall"] for _, b in pairs),
               "ratio": m(a["wall"] / b["wall"] for a, b in pairs),
               "cpu1": m(a["cpu"] for a, _ in pairs), "parent": m(b["cpu"] for _, b in pairs),
               "child": m(b["child"] for _, b in pairs)}
        out["overhead"] = (out["parent"] + out["child"]) / out["cpu1"]
        out["bound"] = out["cpu1"] / max(out["parent"], out["child"])
        others = [x["other"] for pair in pairs for x in pair if x["other"] is not None]
        out["other"] = (min(others), max(others)) if others else None
        return out

    return {"all": figures(done), "quiet": figures([p for p in done if is_quiet(*p)]), "same": same}


def is_quiet(one: dict, two: dict) -> bool:
    others = (one["other"], two["other"])
    return None not in others and max(others) < QUIET_CORES


QUIET_YEAR = "  - fate: [3, 4]\n    capital: [food]   # harvest, strike ore\n"


def largest_log(folder: Path) -> tuple[Path, int]:
    """The largest log the reader accepts: as many legal years as its limits allow (the 100,000
    years the log reader reads, or fewer when the YAML reader's count of values stops it), padded
    with comments to just under the 8 MiB file cap. Returns the file and its number of years."""
    from generator.base.errors import DataError
    from generator.source.yamlsrc import loads

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
    parser.add_argument("--rounds", type=int, default=5,
                        help="interleaved rounds (for --jobs 1 vs 2: quiet ones)")
    parser.add_argument("--max-rounds", type=int, default=30,
                        help="--jobs 1 vs 2: most rounds played while waiting for quiet ones")
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

    both = careful_vs_random(args.games // 3, args.rounds)
    (rg, ry), (cg, cy) = both["random"], both["careful"]
    print(f"simulate --policy careful vs random, one core, interleaved: {cg:,.0f} vs {rg:,.0f} games/s CPU "
          f"(ratio {cg / rg:.2f}; target >= 0.50); a year: {cy:,.0f} vs {ry:,.0f} years/s (ratio {cy / ry:.2f}): "
          f"careful games last {(cy / cg) / (ry / rg):.1f}x as many years")

    sp = speedup(args.games * 2, args.rounds, args.max_rounds)
    games = args.games * 2
    print(f"simulate --jobs 1 vs --jobs 2 ({games:,} games a round, interleaved; figures identical: "
          f"{'yes' if sp['same'] else 'NO'}):")
    for key, label in (("quiet", "quiet rounds (other work < 0.1 core)"), ("all", "all rounds")):
        f = sp[key]
        if f is None:
            print(f"  {label}: none of {sp['all']['n']}; the machine was never idle enough to measure "
                  f"the idle speed-up (target >= {SPEEDUP_TARGET}x)")
            continue
        other = "unknown" if f["other"] is None else f"{f['other'][0]:.2f}-{f['other'][1]:.2f} cores"
        print(f"  {label}, median of {f['n']}: wall {f['t1']:.2f} s vs {f['t2']:.2f} s: speed-up "
              f"{f['ratio']:.2f}x" + (f"; target >= {SPEEDUP_TARGET}x on idle cores; ratio "
                                     f"{f['ratio'] / SPEEDUP_TARGET:.2f} of target" if key == "quiet" else "")
              + f"; other work meanwhile {other}")
        print(f"    CPU: --jobs 1 {f['cpu1']:.2f} s; --jobs 2 this process {f['parent']:.2f} s + its child "
              f"{f['child']:.2f} s = {f['overhead']:.2f}x the work of one; those CPU times allow "
              f"{f['bound']:.2f}x")

    print(f"done; {load()}")


if __name__ == "__main__":
    main()
