"""The kit gallery every default build writes: output/<game>/index.html and output/index.html."""

from __future__ import annotations

import json
import math
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops

from generator.build.game import expand_generated
from generator.build.loading import load_game
from generator.model import resolve_game


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.images: list[dict[str, str]] = []
        self.ids: set[str] = set()
        self.scripts = 0
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag == "img":
            self.images.append(a)
        if tag == "script":
            self.scripts += 1

    def handle_data(self, data):
        self.text.append(data)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.full = " ".join("".join(page.text).split())
    return page


def _target(page_file: Path, href: str) -> Path:
    return (page_file.parent / unquote(urlparse(href).path)).resolve()


@pytest.fixture(scope="module")
def low_page(default_build):
    return default_build / "lords_of_war" / "index.html"


def test_the_default_build_writes_a_gallery_per_game_and_one_over_all(default_build):
    assert (default_build / "index.html").is_file()
    for game in ("lords_of_war", "pebble_pond"):
        assert (default_build / game / "index.html").is_file()
        manifest = json.loads((default_build / game / "manifest.json").read_text())
        assert manifest["gallery"] == f"{game}/index.html"
    top = _parse(default_build / "index.html")
    assert {"lords_of_war/index.html", "pebble_pond/index.html"} <= set(top.links)
    assert "Farlanthia: Lords of War" in top.full


def test_every_link_and_image_points_at_a_file_that_was_written(default_build):
    for page_file in [default_build / "index.html", *default_build.glob("*/index.html")]:
        page = _parse(page_file)
        assert page.scripts <= 1  # only the large view's viewer: without it each picture's link opens it
        for href in page.links:
            if href.startswith("#"):
                assert href[1:] in page.ids, href
                continue
            assert "://" not in href, href  # relative links only: the folder can be moved or hosted
            assert _target(page_file, href).is_file(), href
        for img in page.images:
            assert _target(page_file, img["src"]).is_file(), img["src"]
            assert img.get("alt"), img["src"]


def test_every_component_is_shown_with_its_count_size_file_and_pages(low_page):
    game = load_game(resolve_game("lords_of_war"))
    page = _parse(low_page)
    for comp in expand_generated(game, 1):
        assert f"{comp.name} " in page.full + " ", comp.name
    assert "127 pieces · 6 kinds" in page.full  # terrain tiles
    assert "hex, 25.4 mm across the flats" in page.full
    assert "round, 12.7 mm across" in page.full
    assert "63.5 x 88.9 mm" in page.full  # the cards
    assert "36 × Forest" in page.full and "10 × Wall (Orange)" in page.full
    assert "Printed in: a4/lords_of_war-a4-duplex.pdf, pages 3-8" in page.full  # terrain tiles' sheets
    assert "a4/lords_of_war-a4-duplex.pdf" in page.links
    assert any(h.startswith("a4/svg/lords_of_war-a4-single-") for h in page.links)
    assert "poster/lords_of_war-main-board-true-size.pdf" in page.links


def test_the_pages_named_are_the_pages_the_component_is_printed_on(default_build):
    manifest = json.loads((default_build / "lords_of_war" / "manifest.json").read_text())
    duplex = next(d for d in manifest["documents"] if d["file"] == "a4/lords_of_war-a4-duplex.pdf")
    assert duplex["component_pages"]["terrain-tiles"] == [3, 4, 5, 6, 7, 8]


def test_credits_notes_and_printing_instructions_are_on_the_page(low_page):
    game = load_game(resolve_game("lords_of_war"))
    page = _parse(low_page)
    assert " ".join(game.credits.split()) in page.full
    for note in game.notes:
        assert " ".join(note.split()) in page.full
    assert "Print at 100% (no “fit to page”): the bar must measure 50 mm" in page.full
    assert "flipping on the LONG edge" in page.full


def test_the_printing_tips_are_the_kits_own(default_build, tmp_path):
    """Lords of War has hex tiles and two-sided pieces: both tips; Thrones has no hexes; a dice kit
    says how to fold a net and nothing of hexes or double-sided files."""
    low = _parse(default_build / "lords_of_war" / "index.html").full
    assert "Hex tiles come in strips" in low and "Files ending -duplex.pdf" in low
    from click.testing import CliRunner

    from generator.cli.commands import cli

    dice = Path(__file__).resolve().parent.parent / "data" / "examples" / "dice"
    result = CliRunner().invoke(cli, ["build", str(dice), "thrones", "--paper", "a4", "--format", "html", "--out",
                                      str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "Hex tiles come in strips" not in _parse(tmp_path / "out" / "thrones" / "index.html").full
    page = _parse(tmp_path / "out" / "dice" / "index.html").full
    assert "fold a net on its dashed lines, printed side out, and glue each grey tab inside" in page
    assert "Hex tiles" not in page and "-duplex.pdf" not in page


def test_previews_are_the_faces_at_their_cut_size(low_page):
    page = _parse(low_page)
    forest = next(i for i in page.images if i["src"] == "gallery/terrain-tiles/forest-front.jpg")
    preview = Image.open(_target(low_page, forest["src"]))
    # 25.4 mm across the flats at the preview's 150 dpi: 150 px, no bleed
    assert preview.size == (173, 150)
    assert int(forest["width"]) == round(29.33 * 96 / 25.4)  # shown at its real size on a 96 dpi screen
    card = next(i for i in page.images if i["src"].startswith("gallery/adventure-deck/"))
    assert Image.open(_target(low_page, card["src"])).size == (375, 525)
    summary = next(i for i in page.images if i["src"].startswith("gallery/summary/"))
    # a text sheet is shown as a page 210 CSS pixels wide, drawn at two pixels a CSS pixel
    assert int(summary["width"]) == 210 and Image.open(_target(low_page, summary["src"])).size == (420, 594)


def test_each_distinct_picture_is_one_file_that_every_face_showing_it_refers_to(default_build, low_page):
    page = _parse(low_page)
    shown = [i["src"] for i in page.images]
    # the adventure deck's 36 cards share one back: shown once, named for the deck; the fronts all differ
    backs = [i for i in page.images if ", back" in i["alt"] and "/adventure-deck/" in i["src"]]
    fronts = [i["src"] for i in page.images if i["alt"].endswith(", front") and "/adventure-deck/" in i["src"]]
    assert [(b["src"], b["alt"]) for b in backs] == [("gallery/adventure-deck/back.jpg",
                                                      "Adventure deck, back (every card)")]
    assert len(fronts) == 36 and len(set(fronts)) == 36
    # realm tokens of one kind in six player colours are six pictures
    capitols = {i["src"] for i in page.images if i["alt"].startswith("Capitol (")}
    assert len(capitols) == 6
    # the gallery folder holds exactly the pictures the page shows, no two with the same bytes
    folder = default_build / "lords_of_war"
    written = sorted(p.relative_to(folder).as_posix() for p in (folder / "gallery").rglob("*") if p.is_file())
    large = {h for h in page.links if h.startswith("gallery/")}  # each picture's large view
    boards = {s for s in shown if s.startswith(("gallery/main-board/", "gallery/duel-mat/"))}
    assert boards and boards <= large  # a board's picture is its own large view (up to 1,600 px)
    assert {s[:-len(".jpg")] + "-large.jpg" if s not in boards else s
            for s in shown if s.startswith(("gallery/terrain-tiles/", "gallery/event-deck/") + tuple(boards))} <= large
    assert written == sorted({s for s in shown if s.startswith("gallery/")} | large)
    assert len({(folder / w).read_bytes() for w in written}) == len(written)
    manifest = json.loads((folder / "manifest.json").read_text())
    assert sorted(f[len("lords_of_war/"):] for f in manifest["files"] if "/gallery/" in f) == written


def test_previews_are_full_colour_jpegs_of_the_face_on_white(low_page):
    from PIL import JpegImagePlugin

    from generator.export.faces import item_faces
    from generator.export.gallery import _shot
    from generator.export.raster import Shot, take

    game = load_game(resolve_game("lords_of_war"))
    forest = Image.open(low_page.parent / "gallery/terrain-tiles/forest-front.jpg")
    assert forest.format == "JPEG" and JpegImagePlugin.get_sampling(forest) == 0  # 4:4:4: colour edges kept
    assert forest.info["dpi"] == (150, 150)
    assert forest.convert("RGB").getpixel((1, 1)) == (255, 255, 255)  # outside the hex: the page's white
    # a card's large view is its face as PDFium draws it at 300 dpi, and its preview that drawing at half
    # the size (each pixel the mean of four), give or take the JPEG's small error
    deck = next(c for c in expand_generated(game, 1) if c.id == "adventure-deck")
    face = item_faces(game, deck)[0][0]
    shot = _shot(face)
    exact = take(game, [Shot(shot.face, shot.bleed_mm, 2 * shot.dpi, 2 * shot.max_px, encoding="image")], 1)[0]
    exact = exact.convert("RGB")
    large = Image.open(low_page.parent / f"gallery/adventure-deck/{face.item}-front-large.jpg")
    assert large.size == (750, 1050) and large.info["dpi"] == (300, 300)
    for shown, drawn in ((large.convert("RGB"), exact), (Image.open(low_page.parent / f"gallery/adventure-deck/"
                                                                    f"{face.item}-front.jpg").convert("RGB"),
                                                         exact.reduce(2))):
        assert shown.size == drawn.size
        counts = [0] * 256  # how many colour values differ by 0, 1, ... 255
        for band in ImageChops.difference(drawn, shown).split():
            counts = [a + b for a, b in zip(counts, band.histogram())]
        values = sum(counts)
        psnr = 10 * math.log10(255 ** 2 / (sum(d * d * n for d, n in enumerate(counts)) / values))
        assert psnr > 38  # about 42 dB at quality 90
        assert sum(counts[49:]) < values * 0.001  # no visible blotches around the text
