"""Numbers are numbers: NaN and infinities are refused wherever a number is read (game data, build
options, config files), with the file and line or the option's name, never written into a PDF."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from generator.source.schema import NUM, POS_MM, check, num

GAME = """\
format: 1
game: {id: g, title: G, author: A, licence: CC0, source: here, players: [1, 2]}
components:
  - id: chits
    name: Chits
    kind: token
    size_mm: 20
    items:
      - {name: A, count: 2}
  - id: map
    name: Map
    kind: board
    size_mm: [100, 80]
    elements:
      - {type: text, at_mm: [10, 12], text: Hello}
"""


def run(*args: str, cwd: Path):
    """The command line in-process (click's runner), from ``cwd``; .returncode and .stderr as a process."""
    from click.testing import CliRunner

    from generator.cli.commands import cli

    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli, list(args), prog_name="pnpforge")
    finally:
        os.chdir(here)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr)


def folder_with(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(text)
    return folder


@pytest.mark.parametrize("old, new, line", [
    ("size_mm: 20", "size_mm: .nan", 7),
    ("size_mm: 20", "size_mm: .inf", 7),
    ("at_mm: [10, 12]", "at_mm: [.nan, 12]", 15),
    ("size_mm: [100, 80]", "size_mm: [100, -.inf]", 13),
    ("size_mm: 20", "size_mm: '1e400'", 7),
])
def test_nan_and_infinity_in_data_are_refused_at_their_line(tmp_path, old, new, line):
    folder = folder_with(tmp_path, GAME.replace(old, new))
    for command in ("validate", "build"):
        result = run(command, "g", "--out", "out", cwd=tmp_path) if command == "build" else \
            run(command, "g", cwd=tmp_path)
        assert result.returncode == 1, result.stderr
        assert result.stderr.startswith(f"g/game.yaml:{line}: "), result.stderr
        assert "internal error" not in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_the_schema_refuses_non_finite_numbers_from_any_source(value):
    # CSV cells and generated values do not come through the YAML reader: the schema checks too
    for schema in (NUM, POS_MM, num(-5, 5)):
        errors: list = []
        check(value, schema, errors, ("f.csv", 3), "size")
        assert errors and "infinite or not a number" in errors[0].message and errors[0].line == 3


@pytest.mark.parametrize("args, words", [
    (["--back-offset", "nan,nan"], "--back-offset"),
    (["--back-offset", "0,inf"], "--back-offset"),
    (["--bleed", "nan"], "'nan' is not a number"),
    (["--bleed", "inf"], "--bleed"),
])
def test_non_finite_build_options_are_usage_errors(tmp_path, args, words):
    folder_with(tmp_path, GAME)
    result = run("build", "g", "--out", "out", *args, cwd=tmp_path)
    assert result.returncode == 2 and words in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


def test_nan_in_the_project_config_names_its_line(tmp_path):
    folder_with(tmp_path, GAME)
    (tmp_path / "pnpforge.yaml").write_text("build:\n  paper: a4\n  back_offset_mm: [.nan, 0]\n")
    result = run("build", "g", "--out", "out", cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.startswith("pnpforge.yaml:3: "), result.stderr
    (tmp_path / "pnpforge.yaml").write_text("build:\n  paper: a4\n  bleed_mm: .inf\n")
    result = run("build", "g", "--out", "out", cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.startswith("pnpforge.yaml:3: "), result.stderr
    assert not (tmp_path / "out").exists()
