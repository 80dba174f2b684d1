"""The fuzz corpus: seeded mutations of the bundled games, the example games and played solo logs.

A few hundred fast cases per run by default; ``PNPFORGE_FUZZ_CASES=N`` runs N of each kind (and
``PNPFORGE_FUZZ_SEED`` another seed). Every case must end in exit 0, 1 or 2 with no traceback or
internal error, every refusal line must carry ``file:line:``, a failed build must leave nothing,
and no case may take more than a minute or 300 MB (see tests/fuzzing.py). Cases that once failed
are replayed from tests/fuzz_regressions.txt.
"""

from __future__ import annotations

import os
from pathlib import Path

import fuzzing
import pytest

CASES = int(os.environ.get("PNPFORGE_FUZZ_CASES", "0"))
SEED = int(os.environ.get("PNPFORGE_FUZZ_SEED", "1"))
COUNTS = {"validate": CASES or 150, "log": CASES or 150, "build": max(CASES // 20, 12),
          "data": CASES or 150, "solo": CASES or 150, "data-build": max(CASES // 20, 20),
          "features": CASES or 150, "features-build": max(CASES // 20, 20),
          "dice": CASES or 100, "dice-build": max(CASES // 20, 10),
          "hostile": CASES or 60, "hostile-build": max(CASES // 20, 10)}
REGRESSIONS = Path(__file__).with_name("fuzz_regressions.txt")


@pytest.fixture(scope="module")
def fuzzer():
    f = fuzzing.Fuzzer(SEED)
    yield f
    f.close()


@pytest.mark.parametrize("kind", ["validate", "log", "build", "data", "solo", "data-build", "features",
                                  "features-build", "dice", "dice-build", "hostile", "hostile-build"])
def test_fuzz(fuzzer, kind):
    failures = []
    exits = set()
    for n in range(COUNTS[kind]):
        result = fuzzer.run(kind, n)
        exits.add(result["exit"])
        problem = fuzzing.verdict(kind, result)
        if problem:
            failures.append(f"{kind} seed {SEED} case {n}: {problem}: {result['stderr'][:300]}")
    assert not failures, "\n".join(failures[:10])
    assert {1, 2} & exits, "the mutations never produced a refusal: the fuzzer is not biting"


def regressions() -> list[tuple[str, int, int]]:
    out = []
    for line in REGRESSIONS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            kind, seed, n = line.split()[:3]
            out.append((kind, int(seed), int(n)))
    return out


def test_regression_cases(tmp_path):
    """Inputs the fuzzer once broke pnpforge with, replayed by (kind, seed, case number)."""
    fuzzers: dict[int, fuzzing.Fuzzer] = {}
    try:
        for kind, seed, n in regressions():
            f = fuzzers.setdefault(seed, fuzzing.Fuzzer(seed))
            result = f.run(kind, n)
            assert fuzzing.verdict(kind, result) is None, (kind, seed, n, result["stderr"][:300])
            assert result["exit"] in (0, 1, 2)
    finally:
        for f in fuzzers.values():
            f.close()


def test_the_verdict_catches_what_it_should():
    ok = {"exit": 1, "stderr": "g/game.yaml:3: bad\n", "seconds": 0.1, "mb": 50, "exception": None, "left": []}
    assert fuzzing.verdict("validate", ok) is None
    assert fuzzing.verdict("validate", {**ok, "stderr": "pnpforge: internal error (KeyError)\n"}) == "internal error"
    assert fuzzing.verdict("validate", {**ok, "stderr": "not valid YAML\n"}) == "refusal without file:line"
    assert fuzzing.verdict("log", {**ok, "exit": -11}) == "bad exit code"
    assert fuzzing.verdict("build", {**ok, "left": ["g/a4/x.pdf"]}) == "output left by a failed build"
    assert fuzzing.verdict("log", {**ok, "mb": 900}) == "too much memory"
    assert fuzzing.verdict("log", {**ok, "crashed": True}) == "crash"


def test_the_verdict_and_issue_27s_classes():
    ok = {"exit": 0, "stderr": "g: 8 files in out/g\n", "seconds": 0.1, "mb": 50, "exception": None, "left": []}
    assert fuzzing.verdict("data", ok) is None and fuzzing.issue_class("data", ok) is None
    bomb = "/venv/lib/python3.11/site-packages/PIL/Image.py:3402: DecompressionBombWarning: Image size ...\n"
    assert fuzzing.verdict("data", {**ok, "stderr": bomb}) == "library chatter"
    assert fuzzing.verdict("data", {**ok, "stderr": "Refusing absolute external reference '/etc/hosts'.\n"}) \
        == "library chatter"
    assert fuzzing.issue_class("data", {**ok, "stderr": "Failed to load input file! (x)\n"}) == "no line"
    assert fuzzing.issue_class("data-build", {**ok, "bad_svg": "g/a4/cards.svg: not well-formed"}) == "partial output"
    assert fuzzing.issue_class("data-build", {**ok, "exit": 1, "stderr": "g/game.yaml:3: bad\n", "left": ["g"]}) \
        == "partial output"
    usage = ("Usage: pnpforge build [OPTIONS] [GAMES]...\nTry 'pnpforge build --help' for help.\n\n"
             "Error: Invalid value for '--dpi': 'nan' is not a number.\n")
    assert fuzzing.verdict("data", {**ok, "exit": 2, "stderr": usage}) is None
    assert fuzzing.verdict("data", {**ok, "exit": 1, "stderr": "out: cannot write here\n"}) == \
        "refusal without file:line"
    assert fuzzing.verdict("data", {**ok, "exit": 1, "stderr": "out: cannot write here\n", "cli": True}) is None
    assert fuzzing.issue_class("data", {**ok, "exit": -11, "crashed": True}) == "segfault"
    assert fuzzing.issue_class("data", {**ok, "exit": 1, "crashed": True}) == "traceback"
    assert fuzzing.issue_class("data", {**ok, "exit": 1, "stderr": "pnpforge: internal error (KeyError)\n"}) \
        == "internal error"
    assert fuzzing.issue_class("data", {**ok, "seconds": 21}) == ">20 s"
    assert fuzzing.issue_class("data", {**ok, "mb": 501}) == ">500 MB"


def test_the_new_kinds_reach_every_input_the_format_reads():
    """In 800 game-data cases: pictures, SVG, fonts, sheets, the config and the command line, and in
    the YAML colours as keywords, 1e308, !!bool maybe and a path with a NUL byte (issue 27, section 5:
    the fuzzer had never made any of these)."""
    import json

    made = [fuzzing.make_case("data", 3, n, [])[1] for n in range(800)]
    whats = " | ".join(spec.get("what", "") for spec in made)
    for kind in ("png bytes", "png header says", "jpeg", "svg nested", "svg refers to", "svg numbers made huge",
                 "font", "cells", "rows x", "header", "config", "command line"):
        assert kind in whats, kind
    texts = json.dumps([spec["files"].get(name) for spec in made if spec.get("what") == "yaml"
                        for name in spec["files"]])
    for value in ("player-ink", "contrast", "1e308", "!!bool maybe", "\\\\0"):
        assert value in texts, value
    assert any("--dpi" in spec["args"] for spec in made)
    assert fuzzing.make_case("data", 3, 17, []) == fuzzing.make_case("data", 3, 17, [])  # replayable
