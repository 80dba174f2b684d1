"""--format png: one PNG a face, the cut size plus the bleed in whole pixels, dpi in the metadata."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from PIL import Image

from conftest import EXAMPLE, ROOT
from generator.build import expand_generated
from generator.export.png import png_files
from generator.loading import load_game
from generator.model import resolve_game


@pytest.fixture(scope="module")
def low():
    game = load_game(resolve_game("lords_of_war"))
    return game, {c.id: c for c in expand_generated(game, 1)}


def _few(comp, n=2):
    return comp.replace(items=comp.items[:n])


def _images(files):
    return {p.relative_to(p.parents[2]).as_posix(): Image.open(io.BytesIO(data)) for p, data in files.items()}


def test_a_poker_card_with_an_eighth_inch_bleed_at_300_dpi_is_825_by_1125(low, tmp_path):
    game, comps = low
    deck = _few(comps["adventure-deck"])
    assert deck.size_mm == pytest.approx((63.5, 88.9))  # 2.5 x 3.5 in
    files, info = png_files(game, [deck], tmp_path / "lords_of_war", 300, None, 1)
    assert info["bleed_mm"] == pytest.approx(3.175)
    images = _images(files)
    first = deck.items[0].id
    assert set(images) == {f"png/adventure-deck/{i.id}-{side}.png" for i in deck.items for side in ("front", "back")}
    card = images[f"png/adventure-deck/{first}-front.png"]
    assert card.size == (825, 1125)
    assert card.mode == "RGB"  # nothing transparent on a card: plain RGB for the print shop
    assert [round(v) for v in card.info["dpi"]] == [300, 300]
    back = images[f"png/adventure-deck/{first}-back.png"]
    assert back.size == (825, 1125)
    assert back.getpixel((3, 3)) == (0x8B, 0x1A, 0x1A)  # the back's red runs into the bleed


def test_a_one_inch_hex_with_bleed_is_375_px_across_the_flats_and_clear_outside(low, tmp_path):
    game, comps = low
    tiles = _few(comps["terrain-tiles"], 6)
    files, _ = png_files(game, [tiles], tmp_path / "lords_of_war", 300, None, 1)
    forest = _images(files)["png/terrain-tiles/forest-front.png"]
    # 1 in across the flats plus 1/8 in each side = 1.25 in = 375 px; corner to corner 2/sqrt(3) of it
    assert forest.size == (433, 375)
    assert forest.mode == "RGBA"
    assert forest.getpixel((2, 2))[3] == 0  # outside the hex (and its bleed): transparent
    assert forest.getpixel((20, 187))[:3] == (0x4F, 0x8F, 0x4A)  # forest green out to the bleed at the corner
    assert forest.getpixel((20, 187))[3] == 255
    back = _images(files)["png/terrain-tiles/forest-back.png"]
    assert back.getpixel((216, 187)) == (0, 0, 0, 255)  # the tiles' black backs


def test_dpi_and_bleed_are_the_players_choice(low, tmp_path):
    game, comps = low
    deck = _few(comps["event-deck"], 1)
    files, info = png_files(game, [deck], tmp_path / "g", 100, 0.0, 1)
    card = next(iter(_images(files).values()))
    assert card.size == (250, 350)  # 2.5 x 3.5 in at 100 dpi, no bleed
    assert [round(v) for v in card.info["dpi"]] == [100, 100]
    tokens = _few(comps["realm-tokens"], 1)
    files, _ = png_files(game, [tokens], tmp_path / "g", 600, 1.0, 1)
    token = next(iter(_images(files).values()))
    assert token.size == (347, 347)  # (12.7 + 2 x 1) mm at 600 dpi = 347.2 px


def test_same_input_same_bytes_whatever_the_number_of_workers(low, tmp_path):
    game, comps = low
    part = [_few(comps["troops"], 3), _few(comps["reference-cards"], 2), comps["hero-board-orange"]]
    one, _ = png_files(game, part, tmp_path, 120, None, 1)
    two, _ = png_files(game, part, tmp_path, 120, None, 2)
    assert one == two


def test_the_command_line_writes_png_only_and_lists_them_in_the_manifest(tmp_path):
    run = subprocess.run([sys.executable, "-m", "generator", "build", str(EXAMPLE), "--format", "png",
                          "--dpi", "150", "--out", str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    kit = tmp_path / "pebble_pond"
    written = sorted(p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file())
    assert not [f for f in written if f.endswith((".pdf", ".svg", ".html"))]
    manifest = json.loads((kit / "manifest.json").read_text())
    listed = {i["file"] for i in manifest["png"]["images"]}
    assert listed == {f for f in written if f.endswith(".png")}
    assert manifest["png"]["dpi"] == 150
    for image in manifest["png"]["images"]:
        with Image.open(kit / image["file"]) as im:
            assert list(im.size) == image["size_px"]
    assert "png/score-board/score-board-front.png" in listed  # boards too, one image each


@pytest.mark.parametrize("options, said", [
    (["--ink-saver"], "warning: --ink-saver changes only the PDF and SVG pages, and --format png makes none"),
    (["--ink-saver", "--marks", "lines", "--layout", "gutter-fold"],
     "warning: --layout, --ink-saver, --marks change only the PDF and SVG pages, and --format png makes none"),
])
def test_page_options_with_only_pictures_asked_for_are_said_to_change_nothing(tmp_path, options, said):
    """--ink-saver on a PNG-only build would otherwise be quietly ignored: the pictures are in full colour."""
    run = subprocess.run([sys.executable, "-m", "generator", "build", str(EXAMPLE), "--format", "png", "--dpi", "30",
                          *options, "--out", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert said in run.stderr.splitlines()
    with_pdf = subprocess.run([sys.executable, "-m", "generator", "build", str(EXAMPLE), "--format", "png,pdf",
                               "--paper", "a4", "--dpi", "30", *options, "--out", str(tmp_path)], cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
    assert with_pdf.returncode == 0 and "warning" not in with_pdf.stderr, with_pdf.stderr
