"""The code's types hold: mypy, with the project's own settings ([tool.mypy] in pyproject.toml), finds no
error in generator/ or solo/. A newcomer's change that passes a wrong value somewhere fails here, at its
line, before a user meets it as an internal error."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT


def test_mypy_finds_no_error_in_generator_or_solo(tmp_path):
    pytest.importorskip("mypy", reason="mypy comes with the test extras: pip install -e '.[test]'")
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"),
                           "--no-error-summary", "--hide-error-context"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    problems = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert problems == [] and done.returncode == 0, "\n".join(problems[:40]) or done.stderr[-2000:]


def test_the_type_check_covers_both_packages_with_untyped_bodies_too():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    settings = text.split("\n[tool.mypy]\n", 1)[1].split("\n[", 1)[0]
    assert 'files = ["generator", "solo"]' in settings
    assert "check_untyped_defs = true" in settings  # a function without annotations is checked as well
    assert 'python_version = "3.10"' in settings  # the oldest Python pyproject.toml declares
