"""Nothing on a player's page that a player cannot read, checked in the printed PDFs of every kit
and of the solo sheet (A4 and Letter): no word of the tool (a command line, a file path, a YAML
key), no text under 5.5 pt (running text under 6 pt), and player colours that tell apart in grey."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.art.colour import lab
from generator.build.game import Options, build_game, expand_generated
from generator.build.loading import load_game
from generator.components.look import resolve
from generator.components.piece import draw_piece
from generator.geometry.typescale import ROLES_PT
from generator.model import resolve_game
from solo.board import generate_map, rules_board
from solo.rules import load_rules
from solo.sheet import render_sheet
from tests.pdftype import text_runs
from tests.probe import Probe

KITS = ("lords_of_war", "farlander", "thrones", "ktech")
PAPERS = ("a4", "letter")

# what the tool's own words look like: its name or a command line, an option, a file of the
# source, a data folder, a chain of YAML keys ("log: sheet: 7", "players: line")
TOOL_WORDS = re.compile(
    r"pnpforge|python|\s--[a-z]|\b[\w-]+\.(?:ya?ml|py|json)\b|\bdata/|(?-i:\b[a-z_]+: [a-z_]+:)|\bplayers: line\b"
    r"|\bseed\b",
    re.IGNORECASE)
LABEL_MIN_PT = 5.5  # a label (a piece's name, a value, a cell's word) at 100%
BODY_MIN_PT = 6.0  # running text
RUNNING = 40  # characters: a run this long is running text, not a label


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> list[Path]:
    out = tmp_path_factory.mktemp("player-pages")
    files: list[Path] = []
    for kit in KITS:
        build_game(load_game(resolve_game(kit)), out, Options(papers=PAPERS, formats=("pdf",), seed=7))
        files += sorted((out / kit).glob("*/*.pdf"))
    rules = load_rules()
    for paper in PAPERS:
        sheet = out / f"kingdom-sheet-7-{paper}.pdf"
        sheet.write_bytes(render_sheet(rules, generate_map(rules_board(rules), 7), paper, "pdf"))
        files.append(sheet)
    return files


def _page_texts(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def test_the_scan_reads_every_kit_and_the_solo_sheet(pdfs):
    names = {p.name for p in pdfs}
    for kit in KITS:
        for paper in PAPERS:
            assert f"{kit}-{paper}-single.pdf" in names
    assert {"kingdom-sheet-7-a4.pdf", "kingdom-sheet-7-letter.pdf"} <= names
    sheet = " ".join(_page_texts(next(p for p in pdfs if p.name == "kingdom-sheet-7-a4.pdf")))
    assert "map number 7" in sheet and "3 to 5" in sheet
    # the pattern does catch the words the pages used to print
    for old in ("a new one with pnpforge build ktech --seed N", "remove the players: line in "
                "data/ktech/game.yaml and rebuild", "mountain dice 3 and 2 · log: sheet: 7",
                "a longer game goes on: pnpforge solo sheet --continue"):
        assert TOOL_WORDS.search(old), old


def test_no_player_page_names_the_tool(pdfs):
    found = []
    for pdf in pdfs:
        for page, text in enumerate(_page_texts(pdf), 1):
            for m in TOOL_WORDS.finditer(text):
                found.append(f"{pdf.name} p{page}: ...{text[max(0, m.start() - 30):m.end() + 20]!r}")
    assert not found, f"{len(found)} tool words on player pages: {found[:8]}"


def _runs_by_page(pdf: Path):
    pages = defaultdict(list)
    for run in text_runs(pdf):
        pages[run.page].append(run)
    return pages


def test_no_text_under_5_5_pt_and_no_running_text_under_6_pt(pdfs):
    small, seen = [], 0
    for pdf in pdfs:
        for page, runs in _runs_by_page(pdf).items():
            # a mat's assembly page shows a miniature of the whole mat: a scaled picture of the mat's
            # pieces, whose words are read full size on the pieces themselves
            if any(r.text.endswith(": assembly") and r.size_pt == ROLES_PT["display"] for r in runs):
                continue
            for r in runs:
                seen += 1
                least = BODY_MIN_PT if len(r.text.strip()) >= RUNNING else LABEL_MIN_PT
                if r.size_pt < least - 0.01:
                    small.append(f"{pdf.name} p{page}: {r.size_pt:g} pt {r.text[:40]!r}")
    assert seen > 5000  # the runs were really read
    assert not small, f"{len(small)} runs too small to read, e.g. {small[:8]}"


# -- greyscale -------------------------------------------------------------------------------------

GREY_APART_L = 10.0  # two player colours printed in grey differ by this much lightness (CIE L*)...
CUE_MIN_MM = 4.0  # ...or every piece of both carries its letter-and-shape cue this tall


def _cue_marks_mm(game, colours: set[str]):
    """(component, colour, height in mm of the cue mark: the shape round the letter) for every
    player piece of those colours."""
    for comp in expand_generated(game, 1):
        if comp.kind not in ("token", "counter", "square-tile", "hex-tile"):
            continue
        for item in comp.items:
            if item.colour is None or item.colour.id not in colours:
                continue
            look = resolve(game, item.face, item.colour)
            probe = Probe()
            draw_piece(probe, comp, look, 0.0, game)
            for run in (r for r in probe.runs if r.text == item.colour.cue):
                around = [m.bounds[3] - m.bounds[1] for m in probe.marks if m.fill and m.fill != look.fill
                          and m.bounds[0] <= run.x <= m.bounds[2]
                          and m.bounds[1] <= run.y - run.cap_mm / 2 <= m.bounds[3]]
                yield comp.id, item.colour.id, max(around, default=0.0)


@pytest.mark.parametrize("kit", KITS)
def test_player_colours_that_print_as_one_grey_carry_a_4_mm_cue(kit):
    """Rule: two player colours whose greys (CIE L*) are under 10 apart - Orange and Sky 70.6 and
    69.8, Green and Vermilion 57.7 and 54.2 - carry on every piece a cue (a letter in a shape) at
    least 4 mm tall, so a greyscale print still tells the players apart."""
    game = load_game(resolve_game(kit))
    colours = list(game.colours)
    grey = {c.id: round(lab(c.fill)[0], 1) for c in colours}
    close = {c.id for i, a in enumerate(colours) for b in colours[i + 1:]
             if abs(grey[a.id] - grey[b.id]) < GREY_APART_L for c in (a, b)}
    if kit in ("lords_of_war", "ktech"):
        assert (grey["orange"], grey["sky"], grey["green"], grey["vermilion"]) == (70.6, 69.8, 57.7, 54.2)
        assert {"orange", "sky", "green", "vermilion"} <= close
    marks = list(_cue_marks_mm(game, close))
    assert bool(marks) == bool(close)
    short = [(cid, colour, round(h, 2)) for cid, colour, h in marks if h < CUE_MIN_MM - 0.01]
    assert not short, f"cues under {CUE_MIN_MM} mm: {sorted(set(short))[:6]}"


# -- text off the seams of a map printed in pieces ------------------------------------------------

@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("seed", [1, 7, 42])
def test_the_ktech_map_keeps_its_words_off_the_seams(paper_name, seed):
    """The map prints in 2 x 2 pieces glued over 10 mm strips: its title, legend names and legend
    note each lie wholly on one piece, clear of every glue strip (A4: 186-196 mm across)."""
    from generator.draw.fonts import text_width_mm
    from generator.layout.page import paper
    from generator.layout.poster import OVERLAP_MM, plan_tiling

    game = load_game(resolve_game("ktech"))
    board = next(c for c in expand_generated(game, seed) if c.id == "map")
    from generator.layout.boardpages import board_painter, seams_off_text

    tiling = seams_off_text(plan_tiling(board.size_mm, paper(paper_name)), board_painter(game, board, 3.0), board)
    assert (tiling.cols, tiling.rows) == (2, 2) and not tiling.turned
    seams_x = [(s, s + OVERLAP_MM) for s in tiling.seams_x]  # as printed: moved off the map's words
    seams_y = [(s, s + OVERLAP_MM) for s in tiling.seams_y]
    checked = 0
    for e in board.spec["elements"]:
        if e["type"] == "text":
            x0, y1 = e["at_mm"]
            x1 = x0 + text_width_mm(e["text"], e["size_pt"], e.get("font", "regular"))
            y0 = y1 - e["size_pt"] * 0.3528
        elif e["type"] == "box" and e.get("text"):
            (x0, y0), (w, h) = e["at_mm"], e["size_mm"]
            x1, y1 = x0 + w, y0 + h
        else:
            continue
        checked += 1
        for a, b in seams_x:
            assert x1 <= a or x0 >= b, (e.get("text", "")[:30], round(x0, 1), round(x1, 1), (a, b))
        for a, b in seams_y:
            assert y1 <= a or y0 >= b, (e.get("text", "")[:30], round(y0, 1), round(y1, 1), (a, b))
    assert checked == 10  # the title, 8 terrain names and the note
