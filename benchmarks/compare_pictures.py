"""Every kit prints the same pictures as another version of pnpforge (a git commit).

Speed work (art drawn once and placed many times, a leaner SVG writer, worker processes) must not
change what a player prints. This script builds every bundled kit with the working tree and with
``--before REF`` (taken from git with ``git archive``, so the working tree is not touched), renders
every PDF page with pypdfium2 (and, with ``--svg``, every SVG page with rsvg-convert), and compares
the pixels page by page. It prints one line per file and exits 1 if any page differs by more than
``--tolerance`` grey levels in any pixel (anti-aliasing may move by a level or two when the same
art is placed as a form instead of drawn in place).

    python3 benchmarks/compare_pictures.py --before main~3 [--paper a4] [--dpi 60] [--svg]
        [--keep DIR]   write before/after PNGs of every page into DIR, to look at
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def export(ref: str, into: Path) -> Path:
    """The tree of ``ref`` (data, templates and code) unpacked into ``into``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def build(tree: Path, out: Path, paper: str, formats: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-m", "generator", "build", "--paper", paper, "--format", formats,
                           "--out", str(out)], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"build in {tree} failed:\n{done.stderr}")


def pdf_pages(path: Path, dpi: int):
    import numpy as np
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        for page in doc:
            image = page.render(scale=dpi / 72.0).to_pil().convert("L")
            yield np.asarray(image, dtype=np.int16)
    finally:
        doc.close()


def svg_page(path: Path, dpi: int):
    import numpy as np
    from PIL import Image

    png = subprocess.run(["rsvg-convert", "--dpi-x", str(dpi), "--dpi-y", str(dpi), "-b", "white", str(path)],
                         check=True, capture_output=True).stdout
    return np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=np.int16)


def compare(before, after) -> tuple[int, int]:
    """(largest grey-level difference, pixels differing by more than 2 levels)."""
    import numpy as np

    if before.shape != after.shape:
        return 255, max(before.size, after.size)
    diff = np.abs(before - after)
    return int(diff.max()), int((diff > 2).sum())


def save(array, path: Path) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(array.clip(0, 255).astype("uint8")).save(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="a git commit (or branch) to compare against")
    parser.add_argument("--paper", default="a4", choices=["a4", "letter", "both"])
    parser.add_argument("--dpi", type=int, default=60)
    parser.add_argument("--svg", action="store_true", help="also compare the SVG pages (rsvg-convert)")
    parser.add_argument("--tolerance", type=int, default=24, help="largest grey-level difference allowed")
    parser.add_argument("--keep", type=Path, help="write PNGs to look at into this folder")
    args = parser.parse_args()
    if args.svg and not shutil.which("rsvg-convert"):
        sys.exit("--svg needs rsvg-convert (librsvg2-bin)")
    formats = "both" if args.svg else "pdf"
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        old = export(args.before, tmp / "before-tree")
        build(old, tmp / "before", args.paper, formats)
        build(ROOT, tmp / "after", args.paper, formats)
        bad = 0
        pages = 0
        for before_pdf in sorted((tmp / "before").rglob("*.pdf")):
            rel = before_pdf.relative_to(tmp / "before")
            after_pdf = tmp / "after" / rel
            if not after_pdf.exists():
                print(f"{rel}: missing after")
                bad += 1
                continue
            worst, count, differ = 0, 0, []
            olds, news = list(pdf_pages(before_pdf, args.dpi)), list(pdf_pages(after_pdf, args.dpi))
            if len(olds) != len(news):
                print(f"{rel}: {len(olds)} pages before, {len(news)} after")
                bad += 1
                continue
            for n, (a, b) in enumerate(zip(olds, news), start=1):
                pages += 1
                most, pixels = compare(a, b)
                worst, count = max(worst, most), count + pixels
                if most > args.tolerance:
                    differ.append(n)
                if args.keep:
                    save(a, args.keep / f"{rel.with_suffix('')}-p{n:03d}-before.png")
                    save(b, args.keep / f"{rel.with_suffix('')}-p{n:03d}-after.png")
            size_b, size_a = before_pdf.stat().st_size, after_pdf.stat().st_size
            verdict = "same pictures" if not differ else f"DIFFERENT on pages {differ}"
            print(f"{rel}: {len(olds)} pages, {verdict} (largest pixel difference {worst}, "
                  f"{count} pixels off by more than 2); {size_b / 1024:.0f} KiB -> {size_a / 1024:.0f} KiB")
            bad += bool(differ)
        if args.svg:
            svgs = sorted((tmp / "before").rglob("*.svg"))
            differ_svg = []
            for before_svg in svgs:
                rel = before_svg.relative_to(tmp / "before")
                after_svg = tmp / "after" / rel
                pages += 1
                if not after_svg.exists():
                    differ_svg.append(str(rel))
                    continue
                a, b = svg_page(before_svg, args.dpi), svg_page(after_svg, args.dpi)
                most, _ = compare(a, b)
                if most > args.tolerance:
                    differ_svg.append(str(rel))
                    if args.keep:
                        save(a, args.keep / f"{rel.with_suffix('')}-before.png")
                        save(b, args.keep / f"{rel.with_suffix('')}-after.png")
            print(f"SVG: {len(svgs)} pages, " + ("same pictures" if not differ_svg else
                                                 f"DIFFERENT: {', '.join(differ_svg)}"))
            bad += len(differ_svg)
    print(f"{pages} pages compared against {args.before}: " + ("all the same" if not bad else f"{bad} files differ"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
