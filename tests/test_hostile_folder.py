"""A game folder from a stranger (issue 35): what its files unpack to, the widths and nesting of its
expressions, a sheet a million columns wide and a drawing of a million segments are refused with one
``file:line:`` sentence (naming the file and, for a workbook, the part) within 10 s and 500 MB; nothing
of the user's is replaced without ``--force``; a build stopped by ``kill -9`` leaves nothing that the
next one does not remove and say. The watch server's share is in tests/test_watch.py."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from safety_helpers import env, run_in_process
from test_limits import measured, refused

GAME = """format: 1
game: {id: g, title: G, author: A, licence: CC0, source: here, players: [1, 2]}
components:
  - id: deck
    name: Deck
    kind: card
    size: poker
"""
SECONDS, MB = 10, 500


def folder(tmp_path: Path, more: str, **files: bytes | str) -> Path:
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text(GAME + more)
    for name, data in files.items():
        path = game / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return game


def refused_quickly(game: Path, tmp_path: Path, *phrases: str) -> list[str]:
    code, err, seconds, mb = measured("validate", str(game), cwd=tmp_path)
    assert code == 1, err
    assert seconds < SECONDS and mb < MB, (seconds, mb)
    return refused(err, *phrases)


# -- workbooks: bounded by what they unpack to ----------------------------------------------------

NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def workbook(path: Path, sheet_rows: str = "", strings: str = "", sheets: int = 1, extra: int = 0) -> Path:
    """A minimal .xlsx, written part by part (so each may be made as large as a test needs)."""
    listed = "".join(f'<sheet name="S{i}" sheetId="{i}" r:id="rId{i}"/>' for i in range(1, sheets + 1))
    rels = "".join(f'<Relationship Id="rId{i}" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
                   for i in range(1, sheets + 1))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.'
                   'openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/'
                   'xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
                   'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" '
                   'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                   '</Types>')
        z.writestr("_rels/.rels", f'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   f'package/2006/relationships"><Relationship Id="rId1" Type="{REL}/officeDocument" '
                   'Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml", f'<?xml version="1.0"?><workbook {NS} xmlns:r="{REL}"><sheets>{listed}'
                   '</sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.'
                   f'openxmlformats.org/package/2006/relationships">{rels}</Relationships>')
        z.writestr("xl/worksheets/sheet1.xml", f'<?xml version="1.0"?><worksheet {NS}><sheetData><row r="1">'
                   f'<c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>{sheet_rows}</sheetData></worksheet>')
        if strings:
            z.writestr("xl/sharedStrings.xml", f'<?xml version="1.0"?><sst {NS}>{strings}</sst>')
        for i in range(extra):
            z.writestr(f"xl/media/x{i}.bin", b"")
    return path


def cell(row: int, text: str) -> str:
    return f'<row r="{row}"><c r="A{row}" t="inlineStr"><is><t>{text}</t></is></c></row>'


ITEMS_FROM = "    items_from: deck.xlsx\n"


def test_a_workbook_that_reads_is_still_read(tmp_path):
    game = folder(tmp_path, ITEMS_FROM)
    workbook(game / "deck.xlsx", cell(2, "Scout") + cell(3, "Ranger"))
    result = run_in_process("validate", str(game), cwd=tmp_path)
    assert result.returncode == 0 and "2 pieces" in result.stdout, result.stderr


@pytest.mark.parametrize("case, phrases", [
    ("a cell of 200 MB", ("deck.xlsx", "its part 'xl/worksheets/sheet1.xml' unpacks to 190.7 MB",
                          "a part may unpack to 8 MB")),
    ("a million shared strings", ("deck.xlsx", "its part 'xl/sharedStrings.xml' unpacks to")),
    ("20,000 worksheets", ("deck.xlsx", "its part 'xl/workbook.xml' lists 20,000 worksheets; at most 256")),
    ("3,000 parts", ("deck.xlsx", "it holds 3,005 parts; at most 1,000")),
    ("five parts of 7 MB", ("deck.xlsx", "it unpacks to 35.0 MB; at most 32 MB")),
])
def test_a_workbook_is_bounded_by_what_it_unpacks_to_before_it_is_read(tmp_path, case, phrases):
    game = folder(tmp_path, ITEMS_FROM)
    book = game / "deck.xlsx"
    if case == "a cell of 200 MB":
        workbook(book, cell(2, "a" * 200_000_000))
    elif case == "a million shared strings":
        workbook(book, strings="<si><t>abcdefghij</t></si>" * 1_000_000)
    elif case == "20,000 worksheets":
        workbook(book, sheets=20_000)
    elif case == "3,000 parts":
        workbook(book, extra=3_000)
    else:
        workbook(book, cell(2, "x" * (7 * 2**20)))
        with zipfile.ZipFile(book, "a", zipfile.ZIP_DEFLATED) as z:
            for i in range(4):
                z.writestr(f"xl/media/pad{i}.bin", b"\0" * (7 * 2**20))
    assert book.stat().st_size < 4 * 2**20  # a small file on disk
    lines = refused_quickly(game, tmp_path, *phrases)
    assert lines[0].startswith(f"{game.name}/game.yaml:") or lines[0].startswith("g/game.yaml:"), lines


def test_a_cell_just_under_the_part_limit_is_refused_by_the_cell_limit(tmp_path):
    """(A workbook's cell is named by its sheet and row, not a line.)"""
    game = folder(tmp_path, ITEMS_FROM)
    workbook(game / "deck.xlsx", cell(2, "a" * 7_000_000))
    code, err, seconds, mb = measured("validate", str(game), cwd=tmp_path)
    assert code == 1 and seconds < SECONDS and mb < MB, (code, seconds, mb)
    assert err.splitlines() == ["deck.xlsx:S1!R2 (Name): a cell of 7,000,000 characters; at most 5,000"], err


# -- expressions: widths and nesting -------------------------------------------------------------

@pytest.mark.parametrize("expression, phrase", [
    ("'%*d' % (999999999, 1)", "a width of 999,999,999 is too large (at most 100,000)"),
    ("'%999999999d' % 1", "a width of 999,999,999 is too large"),
    ("'%.999999999f' % 1", "a width of 999,999,999 is too large"),
    ("'%(a)999999999s' % {'a': 1}", "a width of 999,999,999 is too large"),
    ("'{:999999999}'.format(1)", "a width of 999,999,999 is too large"),
    ("'{:10000000000}'.format(1)", "a width of 10,000,000,000 is too large"),
    ("[" * 200 + "]" * 200, "an expression with brackets 200 deep; at most 32"),
    ("(" * 100 + "1" + ")" * 100, "an expression with brackets 100 deep; at most 32"),
])
def test_an_expression_that_would_make_gigabytes_or_recurse_is_refused_at_its_line(tmp_path, expression, phrase):
    text = expression.replace('"', '\\"')
    game = folder(tmp_path, f'    items:\n      - name: A\n        count: 1\n        text: "{{{{ {text} }}}}"\n')
    lines = refused_quickly(game, tmp_path, phrase)
    assert any(line.startswith("g/game.yaml:") for line in lines), lines


def test_ordinary_formatting_still_works():
    from generator.source.template import compile_text

    assert compile_text("{{ '%03d' % n }}-{{ '{:>4}'.format(n) }}").render({"n": 7}) == "007-   7"
    assert compile_text("{{ '%5.1f%%' % (n * 10) }}").render({"n": 7}) == " 70.0%"


# -- sheets a million columns wide, drawings a million segments long ------------------------------

@pytest.mark.parametrize("key", ["items_csv", "items_from"])
def test_a_csv_header_of_a_million_columns_is_refused_at_once(tmp_path, key):
    header = ",".join("x" for _ in range(1_300_000))  # 2.6 MB
    game = folder(tmp_path, f"    {key}: wide.csv\n", **{"wide.csv": "name," + header + "\nA,1\n"})
    refused_quickly(game, tmp_path, "wide.csv:1:", "1,300,001", "at most 200")


def test_an_svg_path_of_700000_segments_is_refused_before_svglib_reads_it(tmp_path):
    path = "M0,0 " + " ".join("l1 1" for _ in range(700_000))
    art = f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="{path}"/></svg>'
    game = folder(tmp_path, "    items:\n      - {name: A, count: 1, image: big.svg}\n", **{"big.svg": art})
    assert (game / "big.svg").stat().st_size < 4 * 2**20
    refused_quickly(game, tmp_path, "g/game.yaml:", "its paths hold more than 100,000 numbers")


# -- the user's files ----------------------------------------------------------------------------

def test_calibrate_never_replaces_a_users_file_without_force(tmp_path):
    thesis = tmp_path / "thesis.docx"
    thesis.write_bytes(b"four years of work")
    refused_run = run_in_process("calibrate", "--out", str(thesis), cwd=tmp_path)
    assert refused_run.returncode == 2 and thesis.read_bytes() == b"four years of work"
    assert "already exists and is not a calibration sheet pnpforge made; nothing was written" in refused_run.stderr
    assert "--force" in refused_run.stderr
    forced = run_in_process("calibrate", "--out", str(thesis), "--force", cwd=tmp_path)
    assert forced.returncode == 0 and thesis.read_bytes().startswith(b"%PDF")


def test_calibrate_replaces_its_own_sheet(tmp_path):
    for _ in range(2):  # the default path, twice
        result = run_in_process("calibrate", "--paper", "letter", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
    assert (tmp_path / "output" / "calibration-letter-long.pdf").read_bytes().startswith(b"%PDF")


def test_calibrate_never_writes_through_a_link(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    (tmp_path / "sheet.pdf").symlink_to(target)
    result = run_in_process("calibrate", "--out", str(tmp_path / "sheet.pdf"), "--force", cwd=tmp_path)
    assert result.returncode == 1 and "symbolic link" in result.stderr and target.read_text() == "mine"


def test_what_a_killed_build_left_is_removed_by_the_next_and_said(tmp_path):
    """kill -9 leaves a hidden staging folder beside the output; the next build removes it, and says so."""
    game = folder(tmp_path, "    items:\n      - {name: A, count: 1}\n")
    left = tmp_path / ".out.staging-4194999-abc123"  # a process that is no more (above the largest pid)
    (left / "g").mkdir(parents=True)
    (left / "g" / "half.pdf").write_bytes(b"%PDF-1.4 half")
    result = subprocess.run([sys.executable, "-m", "generator", "build", str(game), "--out", str(tmp_path / "out"),
                             "--paper", "a4", "--format", "pdf"], cwd=tmp_path, env=env(), capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert not left.exists()
    assert f"pnpforge: removed {left.name}, left by a build that was stopped before it finished" in result.stderr \
        or "left by a build that was stopped before it finished" in result.stderr, result.stderr


# -- small --------------------------------------------------------------------------------------

@pytest.mark.parametrize("policy", [":X", ".x:X", "a:", "my policy:X"])
def test_a_policy_that_is_no_module_name_is_one_sentence(tmp_path, policy):
    result = run_in_process("solo", "simulate", "--games", "1", "--policy", policy, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().endswith("parts joined by dots)") and "unexpected" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_every_limit_is_in_the_docs():
    from generator.model.sheets import (
        MAX_COLUMNS,
        MAX_PART_BYTES,
        MAX_PARTS,
        MAX_SHEETS,
        MAX_UNPACKED,
    )
    from generator.source.pictures import SVG_NUMBERS
    from generator.source.template import MAX_DEPTH, MAX_WORK

    docs = (Path(__file__).resolve().parents[1] / "docs" / "data-format.md").read_text()
    limits = docs.split("## Limits", 1)[1]
    for said in (f"{MAX_PART_BYTES // 2**20} MB", f"{MAX_UNPACKED // 2**20} MB", f"{MAX_PARTS:,} parts",
                 f"{MAX_SHEETS} worksheets", f"{MAX_COLUMNS} columns", f"{SVG_NUMBERS:,} numbers",
                 f"{MAX_DEPTH} deep", f"{MAX_WORK:,} characters"):
        assert said in limits, said
    assert os.path.exists(Path(__file__).resolve().parents[1] / "docs" / "safety.md")
