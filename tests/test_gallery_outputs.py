"""The gallery links what else the build made: the Tabletop Simulator saved object with its import steps,
the PNG overview for a print-on-demand shop, and each face's PNG (a deck's shared back once)."""

from __future__ import annotations

import re

import pytest
from conftest import EXAMPLE

from generator.build.game import Options, build_game
from generator.build.loading import load_game


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("gallery-outputs")
    build_game(load_game(EXAMPLE), out, Options(papers=("a4",), formats=("png", "tts", "html"), dpi=40))
    return out / "pebble_pond"


def test_the_saved_object_is_linked_with_the_steps_to_import_it(kit):
    page = (kit / "index.html").read_text()
    assert '<a href="tts/pebble_pond.json">Tabletop Simulator saved object</a>' in page
    steps = re.search(r'<ol class="steps">(.*?)</ol>', page, re.S).group(1)
    assert "Saved Objects" in steps and "tts/pebble_pond.png" in steps
    assert "--tts-url-base" in steps  # file:/// pictures: how to share them
    assert (kit / "tts" / "pebble_pond.json").is_file()


def test_each_faces_png_and_the_print_on_demand_overview_are_linked(kit):
    page = (kit / "index.html").read_text()
    assert 'href="png/print-on-demand.txt"' in page
    links = set(re.findall(r'href="(png/[^"]+\.png)"', page))
    assert "png/lily-cards/back.png" in links  # the deck's one back, linked once
    assert "png/lily-cards/leap-front.png" in links and "png/pond-tiles/water-back.png" in links
    for link in links:
        assert (kit / link).is_file(), link
