"""Colours every player can tell apart (docs/colour-vision.md): validate warns at the line of a colour
that merges with another for some players or on a greyscale printer, and of text a player cannot read
on its ground; a game accepts a pair with why; and the gallery's "seen as" switch redraws the pictures
as each simulation sees them, in a real browser."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

from generator.art.vision import MIN_DIFFERENCE, Vision, closest, contrast, filter_matrix, seen
from generator.build.loading import load_game

GAME = """game: {id: cv, title: CV, author: A, licence: CC0, source: test, players: [2, 2]}
colours:
  - {id: red, name: Red, fill: "#d62728", cue: R, shape: circle}
  - {id: green, name: Green, fill: "#2ca02c", cue: G, shape: square}
%s
components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    back: {fill: "#222222", ink: "#000000", title: CV}
    items:
      - {name: Gold, count: 2, text: Gain two gold.}
"""


def _warnings(tmp_path, extra: str = "", text: str = GAME) -> list[str]:
    folder = tmp_path / "cv"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(text % extra)
    return [str(w) for w in load_game(folder).warnings]


def test_red_and_green_players_are_said_to_merge_with_deuteranopia_at_the_green_line(tmp_path):
    found = [w for w in _warnings(tmp_path) if "player colours" in w]
    assert len(found) == 1
    assert found[0].startswith(f"{tmp_path / 'cv' / 'game.yaml'}:4: ")  # the second colour's line
    assert "Red (#d62728) and Green (#2ca02c) look alike with deuteranopia (a difference of 4.6, under 10" in found[0]


def test_a_build_gets_the_game_before_its_look_alike_colours_are_checked(tmp_path):
    """load_game hands the game on (to a build's workers) as soon as it can be built: the colours that
    look alike are checked after (coloraide's first import is 0.07 s), and said where they were, before
    the face's text; a refused game is never handed on."""
    folder = tmp_path / "cv"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME % "")
    handed = []
    game = load_game(folder, ready=lambda g: handed.append([str(w) for w in g.warnings]))
    said = [str(w) for w in game.warnings]
    assert len(handed) == 1 and not [w for w in handed[0] if "look alike" in w]
    assert ["look alike" in w for w in said] == [True, False] and "contrast of 1.32:1" in said[1]
    (folder / "game.yaml").write_text((GAME % "").replace("count: 2", "count: two"))
    with pytest.raises(Exception, match="expected a whole number"):
        load_game(folder, ready=handed.append)
    assert len(handed) == 1


def test_black_text_on_a_near_black_back_is_said_to_be_unreadable(tmp_path):
    found = [w for w in _warnings(tmp_path) if "contrast" in w]
    assert found == [f"{tmp_path / 'cv' / 'game.yaml'}:11: the face's text in #000000 on #222222 has a contrast of "
                     f"1.32:1, under the 4.5:1 text needs to be read (WCAG 2.1 AA); change its ink or fill, or "
                     f"accept the pair with why (accepted_colours:)"]


def test_a_pair_accepted_with_why_is_left_alone_and_a_stale_one_is_said(tmp_path):
    accepted = ('accepted_colours:\n  - {pair: [red, green], why: "letters and shapes on every piece"}\n'
                '  - {pair: ["#000000", "#222222"], why: a dark back on purpose}\n'
                '  - {pair: [red, "#ffffff"], why: nothing close}\n')
    found = _warnings(tmp_path, accepted)
    assert not [w for w in found if "look alike" in w or "contrast of" in w]
    assert [w.split(": ", 1)[1] for w in found] == [
        "accepted_colours: this pair is not close in any vision (or names no colour of the game): remove it"]


def test_an_accepted_pair_needs_its_why(tmp_path):
    folder = tmp_path / "cv"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME % "accepted_colours:\n  - {pair: [red, green]}\n")
    done = subprocess.run([sys.executable, "-m", "generator", "validate", str(folder)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert "game.yaml:6: " in done.stderr and "missing required key 'why'" in done.stderr


def test_terrain_told_apart_by_pattern_or_icon_is_not_checked_by_colour(tmp_path):
    terrain = ('terrain:\n  a: {name: A, fill: "#d62728"}\n  b: {name: B, fill: "#2ca02c"}\n'
               '  c: {name: C, fill: "#2ca02c", pattern: dots}\n')
    found = [w for w in _warnings(tmp_path, terrain) if w.split(": ", 1)[1].startswith("terrain")]
    assert len(found) == 1 and "terrain a (#d62728) and b (#2ca02c) look alike with deuteranopia" in found[0]


@pytest.mark.parametrize("game", ["lords_of_war", "farlander", "thrones", "ktech", "docs/example-game",
                                  "docs/example-wargame", "data/examples/hex_island", "data/examples/star_lanes",
                                  "data/examples/counter_sheet", "data/examples/dice"])
def test_the_bundled_games_pass_the_colour_check(game):
    folder = ROOT / game if "/" in game else ROOT / "data" / game
    found = [str(w) for w in load_game(folder).warnings if "look alike" in str(w) or "contrast of" in str(w)
             or "accepted_colours" in str(w)]
    assert found == []


def test_the_simulations_are_coloraides_and_the_gallery_draws_the_same():
    """The filter matrix the gallery's page uses gives, for a colour, what validate compares."""
    for vision in Vision:
        m = filter_matrix(vision)
        for colour in ("#d62728", "#2ca02c", "#1f77b4", "#ffbf00"):
            lin = [_linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5)]
            out = [min(1.0, max(0.0, sum(m[r * 5 + c] * lin[c] for c in range(3)))) for r in range(3)]
            hexed = "#" + "".join(f"{round(_gamma(v) * 255):02x}" for v in out)
            expected = seen(colour, vision)
            assert max(abs(int(hexed[i:i + 2], 16) - int(expected[i:i + 2], 16)) for i in (1, 3, 5)) <= 1


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def test_the_thresholds_are_the_ones_the_docs_state():
    docs = (ROOT / "docs" / "colour-vision.md").read_text(encoding="utf-8")
    assert f"{MIN_DIFFERENCE:g}" in docs and "4.5:1" in docs and "3:1" in docs
    assert closest("#000000", "#ffffff")[0] > 99 and contrast("#000000", "#ffffff") == pytest.approx(21.0)


def test_the_gallery_switch_redraws_the_pictures_and_keeps_the_choice(tmp_path):
    from chromium import launch, sync_playwright

    folder = tmp_path / "cv"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME.replace('back: {fill: "#222222", ink: "#000000", title: CV}',
                                                   'back: {fill: "#d62728", title: CV}') % "")
    done = subprocess.run([sys.executable, "-m", "generator", "build", str(folder), "--format", "html", "--out",
                           str(tmp_path / "out")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page_path = tmp_path / "out" / "cv" / "index.html"
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        opened = "document.querySelectorAll('details').forEach(d => { d.open = true; })"
        page.goto(page_path.as_uri())
        page.evaluate(opened)
        back = page.locator("main img[alt$='back']").first

        def centre() -> str:
            shot = back.screenshot()
            from io import BytesIO

            from PIL import Image

            img = Image.open(BytesIO(shot)).convert("RGB")
            r, g, b = img.getpixel((img.width // 2, img.height - 6))  # the back's red ground, under its title
            return f"#{r:02x}{g:02x}{b:02x}"

        def near(a: str, b: str) -> bool:
            return max(abs(int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) for i in (1, 3, 5)) <= 6

        assert near(centre(), "#d62728")
        page.check("#seen-deuteranopia")
        assert near(centre(), seen("#d62728", Vision.DEUTERANOPIA))
        page.check("#seen-greyscale")
        assert near(centre(), seen("#d62728", Vision.GREYSCALE))
        page.reload()  # as pnpforge watch's page after a rebuild that reloads it
        page.evaluate(opened)
        assert page.is_checked("#seen-greyscale")
        assert near(centre(), seen("#d62728", Vision.GREYSCALE))
        browser.close()
