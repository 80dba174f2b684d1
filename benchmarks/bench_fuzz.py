"""Fuzz run: N mutated game-data cases (plus N/20 built) and N mutated solo logs; prints cases per
second and the failure counts by class: issue 27's (segfault, traceback, internal error, >20 s,
>500 MB, no line, partial output) and the fuzzer's stricter verdict (60 s, 300 MB).

    python3 benchmarks/bench_fuzz.py --cases 10000 --seed 27 [--kinds data,solo,data-build,features,...]

The game-data half ("data") mutates every input kind the format reads: the games' YAML (colours
turned into keywords, 1e308, tags, paths with a NUL byte or 300 characters, nesting ...), pictures
(PNG and JPEG bytes and headers, SVG text), fonts, spreadsheets (cells, rows, headers), the project
config (./pnpforge.yaml) and command-line values; "data-build" builds those; "solo" is solo logs
through ``solo check``/``show``; "hostile" is issue 35's classes (workbook bombs, expression widths
and nesting, wide sheets, long path data and paths); "serve" feeds the watch server random requests;
"format" makes game folders from the format itself and holds that validate ok means build ok.
The kinds before issue 27 (validate, log, build: YAML only) stay,
so that their regression cases replay.

Every case is replayable: a failure prints its kind, seed and number; ``python3 tests/fuzzing.py
--show KIND SEED N`` shows its input, and tests/fuzz_regressions.txt keeps it. The mutator, the
worker and what counts as a failure are in tests/fuzzing.py (the same code the tests run).
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import fuzzing  # noqa: E402

CLASSES = ("crash", "internal error", "hang", "refusal without file:line", "refusal over 300 characters",
           "output left by a failed build", "bad exit code", "library chatter", "output not well-formed", "too slow",
           "too much memory")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kinds", default="data,solo,data-build,features,features-build,dice,dice-build,hostile,"
                                        "hostile-build,serve,format")
    args = ap.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"fuzz: seed {args.seed}, machine load {load:.1f} on {os.cpu_count()} cores")
    total_fail = 0
    for kind in args.kinds.split(","):
        if kind == "format":  # game folders made from the format: validate ok means build ok (issue 34)
            import tempfile

            import test_format_property as prop

            start = time.perf_counter()
            outcomes: collections.Counter[str] = collections.Counter()
            with tempfile.TemporaryDirectory() as work:
                for n in range(args.cases):
                    outcome, detail = prop.run_one(args.seed, n, Path(work) / "w")
                    outcomes[outcome] += 1
                    if outcome not in ("refused", "built"):
                        total_fail += 1
                        print(f"  FAIL format {args.seed} {n}: {outcome}: {detail[:200]!r}", flush=True)
            took = time.perf_counter() - start
            print(f"  format: {args.cases:>6} folders in {took:7.1f} s; {dict(outcomes)}", flush=True)
            continue
        if kind == "serve":  # the watch server fed random requests (tests/fuzzing.fuzz_server)
            start = time.perf_counter()
            found = fuzzing.fuzz_server(args.seed, args.cases)
            took = time.perf_counter() - start
            total_fail += len(found)
            for line in found[:20]:
                print(f"  FAIL {line}")
            print(f"   serve: {args.cases:>6} requests in {took:7.1f} s; {len(found)} failures", flush=True)
            continue
        count = args.cases if not kind.endswith("build") else max(args.cases // 20, 1)
        fuzzer = fuzzing.Fuzzer(args.seed, timeout=40.0)  # a case past 20 s is counted; 40 s ends it
        failures: collections.Counter[str] = collections.Counter()
        classes: collections.Counter[str] = collections.Counter()
        exits: collections.Counter = collections.Counter()
        worst_s = worst_mb = 0.0
        start = time.perf_counter()
        for n in range(count):
            result = fuzzer.run(kind, n)
            exits[result["exit"]] += 1
            worst_s = max(worst_s, result["seconds"])
            worst_mb = max(worst_mb, result["mb"])
            problem = fuzzing.verdict(kind, result)
            found = fuzzing.issue_class(kind, result)
            if found:
                classes[found] += 1
            if problem or found:
                failures[problem or found] += 1
                print(f"  FAIL {kind} {args.seed} {n}: {found or problem}: {result['stderr'][:200]!r}", flush=True)
        fuzzer.close()
        took = time.perf_counter() - start
        total_fail += sum(failures.values())
        load_now = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"{kind:>8}: {count:>6} cases in {took:7.1f} s = {count / took:6.1f} cases/s; exits "
              f"{dict(sorted(exits.items(), key=str))}; slowest case {worst_s:.2f} s, peak {worst_mb:.0f} MB; "
              f"load {load_now:.1f} at the end")
        print("          issue 27: " + ", ".join(f"{c}: {classes.get(c, 0)}" for c in fuzzing.ISSUE_CLASSES))
        print("          verdict:  " + ", ".join(f"{c}: {failures.get(c, 0)}" for c in CLASSES), flush=True)
    return 1 if total_fail else 0


if __name__ == "__main__":
    sys.exit(main())
