"""Benchmark a spreadsheet-driven deck against the same deck written out literally, side by side.

  templated  1,080 poker cards from a spreadsheet (items_from: cards.csv, or cards.xlsx with --xlsx)
             through a layout of 12 templated elements: 4 with ``when`` (cost bars shown where a
             cell is filled), 1 with ``repeat`` (a crown per VP), 7 more with ``{{ }}`` values;
  literal    the same 1,080 cards, each written in YAML with the same elements as plain values (what
             the layout resolves to: the hidden bars left out, the crowns written one by one).

Both are whole ``pnpforge build --format pdf --paper a4 --jobs 1`` processes into an empty folder,
run back to back in every round so a change in the machine's load hits both alike; the two PDFs are
checked to be byte-identical first (the same cards). Figures are medians over the rounds; the ratio
is the median of the pair-by-pair ratios of CPU time (user + system of the process).

    python3 benchmarks/bench_spreadsheet.py [--rounds 7] [--cards 1080] [--xlsx]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_pipeline import CARDS_YAML  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TYPES = ("Worker", "Building", "Wonder")
BANDS = {"Worker": "#3d6b3d", "Building": "#7a4a2a", "Wonder": "#5a3a7a"}
RESOURCES = (("Wood", "#8b5a2b"), ("Stone", "#7d7f86"), ("Steel", "#4a6a8a"), ("Gold", "#d4a017"))
HEAD, _, COMPONENT = CARDS_YAML.removesuffix("    items:\n").partition("\n")  # bench_pipeline.py's deck
HEAD += "\n"

def rows(n: int) -> list[dict]:
    out = []
    for i in range(n):
        out.append({
            "Name": f"Card {i + 1}", "Type": TYPES[i % 3],
            "Wood": i % 3 or "", "Stone": (i // 3) % 3 or "", "Steel": "" if i % 4 else 1, "Gold": "" if i % 5 else 2,
            "VP": i % 4, "Effect Text": f"Gain {i % 3 + 1} {{icon:wood}}, then draw **{i % 2 + 1}**.",
            "Flavour Text": f"Chronicle {i % 17}: the forge never sleeps.",
        })
    return out


LAYOUT = """layouts:
  card:
    band: {type: box, at_mm: [-29, -30], size_mm: [58, 4], fill: "{{ {'Worker': '#3d6b3d', 'Building': '#7a4a2a', 'Wonder': '#5a3a7a'}[Type] }}"}
    kind: {type: text, at_mm: [0, -23], text: "{{ Type|upper }}", size_pt: 7, anchor: middle}
    wood: {type: box, at_mm: [-31.75, -19], size_mm: [9, 7], fill: "#8b5a2b", text: "{{ Wood }}", size_pt: 11, when: "{{ Wood }}"}
    stone: {type: box, at_mm: [-31.75, -11], size_mm: [9, 7], fill: "#7d7f86", text: "{{ Stone }}", size_pt: 11, when: "{{ Stone }}"}
    steel: {type: box, at_mm: [-31.75, -3], size_mm: [9, 7], fill: "#4a6a8a", text: "{{ Steel }}", size_pt: 11, when: "{{ Steel }}"}
    gold: {type: box, at_mm: [-31.75, 5], size_mm: [9, 7], fill: "#d4a017", text: "{{ Gold }}", size_pt: 11, when: "{{ Gold }}"}
    vp: {type: icon, icon: crown, at_mm: [25.5, 9], size_mm: [4.5, 4.5], repeat: "{{ VP }}", step_mm: [-5, 0]}
    vp_text: {type: text, at_mm: [28, 16], text: "{{ VP }} VP", size_pt: 7, anchor: end}
    effect: {type: box, at_mm: [-20, 18], size_mm: [49, 12], text: "{{ row['Effect Text'] }}", size_pt: 9}
    flavour: {type: box, at_mm: [-20, 30], size_mm: [49, 7], text: "*{{ row['Flavour Text'] }}*", size_pt: 7}
    number: {type: text, at_mm: [28, 40], text: "{{ index + 1 }}/{{ total }}", size_pt: 6, anchor: end}
    name: {type: text, at_mm: [-28, 40], text: "{{ Name }}", size_pt: 6}
"""


def templated(folder: Path, data: list[dict], xlsx: bool) -> None:
    headers = list(data[0])
    if xlsx:
        import openpyxl

        book = openpyxl.Workbook()
        ws = book.active
        ws.title = "Cards"
        ws.append(headers)
        for r in data:
            ws.append([None if r[h] == "" else r[h] for h in headers])
        book.save(folder / "cards.xlsx")
        source = "cards.xlsx"
    else:
        import csv

        with open(folder / "cards.csv", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(headers)
            for r in data:
                w.writerow([r[h] for h in headers])
        source = "cards.csv"
    (folder / "game.yaml").write_text(HEAD + f"values: {{total: {len(data)}}}\n" + LAYOUT + COMPONENT +
                                      f"    layout: card\n    items_from: {source}\n")


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def literal(folder: Path, data: list[dict]) -> None:
    """Every card with its elements written out, as the layout resolves them."""
    lines = [HEAD + COMPONENT + "    items:\n"]
    n = len(data)
    for i, r in enumerate(data):
        els = [f'{{type: box, at_mm: [-29, -30], size_mm: [58, 4], fill: "{BANDS[r["Type"]]}"}}',
               f'{{type: text, at_mm: [0, -23], text: {_q(r["Type"].upper())}, size_pt: 7, anchor: middle}}']
        for k, (res, colour) in enumerate(RESOURCES):
            if r[res] != "":
                els.append(f'{{type: box, at_mm: [-31.75, {-19 + 8 * k}], size_mm: [9, 7], fill: "{colour}", '
                           f'text: {r[res]}, size_pt: 11}}')
        for j in range(r["VP"]):
            x = 25.5 - 5 * j
            els.append(f'{{type: icon, icon: crown, at_mm: [{x:g}, 9], size_mm: [4.5, 4.5]}}')
        els += [f'{{type: text, at_mm: [28, 16], text: "{r["VP"]} VP", size_pt: 7, anchor: end}}',
                f'{{type: box, at_mm: [-20, 18], size_mm: [49, 12], text: {_q(r["Effect Text"])}, size_pt: 9}}',
                f'{{type: box, at_mm: [-20, 30], size_mm: [49, 7], text: {_q("*" + r["Flavour Text"] + "*")}, '
                f'size_pt: 7}}',
                f'{{type: text, at_mm: [28, 40], text: "{i + 1}/{n}", size_pt: 6, anchor: end}}',
                f'{{type: text, at_mm: [-28, 40], text: {_q(r["Name"])}, size_pt: 6}}']
        lines.append(f"      - name: {_q(r['Name'])}\n        count: 1\n        elements:\n")
        lines.extend(f"          - {e}\n" for e in els)
    (folder / "game.yaml").write_text("".join(lines))


def run(folder: Path, out: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one build, in an empty folder."""
    shutil.rmtree(out, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", "build", str(folder), "--format", "pdf", "--paper",
                           "a4", "--jobs", "1", "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"build of {folder} failed:\n{done.stdout}\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--cards", type=int, default=1080)
    ap.add_argument("--xlsx", action="store_true", help="read the cards from an .xlsx instead of a .csv")
    args = ap.parse_args()
    data = rows(args.cards)
    tmp = Path(tempfile.mkdtemp(prefix="bench-sheet-"))
    try:
        t_dir, l_dir = tmp / "templated", tmp / "literal"
        t_dir.mkdir()
        l_dir.mkdir()
        templated(t_dir, data, args.xlsx)
        literal(l_dir, data)
        run(t_dir, tmp / "out-t")
        run(l_dir, tmp / "out-l")
        same = (tmp / "out-t" / "bench" / "a4" / "bench-a4-duplex.pdf").read_bytes() == \
            (tmp / "out-l" / "bench" / "a4" / "bench-a4-duplex.pdf").read_bytes()
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"spreadsheet: {args.cards:,} cards, {args.rounds} rounds, {'xlsx' if args.xlsx else 'csv'}; "
              f"the two PDFs {'byte-identical' if same else 'DIFFER'}; load {load:.1f} on {os.cpu_count()} cores")
        t_cpu, l_cpu, t_wall, l_wall, ratios = [], [], [], [], []
        for _ in range(args.rounds):
            tc, tw = run(t_dir, tmp / "out-t")
            lc, lw = run(l_dir, tmp / "out-l")
            t_cpu.append(tc)
            l_cpu.append(lc)
            t_wall.append(tw)
            l_wall.append(lw)
            ratios.append(tc / lc)
        med = statistics.median
        print(f"  templated (layout + {'xlsx' if args.xlsx else 'csv'}): CPU {med(t_cpu):.2f} s, wall "
              f"{med(t_wall):.2f} s")
        print(f"  literal (YAML, every element written):  CPU {med(l_cpu):.2f} s, wall {med(l_wall):.2f} s")
        print(f"  templated / literal: {med(ratios):.2f}x CPU (pairs: {', '.join(f'{r:.2f}' for r in ratios)}); "
              f"target at most 1.3x")
        return 0 if same else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
