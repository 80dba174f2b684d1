"""The paper sheet fits real games (trackers to 99, a 40-year record), prints only rules the data
holds, and a logged game can be drawn as the player would have filled the sheet in."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from kingdom_helpers import SETUP, custom_rules, rules, run, write
from sheet_recorder import drawn

from solo.board import rules_board
from solo.sheet_front import tracker_limit
from solo.sheet_layout import RECORD_ROW_MM, layout, record_rows
from solo.sheet_rules import rules_text
from solo.tables import cost_text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_trackers_reach_99_and_labor_30_and_the_record_holds_40_years(paper):
    rec, lay = drawn(paper, 7)
    words = [t[2] for t in rec.texts if t[0] >= lay.trackers.x]
    # food and ore: tens 0..90 and ones 0..9, twice; labor: tens 0..40 and ones 0..9
    tens = [w for w in words if w in {str(n) for n in range(10, 100, 10)}]
    assert tens.count("90") == 2 and tens.count("40") == 3
    assert tracker_limit(10) == 99 and tracker_limit(5) == 49 >= 30
    assert record_rows(lay) >= 40 and RECORD_ROW_MM >= 5.0
    numbers = [int(w) for (x, _, w, _, _) in rec.texts if w.isdigit() and x < lay.table.x + 9.5]
    assert max(numbers) >= 40  # the record's year numbers, on the back page


def test_the_record_continues_on_a_continuation_page_for_a_long_game(tmp_path):
    # 60 quiet years (the capital feeds the kingdom) in a log: 50 rows on the back, 10 continued
    years = "  - fate: [3, 4]\n    capital: [food]\n" * 60
    path = write(tmp_path, SETUP + years)
    assert run("check", str(path)).exit_code == 0
    out = tmp_path / "long.pdf"
    result = run("sheet", "--log", str(path), "--out", str(out))
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(out.read_bytes())
    assert len(pdf) == 3
    back2 = pdf[2].get_textpage().get_text_range()
    assert "Year by year, continued: years 51 to 100" in back2
    assert re.search(r"\b60\b", back2)
    back = pdf[1].get_textpage().get_text_range()
    assert "\n50 " in back and "\n51 " not in back


def printed_rules(r=None, blank=False) -> str:
    return rules_text(r or rules(), blank)


def expected_sentences(r) -> list[str]:
    """What the data says, as the sentences the sheet must print."""
    out = [f"Trade {r.trade_labor} labor for {r.trade_gives} {' or '.join(r.trade_for)}",
           f"Feed {r.food_per_building} food per farm, mine and village",
           f"{r.lose_graveyards} graveyards: you lose",
           f"Monument stage {r.win_stage} standing and no starving this year: you win",
           f"roll {r.fate_dice} dice", f"Choose {r.choose_count} different results",
           f"Monument {r.reroll_from_stage}+: you may reroll one die",
           "Monument stages " + " / ".join("+".join(map(str, c)) for c in r.stages)]
    for kind in ("farm", "mine", "village"):
        out.append(f"{kind.capitalize()} {cost_text(r.build[kind].cost)}")
    for face, name in r.faces.items():
        out.append(f"{face} {name.replace('-', ' ').capitalize()}" if name != "choose" else f"{face} Choose")
    if r.monument_next_to_monument:
        out.append("each stage after the first next to the monument")
    p = r.produce
    out.append(f"farm +{p['farm'].base + p['farm'].bonus} food by the river, else +{p['farm'].base}")
    out.append(f"Next to a graveyard: {r.graveyard_penalty} less")
    return out


def test_every_printed_rule_matches_the_data():
    text = " ".join(printed_rules().split())
    for sentence in expected_sentences(rules()):
        assert sentence in text, sentence
    assert "next to the last" not in text  # the old wording the engine never checked


def test_the_printed_adjacency_rule_is_the_one_the_engine_checks(tmp_path):
    from kingdom_helpers import RICH, base_kingdom

    # The shipped data: a second stage away from the first is refused with the sheet's words.
    r = custom_rules(tmp_path, RICH)
    k = base_kingdom(r)
    k.start_year((3, 4)); k.resolve_fate((), ()); k.produce(["labor"])
    k.labor = 40
    k.build("monument", k.board.index["A8"])
    with pytest.raises(Exception, match="must stand next to the monument"):
        k.build("monument", k.board.index["J1"])
    assert "next to the monument" in printed_rules(r)
    # Data without the rule: the sheet drops the sentence and the engine allows the stage.
    (tmp_path / "free").mkdir()  # rules are cached by path: another file
    free = custom_rules(tmp_path / "free", RICH, ("next_to_monument: true", "next_to_monument: false"))
    assert "next to the monument" not in printed_rules(free)
    k = base_kingdom(free)
    k.start_year((3, 4)); k.resolve_fate((), ()); k.produce(["labor"])
    k.labor = 40
    k.build("monument", k.board.index["A8"])
    k.build("monument", k.board.index["J1"])
    assert k.stage == 2


def test_changed_numbers_print_changed_rules(tmp_path):
    r = custom_rules(tmp_path, ("- {labor: 2, food: 2, ore: 4}", "- {labor: 3, food: 1, ore: 5}"),
                     ("labor: 2               # labor given", "labor: 3               # labor given"))
    text = " ".join(printed_rules(r).split())
    for sentence in expected_sentences(r):
        assert sentence in text, sentence
    assert "3+1+5 / 4+4+6" in text and "Trade 3 labor for 1" in text


# -- the played sheet ---------------------------------------------------------------------------------

PLAYED = SETUP.replace("# format: 1\n", "# format: 1\nruler: Ada\nkingdom: Northmarch\n") + """\
  - fate: [3, 5]
    capital: [food]
  - fate: [3, 3]
    capital: [food]
    build: [farm F6]
"""


def test_the_played_sheet_draws_the_game_from_its_log(tmp_path):
    path = write(tmp_path, PLAYED)
    result = run("sheet", "--log", str(path))
    out = tmp_path / "game-sheet.pdf"
    assert result.exit_code == 0 and f"wrote {out}" in result.output, result.output
    pdf = pdfium.PdfDocument(out.read_bytes())
    assert len(pdf) == 2
    front = pdf[0].get_textpage().get_text_range()
    back = pdf[1].get_textpage().get_text_range()
    assert "Ada" in front and "Northmarch" in front
    assert front.count("farm") >= 3 and "mine" in front and "village" in front  # F6, E5, C3, F4
    assert "= 1" in front  # food at the end, written beside its tracker
    # the record: year 2's fate, capital, farm at F6 and the end totals
    assert "3 3" in back and "2 food" not in back and "F F6" in back
    assert re.search(r"3 5.*1 food", back.replace("\r\n", " ").replace("\n", " "))
    # never over a file: the log itself, or an existing sheet without --force
    again = run("sheet", "--log", str(path))
    assert again.exit_code == 2 and "already exists" in again.output
    assert run("sheet", "--log", str(path), "--force").exit_code == 0
    onto_log = run("sheet", "--log", str(path), "--out", str(tmp_path / "x.svg"), "--format", "pdf")
    assert onto_log.exit_code == 2


def test_the_played_sheet_refuses_a_log_that_does_not_check(tmp_path):
    path = write(tmp_path, PLAYED + "  - fate: [3, 5]\n    capital: [food]\n    trade: [labor]\n")
    result = run("sheet", "--log", str(path))
    assert result.exit_code == 1 and "labor cannot be bought" in result.output
    assert not (tmp_path / "game-sheet.pdf").exists()


def test_the_played_svg_has_a_file_per_side(tmp_path):
    path = write(tmp_path, PLAYED)
    result = run("sheet", "--log", str(path), "--out", str(tmp_path / "p.svg"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "p.svg").exists() and (tmp_path / "p-back.svg").exists()
    assert "F F6" in (tmp_path / "p-back.svg").read_text()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_pencilled_word_stays_inside_its_hex(paper):
    """A won 31-year game (7 farms, 3 mines, 4 villages, 3 monument stages, 2 graveyards): each
    building's letter, word and stage number sits inside its own hex, edges included, so
    "monument" and "graveyard" never run over into the next hex."""
    from sheet_recorder import Recorder

    from generator.draw.fonts import text_width_mm
    from generator.draw.surface import MM_PER_PT
    from solo.playout import playout
    from solo.sheet_front import pencil_buildings
    from solo.sheet_played import played_from_log

    r = rules()
    game = playout(r, 7, max_years=60, skill=0.95, checks=True)
    k = game.kingdom
    assert (k.outcome.result, k.stage, k.graveyards, k.villages) == ("won", 3, 2, 4)
    board, grid = rules_board(r), layout(paper, r).grid
    rec = Recorder()
    pencil_buildings(rec, grid, board, played_from_log(game.log, r))
    words = [t[2] for t in rec.texts]
    assert words.count("monument") == 3 and words.count("graveyard") == 2 and {"1", "2", "3"} <= set(words)
    centres = [grid.center(*board.col_row(h)) for h in range(board.size)]
    half_flats = grid.flats_mm / 2
    for (x, y, text, size, anchor), font in zip(rec.texts, rec.fonts):
        assert anchor == "middle"
        cx, cy = min(centres, key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)
        half = text_width_mm(text, size, font) / 2
        top, bottom = y - 0.75 * size * MM_PER_PT, y + 0.25 * size * MM_PER_PT  # ascent, descent
        for px, py in ((x - half, top), (x + half, top), (x - half, bottom), (x + half, bottom)):
            dx, dy = abs(px - cx), abs(py - cy)
            assert dy <= half_flats and dx <= grid.side_mm - dy / 3 ** 0.5, (paper, text, px - cx, py - cy)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_years_are_written_short_rather_than_cut(paper):
    """Two sixes' four results and a capital's two resources do not fit their cells: the record
    writes them short (the key says how) instead of cutting them off with an ellipsis."""
    from sheet_recorder import Recorder

    from solo.playout import playout
    from solo.sheet import draw_sheet
    from solo.sheet_played import played_from_log

    r = rules()
    game = playout(r, 7, max_years=60, skill=0.95, checks=True)
    played = played_from_log(game.log, r)
    rec = Recorder()
    draw_sheet(rec, r, None, paper, played)  # the back page is what matters here
    words = [t[2] for t in rec.texts]
    assert "6 6; 6: ore, eff, harv, ore" in words and "ore, food" in words  # years 15 and 23
    assert not [w for w in words if w.endswith("…")]


def test_a_years_long_losses_print_whole_in_the_lost_cell():
    """The record's Lost cell (20 mm) cut "D C4, D D5, S B2, S C3" after two entries: the year's
    losses now print grouped by cause and a step smaller, every hex named, no "…"."""
    from solo.sheet_back import RECORD_COLUMNS, _fitted

    room = dict(RECORD_COLUMNS)["Lost"] - 1.6
    text, size = _fitted("D C4, D D5, S B2, S C3", "D C4 D5 S B2 C3", room)
    assert "…" not in text and all(h in text for h in ("C4", "D5", "B2", "C3"))
    assert 5.5 <= size < 7.0
    assert _fitted("S B2", "S B2", room) == ("S B2", 7.0)  # a short entry keeps the full size


def test_a_played_hand_drawn_map_pencils_its_mountain_dice(tmp_path):
    """`sheet --log` for a map drawn by hand (no sheet number): the log's dice [4, 2] are pencilled on
    the header's blanks, as the player wrote them; a fresh blank sheet leaves them empty."""
    path = write(tmp_path, SETUP + "  - fate: [3, 4]\n    capital: [food]\n")
    out = tmp_path / "played.pdf"
    assert run("sheet", "--log", str(path), "--out", str(out)).exit_code == 0
    text = " ".join(pdfium.PdfDocument(out.read_bytes())[0].get_textpage().get_text_range().split())
    assert "mountain dice ___ and ___ (roll them onto the map) 4 2 Ruler" in text
    blank = tmp_path / "blank.pdf"
    assert run("sheet", "--blank", "--out", str(blank)).exit_code == 0
    text = " ".join(pdfium.PdfDocument(blank.read_bytes())[0].get_textpage().get_text_range().split())
    assert "(roll them onto the map) Ruler" in text
