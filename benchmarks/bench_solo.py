"""Timing the solo engine: random playouts per second on one core, and checking a 50-year log.

    python benchmarks/bench_solo.py [--seconds 3]

The headline (first line) is the issue's target: random legal playouts, at least 2,000 games a
second on one core. Each game draws a fresh seeded map (``generate_map``, as ``pnpforge solo sheet
--seed N`` would), places the setup buildings at random, and plays every decision uniformly at
random among the legal ones, through the same engine that checks logs, recording the log, until
the game is won or lost (or 60 years pass). Secondary lines follow: the 50-year log check (target
< 50 ms), playouts on pre-drawn maps (the engine alone), and "mixed" playouts (80% sensible
choices, so longer games that are often won).

Everything is timed in-process after the imports and a warm-up, as CPU time of this process (one
core), so a busy machine disturbs it less than wall-clock time; wall-clock time is shown beside it.
Ratios: above 1.00 beats a rate target, below 1.00 beats a time target.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.board import generate_map, rules_board  # noqa: E402
from solo.check import check_file  # noqa: E402
from solo.log import format_log  # noqa: E402
from solo.playout import playout  # noqa: E402
from solo.rules import load_rules  # noqa: E402

CHECK_TARGET_MS = 50.0
PLAYOUT_TARGET = 2000.0


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


def time_playouts(rules, seconds: float, skill: float, fresh_sheet: bool) -> tuple[float, float, float]:
    """Games per second (CPU), games per second (wall), years per game."""
    board = rules_board(rules)
    sheets = [generate_map(board, s, rules.die_sides) for s in range(64)]
    for seed in range(20):  # warm-up: caches, first-call costs
        playout(rules, 10**9 + seed, skill=skill)
    games = years = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while time.process_time() - c0 < seconds:
        game = playout(rules, games, skill=skill, kmap=None if fresh_sheet else sheets[games % 64])
        games += 1
        years += game.kingdom.year
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return games / cpu, games / wall, years / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each figure")
    args = parser.parse_args()
    rules = load_rules()

    rate, wall_rate, per_game = time_playouts(rules, args.seconds, 0.0, True)
    print(f"HEADLINE random legal playouts (fresh seeded map each game, random legal choices): "
          f"{rate:,.0f} games/s on one core (wall {wall_rate:,.0f}/s; {per_game:.1f} years a game); "
          f"target >= {PLAYOUT_TARGET:,.0f} games/s; ratio {rate / PLAYOUT_TARGET:.2f}x")

    cpu_ms, wall_ms, lines = time_check(rules, args.seconds)
    print(f"  check a 50-year log ({lines} lines), in-process: {cpu_ms:.1f} ms "
          f"(wall {wall_ms:.1f} ms); target < {CHECK_TARGET_MS:.0f} ms; "
          f"ratio {cpu_ms / CHECK_TARGET_MS:.2f} of target")

    for label, skill, fresh in (
            ("random playouts on 64 pre-drawn maps (the engine alone)", 0.0, False),
            ("mixed playouts (80% sensible choices, longer games), fresh maps", 0.8, True)):
        rate, wall_rate, per_game = time_playouts(rules, args.seconds, skill, fresh)
        print(f"  {label}: {rate:,.0f} games/s (wall {wall_rate:,.0f}/s; {per_game:.1f} years a "
              f"game, {rate * per_game:,.0f} years/s)")

if __name__ == "__main__":
    main()
