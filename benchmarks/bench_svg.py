"""The SVG pages' share of the default build, side by side with another checkout, interleaved in one run.

Each round runs ``pnpforge build --jobs 1`` (every bundled kit, A4 and Letter, PDF + SVG + HTML gallery)
once in a fresh process per checkout, and reads from inside that process the CPU time of its SVG parts
(``render_part`` for each paper's SVG pages, svgwrite's import included) and of the whole build. With
``--profile`` it also prints where the SVG parts of this checkout spend their time (cProfile, one build).

    python3 benchmarks/bench_svg.py [--against ../main ...] [--rounds 5] [--profile]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r'''
import json, sys, time, cProfile, pstats, io
sys.path.insert(0, sys.argv[1])
start = time.process_time()
import generator.build.game as build
from generator.cli.commands import cli
svg = [0.0]
profile = cProfile.Profile() if sys.argv[3] == "1" else None
inner = build.render_part
def timed(game, components, opts, part, progress=None):
    if part[1] != "svg":
        return inner(game, components, opts, part, progress)
    t = time.process_time()
    if profile is not None:
        profile.enable()
    try:
        if "generator.draw.svg" not in sys.modules:
            import generator.draw.svg  # the import is the SVG pages' cost too
        return inner(game, components, opts, part, progress)
    finally:
        if profile is not None:
            profile.disable()
        svg[0] += time.process_time() - t
build.render_part = timed
try:
    cli(["build", "--jobs", "1", "--out", sys.argv[2]], standalone_mode=False, prog_name="pnpforge")
finally:
    total = time.process_time() - start
if profile is not None:
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(30)
    sys.stderr.write(out.getvalue())
print(json.dumps({"svg": svg[0], "total": total}))
'''


def measure(tree: Path, out: Path, profile: bool = False) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", _CHILD, str(tree), str(out), "1" if profile else "0"],
                          capture_output=True, text=True, cwd=tree,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode != 0:
        sys.exit(f"build failed in {tree}:\n{done.stderr}")
    if profile:
        sys.stderr.write(done.stderr)
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="another checkout (e.g. main), measured in the same rounds; may be repeated")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="cProfile this checkout's SVG parts once")
    args = parser.parse_args()
    trees = {"this": ROOT} | {f"against {k + 1}": tree.resolve() for k, tree in enumerate(args.against)}
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        if args.profile:
            measure(ROOT, Path(tmp) / "profile", profile=True)
        for name, tree in trees.items():  # warm-up: bytecode, page cache
            measure(tree, Path(tmp) / f"warm-{name}")
        got: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for r in range(args.rounds):
            for name, tree in trees.items():
                got[name].append(measure(tree, Path(tmp) / f"{name}{r}"))
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    print(f"\nmedians of {args.rounds} interleaved rounds, `pnpforge build --jobs 1` (CPU of one process)\n")
    print("| checkout | SVG parts CPU | whole build CPU | SVG share |")
    print("|---|---|---|---|")
    for name, tree in trees.items():
        runs = got[name]
        svg = statistics.median(r["svg"] for r in runs)
        total = statistics.median(r["total"] for r in runs)
        share = statistics.median(r["svg"] / r["total"] for r in runs)
        print(f"| {name} ({tree}) | {svg:.2f} s | {total:.2f} s | {share:.0%} |")
    for name in list(trees)[1:]:
        svg = statistics.median(a["svg"] / b["svg"] for a, b in zip(got["this"], got[name]))
        total = statistics.median(a["total"] / b["total"] for a, b in zip(got["this"], got[name]))
        print(f"\nthis / {name} (pair by pair, medians): SVG parts {svg:.2f}x, whole build {total:.2f}x")


if __name__ == "__main__":
    main()
