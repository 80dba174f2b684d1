"""A small game written into a test's folder, validated through the command line, and read back: the
helpers of the data-format tests (test_pack_with, test_board_elements, test_shared_data)."""

from __future__ import annotations

from pathlib import Path

from generator.cli.commands import cli

HEAD = "game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}\n"


def write_folder(folder: Path, text: str, files: dict[str, str] | None = None) -> Path:
    """``game.yaml`` (``text``) and any other ``files`` (sub-folders made) in ``folder``; returns it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(text)
    for name, body in (files or {}).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    return folder


def write_game(tmp_path: Path, text: str, files: dict[str, str] | None = None) -> Path:
    """``game.yaml`` (and any other ``files``) in ``tmp_path/g``; returns the folder."""
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(text)
    for name, body in (files or {}).items():
        (folder / name).write_text(body)
    return folder


def validate(runner, folder: Path):
    """``pnpforge validate FOLDER`` run by click's test runner; never a traceback."""
    result = runner.invoke(cli, ["validate", str(folder)])
    assert "Traceback" not in result.output
    return result


def line_of(folder: Path, needle: str, name: str = "game.yaml") -> int:
    """The number of the first line of ``name`` that holds ``needle``."""
    return next(i for i, line in enumerate((folder / name).read_text().splitlines(), 1) if needle in line)


def pdf_text(pdf: Path) -> list[str]:
    """The text of each page of a PDF."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()
