"""Colour keywords (none, player, player-ink, ink, contrast) are refused at their line where they
name no colour, and print as the colour they name where they do (issue #27: each of these was an
internal error in validate or build)."""

from __future__ import annotations

from pathlib import Path

import pytest
from safety_helpers import run_in_process

GAME = """\
format: 1
game: {{id: tiny, title: Tiny, author: A, licence: CC0, source: here, players: [1, 2]}}
colours:
  - {{id: blue, name: Blue, fill: {pfill}, ink: {pink}, cue: B}}
components:
  - id: deck
    name: Deck
    kind: card
    size_mm: [63.5, 88.9]
    back: {back}
    items:
      - {{name: A, count: 1, fill: {ifill}, band: {band}}}
      - {{name: B, count: 1, colour: blue, fill: "#ffffff", band: {band}}}
"""
DEFAULTS = dict(pfill='"#1F5FAD"', pink='"#ffffff"', back='{fill: "#ffff00", title: Back}', ifill='"#eeeeee"',
                band='"#333333"')


def game(tmp_path: Path, **over: str) -> Path:
    folder = tmp_path / "game"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(GAME.format(**{**DEFAULTS, **over}))
    return folder


def refused(result, where: str) -> str:
    assert result.returncode in (1, 2), result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr, result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith(where), result.stderr
    return first


@pytest.mark.parametrize("over, line, words", [
    (dict(back="{ink: contrast}"), 10, "back.ink: contrast is not a colour here"),
    (dict(ifill="ink"), 12, "fill: ink is not a colour here"),
    (dict(ifill="player-ink"), 12, "fill: player-ink is not a colour here"),
    (dict(pfill="player-ink"), 4, "colours[1].fill: player-ink is not a colour here"),
    (dict(pink="none"), 4, "colours[1].ink: none is not a colour here"),
    (dict(band="contrast"), 12, "band: contrast is not a colour here"),
])
@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_keyword_that_names_no_colour_here_is_refused_at_its_line(tmp_path, over, line, words, command):
    folder = game(tmp_path, **over)
    args = [command, str(folder)] + (["--out", str(tmp_path / "out"), "--format", "svg"] if command == "build" else [])
    first = refused(run_in_process(*args, cwd=tmp_path), f"game/game.yaml:{line}:")
    assert words in first
    assert not (tmp_path / "out").exists()


def svg_pages(tmp_path: Path, name: str, only_b: bool = False, **over: str) -> list[bytes]:
    """The SVG pages of the test game (``only_b``: card B alone, the blue player's)."""
    folder = tmp_path / name / "game"
    folder.mkdir(parents=True)
    text = GAME.format(**{**DEFAULTS, **over})
    if only_b:
        text = "\n".join(line for line in text.splitlines() if "{name: A," not in line) + "\n"
    (folder / "game.yaml").write_text(text)
    out = tmp_path / name / "out"
    result = run_in_process("build", str(folder), "--out", str(out), "--format", "svg", "--paper", "a4",
                            cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return [p.read_bytes() for p in sorted(out.rglob("*.svg"))]


def test_band_player_is_the_player_colour_written_out(tmp_path):
    keyword = svg_pages(tmp_path, "keyword", only_b=True, band="player")
    assert keyword == svg_pages(tmp_path, "spelled", only_b=True, band='"#1F5FAD"')
    assert keyword != svg_pages(tmp_path, "default", only_b=True, band='"#333333"')


def test_band_player_on_a_card_of_no_player_is_the_decks_own_band(tmp_path):
    # card A has no player colour: its band is the one the deck gives a card without a band
    with_keyword = svg_pages(tmp_path, "keyword", band="player")
    text = GAME.format(**{**DEFAULTS, "band": "player"}).replace(', band: player}', '}', 1)
    folder = tmp_path / "plain" / "game"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(text)
    out = tmp_path / "plain" / "out"
    assert run_in_process("build", str(folder), "--out", str(out), "--format", "svg", "--paper", "a4",
                          cwd=tmp_path).returncode == 0
    assert with_keyword == [p.read_bytes() for p in sorted(out.rglob("*.svg"))]


def test_ink_player_ink_on_a_back_is_the_player_colours_ink(tmp_path):
    # the back is yellow, where black reads; player-ink asks for blue's own ink, white
    keyword = svg_pages(tmp_path, "keyword", only_b=True, back='{fill: "#ffff00", title: Back, ink: player-ink}')
    assert keyword == svg_pages(tmp_path, "spelled", only_b=True, back='{fill: "#ffff00", title: Back, ink: "#ffffff"}')
    assert keyword != svg_pages(tmp_path, "auto", only_b=True, back='{fill: "#ffff00", title: Back}')


@pytest.mark.parametrize("element, per_player, words", [
    ('{type: box, at_mm: [10, 10], size_mm: [30, 20], fill: player}', "false",
     "fill: player names the player colour of a per_player board's copy"),
    ('{type: text, at_mm: [10, 10], text: Hi, ink: player-ink}', "false",
     "ink: player-ink names the player colour of a per_player board's copy"),
    ('{type: cue, at_mm: [10, 10], size_mm: [10, 10], text: B, fill: none}', "true",
     "fill: none does not print on a cue element"),
    ('{type: line, at_mm: [10, 10], to_mm: [20, 20], stroke: none}', "true",
     "stroke: none does not print on a line element"),  # a box takes it (no edge: tests/test_page_needs.py)
    ('{type: text, at_mm: [10, 10], text: Hi, ink: none}', "true", "ink: none is not a colour here"),
])
def test_board_colour_keywords_where_they_name_nothing(tmp_path, element, per_player, words):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(f"""\
format: 1
game: {{id: tiny, title: Tiny, author: A, licence: CC0, source: here, players: [1, 2]}}
colours:
  - {{id: blue, name: Blue, fill: "#1F5FAD", ink: "#ffffff", cue: B}}
components:
  - id: mat
    name: Mat
    kind: board
    size_mm: [100, 100]
    per_player: {per_player}
    elements:
      - {element}
""")
    for command in ("validate", "build"):
        first = refused(run_in_process(command, str(folder), cwd=tmp_path), "game/game.yaml:12:")
        assert words in first


def test_player_colours_on_a_per_player_board_print(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text("""\
format: 1
game: {id: tiny, title: Tiny, author: A, licence: CC0, source: here, players: [1, 2]}
colours:
  - {id: blue, name: Blue, fill: "#1F5FAD", ink: "#ffffff", cue: B}
components:
  - id: mat
    name: Mat
    kind: board
    size_mm: [100, 100]
    per_player: true
    elements:
      - {type: box, at_mm: [10, 10], size_mm: [30, 20], fill: player, stroke: player-ink}
      - {type: cue, at_mm: [60, 10], size_mm: [10, 10], text: B, fill: player-ink, ink: player}
""")
    out = tmp_path / "out"
    result = run_in_process("build", str(folder), "--out", str(out), "--format", "svg", "--paper", "a4", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    page = b"".join(p.read_bytes() for p in out.rglob("*.svg"))
    assert b'fill="#1F5FAD"' in page and b'stroke="#ffffff"' in page
