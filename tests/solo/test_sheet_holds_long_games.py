"""The sheet holds real games: food and ore trackers with a tick box for each hundred, a back of 50
years on A4 (46 on Letter, as docs/solo.md says), and continuation pages (``solo sheet --continue``)
for the longer games; measured against 2,000 games of each bundled policy."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from kingdom_helpers import SETUP, rules, run, write
from sheet_recorder import Recorder

from solo.board import rules_board
from solo.log import read_log
from solo.sheet import draw_sheet
from solo.sheet_front import HUNDREDS, tracker_limit
from solo.sheet_layout import PENCIL, continued_rows, layout, record_rows
from solo.sheet_played import played_from_log
from solo.simulate import POLICIES, simulate

ROOT = Path(__file__).resolve().parents[2]


def test_the_back_holds_the_years_the_docs_say():
    docs = (ROOT / "docs" / "solo.md").read_text(encoding="utf-8")
    said = re.search(r"(\d+) years on A4, (\d+) on Letter", docs)
    assert said, "docs/solo.md names the back's years"
    assert (record_rows(layout("a4", rules())), record_rows(layout("letter", rules()))) == \
        (int(said.group(1)), int(said.group(2))) == (50, 46)
    # a continuation page holds as many years as the back, so its years stay round (51-100, 101-150)
    assert (continued_rows(layout("a4", rules())), continued_rows(layout("letter", rules()))) == (50, 46)


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_the_sheet_holds_99_percent_of_2000_games(policy):
    """As ``solo simulate --games 2000`` plays them (a game still going after 100 years stops): the
    trackers hold the peaks, and the back and one continuation page on A4 the years."""
    games = simulate(policy, 2000, 1, jobs=1)
    a4 = layout("a4", rules())
    fits = [g for g in games if g.peak_food <= tracker_limit(10, HUNDREDS) and
            g.peak_ore <= tracker_limit(10, HUNDREDS) and g.peak_labor <= tracker_limit(5)
            and g.years <= record_rows(a4) + continued_rows(a4)]
    assert tracker_limit(10, HUNDREDS) == 599
    assert len(fits) >= 0.99 * len(games), (policy, len(fits))


def test_continue_prints_the_next_years_of_the_record(tmp_path):
    out = tmp_path / "more.pdf"
    result = run("sheet", "--seed", "7", "--continue", "--out", str(out))
    assert result.exit_code == 0 and result.output == f"wrote {out}\n"
    assert not (tmp_path / "more.yaml").exists()  # the game's own log goes on
    page = pdfium.PdfDocument(out.read_bytes())
    assert len(page) == 1
    text = page[0].get_textpage().get_text_range()
    assert "Year by year, continued: years 51 to 100" in text and "Sheet 7" in text
    second = tmp_path / "more2.pdf"
    assert run("sheet", "--seed", "7", "--continue", "2", "--paper", "letter", "--out", str(second)).exit_code == 0
    text = pdfium.PdfDocument(second.read_bytes())[0].get_textpage().get_text_range()
    assert "years 93 to 138" in text
    blank = tmp_path / "blank.pdf"  # made without --seed: a line for the sheet's number, not "Blank map"
    assert run("sheet", "--continue", "--out", str(blank)).exit_code == 0
    text = pdfium.PdfDocument(blank.read_bytes())[0].get_textpage().get_text_range()
    assert "Sheet" in text and "Blank map" not in text and "years 51 to 100" in text
    assert [n for n in re.findall(r"^(\d+)\s*$", text, re.M)] == [str(y) for y in range(51, 101)]
    again = run("sheet", "--seed", "7", "--continue", "--out", str(out))
    assert again.exit_code == 2 and "already exists; nothing was written" in again.output


def pencil_ticks(rec: Recorder) -> int:
    """The pencil ticks drawn (the monument's stages and the hundreds of food and ore)."""
    return sum(1 for _, style in rec.paths if style.stroke == PENCIL and style.width_mm == 0.5
               and style.join == "round")


def test_a_played_sheet_ticks_a_hundred_of_ore(tmp_path):
    # harvest feeds the three buildings, strike ore and the capital make 4 ore a year: 104 ore
    years = "  - fate: [3, 4]\n    capital: [ore]\n" * 26
    path = write(tmp_path, SETUP + years)
    log = read_log(path, rules_board(rules()))
    played = played_from_log(log, rules())
    assert played.kingdom.ore > 100 and played.kingdom.food < 100
    rec = Recorder()
    draw_sheet(rec, rules(), None, "a4", played)
    assert pencil_ticks(rec) == played.kingdom.ore // 100 == 1  # no monument stage: the hundred only
