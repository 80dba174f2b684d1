"""CI runs what the README tells a new user to run, and the oldest versions pyproject.toml allows."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in setup.splitlines() if line.startswith("    ")]


def test_the_readme_sets_up_in_a_virtual_environment_in_two_commands():
    build, tests = readme_commands()
    # a Debian or Ubuntu system Python refuses pip install outside a virtual environment
    assert build.startswith("python3 -m venv .venv && .venv/bin/pip install . && ")
    assert tests.startswith("python3 -m venv .venv && .venv/bin/pip install \".[test]\" && ")


def test_ci_runs_the_readmes_test_command_as_written():
    build, tests = readme_commands()
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert tests in lines


def test_oldest_constraints_pin_every_lower_bound():
    out = subprocess.run([sys.executable, str(ROOT / ".ci" / "oldest.py")], capture_output=True, text=True,
                         check=True).stdout.split()
    pyproject = (ROOT / "pyproject.toml").read_text()
    bounds = re.findall(r'"([A-Za-z0-9_.-]+)>=([^",<]+)', pyproject.split("[project.scripts]")[0])
    highest: dict[str, str] = {}
    for name, version in bounds:
        if name != "setuptools" and (name not in highest or
                                     [int(v) for v in version.split(".")] > [int(v) for v in highest[name].split(".")]):
            highest[name] = version
    assert set(out) == {f"{name}=={version}" for name, version in highest.items()}
    assert "PyYAML==6.0" in out and "reportlab==5.1" in out


def test_the_supported_pythons_are_the_same_in_ci_pyproject_and_the_readme():
    """CI runs every Python pyproject.toml admits (where the machine has it), and the README names them."""
    ci = re.search(r"^SUPPORTED=\(([^)]*)\)", (ROOT / ".ci" / "run").read_text(), re.M).group(1).split()
    pyproject = (ROOT / "pyproject.toml").read_text()
    classifiers = re.findall(r'"Programming Language :: Python :: (3\.\d+)"', pyproject)
    assert ci == classifiers == ["3.10", "3.11", "3.12", "3.13"]
    assert 'requires-python = ">=3.10,<3.14"' in pyproject
    assert "Python 3.10, 3.11, 3.12 and 3.13" in (ROOT / "README.md").read_text()


# the commit before which subjects were not held to 72 characters (issue 36): later ones are
SUBJECTS_FROM = "b3bb59f"


def test_new_commit_subjects_are_at_most_72_characters():
    """A subject says what changed in a line (the detail goes in the body), as click's and python-chess's
    history do: every commit after SUBJECTS_FROM."""
    import shutil

    if shutil.which("git") is None or not (ROOT / ".git").exists():
        import pytest

        pytest.skip("not a git checkout (an installed copy): no history to read")
    done = subprocess.run(["git", "log", "--format=%s", f"{SUBJECTS_FROM}..HEAD"], cwd=ROOT, capture_output=True,
                          text=True)
    if done.returncode != 0:
        import pytest

        pytest.skip(f"the history before {SUBJECTS_FROM} is not in this clone: {done.stderr.strip()[:100]}")
    long = [s for s in done.stdout.splitlines() if len(s) > 72]
    assert long == [], long
