"""Every text the data gives a piece is printed on that piece's pages (issue 34, section 3): for every
bundled and example game, each item's title, subtitle, value, text, flavour and footer (after its
expressions and shared texts), and each text of its elements, is found in the PDF text of the pages
the kit's manifest lists for its component. Markup and icons are not words; a text the data hides
(``max_lines`` leaving lines out) is checked as far as it prints. Compared without white space: the
PDF breaks lines where the layout wraps them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import EXAMPLE, ROOT

GAMES = [ROOT / "data" / name for name in ("lords_of_war", "farlander", "thrones", "ktech")] + \
    sorted(p for p in (ROOT / "data" / "examples").iterdir() if (p / "game.yaml").is_file()) + \
    [EXAMPLE, ROOT / "docs" / "example-wargame"]
FACE_TEXTS = ("title", "subtitle", "value", "text", "flavour", "footer")
ELEMENT_TEXTS = {"text": ("text",), "box": ("text", "label")}


def _squeezed(text: str) -> str:
    from generator.art.richtext import plain

    return re.sub(r"\s+", "", plain(str(text)))


def _built(game_dir: Path, out: Path):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    game = load_game(game_dir)
    entry = build_game(game, out, Options(papers=("a4",), formats=("pdf",), jobs=1))
    return game, entry


def _page_text(pdf: Path) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return [_squeeze_raw(page.get_textpage().get_text_range()) for page in doc]
    finally:
        doc.close()


def _squeeze_raw(text: str) -> str:
    return re.sub(r"\s+", "", text.replace("\ufffe", "").replace("\u00ad", ""))


def _wanted(comp) -> list[tuple[str, str]]:  # noqa: ANN001 - a Component
    """(where, text) of every text the data gives the component's pieces."""
    out = []
    for item in comp.items:
        for side, face in (("front", item.face), ("back", item.back)):
            if not face:
                continue
            for key in FACE_TEXTS:
                value = face.get(key)
                if isinstance(value, str) and value.strip() and not face.get("max_lines"):
                    out.append((f"{item.name} {side} {key}", value))
            for el in face.get("elements") or []:
                for key in ELEMENT_TEXTS.get(el.get("type"), ()):
                    value = el.get(key)
                    if isinstance(value, str) and value.strip() and not el.get("max_lines"):
                        out.append((f"{item.name} {side} element {el.get('type')} {key}", value))
    return out


@pytest.mark.parametrize("game_dir", GAMES, ids=lambda p: p.name)
def test_every_text_the_data_gives_a_piece_is_on_its_pages(game_dir, tmp_path):
    game, entry = _built(game_dir, tmp_path)
    pages: dict[str, list[str]] = {}
    for doc in entry.get("documents", []):
        texts = _page_text(tmp_path / game.id / doc["file"])
        for comp_id, numbers in doc["component_pages"].items():
            pages.setdefault(comp_id, []).extend(texts[n - 1] for n in numbers)
    missing = []
    checked = 0
    for comp in game.components:
        if comp.kind in ("board", "sheet", "generated") or comp.id not in pages:
            continue
        printed = "".join(pages[comp.id])
        for where, value in _wanted(comp):
            checked += 1
            if _squeezed(value) not in printed:
                missing.append(f"{comp.id}: {where}: {value!r}")
    assert not missing, f"{len(missing)} of {checked} texts not on their pages: {missing[:8]}"
