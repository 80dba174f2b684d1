"""Bounded work (issue 15): a designer's game that asks for a billion pieces, a ten-metre board, a
grid of a million hexes, a million spreadsheet rows or a megabyte of text is refused at ``validate``
(so ``build`` never starts drawing it), quickly and in little memory, with one ``file:line:``
sentence naming the limit and the value. Every bundled game stays well inside every limit.

The limits are in generator/model/limits.py and documented in docs/data-format.md ("Limits").
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from safety_helpers import env, run_in_process

from generator.build.loading import load_game
from generator.model import limits

ROOT = Path(__file__).resolve().parents[1]
HEAD = """format: 1
game: {id: huge, title: Huge, author: A Designer, licence: CC0 1.0, source: invented, players: [2, 4]}
colours:
  - {id: red, name: Red, fill: "#d55e00", cue: R}
  - {id: blue, name: Blue, fill: "#56b4e9", ink: "#000000", cue: B}
components:
"""
WHERE = re.compile(r"^[^\s:][^:\n]*:\d+: \S")


def game(tmp_path: Path, components: str, **files: str) -> Path:
    folder = tmp_path / "huge"
    folder.mkdir()
    (folder / "game.yaml").write_text(HEAD + components, encoding="utf-8")
    for name, text in files.items():
        (folder / name.replace("_", ".")).write_text(text, encoding="utf-8")
    return folder


# The child's own peak memory (VmHWM): ru_maxrss would carry over pytest's from before the exec.
MEASURED = """\
import re, sys
from generator.cli.commands import cli
try:
    cli.main(sys.argv[1:], prog_name="pnpforge", standalone_mode=True)
finally:
    with open("/proc/self/status") as status:
        print("MAXRSS", re.search(r"VmHWM:\\s+(\\d+)", status.read()).group(1), file=sys.stderr)
"""


def measured(*args: str, cwd: Path) -> tuple[int, str, float, float]:
    """``pnpforge ARGS`` in a process of its own: (exit code, stderr, seconds, peak MB)."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", MEASURED, *args], cwd=cwd, env=env(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, timeout=600)
    seconds = time.perf_counter() - start
    peak = re.search(r"^MAXRSS (\d+)$", proc.stderr, re.M)
    assert peak, proc.stderr[-300:]
    err = proc.stderr.replace(peak.group(0) + "\n", "")
    return proc.returncode, err, seconds, int(peak.group(1)) / 1024


def refused(err: str, *phrases: str) -> list[str]:
    """The refusal lines (each must be file:line: sentence); the one naming ``phrases`` is there."""
    lines = [ln for ln in err.splitlines()
             if ln.strip() and not re.match(r"^([\d,]+ problems found\.|\.\.\.and [\d,]+ more)$", ln)]
    assert lines, err
    for line in lines:
        assert WHERE.match(line), line
        assert len(line) <= 300, line
        assert "Traceback" not in line and "internal error" not in line, line
    assert any(all(p in line for p in phrases) for line in lines), (phrases, err)
    return lines


CARD = """  - id: deck
    name: Deck
    kind: card
    items:
      - {name: Gold, count: COUNT, text: Take one gold.}
"""


def test_a_billion_pieces_is_refused_quickly_naming_the_limit(tmp_path):
    folder = game(tmp_path, CARD.replace("COUNT", "1000000000"))
    code, err, seconds, mb = measured("validate", str(folder), cwd=tmp_path)
    assert code == 1
    lines = refused(err, "count 1000000000 is over the limit of 10,000 pieces per component")
    assert lines[0].startswith(f"{os.path.join('huge', 'game.yaml')}:11: ")  # the count's own line
    assert seconds < 60 and mb < 300, (seconds, mb)  # loose: the machine may be loaded


def test_each_players_copies_count_towards_the_component(tmp_path):
    folder = game(tmp_path, """  - id: pawns
    name: Pawns
    kind: token
    size_mm: 10
    per_player: true
    items:
      - {name: Pawn, count: 6000}
""")
    proc = run_in_process("validate", "huge", cwd=tmp_path)
    assert proc.returncode == 1
    line = refused(proc.stderr, "Pawns: 12,000 pieces (every player's copy counted)",
                   "over the limit of 10,000 pieces per component")[0]
    assert ":12: " in line  # items:


THREE_DECKS = "".join(f"""  - id: deck{k}
    name: Deck {k}
    kind: token
    size_mm: 10
    items:
      - {{name: T, count: 7000}}
""" for k in range(3))


@pytest.mark.parametrize("components, phrases", [
    pytest.param(THREE_DECKS, ["the game has 21,000 pieces, over the limit of 20,000 pieces per game"],
                 id="pieces per game"),
    pytest.param("""  - id: map
    name: Map
    kind: board
    size_mm: [100000, 100000]
""", ["must be at most 5000, not 100000"], id="a board a hundred metres wide"),
    # two players' copies of a 2 x 2 m mat and a 2 x 1.5 m table: 11 square metres, each tiled and
    # printed again at true size
    pytest.param("""  - id: mat
    name: Mat
    kind: board
    per_player: true
    size_mm: [2000, 2000]
  - id: table
    name: Table
    kind: board
    size_mm: [2000, 1500]
""", ["the game's boards cover 11.0 square metres (each player's copy counted)",
      "over the limit of 10 square metres per game"], id="board area per game"),
    # a dotted 1.4 m board: each SVG page of its tiled pieces holds all its dots
    pytest.param("""  - id: map
    name: Map
    kind: board
    size_mm: [1400, 1400]
    face: {pattern: dots}
""", ["drawing operations"], id="a pattern on a vast board"),
])
def test_a_game_over_a_limit_is_refused_by_validate(tmp_path, components, phrases):
    game(tmp_path, components)
    proc = run_in_process("validate", "huge", cwd=tmp_path)
    assert proc.returncode == 1
    refused(proc.stderr, *phrases)


def test_a_huge_grid_is_refused_before_drawing(tmp_path):
    """Twenty 200 x 200 hex grids with numbers: 800,000 hexes took 93 s and 774 MB to build before."""
    grids = "".join("      - {type: hexgrid, at_mm: [10, 10], hex_mm: 5, layout: rectangle, columns: 200, "
                    "grid_rows: 200, coordinates: true}\n" for _ in range(20))
    folder = game(tmp_path, f"""  - id: map
    name: Map
    kind: board
    size_mm: [1900, 1900]
    elements:
{grids}""")
    code, err, seconds, mb = measured("build", str(folder), "--out", "out", cwd=tmp_path)
    assert code == 1
    refused(err, "Map: ", "over the limit of 150,000 drawing operations")
    assert not (tmp_path / "out" / "huge").exists()
    assert seconds < 60 and mb < 300, (seconds, mb)


def test_pages_per_paper(tmp_path):
    game(tmp_path, """  - id: deck
    name: Deck
    kind: card
    back: {title: Back}
    items:
      - {name: Gold, count: 2500}
""")
    proc = run_in_process("validate", "huge", cwd=tmp_path)
    assert proc.returncode == 1
    line = refused(proc.stderr, "pages on one paper size (Deck: ", "over the limit of 500 pages")[0]
    assert ":11: " in line  # the component's items:


def test_a_million_spreadsheet_rows(tmp_path):
    rows = "name,count\n" + "".join(f"Card {i},1\n" for i in range(1_000_000))
    folder = game(tmp_path, """  - id: deck
    name: Deck
    kind: card
    items_csv: cards.csv
""", cards_csv=rows)
    code, err, seconds, mb = measured("validate", str(folder), cwd=tmp_path)
    assert code == 1
    refused(err, "cards.csv")
    assert seconds < 60 and mb < 300, (seconds, mb)


def test_many_spreadsheets_stop_at_the_game_limit(tmp_path):
    """Ten decks of 9,000 different rows each: refused at the pieces per game, before 90,000 faces are
    laid out (that took 7.7 s of validate, and the build ran for more than five minutes)."""
    comps = ""
    files = {}
    for k in range(10):
        files[f"deck{k}_csv"] = "name,count,text\n" + "".join(f"Card {k}-{i},1,Rules text {i}\n" for i in range(9000))
        comps += f"""  - id: deck{k}
    name: Deck {k}
    kind: card
    items_csv: deck{k}.csv
"""
    folder = game(tmp_path, comps, **files)
    code, err, seconds, mb = measured("validate", str(folder), cwd=tmp_path)
    assert code == 1
    refused(err, "the game has 90,000 pieces, over the limit of 20,000 pieces per game")
    assert seconds < 60 and mb < 300, (seconds, mb)


def test_a_megabyte_of_text(tmp_path):
    folder = game(tmp_path, CARD.replace("Take one gold.", "'" + "gold " * 200_000 + "'").replace("COUNT", "1"))
    code, err, seconds, mb = measured("validate", str(folder), cwd=tmp_path)
    assert code == 1
    refused(err, "a text of 1,000,000 characters")
    assert seconds < 60 and mb < 300, (seconds, mb)


def test_long_texts_count_as_drawing(tmp_path):
    """300 cards of 5,000 characters each were 95 s of CPU and 500 MB to build: text is counted."""
    text = ("the rules of a very long card " * 170)[:4990]
    rows = "name,count,text\n" + "".join(f"Card {i},1,{text}\n" for i in range(600))
    game(tmp_path, """  - id: deck
    name: Deck
    kind: card
    items_csv: cards.csv
""", cards_csv=rows)
    proc = run_in_process("validate", "huge", cwd=tmp_path)
    assert proc.returncode == 1
    refused(proc.stderr, "shapes and lines of text", "over the limit of 150,000 drawing operations")


def test_png_pictures_at_a_huge_dpi_are_refused_before_drawing(tmp_path):
    """Lords of War's 566 mm duel mat at 1200 dpi would be a 27,000 x 11,900 pixel picture."""
    proc = run_in_process("build", "lords_of_war", "--format", "png", "--dpi", "1200", "--out", "out", cwd=tmp_path)
    assert proc.returncode == 1
    line = refused(proc.stderr, "over the limit of 25 million pixels a picture", "use --dpi")[0]
    assert line.startswith(os.path.join("data", "lords_of_war")) or "lords_of_war" in line.split(":")[0]
    assert not (tmp_path / "out" / "lords_of_war").exists()


def test_the_build_checks_its_real_page_plan(tmp_path, monkeypatch):
    """Whatever the estimate at load said, the pages planned are counted before a page is drawn (the
    example plans 3 on A4: its tiles and cards' fronts and backs, and one page its tokens, score
    board and rules summary share)."""
    from generator.base.errors import DataError
    from generator.build.game import Options, build_game

    loaded = load_game(ROOT / "docs" / "example-game")
    monkeypatch.setattr(limits, "PAGES_PER_PAPER", 2)
    with pytest.raises(DataError) as caught:
        build_game(loaded, tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    assert "over the limit of 2 pages" in caught.value.message
    assert caught.value.file.endswith("game.yaml") and caught.value.line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("folder", ["data/farlander", "data/ktech", "data/lords_of_war", "data/thrones",
                                    "docs/example-game", "docs/example-wargame"])
def test_every_bundled_game_is_far_inside_every_limit(folder):
    """At least four times under each limit (the figures are in docs/data-format.md)."""
    loaded = load_game(ROOT / folder)
    work = limits.estimate(loaded)
    pieces = [c.count for c in loaded.components if c.declaration.pieces]
    assert max(pieces) * 4 <= limits.PIECES_PER_COMPONENT
    assert sum(pieces) * 4 <= limits.PIECES_PER_GAME
    assert work.pages * 4 <= limits.PAGES_PER_PAPER
    assert work.ops * 4 <= limits.DRAWING_OPS
    assert work.board_area_m2 * 4 <= limits.BOARD_AREA_M2
    assert work.pages >= 5 and work.ops >= 1000  # the estimate counts something real


def test_a_deliberate_giant_may_scale_the_limits(tmp_path):
    """PNPFORGE_LIMIT_SCALE=N lifts every build limit N times (benchmarks/bench_pipeline.py uses 10)."""
    folder = game(tmp_path, CARD.replace("COUNT", "2500").replace("    items:", "    back: {title: Back}\n    items:"))
    plain = subprocess.run([sys.executable, "-m", "generator", "validate", str(folder)], cwd=tmp_path, env=env(),
                           capture_output=True, text=True)
    scaled = subprocess.run([sys.executable, "-m", "generator", "validate", str(folder)], cwd=tmp_path,
                            env={**env(), "PNPFORGE_LIMIT_SCALE": "2"}, capture_output=True, text=True)
    assert plain.returncode == 1 and "over the limit of 500 pages" in plain.stderr
    assert scaled.returncode == 0, scaled.stderr


def test_shared_texts_cannot_multiply_into_megabytes(tmp_path):
    """400 cards each naming a 4,900-character shared text 450 times: 1.8 GB and 39 s of validate
    before; refused at each card's line, in little memory."""
    items = "".join(f"      - {{name: C{i}, count: 1, text: '{'{text:big}' * 450}'}}\n" for i in range(400))
    folder = game(tmp_path, "  - id: deck\n    name: Deck\n    kind: card\n    items:\n" + items)
    text = (folder / "game.yaml").read_text().replace("components:", "texts:\n  big: '" + "x" * 4900 + "'\ncomponents:")
    (folder / "game.yaml").write_text(text)
    code, err, seconds, mb = measured("validate", str(folder), cwd=tmp_path)
    assert code == 1
    refused(err, "with its shared texts filled in this text has 2,205,000 characters, over the limit of 20,000")
    assert "...and 381 more" in err  # 20 listed of 401: the 400 cards and the drawing operations
    assert seconds < 60 and mb < 300, (seconds, mb)


def test_a_picture_of_400_million_pixels_in_48_kb(tmp_path):
    """A small PNG that decodes to 400 million pixels was an internal error (Pillow's bomb check);
    any picture over the limit is refused at its line before it is decoded."""
    from PIL import Image

    folder = game(tmp_path, CARD.replace("COUNT", "1").replace("text: Take one gold.", "image: bomb.png"))
    Image.new("1", (20000, 20000)).save(folder / "bomb.png", optimize=True)
    Image.new("1", (6000, 6000)).save(folder / "big.png", optimize=True)
    assert (folder / "bomb.png").stat().st_size < 100_000
    proc = run_in_process("validate", "huge", cwd=tmp_path)
    assert proc.returncode == 1
    refused(proc.stderr, ":11: image 'bomb.png': it is over the limit of 10 million pixels a picture")
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("bomb.png", "big.png"))
    proc = run_in_process("validate", "huge", cwd=tmp_path)
    refused(proc.stderr, "it is 6,000 x 6,000 pixels, over the limit of 10 million pixels a picture")


def test_all_png_pictures_of_a_build_together(tmp_path):
    """400 different cards with a back at 600 dpi: 800 pictures of 3.7 million pixels each. Refused
    before the first is taken, naming the --dpi that fits (Lords of War's 268 pictures at 300 dpi
    hold 224 million)."""
    items = "".join(f"      - {{name: Card {i}, count: 1}}\n" for i in range(400))
    game(tmp_path, "  - id: deck\n    name: Deck\n    kind: card\n    back: {title: Back}\n    items:\n" + items)
    proc = run_in_process("build", "huge", "--format", "png", "--dpi", "600", "--out", "out", cwd=tmp_path)
    assert proc.returncode == 1
    line = refused(proc.stderr, "the PNG pictures at 600 dpi would hold 2,970 million pixels (Deck: 2,970 million)",
                   "over the limit of 1,000 million pixels a build", "use --dpi 348 or less")[0]
    assert ":11: " in line
    assert not (tmp_path / "out" / "huge").exists()
