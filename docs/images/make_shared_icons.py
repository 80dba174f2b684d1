"""Redraw docs/images/shared-icons.png: every icon of data/icons.yaml with its name, six to a row,
drawn with pnpforge's own drawing code. Run from the repository root after adding a shared icon:

    python3 docs/images/make_shared_icons.py

(tests/test_docs_format.py checks that docs/data-format.md lists every shared icon by name.)
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

PER_ROW = 6
CELL_MM = 25.0
ICON_MM = 11.0
DPI = 150


def main() -> None:
    import pypdfium2
    import yaml

    from generator.components.art import draw_icon
    from generator.draw.pdf import PdfSurface

    icons = yaml.safe_load((ROOT / "data" / "icons.yaml").read_text())["icons"]
    names = sorted(icons)
    rows = -(-len(names) // PER_ROW)
    width, height = PER_ROW * CELL_MM + 8, rows * CELL_MM * 0.8 + 16
    pdf = PdfSurface(title="pnpforge shared icons")
    pdf.begin_page(width, height)
    pdf.text(6, 9, "Shared icons (data/icons.yaml)", size_pt=10, font="bold")
    for i, name in enumerate(names):
        cx = 4 + (i % PER_ROW + 0.5) * CELL_MM
        cy = 14 + (i // PER_ROW) * CELL_MM * 0.8 + ICON_MM / 2 + 2
        draw_icon(pdf, icons[name], cx, cy, ICON_MM, "#000000")
        pdf.text(cx, cy + ICON_MM / 2 + 4, name, size_pt=6, anchor="middle")
    pdf.end_page()
    doc = pypdfium2.PdfDocument(io.BytesIO(pdf.finish()))
    image = doc[0].render(scale=DPI / 72).to_pil().convert("RGB")
    out = ROOT / "docs" / "images" / "shared-icons.png"
    image.save(out, optimize=True)
    print(f"wrote {out.relative_to(ROOT)} ({len(names)} icons)")


if __name__ == "__main__":
    main()
