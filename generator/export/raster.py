"""Faces to pixels: each face is drawn through the PDF backend on a page of its own and rasterised
with pypdfium2 (PDFium, the PDF engine of Chromium, shipped in the wheel: no system packages).

The page is sized to a whole number of pixels at the asked resolution, so a poker card with 1/8 in of
bleed at 300 dpi is exactly 825 x 1125 px. Work is shared between worker processes (fork), each
drawing its share of the faces into one PDF of its own and rasterising it page by page.
"""

from __future__ import annotations

import io
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Sequence

import pypdfium2 as pdfium

from ..draw.pdf import PdfSurface
from ..model import Game
from ..model.kinds import Outline
from .faces import MM_PER_IN, Face, face_size_mm, paint_face, pixels


@dataclass(frozen=True)
class Shot:
    """One picture to take of one face."""

    face: Face
    bleed_mm: float  # art drawn past the cut line; the picture holds it all
    dpi: float
    max_px: int = 0  # if > 0, the longer side is at most this many pixels (the dpi is lowered to fit)
    # "png": PNG bytes with the dpi in its pHYs chunk (print shops, TTS); "jpeg": JPEG bytes of the
    # face on white, for a page on a screen (the gallery); "image": an RGBA PIL image to paint on
    encoding: str = "png"
    # "jpeg" only: if > 1, the picture is (this JPEG, and one ``reduce`` times smaller each way, each
    # pixel the mean of reduce x reduce: the gallery's preview and large view from one drawing)
    reduce: int = 1

    def size_px(self) -> tuple[int, int]:
        return pixels(face_size_mm(self.face, self.bleed_mm), self.effective_dpi())

    def effective_dpi(self) -> float:
        if self.max_px <= 0:
            return self.dpi
        w, h = face_size_mm(self.face, self.bleed_mm)
        longest = max(w, h) / MM_PER_IN * self.dpi
        return self.dpi if longest <= self.max_px else self.dpi * self.max_px / longest


def workers(jobs: int | None) -> int:
    """Worker processes: ``jobs`` if given (> 0), else one per core."""
    if jobs and jobs > 0:
        return jobs
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


_GAME: Game | None = None  # set before the worker processes fork, read inside them
_SHOTS: Sequence[Shot] = ()


def same_picture(shot: Shot) -> tuple:
    """What a shot's picture depends on: two shots alike here give the same pixels (a deck's cards
    share one back; a tile kind repeats per player). A piece face is drawn from its component, side
    and look alone (see faces.paint_face); a board or sheet is its component."""
    face = shot.face
    look = face.look
    drawn = (face.item,) if look is None else (look.key(), look.player)
    return (face.comp.id, face.kind, face.side, drawn, shot.bleed_mm, shot.dpi, shot.max_px, shot.encoding,
            shot.reduce)


def take(game: Game, shots: Sequence[Shot], jobs: int | None = None) -> list:
    """Every shot's picture, in order: PNG or JPEG bytes (two JPEGs for ``Shot.reduce``), or an RGBA image
    (see ``Shot.encoding``).
    Shots of the same picture are taken once."""
    first: dict[tuple, int] = {}
    unique: list[Shot] = []
    which = []
    for shot in shots:
        key = same_picture(shot)
        if key not in first:
            first[key] = len(unique)
            unique.append(shot)
        which.append(first[key])
    pictures = _take_all(game, unique, jobs)
    out = []
    given: set[int] = set()
    for i in which:
        picture = pictures[i]
        if i in given and not isinstance(picture, bytes):
            picture = picture.copy()  # an image a caller may paint on: each its own
        given.add(i)
        out.append(picture)
    return out


def _take_all(game: Game, shots: Sequence[Shot], jobs: int | None = None) -> list:
    global _GAME, _SHOTS
    if not shots:
        return []
    n = min(workers(jobs), max(1, len(shots) // 4))
    if n <= 1 or not _can_fork():
        return _take_range(game, shots, range(len(shots)))
    _GAME, _SHOTS = game, shots
    try:
        # interleaved shares balance big and small faces; each worker returns its share in order
        shares = [range(i, len(shots), n) for i in range(n)]
        with ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("fork")) as pool:
            parts = list(pool.map(_take_share, shares))
    finally:
        _GAME, _SHOTS = None, ()
    out: list = [None] * len(shots)
    for share, part in zip(shares, parts):
        for i, picture in zip(share, part):
            out[i] = picture
    return out


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def _take_share(share: range) -> list:
    assert _GAME is not None
    return _take_range(_GAME, _SHOTS, share)


def _take_range(game: Game, shots: Sequence[Shot], indices: range) -> list:
    pdf = PdfSurface(title=f"{game.title}: faces", compressed=False)
    sizes = []
    for i in indices:
        shot = shots[i]
        dpi = shot.effective_dpi()
        w_px, h_px = shot.size_px()
        # a hundredth of a pixel short: PDFium rounds the page up to whole pixels
        w_mm, h_mm = (w_px - 0.01) * MM_PER_IN / dpi, (h_px - 0.01) * MM_PER_IN / dpi
        pdf.begin_page(w_mm, h_mm, label=shot.face.key)
        paint_face(pdf, game, shot.face, shot.bleed_mm, w_mm, h_mm)
        pdf.end_page()
        sizes.append((w_px, h_px, dpi))
    doc = pdfium.PdfDocument(pdf.finish())
    out: list[Any] = []  # per shot: PNG or JPEG bytes, a (JPEG, reduced JPEG) pair, or an RGBA image
    try:
        for n, i in enumerate(indices):
            shot = shots[i]
            w_px, h_px, dpi = sizes[n]
            page = doc[n]
            if shot.encoding == "jpeg":
                # on white, as the page shows it; PDFium writes RGBX, which Pillow takes without a copy
                bitmap = page.render(scale=dpi / 72.0, fill_color=(255, 255, 255, 255), may_draw_forms=False,
                                     rev_byteorder=True, prefer_bgrx=True)
            else:
                # outside a hex or a round piece stays transparent; everything else fills its page, and
                # print shops prefer plain RGB
                clear = shot.face.comp.outline in (Outline.HEX, Outline.ROUND)
                bitmap = page.render(scale=dpi / 72.0, fill_color=(255, 255, 255, 0 if clear else 255),
                                     may_draw_forms=False)
            image = bitmap.to_pil()
            if image.size != (w_px, h_px):  # never expected: the page was sized for it
                raise RuntimeError(f"{shot.face.key}: rendered {image.size}, wanted {(w_px, h_px)}")
            if shot.encoding == "png":
                out.append(encode_png(image, shot.dpi if shot.max_px <= 0 else dpi))
            elif shot.encoding == "jpeg" and shot.reduce > 1:
                small = image.reduce(shot.reduce)  # RGBX as rendered; JPEG takes it as it takes RGB
                out.append((encode_jpeg(image, dpi, chroma_halved=True), encode_jpeg(small, dpi / shot.reduce)))
            elif shot.encoding == "jpeg":
                out.append(encode_jpeg(image, dpi))
            else:
                out.append(image.convert("RGBA"))
            page.close()
    finally:
        doc.close()
    return out


SRGB_INTENT = b"\x00"  # the sRGB chunk's rendering intent: perceptual
SRGB_GAMMA = 45455  # the gAMA the PNG specification asks to go with sRGB (1 / 2.2, times 100,000)


def encode_png(image, dpi: float) -> bytes:
    """PNG bytes with the resolution recorded (pHYs) and the colours marked sRGB (the sRGB chunk, and
    gAMA for readers that know no sRGB): PDFium draws in sRGB, and a print shop or TTS that reads an
    unmarked file may guess otherwise. The same bytes for the same pixels."""
    from PIL import PngImagePlugin  # PNG files only

    marks = PngImagePlugin.PngInfo()
    marks.add(b"sRGB", SRGB_INTENT)
    marks.add(b"gAMA", SRGB_GAMMA.to_bytes(4, "big"))
    buf = io.BytesIO()
    # zlib level 1: Pillow's per-row filter choice costs the same at any level; files a little larger
    image.save(buf, "PNG", dpi=(dpi, dpi), compress_level=1, pnginfo=marks)
    return buf.getvalue()


JPEG_QUALITY = 90


def encode_jpeg(image, dpi: float, chroma_halved: bool = False) -> bytes:
    """JPEG bytes for a screen, the same bytes for the same pixels: quality 90 with full-resolution
    colour (4:4:4, no chroma subsampling, so coloured text and thin lines keep their edges). JPEG rather
    than PNG for the gallery: Pillow's PNG encoder picks a filter for every row, which no option turns
    off (docs/benchmarks.md has the figures).

    ``chroma_halved``: colour at half the resolution each way (4:2:0), for a picture drawn at twice
    its preview's resolution (the gallery's large view): its colour is then as sharp as the 4:4:4
    preview's and its light and dark twice as sharp."""
    buf = io.BytesIO()
    image.save(buf, "JPEG", quality=JPEG_QUALITY, subsampling=2 if chroma_halved else 0,
               dpi=(round(dpi), round(dpi)))
    return buf.getvalue()
