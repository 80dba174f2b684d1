"""Time the screen and print-shop outputs of the Lords of War kit: ``--format png --dpi 300`` and
``--format tts``, each as a whole process on all cores (the faces are shared between one worker
process a core). Prints wall and CPU time (workers included), images written, images per second and
peak memory (the largest resident set of the process and of any one worker), as medians over
interleaved rounds.

    python3 benchmarks/bench_outputs.py [--rounds 3]
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
JOBS = {"png --dpi 300": ["--format", "png", "--dpi", "300"], "tts": ["--format", "tts"]}


def run(args: list[str]) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "generator", "build", "lords_of_war", "--paper", "a4", *args,
                        "--out", out], cwd=ROOT, check=True, capture_output=True)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        images = sum(1 for p in Path(out).rglob("*.png"))
    return {"wall": wall, "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
            "images": images, "peak_mib": after.ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    results: dict[str, list[dict[str, float]]] = {name: [] for name in JOBS}
    for _ in range(rounds):  # interleaved: the machine's load hits every job alike
        for name, args in JOBS.items():
            results[name].append(run(args))
    print(f"Lords of War, {os.cpu_count()} cores, medians of {rounds} rounds (load average "
          f"{os.getloadavg()[0]:.1f})")
    print(f"{'job':<16}{'images':>8}{'wall s':>9}{'CPU s':>8}{'images/s wall':>15}{'images/s CPU':>14}{'peak MiB':>10}")
    for name, rows in results.items():
        wall = statistics.median(r["wall"] for r in rows)
        cpu = statistics.median(r["cpu"] for r in rows)
        images = rows[0]["images"]
        peak = max(r["peak_mib"] for r in rows)
        print(f"{name:<16}{images:>8}{wall:>9.1f}{cpu:>8.1f}{images / wall:>15.1f}{images / cpu:>14.1f}{peak:>10.0f}")


if __name__ == "__main__":
    main()
