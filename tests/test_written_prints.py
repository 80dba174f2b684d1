"""What a designer writes is what prints, and "ok" means it builds (issue 34): each case below once
validated and then failed to build, or built and printed something else than was written."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from conftest import ROOT
from safety_helpers import run_in_process

HEAD = "game: {id: g, title: G, author: A, licence: CC0, source: here, players: [1, 2]}\n"


def folder(tmp_path: Path, body: str, **files: str | bytes) -> Path:
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text(HEAD + body)
    for name, data in files.items():
        path = game / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return game


def build(game: Path, *more: str) -> Path:
    out = game.parent / "out"
    result = run_in_process("build", str(game), "--out", str(out), "--paper", "a4", "--jobs", "1", *more,
                            cwd=game.parent)
    assert result.returncode == 0, result.stderr
    return out / "g"


def validate(game: Path) -> tuple[int, str]:
    result = run_in_process("validate", str(game), cwd=game.parent)
    return result.returncode, result.stderr


def page_texts(pdf: Path) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return [page.get_textpage().get_text_range() for page in doc]
    finally:
        doc.close()


# -- 1. validate ok, then build -----------------------------------------------------------------

def test_an_expression_in_a_boards_fill_is_the_fill(tmp_path):
    game = folder(tmp_path, """values: {sea: "#1f6fb2"}
components:
  - id: mat
    name: Mat
    kind: board
    size_mm: [100, 60]
    face: {fill: "{{ sea }}"}
""")
    assert validate(game)[0] == 0
    svg = (build(game, "--format", "svg") / "a4" / "svg" / "g-a4-single-002.svg").read_text()
    assert 'fill="#1f6fb2"' in svg


def test_an_expression_in_an_edge_kinds_drawing_is_evaluated_and_checked(tmp_path):
    source = (ROOT / "data" / "examples" / "tile_laying" / "game.yaml").read_text()
    text = source.replace("icons:\n", 'values: {road: "#f1e4c0"}\nicons:\n', 1).replace(
        'to_mm: [0, 0], stroke: "#f1e4c0"', 'to_mm: [0, 0], stroke: "{{ road }}"')
    assert text.count("{{ road }}") == 1
    game = tmp_path / "g"
    shutil.copytree(ROOT / "data" / "examples" / "tile_laying", game)
    (game / "game.yaml").write_text(text)
    assert validate(game)[0] == 0
    run_in_process("build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4", "--format", "pdf",
                   cwd=tmp_path)
    (game / "game.yaml").write_text(text.replace('"#f1e4c0"}', '"#f1e4c"}', 1))
    code, err = validate(game)
    assert code == 1 and re.search(r"game\.yaml:\d+.*stroke: expected a colour", err), err


def test_a_card_too_large_for_the_paper_is_refused_by_validate_at_its_line(tmp_path):
    game = folder(tmp_path, """components:
  - id: deck
    name: Deck
    kind: card
    size_mm: [400, 88]
    items:
      - {name: A, count: 1}
""")
    code, err = validate(game)
    assert code == 1 and "g/game.yaml:3: Deck: a 400.0 x 88.0 mm piece does not fit on a4 paper" in err, err


# -- 2. written, accepted, printed ---------------------------------------------------------------

def test_a_zero_from_a_sheet_prints_as_zero_wherever_a_text_goes(tmp_path):
    """60 of the Squib deck's 111 cards lost their "0"."""
    game = folder(tmp_path, """components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    items_from: deck.csv
    face:
      footer: "F{{ VP }}"
      subtitle: "{{ VP }}"
      value: "{{ VP }}"
      elements:
        - {type: box, at_mm: [-10, 10], size_mm: [20, 10], text: "{{ VP }}"}
""", **{"deck.csv": "Name,VP\nAlpha,0\n"})
    text = page_texts(build(game, "--format", "pdf") / "a4" / "g-a4-single.pdf")[1]
    assert "Alpha" in text and "F0" in text
    assert text.split().count("0") == 3  # the subtitle, the value, the box


def test_numbers_in_yaml_print_as_written():
    """``value: +3`` prints "+3", not "3"; ``007`` "007"; ``1.50`` "1.50"; a 0 "0"."""
    from generator.build.loading import load_game

    game_dir = ROOT / "tests" / "_written_numbers"
    try:
        game_dir.mkdir(exist_ok=True)
        (game_dir / "game.yaml").write_text(HEAD + """components:
  - id: chits
    name: Chits
    kind: counter
    size_mm: 16
    items:
      - {name: A, count: 1, value: +3, title: 007, footer: 1.50}
      - {name: B, count: 1, value: 0, title: 12}
""")
        game = load_game(game_dir)
    finally:
        shutil.rmtree(game_dir)
    a, b = (item.face for item in game.components[0].items)
    assert (a["value"], a["title"], a["footer"]) == ("+3", "007", "1.50")
    assert (b["value"], b["title"]) == ("0", "12")
    assert all(type(v) is str for v in (a["value"], b["value"]))


def test_elements_at_a_card_component_are_refused_with_where_they_go(tmp_path):
    game = folder(tmp_path, """components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    elements:
      - {type: text, at_mm: [0, 0], text: Marker}
    items:
      - {name: A, count: 1}
""")
    code, err = validate(game)
    assert code == 1 and "g/game.yaml:7: elements at a card component print nowhere; give them under face:" in err


def test_a_hexgrids_ink_and_label_size_print(tmp_path):
    game = folder(tmp_path, """components:
  - id: map
    name: Map
    kind: board
    size_mm: [120, 100]
    elements:
      - {type: hexgrid, at_mm: [20, 20], layout: rectangle, columns: 3, grid_rows: 2, hex_mm: 20,
         coordinates: {style: CCRR}, ink: "#b00020", label_pt: 9}
""")
    svg = (build(game, "--format", "svg") / "a4" / "svg" / "g-a4-single-002.svg").read_text()
    numbers = re.findall(r'<text fill="([^"]+)"[^>]*font-size="([\d.]+)"[^>]*>(0\d0\d)</text>', svg)
    assert len(numbers) == 6, numbers
    assert {fill for fill, _, _ in numbers} == {"#b00020"}
    assert {size for _, size, _ in numbers} == {"3.175"}  # 9 pt in mm


def test_runs_of_spaces_and_leading_spaces_print_as_written(tmp_path):
    game = folder(tmp_path, """components:
  - id: mat
    name: Mat
    kind: board
    size_mm: [150, 60]
    elements:
      - {type: text, at_mm: [10, 10], text: "A    B"}
      - {type: text, at_mm: [10, 20], text: "    lead"}
      - {type: text, at_mm: [10, 30], text: "A B"}
""")
    kit = build(game, "--format", "pdf,svg")
    svg = (kit / "a4" / "svg" / "g-a4-single-002.svg").read_text()
    assert 'xml:space="preserve" y="10">A    B</text>' in svg and 'xml:space="preserve" y="20">    lead</text>' in svg
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(kit / "a4" / "g-a4-single.pdf")[1]
    chars = page.get_textpage()
    boxes = {}
    for i in range(chars.count_chars()):
        ch = chars.get_text_range(i, 1)
        if ch in "ABl":
            boxes.setdefault(ch, []).append(chars.get_charbox(i)[0])
    gap_wide = boxes["B"][0] - boxes["A"][0]
    gap_one = boxes["B"][1] - boxes["A"][1]
    assert gap_wide > gap_one * 1.5  # four spaces, not one
    assert boxes["l"][0] - boxes["A"][0] > 5  # "lead" starts four spaces in (points)


def test_a_cell_of_items_csv_gets_the_checks_of_items_from(tmp_path):
    """One reading path: a picture outside the folder and an unknown icon are refused at the cell."""
    art = '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><circle cx="4" cy="4" r="3"/></svg>'
    (tmp_path / "secret.svg").write_text(art)
    game = folder(tmp_path, """components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    items_csv: items.csv
""", **{"items.csv": "name,count,image,text\nA,1,../secret.svg,Fire {icon:artilery} now\n"})
    code, err = validate(game)
    assert code == 1
    assert "items.csv:2 (image): image '../secret.svg': '../secret.svg' leaves the game folder" in err
    assert "items.csv:2 (text): unknown icon {icon:artilery}" in err


def test_a_formula_saved_without_its_value_is_said_at_its_cell(tmp_path):
    import openpyxl

    game = folder(tmp_path, """components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    items_from: {file: deck.xlsx, columns: {Qty: count}}
""")
    book = openpyxl.Workbook()
    book.active.title = "Deck"
    book.active.append(["Name", "Qty"])
    book.active.append(["Scout", "=1+1"])
    book.save(game / "deck.xlsx")
    code, err = validate(game)
    assert code == 1 and err.startswith("deck.xlsx:Deck!R2 (Qty): a formula ('=1+1') saved without its value"), err


def test_cells_headings_print_icons_and_markup(tmp_path):
    game = folder(tmp_path, """components:
  - id: pad
    name: Pad
    kind: board
    size_mm: [120, 80]
    elements:
      - {type: cells, at_mm: [10, 10], cell_mm: 8, grid_rows: 2, columns: 2,
         row_labels: ["{icon:sword}", "**Gold**"], column_labels: ["*one*", "two"]}
""")
    text = page_texts(build(game, "--format", "pdf") / "a4" / "g-a4-single.pdf")[1]
    assert "Gold" in text and "one" in text and "two" in text
    assert "{icon" not in text and "*" not in text


def test_a_pad_of_20_copies_is_20_in_the_print_shop_and_the_manifest(tmp_path):
    game = folder(tmp_path, """components:
  - id: pad
    name: Score pad
    kind: board
    size_mm: [90, 60]
    copies: 20
    elements:
      - {type: text, at_mm: [5, 10], text: Score}
""")
    kit = build(game, "--print-shop", "--format", "pdf")
    assert "page   1: 20x Score pad" in (kit / "print-shop" / "contents.txt").read_text()
    manifest = json.loads((kit / "manifest.json").read_text())
    assert [c["count"] for c in manifest["components"] if c["id"] == "pad"] == [20]
    assert json.loads((kit / "manifest.json").read_text())["print_shop"]["files"][0]["pages"][0]["count"] == 20


def test_a_landscape_board_that_needs_tiling_is_printed_upright(tmp_path):
    """Its pieces are on landscape pages, the board not turned: its top-left word is at the top-left
    of piece A1."""
    import pypdfium2 as pdfium

    game = folder(tmp_path, """components:
  - id: map
    name: Map
    kind: board
    size_mm: [300, 420]
    orientation: landscape
    elements:
      - {type: text, at_mm: [20, 30], text: UPRIGHT, size_pt: 24}
""")
    doc = pdfium.PdfDocument(build(game, "--format", "pdf") / "a4" / "g-a4-single.pdf")
    sizes = [tuple(round(v) for v in doc[i].get_size()) for i in range(1, len(doc))]
    assert set(sizes) == {(842, 595)}, sizes  # every page of the board on its side
    piece = doc[2].get_textpage()
    assert "UPRIGHT" in piece.get_text_range()
    first = piece.get_text_range().index("UPRIGHT")
    x0, _, x1, _ = piece.get_charbox(first)
    x_last0, _, _, _ = piece.get_charbox(first + 6)
    assert x_last0 > x0 + 50  # the word runs left to right across the page: not turned


def test_a_duplicate_id_from_a_workbook_names_the_first_row_and_the_fix(tmp_path):
    import openpyxl

    game = folder(tmp_path, """components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    items_from: deck.xlsx
""")
    book = openpyxl.Workbook()
    book.active.title = "Deck"
    book.active.append(["ID", "Name"])
    for n in range(3):
        book.active.append([1, f"Card {n}"])
    book.save(game / "deck.xlsx")
    code, err = validate(game)
    lines = err.strip().splitlines()
    assert lines[0] == ("deck.xlsx:Deck!R3 (ID): item id '1' is used twice in Deck (first at deck.xlsx:Deck!R2); "
                        "each item needs its own id; if the column 'ID' is only a label, keep it from filling ids: "
                        "items_from: {file: ..., columns: {ID: none}}")
    assert "first at line 0" not in err and len(lines) == 3  # two duplicates, and the count


def test_a_pnpforge_yaml_in_a_game_folder_is_the_config_not_game_data(tmp_path):
    game = folder(tmp_path, """components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    items:
      - {name: A, count: 1}
""", **{"pnpforge.yaml": "build:\n  paper: letter\n"})
    assert validate(game) == (0, "")
