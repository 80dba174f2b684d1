"""The property behind "ok means it builds" (issue 34, section 3), over game folders made from the
format itself (tests/formatgen.py): validate refusing means one ``file:line`` sentence a problem;
validate saying ok means the build succeeds; neither ever ends in an internal error. A fixed seed
here (``PNPFORGE_FORMAT_CASES`` and ``PNPFORGE_FORMAT_SEED`` for more);
``benchmarks/bench_fuzz.py --kinds format`` runs thousands."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import formatgen
from safety_helpers import run_in_process

CASES = int(os.environ.get("PNPFORGE_FORMAT_CASES", "40"))
SEED = int(os.environ.get("PNPFORGE_FORMAT_SEED", "1"))
# file:line, or a spreadsheet's row ("items.csv:3 (Count): ...", "items.xlsx:Sheet!R2 (Count): ...")
WHERE = re.compile(r"^[^\s:][^:\n]*:(\d+|[^\s!:]+!R\d+)( \([^()\n]*\))?: \S")
SUMMARY = re.compile(r"^(\.\.\.and [\d,]+ more|[\d,]+ problems found\.)$")


def run_one(seed: int, n: int, work: Path) -> tuple[str, str]:
    """(outcome, detail) of case ``n``: "refused", "built", or a failure of the property."""
    if work.exists():
        shutil.rmtree(work)
    game = work / "g"
    game.mkdir(parents=True)
    files, _ = formatgen.case(seed, n)
    for name, data in files.items():
        (game / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    try:
        checked = run_in_process("validate", "g", cwd=work)
    except AssertionError as exc:  # an exception escaped the command: an internal error, said as one case
        return "internal error at validate", str(exc)[:600]
    if "internal error" in checked.stderr or "Traceback" in checked.stderr:
        return "internal error at validate", checked.stderr[-600:]
    if checked.returncode != 0:
        lines = [ln for ln in checked.stderr.splitlines() if ln.strip() and "warning:" not in ln]
        loose = [ln for ln in lines if not (WHERE.match(ln) or SUMMARY.match(ln))]
        if checked.returncode not in (1, 2) or loose or not lines:
            return "refusal without file:line", "\n".join(loose or lines)[:600]
        return "refused", ""
    try:
        built = run_in_process("build", "g", "--paper", "a4", "--format", "pdf,svg", "--jobs", "1", "--out", "out",
                               cwd=work)
    except AssertionError as exc:  # as above: the run goes on to its next folder
        return "validate ok, build failed", str(exc)[:600]
    if built.returncode != 0 or "internal error" in built.stderr:
        return "validate ok, build failed", built.stderr[-600:]
    return "built", ""


def test_validate_ok_means_build_ok_over_folders_made_from_the_format(tmp_path):
    outcomes: dict[str, int] = {}
    failures = []
    for n in range(CASES):
        outcome, detail = run_one(SEED, n, tmp_path / "w")
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if outcome not in ("refused", "built"):
            failures.append(f"format seed {SEED} case {n}: {outcome}: {detail}")
    assert not failures, "\n".join(failures[:5])
    assert outcomes.get("built", 0) >= CASES // 10, outcomes  # enough folders pass to test the build
    assert outcomes.get("refused", 0) >= CASES // 10, outcomes  # and the generator still bites
