"""Print pip constraints that pin every dependency of pnpforge (and of its tests) to its lowest
allowed version: ``reportlab>=4.0`` in pyproject.toml becomes ``reportlab==4.0``.

    python3 .ci/oldest.py > oldest.txt && pip install -c oldest.txt ".[test]"

.ci/run's second step: the suite on the oldest versions pyproject.toml claims to work with.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10: the same tables, read by the copy pip carries
    from pip._vendor import tomli as tomllib  # type: ignore[no-redef]

_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*?)\s*(?:;.*)?$")
_LOWER = re.compile(r">=\s*([^\s,]+)")


def requirements(pyproject: dict) -> list[str]:
    project = pyproject["project"]
    found = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        found.extend(extra)
    return found


def lowest(requirement: str) -> str:
    """``name==lower`` for a requirement with a ``>=`` bound; a requirement without one is an error
    (every dependency states the oldest version it is known to work with)."""
    match = _REQUIREMENT.match(requirement)
    if match is None:
        raise SystemExit(f"pyproject.toml: cannot read the requirement {requirement!r}")
    name, spec = match.groups()
    lower = _LOWER.search(spec)
    if lower is None:
        raise SystemExit(f"pyproject.toml: {name} has no '>=' lower bound ({requirement!r})")
    return f"{name}=={lower.group(1)}"


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text))


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "pyproject.toml"
    pyproject = tomllib.loads(path.read_text(encoding="utf-8"))
    pins: dict[str, str] = {}  # a package named twice (a dependency, tighter for the tests): the higher bound
    for requirement in requirements(pyproject):
        pin = lowest(requirement)
        key = re.sub(r"[-_.]+", "-", pin.split("==")[0]).lower()
        if key not in pins or _version(pin.split("==")[1]) > _version(pins[key].split("==")[1]):
            pins[key] = pin
    for pin in pins.values():
        print(pin)


if __name__ == "__main__":
    main()
