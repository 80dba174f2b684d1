"""Issue 23 §2, the print shops' safe zone: in the ``--print-shop`` files every character of a piece
or card of 15 mm or more stays 3 mm inside its cut shape (its hexagon, circle or rectangle), measured
from the PDF with pypdfium2, and a player's outline either sits 3 mm inside the cut or runs out into
the bleed (it does: a band from 2 mm inside the cut to the end of the bleed, so a die that strays
shows more or less of it and never a sliver by the cut). Pieces under 15 mm (half-inch tokens and
counters, 10 mm markers) keep their home inset: with 3 mm all round a 12.7 mm token keeps a 6.7 mm
face, too small for its icon and a 4 mm player cue; those are named here."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from conftest import ROOT

KITS = ("lords_of_war", "farlander", "thrones", "ktech")
PT_PER_MM = 72 / 25.4
SAFE_MM = 3.0
SMALL_MM = 15.0
# the components whose faces cannot keep their text 3 mm in: (kit, component) -> its size
UNDER_15_MM = {("lords_of_war", "realm-tokens"), ("lords_of_war", "extra-realm-tokens"),
               ("lords_of_war", "troops"), ("lords_of_war", "hero-markers"), ("ktech", "ownership-markers")}


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    out = tmp_path_factory.mktemp("shop")
    run = subprocess.run([sys.executable, "-m", "generator", "build", *KITS, "--print-shop", "--out", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return out


def depth_mm(kind: str, w: float, h: float, x: float, y: float) -> float:
    """How far inside the cut shape a point lies (mm from the piece's centre, y down; negative: out)."""
    if kind == "token":
        return w / 2 - math.hypot(x, y)
    if kind == "hex-tile":
        apothem = min(w, h) / 2
        normals = (30, 90, 150) if w > h else (0, 60, 120)  # points left and right: flat top
        return apothem - max(abs(x * math.cos(math.radians(a)) + y * math.sin(math.radians(a))) for a in normals)
    return min(w / 2 - abs(x), h / 2 - abs(y))


def test_depth_knows_a_hex_a_round_and_a_box():
    assert depth_mm("hex-tile", 29.33, 25.4, 0, 0) == pytest.approx(12.7)
    assert depth_mm("hex-tile", 29.33, 25.4, 0, -9.7) == pytest.approx(3.0)  # 3 mm below the top flat
    # 3 mm in from the right-hand point: 3 cos 30 deg from the two slanted sides that meet there
    assert depth_mm("hex-tile", 25.4 * 2 / 3 ** 0.5, 25.4, 25.4 / 3 ** 0.5 - 3.0, 0) == pytest.approx(3.0 * 3 ** 0.5 / 2)
    assert depth_mm("token", 22.225, 22.225, 8.1125, 0) == pytest.approx(3.0)
    assert depth_mm("card", 63.5, 88.9, 0, 41.45) == pytest.approx(3.0)


def _shallowest(shop) -> dict[tuple[str, str], tuple[float, str]]:
    """Per (kit, component): the least depth of any character of any of its print-shop faces."""
    import pypdfium2

    found: dict[tuple[str, str], tuple[float, str]] = {}
    for kit in KITS:
        manifest = json.loads((shop / kit / "manifest.json").read_text())
        kinds = {c["id"]: c["kind"] for c in manifest["components"]}
        for listed in manifest["print_shop"]["files"]:
            kind = kinds[listed["component"]]
            if kind == "board":
                continue
            w, h = listed["size_mm"]
            doc = pypdfium2.PdfDocument(str(shop / kit / listed["file"]))
            for index in range(len(doc)):
                page = doc[index]
                page_w, page_h = (v / PT_PER_MM for v in page.get_size())
                text = page.get_textpage()
                for i in range(text.count_chars()):
                    box = text.get_charbox(i)
                    if box == (0, 0, 0, 0):
                        continue
                    left, bottom, right, top = (v / PT_PER_MM for v in box)
                    d = min(depth_mm(kind, w, h, x - page_w / 2, page_h / 2 - y)
                            for x in (left, right) for y in (bottom, top))
                    key = (kit, listed["component"])
                    if d < found.get(key, (99.0, ""))[0]:
                        found[key] = (d, f"{listed['file']} page {index + 1}")
    return found


def test_text_stays_3_mm_inside_the_cut_on_every_piece_and_card_of_15_mm_or_more(shop):
    shallowest = _shallowest(shop)
    assert len(shallowest) >= 20
    sizes = {}
    for kit in KITS:
        for c in json.loads((shop / kit / "manifest.json").read_text())["components"]:
            sizes[(kit, c["id"])] = min(c["size_mm"])
    under = {key: f"{d:.2f} mm, {where}" for key, (d, where) in shallowest.items() if d < SAFE_MM - 0.02}
    assert set(under) == UNDER_15_MM, under
    assert all(sizes[key] < SMALL_MM for key in under)
    # ...and those keep their home inset (components/piece.py: 6% of the piece, at least 0.5 mm; 0.76 mm
    # on a 1/2 in token): a realm token's name ("Garrison") is the nearest, 0.88 mm
    for key in UNDER_15_MM:
        assert shallowest[key][0] >= max(0.5, 0.06 * sizes[key]) - 0.02, (key, shallowest[key])


def test_a_players_outline_runs_into_the_bleed_on_a_print_shop_face():
    """Drawn as the print-shop file draws it: the dark outline of a player piece of 15 mm or more
    runs from 2 mm inside the cut out past the 1/8 in bleed, where the home kit's is a 0.5 mm line
    1.5 mm inside the cut; no dark line stops between the cut and 3 mm inside it."""
    from probe import Probe

    from generator.art.colour import mix
    from generator.build.loading import load_game
    from generator.components.look import resolve
    from generator.components.piece import draw_piece
    from generator.export.printshop import BLEED_MM
    from generator.export.printshop import SAFE_MM as SHOP_SAFE_MM
    from generator.model import resolve_game

    assert SHOP_SAFE_MM == SAFE_MM
    checked = 0
    for kit in KITS:
        game = load_game(resolve_game(kit))
        for comp in game.components:
            if comp.kind not in ("hex-tile", "square-tile", "token", "counter") or min(comp.size_mm) < SMALL_MM:
                continue
            for item in comp.items:
                if item.colour is None:
                    continue
                look = resolve(game, item.face, item.colour)
                dark = mix(look.player, "#000000", 0.7)
                for safe, bleed in ((0.0, 3.0), (SAFE_MM, BLEED_MM)):
                    probe = Probe()
                    draw_piece(probe, comp, look, bleed, game, safe)
                    w = comp.size_mm[0]
                    rings = [m for m in probe.marks if m.stroke == dark and m.fill is None]
                    assert len(rings) == 1, (kit, comp.id, item.name)
                    ring = rings[0]
                    centre_gap = (w - (ring.bounds[2] - ring.bounds[0])) / 2  # cut to the stroke's middle
                    outer, inner = centre_gap - ring.width_mm / 2, centre_gap + ring.width_mm / 2
                    if safe:
                        assert outer == pytest.approx(-BLEED_MM, abs=0.01) and inner == pytest.approx(2.0, abs=0.01)
                    else:
                        assert outer == pytest.approx(1.5, abs=0.01) and inner == pytest.approx(2.0, abs=0.01)
                checked += 1
    assert checked >= 30
