"""Benchmark the pipeline as whole processes, as a user runs it.

(a) a 108-card job (poker cards with a title, a number and two lines of text, one shared back,
    3 x 3 on A4, crop marks, mirrored long-edge backs) through ``pnpforge build``, against a plain
    reportlab script that draws the same sheets directly;
(b) ``pnpforge build`` of every bundled game, A4, PDF.

Prints wall time, peak memory (max RSS of the child) and PDF sizes, and the ratios to the targets:
(a) at most 1.5x the plain script's time and 2x its PDF size; (b) under 5 s.
Run: python benchmarks/bench_pipeline.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
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
import sys
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
for page in range(12):
    for k in range(9):
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
    for k in range(9):
        col, row = k % 3, k // 3
        x, y = W - (X0 + (col + 1) * CW), Y0 + (2 - row) * CH
        c.saveState(); c.translate(x, y); c.doForm("back"); c.restoreState()
    marks(); c.showPage()
c.save()
'''


_PEAK = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def run(cmd: list[str]) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one child process (measured by a wrapper of its own, so
    each figure is that run's peak and not the largest of every child so far)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _PEAK, *cmd], check=True, capture_output=True, text=True,
                          cwd=ROOT, env=_ENV)
    wall = time.perf_counter() - start
    return wall, int(done.stdout.strip().splitlines()[-1])


# As an installed pnpforge runs: with compiled bytecode (pip compiles on install). Some shells set
# PYTHONDONTWRITEBYTECODE, which would make every run of the source tree recompile it.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def best(cmd: list[str], repeat: int) -> tuple[float, int]:
    run(cmd)  # warm-up: bytecode written, files in the page cache
    runs = [run(cmd) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


# The pnpforge command as its console script runs it (``python -m`` would recompile cli.py each time).
PNPFORGE = [sys.executable, "-c", "from generator.cli import main; main()"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        game = tmp / "bench"
        game.mkdir()
        items = "".join(f"      - {{name: Card {n}, count: 1, value: \"{n}\", text: \"Gain two gold and draw a "
                        f"card. Discard it at the end of the turn.\"}}\n" for n in range(1, 109))
        (game / "game.yaml").write_text(CARDS_YAML + items)
        plain = tmp / "plain.py"
        plain.write_text(PLAIN)
        ours_t, ours_m = best([*PNPFORGE, "build", str(game), "--paper", "a4", "--format", "pdf",
                               "--out", str(tmp / "out")], args.repeat)
        plain_t, plain_m = best([py, str(plain), str(tmp / "plain.pdf")], args.repeat)
        ours_pdf = (tmp / "out" / "bench" / "a4" / "bench-a4-duplex.pdf").stat().st_size
        plain_pdf = (tmp / "plain.pdf").stat().st_size
        all_t, all_m = best([*PNPFORGE, "build", "--paper", "a4", "--format", "pdf",
                             "--out", str(tmp / "all")], args.repeat)
        all_pdf = sum(p.stat().st_size for p in (tmp / "all").rglob("*.pdf"))
    print("(a) 108 poker cards, 3 x 3 on A4, shared back, mirrored long-edge backs")
    print(f"    pnpforge build : {ours_t:6.2f} s  peak {ours_m / 1024:6.1f} MiB  PDF {ours_pdf / 1024:7.1f} KiB")
    print(f"    plain reportlab: {plain_t:6.2f} s  peak {plain_m / 1024:6.1f} MiB  PDF {plain_pdf / 1024:7.1f} KiB")
    print(f"    time ratio {ours_t / plain_t:.2f} (target <= 1.5)   size ratio {ours_pdf / plain_pdf:.2f} (target <= 2.0)")
    print("(b) pnpforge build of every bundled game, A4, PDF")
    print(f"    {all_t:6.2f} s  peak {all_m / 1024:6.1f} MiB  PDFs {all_pdf / 1024:8.1f} KiB   "
          f"ratio to 5 s target {all_t / 5:.2f} (target < 1)")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
