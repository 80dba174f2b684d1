"""Inputs that were still an internal error (issue #27, section 2), each run as a real process:
one sentence on stderr, with its file and line where there is one, exit 1 or 2, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from safety_helpers import env

GAME = """\
format: 1
game: {{id: tiny, title: {title}, author: A, licence: CC0, source: here, players: [1, 2]}}
components:
  - {{id: c, name: C, kind: token, size_mm: 20, items: [{{name: A, count: 1{extra}}}]}}
"""
LOG = ("# format: 1\nsetup:\n  dice: [4, 2]\n  mountains: [C2, C3, D2, D3, H6, H7]\n"
       "  river: [D4, E5, F5, G6, G7, G8]\n  farm: {farm}\n  mine: C3\n  village: F4\nyears:\n")


def game(tmp_path: Path, title: str = "Tiny", extra: str = "") -> Path:
    folder = tmp_path / "game"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(GAME.format(title=title, extra=extra))
    return folder


def pnpforge(*args: str, cwd: Path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env(), capture_output=True,
                          text=True, timeout=300, **kwargs)


def one_sentence(result: subprocess.CompletedProcess, start: str, words: str, codes=(1, 2)) -> None:
    assert result.returncode in codes, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines[0].startswith(start), result.stderr
    assert words in lines[0], result.stderr
    assert len(lines[0]) <= 300


# -- !!bool maybe ------------------------------------------------------------------------------------

def test_bool_tag_on_a_word_that_is_no_bool_in_game_data_config_and_log(tmp_path):
    folder = game(tmp_path, title="!!bool maybe")
    one_sentence(pnpforge("validate", "game", cwd=tmp_path), "game/game.yaml:2:",
                 "'maybe' cannot be read as a bool")
    (tmp_path / "pnpforge.yaml").write_text("build:\n  out: !!bool maybe\n")
    one_sentence(pnpforge("build", str(folder), cwd=tmp_path), "pnpforge.yaml:2:", "'maybe' cannot be read")
    (tmp_path / "log.yaml").write_text(LOG.format(farm="!!bool maybe"))
    one_sentence(pnpforge("solo", "check", "log.yaml", cwd=tmp_path), "log.yaml:6:", "'maybe' cannot be read")


# -- a NUL byte written as an escape, in a path or any text ---------------------------------------------

@pytest.mark.parametrize("extra", [', image: "art/a\\0.png"', ', items_csv: "a\\0.csv"'])
def test_nul_in_a_picture_or_sheet_path_is_refused_at_its_line(tmp_path, extra):
    folder = game(tmp_path, extra=extra)
    if "items_csv" in extra:  # a component-level key
        text = (folder / "game.yaml").read_text().replace(', items: [{name: A, count: 1, items_csv: "a\\0.csv"}]',
                                                          ', items_csv: "a\\0.csv"')
        (folder / "game.yaml").write_text(text)
    for command in ("validate", "build"):
        one_sentence(pnpforge(command, "game", cwd=tmp_path), "game/game.yaml:4:", "a control character (U+0000")


def test_nul_in_a_font_path_and_in_the_configs_out(tmp_path):
    folder = game(tmp_path)
    text = (folder / "game.yaml").read_text().replace("components:", 'fonts:\n  body: {regular: "f\\0.ttf"}\ncomponents:')
    (folder / "game.yaml").write_text(text)
    one_sentence(pnpforge("validate", "game", cwd=tmp_path), "game/game.yaml:4:", "a control character (U+0000")
    game(tmp_path)
    (tmp_path / "pnpforge.yaml").write_text('build:\n  out: "out\\0put"\n')
    one_sentence(pnpforge("build", "game", cwd=tmp_path), "pnpforge.yaml:2:", "a control character (U+0000")


# -- numbers too large to print -------------------------------------------------------------------------

@pytest.mark.parametrize("svg, words", [
    ('<svg xmlns="http://www.w3.org/2000/svg" width="1e308" height="10" viewBox="0 0 10 10">'
     '<rect width="5" height="5"/></svg>', "are too large to print"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
     '<g transform="scale(1e300)"><rect width="5" height="5"/></g></svg>', "a transform in it (1e+300"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
     '<rect x="1e200" width="5" height="5"/></svg>', "reaches coordinates of more than 1,000,000 units"),
])
def test_svg_art_with_huge_numbers_is_refused_at_validate(tmp_path, svg, words):
    folder = game(tmp_path, extra=", image: art/a.svg")
    (folder / "art").mkdir()
    (folder / "art" / "a.svg").write_text(svg)
    for command in ("validate", "build"):
        one_sentence(pnpforge(command, "game", "--out", "out", cwd=tmp_path)
                     if command == "build" else pnpforge(command, "game", cwd=tmp_path),
                     "game/game.yaml:4: image 'art/a.svg':", words)
    assert not (tmp_path / "out").exists()


def test_icon_path_at_1e308_is_refused_at_validate(tmp_path):
    folder = game(tmp_path, extra=", icon: big")
    text = (folder / "game.yaml").read_text().replace(
        "components:", 'icons:\n  big: [{path: "M 1e308 1e308 L -1e308 -1e308 Z"}]\ncomponents:')
    (folder / "game.yaml").write_text(text)
    for command in ("validate", "build"):
        one_sentence(pnpforge(command, "game", cwd=tmp_path), "game/game.yaml:4:",
                     "path data reaches 1e+308, far outside the 100 x 100 box")


def test_an_icon_path_a_little_outside_its_box_still_draws(tmp_path):
    from generator.geometry.pathdata import problem

    assert problem("M -50 -50 L 150 150 Z") is None
    assert "far outside" in problem("M 0 0 L 10001 0 Z")


# -- standard output closed or full ---------------------------------------------------------------------

@pytest.mark.parametrize("args", [["list"], ["validate"], ["--help"], ["solo", "check", "log.yaml"]])
def test_standard_output_full(tmp_path, args):
    (tmp_path / "log.yaml").write_text(LOG.format(farm="E5"))
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "generator", *args], cwd=tmp_path, env=env(),
                                stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip().splitlines() == [
        ("pnpforge: " if args[0] != "solo" else "") + "cannot write to standard output: No space left on device"] \
        or result.stderr.strip().endswith("cannot write to standard output: No space left on device"), result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [["list"], ["validate"], ["solo", "check", "log.yaml"]])
def test_standard_output_closed(tmp_path, args):
    (tmp_path / "log.yaml").write_text(LOG.format(farm="E5"))
    result = subprocess.run([sys.executable, "-m", "generator", *args], cwd=tmp_path, env=env(),
                            stderr=subprocess.PIPE, text=True, timeout=300, preexec_fn=lambda: os.close(1))
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("cannot write to standard output: it is closed"), result.stderr


def test_a_closed_output_does_not_lend_its_number_to_a_kit_file(tmp_path):
    folder = game(tmp_path)
    result = subprocess.run([sys.executable, "-m", "generator", "build", str(folder), "--out", "out", "--format",
                             "pdf", "--paper", "a4"], cwd=tmp_path, env=env(), stderr=subprocess.PIPE, text=True,
                            timeout=300, preexec_fn=lambda: os.close(1))
    assert result.returncode == 1 and "standard output: it is closed" in result.stderr, result.stderr
    pdfs = list((tmp_path / "out").rglob("*.pdf"))
    assert pdfs and all(p.read_bytes().startswith(b"%PDF-") for p in pdfs)


# -- --dpi nan ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["png", "tts", "pdf"])
def test_dpi_nan_is_refused_with_every_format(tmp_path, fmt):
    folder = game(tmp_path)
    result = pnpforge("build", str(folder), "--out", "out", "--format", fmt, "--dpi", "nan", cwd=tmp_path)
    assert result.returncode == 2 and "'nan' is not a number" in result.stderr, result.stderr
    assert "internal error" not in result.stderr and not (tmp_path / "out").exists()


# -- names too long for the file system -------------------------------------------------------------------

LONG_NAME = "x" * 300
LONG_PATH = "/".join(["abcdefgh"] * 460)  # 4 KB


@pytest.mark.parametrize("path", [LONG_NAME, LONG_PATH])
def test_a_game_path_too_long_is_one_short_sentence(tmp_path, path):
    result = pnpforge("validate", str(tmp_path / path), cwd=tmp_path)
    one_sentence(result, "...", "File name too long")
    assert len(result.stderr) < 200


def test_a_picture_name_too_long_is_refused_at_its_line_without_the_whole_name(tmp_path):
    game(tmp_path, extra=f", image: {LONG_NAME}.png")
    result = pnpforge("validate", "game", cwd=tmp_path)
    one_sentence(result, "game/game.yaml:4: image 'xxx", "cannot read it: File name too long")
    assert LONG_NAME not in result.stderr


@pytest.mark.parametrize("path", [LONG_NAME, LONG_PATH])
def test_an_output_folder_name_too_long(tmp_path, path):
    folder = game(tmp_path)
    result = pnpforge("build", str(folder), "--out", str(tmp_path / path), "--format", "pdf", cwd=tmp_path)
    one_sentence(result, "pnpforge: --out ", {LONG_NAME: "a name of 300 bytes", LONG_PATH: "a path of"}[path], codes=(2,))
    assert len(result.stderr) < 300
