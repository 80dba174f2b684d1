"""Shared fixtures: paths, a CLI runner, and measuring rendered PDF pages."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# A suite started in the background of a script (`.ci/run &`, nohup) inherits Ctrl-C ignored, and so
# would every command the tests start: Python then leaves it ignored, and the tests that press Ctrl-C
# at a build would see it do nothing. Handled here, the commands start with Ctrl-C as at a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The model is handed the element kinds by the loader, as every command does; tests that check a format
# or a schema directly use the same wiring.
import generator.build.loading  # noqa: E402,F401

EXAMPLE = ROOT / "docs" / "example-game"


@pytest.fixture
def runner():
    from click.testing import CliRunner

    return CliRunner()


@pytest.fixture(scope="session")
def example_build(tmp_path_factory):
    """The documented example game built once (A4, PDF and SVG)."""
    from generator.build.game import Options, build_game, write_manifest
    from generator.build.loading import load_game

    out = tmp_path_factory.mktemp("example")
    entry = build_game(load_game(EXAMPLE), out, Options(papers=("a4",), formats=("pdf", "svg")))
    write_manifest(out, [entry])
    return out / "pebble_pond"


@pytest.fixture(scope="session")
def low_build(tmp_path_factory):
    """The Lords of War kit built once for A4, PDF only."""
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from generator.model import resolve_game

    out = tmp_path_factory.mktemp("low")
    build_game(load_game(resolve_game("lords_of_war")), out, Options(papers=("a4",), formats=("pdf",)))
    return out / "lords_of_war"


@pytest.fixture(scope="session")
def default_build(tmp_path_factory):
    """A default build (no --format: PDF, SVG and the galleries) of Lords of War and the example game,
    A4 only, run as a player runs it."""
    import subprocess

    out = tmp_path_factory.mktemp("default")
    run = subprocess.run([sys.executable, "-m", "generator", "build", "lords_of_war", str(EXAMPLE), "--paper", "a4",
                          "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return out
