"""``pnpforge build --print-shop``: files for a print-on-demand shop (DriveThruCards, The Game Crafter,
MakePlayingCards, a local printer), beside the home-print kit.

One PDF per component, ``<game>/print-shop/<component>.pdf``: every distinct face on a page of its own,
each item's front followed by its back (the order DriveThruCards asks of a deck; a deck whose cards all
share one back is its fronts, and that back once in ``<component>-back.pdf``), the page exactly the
piece plus 1/8 in (3.175 mm) of bleed all round. TrimBox is the piece (its bounding box for hexes and
round pieces), BleedBox the whole page. How many copies of each face the game needs is the page's
label (``3x Knight (front)``, shown by PDF viewers and preflight tools), and is listed in
``print-shop/contents.txt`` and in the game's ``manifest.json``. Nothing else is on the page: no cut
lines, marks or footers (the shop trims or die-cuts to the TrimBox).

The files aim at PDF/X-1a:2003, as DriveThruCards asks: DeviceCMYK colour only, nothing translucent,
every font embedded, an OutputIntent (CGATS TR 001, SWOP coated) and XMP metadata (draw/cmyk.py).
Rules and reference sheets are left to the home kit: they are text pages, not pieces.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..art.richtext import words
from ..components.piece import outline
from ..draw.cmyk import OUTPUT_CONDITION_ID, PDFX_VERSION
from ..draw.pdf import PdfSurface
from ..model import Component, Game
from ..model.kinds import Family, Outline
from .faces import Face, item_faces, paint_face, whole_face

BLEED_MM = 25.4 / 8  # 1/8 in: DriveThruCards, The Game Crafter and MakePlayingCards alike
SAFE_MM = 3.0  # the shops' safe zone: text this far inside the trim; a frame runs into the bleed
FOLDER = "print-shop"


def piece_size_mm(face: Face) -> tuple[float, float]:
    """The cut size of a face: the piece's bounding box (a hex point to point one way, flat to flat
    the other; a round piece its diameter)."""
    comp = face.comp
    if comp.outline != Outline.RECT:
        x0, y0, x1, y1 = outline(comp, 0.0).bounds()
        return (x1 - x0, y1 - y0)
    return comp.size_mm


def shaped(comp: Component) -> bool:
    """A piece a shop die-cuts along a line of its own: a hex, a round, a card or counter with round
    corners (a plain rectangle is trimmed to the TrimBox)."""
    return comp.outline != Outline.RECT or (comp.declaration.pieces and comp.corner_mm > 0)


def _moved(path, dx: float, dy: float):
    from ..layout.cutfile import moved  # lazy: the cut files' path arithmetic

    return moved(path, dx, dy)


def shop_faces(game: Game, comp: Component) -> list[Face]:
    """The faces of one component in print order: each item's front, then its back."""
    if comp.family == Family.BOARD:
        return [whole_face(comp)]
    out: list[Face] = []
    for front, back in item_faces(game, comp):
        out.append(front)
        if back is not None and comp.double_sided:
            out.append(back)
    return out


def page_label(face: Face) -> str:
    side = f" ({face.side})" if face.comp.family != Family.BOARD and face.comp.double_sided else ""
    return f"{face.count}x {face.label}{side}"


def shared_back(faces: list[Face]) -> Face | None:
    """The one back every front of a deck shares (the same look on every item), else None: a shop
    then takes the fronts in one file and that back once, "same back for all"."""
    backs = [f for f in faces if f.side == "back"]
    first = backs[0].look if backs else None
    if len(backs) < 2 or first is None or any(f.look is None or f.look.key() != first.key() for f in backs):
        return None
    every = "every card" if backs[0].comp.family == Family.CARD else "every piece"
    return Face(backs[0].comp, "back", every, "back", first, sum(f.count for f in backs))


def _shop_pdf(game: Game, comp: Component, faces: list[Face], what: str,
              lines: list[str]) -> tuple[bytes, list[dict[str, Any]]]:
    """One print-shop PDF of ``faces``, a page each; its pages for the manifest (and ``lines``)."""
    pdf = PdfSurface(title=f"{game.title}: {what} (print shop)", author=game.meta["author"],
                     subject=words(game.credits), print_shop=True)
    pages = []
    for number, face in enumerate(faces, start=1):
        w, h = piece_size_mm(face)
        page_w, page_h = w + 2 * BLEED_MM, h + 2 * BLEED_MM
        label = page_label(face)
        pdf.begin_page(page_w, page_h, label=label)
        paint_face(pdf, game, face, BLEED_MM, page_w, page_h, SAFE_MM)
        if shaped(comp):  # the die line, centred on the trim as the piece is
            pdf.cut_contour(_moved(outline(comp), page_w / 2, page_h / 2))
        pdf.set_boxes((BLEED_MM, BLEED_MM, w, h), (0.0, 0.0, page_w, page_h))
        pdf.end_page()
        pages.append({"page": number, "item": face.item, "side": face.side, "count": face.count, "label": label})
        lines.append(f"  page {number:>3}: {label}")
    return pdf.finish(), pages


def print_shop_files(game: Game, components: list[Component], folder: Path) -> tuple[dict[Path, bytes], dict[str, Any]]:
    """Every print-shop PDF of one game (path -> bytes), its contents list, and its manifest entry. A
    deck whose cards share one back is a fronts file and a one-page back file (``<id>-back.pdf``)."""
    files: dict[Path, bytes] = {}
    listed: list[dict[str, Any]] = []
    lines = [f"{game.title}: print-shop files ({PDFX_VERSION}, CMYK for {OUTPUT_CONDITION_ID}, "
             f"{BLEED_MM:.3f} mm bleed).",
             "Each page is one face, the piece plus its bleed; order the number of copies shown.", ""]
    for comp in components:
        if not (comp.declaration.pieces or comp.family == Family.BOARD):
            continue
        faces = shop_faces(game, comp)
        if not faces:
            continue
        back = shared_back(faces)
        parts = [(comp.id, [f for f in faces if back is None or f.side == "front"], comp.name)]
        if back is not None:
            parts.append((f"{comp.id}-back", [back], f"{comp.name}, the back they all share"))
        for stem, part, what in parts:
            rel = Path(FOLDER) / f"{stem}.pdf"
            lines.append(f"{rel.name}: {what}")
            files[folder / rel], pages = _shop_pdf(game, comp, part, what, lines)
            size = piece_size_mm(part[0])
            listed.append({"file": str(rel), "component": comp.id, "size_mm": [round(size[0], 3), round(size[1], 3)],
                           "pages": pages})
            lines.append("")
    if listed:
        files[folder / FOLDER / "contents.txt"] = ("\n".join(lines).rstrip() + "\n").encode("utf-8")
    return files, {"standard": PDFX_VERSION, "output_condition": OUTPUT_CONDITION_ID,
                   "bleed_mm": round(BLEED_MM, 3), "files": listed}
