"""--format png: one PNG a face, the cut size plus the bleed in whole pixels, dpi in the metadata."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from conftest import EXAMPLE, ROOT
from PIL import Image

from generator.build.game import expand_generated
from generator.build.loading import load_game
from generator.export.png import png_files
from generator.model import resolve_game


@pytest.fixture(scope="module")
def low():
    game = load_game(resolve_game("lords_of_war"))
    return game, {c.id: c for c in expand_generated(game, 1)}


def _few(comp, n=2):
    return comp.replace(items=comp.items[:n])


def _images(files):
    return {p.relative_to(p.parents[2]).as_posix(): Image.open(io.BytesIO(data)) for p, data in files.items()
            if p.suffix == ".png"}


def test_a_poker_card_with_an_eighth_inch_bleed_at_300_dpi_is_825_by_1125(low, tmp_path):
    game, comps = low
    deck = _few(comps["adventure-deck"])
    assert deck.size_mm == pytest.approx((63.5, 88.9))  # 2.5 x 3.5 in
    files, info = png_files(game, [deck], tmp_path / "lords_of_war", 300, None, 1)
    assert info["bleed_mm"] == pytest.approx(3.175)
    images = _images(files)
    first = deck.items[0].id
    # a front a card, and the back every card shares, once
    assert set(images) == {f"png/adventure-deck/{i.id}-front.png" for i in deck.items} | {"png/adventure-deck/back.png"}
    card = images[f"png/adventure-deck/{first}-front.png"]
    assert card.size == (825, 1125)
    assert card.mode == "RGB"  # nothing transparent on a card: plain RGB for the print shop
    assert [round(v) for v in card.info["dpi"]] == [300, 300]
    back = images["png/adventure-deck/back.png"]
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
    back = _images(files)["png/terrain-tiles/back.png"]  # one black back for every tile
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


# -- for a print-on-demand shop ---------------------------------------------------------------------

def _chunks(data: bytes) -> list[bytes]:
    """The chunk types of a PNG file, in order."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, i = [], 8
    while i < len(data):
        n = int.from_bytes(data[i:i + 4], "big")
        out.append(data[i + 4:i + 8])
        i += 12 + n
    return out


def test_a_decks_shared_back_is_one_file_and_its_quantities_list_one_row_a_card(low, tmp_path):
    game, comps = low
    deck = comps["event-deck"]
    files, info = png_files(game, [deck], tmp_path / "lords_of_war", 50, None, 1)
    names = sorted(p.name for p in files if p.suffix == ".png")
    assert names.count("back.png") == 1 and not [n for n in names if n.endswith("-back.png")]  # not 36 backs
    assert len([n for n in names if n.endswith("-front.png")]) == len(deck.items) == 36
    rows = files[tmp_path / "lords_of_war" / "png" / "event-deck" / "quantities.csv"]
    lines = rows.decode().splitlines()
    assert lines[0] == "file,side,count,name"
    assert lines[-1] == "back.png,back,36,the back of every card"  # one back, the deck's size
    fronts = [line.split(",") for line in lines[1:-1]]
    assert len(fronts) == 36 and {f[1] for f in fronts} == {"front"}
    assert sum(int(f[2]) for f in fronts) == deck.count == 36
    back = next(i for i in info["images"] if i["file"] == "png/event-deck/back.png")
    assert back["count"] == 36
    overview = files[tmp_path / "lords_of_war" / "png" / "print-on-demand.txt"].decode()
    assert "Event deck: 36 cards, 36 different fronts, 63.5 x 88.9 mm cut" in overview
    assert "back (every card): event-deck/back.png x 36" in overview


def test_tiles_share_one_back_file_and_one_sided_tokens_list_their_fronts_only(low, tmp_path):
    game, comps = low
    tokens = _few(comps["terrain-tiles"], 6)  # the tiles share one black back
    files, _ = png_files(game, [tokens], tmp_path / "lords_of_war", 50, None, 1)
    assert sorted(p.name for p in files if p.name.endswith("back.png")) == ["back.png"]
    one_sided = _few(comps["realm-tokens"], 3)
    files, _ = png_files(game, [one_sided], tmp_path / "lords_of_war", 50, None, 1)
    text = files[tmp_path / "lords_of_war" / "png" / "realm-tokens" / "quantities.csv"].decode()
    assert "back" not in text.split("\n", 1)[1]  # printed one-sided: fronts only


def test_every_png_is_marked_srgb(low, tmp_path):
    from generator.export.tts import tts_files

    game, comps = low
    part = [_few(comps["event-deck"], 3), _few(comps["chips"], 1), comps["main-board"]]
    png, _ = png_files(game, part, tmp_path / "lords_of_war", 30, None, 1)
    tts, _ = tts_files(game, part, tmp_path / "lords_of_war", 30, None, 1)
    pictures = {p: d for p, d in {**png, **tts}.items() if p.suffix == ".png"}
    assert len(pictures) > 8
    for path, data in pictures.items():
        chunks = _chunks(data)
        assert b"sRGB" in chunks and chunks.index(b"sRGB") < chunks.index(b"IDAT"), path
        assert Image.open(io.BytesIO(data)).info["srgb"] == 0  # perceptual
