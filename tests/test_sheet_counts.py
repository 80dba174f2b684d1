"""The paper a kit takes: never more sheets than recorded in docs/outputs.md, and the README says the same.

Counted from the planned documents (what a build draws, page for page): a duplex file's page pair is
one sheet, its contents and printing-notes pages one more; a single-sided page is one sheet.
tests/test_kit_type.py checks the same numbers against the built PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KITS = {"lords_of_war": "Lords of War", "farlander": "Farlander", "thrones": "Thrones", "ktech": "KTech"}


def recorded() -> dict[str, tuple[int, int]]:
    """Each kit's A4 and Letter sheets as docs/outputs.md records them (its "now" columns)."""
    doc = (ROOT / "docs" / "outputs.md").read_text(encoding="utf-8").split("Sheets of paper per kit", 1)[1]
    out = {}
    for kit, title in KITS.items():
        row = next(line for line in doc.splitlines() if line.startswith(f"| {title} |"))
        cells = [c.strip() for c in row.strip("|").split("|")]
        out[kit] = tuple(int(re.match(r"\d+", cells[i]).group()) for i in (2, 4))
    return out


def planned_sheets(kit: str, paper_name: str, cut_files: bool = False) -> int:
    from generator.base.options import Options
    from generator.build.game import expand_generated
    from generator.build.loading import load_game
    from generator.layout.page import paper
    from generator.layout.plan import plan_documents
    from generator.layout.registration import cut_paper
    from generator.model import resolve_game

    game = load_game(resolve_game(kit))
    sheet = cut_paper(paper(paper_name)) if cut_files else paper(paper_name)  # as build --cut-files plans
    total = 0
    for doc in plan_documents(game, expand_generated(game, 1), sheet, Options(cut_files=cut_files)):
        pages = len(doc.pages) + (2 if doc.duplex else 1)  # the contents pages
        total += (pages + 1) // 2 if doc.duplex else pages
    return total


@pytest.mark.parametrize("kit", KITS)
def test_a_kit_takes_no_more_sheets_than_recorded(kit):
    a4, letter = recorded()[kit]
    assert planned_sheets(kit, "a4") <= a4
    assert planned_sheets(kit, "letter") <= letter


def test_lords_of_war_mat_pieces_and_tables_share_sheets():
    """The tournament mat's pieces B1 and B2 (a third of a page each) on one sheet, the adventure table
    and the terrain chart on one, and on A4 the event table under the duel mat's assembly page (its
    wide miniature fills 37% of the sheet): 33 sheets on A4 (36, then 34 before), 36 on Letter (39,
    then 37)."""
    assert (planned_sheets("lords_of_war", "a4"), planned_sheets("lords_of_war", "letter")) == (33, 36)


def test_thrones_victory_points_track_shares_the_setup_summarys_sheet():
    """The 178 x 96 mm track alone on a sheet, the summary ending at 124 mm (A4) / 120 mm (Letter):
    one sheet for both, 9 on A4 (10 before) and 10 on Letter (11)."""
    assert (planned_sheets("thrones", "a4"), planned_sheets("thrones", "letter")) == (9, 10)


def test_pages_of_pieces_share_no_sheet_with_marks_running_to_the_margins():
    """With --marks lines a block's cut lines run to the page margins, through any page under it:
    KTech's Letter ownership markers keep their own sheet then (27, as before they shared)."""
    from generator.base.options import Options
    from generator.base.vocabulary import Marks
    from generator.build.game import expand_generated
    from generator.build.loading import load_game
    from generator.layout.page import paper
    from generator.layout.plan import plan_documents
    from generator.model import resolve_game

    game = load_game(resolve_game("ktech"))
    docs = plan_documents(game, expand_generated(game, 1), paper("letter"), Options(marks=Marks.LINES))
    single = next(d for d in docs if not d.duplex)
    assert [j.what for j in single.pages[:2]] == ["Setup and turn summary", "Ownership markers"]


def test_the_readme_states_the_recorded_sheets():
    line = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("Sheets of paper per kit"))
    for kit, (a4, letter) in recorded().items():
        assert f"{KITS[kit]} {a4} / {letter}" in line, (kit, line)


def test_the_cutting_doc_states_the_sheets_with_and_without_cut_files():
    """docs/cutting.md tells a Silhouette owner what --cut-files costs in paper ("KTech 27 / 32
    (25 / 27)": A4 / Letter with the marks' bands, then without); it said 28 / 32 (26 / 28) and
    Thrones 11 / 12 (11 / 11) after the kits had shrunk."""
    text = " ".join((ROOT / "docs" / "cutting.md").read_text(encoding="utf-8").split())
    for kit, title in KITS.items():
        m = re.search(re.escape(title) + r" (\d+) / (\d+) \((\d+) / (\d+)", text)
        assert m, title
        stated = tuple(int(g) for g in m.groups())
        planned = (planned_sheets(kit, "a4", cut_files=True), planned_sheets(kit, "letter", cut_files=True),
                   planned_sheets(kit, "a4"), planned_sheets(kit, "letter"))
        assert stated == planned, (title, stated, planned)


def _duplex_sheets(kit: str, paper_name: str) -> list[list[tuple[str, str, int]]]:
    """The double-sided file's sheets of pieces: per sheet, (side, component id, pieces) of each block."""
    from generator.base.options import Options
    from generator.build.game import expand_generated
    from generator.build.loading import load_game
    from generator.layout.page import paper
    from generator.layout.plan import plan_documents
    from generator.model import resolve_game

    game = load_game(resolve_game(kit))
    docs = plan_documents(game, expand_generated(game, 1), paper(paper_name), Options())
    duplex = next(d for d in docs if d.duplex)
    return [[(sheet.side, sheet.comp.id, len(sheet.looks)) for sheet, *_ in job.sheets] for job in duplex.pages]


def test_thrones_fortress_tiles_share_their_sheet_with_the_last_terrain_tiles_on_a4():
    """A4: the 5 Fortress tiles (one row, 14% of a sheet) and the last 61 terrain tiles on one
    double-sided sheet, nothing behind the terrain tiles: 10 sheets (11 before). Letter: the last
    terrain page is full (68 of 70 tiles), so the Fortress row keeps its sheet: 11. (9 and 10 since the Victory Points track
    shares the setup summary's sheet.)"""
    *_, fronts, backs = _duplex_sheets("thrones", "a4")
    assert fronts == [("front", "fortresses", 5), ("front", "terrain-tiles", 61)]
    assert backs == [("back", "fortresses", 5)]
    assert (planned_sheets("thrones", "a4"), planned_sheets("thrones", "letter")) == (9, 10)


def test_ktech_last_deck_sheet_takes_a_page_of_chits():
    """The Common Deck's 83 cards (the seed's count) leave 2 cards on the last A4 sheet and 3 on the
    last Letter one; on Letter the rest of that sheet takes the last 17 Victory Point chips. The
    ownership markers of all six colours (384) take a sheet of their own: 26 sheets on A4 (25 when
    four colours' 256 fitted under the last deck sheet), 27 on Letter (26)."""
    *_, fronts, backs = _duplex_sheets("ktech", "a4")
    assert fronts == [("front", "deck", 2)]
    assert backs == [("back", "deck", 2)]
    *_, fronts, backs = _duplex_sheets("ktech", "letter")
    assert fronts == [("front", "deck", 3), ("front", "vp-chips", 17)]
    assert backs == [("back", "deck", 3)]
    assert (planned_sheets("ktech", "a4"), planned_sheets("ktech", "letter")) == (26, 27)
