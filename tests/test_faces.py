"""Every face key prints on every piece kind, both sides, or validation refuses it; the silent
problems of issue #11 are errors or warnings with their file:line. Text is read back from the PDF
with pypdfium2, sizes measured from the PDF's own text objects."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import ROOT

GAME_HEAD = """\
format: 1
game: {id: facetest, title: Face test, author: Tester, licence: CC0, source: a test, players: [1, 2]}
icons:
  dot:
    - circle: [50, 50, 30]
"""

# one word per key and side, so each one can be found in the PDF's text
KEYS = ("title", "subtitle", "value", "text", "flavour", "footer")
SIZES = {"hex-tile": "size_mm: 38", "square-tile": "size_mm: 30", "token": "size_mm: 32",
         "counter": "size_mm: [30, 30]", "card": "size: poker"}


def _word(kind: str, side: str, key: str) -> str:
    short = {"hex-tile": "Hx", "square-tile": "Sq", "token": "Tk", "counter": "Ct", "card": "Cd"}[kind]
    return f"{short}{side[0].upper()}{key[:3].capitalize()}"


def _every_key_game(folder: Path) -> Path:
    lines = [GAME_HEAD, "components:\n"]
    for kind, size in SIZES.items():
        lines.append(f"  - id: {kind}s\n    name: {kind} set\n    kind: {kind}\n    {size}\n    items:\n")
        lines.append("      - count: 1\n        icon: dot\n")
        for k in KEYS:
            lines.append(f"        {k}: {_word(kind, 'front', k)}\n")
        lines.append("        back:\n")
        for k in KEYS:
            lines.append(f"          {k}: {_word(kind, 'back', k)}\n")
        if kind == "card":
            lines.append(f"          sections: [{{heading: {_word(kind, 'back', 'sections')}, text: words}}]\n")
            lines.append(f"          elements: [{{type: text, at_mm: [0, 30], text: {_word(kind, 'back', 'elements')},"
                         f" anchor: middle, size_pt: 7}}]\n")
            lines.append(f"        sections: [{{heading: {_word(kind, 'front', 'sections')}, text: words}}]\n")
            lines.append(f"        elements: [{{type: text, at_mm: [0, 30], text: {_word(kind, 'front', 'elements')},"
                         f" anchor: middle, size_pt: 7}}]\n")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("".join(lines))
    return folder


def _build(folder: Path, out: Path) -> dict:
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    return build_game(load_game(folder), out, Options(papers=("a4",), formats=("pdf",)))


def _page_texts(pdf: Path) -> list[str]:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        out = []
        for page in doc:
            tp = page.get_textpage()
            out.append(tp.get_text_range())
            tp.close()
            page.close()
        return out
    finally:
        doc.close()


def _sizes_of(pdf: Path, word: str, exact: bool = False) -> list[float]:
    """Font sizes (pt, as printed) at which ``word`` is set, from the PDF's text objects, through
    any form XObjects they sit in (``exact``: objects holding that word alone)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as raw

    found: list[float] = []

    def text_of(obj, tp) -> str:
        n = raw.FPDFTextObj_GetText(obj, tp.raw, None, 0)
        buf = ctypes.create_string_buffer(n * 2)
        raw.FPDFTextObj_GetText(obj, tp.raw, ctypes.cast(buf, ctypes.POINTER(ctypes.c_ushort)), n)
        return buf.raw.decode("utf-16-le", errors="ignore").rstrip("\x00")

    def matrix(obj) -> tuple:
        m = raw.FS_MATRIX()
        raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(m))
        return (m.a, m.b, m.c, m.d)

    def walk(objs, scale, tp):
        for obj in objs:
            kind = raw.FPDFPageObj_GetType(obj)
            a, b, c, d = matrix(obj)
            own = abs(a * d - b * c) ** 0.5
            if kind == raw.FPDF_PAGEOBJ_FORM:
                n = raw.FPDFFormObj_CountObjects(obj)
                walk([raw.FPDFFormObj_GetObject(obj, i) for i in range(n)], scale * own, tp)
            elif kind == raw.FPDF_PAGEOBJ_TEXT:
                text = text_of(obj, tp)
                if (text.strip() == word) if exact else (word in text):
                    size = ctypes.c_float()
                    raw.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
                    found.append(size.value * own * scale)

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for page in doc:
            tp = page.get_textpage()
            n = raw.FPDFPage_CountObjects(page.raw)
            walk([raw.FPDFPage_GetObject(page.raw, i) for i in range(n)], 1.0, tp)
            tp.close()
    finally:
        doc.close()
    return found


@pytest.fixture(scope="module")
def every_key(tmp_path_factory):
    root = tmp_path_factory.mktemp("every")
    folder = _every_key_game(root / "game")
    entry = _build(folder, root / "out")
    return root / "out" / "facetest", entry


def test_every_face_key_prints_on_every_kind_front_and_back(every_key):
    out, entry = every_key
    text = "\n".join(_page_texts(out / "a4" / "facetest-a4-duplex.pdf"))
    missing = []
    for kind in SIZES:
        for side in ("front", "back"):
            keys = KEYS + (("sections", "elements") if kind == "card" else ())
            for key in keys:
                if _word(kind, side, key) not in text:
                    missing.append(f"{kind} {side} {key}")
    assert not missing, f"keys that validate but did not print: {missing}"
    assert entry["warnings"] == [], entry["warnings"]


def test_piece_text_is_never_under_5_pt(every_key):
    out, _ = every_key
    pdf = out / "a4" / "facetest-a4-duplex.pdf"
    for kind in ("hex-tile", "square-tile", "token", "counter"):
        for key in KEYS:
            sizes = _sizes_of(pdf, _word(kind, "front", key))
            assert sizes, (kind, key)
            assert min(sizes) >= 5.0 - 1e-3, (kind, key, sizes)


def test_counter_factors_run_along_the_bottom_edge(tmp_path):
    """A wargame counter: the '4-3-4' footer sits low on the counter, front and reduced back differ."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME_HEAD + textwrap.dedent("""\
        components:
          - id: units
            name: Units
            kind: counter
            size_in: 0.5
            bleed_mm: 0
            face: {fill: "#ffffff", ink: "#000000"}
            items:
              - {id: inf, count: 1, title: 1/5, footer: "4-3-4", back: {title: 1/5, footer: "2-3-4"}}
    """))
    _build(folder, tmp_path / "out")
    pdf = tmp_path / "out" / "facetest" / "a4" / "facetest-a4-duplex.pdf"
    texts = _page_texts(pdf)
    fronts = next(i for i, t in enumerate(texts) if "4-3-4" in t)
    backs = next(i for i, t in enumerate(texts) if "2-3-4" in t)
    assert backs == fronts + 1
    cx, cy = _slot_centre(folder, "a4")
    for page, factors in ((fronts, "4-3-4"), (backs, "2-3-4")):
        box = _text_box(pdf, page, factors)
        title = _text_box(pdf, page, "1/5")
        if page == backs:  # long-edge flip: the back's slot is mirrored left to right
            cx_side = 210.0 - cx
        else:
            cx_side = cx
        half = 12.7 / 2
        # the factors line sits along the bottom edge, inside the cut, centred
        assert cy + half * 0.45 < box[3] < cy + half, (box, cy)
        assert abs((box[0] + box[2]) / 2 - cx_side) < 0.3
        # the title along the top
        assert cy - half < title[1] < cy - half * 0.45, (title, cy)
        # the factors are readable: at least 5 pt (1.76 mm per em) and no wider than the counter
        assert box[2] - box[0] < 12.7 - 1.0


def _slot_centre(folder: Path, paper_name: str, index: int = 0) -> tuple[float, float]:
    from generator.build.loading import load_game
    from generator.layout.page import paper
    from generator.layout.pieces import default_bleed, plan_grid

    comp = load_game(folder).components[0]
    p = paper(paper_name)
    bleed = float(comp.spec.get("bleed_mm", default_bleed(comp)))
    return plan_grid(comp, p, bleed, p.usable).centre(index)


def _slot_rotated(folder: Path, paper_name: str) -> bool:
    from generator.build.loading import load_game
    from generator.layout.page import paper
    from generator.layout.pieces import default_bleed, plan_grid

    comp = load_game(folder).components[0]
    p = paper(paper_name)
    return plan_grid(comp, p, float(comp.spec.get("bleed_mm", default_bleed(comp))), p.usable).rotated


def _text_box(pdf: Path, page_index: int, word: str) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm, y down, of the first place ``word`` is printed on the page."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        page = doc[page_index]
        height = page.get_size()[1]
        tp = page.get_textpage()
        search = tp.search(word)
        hit = search.get_next()
        assert hit, f"{word!r} not on page {page_index}"
        start, count = hit
        boxes = [tp.get_charbox(i) for i in range(start, start + count)]
        k = 25.4 / 72
        x0 = min(b[0] for b in boxes) * k
        x1 = max(b[2] for b in boxes) * k
        y0 = (height - max(b[3] for b in boxes)) * k
        y1 = (height - min(b[1] for b in boxes)) * k
        search.close()
        tp.close()
        return (x0, y0, x1, y1)
    finally:
        doc.close()


def test_item_back_merges_over_the_component_back(tmp_path):
    from generator.build.loading import load_game

    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME_HEAD + textwrap.dedent("""\
        components:
          - id: chits
            name: Chits
            kind: token
            size_mm: 20
            back: {fill: "#123456", title: Spent, icon: dot}
            items:
              - {id: a, count: 1, title: A, back: {title: Used}}
              - {id: b, count: 1, title: B}
              - {id: c, count: 1, title: C, back: same}
    """))
    comp = load_game(folder).components[0]
    a, b, c = comp.items
    assert a.back["fill"] == "#123456" and a.back["icon"] == "dot" and a.back["title"] == "Used"
    assert b.back == {"fill": "#123456", "title": "Spent", "icon": "dot"}
    assert c.back["title"] == "C"


def test_back_same_prints_the_front_of_a_card(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME_HEAD + textwrap.dedent("""\
        components:
          - id: aids
            name: Player aids
            kind: card
            back: same
            items:
              - {count: 1, title: Aid, text: "Sequence of play: move, then fight.", footer: Turn order}
    """))
    _build(folder, tmp_path / "out")
    texts = _page_texts(tmp_path / "out" / "facetest" / "a4" / "facetest-a4-duplex.pdf")
    sides = [t for t in texts if "Aid" in t and "Turn order" in t and "Sequence of play" in t]
    assert len(sides) == 2  # the fronts page and the backs page


def _validate(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "validate", str(folder)], cwd=ROOT,
                          capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def _game(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(GAME_HEAD + textwrap.dedent(body))
    return folder


@pytest.mark.parametrize("body, line, words", [
    ("""\
     components:
       - id: c
         name: C
         kind: counter
         size_mm: 15
         items:
           - {id: a, count: 1}
           - {id: a, count: 2}
     """, 13, "item id 'a' is used twice"),
    ("""\
     components:
       - id: b
         name: B
         kind: board
         size_mm: [100, 100]
         elements:
           - type: hexgrid
             at_mm: [50, 50]
             radius: 1
             hex_mm: 20
             marks:
               - {hex: [0, 0], text: A}
               - {hex: [0, 0], text: B}
     """, 18, "two marks on hex [0, 0]"),
    ("""\
     components:
       - id: b
         name: B
         kind: board
         size_mm: [100, 100]
         elements:
           - type: hexgrid
             at_mm: [50, 50]
             radius: 1
             hex_mm: 20
             marks:
               - {hex: [5, 0], text: A}
     """, 17, "hex [5, 0] is not in this grid"),
    ("""\
     components:
       - id: b
         name: B
         kind: board
         size_mm: [100, 100]
         elements:
           - {type: text, at_mm: [120, 50], text: Lost}
     """, 12, "outside the board"),
    ("""\
     components:
       - id: b
         name: B
         kind: board
         size_mm: [100, 100]
         elements:
           - {type: hexgrid, at_mm: [50, 50], radius: 3, hex_mm: 25}
     """, 12, "past the board"),
    ("""\
     components:
       - id: b
         name: B
         kind: board
         size_mm: [100, 100]
         elements:
           - {type: text, at_mm: [10, 50], text: Hi, cells: 4}
     """, 12, "cells does not print on a text element"),
    ("""\
     components:
       - id: c
         name: C
         kind: counter
         size_mm: 15
         items:
           - {count: 1, sections: [{text: hi}]}
     """, 12, "sections does not print on a counter"),
    ("""\
     components:
       - id: c
         name: C
         kind: card
         items:
           - {count: 1, rotate: 45}
     """, 11, "a card turns its face by 90, 180 or 270 degrees"),
    ("""\
     components:
       - id: c
         name: C
         kind: card
         items:
           - {count: 1, text: "Pay {icon:nosuch}"}
     """, 11, "unknown icon {icon:nosuch}"),
    ("""\
     components:
       - id: b
         name: B
         kind: board
         size_mm: [100, 100]
         face: {title: Nowhere}
     """, 11, "title does not print on a board's face"),
])
def test_silent_problems_are_errors_with_their_line(tmp_path, body, line, words):
    result = _validate(_game(tmp_path, body))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert re.search(rf"game\.yaml:{line}: .*{re.escape(words)}", result.stderr), result.stderr


@pytest.mark.parametrize("body, line, words", [
    ("""\
     components:
       - id: c
         name: C
         kind: counter
         size_mm: 15
         items:
           - {id: a, count: 0}
     """, 12, "count: 0 and prints nothing"),
    ("""\
     components:
       - id: r
         name: R
         kind: sheet
         sections:
           - rows: [[a, b], [c], [d, e]]
     """, 11, "table row 2 has 1 cell where the table has 2"),
    ("""\
     components:
       - id: b
         name: B
         kind: board
         size_mm: [100, 100]
         elements:
           - {type: text, at_mm: [90, 50], text: A long line of text}
     """, 12, "past the edge of the board"),
    ("""\
     components:
       - id: c
         name: C
         kind: counter
         size_mm: 12
         items:
           - {count: 1, title: Extraordinarily long title}
     """, 12, "the title 'Extraordinarily long title' is"),
])
def test_warnings_keep_the_kit_but_say_where(tmp_path, body, line, words):
    result = _validate(_game(tmp_path, body))
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(rf"game\.yaml:{line}: warning: .*{re.escape(words)}", result.stderr), result.stderr


def test_a_few_words_alone_on_a_small_token_print_across_its_middle(tmp_path):
    """A frost marker: "Round 8" and nothing else on a 20 mm token (text there is 5.5 pt). The width
    at the top of its room, near the circle's edge, holds no word, so the text was said not to fit and
    printed in two lines low on the token; set where the token is widest it takes one line across
    the middle, and nothing is said."""
    kind, size = "token", 20
    folder = _game(tmp_path, f"""\
        components:
          - id: frost
            name: Frost marker
            kind: {kind}
            size_mm: {size}
            bleed_mm: 0
            items: [{{name: Frost, count: 1, fill: "#cfe8f7", text: "Round 8"}}]
    """)
    result = _validate(folder)
    assert result.returncode == 0 and "warning" not in result.stderr, result.stderr
    _build(folder, tmp_path / "out")
    pdf = tmp_path / "out" / "facetest" / "a4" / "facetest-a4-single.pdf"
    x0, y0, x1, y1 = _text_box(pdf, 1, "Round 8")  # one line: the words found as one run
    cx, cy = _slot_centre(folder, "a4")
    assert abs((y0 + y1) / 2 - cy) < 1.0 and abs((x0 + x1) / 2 - cx) < 0.5, ((x0, y0, x1, y1), (cx, cy))


def test_card_footer_keeps_3_mm_from_the_cut(tmp_path):
    """The footer's lowest ink is at least 3 mm above the card's bottom cut line."""
    folder = _game(tmp_path, """\
        components:
          - id: c
            name: C
            kind: card
            size: mini
            bleed_mm: 0
            face: {fill: "#ffffff", ink: "#000000", band: "#ffffff"}
            items:
              - {count: 1, title: " ", footer: "gjpqy footer"}
        """)
    _build(folder, tmp_path / "out")
    pdf = tmp_path / "out" / "facetest" / "a4" / "facetest-a4-single.pdf"
    texts = _page_texts(pdf)
    page = next(i for i, t in enumerate(texts) if "footer" in t)
    box = _text_box(pdf, page, "gjpqy")
    cx, cy = _slot_centre(folder, "a4")
    if _slot_rotated(folder, "a4"):  # lying on its side, turned clockwise: its bottom edge is at the left
        gap = box[0] - (cx - 63.5 / 2)
    else:
        gap = cy + 63.5 / 2 - box[3]
    assert 3.0 - 0.05 <= gap < 4.5, gap  # clear of the cut, and still a footer near the edge


def test_thin_pieces_keep_5_pt_text_and_their_size(tmp_path):
    """A 25 x 6 mm marker lies turned on the sheet but its text stays >= 5 pt along the piece, and
    the contents page gives its real size."""
    folder = _game(tmp_path, """\
        components:
          - id: markers
            name: Turn markers
            kind: counter
            size_mm: [25, 6]
            items:
              - {id: t, count: 12, title: Turn, icon: dot, value: "1"}
        """)
    result = _validate(folder)
    assert result.returncode == 0 and "warning" not in result.stderr, result.stderr
    _build(folder, tmp_path / "out")
    pdf = tmp_path / "out" / "facetest" / "a4" / "facetest-a4-single.pdf"
    sizes = _sizes_of(pdf, "Turn", exact=True)
    assert len(sizes) == 12 and min(sizes) >= 5.0 - 1e-3, sizes
    contents = _page_texts(pdf)[0]
    assert "25.0 x 6.0 mm" in contents


def test_a_piece_too_thin_for_5_5_pt_text_is_refused(tmp_path):
    folder = _game(tmp_path, """\
        components:
          - id: markers
            name: Markers
            kind: counter
            size_mm: [25, 3]
            items:
              - {id: t, count: 1, title: Turn, footer: "Phase 2"}
        """)
    result = _validate(folder)
    assert result.returncode == 1
    assert re.search(r"game\.yaml:12: a 25 x 3 mm counter is too thin for 2 lines of text at 5.5 pt",
                     result.stderr), result.stderr
