"""Compare two builds of every bundled kit made on two Pythons: the same library releases must give the
same bytes. Each folder holds the kits and, beside them, ``libraries.txt`` (``pip freeze`` of the venv
that built them).

    python3 .ci/same_kits.py FOLDER_A FOLDER_B

Exit 0 when every file is the same, or when a library that draws or writes the files differs in release
between the two (then it says which, and compares nothing); exit 1 with the differing files otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

# what draws or writes a kit's bytes: a different release of one of these may give other bytes
WRITERS = {"reportlab", "rl-accel", "pillow", "fonttools", "svgwrite", "svglib", "pypdfium2", "jinja2",
           "pyyaml", "markupsafe", "openpyxl", "lxml"}


def releases(folder: Path) -> dict[str, str]:
    found = {}
    for line in (folder / "libraries.txt").read_text().splitlines():
        name, _, version = line.partition("==")
        if version:
            found[name.strip().lower().replace("_", "-")] = version.strip()
    return {name: version for name, version in found.items() if name in WRITERS}


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "libraries.txt"}


def main() -> int:
    a, b = Path(sys.argv[1]), Path(sys.argv[2])
    ra, rb = releases(a), releases(b)
    if ra != rb:
        changed = sorted(f"{n} {ra.get(n, '-')} / {rb.get(n, '-')}" for n in set(ra) | set(rb) if ra.get(n) != rb.get(n))
        print(f"same bytes: not compared, the library releases differ ({'; '.join(changed)})")
        return 0
    fa, fb = files(a), files(b)
    differ = sorted(name for name in set(fa) | set(fb) if fa.get(name) != fb.get(name))
    if differ:
        print(f"same bytes: {len(differ)} of {len(fa)} files differ with the same library releases:")
        for name in differ[:20]:
            print(f"  {name}")
        return 1
    print(f"same bytes: all {len(fa)} files identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
