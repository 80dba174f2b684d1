"""A seeded fuzzer for everything a user feeds pnpforge: game data (the bundled games and the
example games) and solo logs, mutated the way a hostile or careless user would.

Cases run in a worker process (``python3 tests/fuzzing.py --worker``) that reads one case a line
and answers one JSON line; the parent restarts it if it dies (a crash: the exit code says which
signal) or stops answering (a hang). Each case records the command's exit code, what it printed on
stderr, its time and its peak memory, and :func:`verdict` says what is wrong with it, if anything:

* an exit code other than 0, 1 or 2, a traceback, an "internal error" or "unexpected error";
* a refusal line without ``file:line:`` (or longer than 300 characters);
* a failed build that left anything in its output folder;
* more than ``MAX_SECONDS`` or ``MAX_MB`` for one case.

The same case number always makes the same input (``Random(seed * 1_000_003 + n)``), so a failure
found by the benchmark (benchmarks/bench_fuzz.py) is replayed by its number and kept in
``tests/fuzz_regressions.txt``.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_SECONDS = 60.0
MAX_MB = 300.0
STARTUP_SECONDS = 600.0  # a worker's start, apart from any case's time
LOG_LIMIT_BYTES = 8 * 1024 * 1024
RECYCLE = 1000  # cases a worker runs before a fresh one takes over

GAMES = [ROOT / "data" / name for name in ("farlander", "ktech", "lords_of_war", "thrones")] + \
    [ROOT / "docs" / "example-game", ROOT / "docs" / "example-wargame"]
BUILD_GAMES = [ROOT / "docs" / "example-game", ROOT / "data" / "farlander"]
# the examples of the format's later features, a kind (and its "-build") for each set: "features"
# (spreadsheets, templates, layouts, variants, hex ids, links, edges, cells, copies), "dice". A set
# never changes once its cases are kept as regressions (a case is a choice among its games): a new
# example gets a new kind.
FEATURE_SETS = {
    "features": [ROOT / "data" / "examples" / name for name in (
        "forge_and_field", "counter_sheet", "star_lanes", "tile_laying", "roll_and_write")],
    "dice": [ROOT / "data" / "examples" / "dice"],
}
FEATURE_FILES = (".yaml", ".yml", ".csv", ".tsv")

HOSTILE = [
    ".nan", ".inf", "-.inf", "1.0e+400", "1e400", "-1", "0", "-0.0", "10001", "99999999999999999999",
    "9" * 5000, "'" + "x" * 5000 + "'", "x" * 200_000, "''", "~", "null", "true", "no", "2020-01-01",
    "[", "]", "{", "}", "[]", "{}", "[.nan, 12]", "[1]", "[1, 2, 3, 4, 5]", "*a", "&a", "&a [*a]",
    "!!python/object/apply:os.system ['true']", "!!binary aGk=", "!!set {a}", "!custom 1", "<<: 5",
    '"M 0"', '"L 10 10"', '"M 0 0 A 10 10 0 1 1 20 20"', '"M 0 0 Z Z Z"', '"M 1e999 0"',
    "'\\0'", "\"\\x00\"", "\"\\u202e\"", "'../../../etc/passwd'", "/dev/zero", "'{player}'",
    "'" + "{" * 50 + "'", "5000", "0.0001", "-5000", "1e-300",
]
BAD_TEXT = ["\x00", "\x07", "\ufffe", "\t", "\r", "\u2028", "- ", ": ", "? ", "# ", "%YAML 1.1\n", "---\n",
            "...\n", "'", '"', "|", ">", "&x ", "*x ", "!!str ", "[" * 200, "{a: " * 150]


# issue 27: what the mutations above never made (the "data", "solo" and "data-build" kinds add them)
HOSTILE_MORE = HOSTILE + [
    "1e308", "-1e308", "1.7976931348623157e308", "!!bool maybe", "!!bool yes", "!!int 1e308", "!!float nan",
    "ink", "player-ink", "contrast", "none", "{band: player}", "{fill: player-ink}", "{ink: none}",
    '"M 1e308 1e308 L -1e308 -1e308 Z"', '"M 0 0 L 1e308 0 Z"', '"\\0"', '"a\\0b"', "'" + "n" * 300 + "'",
]
COLOUR_KEYS = re.compile(r"\b(fill|ink|band|colour|color|border|stroke|text_colour|background|tint)(\s*:\s*)"
                         r"(\"[^\"]*\"|'[^']*'|[^,}\]\n#]+|#[0-9a-fA-F]{3,8})")
PATH_KEYS = re.compile(r"\b(image|items_csv|items_from|icon_file|file|out)(\s*:\s*)(\"[^\"]*\"|'[^']*'|[^,}\]\n]+)")
KEYWORDS = ["ink", "player-ink", "contrast", "none", "player", '"#zzz"', "transparent", "{band: player}"]
PATHS = ['"art/se\\0al.png"', '"x\\0.csv"', '"\\0"', "'" + "n" * 300 + ".png'", "'" + "d/" * 2100 + "x.png'",
         "''", "'/etc/passwd'", "'../../x.png'", "'art/'", "'.'"]


def mutate(text: str, rng: random.Random, extended: bool = False) -> str:
    """Between one and four random edits of ``text``; ``extended`` adds issue 27's: colours turned
    into keywords, paths with a NUL byte or hundreds of characters, tags and huge finite numbers."""
    lines = text.split("\n")
    hostile = HOSTILE_MORE if extended else HOSTILE
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(16 if extended else 12)
        i = rng.randrange(len(lines)) if lines else 0
        if not lines:
            lines = [""]
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op in (3, 4, 5):  # a value replaced by a hostile one
            line = lines[i]
            m = re.search(r"(:\s+|-\s+|\[|,\s*)([^,\[\]{}#\n]+)", line)
            if m:
                lines[i] = line[:m.start(2)] + rng.choice(hostile) + line[m.end(2):]
            else:
                lines[i] = line + " " + rng.choice(hostile)
        elif op == 6:  # characters that are not YAML, or YAML at a wrong place
            line = lines[i]
            k = rng.randrange(len(line) + 1)
            lines[i] = line[:k] + rng.choice(BAD_TEXT) + line[k:]
        elif op == 7:  # indentation
            lines[i] = (" " * rng.choice((1, 2, 4))) + lines[i] if rng.random() < 0.6 else lines[i].lstrip()
        elif op == 8:  # cut off
            return "\n".join(lines)[: rng.randrange(len("\n".join(lines)) + 1)]
        elif op == 9:  # a number changed
            line = lines[i]
            nums = list(re.finditer(r"-?\d+(\.\d+)?", line))
            if nums:
                m = rng.choice(nums)
                lines[i] = line[:m.start()] + rng.choice(["0", "-3", "100000", "7.5", "1e9", "3000"]) + line[m.end():]
        elif op == 10:  # a block repeated many times (size and counts)
            j = min(len(lines), i + rng.randint(1, 8))
            lines[i:i] = lines[i:j] * rng.choice((2, 10, 100))
        elif op == 11:  # deep nesting
            lines.insert(i, "x: " + rng.choice("[{") * rng.choice((50, 120, 30000)))
        else:  # extended: a colour, a path or a number somewhere in the file, not just on line i
            lines = _retarget("\n".join(lines), rng, op).split("\n")
    return "\n".join(lines)


def _retarget(text: str, rng: random.Random, op: int) -> str:
    """Op 12/13: a colour made a keyword; 14: a path made hostile; 15: a number made huge or a tag."""
    if op in (12, 13):
        found = list(COLOUR_KEYS.finditer(text)) or list(re.finditer(r"()()(#[0-9a-fA-F]{6})", text))
        replace = rng.choice(KEYWORDS)
    elif op == 14:
        found = list(PATH_KEYS.finditer(text))
        replace = rng.choice(PATHS)
    else:
        found = list(re.finditer(r"()()(?<![\w.#-])(-?\d+(\.\d+)?)(?![\w.-])", text))
        replace = rng.choice(["1e308", "-1e308", "1.7976931348623157e308", "!!bool maybe", "!!int 5", "4e307"])
    if not found:
        return text
    m = rng.choice(found)
    return text[:m.start(3)] + replace + text[m.end(3):]


# -- the seed inputs -------------------------------------------------------------------------------

def seed_logs() -> list[str]:
    """Played games from the solo engine, written as the log contract says."""
    sys.path.insert(0, str(ROOT))
    from solo.board import rules_board
    from solo.log import format_log
    from solo.playout import playout
    from solo.rules import load_rules

    rules = load_rules()
    board = rules_board(rules)
    out = []
    for seed in range(6):
        game = playout(rules, seed, max_years=30, checks=seed % 2 == 0)
        out.append(format_log(game.log, board))
    return out


# -- one case, in the worker -------------------------------------------------------------------------

def _peak_reset() -> None:
    try:
        with open("/proc/self/clear_refs", "w") as handle:
            handle.write("5")  # resets VmHWM, the peak resident size
    except OSError:
        pass


def _peak_mb() -> float:
    try:
        with open("/proc/self/status") as handle:
            found = re.search(r"VmHWM:\s+(\d+)", handle.read())
        return int(found.group(1)) / 1024 if found else 0.0
    except OSError:
        return 0.0


KINDS = ("validate", "log", "build", "data", "solo", "data-build", "features", "features-build", "dice",
         "dice-build", "hostile", "hostile-build")
# "data": game data of every input kind (tests/fuzz_inputs.py) and the extended YAML mutations,
# mostly through validate; "solo": solo logs, extended; "data-build": "data" built. The first three
# are the mutations before issue 27, kept as they were so that their regression cases replay.
# "features", "dice" and their "-build": one file (YAML, CSV or TSV) of an example of the later
# features (FEATURE_SETS), mutated as "data" mutates YAML, validated or built. "hostile" and its
# "-build": issue 35's classes (tests/fuzz_inputs.hostile): workbook bombs, expression widths and
# nesting, wide sheets, long path data, long paths.


def make_case(kind: str, seed: int, n: int, logs: list[str]) -> tuple[str, dict]:
    """The input of case ``n``: (kind, what to write and run). Pure function of its arguments."""
    rng = random.Random(seed * 1_000_003 + n) if kind in KINDS[:3] else random.Random(f"{kind} {seed} {n}")
    if kind in ("log", "solo"):
        text = mutate(rng.choice(logs), rng, extended=kind == "solo")
        return kind, {"text": text, "command": rng.choice(["check", "check", "show"])}
    if kind in ("hostile", "hostile-build"):
        import fuzz_inputs

        return kind, fuzz_inputs.hostile(rng, kind == "hostile-build").spec()
    if kind in ("data", "data-build"):
        import fuzz_inputs

        build = kind == "data-build"
        pick = rng.random()
        for name, share in fuzz_inputs.SHARE.items():
            if pick < share:
                return kind, fuzz_inputs.MAKERS[name](rng, build).spec()
            pick -= share
        folder = rng.choice(BUILD_GAMES + [fuzz_inputs.WARGAME] if build else GAMES)
        files = sorted(p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
        name = rng.choice(files)
        text = mutate((folder / name).read_text(encoding="utf-8"), rng, extended=True)
        args = ["validate", "g"] if not build else \
            ["build", "g", "--paper", "a4", "--format", rng.choice(["pdf", "pdf,svg", "svg", "png"]), "--out", "out"]
        return kind, {"game": str(folder), "args": args, "files": {name: text}, "cwd_files": {}, "what": "yaml"}
    if kind.removesuffix("-build") in FEATURE_SETS:
        folder = rng.choice(FEATURE_SETS[kind.removesuffix("-build")])
        files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.suffix in FEATURE_FILES)
        name = rng.choice(files)
        text = mutate((folder / name).read_text(encoding="utf-8"), rng, extended=True)
        args = ["validate", "g"] if not kind.endswith("-build") else \
            ["build", "g", "--paper", "a4", "--format", rng.choice(["pdf", "pdf,svg", "svg", "png"]), "--out", "out"]
        return kind, {"game": str(folder), "args": args, "files": {name: text}, "cwd_files": {}, "what": "feature"}
    games = BUILD_GAMES if kind == "build" else GAMES
    folder = rng.choice(games)
    files = sorted(p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
    name = rng.choice(files)
    text = mutate((folder / name).read_text(encoding="utf-8"), rng)
    return kind, {"game": str(folder), "file": name, "text": text}


def _write(path: Path, content: object) -> None:
    """A case's file: text, bytes, or ("sparse", size, head): ``head`` then holes up to ``size``. A
    name the file system refuses (300 characters) is not written: the data still names it."""
    try:
        _write_file(path, content)
    except OSError:
        pass


def _write_file(path: Path, content: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        _, size, head = content  # type: ignore[misc]
        with open(path, "wb") as handle:
            handle.write(head)
            handle.truncate(size)


def run_case(kind: str, spec: dict, work: Path) -> dict:
    """Write the case's input under ``work``, run the command in-process, report what happened."""
    from click.testing import CliRunner

    from generator.cli.commands import cli

    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    if kind in ("log", "solo"):
        target = work / "game.yaml"
        target.write_text(spec["text"], encoding="utf-8", errors="surrogatepass")
        args = ["solo", spec["command"], "game.yaml"]
        out = None
    elif "args" in spec:
        target = work / "g"
        shutil.copytree(spec["game"], target)
        for folder, files in ((target, spec["files"]), (work, spec["cwd_files"])):
            for name, content in files.items():
                _write(folder / name, content)
        args = spec["args"]
        out = work / "out" if args[:1] == ["build"] else None
    else:
        target = work / "g"
        shutil.copytree(spec["game"], target)
        (target / spec["file"]).write_text(spec["text"], encoding="utf-8", errors="surrogatepass")
        out = work / "out"
        args = ["validate", "g"] if kind == "validate" else \
            ["build", "g", "--paper", "a4", "--format", "pdf", "--out", "out"]
    here = os.getcwd()
    os.chdir(work)
    _peak_reset()
    start = time.perf_counter()
    try:
        result = CliRunner().invoke(cli, args, prog_name="pnpforge")
    finally:
        os.chdir(here)
    took = time.perf_counter() - start
    crash = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        crash = f"{type(result.exception).__name__}: {str(result.exception)[:200]}"
    left = sorted(str(p.relative_to(out)) for p in out.rglob("*")) if out is not None and out.exists() else []
    bad_svg = _bad_svg(out) if out is not None and result.exit_code == 0 and out.exists() else None
    err = result.stderr if len(result.stderr) <= 4000 else result.stderr[:result.stderr.rfind("\n", 0, 4000) + 1]
    # whole lines only: a line cut in the middle is not a refusal without file:line
    return {"exit": result.exit_code, "stderr": err, "seconds": round(took, 3),
            "mb": round(_peak_mb(), 1), "exception": crash, "left": left[:5], "bad_svg": bad_svg,
            "cli": spec.get("what") == "command line"}


def _bad_svg(out: Path) -> str | None:
    """The first SVG file a build wrote that is not well-formed XML (a control character in a text)."""
    from xml.etree import ElementTree

    for path in sorted(out.rglob("*.svg")):
        try:
            ElementTree.parse(path)
        except ElementTree.ParseError as exc:
            return f"{path.relative_to(out)}: {exc}"
    return None


# -- what counts as a failure -----------------------------------------------------------------------

# file:line, or a spreadsheet's file:row as model/rows.py names it ("tiles.csv:7 (Qty): ...",
# "cards.xlsx:Cards!R2 (from g/game.yaml:44): ...")
_WHERE = re.compile(r"^[^\s:][^:\n]*:(\d+|[^\s!:]+!R\d+)( \([^()\n]*\))?: \S")
_USAGE = re.compile(r"^Usage: pnpforge .*\nTry 'pnpforge [^']*--help' for help\.\n\nError: \S")
# a refusal of a command-line value names the value (a path, a game) rather than a file's line
_ARGUMENT = re.compile(r"^\S[^\n]*: \S")
# a library's own line on the terminal (Pillow's warnings, svglib's log lines, Python's warnings)
CHATTER = re.compile(r"Warning:|warnings\.warn|site-packages|Failed to load input file|Refusing (absolute|out-of-root)"
                     r"|DecompressionBomb|^(ERROR|WARNING|DEBUG|INFO):", re.M)
_SUMMARY = re.compile(r"^(\.\.\.and [\d,]+ more|[\d,]+ problems found\.)$")


# the classes issue 27 counts, each case in at most one (the first that applies), with its thresholds
ISSUE_CLASSES = ("segfault", "traceback", "internal error", ">20 s", ">500 MB", "no line", "partial output")


def issue_class(kind: str, result: dict) -> str | None:
    """Issue 27's class of a case: a crash of the worker (a signal or a silent death), an uncaught
    exception or a printed traceback, "internal error", more than 20 s (or no answer within the
    fuzzer's timeout) or 500 MB, a refusal line without file:line (or library chatter, or a line
    over 300 characters), a failed build's output left behind or a written SVG not well-formed."""
    code = result["exit"]
    if isinstance(code, int) and code < 0:  # the worker killed by a signal (SIGSEGV, SIGKILL ...)
        return "segfault"
    err = result["stderr"]
    if result.get("crashed") or result["exception"] or "Traceback" in err:  # the worker died of an exception
        return "traceback"
    if "internal error" in err or "unexpected error" in err:
        return "internal error"
    if result.get("hung") or result["seconds"] > 20:
        return ">20 s"
    if result["mb"] > 500:
        return ">500 MB"
    problem = verdict(kind, result)
    if problem in ("refusal without file:line", "refusal over 300 characters", "library chatter", "bad exit code"):
        return "no line"
    if problem in ("output left by a failed build", "output not well-formed"):
        return "partial output"
    return None


def verdict(kind: str, result: dict) -> str | None:
    """What is wrong with a case's result (a failure class), or None."""
    if result.get("crashed"):
        return "crash"
    if result.get("hung"):
        return "hang"
    if result["exception"]:
        return "internal error"
    err = result["stderr"]
    if "Traceback" in err or "internal error" in err or "unexpected error" in err:
        return "internal error"
    if result["exit"] not in (0, 1, 2):
        return "bad exit code"
    if result["exit"] == 0 and CHATTER.search(err):
        return "library chatter"
    if result.get("bad_svg"):
        return "output not well-formed"
    if result["exit"] != 0:
        lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith("building")]
        usage = result["exit"] == 2 and _USAGE.match(err) is not None  # a command-line value: click's usage error
        if usage:
            lines = [ln for ln in lines if ln.startswith("Error: ")]
        for line in lines:
            if len(line) > 300:
                return "refusal over 300 characters"
            if not (_WHERE.match(line) or _SUMMARY.match(line) or usage or result.get("cli") and _ARGUMENT.match(line)):
                return "refusal without file:line"
        if not lines:
            return "refusal without file:line"
        if result["left"]:
            return "output left by a failed build"
    if result["seconds"] > MAX_SECONDS:
        return "too slow"
    if result["mb"] > MAX_MB:
        return "too much memory"
    return None


# -- the parent: a worker process, restarted when it dies ---------------------------------------------

class Fuzzer:
    """Feeds cases to a worker process and collects results; a dead or silent worker is a crash or hang."""

    def __init__(self, seed: int, timeout: float = 120.0):
        self.seed = seed
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None
        self.cases = 0

    def _start(self) -> subprocess.Popen:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PNPFORGE_CONFIG": os.devnull}
        env.pop("PNPFORGE_DEBUG", None)
        return subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker", str(self.seed)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True, env=env, cwd=str(ROOT))

    def _ready(self, proc: subprocess.Popen) -> subprocess.Popen:
        """Wait for a new worker's "ready" line: its start (imports, played logs) is not a case's time,
        and on a loaded machine it may take long (once more than the 120 s a case may take)."""
        import selectors

        assert proc.stdout
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        ready = sel.select(STARTUP_SECONDS)
        sel.close()
        line = proc.stdout.readline() if ready else ""
        if line.strip() != "ready":
            proc.kill()
            proc.wait()
            raise RuntimeError(f"the fuzz worker did not start within {STARTUP_SECONDS:.0f} s: {line[:200]!r}")
        return proc

    def run(self, kind: str, n: int) -> dict:
        self.cases += 1
        if self.cases % RECYCLE == 0:  # what a process keeps per file read (fonts registered) stays bounded
            self.close()
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._ready(self._start())
        proc = self.proc
        assert proc.stdin and proc.stdout
        proc.stdin.write(json.dumps({"kind": kind, "n": n}) + "\n")
        proc.stdin.flush()
        import selectors

        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        ready = sel.select(self.timeout)
        sel.close()
        if not ready:
            proc.kill()
            proc.wait()
            self.proc = None
            return {"hung": True, "exit": None, "stderr": "", "seconds": self.timeout, "mb": 0,
                    "exception": None, "left": []}
        line = proc.stdout.readline()
        if not line:
            code = proc.wait()
            self.proc = None
            return {"crashed": True, "exit": code, "stderr": f"worker died with {code}", "seconds": 0,
                    "mb": 0, "exception": None, "left": []}
        return json.loads(line)

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()  # type: ignore[union-attr]
            self.proc.wait(timeout=30)
        self.proc = None


def worker(seed: int) -> None:
    sys.path.insert(0, str(ROOT))
    logs = seed_logs()
    from generator.cli.commands import cli  # noqa: F401 - imported before the first case's clock starts
    from generator.cli.watch import forget_read_files

    work = Path(tempfile.mkdtemp(prefix="pnpforge-fuzz-"))
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    try:
        for count, line in enumerate(sys.stdin):
            ask = json.loads(line)
            kind, spec = make_case(ask["kind"], seed, ask["n"], logs)
            # a folder of its own for each case: what pnpforge keeps by a file's path for the rest
            # of a command (a picture's size, an SVG's drawing, a font) is never another case's file
            case = work / f"case{count}"
            result = run_case(kind, spec, case)
            shutil.rmtree(case, ignore_errors=True)
            # and, as pnpforge watch does before each build, forget them: a case's pictures (an SVG's
            # drawing may be tens of MB) would otherwise be held until 256 more were read, and counted
            # against the peak memory of the cases after it
            forget_read_files()
            sys.stdout.write(json.dumps(result) + "\n")
            sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def replay(kind: str, seed: int, n: int) -> tuple[str, dict]:
    """The input of a case, to look at or keep (``python3 tests/fuzzing.py --show KIND SEED N``)."""
    return make_case(kind, seed, n, seed_logs())


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker(int(sys.argv[2]))
    elif sys.argv[1:2] == ["--show"]:
        shown = replay(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))[1]
        print(json.dumps(shown, indent=1, default=lambda v: repr(v)[:300])[:5000])


# -- issue 35: the watch server, fed random requests ------------------------------------------------

_SEGMENTS = ["kit", "index.html", "a.jpg", "..", ".", "%2e%2e", "%2E%2e%2f", "%00", "%ff%fe", "secret.txt",
             "x" * 300, "a" * 5000, "%2f", "\\..\\", "dev", "zero", "etc", "passwd", "link.txt", "other.txt", "",
             "__pnpforge", "events", "live.js", "%0d%0aSet-Cookie:x=1", "\u00e9", "%c0%ae%c0%ae", ";", "?v=1", "#x"]


def fuzz_server(seed: int, count: int) -> list[str]:
    """``count`` random requests (addresses, Host headers, clients that drop) to a watch server over a
    folder holding the build's files, a file beside them it did not write, and a link out; returns
    what went wrong: a file outside the build served, a traceback or line printed, a server that
    stopped answering."""
    import contextlib
    import http.client
    import io
    import socket
    import tempfile

    from generator.cli.serve import Live, serve

    rng = random.Random(f"serve {seed}")
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        out = root / "out"
        (out / "kit").mkdir(parents=True)
        (out / "kit" / "index.html").write_text('<html><head></head><body><img src="a.jpg">'
                                                '<img src="../../secret.txt"></body></html>')
        (out / "kit" / "a.jpg").write_bytes(b"picture")
        (out / "kit" / "other.txt").write_text("SECRET-OTHER")
        (root / "secret.txt").write_text("SECRET-OUTSIDE")
        (out / "kit" / "link.txt").symlink_to(root / "secret.txt")
        allowed = {"/kit/index.html", "/kit/a.jpg", "/kit/", "/kit", "/", "/__pnpforge/live.js"}
        live = Live()
        live.announce(1, [], "/kit/index.html", frozenset({"kit/index.html", "kit/a.jpg", "kit/link.txt"}))
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            server = serve(out, live)
            port = server.server_address[1]
            try:
                for n in range(count):
                    problems += _one_request(rng, port, allowed, n, socket, http.client)
                status, _ = _ask(http.client, port, "/kit/a.jpg", f"127.0.0.1:{port}")
                if status != 200:
                    problems.append(f"serve {seed}: no answer after {count} requests")
            finally:
                live.close()
                server.shutdown()
                server.server_close()
        if err.getvalue():
            problems.append(f"serve {seed}: printed {err.getvalue()[:200]!r}")
    return problems


def _ask(client, port: int, path: str, host: str) -> tuple[int, bytes]:  # noqa: ANN001
    conn = client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def _one_request(rng: random.Random, port: int, allowed: set[str], n: int, socket, client) -> list[str]:  # noqa: ANN001
    host = rng.choice([f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "evil.example",
                       f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port}\r\nX: y", ""])
    if rng.random() < 0.6:  # a way out of the build's files: up, encoded, doubled, to a file it did not write
        ups = rng.choice(["..", "%2e%2e", "%2E%2E", ".%2e", "%252e%252e", "...", "..%2f..", "..\\.."])
        path = "/" + "/".join([rng.choice(["kit", "", "kit/kit", "kit/."])] + [ups] * rng.randint(0, 3)
                              + [rng.choice(["secret.txt", "kit/other.txt", "other.txt", "link.txt", "kit/link.txt",
                                             "out/kit/other.txt"])])
        path = path.replace("//", rng.choice(["//", "/", "/./"]))
    else:
        path = "/" + "/".join(rng.choice(_SEGMENTS) for _ in range(rng.randint(0, 6)))
    if rng.random() < 0.2:  # a client that sends part of a request, or all of it, and goes away
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode("utf-8", "surrogateescape")
            s.sendall(request[: rng.randint(0, len(request))])
        return []
    try:
        status, body = _ask(client, port, path, host)
    except (OSError, client.HTTPException, UnicodeError, ValueError):
        return []  # refused by the client library itself, or the connection dropped: nothing served
    found = []
    if b"SECRET" in body:
        found.append(f"request {n}: {path!r} with Host {host!r} served a file the build did not write")
    if status == 200 and (path.split("?")[0].split("#")[0] not in allowed or
                          host not in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}")):
        found.append(f"request {n}: {path!r} with Host {host!r} answered 200")
    return found
