"""A designer's spreadsheet drives the layout (issue #21): templated values, when/repeat, items_from with
.xlsx/.csv, column mapping, ids as written, every cell checked at its position, layouts, variants."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gamefolder import write_folder

from generator.base.errors import DataErrors
from generator.cli.commands import cli

HEAD = """game: {id: sg, title: Sheet Game, author: A. Designer, licence: CC0, source: own, players: [1, 4]}
"""


def _game(folder: Path, body: str, files: dict[str, str] | None = None) -> Path:
    return write_folder(folder, HEAD + body, files)


def _xlsx(path: Path, sheets: dict[str, list[list]]) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    first = True
    for title, rows in sheets.items():
        ws = book.active if first else book.create_sheet()
        ws.title = title
        first = False
        for row in rows:
            ws.append(row)
    book.save(path)


def _load(folder: Path, variant: str | None = None):
    from generator.build.loading import load_game

    return load_game(folder, variant)


def _validate(runner, folder: Path):
    return runner.invoke(cli, ["validate", str(folder)])


DECK = """layouts:
  card:
    cost: {type: box, at_mm: [-25, -30], size_mm: [6, 6], fill: "#8b5a2b", when: "{{ Wood }}"}
    cost_n: {type: text, at_mm: [-22, -26], text: "{{ Wood }}", size_pt: 8, anchor: middle, when: "{{ Wood }}"}
    steel: {extends: cost, shift_mm: [0, 8], fill: "#777777", when: "{{ Steel }}"}
    pip: {type: box, at_mm: [-20, 34], size_mm: [3, 3], fill: "#d4a017", repeat: "{{ VP }}", step_mm: [4.5, 0]}
    body: {type: text, at_mm: [0, 10], text: "{{ row['Effect text'] }}", size_pt: "{{ 8 if Wood else 9 }}",
           anchor: middle}
components:
  - id: deck
    name: Deck
    kind: card
    layout: card
    face: {band: "#334455", footer: "{{ Type|upper }} {{ index + 1 }}"}
    items_from: {file: deck.csv, columns: {Qty: count}}
"""
CSV = "Name,Qty,Type,Wood,Steel,VP,Effect text\nScout,2,unit,1,,2,Draw **1**\nSmith,1,building,,2,3,Gain 1\n"


def _elements(item) -> list[dict]:
    return list(item.face.get("elements") or [])


def test_a_cost_bar_prints_only_where_its_cell_is_filled_and_pips_repeat(tmp_path):
    game = _load(_game(tmp_path / "g", DECK, {"deck.csv": CSV}))
    scout, smith = game.components[0].items
    assert (scout.name, scout.count, smith.count) == ("Scout", 2, 1)
    fills = [e.get("fill") for e in _elements(scout) if e["type"] == "box"]
    assert fills.count("#8b5a2b") == 1 and "#777777" not in fills  # wood, no steel
    fills = [e.get("fill") for e in _elements(smith) if e["type"] == "box"]
    assert "#8b5a2b" not in fills and fills.count("#777777") == 1
    steel = next(e for e in _elements(smith) if e.get("fill") == "#777777")
    assert steel["at_mm"] == [-25, -22]  # extends cost, shifted 8 mm down
    pips = [e["at_mm"] for e in _elements(smith) if e.get("fill") == "#d4a017"]
    assert pips == [[-20, 34], [-15.5, 34], [-11, 34]]  # VP 3: three pips 4.5 mm apart
    body = next(e for e in _elements(scout) if e["type"] == "text" and "Draw" in str(e["text"]))
    assert body["size_pt"] == 8 and next(e for e in _elements(smith) if "Gain" in str(e.get("text")))["size_pt"] == 9
    assert scout.face["footer"] == "UNIT 1" and smith.face["footer"] == "BUILDING 2"


def test_the_built_cards_print_the_cells(tmp_path):
    import pypdfium2 as pdfium

    from generator.build.game import Options, build_game

    game = _load(_game(tmp_path / "g", DECK, {"deck.csv": CSV}))
    build_game(game, tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    pdf = next((tmp_path / "out" / "sg" / "a4").glob("*.pdf"))
    doc = pdfium.PdfDocument(str(pdf))
    text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    assert "Draw 1" in text and "**" not in text and "UNIT 1" in text and "BUILDING 2" in text


def test_an_xlsx_with_capitalised_spaced_headers_a_named_sheet_and_formulas(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    _xlsx(folder / "deck.xlsx", {
        "Notes": [["nothing here"]],
        "Deck": [["Name", "Qty", "Card Cost", "Effect text"],
                 ["Forest Scout", 2, 3, "Draw 1"],
                 ["Iron Smith", 1, 4.0, "Gain 2"]],
    })
    _game(folder, """components:
  - id: deck
    name: Deck
    kind: card
    face: {value: "{{ row['Card Cost'] }}", text: "{{ row['Effect text'] }}"}
    items_from: {file: deck.xlsx, sheet: Deck, columns: {qty: count}}
""")
    game = _load(folder)
    scout, smith = game.components[0].items
    assert scout.name == "Forest Scout" and scout.count == 2
    assert scout.face["value"] == "3" and smith.face["value"] == "4"  # whole numbers as written, not 4.0
    # openpyxl writes no cached value for a formula: it would read as an empty cell, so it is said there
    _xlsx(folder / "deck.xlsx", {"Notes": [["nothing here"]],
                                 "Deck": [["Name", "Qty", "Card Cost", "Effect text"], ["Iron Smith", "=1+2", 4, "x"]]})
    with pytest.raises(DataErrors) as err:
        _load(folder)
    assert [str(e) for e in err.value.errors] == [
        "deck.xlsx:Deck!R2 (Qty): a formula ('=1+2') saved without its value, which reads as an empty cell; open "
        "the workbook in a spreadsheet program and save it again (that computes it)"]


def test_headers_that_collide_in_any_case_are_refused_at_the_header(runner, tmp_path):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    items_from: deck.csv
""", {"deck.csv": "Name,NAME,Cost\nA,B,1\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert "deck.csv:1: columns 'Name' and 'NAME' both fill the item key 'name'" in result.output


def test_items_written_as_one_row_template_are_refused_with_how_rows_become_items(runner, tmp_path):
    # a designer's guess at a template for every row: items: {name: "{{ Name }}", ...}
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    items_from: deck.csv
    items:
      name: "{{ Name }}"
      count: "{{ Copies }}"
""", {"deck.csv": "Name,Copies\nA,2\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert ("game.yaml:8: components[1].items: expected a list (one '- {name: Bend, count: 6}' per item; with "
            "items_from: each row of the spreadsheet is an item, its headers naming the keys)") in result.output


def test_an_undefined_name_is_an_error_naming_the_item_and_its_row(runner, tmp_path):
    folder = _game(tmp_path / "g", DECK.replace("{{ Wood }}\", size_pt", "{{ Wod }}\", size_pt"),
                   {"deck.csv": CSV})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    # a name that is no column: the row, and where in the YAML the template is
    assert re.search(r"deck\.csv:2 \(from \S*game\.yaml:5\): card 'Deck', item 'Scout': text: 'Wod' is not a "
                     r"column or field of this item", result.output), result.output


def test_a_numeric_key_from_a_cell_that_is_not_a_number_is_refused_at_its_cell(runner, tmp_path):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {elements: [{type: text, at_mm: [0, 0], text: x, size_pt: "{{ Size }}"}]}
    items_from: deck.csv
""", {"deck.csv": "Name,Size\nA,10\nB,big\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert "deck.csv:3 (Size): element.size_pt: expected a number, not 'big'" in result.output, result.output


@pytest.mark.parametrize("cell, expected", [
    ("../../secret.png", "deck.csv:2 (Art): image '../../secret.png'"),
    ("/etc/hosts", "deck.csv:2 (Art): image '/etc/hosts'"),
    ("art/none.png", "deck.csv:2 (Art): image 'art/none.png'"),
])
def test_a_picture_cell_cannot_leave_the_game_folder(runner, tmp_path, cell, expected):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    items_from: {file: deck.csv, columns: {Art: image}}
""", {"deck.csv": f"Name,Art\nA,{cell}\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1 and expected in result.output, result.output


def test_a_picture_chosen_by_a_template_cannot_leave_the_game_folder(runner, tmp_path):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {elements: [{type: image, at_mm: [-20, -20], size_mm: [40, 30], image: "art/{{ Art }}.png"}]}
    items_from: deck.xlsx
""")
    _xlsx(folder / "deck.xlsx", {"Deck": [["Name", "Art"], ["A", "../../../etc/x"]]})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert "deck.xlsx:Deck!R2 (Art): image 'art/../../../etc/x.png'" in result.output, result.output
    assert "leaves the game folder" in result.output


def test_an_unknown_icon_in_a_cell_is_refused_at_its_cell(runner, tmp_path):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    items_from: deck.csv
""", {"deck.csv": "Name,Text\nA,Gain {icon:nope}\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1 and "deck.csv:2 (Text): unknown icon {icon:nope}" in result.output, result.output


@pytest.mark.parametrize("cell, expected", [
    ("many", "deck.csv:2 (Count): count: expected a whole number"),
    ("-3", "deck.csv:2 (Count): count: must be at least 0"),
    ("99999999", "deck.csv:2 (Count): count:"),
])
def test_a_bad_number_in_a_cell_is_refused_at_its_cell(runner, tmp_path, cell, expected):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    items_from: deck.csv
""", {"deck.csv": f"Name,Count\nA,{cell}\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1 and expected in result.output, result.output


HOSTILE = ["../../x.png", "/etc/passwd", "{icon:nope}", "{text:nope}", "{{ 7*7 }}", "1e999", "nan", "-0",
           "99999999999999999999", "\x07bell", "x" * 6000, "#zzzzzz", "none", "same", "{% for %}", "=1/0",
           "true", "Heavy Cavalry", "0604", " ", "😀", "{icon:forest}"]


@pytest.mark.parametrize("column", ["Name", "Count", "Title", "Value", "Text", "Fill", "Ink", "Terrain", "Icon",
                                    "Image", "Colour", "Back", "Back.Title", "Rotate", "Font", "Icon_scale",
                                    "Pattern", "Image_fit", "Cue", "Id", "Band", "Layout", "Field"])
def test_no_cell_reaches_the_build_unchecked(runner, tmp_path, column):
    """Every hostile cell in every column either validates and builds, or is refused with its position:
    never an internal error, a traceback, or a file from outside the game."""
    import csv
    import io

    from generator.base.errors import DataErrors
    from generator.build.game import Options, build_game

    rows = [[f"c{i}", cell] if column != "Name" else [cell] for i, cell in enumerate(HOSTILE)]
    header = ["Name", column] if column != "Name" else ["Name"]
    folder = tmp_path / "g"
    built = False
    for _ in range(3):  # validate; drop the rows refused (each at its position); again, until it passes
        buf = io.StringIO()
        csv.writer(buf).writerows([header] + rows)
        _game(folder, """layouts:
  other: [{type: text, at_mm: [0, 0], text: other}]
components:
  - id: deck
    name: Deck
    kind: card
    face: {elements: [{type: text, at_mm: [0, 20], text: "{{ row['Field'] if 'Field' in row else name }}"}]}
    items_from: deck.csv
""", {"deck.csv": buf.getvalue()})
        result = _validate(runner, folder)
        assert result.exit_code in (0, 1), result.output
        assert "Traceback" not in result.output and "internal error" not in result.output
        if result.exit_code == 0:
            try:
                game = _load(folder)
            except DataErrors as exc:  # pragma: no cover - validate said ok
                pytest.fail(str(exc))
            build_game(game, tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
            built = True
            break
        refused = set()
        for line in result.output.splitlines():
            m = re.match(r"deck\.csv:(\d+)( \([^)]+\))?: ", line)
            if m:
                refused.add(int(m.group(1)))
            else:
                assert line.endswith(("problems found.", "problem found.")) or not line.startswith("deck"), line
        assert refused, result.output
        rows = [r for n, r in enumerate(rows, start=2) if n not in refused]
    assert built


def test_statements_and_attribute_escapes_are_refused_at_their_line(runner, tmp_path):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {title: "{% for x in y %}{% endfor %}"}
    items: [{name: A, count: 1}]
""")
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:6: title: only expressions", result.output), result.output
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace(
        '{% for x in y %}{% endfor %}', '{{ name.__class__ }}'))
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:7: card 'Deck', item 'A': title: .*refused: access to attribute '__class__'",
                     result.output), result.output


def test_a_result_longer_than_a_text_may_be_is_refused(runner, tmp_path):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {text: "{{ 'ab' * 100000 }}"}
    items: [{name: A, count: 1}]
""")
    result = _validate(runner, folder)
    assert result.exit_code == 1 and "longer than 5,000 characters" in result.output, result.output


def test_a_template_is_compiled_once_for_the_whole_deck(tmp_path):
    from generator.source import template

    template.compile_text.cache_clear()
    rows = "".join(f"C{i},{i % 3}\n" for i in range(200))
    _load(_game(tmp_path / "g", DECK.replace("items_from: {file: deck.csv, columns: {Qty: count}}",
                                               "items_from: deck.csv"),
                {"deck.csv": "Name,Wood,Steel,VP,Type,Effect text\n" + "".join(
                    f"C{i},{i % 3},,1,unit,x\n" for i in range(200))}))
    info = template.compile_text.cache_info()
    assert info.misses < 20 and info.hits > 200, info


def test_when_on_a_face_key_and_per_item_layouts(tmp_path):
    game = _load(_game(tmp_path / "g", """layouts:
  plain: [{type: text, at_mm: [0, 0], text: plain}]
  fancy:
    extends: plain
    star: {type: text, at_mm: [0, 10], text: fancy}
components:
  - id: deck
    name: Deck
    kind: card
    layout: plain
    face: {subtitle: {value: "Elite {{ name }}", when: "{{ Elite }}"}}
    items_from: deck.csv
""", {"deck.csv": "Name,Elite,Layout\nA,yes,fancy\nB,,\n"}))
    a, b = game.components[0].items
    assert a.face["subtitle"] == "Elite A" and "subtitle" not in b.face
    assert [e["text"] for e in _elements(a)] == ["plain", "fancy"]
    assert [e["text"] for e in _elements(b)] == ["plain"]


def test_copy_and_player(tmp_path):
    game = _load(_game(tmp_path / "g", """colours:
  - {id: red, name: Red, fill: "#cc2222", cue: R}
  - {id: Deep Blue, name: Blue, fill: "#2222cc", cue: B}
components:
  - id: tokens
    name: Tokens
    kind: token
    size_mm: 20
    per_player: true
    face: {value: "{{ copy }}", text: "{{ player.name }}"}
    items: [{name: Marker, count: 2}]
"""))
    faces = [(i.colour.id, i.face["value"], i.face["text"], i.count) for i in game.components[0].items]
    assert faces == [("red", "1", "Red", 1), ("red", "2", "Red", 1), ("deep-blue", "1", "Blue", 1),
                     ("deep-blue", "2", "Blue", 1)]  # a value is a text: the number as it prints


def test_ids_are_compared_ignoring_case_with_spaces_as_hyphens(runner, tmp_path):
    folder = _game(tmp_path / "g", """terrain:
  Heavy Woods: {name: Heavy woods, fill: "#225522", icon: Forest}
colours:
  - {id: German, name: German, fill: "#555555", cue: G}
components:
  - id: units
    name: Units
    kind: counter
    size_mm: 16
    items_from: units.csv
""", {"units.csv": "Name,Terrain,Colour,Id,Text\nINF,HEAVY WOODS,german,Heavy Cavalry,{icon:FOREST}\n"})
    assert _validate(runner, folder).exit_code == 0
    item = _load(folder).components[0].items[0]
    assert (item.id, item.face["terrain"], item.colour.id, item.face["text"]) == (
        "heavy-cavalry", "heavy-woods", "german", "{icon:forest}")
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace(
        "terrain:\n", "terrain:\n  heavy woods: {name: again, fill: \"#000000\"}\n"))
    result = _validate(runner, folder)
    assert result.exit_code == 1 and "are one id" in result.output


def test_a_variant_changes_values_and_its_files_carry_its_name(runner, tmp_path):
    folder = _game(tmp_path / "g", """values: {ink: "#8b5a2b"}
variants:
  bw: {values: {ink: "#000000"}}
components:
  - id: deck
    name: Deck
    kind: card
    face: {band: "{{ ink }}", footer: "{{ variant or 'colour' }}"}
    items: [{name: A, count: 1}]
""")
    assert _load(folder).components[0].items[0].face["band"] == "#8b5a2b"
    bw = _load(folder, "bw")
    assert bw.components[0].items[0].face["band"] == "#000000"
    assert bw.components[0].items[0].face["footer"] == "bw"
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", str(folder), "--variant", "bw", "--out", str(out), "--paper", "a4",
                                 "--format", "pdf", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert [p.name for p in (out / "sg-bw" / "a4").glob("*.pdf")] == ["sg-bw-a4-single.pdf"]
    result = runner.invoke(cli, ["build", str(folder), "--variant", "grey", "--out", str(out)])
    assert result.exit_code == 2 and "no variant 'grey'" in result.output and "bw" in result.output


def test_a_variant_that_breaks_the_format_is_refused_by_validate(runner, tmp_path):
    folder = _game(tmp_path / "g", """variants:
  bw: {values: {ink: [1, 2]}}
""" + _one_card())
    result = _validate(runner, folder)
    assert result.exit_code == 1 and "values.ink" in result.output, result.output


def _one_card(layout: str | None = None) -> str:
    """A deck of one card (drawn by ``layout``)."""
    drawn = f"    layout: {layout}\n" if layout else ""
    return f"components:\n  - id: deck\n    name: Deck\n    kind: card\n{drawn}    items: [{{name: A, count: 1}}]\n"


def test_layout_extends_loops_and_unknown_layouts_are_refused(runner, tmp_path):
    folder = _game(tmp_path / "g", """layouts:
  a: {extends: b, x: {type: text, at_mm: [0, 0], text: a}}
  b: {extends: a}
""" + _one_card("c"))
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert "layouts extend each other in a loop" in result.output
    assert "no layout 'c'" in result.output


def test_items_csv_keeps_working_beside_templates(tmp_path):
    game = _load(_game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    items_csv: deck.csv
""", {"deck.csv": "name,count,value\nA,2,3\n"}))
    item = game.components[0].items[0]
    assert (item.name, item.count, item.face["value"]) == ("A", 2, "3")


def test_items_csv_rows_take_the_faces_templates(tmp_path):
    game = _load(_game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {subtitle: "{{ name|upper }} ({{ value }})"}
    items: [{name: Yaml, count: 1, value: 1, footer: "{{ name }}!"}]
    items_csv: deck.csv
""", {"deck.csv": "name,count,value\nA,2,3\n"}))
    first, second = game.components[0].items
    assert (first.face["subtitle"], first.face["footer"]) == ("YAML (1)", "Yaml!")
    assert (second.name, second.count, second.face["subtitle"]) == ("A", 2, "A (3)")


def test_an_element_extending_badly_is_refused_once_at_its_line(runner, tmp_path):
    folder = _game(tmp_path / "g", """layouts:
  card:
    x: {extends: y, type: text, at_mm: [0, 0], text: x}
    y: {extends: x, type: text, at_mm: [0, 5], text: y}
    z: {extends: [1, 2], type: text, at_mm: [0, 9], text: z}
    w: {extends: z, shift_mm: [0, 4]}
""" + _one_card("card"))
    result = _validate(runner, folder)
    lines = [ln for ln in result.output.splitlines() if "game.yaml:" in ln]
    assert result.exit_code == 1
    assert sum("extend each other in a loop" in ln for ln in lines) == 1, result.output
    z_line, w_line = 6, 7  # after the game: line _game writes
    assert [ln.split("game.yaml:", 1)[1] for ln in lines if f"game.yaml:{z_line}:" in ln] == \
        [f"{z_line}: layouts.card.z.extends: expected an id (up to 64 lowercase letters, digits, - and _)"]
    assert not any(f"game.yaml:{w_line}:" in ln for ln in lines)  # w extends the refused z: said once, at z


def test_an_extending_element_moves_and_grows_as_squibs_plus_equals(tmp_path):
    game = _load(_game(tmp_path / "g", """layouts:
  card:
    frame: {type: box, at_mm: [-20, -30], size_mm: [10, 8], fill: "#222222"}
    text: {extends: frame, shift_mm: [-3, 10], grow_mm: [6, 0], text: "{{ name }}"}
components:
  - id: deck
    name: Deck
    kind: card
    layout: card
    items: [{name: A, count: 1}]
"""))
    frame, text = _elements(game.components[0].items[0])
    assert (text["at_mm"], text["size_mm"], text["fill"], text["text"]) == ([-23, -20], [16, 8], "#222222", "A")
    assert frame["at_mm"] == [-20, -30]


def test_an_element_others_extend_that_cannot_print_alone_is_their_pattern_not_drawn(tmp_path):
    """A text written only to be extended (no text: of its own) printed nothing; since a text needs
    text:, it is a pattern for the others, not drawn and not refused. A box others extend prints on its
    own (above), so it is drawn."""
    game = _load(_game(tmp_path / "g", """layouts:
  card:
    base: {type: text, at_mm: [-25, 0], size_pt: 9, font: bold}
    cost: {extends: base, text: "{{ name }}"}
    rule: {extends: base, shift_mm: [0, 10], text: Go}
components:
  - id: deck
    name: Deck
    kind: card
    layout: card
    items: [{name: A, count: 1}]
"""))
    drawn = _elements(game.components[0].items[0])
    assert [(el["text"], el["at_mm"], el["font"]) for el in drawn] == [("A", [-25, 0], "bold"), ("Go", [-25, 10], "bold")]


ICON_TABLE = """values:
  icon_for: {A: crown, B: sword, X: shield}
layouts:
  card:
    icons: {type: icon, at_mm: [-25, 30], size_mm: [8, 8], icon: "{{ icon_for[Icons[i]] }}",
            repeat: "{{ Icons|length }}", step_mm: [10, 0]}
components:
  - id: deck
    name: Deck
    kind: square-tile
    size_mm: [63.5, 88.9]
    layout: card
    items_from: cards.csv
"""


def test_a_values_table_turns_each_letter_of_a_cell_into_its_icon(tmp_path):
    """nanDECK's ICON=[all],A,up.svg then ICONS=[all],[icons],...: a cell "BX" prints a sword then a
    shield, 10 mm apart, from a table written once in values:."""
    game = _load(_game(tmp_path / "g", ICON_TABLE, {"cards.csv": "Name,Icons\nWounded,BX\nHurt,AX\n"}))
    wounded, hurt = game.components[0].items
    assert [(e["icon"], e["at_mm"]) for e in _elements(wounded)] == [("sword", [-25, 30]), ("shield", [-15, 30])]
    assert [e["icon"] for e in _elements(hurt)] == ["crown", "shield"]


def test_a_letter_missing_from_a_values_table_is_named_at_its_cell(runner, tmp_path):
    folder = _game(tmp_path / "g", ICON_TABLE, {"cards.csv": "Name,Icons\nWounded,BX\nHurt,AZ\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert "cards.csv:3 (Icons)" in result.output and "has no key 'Z'" in result.output, result.output
    assert "no such column" not in result.output


def test_a_value_that_is_neither_a_text_nor_a_table_says_what_values_may_be(runner, tmp_path):
    folder = _game(tmp_path / "g", """values: {ink: [1, 2], table: {"yes": 1, Elite: [3]}}
""" + _one_card())
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert "values.ink: expected a text, number, true/false, or a table of them" in result.output, result.output
    assert "values.table.Elite: expected a text, number or true/false" in result.output, result.output
    assert "expected true or false" not in result.output


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
       '<rect width="10" height="10" fill="#000000"/></svg>\n')


def test_every_bad_row_of_a_sheet_is_reported_in_one_run(runner, tmp_path):
    """The Squib tutorial deck with two mistakes: 'drome' for drone in row 4 and a picture that is not
    there in row 5. validate names both at once, not the second only after the first is fixed."""
    folder = _game(tmp_path / "g", """layouts:
  card:
    faction: {type: image, at_mm: [-28, -41], size_mm: [6, 6], image: "{{ {'human': 'h', 'drone': 'd'}[faction] }}.svg"}
    art: {type: image, at_mm: [-15, -27], size_mm: [30, 30], image: "{{ illustration }}.svg"}
components:
  - id: deck
    name: Deck
    kind: square-tile
    size_mm: [63.5, 88.9]
    layout: card
    items_from: data.csv
""", {"data.csv": "name,faction,illustration\nNinja,human,ninja\nPirate,human,ninja\nZombie,drome,ninja\n"
                  "Robot,drone,robot-golm\n", "h.svg": SVG, "d.svg": SVG, "ninja.svg": SVG})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert "data.csv:4 (faction)" in result.output and "no key 'drome'" in result.output, result.output
    assert "data.csv:5 (illustration): image 'robot-golm.svg': no such file" in result.output, result.output
    assert "2 problems found" in result.output


def test_a_cell_written_in_html_prints_as_rich_text_with_the_html_filter(tmp_path):
    """nanDECK's HTMLTEXT cells (constellation-cards' cards.csv): <br> and <li> lines, &#39;
    entities and <b> bold, read by {{ Desc|html }} rather than printed as tags."""
    cells = ('Name,Desc,Prompts\n'
             'Dreamer,"Tomorrow beckons.<br><br>You aren&#39;t <b>alone</b>, 2*3.",'
             '"<li>Remind someone</li><li>Light a candle</li>"\n')
    game = _load(_game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {text: "{{ Desc|html }}", flavour: "{{ Prompts|html }}"}
    items_from: cards.csv
""", {"cards.csv": cells}))
    card = game.components[0].items[0]
    assert card.face["text"] == "Tomorrow beckons.\n\nYou aren't **alone**, 2\\*3."
    assert card.face["flavour"] == "• Remind someone\n• Light a candle"


def test_a_template_that_nothing_fills_in_is_refused_not_printed_with_its_braces(runner, tmp_path):
    """A ``{{ }}`` is filled in per item in a face, a back, an item, an element, a layout or a die's faces.
    In a component's name, a sheet title or the game's own keys nothing fills it in, and the page would
    show "Deck of {{ Name }}" braces and all: validate refuses each at its line, and says where templates
    work. Inside the face the same template is filled in, and a die's faces take them too."""
    body = """components:
  - id: deck
    name: "Deck of {{ Name }}"
    kind: counter
    size_mm: [16, 16]
    sheet_title: "{{ Name }} counters"
    face: {title: "{{ name }}"}
    items: [{name: A, count: 1}]
  - id: die
    name: Die
    kind: die
    sides: 6
    size_mm: [16, 16]
    faces: ["{{ index + 1 }}", 2, 3, 4, 5, 6]
    items: [{name: D, count: 1}]
"""
    folder = _game(tmp_path / "g", body)
    result = _validate(runner, folder)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "template" in line]
    assert len(lines) == 2, result.output
    assert re.search(r"game\.yaml:4: \S*name: 'Deck of \{\{ Name \}\}' holds a \{\{ \}\} template", lines[0])
    assert re.search(r"game\.yaml:7: \S*sheet_title: '\{\{ Name \}\} counters' holds", lines[1])
    assert "filled in per item only in a face, back, item, element, layout or die's faces" in lines[0]
    fixed = body.replace('"Deck of {{ Name }}"', "Deck").replace('"{{ Name }} counters"', "Counters")
    (folder / "game.yaml").write_text(HEAD + fixed)
    assert _validate(runner, folder).exit_code == 0
    game = _load(folder)
    assert [c.items[0].face.get("title") for c in game.components if c.id == "deck"] == ["A"]


def test_markup_in_a_name_or_title_is_refused_where_it_would_print_as_written(runner, tmp_path):
    """A component's name, the game's title and short title, a sheet title and an item's group print
    as plain text (block headings, page footers, the contents page): "{icon:apple}" or "**bold**" there
    would print letter for letter, so validate refuses it at its line and says where markup works.
    A single star, as in a footnote mark, prints as written and is fine; a name that is a number too."""
    body = """components:
  - id: deck
    name: "Counters {icon:apple}"
    kind: counter
    size_mm: [16, 16]
    sheet_title: "The **big** sheet"
    items: [{name: A, count: 1, group: "Reds {icon:apple}", text: "Take {icon:crown} **now**"}]
"""
    folder = _game(tmp_path / "g", body)
    result = _validate(runner, folder)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "prints as plain text" in line]
    assert len(lines) == 3, result.output
    assert re.search(r"game\.yaml:4: \S*name: 'Counters \{icon:apple\}' prints as plain text here \(a name or "
                     r"a title\), so \{icon:\.\.\.\} and \*\*bold\*\* would print as written: they work in a "
                     r"face's texts", lines[0]), lines[0]
    assert "game.yaml:7: " in lines[1] and "sheet_title" in lines[1]
    assert "game.yaml:8: " in lines[2] and "group" in lines[2]
    fixed = body.replace("Counters {icon:apple}", "Counters*").replace("The **big** sheet", "1944") \
        .replace("Reds {icon:apple}", "Reds")
    (folder / "game.yaml").write_text(HEAD + fixed)
    assert _validate(runner, folder).exit_code == 0


def test_a_template_inside_a_list_is_checked_as_its_value_would_be_written(runner, tmp_path, monkeypatch):
    """A card's sections are mappings; a template written in place of one gives a text, which the
    card could not draw (the build ended in an internal error while validate said ok: format fuzz
    seed 1130, case 2989). Validate refuses it at each row, naming where the list was written; a
    template inside a section's text is fine."""
    body = """components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    face: {sections: ["{{ 'Rally' if VP else 'Rest' }}"]}
    items_from: items.csv
"""
    folder = _game(tmp_path / "g", body, {"items.csv": "Name,Count,VP\nA,1,1\nB,2,0\n"})
    monkeypatch.chdir(tmp_path)  # the game's files named as the user gave the folder: g/game.yaml
    result = runner.invoke(cli, ["validate", "g"])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "sections[1]" in line]
    assert lines == [f"items.csv:{row} (from g/game.yaml:7): sections[1]: expected a mapping (section) with keys "
                     "bullets, header, heading, rows, text, widths" for row in (2, 3)], result.output
    (folder / "game.yaml").write_text(HEAD + body.replace('sections: ["{{', 'sections: [{text: "{{')
                                      .replace('}}"]}', '}}"}]}'))
    assert _validate(runner, folder).exit_code == 0
    built = runner.invoke(cli, ["build", str(folder), "--paper", "a4", "--format", "pdf", "--out",
                                str(tmp_path / "out")])
    assert built.exit_code == 0, built.output


def test_a_template_written_in_place_of_an_element_is_refused_at_each_row(runner, tmp_path, monkeypatch):
    """An element is a mapping ({type: ...}); a template in its place gives a text, which the build
    could not draw (internal error after validate said ok: format fuzz seed 1131, case 969)."""
    body = """components:
  - id: tiles
    name: Tiles
    kind: square-tile
    size_mm: 40
    face: {elements: ["{{ 'x' if VP else 'y' }}"]}
    items_from: items.csv
"""
    _game(tmp_path / "g", body, {"items.csv": "Name,Count,VP\nA,1,1\nB,2,0\n"})
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["validate", "g"])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "elements[1]" in line]
    assert [line.split(": elements[1]: ")[0] for line in lines] == ["items.csv:2", "items.csv:3"], result.output
    assert all(": expected a mapping (board element) with keys align, anchor, at, " in line
               and line.endswith(" more (docs/data-format.md)") and len(line) <= 300 for line in lines), lines


UNREAD = """components:
  - id: ships
    name: Ships
    kind: card
    size: poker
    face: {title: "{{ Name }}", text: "{{ row['Rule text'] }}", value: "{{ Cost }}"}
    items_from: {file: ships.csv, columns: {COLUMNS}}
"""
SHIPS = "Name,Qty,Cost,Speed,Rule text,Notes\nSloop,4,2,3,Move one more.,first draft\nBrig,3,3,2,,\n"


@pytest.mark.parametrize("columns, said", [
    ("{}", "ships.csv:1: columns 'Qty', 'Speed', 'Notes' are not item keys and no {{ }} reads them: "
           "they print nothing; read them in a {{ }}, or map each under items_from: columns: (to none for a "
           "note) ('Qty' as each item's count: columns: {Qty: count})"),
    ("{Qty: count, Notes: none}", "ships.csv:1: column 'Speed' is not an item key and no {{ }} reads "
                                  "it: it prints nothing; read it in a {{ }}, or map it under items_from: "
                                  "columns: (to none for a note)"),
    ("{Qty: count, Notes: none, Speed: none}", None),
])
def test_a_column_nothing_reads_is_warned_of_at_the_sheets_header(tmp_path, columns, said):
    """A Squib designer's Qty column is not the count unless mapped: the deck printed one of each and
    validate said ok. Each column that neither fills an item key, nor is read by a {{ }} (by name or as
    row['...']), nor is mapped to none prints nothing, and is said once, at the header."""
    folder = _game(tmp_path / "g", UNREAD.replace("{COLUMNS}", columns), {"ships.csv": SHIPS})
    game = _load(folder)
    warned = [str(w) for w in game.warnings if "ships.csv:1" in str(w)]
    assert warned == ([said] if said else [])
    counts = [item.count for item in game.components[0].items]
    assert counts == ([1, 1] if columns == "{}" else [4, 3])


def test_a_template_reading_row_in_a_way_not_followed_warns_of_no_column(tmp_path):
    body = UNREAD.replace("value: \"{{ Cost }}\"", "value: \"{{ row[Name] if Name in row else Cost }}\"")
    folder = _game(tmp_path / "g", body.replace("{COLUMNS}", "{}"), {"ships.csv": SHIPS})
    assert [str(w) for w in _load(folder).warnings if "ships.csv:1" in str(w)] == []
