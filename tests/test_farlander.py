"""Farlander: the seven map tiles (24 territories that tile each hexagon exactly), the army units,
the suggested map for two seeds, and the printed sizes measured from the PDFs."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pypdfium2
import pytest

from generator.build.game import Options, build_game, expand_generated, write_manifest
from generator.build.loading import load_game
from generator.generators.tile_arrangement import arrange, place_point, slot_centre
from generator.model import Game

DATA = Path(__file__).resolve().parents[1] / "data" / "farlander"
TILE_IDS = [f"tile-{c}" for c in "abcdefg"]  # the seven items of the one "map-tiles" component
FLATS_MM = 180.0
R_MM = FLATS_MM / math.sqrt(3)
COUNTER_MM = 15.875  # 5/8 in
# Five counters in a plus shape fit in a circle of this radius (corner of an arm at 1.5 x 0.5 sides).
FIVE_UNITS_RADIUS_MM = COUNTER_MM * math.hypot(1.5, 0.5)
DPI = 300
PX_MM = 25.4 / DPI

Point = tuple[float, float]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(DATA)


@pytest.fixture(scope="module")
def built(tmp_path_factory, game) -> Path:
    out = tmp_path_factory.mktemp("farlander")
    entry = build_game(game, out, Options(papers=("a4", "letter"), formats=("pdf", "svg"), seed=1))
    write_manifest(out, [entry])
    return out / "farlander"


# -- geometry helpers ----------------------------------------------------------------------------

def hex_corners() -> list[Point]:
    return [(R_MM * math.cos(math.radians(-90 + 60 * k)), R_MM * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


def area(poly: list[Point]) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]))) / 2


def inside(p: Point, poly: list[Point]) -> bool:
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x1 + (y - y1) * (x2 - x1) / (y2 - y1) > x:
            hit = not hit
    return hit


def seg_dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def edge_dist(p: Point, poly: list[Point]) -> float:
    return min(seg_dist(p, a, b) for a, b in zip(poly, poly[1:] + poly[:1]))


def widest_circle(poly: list[Point]) -> float:
    """Radius of (about) the largest circle inside ``poly``: coarse grid, then a finer one."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    best, at = 0.0, (0.0, 0.0)
    regions = [(4.0, min(xs), max(xs), min(ys), max(ys))]
    while regions:
        step, x0, x1, y0, y1 = regions.pop()
        y = y0
        while y <= y1:
            x = x0
            while x <= x1:
                if inside((x, y), poly):
                    d = edge_dist((x, y), poly)
                    if d > best:
                        best, at = d, (x, y)
                x += step
            y += step
        if step > 0.5:
            regions.append((0.5, at[0] - 4, at[0] + 4, at[1] - 4, at[1] + 4))
    return best


def tile_elements(game: Game, tile_id: str) -> list:
    """A tile's own drawing: the elements of its item in the map-tiles component."""
    (item,) = [i for i in game.component("map-tiles").items if i.id == tile_id]
    return item.face["elements"]


def territories(game: Game, tile_id: str) -> dict[str, list[Point]]:
    """The tile's territories by name (the polygons that carry a label), in mm from its centre."""
    out = {}
    for el in tile_elements(game, tile_id):
        if el["type"] == "polygon" and el.get("label"):
            ax, ay = el["at_mm"]
            out[el["label"]] = [(ax + x, ay + y) for x, y in el["points_mm"]]
    return out


def garrisons(game: Game, tile_id: str) -> list[Point]:
    return [tuple(el["at_mm"]) for el in tile_elements(game, tile_id)
            if el["type"] == "icon" and el["icon"] == "castle"]


# -- the tiles -----------------------------------------------------------------------------------

def test_seven_tiles_of_180_mm_with_24_territories_3_or_4_each(game):
    tiles = game.component("map-tiles")
    assert tiles.kind == "hex-tile" and min(tiles.size_mm) == pytest.approx(FLATS_MM)
    assert [(i.id, i.count) for i in tiles.items] == [(t, 1) for t in TILE_IDS]
    per_tile = [len(territories(game, t)) for t in TILE_IDS]
    assert sum(per_tile) == 24
    assert sorted(per_tile) == [3, 3, 3, 3, 4, 4, 4]


@pytest.mark.parametrize("tile_id", TILE_IDS)
def test_territories_fill_their_tile_exactly_and_stay_inside(game, tile_id):
    corners = hex_corners()
    terr = territories(game, tile_id)
    for name, poly in terr.items():
        for p in poly:
            assert inside(p, corners) or edge_dist(p, corners) < 0.1, f"{name}: {p} lies outside the tile"
    assert sum(area(p) for p in terr.values()) == pytest.approx(area(corners), rel=0.005)
    # no overlap, no gap: every point of a 5 mm grid (away from the lines) lies in exactly one territory
    for gx in range(-100, 101, 5):
        for gy in range(-110, 111, 5):
            p = (gx + 0.3, gy + 0.7)
            if not inside(p, corners) or edge_dist(p, corners) < 0.5:
                continue
            owners = [n for n, poly in terr.items() if inside(p, poly)]
            if len(owners) != 1:
                assert min(edge_dist(p, terr[n]) for n in terr) < 0.5, f"{p} is in {owners}"


@pytest.mark.parametrize("tile_id", TILE_IDS)
def test_every_territory_holds_five_units_and_reaches_the_tile_edge(game, tile_id):
    corners = hex_corners()
    for name, poly in territories(game, tile_id).items():
        assert widest_circle(poly) >= FIVE_UNITS_RADIUS_MM, f"{name} is too small for 5 units"
        on_edge = [p for p in poly if edge_dist(p, corners) < 0.1]
        assert len(on_edge) >= 2, f"{name} does not reach the tile edge"


def test_one_garrison_per_tile_each_inside_a_territory(game):
    castles = []
    for tile_id in TILE_IDS:
        (castle,) = garrisons(game, tile_id)
        owners = [n for n, poly in territories(game, tile_id).items() if inside(castle, poly)]
        assert len(owners) == 1
        assert edge_dist(castle, territories(game, tile_id)[owners[0]]) >= 11  # the 22 mm icon fits
        castles += owners
    assert castles == ["A2", "B3", "C2", "D1", "E3", "F1", "G4"]
    assert any("(A2, B3, C2, D1, E3, F1, G4)" in note for note in game.notes)


def test_every_territory_prints_its_number_inside_it_away_from_the_castle(game):
    """The notes name garrisons as A2, B3 ...: each territory prints its name, inside its own
    polygon, clear of its lines and of the castle, so a player finds it (issue 38)."""
    for tile_id in TILE_IDS:
        terr = territories(game, tile_id)
        texts = {el["text"]: tuple(el["at_mm"]) for el in tile_elements(game, tile_id) if el["type"] == "text"}
        (castle,) = garrisons(game, tile_id)
        for name, poly in terr.items():
            x, y = texts[name]
            centre = (x, y - 2.5)  # the baseline sits 2.5 mm under the middle of 16 pt capitals
            assert inside(centre, poly), f"{name} is printed outside its territory"
            assert edge_dist(centre, poly) >= 8, f"{name} sits on a line"
            assert math.dist(centre, castle) >= 14, f"{name} is under the castle"


def test_territory_numbers_are_in_the_printed_tiles(built):
    doc = pypdfium2.PdfDocument(str(built / "a4" / "farlander-a4-single.pdf"))
    text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    for name in ("A1", "A2", "A3", "B3", "C2", "D1", "E3", "E4", "F1", "G4"):
        assert f" {name} " in f" {text} ".replace("\n", " ").replace("\r", " "), name


# -- army units ----------------------------------------------------------------------------------

def test_army_units_36_red_36_blue_24_green_18_yellow_with_shape_cues(game):
    units = game.component("army-units")
    counts = {item.colour.id: item.count for item in units.items}
    assert counts == {"red": 36, "blue": 36, "green": 24, "yellow": 18}
    for players, colours in ((2, "red blue"), (3, "red blue green"), (4, "red blue green yellow")):
        assert all(counts[c] >= 72 // players for c in colours.split())
    shapes = {c.id: c.shape for c in game.colours}
    assert len(set(shapes.values())) == 4
    assert {item.colour.cue for item in units.items} == {"R", "B", "G", "Y"}
    assert all(item.face.get("cue", True) for item in units.items)  # letter in its shape on every unit
    assert units.size_mm == pytest.approx((COUNTER_MM, COUNTER_MM))


# -- the suggested map ---------------------------------------------------------------------------

def world_territories(game: Game, seed: int) -> tuple[dict[str, list[Point]], list, dict[str, int]]:
    placements = arrange(TILE_IDS, seed)
    polys, slot_of = {}, {}
    for p in placements:
        centre = slot_centre(p.slot, FLATS_MM)
        for name, poly in territories(game, p.tile).items():
            polys[name] = [place_point(pt, p.turns, 1.0, centre) for pt in poly]
            slot_of[name] = p.slot
    return polys, placements, slot_of


def borders(polys: dict[str, list[Point]]) -> set[frozenset[str]]:
    """Pairs of territories that share a stretch of line (> 1 mm), inside a tile or across tiles."""
    def segments(poly):
        return list(zip(poly, poly[1:] + poly[:1]))

    out = set()
    names = list(polys)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if _shared_length(segments(polys[a]), segments(polys[b])) > 1.0:
                out.add(frozenset((a, b)))
    return out


def _shared_length(sa, sb) -> float:
    total = 0.0
    for p1, p2 in sa:
        length = math.dist(p1, p2)
        if length < 1e-6:
            continue
        ux, uy = (p2[0] - p1[0]) / length, (p2[1] - p1[1]) / length
        for q1, q2 in sb:
            off1 = (q1[0] - p1[0]) * uy - (q1[1] - p1[1]) * ux  # distances from the line p1-p2
            off2 = (q2[0] - p1[0]) * uy - (q2[1] - p1[1]) * ux
            if abs(off1) > 0.3 or abs(off2) > 0.3:
                continue
            t1 = (q1[0] - p1[0]) * ux + (q1[1] - p1[1]) * uy
            t2 = (q2[0] - p1[0]) * ux + (q2[1] - p1[1]) * uy
            total += max(0.0, min(length, max(t1, t2)) - max(0.0, min(t1, t2)))
    return total


@pytest.mark.parametrize("seed", [1, 2])
def test_suggested_map_uses_every_tile_once_and_makes_a_playable_map(game, seed):
    polys, placements, slot_of = world_territories(game, seed)
    assert sorted(p.tile for p in placements) == TILE_IDS
    assert [p.slot for p in placements] == list(range(7))
    assert all(0 <= p.turns < 6 for p in placements)
    links = borders(polys)
    # one connected map of 24 territories, every one with at least two neighbours
    seen, todo = set(), [next(iter(polys))]
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo.extend(m for pair in links if n in pair for m in pair if m != n)
    assert len(seen) == 24
    assert all(sum(1 for pair in links if n in pair) >= 2 for n in polys)
    # the flower has 12 touching tile pairs (6 spokes, 6 round the ring); each pair has a border
    crossing = {frozenset((slot_of[a], slot_of[b])) for a, b in map(tuple, links) if slot_of[a] != slot_of[b]}
    assert len(crossing) == 12


def test_suggested_map_depends_on_the_seed_only(game):
    def board(seed):
        (comp,) = [c for c in expand_generated(game, seed) if c.id == "suggested-map"]
        return comp
    assert board(1).spec == board(1).spec
    assert arrange(TILE_IDS, 1) != arrange(TILE_IDS, 2)
    first = board(1)
    assert first.kind == "board" and first.size_mm == (180.0, 240.0)
    legend = [el["text"] for el in first.spec["elements"] if el["type"] == "text" and "clockwise" in el.get("text", "")
              or el["type"] == "text" and "not turned" in el.get("text", "")]
    assert len(legend) == 1 and len(legend[0].split("\n")) == 7


# -- the printed kit -----------------------------------------------------------------------------

def test_kit_builds_for_a4_and_letter_in_pdf_and_svg(built):
    manifest = json.loads((built / "manifest.json").read_text())
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    assert counts["army-units"] == 114
    assert counts["map-tiles"] == 7
    assert counts["reference-cards"] == 4 and counts["suggested-map"] == 1
    for paper in ("a4", "letter"):
        assert (built / paper / f"farlander-{paper}-duplex.pdf").is_file()
        assert (built / paper / f"farlander-{paper}-single.pdf").is_file()
        svgs = sorted((built / paper / "svg").glob("*.svg"))
        assert len(svgs) >= 12
        assert 'width="' in svgs[0].read_text()[:600] and "mm" in svgs[0].read_text()[:600]


def _page(built: Path, paper: str, doc: str, component: str):
    manifest = json.loads((built / "manifest.json").read_text())
    (entry,) = [d for d in manifest["documents"] if d["file"] == f"{paper}/farlander-{paper}-{doc}.pdf"]
    number = entry["component_pages"][component][0]
    pdf = pypdfium2.PdfDocument(str(built / paper / f"farlander-{paper}-{doc}.pdf"))
    return pdf[number - 1].render(scale=DPI / 72).to_pil().convert("RGB")


def _coloured(px) -> bool:
    r, g, b = px
    return max(r, g, b) - min(r, g, b) > 25  # tile colours and red lines, not black marks or white


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_tile_measures_180_mm_across_the_flats(built, paper):
    img = _page(built, paper, "single", "map-tiles")
    w, h = img.size
    rows = [y for y in range(0, h, 4) if any(_coloured(img.getpixel((x, y))) for x in range(0, w, 8))]
    mid = (rows[0] + rows[-1]) // 2  # the tile's centre row: corners are top and bottom (pointy)
    xs = [x for x in range(w) if _coloured(img.getpixel((x, mid)))]
    bleed = 3.0
    assert (xs[-1] - xs[0] + 1) * PX_MM - 2 * bleed == pytest.approx(FLATS_MM, abs=0.2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_army_units_measure_5_8_in_between_crop_marks(built, paper):
    img = _page(built, paper, "duplex", "army-units")
    w, h = img.size
    top = next(y for y in range(h) if any(_coloured(img.getpixel((x, y))) for x in range(0, w, 6)))
    y = top - round(2.0 / PX_MM)  # in the crop marks above the block
    dark = [x for x in range(w) if sum(img.getpixel((x, y))) < 200]
    marks = []
    for x in dark:
        if marks and x - marks[-1][-1] <= 1:
            marks[-1].append(x)
        else:
            marks.append([x])
    centres = [sum(m) / len(m) for m in marks]
    gaps = [(b - a) * PX_MM for a, b in zip(centres, centres[1:])]
    assert len(gaps) >= 10
    assert all(g == pytest.approx(COUNTER_MM, abs=0.2) for g in gaps)
