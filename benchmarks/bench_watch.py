"""Benchmark ``pnpforge watch`` against a full build of the same game, side by side in one run.

The game: 108 poker cards (a title, a number, two lines of text; one shared back), as bench_pipeline's.
  full build   ``pnpforge build GAME`` as a user runs it (A4 and Letter, PDF, SVG and the gallery), a
               fresh process writing into an empty folder, wall-clock time.
  watch        ``pnpforge watch GAME`` running, its gallery open in headless Chromium (Playwright
               driving /usr/bin/chromium), the deck's fold open and the card in view; each round changes one card's text in
               game.yaml and times from just before the file is written to the moment the browser
               shows the card's new picture, decoded (checked on every animation frame).

Rounds alternate the two, so a change in the machine's load hits both alike; after each full build its
files are flushed to disk (untimed), so the watch's own writes do not wait for them. Figures are medians.
Targets (issue 24): save to refreshed picture at most 0.5 s, and at most 25% of the full build.

    python3 benchmarks/bench_watch.py [--rounds 9]
"""

from __future__ import annotations

import argparse
import os
import re
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
CARDS = 108
CHANGED = 54  # the card whose text changes

GAME_YAML = CARDS_YAML  # the same 108-card deck bench_pipeline.py builds (a title, a value, a text)
TEXT = "Gain two gold and draw a card. Discard it at the end of the turn."


def game_yaml(changed_text: str) -> str:
    items = "".join(f"      - {{name: Card {k}, count: 1, value: \"{k}\", text: \"{changed_text if k == CHANGED else TEXT}\"}}\n"
                    for k in range(1, CARDS + 1))
    return GAME_YAML + items


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def full_build(game: Path, out: Path) -> float:
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "build", str(game), "--out", str(out)], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


SHOWN_JS = """([alt, old]) => { const i = document.querySelector(`img[alt="${alt}"]`);
  return i && i.getAttribute('src') !== old && i.complete && i.naturalWidth > 0 ? i.getAttribute('src') : false; }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average at start (1, 5, 15 min): {load()} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        game = tmp / "cards"
        game.mkdir()
        (game / "game.yaml").write_text(game_yaml(TEXT))
        full_build(game, tmp / "full")  # warm-up: bytecode, page cache
        proc = subprocess.Popen([sys.executable, "-m", "generator", "watch", str(game), "--out", str(tmp / "watch")],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        url = None
        log = []
        while url is None:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("watch did not start:\n" + "".join(log))
            log.append(line)
            found = re.search(r"serving (http://\S+)", line)
            url = found.group(1) if found else None
        import threading

        threading.Thread(target=lambda: log.extend(iter(proc.stdout.readline, "")), daemon=True).start()
        fulls, saves = [], []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                            args=["--no-sandbox", "--disable-gpu"])
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(url, wait_until="load")
                alt = f"Card {CHANGED}, front"
                page.click("#c-deck > summary")  # the deck's fold, opened as a designer would
                page.locator(f'img[alt="{alt}"]').scroll_into_view_if_needed()
                page.wait_for_function(SHOWN_JS, arg=[alt, ""], polling="raf")
                src = page.get_attribute(f'img[alt="{alt}"]', "src")
                for r in range(args.rounds):
                    fulls.append(full_build(game, tmp / "full"))
                    os.sync()  # the full build's files on disk (untimed): not flushed by the watch's writes
                    time.sleep(0.5)
                    text = f"Gain {r + 3} gold and draw a card. Discard it at the end of the turn."
                    start = time.perf_counter()
                    (game / "game.yaml").write_text(game_yaml(text))
                    src = page.wait_for_function(SHOWN_JS, arg=[alt, src], polling="raf", timeout=60_000).json_value()
                    saves.append(time.perf_counter() - start)
                    time.sleep(0.3)
                    rebuilt = re.findall(r"rebuilt in ([0-9.]+) s", "".join(log))
                    print(f"round {r + 1} of {args.rounds}: full build {fulls[-1]:.2f} s, save to picture "
                          f"{saves[-1]:.3f} s, rebuild {rebuilt[-1] if rebuilt else '?'} s (load {load()})",
                          file=sys.stderr)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        rebuilt = [float(m.group(1)) for m in re.finditer(r"rebuilt in ([0-9.]+) s \(1 picture drawn", "".join(log))]
    full, save = statistics.median(fulls), statistics.median(saves)
    print(f"\n{CARDS}-card deck, one card's text changed, medians of {args.rounds} rounds:")
    print(f"  {'full build (pnpforge build GAME)':<44} {full:7.3f} s")
    print(f"  {'watch: save to refreshed picture (Chromium)':<44} {save:7.3f} s   {save / full:6.1%} of the full build")
    if rebuilt:
        print(f"  {'  of which the rebuild (1 picture drawn)':<44} {statistics.median(rebuilt):7.3f} s")
    print(f"load average at end: {load()}")
    for name, got, ok in (("save to picture <= 0.5 s", f"{save:.3f} s", save <= 0.5),
                          ("save to picture <= 25% of a full build", f"{save / full:.1%}", save <= 0.25 * full)):
        print(f"  target {name}: {got} {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
