"""The one YAML reader (generator/source/yamlsrc.py) refuses hostile files with one ``file:line:`` sentence.

Each case here is a failure class of issue #15 / #10 that once crashed the process (segmentation
fault in libyaml's C composer), took gigabytes, or refused without a line. Cases that could kill the
interpreter run in a subprocess, so a regression shows as a failed test, not a dead test run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator.base.errors import DataError, DataErrors
from generator.source.yamlsrc import LIMITS, YList, YMap, loads

ROOT = Path(__file__).resolve().parents[1]
KINGDOM_SETUP = """\
# format: 1
setup:
  dice: [4, 2]
  mountains: [C2, C3, D2, D3, H6, H7]
  river: [D4, E5, F5, G6, G7, G8]
  farm: E5
  mine: C3
  village: F4
years:
"""
GAME = """\
format: 1
game: {id: tiny, title: Tiny, author: A, licence: CC0, source: here, players: [1, 2]}
components:
  - id: chits
    name: Chits
    kind: token
    size_mm: 20
    items:
      - {name: A, count: 2}
"""

# Prints the peak resident memory (KB) of the command after it ran, whatever its exit. VmHWM, not
# ru_maxrss: Linux carries ru_maxrss over from the forking parent (pytest) across exec.
_MEASURED = textwrap.dedent("""\
    import re, resource, sys
    from generator.cli.commands import cli
    try:
        cli.main(sys.argv[1:], prog_name="pnpforge", standalone_mode=True)
    finally:
        sys.stdout.flush()
        try:
            with open("/proc/self/status") as status:
                peak = int(re.search(r"VmHWM:\\s+(\\d+)", status.read()).group(1))
        except OSError:
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print("MAXRSS", peak, file=sys.stderr)
""")


def pnpforge(*args: str, cwd: Path | None = None, stdin: str = "", timeout: float = 60,
             measure: bool = False) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PNPFORGE_DEBUG", None)
    cmd = [sys.executable, "-c", _MEASURED, *args] if measure else [sys.executable, "-m", "generator", *args]
    return subprocess.run(cmd, cwd=cwd or ROOT, env=env, input=stdin, capture_output=True, text=True,
                          timeout=timeout)


def one_refusal(result: subprocess.CompletedProcess, where: str, codes=(1, 2)) -> str:
    """The run ended with one clean refusal line at ``where`` (file:line)."""
    err = "\n".join(line for line in result.stderr.splitlines() if not line.startswith("MAXRSS"))
    assert result.returncode in codes, (result.returncode, err[-500:])
    assert "Traceback" not in err and "internal error" not in err, err[-2000:]
    first = err.splitlines()[0]
    assert first.startswith(where), err[:500]
    assert len(first) <= 300, first
    return first


def game_folder(tmp_path: Path, text: str = GAME) -> Path:
    folder = tmp_path / "game"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(text)
    return folder


# -- deep nesting: a segmentation fault in every command that read YAML -------------------------

DEEP = "years: " + "[" * 26000  # the 26 KB file


@pytest.mark.parametrize("command", [["solo", "check"], ["solo", "show"]])
def test_26kb_of_brackets_is_refused_not_a_segfault(tmp_path, command):
    log = tmp_path / "deep.yaml"
    log.write_text(DEEP)
    result = pnpforge(*command, str(log))
    line = one_refusal(result, f"{log}:1:", codes=(2,))
    assert "nested more than 100 levels deep" in line


def test_solo_play_on_a_deeply_nested_log(tmp_path):
    log = tmp_path / "deep.yaml"
    log.write_text("years:\n  - " + "{a: " * 30000)
    result = pnpforge("solo", "play", "--log", str(log), stdin="")
    assert result.returncode in (1, 2), result.stderr[-500:]
    assert f"{log}:2:" in result.stderr and "nested more than 100 levels deep" in result.stderr
    assert "Traceback" not in result.stderr


def test_deep_nesting_in_game_data_and_in_the_project_config(tmp_path):
    folder = game_folder(tmp_path, GAME + "    notes: " + "[" * 40000 + "\n")
    line = one_refusal(pnpforge("validate", str(folder)), str(folder / "game.yaml") + ":10:")
    assert "nested more than 100 levels deep" in line
    # ./pnpforge.yaml is read by every build
    (tmp_path / "pnpforge.yaml").write_text("build: " + "{a: " * 30000)
    result = pnpforge("build", str(game_folder(tmp_path)), cwd=tmp_path)
    assert "nested more than 100 levels deep" in one_refusal(result, "pnpforge.yaml:1:")


def test_depth_is_a_limit_not_a_guess():
    inside = "a: " + "[" * (LIMITS.max_depth - 1) + "1" + "]" * (LIMITS.max_depth - 1)
    assert loads(inside)["a"] is not None
    with pytest.raises(DataError, match="nested more than 100 levels deep"):
        loads("a: " + "[" * LIMITS.max_depth + "]" * LIMITS.max_depth)


@pytest.mark.parametrize("brackets", ["[" * 1200, "{a: " * 1200, "[" * 26000])
def test_past_libyamls_own_depth_bound_on_a_later_line(brackets):
    """libyaml 0.2.6 (PyYAML 6.0.4's wheels) refuses 1,000 levels itself, reading a line ahead of
    the values we build: its refusal is our sentence, at the line of the brackets."""
    with pytest.raises(DataError) as caught:
        loads("name: Lanterns\nyear: 1\nyears: " + brackets + "\n", "deep.yaml")
    assert str(caught.value) == "deep.yaml:3: nested more than 100 levels deep"


# -- numbers, NUL bytes and other characters ------------------------------------------------------

def test_a_number_of_5000_digits_in_a_log(tmp_path):
    log = tmp_path / "big-number.yaml"
    log.write_text(KINGDOM_SETUP + "  - fate: [3, " + "9" * 5000 + "]\n")
    line = one_refusal(pnpforge("solo", "check", str(log)), f"{log}:10:", codes=(2,))
    assert "a number of 5000 digits" in line and "Exceeds the limit" not in line


def test_a_nul_byte_is_refused_at_its_line_without_loader_detail(tmp_path):
    log = tmp_path / "nul.yaml"
    log.write_text(KINGDOM_SETUP.replace("farm: E5", "farm: E\x005"))
    result = pnpforge("solo", "check", str(log))
    line = one_refusal(result, f"{log}:6:", codes=(2,))
    assert line.endswith("a control character (U+0000) in column 10; YAML files hold printable text only")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("text, line, words", [
    ("a: 1\nb: \x07\n", 2, "U+0007"),
    ("a: 1\n\n\nb: [1, \x1b]\n", 4, "U+001B"),
    ("a: \ufffe\n", 1, "U+FFFE"),
])
def test_control_characters_have_a_line(text, line, words):
    with pytest.raises(DataError) as err:
        loads(text, "f.yaml")
    assert err.value.line == line and words in err.value.message


@pytest.mark.parametrize("text", ["a: .nan", "a: .NaN", "a: .inf", "a: -.Inf", "a: 1.0e+400", "a: -2.5e+999"])
def test_numbers_that_are_not_numbers_are_refused_by_the_reader(text):
    with pytest.raises(DataError, match="not a usable number") as err:
        loads("x: 1\n" + text + "\n", "f.yaml")
    assert err.value.line == 2


def test_nan_in_game_data_names_its_line(tmp_path):
    folder = game_folder(tmp_path, GAME.replace("size_mm: 20", "size_mm: .nan"))
    line = one_refusal(pnpforge("validate", str(folder)), str(folder / "game.yaml") + ":7:")
    assert "'.nan' is not a usable number" in line


# -- aliases: billion laughs, and the aliased log that took 3.2 GB --------------------------------

def laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused_at_the_alias_that_passes_the_limit():
    with pytest.raises(DataError) as err:
        loads(laughs(), "bomb.yaml")
    assert err.value.line == 6  # a5 stands for 10^5 + ... values; the limit is 200,000
    assert "more than 200,000 values" in err.value.message and "alias" in err.value.message


def test_billion_laughs_in_a_game_file(tmp_path):
    folder = game_folder(tmp_path)
    (folder / "bomb.yaml").write_text("format: 1\n" + laughs())
    result = pnpforge("validate", str(folder))
    one_refusal(result, str(folder / "bomb.yaml") + ":7:")
    assert "more than 200,000 values" in result.stderr


def test_aliased_log_is_refused_in_bounded_memory(tmp_path):
    log = tmp_path / "aliased.yaml"
    year = "{fate: [3, 5], capital: food, trade: [food], check: {food: 2}}"
    log.write_text(KINGDOM_SETUP + f"  - &y {year}\n" + "  - *y\n" * 400_000)  # 2.8 MB
    result = pnpforge("solo", "check", str(log), measure=True)
    line = one_refusal(result, f"{log}:11:", codes=(2,))
    assert "an alias (*y) repeats an earlier value" in line
    assert _maxrss_mb(result) < 200


def _maxrss_mb(result: subprocess.CompletedProcess) -> float:
    found = re.search(r"MAXRSS (\d+)", result.stderr)
    assert found, result.stderr[-300:]
    return int(found.group(1)) / 1024


def test_a_log_just_under_the_size_cap_is_read_in_under_200_mb(tmp_path):
    log = tmp_path / "long.yaml"
    year = "  - fate: [3, 5]\n"
    log.write_text(KINGDOM_SETUP + year * ((7_900_000 - len(KINGDOM_SETUP)) // len(year)))
    assert 7_800_000 < log.stat().st_size < 8 * 1024 * 1024
    result = pnpforge("solo", "check", str(log), measure=True)
    one_refusal(result, f"{log}:", codes=(1, 2))
    assert _maxrss_mb(result) < 200


def test_a_log_over_the_cap_is_refused_before_it_is_parsed(tmp_path):
    log = tmp_path / "huge.yaml"
    log.write_text("# " + "x" * (9 * 1024 * 1024) + "\n")
    line = one_refusal(pnpforge("solo", "check", str(log)), f"{log}:1:", codes=(2,))
    assert "file is too large (more than 8,388,608 bytes)" in line


# -- what the reader builds, and the other refusals ------------------------------------------------

def test_lines_of_keys_and_items():
    doc = loads("a: 1\nb:\n  - x\n  - {y: 2,\n     z: 3}\n", "demo.yaml")
    assert isinstance(doc, YMap) and isinstance(doc["b"], YList)
    assert (doc.line_of("a"), doc.line_of("b"), doc["b"].line_of(0), doc["b"].line_of(1)) == (1, 2, 3, 4)
    assert doc["b"][1].line_of("z") == 5 and doc["b"][1].file == "demo.yaml"


def test_merge_keys_and_overrides():
    doc = loads("base: &b {fill: '#ffffff', size_mm: 20}\n"
                "other: &o {ink: '#000000', fill: '#111111'}\n"
                "piece:\n  <<: [*b, *o]\n  size_mm: 25\n")
    assert doc["piece"] == {"fill": "#ffffff", "size_mm": 25, "ink": "#000000"}
    assert doc["piece"].line_of("size_mm") == 5 and doc["piece"].line_of("fill") == 1
    with pytest.raises(DataError, match="<< \\(merge\\) takes a mapping"):
        loads("piece:\n  <<: 5\n")
    assert loads("- <<\n") == ["<<"]
    # a key written after a merge overrides the merged one, and keeps its own line
    doc = loads("b: &b {x: 1, y: 2}\nc:\n  x: 0\n  <<: *b\n  y: 3\n")
    assert doc["c"] == {"x": 0, "y": 3} and doc["c"].line_of("y") == 5 and doc["c"].line_of("x") == 3
    # numbers, true/false and null read once are the same values when they recur
    assert loads("[1, 1, true, yes, null, ~, 0x1f, 1.5]") == [1, 1, True, True, None, None, 31, 1.5]


@pytest.mark.parametrize("text, line, words", [
    ("a: 1\nb: 2\na: 3\n", 3, "duplicate key 'a' (first given on line 1)"),
    ("? [a, b]\n: 1\n", 1, "a mapping key must be plain text"),
    ("x: !!python/object/apply:os.system ['echo hi']\n", 1, "the tag '!!python/object/apply:os.system'"),
    ("x: !!binary aGVsbG8=\n", 1, "the tag '!!binary' is not allowed"),
    ("x: !mine 3\n", 1, "the tag '!mine' is not allowed"),
    ("x: !!set {a, b}\n", 1, "the tag '!!set' is not allowed"),
    ("a: *nowhere\n", 1, "alias *nowhere names no earlier &anchor"),
    ("a: &x [1, *x]\n", 1, "alias *x is used inside the value it names"),
    ("a: 1\n---\nb: 2\n", 2, "found a second one"),
    ("a: [1, 2\nb: 3\n", 2, "not valid YAML"),
    ("a: 1\n b: 2\n", 2, "not valid YAML"),
    ("a: '" + "x" * 100_001 + "'\n", 1, "a text of 100,001 characters; at most 100,000"),
    ("a: 2020-13-45\n", 1, "'2020-13-45' cannot be read as a timestamp"),
    ("a: 1\nb: !!int ''\n", 2, "'' cannot be read as a int"),  # was an internal error (IndexError)
    ("a: &x {b: 1}\nc: {<<: *x, d: 2, d: 3}\n", 2, "duplicate key 'd' (first given on line 2)"),
    ("c: {d: 2, <<: {e: 1}, d: 3}\n", 1, "duplicate key 'd'"),
])
def test_refusals_have_a_line(text, line, words):
    with pytest.raises(DataError) as err:
        loads(text, "f.yaml")
    assert err.value.line == line and words in err.value.message, str(err.value)
    assert len(str(err.value)) <= 300 and "\n" not in str(err.value)


def test_the_printable_class_is_pyyamls_on_every_code_point():
    """The class of characters a file may not hold, written as its few ranges, is PyYAML's own
    [^printable] class on every code point."""
    import yaml

    from generator.source import yamlsrc

    every = "".join(map(chr, range(0x110000)))
    ours = [m.start() for m in yamlsrc.NOT_PRINTABLE.finditer(every)]
    theirs = [m.start() for m in yaml.reader.Reader.NON_PRINTABLE.finditer(every)]
    assert ours == theirs and len(ours) == 29 + 1 + 31 + 2048 + 2  # C0 but tab, LF, CR; DEL; C1 but NEL; surrogates; U+FFFE/F
    with pytest.raises(yaml.reader.ReaderError):  # PyYAML's own reader still refuses them
        yaml.safe_load("a: \x07\n")


def test_an_empty_file_is_none_and_comments_only_too():
    assert loads("") is None and loads("# nothing\n") is None


def test_echoed_values_are_cut_and_long_problem_lists_summarised(tmp_path):
    long = "x" * 200_000
    folder = game_folder(tmp_path, GAME.replace("kind: token", f"kind: '{long[:4000]}'"))
    line = one_refusal(pnpforge("validate", str(folder)), str(folder / "game.yaml") + ":6:")
    assert "x" * 60 + "..." in line and "x" * 61 not in line
    items = "".join(f"      - {{name: A{i}, count: -1}}\n" for i in range(2_000))
    folder = game_folder(tmp_path, GAME.replace("      - {name: A, count: 2}\n", items))
    result = pnpforge("validate", str(folder))
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 1 and len(lines) == 22, lines[-3:]
    assert all(ln.startswith(str(folder / "game.yaml") + ":") for ln in lines[:20])
    assert lines[20] == "...and 1,980 more" and lines[21] == "2,000 problems found."


def test_data_errors_str_is_summarised_too():
    err = DataErrors([DataError(f"problem {i}", "f.yaml", i) for i in range(1, 20_001)])
    text = str(err).splitlines()
    assert len(text) == 21 and text[0] == "f.yaml:1: problem 1" and text[-1] == "...and 19,980 more"


def test_every_message_is_one_line_of_at_most_300_characters():
    err = DataError("a\nb " + "y" * 1000, "f.yaml", 3)
    assert "\n" not in str(err) and len(str(err)) <= 300 and str(err).startswith("f.yaml:3: a b yyy")
