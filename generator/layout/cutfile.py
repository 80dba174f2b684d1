"""Cut files for cutting machines (``build --cut-files``): for each page of pieces, one closed path per
piece at its cut, taken from the same sheets (grid, slot, mirror, offset) the page is drawn from.

A hex or round piece's path is the cut line printed on it (``pieces.cut_outline``); a card's or
counter's is its cut rectangle (rounded by its ``corner_mm``), whose edges are the cuts the crop
marks point at. Only fronts are cut: a back is printed on the other side of the same sheet.
The file is an SVG in mm, the page's size, with the registration marks printed on the page.
"""

from __future__ import annotations

from ..draw.surface import Path
from .document import PageJob
from .page import Paper
from .pieces import piece_centres
from .registration import mark_paths


def piece_outline(comp, rotated: bool) -> Path:
    """A piece's cut outline centred on the origin, as placed (a card on its side turned)."""
    from ..components.piece import outline  # lazy: as pieces.cut_outline

    if rotated:  # a rounded rectangle turned a quarter: the same shape, width and height swapped
        w, h = comp.size_mm
        return Path.rounded_rect(-h / 2, -w / 2, h, w, comp.corner_mm)
    return outline(comp)


def cut_paths(job: PageJob, paper: Paper) -> list[tuple[str, Path]]:
    """Each piece cut on ``job``'s page: (component id, closed path in page mm)."""
    out: list[tuple[str, Path]] = []
    for sheet, mirror, offset in job.sheets:
        if sheet.side != "front":
            continue
        shape = piece_outline(sheet.comp, sheet.grid.rotated)
        for cx, cy in piece_centres(sheet.grid, len(sheet.looks), paper, mirror, offset):
            out.append((sheet.comp.id, moved(shape, cx, cy)))
    return out


def moved(path: Path, dx: float, dy: float) -> Path:
    """``path`` moved by (dx, dy)."""
    out = Path()
    for op in path.ops:
        if op[0] == "Z":
            out.ops.append(op)
        else:
            coords = [v + (dx if k % 2 == 0 else dy) for k, v in enumerate(op[1:])]
            out.ops.append((op[0], *coords))
    return out


def _d(path: Path) -> str:
    parts = []
    for op in path.ops:
        parts.append(op[0] if op[0] == "Z" else op[0] + " ".join(f"{v:.4f}".rstrip("0").rstrip(".") for v in op[1:]))
    return " ".join(parts)


def cut_svg(job: PageJob, paper: Paper, title: str) -> bytes | None:
    """The cut file of one page (None: the page has no pieces to cut)."""
    cuts = cut_paths(job, paper)
    if not cuts:
        return None
    w, h = paper.width_mm, paper.height_mm
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w:g}mm" height="{h:g}mm" '
             f'viewBox="0 0 {w:g} {h:g}">',
             f"<title>{_escape(title)}</title>",
             '<g id="registration" fill="#000000" stroke="none">']
    lines += [f'<path d="{_d(p)}"/>' for p in mark_paths(paper)]
    lines.append("</g>")
    lines.append('<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">')
    lines += [f'<path id="cut-{i}" data-component="{_escape(comp)}" d="{_d(p)}"/>'
              for i, (comp, p) in enumerate(cuts, start=1)]
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines).encode("utf-8")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
