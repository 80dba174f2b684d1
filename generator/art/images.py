"""A designer's own pictures (PNG, JPEG, SVG) on faces, backs and boards: where a picture goes in its
box, showing all of it or covering the box. Reading the files is source/pictures.py's.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..base.vocabulary import ImageFit
from ..draw.surface import Surface
from ..source.pictures import natural_size


def placement(path: str, box: tuple[float, float, float, float],
              fit: str = ImageFit.FIT) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the picture in ``box`` (x0, y0, x1, y1): ``fit`` shows all of it, centred;
    ``fill`` covers the box (the caller clips what falls outside)."""
    iw, ih = natural_size(path)
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    k = min(bw / iw, bh / ih) if fit == ImageFit.FIT else max(bw / iw, bh / ih)
    w, h = iw * k, ih * k
    return (x0 + (bw - w) / 2, y0 + (bh - h) / 2, w, h)


def draw_image(s: Surface, path: str, box: tuple[float, float, float, float], fit: str = ImageFit.FIT,
               tint: str = "") -> None:
    """The picture in ``box``; ``tint``: a PNG or JPEG recoloured first (:func:`tinted`)."""
    x, y, w, h = placement(path, box, fit)
    s.image(tinted(path, tint) if tint else path, x, y, w, h)


_TINTED: dict[tuple[str, str], str] = {}


def tinted(path: str, colour: str) -> str:
    """A PNG of the picture at ``path`` in one colour (game-icons' black art made gold): each pixel
    takes ``colour``, its darkness becoming how much it covers (black: the colour, white: nothing,
    greys between; the picture's own transparency kept). Written once a run into this process's own
    temporary folder; the PDF stores pixels by their content and the SVG embeds them, so the files made
    are the same bytes every run."""
    key = (path, colour)
    made = _TINTED.get(key)
    if made is None:
        from PIL import Image, ImageChops  # a tinted picture only

        with Image.open(path) as im:
            rgba = im.convert("RGBA")
        dark = ImageChops.invert(rgba.convert("L"))
        cover = ImageChops.multiply(dark, rgba.getchannel("A"))
        out = Image.new("RGBA", rgba.size, _rgb(colour) + (0,))
        out.putalpha(cover)
        made = str(_tint_folder() / f"tint{len(_TINTED)}.png")
        out.save(made, format="PNG")
        _TINTED[key] = made
    return made


def _rgb(colour: str) -> tuple[int, int, int]:
    h = colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


_FOLDER: list[tuple[int, Path]] = []  # (the process that made it, the folder)


def _tint_folder() -> Path:
    """A temporary folder of this process's own (made with mkdtemp: no one else's files in it), removed
    when the process ends (a build's worker process, which ends without atexit, calls
    :func:`forget_tints`). A worker forked from a process that had one makes its own."""
    if not _FOLDER or _FOLDER[0][0] != os.getpid():
        import atexit
        import tempfile

        folder = Path(tempfile.mkdtemp(prefix="pnpforge-tints-"))
        atexit.register(forget_tints)
        _FOLDER[:] = [(os.getpid(), folder)]
    return _FOLDER[0][1]


def forget_tints() -> None:
    """Remove this process's tinted pictures (never a parent's folder a forked worker inherited)."""
    if _FOLDER and _FOLDER[0][0] == os.getpid():
        import shutil

        folder = _FOLDER.pop()[1]
        shutil.rmtree(folder, ignore_errors=True)
        for key in [k for k, made in _TINTED.items() if Path(made).parent == folder]:
            del _TINTED[key]
