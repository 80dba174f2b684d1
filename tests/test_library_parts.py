"""pnpforge runs the same on every Python and library release it allows: it writes through public calls,
and where it still touches a library's private parts (two of the PDF/X parts of --print-shop), the
finished file is checked instead of the release being trusted. Nothing here depends on the release
installed; nothing is skipped."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from conftest import EXAMPLE, ROOT

CODE = [p for folder in ("generator", "solo") for p in sorted((ROOT / folder).rglob("*.py"))]


def _calls_and_names(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute):
            base = node.value.id if isinstance(node.value, ast.Name) else ""
            found.add(f"{base}.{node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            found.add(f"{node.func.id}()")
    return found


def test_no_interpreter_internals_are_used():
    """Not re's private cache, not sys.unraisablehook, no code run from text (exec, eval) to clear
    an interpreter's flag: Ctrl-C is answered by a signal handler (generator/base/interrupts.py)."""
    for path in CODE:
        used = _calls_and_names(path)
        for banned in ("re._cache", "sys.unraisablehook", "sys.__unraisablehook__", "exec()", "eval()",
                       "_thread.interrupt_main"):
            assert banned not in used, f"{path.relative_to(ROOT)} uses {banned}"


def test_the_only_private_part_of_a_library_is_the_pdfx_document_and_it_is_checked():
    private = []
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                private.append((path.relative_to(ROOT).as_posix(), node.attr))
    # the canvas's document, and its date as reportlab's own Info dictionary writes it
    assert sorted(set(private)) == [("generator/draw/cmyk.py", "_doc"), ("generator/draw/cmyk.py", "_timeStamp")]


def _text_object_code(canvas, name: str, size: float, text: str) -> str:
    t = canvas.beginText()
    t.setFont(name, size)
    t.textOut(text)
    code = t.getCode()
    return code[len("BT 1 0 0 1 0 0 Tm "):-len(" ET")]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_line_is_written_as_reportlabs_text_object_writes_it(seed):
    """The PDF writer reads each character's code off reportlab's own text object once and makes the
    lines from them: every line, in any order of first use, including more characters than one
    subset holds (256), is the operators a text object writes for it in the same document."""
    from generator.draw import fonts
    from generator.draw.pdf import PdfSurface

    rng = random.Random(seed)
    ours, theirs = PdfSurface(title="t"), PdfSurface(title="t")
    name = fonts.pdf_name(str(ROOT / "docs" / "example-wargame" / "fonts" / "DejaVuSerifCondensed-Bold.ttf"))
    alphabet = [chr(c) for c in range(32, 127)] + [chr(c) for c in range(0xA0, 0x250)] + ["()\\", "\u2014", "\u4e00"]
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40))) for _ in range(300)]
    lines += lines[:50]  # lines seen before
    for text in lines:
        size = rng.choice([2.8, 3.5, 4.23])
        assert ours._glyphs(name, size, text) == _text_object_code(theirs._canvas, name, size, text), text
    assert len({code[0] for code in ours._codes[name].values()}) >= 2  # more than one subset was reached


def test_print_shop_files_are_whole_on_another_reportlab_release(tmp_path, monkeypatch):
    """reportlab's version reported as 5.1.1 (a release never seen here): the print-shop files are made,
    and read back with every PDF/X part."""
    import reportlab

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from generator.draw.cmyk import pdfx_problems

    monkeypatch.setattr(reportlab, "Version", "5.1.1")
    build_game(load_game(EXAMPLE), tmp_path, Options(papers=("a4",), formats=(), print_shop=True))
    files = sorted((tmp_path / "pebble_pond" / "print-shop").glob("*.pdf"))
    assert files
    for path in files:
        assert pdfx_problems(path.read_bytes()) == [], path.name


def test_a_release_that_loses_a_pdfx_part_stops_the_print_shop_in_one_message(tmp_path, monkeypatch):
    """Where reportlab's document no longer takes the Info key (another layout of its internals), the
    build stops before a file is written: one line naming the part and the release, exit 1."""
    import reportlab
    from click.testing import CliRunner
    from reportlab.pdfbase.pdfdoc import PDFInfo

    from generator.cli import commands as cli
    from generator.draw import cmyk

    monkeypatch.setattr(reportlab, "Version", "9.9.9")
    monkeypatch.setattr(cmyk, "_PdfxInfo", PDFInfo)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli.cli, ["build", str(EXAMPLE), "--print-shop", "--paper", "a4", "--out", str(out)])
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == ["pnpforge: --print-shop: reportlab 9.9.9 wrote the print-shop PDF without the Info key "
                     "GTS_PDFXVersion; build without --print-shop, and please report it"], lines
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_a_damaged_print_shop_file_is_a_problem():
    from generator.draw.cmyk import pdfx_problems

    problems = pdfx_problems(b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")
    assert len(problems) == 1 and problems[0].startswith("a file pypdf can read"), problems
