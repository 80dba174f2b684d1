"""A picture recoloured (issue 37, pictures): game-icons' black art printed gold for one side, by a
face's ``image_tint`` or an image element's ``tint``, the same in the PDF and the SVG."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw

from tests.gamefolder import HEAD, line_of, validate, write_game

GOLD = (0xC9, 0xA2, 0x27)


def _art(folder: Path) -> None:
    """A black disc on a clear ground, 200 px, and a grey square on white (no transparency)."""
    (folder / "art").mkdir(parents=True, exist_ok=True)
    disc = Image.new("RGBA", (200, 200), (0, 0, 0, 0))
    ImageDraw.Draw(disc).ellipse((20, 20, 180, 180), fill=(0, 0, 0, 255))
    disc.save(folder / "art" / "disc.png")
    grey = Image.new("RGB", (200, 200), (255, 255, 255))
    ImageDraw.Draw(grey).rectangle((50, 50, 150, 150), fill=(128, 128, 128))
    grey.save(folder / "art" / "grey.png")


GAME = HEAD + """components:
  - id: board
    name: Board
    kind: board
    size_mm: [100, 60]
    elements:
      - {type: image, at_mm: [5, 5], size_mm: [40, 40], image: art/disc.png, tint: "#c9a227"}
      - {type: image, at_mm: [55, 5], size_mm: [40, 40], image: art/grey.png, tint: "#c9a227"}
  - id: chits
    name: Chits
    kind: token
    size_mm: 30
    items:
      - {name: Gold, count: 1, image: art/disc.png, image_tint: "#c9a227", image_fit: fill}
"""


@pytest.fixture()
def built(tmp_path, runner) -> Path:
    folder = write_game(tmp_path, GAME)
    _art(folder)
    assert validate(runner, folder).exit_code == 0
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    out = tmp_path / "out"
    build_game(load_game(folder), out, Options(papers=("a4",), formats=("pdf", "svg")))
    return out / "g"


def test_black_art_prints_in_the_tint_and_its_clear_ground_stays_clear(built):
    import numpy as np

    pdf = next((built / "a4").glob("*-single.pdf"))
    doc = pdfium.PdfDocument(str(pdf))
    (page,) = [i for i in range(len(doc)) if "Board + Chits" in doc[i].get_textpage().get_text_range()]
    px = np.asarray(doc[page].render(scale=2 * 72 / 25.4).to_pil().convert("RGB")).astype(np.int16)  # 2 px a mm
    gold = (np.abs(px - np.array(GOLD)) <= 3).all(axis=2)
    assert gold.any(), "the tint did not print"
    # the board's disc (32 mm across in its 40 mm box) and the token's, both solid gold
    cols = np.nonzero(gold.any(axis=0))[0]
    assert (cols.max() - cols.min()) / 2 > 32
    # the grey square: half-covering gold over white, a pale gold; its white ground prints nothing
    pale = (np.abs(px - (np.array(GOLD, dtype=np.int16) + 255) // 2) <= 4).all(axis=2)
    assert pale.sum() > 20 * 2 * 20 * 2 * 0.8  # most of the 20 mm grey square


def test_the_grey_of_an_opaque_picture_becomes_a_paler_tint():
    import tempfile

    from generator.art.images import tinted

    with tempfile.TemporaryDirectory() as tmp:
        _art(Path(tmp))
        with Image.open(tinted(str(Path(tmp) / "art" / "grey.png"), "#c9a227")) as im:
            inside, outside = im.getpixel((100, 100)), im.getpixel((10, 10))
    assert inside[:3] == GOLD and 120 <= inside[3] <= 135  # 128 grey: half covered
    assert outside[3] == 0  # white: clear


def test_the_svg_embeds_the_same_tinted_pixels(built):
    svg = "".join(p.read_text() for p in (built / "a4" / "svg").glob("*.svg"))
    pngs = [base64.b64decode(d) for d in re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", svg)]
    assert pngs
    colours = set()
    for data in pngs:
        with Image.open(io.BytesIO(data)) as im:
            raw = im.convert("RGBA").tobytes()
        colours |= {tuple(raw[i:i + 3]) for i in range(0, len(raw), 4) if raw[i + 3] > 0}
    assert colours == {GOLD}


def test_a_tint_on_an_svg_picture_is_refused_at_its_line(tmp_path, runner):
    folder = write_game(tmp_path, GAME.replace("image: art/disc.png, tint", "image: art/disc.svg, tint"))
    _art(folder)
    (folder / "art" / "disc.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                             '<circle cx="5" cy="5" r="4"/></svg>')
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert "tint: recolours a PNG or JPEG picture; 'art/disc.svg' is an SVG" in result.output
    assert f"game.yaml:{line_of(folder, 'art/disc.svg')}" in result.output


def test_a_tint_on_an_item_over_its_faces_svg_picture_is_refused_where_the_tint_is(tmp_path, runner):
    """The SVG named by the component's face (or its back) and the tint by an item, a spreadsheet's row
    or an item's back: validate said ok and the build ended in an internal error (format fuzz seed
    1133, case 3744). Each tint is refused at its own line or cell."""
    body = HEAD + """components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    face: {image: art/disc.svg}
    back: {image: art/disc.svg}
    items:
      - {name: Gold, count: 1, image_tint: "#c9a227"}
      - {name: Plain, count: 1}
      - {name: Back, count: 1, back: {image_tint: "#c9a227"}}
  - id: rows
    name: Rows
    kind: card
    size: poker
    face: {image: art/disc.svg}
    items_from: {file: rows.csv, columns: {Hue: image_tint}}
"""
    folder = write_game(tmp_path, body)
    (folder / "rows.csv").write_text("Name,Count,Hue\nA,1,#c9a227\nB,1,\n")
    (folder / "art").mkdir()
    (folder / "art" / "disc.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                             '<circle cx="5" cy="5" r="4"/></svg>')
    result = validate(runner, folder)
    assert result.exit_code == 1
    refused = [line for line in result.output.splitlines() if "image_tint: recolours a PNG or JPEG" in line]
    assert [line.split(": image_tint")[0].rsplit("/", 1)[-1] for line in refused] == [
        f"game.yaml:{line_of(folder, 'Gold')}", f"game.yaml:{line_of(folder, 'name: Back')}", "rows.csv:2 (Hue)"]
    assert "'art/disc.svg' (the image it applies to here) is an SVG" in refused[0]
    fixed = body.replace(', image_tint: "#c9a227"', "").replace(', back: {image_tint: "#c9a227"}', "")
    (folder / "game.yaml").write_text(fixed)
    (folder / "rows.csv").write_text("Name,Count,Hue\nA,1,\n")
    assert validate(runner, folder).exit_code == 0


def test_a_build_on_two_cores_leaves_no_tinted_pictures_behind(tmp_path):
    """The tinted PNGs live in a temporary folder of each process's own; a build's worker processes
    end without Python's atexit, and left theirs in /tmp. Built with --jobs 2 and TMPDIR its own:
    nothing of ours is left there."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    done = subprocess.run([sys.executable, "-m", "generator", "build", str(root / "data" / "examples" / "crest_deck"),
                           "--jobs", "2", "--out", str(tmp_path / "out")], capture_output=True, text=True, env=env,
                          timeout=300, cwd=root)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "crest_deck").is_dir()
    assert [p.name for p in tmp.iterdir() if p.name.startswith("pnpforge-tints-")] == []


def test_two_items_on_one_line_with_the_same_refused_tint_get_one_line(tmp_path, runner):
    """Each item's tint is checked on its own; written on one line, their refusals are the same line,
    said once."""
    folder = write_game(tmp_path, HEAD + """components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    face: {image: art/disc.svg}
    items: [{name: A, count: 1, image_tint: "#c9a227"}, {name: B, count: 1, image_tint: "#c9a227"}]
""")
    (folder / "art").mkdir()
    (folder / "art" / "disc.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                             '<circle cx="5" cy="5" r="4"/></svg>')
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{folder / 'game.yaml'}:{line_of(folder, 'name: A')}: image_tint: recolours a PNG or JPEG picture; "
        "'art/disc.svg' (the image it applies to here) is an SVG, whose own colours print (give its shapes the colour in the "
        "file, or use a PNG)"]
