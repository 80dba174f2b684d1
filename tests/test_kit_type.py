"""One type scale across the four kits, measured in their PDFs: every line of text is printed at a
size from generator.geometry.typescale, the same roles print at the same sizes in every kit, the pieces of
one component carry their names at one size, and every kit builds without a warning."""

from __future__ import annotations

from collections import defaultdict

import pytest

from generator.build.game import Options, build_game
from generator.build.loading import load_game
from generator.geometry.typescale import ROLES_PT, STEPS_PT, on_scale, snap, step_up
from generator.model import resolve_game
from tests.pdftype import text_runs

KITS = ("lords_of_war", "farlander", "thrones", "ktech")


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """Each kit built once, A4 and Letter, PDF only: {kit: (folder, manifest entry)}."""
    out = tmp_path_factory.mktemp("kits")
    built = {}
    for kit in KITS:
        entry = build_game(load_game(resolve_game(kit)), out, Options(papers=("a4", "letter"), formats=("pdf",)))
        built[kit] = (out / kit, entry)
    return built


def _pdfs(folder, paper="a4"):
    return sorted((folder / paper).glob("*.pdf"))


def _runs_by_page(pdf):
    pages = defaultdict(list)
    for run in text_runs(pdf):
        pages[run.page].append(run)
    return pages


def test_snap_takes_the_largest_step_that_still_fits():
    assert snap(10.8) == 10.0 and snap(9.18) == 9.0 and snap(11.0) == 11.0 and snap(5.0) == 5.0
    assert snap(13.4) == 12.0 and snap(4.4) == 4.4  # below the scale: a scaled miniature only
    assert all(on_scale(v) for v in ROLES_PT.values())
    assert list(STEPS_PT) == sorted(set(STEPS_PT))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kit", KITS)
def test_every_text_size_in_the_kit_is_a_step_of_the_scale(kits, kit, paper):
    folder, _ = kits[kit]
    off = []
    seen = set()
    for pdf in _pdfs(folder, paper):
        pages = _runs_by_page(pdf)
        printed = {r.text for runs in pages.values() for r in runs if on_scale(r.size_pt)}
        for page, runs in pages.items():
            # a mat's assembly page shows a miniature of the whole mat (scaled art, not type): a run
            # there may be off the scale only as a scaled copy of text the mat's pieces print on it
            mini = any(r.text.endswith(": assembly") and r.size_pt == ROLES_PT["display"] for r in runs)
            for r in runs:
                seen.add(round(r.size_pt, 2))
                if not on_scale(r.size_pt) and not (mini and r.text in printed):
                    off.append(f"{pdf.name} p{page}: {r.size_pt:g} pt {r.text[:30]!r}")
    assert not off, f"{len(off)} runs off the type scale, e.g. {off[:6]}"
    assert len(seen) >= 6  # the runs were really read: titles, body, small print, labels...


def _first(runs, words):
    return next(r for r in runs if words in r.text)


@pytest.mark.parametrize("kit", KITS)
def test_the_same_roles_print_at_the_same_sizes_in_every_kit(kits, kit):
    folder, _ = kits[kit]
    single = next(p for p in _pdfs(folder) if p.name.endswith("-single.pdf"))
    pages = _runs_by_page(single)
    contents, summary = pages[1], pages[2]
    # page titles: the contents page and the setup summary
    assert contents[0].size_pt == ROLES_PT["display"], contents[0]
    assert _first(summary, "Setup and turn summary").size_pt == ROLES_PT["display"]
    # the contents page's running text, its headings a step above it
    assert _first(contents, "(this file)").size_pt == ROLES_PT["body"]
    assert _first(contents, "The files of this kit").size_pt == step_up(ROLES_PT["body"])
    # every page's footer: small print
    footers = [r for runs in pages.values() for r in runs if r.text.startswith("Print at 100%") and "bar" in r.text and "must" not in r.text or r.text == "50 mm"]
    assert footers and {r.size_pt for r in footers} == {ROLES_PT["small"]}
    # the summary's heading "You also need" and its first line, alike in all four kits
    need = _first(summary, "You also need")
    after = summary[summary.index(need) + 1]
    assert need.size_pt == step_up(after.size_pt) and after.size_pt in (ROLES_PT["body"], 10.0), (need, after)


@pytest.mark.parametrize("kit, component_page_words, names", [
    ("thrones", "Pieces", ("Rangers", "Crossbowmen", "Throne", "Dragon", "Elephants")),
    ("lords_of_war", "Terrain tiles", ("Volcano", "Lake", "Wasteland", "Mountain", "Forest", "Field")),
    # (on A4 the last 61 share the Fortress tiles' sheet: their block's heading names them)
    ("thrones", "Terrain, Farm and City tiles", ("Plains", "Forest", "Water", "Mountain", "Farm", "City")),
])
def test_the_pieces_of_one_component_carry_their_names_at_one_size(kits, kit, component_page_words, names):
    folder, _ = kits[kit]
    sizes = defaultdict(set)
    for pdf in _pdfs(folder):
        for page, runs in _runs_by_page(pdf).items():
            footer = " ".join(r.text for r in runs if "sheet" in r.text)
            if component_page_words not in footer and all(r.text.strip() != component_page_words for r in runs):
                continue
            for r in runs:
                if r.text.strip() in names:
                    sizes[r.text.strip()].add(r.size_pt)
    assert set(sizes) == set(names), sizes
    assert len(set().union(*sizes.values())) == 1, dict(sizes)
    assert min(set().union(*sizes.values())) >= 5.0


@pytest.mark.parametrize("kit", KITS)
def test_every_kit_builds_without_a_warning(kits, kit):
    _, entry = kits[kit]
    assert entry["warnings"] == [], entry["warnings"]


def _lightness(hex_colour: str) -> float:
    from generator.art.colour import lab

    return lab(hex_colour)[0]


@pytest.mark.parametrize("kit", KITS)
def test_terrains_tell_apart_in_greyscale(kit):
    """Printed in black and white (or seen from arm's length), every two terrains of a kit differ in
    lightness by at least 5 L* (CIELAB), besides their patterns and icons."""
    game = load_game(resolve_game(kit))
    fills = {name: _lightness(t["fill"]) for name, t in game.terrain.items() if t.get("fill")}
    close = [(a, b, round(abs(fills[a] - fills[b]), 1)) for a in fills for b in fills
             if a < b and abs(fills[a] - fills[b]) < 5.0]
    assert not close, close
    patterns = [t.get("pattern") for t in game.terrain.values() if t.get("pattern") not in (None, "none")]
    assert len(patterns) == len(set(patterns)), patterns


@pytest.mark.parametrize("kit", KITS)
def test_every_size_a_kit_names_is_on_the_scale(kit):
    """A size written in a kit's data (a board's text, a tile's letter) is a step of the scale, so
    the printed size is the one the data says."""
    import re

    from generator.model.load import resolve_game as folder_of

    named = []
    for path in sorted(folder_of(kit).glob("*.yaml")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            named += [(path.name, n, float(v)) for v in re.findall(r"size_pt:\s*([0-9.]+)", line)]
    assert named or kit in ("ktech",)
    assert [x for x in named if not on_scale(x[2])] == []


# the same ground in every kit: a Field is Plains, a Lake is Water, Mountain and Mountains are one
SAME_GROUND = {"field": "plains", "lake": "water", "mountains": "mountain", "wasteland": "desert"}


def test_the_same_terrain_looks_the_same_in_every_kit():
    """Consistent iconography: a terrain every kit has (forest, water, plains, mountain, desert)
    carries the same icon and the same pattern in all of them, so a player who knows one kit reads
    the others; and no two terrains of one kit share a pattern."""
    looks = defaultdict(set)
    for kit in KITS:
        for name, t in load_game(resolve_game(kit)).terrain.items():
            looks[SAME_GROUND.get(name, name)].add((t.get("icon"), t.get("pattern")))
    shared = {k: v for k, v in looks.items() if k in ("forest", "water", "plains", "mountain")}
    assert len(shared) == 4
    assert {k: v for k, v in shared.items() if len(v) != 1} == {}
    assert looks["desert"] and {p for _i, p in looks["desert"]} == {"dots"}


def _sheets(folder, paper):
    """Sheets of paper for one paper size: a duplex file's page pair is one sheet."""
    from pypdf import PdfReader

    n = 0
    for pdf in _pdfs(folder, paper):
        pages = len(PdfReader(str(pdf)).pages)
        n += (pages + 1) // 2 if pdf.stem.endswith("-duplex") else pages
    return n


@pytest.mark.parametrize("kit", KITS)
def test_docs_outputs_states_each_kits_sheet_count(kits, kit):
    import re
    from pathlib import Path

    title = {"lords_of_war": "Lords of War", "farlander": "Farlander", "thrones": "Thrones", "ktech": "KTech"}[kit]
    doc = (Path(__file__).resolve().parent.parent / "docs" / "outputs.md").read_text(encoding="utf-8")
    table = doc.split("Sheets of paper per kit", 1)[1]
    row = next(line for line in table.splitlines() if line.startswith(f"| {title} |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    a4_now, letter_now = (int(re.match(r"\d+", cells[i]).group()) for i in (2, 4))
    folder, _ = kits[kit]
    assert (_sheets(folder, "a4"), _sheets(folder, "letter")) == (a4_now, letter_now)


@pytest.mark.parametrize("kit", KITS)
def test_cue_letters_stay_at_least_2_mm_tall_on_the_scale(kits, kit):
    """A colour-blind cue's letter is a single capital in its shape: printed at a step of the scale
    whose cap height is at least 2 mm (Vera Sans Bold caps are 0.729 em)."""
    from generator.art.paint import CAP_EM

    folder, _ = kits[kit]
    letters = set("OSGYBVRK")
    sizes = {r.size_pt for pdf in _pdfs(folder) for r in text_runs(pdf)
             if len(r.text.strip()) == 1 and r.text.strip() in letters}
    assert sizes
    assert min(sizes) * 25.4 / 72 * CAP_EM >= 2.0 - 1e-6, sorted(sizes)


@pytest.mark.parametrize("kit", KITS)
def test_boards_carry_their_titles_at_one_size(kit):
    """Every board, mat, map, track and record sheet of every kit prints its title at the scale's
    board-title size (14 pt); the main board's game name and a rule screen's panel titles are page
    titles (16 pt)."""
    from generator.build.game import expand_generated

    game = load_game(resolve_game(kit))
    titles = {}
    for comp in expand_generated(game, 1):
        if comp.kind != "board":
            continue
        big = [e for e in comp.spec.get("elements") or [] if e.get("type") == "text" and e.get("font") == "bold"
               and float(e.get("size_pt", 10)) >= 12 and len(str(e.get("text", ""))) > 3]
        if big:
            titles[comp.id] = float(big[0]["size_pt"])
    assert titles
    allowed = {ROLES_PT["board_title"], ROLES_PT["display"]}
    assert {k: v for k, v in titles.items() if v not in allowed} == {}
    boards_only = {k: v for k, v in titles.items() if not k.startswith(("screen", "main-board"))}
    assert set(boards_only.values()) == {ROLES_PT["board_title"]}, boards_only
