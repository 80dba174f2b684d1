"""What `pip install .` puts in place: every folder of code, or the installed pnpforge fails where
the checkout works (generator/components/kinds/ was left out once: every build an internal error)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = None


def _declared() -> set[str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib is None:
        pytest.skip("Python 3.10 has no tomllib to read pyproject.toml; 3.11+ runs this test")
    return set(tomllib.loads(text)["tool"]["setuptools"]["packages"])


def test_every_folder_of_code_is_a_declared_package():
    folders = {".".join(p.parent.relative_to(ROOT).parts) for top in ("generator", "solo")
               for p in (ROOT / top).rglob("*.py") if "__pycache__" not in p.parts}
    assert folders - _declared() == set()


def test_every_declared_package_is_a_folder():
    mapped = {"generator.data": ROOT / "data", "generator.templates": ROOT / "templates"}
    for name in _declared():
        assert mapped.get(name, ROOT.joinpath(*name.split("."))).is_dir(), name
