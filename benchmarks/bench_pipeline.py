"""Benchmark the pipeline as whole processes, as a user runs it, interleaved in one run.

Jobs (each a fresh process, run the way the installed ``pnpforge`` runs: compiled bytecode):
  cards N    N poker cards (a title, a number, two lines of text; one shared back; 3 x 3 on A4, crop
             marks, mirrored long-edge backs) through ``pnpforge build --jobs 1``, against a plain
             reportlab script drawing the same sheets, for N = 108, 1,080 and 10,800;
  kits       the default build of every bundled kit (A4 and Letter, PDF and SVG, the HTML gallery with its
             JPEG pictures) with --jobs 1 and 2, and the same without the gallery (--format pdf,svg);
  help       ``pnpforge --help`` against ``python3 -c pass``.

Every round runs every job once, each pair back to back (ours, then the reference), so a change in
the machine's load hits both sides of a pair alike. Figures are medians over the rounds; ratios are
medians of the pair-by-pair ratios. CPU time is user + system of the process and its workers (the
fairest figure on a shared machine); peak memory is the largest resident size of any one process.
Each of our builds writes into an empty output folder (removed before, untimed), as a first build does.

    python3 benchmarks/bench_pipeline.py [--rounds 9] [--quick]   (--quick: no 10,800-card job)

The outputs go to the system's temporary folder; ``TMPDIR=/dev/shm`` puts them in memory, which
takes the file system's own cost of making files out of the figures (docs/benchmarks.md says why
that matters on the machine the figures come from).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CARDS_YAML = """\
game: {id: bench, title: Bench, author: pnpforge, licence: CC0, source: benchmark, players: [1, 4]}
components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    bleed_mm: 2
    back: {fill: "#30336b", title: Bench, pattern: hatch}
    items:
"""

PLAIN = r'''
import math, sys
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
import reportlab, os
folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
pdfmetrics.registerFont(TTFont("V", os.path.join(folder, "Vera.ttf")))
pdfmetrics.registerFont(TTFont("VB", os.path.join(folder, "VeraBd.ttf")))
W, H = 210 * mm, 297 * mm
CW, CH, BL = 63.5 * mm, 88.9 * mm, 2 * mm
X0, Y0 = (W - 3 * CW) / 2, H - 12.6 * mm - 3 * CH
N = int(sys.argv[2])
c = Canvas(sys.argv[1], pagesize=(W, H), invariant=1)
c.beginForm("back")
c.setFillColor(HexColor("#30336b")); c.rect(-BL, -BL, CW + 2 * BL, CH + 2 * BL, stroke=0, fill=1)
c.setStrokeColor(HexColor("#ffffff")); c.setLineWidth(0.5)
for k in range(-20, 40):
    c.line(k * 4 * mm, 0, k * 4 * mm + CH, CH)
c.setFillColor(HexColor("#ffffff")); c.setFont("VB", 16); c.drawCentredString(CW / 2, CH / 2, "Bench")
c.endForm()
def marks():
    c.setStrokeColor(HexColor("#000000")); c.setLineWidth(0.2 * mm)
    for i in range(4):
        x = X0 + i * CW
        c.line(x, Y0 - BL - 0.6 * mm, x, Y0 - BL - 2.6 * mm)
        c.line(x, Y0 + 3 * CH + BL + 0.6 * mm, x, Y0 + 3 * CH + BL + 2.6 * mm)
for page in range(math.ceil(N / 9)):
    on_page = min(9, N - page * 9)
    for k in range(on_page):
        n = page * 9 + k
        col, row = k % 3, k // 3
        x, y = X0 + col * CW, Y0 + (2 - row) * CH
        c.setFillColor(HexColor("#ffffff")); c.rect(x, y, CW, CH, stroke=0, fill=1)
        c.setFillColor(HexColor("#30336b")); c.rect(x, y + CH - 11 * mm, CW, 11 * mm, stroke=0, fill=1)
        c.setFillColor(HexColor("#ffffff")); c.setFont("VB", 11); c.drawCentredString(x + CW / 2, y + CH - 7 * mm, f"Card {n + 1}")
        c.setFillColor(HexColor("#000000")); c.setFont("VB", 28); c.drawCentredString(x + CW / 2, y + CH / 2, str(n + 1))
        c.setFont("V", 8); c.drawString(x + 4 * mm, y + 20 * mm, "Gain two gold and draw a card.")
        c.drawString(x + 4 * mm, y + 16 * mm, "Discard it at the end of the turn.")
    marks(); c.showPage()
    for k in range(on_page):
        col, row = k % 3, k // 3
        x, y = W - (X0 + (col + 1) * CW), Y0 + (2 - row) * CH
        c.saveState(); c.translate(x, y); c.doForm("back"); c.restoreState()
    marks(); c.showPage()
c.save()
'''

# A wrapper process runs one job and reports its own children's usage: that run's CPU time (the
# job and any workers it waited for) and peak resident size, not the largest of every job so far.
_MEASURE = ("import resource, subprocess, sys, time\n"
            "t = time.perf_counter()\n"
            "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
            "wall = time.perf_counter() - t\n"
            "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(wall, u.ru_utime + u.ru_stime, u.ru_maxrss)")

# As an installed pnpforge runs: with compiled bytecode (pip compiles on install). Some shells set
# PYTHONDONTWRITEBYTECODE, which would make every run of the source tree recompile it.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
# the 10,800-card job is over a build's limits (docs/data-format.md, "Limits"): lifted for the benchmark
_ENV["PNPFORGE_LIMIT_SCALE"] = "10"

# The pnpforge command as its console script runs it (``python -m`` would recompile cli.py each time).
PNPFORGE = [sys.executable, "-c", "from generator.cli.commands import main; main()"]


def run(cmd: list[str], fresh: Path | None = None) -> tuple[float, float, float]:
    """(wall s, CPU s, peak MiB) of one run of ``cmd``; ``fresh``: an output folder removed first (not
    timed), so every measured build writes its whole kit as a first build does (a rebuild whose every
    file is already there, byte for byte, leaves the folder as it is and would be measured cheaper)."""
    if fresh is not None:
        shutil.rmtree(fresh, ignore_errors=True)
    done = subprocess.run([sys.executable, "-c", _MEASURE, *cmd], capture_output=True, text=True, cwd=ROOT,
                          env=_ENV)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{done.stderr}")
    wall, cpu, peak = done.stdout.split()
    return float(wall), float(cpu), int(peak) / 1024


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="leave out the 10,800-card job")
    args = parser.parse_args()
    py = sys.executable
    sizes = [108, 1080] if args.quick else [108, 1080, 10800]
    print(f"load average at start (1, 5, 15 min): {load()} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "plain.py").write_text(PLAIN)
        pairs: dict[str, tuple[list[str], list[str], Path, Path]] = {}
        outs = {f"{n} cards": tmp / f"out{n}" for n in sizes}
        for n in sizes:
            game = tmp / f"cards{n}"
            game.mkdir()
            items = "".join(f"      - {{name: Card {k}, count: 1, value: \"{k}\", text: \"Gain two gold and draw "
                            f"a card. Discard it at the end of the turn.\"}}\n" for k in range(1, n + 1))
            (game / "game.yaml").write_text(CARDS_YAML + items)
            ours_pdf = tmp / f"out{n}" / "bench" / "a4" / "bench-a4-duplex.pdf"
            pairs[f"{n} cards"] = ([*PNPFORGE, "build", str(game), "--paper", "a4", "--format", "pdf", "--jobs", "1",
                                    "--out", str(tmp / f"out{n}")],
                                   [py, str(tmp / "plain.py"), str(tmp / f"plain{n}.pdf"), str(n)],
                                   ours_pdf, tmp / f"plain{n}.pdf")
        kits = {jobs: [*PNPFORGE, "build", "--jobs", str(jobs), "--out", str(tmp / f"kits{jobs}")] for jobs in (1, 2)}
        bare = {jobs: [*PNPFORGE, "build", "--jobs", str(jobs), "--format", "pdf,svg", "--out", str(tmp / f"bare{jobs}")]
                for jobs in (1, 2)}
        help_pair = ([*PNPFORGE, "--help"], [py, "-c", "pass"])
        # warm-up: bytecode written, files in the page cache
        for name, (ours, plain, _, _) in pairs.items():
            run(ours, outs[name]), run(plain)
        run(kits[1], tmp / "kits1"), run(bare[1], tmp / "bare1"), run(help_pair[0]), run(help_pair[1])
        got: dict[str, list] = {}
        for r in range(args.rounds):
            for name, (ours, plain, _, _) in pairs.items():
                got.setdefault(name, []).append((run(ours, outs[name]), run(plain)))
            got.setdefault("kits", []).append((run(kits[1], tmp / "kits1"), run(kits[2], tmp / "kits2")))
            got.setdefault("bare", []).append((run(bare[1], tmp / "bare1"), run(bare[2], tmp / "bare2")))
            got.setdefault("help", []).append((run(help_pair[0]), run(help_pair[1])))
            print(f"round {r + 1} of {args.rounds} done (load {load()})", file=sys.stderr)
        sizes_kib = {name: (p[2].stat().st_size / 1024, p[3].stat().st_size / 1024) for name, p in pairs.items()}
        kit_pdfs = sum(p.stat().st_size for p in (tmp / "kits1").rglob("*.pdf")) / 1024
        kit_files = sum(1 for p in (tmp / "kits1").rglob("*") if p.is_file())
        same = all((tmp / "kits2" / p.relative_to(tmp / "kits1")).read_bytes() == p.read_bytes()
                   for p in (tmp / "kits1").rglob("*") if p.is_file())
        same = same and all((tmp / "bare2" / p.relative_to(tmp / "bare1")).read_bytes() == p.read_bytes()
                            for p in (tmp / "bare1").rglob("*") if p.is_file())
        bare_files = sum(1 for p in (tmp / "bare1").rglob("*") if p.is_file())

    def med(runs, side, field):
        return statistics.median(r[side][field] for r in runs)

    def ratio(runs, field):
        return statistics.median(r[0][field] / r[1][field] for r in runs)

    print(f"\nmedians of {args.rounds} interleaved rounds; ratios are medians of pair-by-pair ratios\n")
    print("| job | pnpforge CPU / wall | plain reportlab CPU / wall | CPU ratio | wall ratio "
          "| peak memory (ratio) | PDF size (ratio) |")
    print("|---|---|---|---|---|---|---|")
    for name in pairs:
        runs = got[name]
        ours_kib, plain_kib = sizes_kib[name]
        print(f"| {name}, 3x3 A4, shared back, mirrored backs | {med(runs, 0, 1):.2f} s / {med(runs, 0, 0):.2f} s "
              f"| {med(runs, 1, 1):.2f} s / {med(runs, 1, 0):.2f} s | {ratio(runs, 1):.2f}x | {ratio(runs, 0):.2f}x "
              f"| {med(runs, 0, 2):.0f} / {med(runs, 1, 2):.0f} MiB ({ratio(runs, 2):.2f}x) "
              f"| {ours_kib:.0f} / {plain_kib:.0f} KiB ({ours_kib / plain_kib:.2f}x) |")
    print("\n| default build of every kit (A4 + Letter) | CPU | wall | peak memory |")
    print("|---|---|---|---|")
    for name, what in (("kits", f"PDF + SVG + HTML gallery ({kit_files} files, PDFs {kit_pdfs:.0f} KiB)"),
                       ("bare", f"PDF + SVG only ({bare_files} files)")):
        runs = got[name]
        for side, jobs in ((0, 1), (1, 2)):
            print(f"| {what}, --jobs {jobs} | {med(runs, side, 1):.2f} s | {med(runs, side, 0):.2f} s "
                  f"| {med(runs, side, 2):.0f} MiB |")
        print(f"| {what}: speed-up of --jobs 2 (pair by pair) | {ratio(runs, 1):.2f}x | {ratio(runs, 0):.2f}x | |")
    print(f"\n--jobs 2 files byte-identical to --jobs 1: {'yes' if same else 'NO'}")
    runs = got["help"]
    print(f"\n`pnpforge --help` {med(runs, 0, 0):.3f} s wall, `python3 -c pass` {med(runs, 1, 0):.3f} s: "
          f"{ratio(runs, 0):.2f}x (CPU {ratio(runs, 1):.2f}x)")

    # the issues' targets, each against its figure from this run: issue 39's (cards at plain reportlab's
    # cost, two cores used), and issue 13's that still hold (--help)
    print("\n| target | measured | met |")
    print("|---|---|---|")
    targets = []
    for name in ("108 cards", "1080 cards", "10800 cards"):
        if name in got:
            cpu, mem = ratio(got[name], 1), ratio(got[name], 2)
            targets.append((f"{name}: CPU <= 1.2x plain reportlab (issue 39)", f"{cpu:.2f}x", cpu <= 1.2))
            targets.append((f"{name}: peak memory <= 1.3x plain reportlab (issue 39)", f"{mem:.2f}x", mem <= 1.3))
    speedup = ratio(got["kits"], 0)
    targets.append(("default build: --jobs 2 >= 1.8x as fast as --jobs 1 (issue 39, quiet machine)",
                    f"{speedup:.2f}x", speedup >= 1.8))
    targets.append(("`--help` <= 3x `python3 -c pass` (wall)", f"{ratio(got['help'], 0):.2f}x",
                    ratio(got["help"], 0) <= 3.0))
    for what, figure, met in targets:
        print(f"| {what} | {figure} | {'yes' if met else 'no'} |")
    print(f"\nload average at the end (1, 5, 15 min): {load()}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
