"""Helpers for the safety tests: the command line in-process or in a subprocess, and the checks that
every refusal is one clean ``file:line:`` sentence."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def env() -> dict[str, str]:
    out = {**os.environ, "PYTHONPATH": str(ROOT)}
    out.pop("PNPFORGE_DEBUG", None)
    return out


def run_in_process(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    """``pnpforge ARGS`` run from ``cwd`` through click's runner (no interpreter start-up), returned
    like a finished process. For inputs that cannot crash the interpreter."""
    from click.testing import CliRunner

    from generator.cli.commands import cli

    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli, list(args), prog_name="pnpforge", input=stdin)
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"uncaught {result.exception!r}") from result.exception
    return subprocess.CompletedProcess(list(args), result.exit_code, result.stdout, result.stderr)


def run_process(*args: str, cwd: Path, timeout: float = 300, **kwargs) -> subprocess.CompletedProcess:
    """``python3 -m generator ARGS`` in a process of its own."""
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env(), capture_output=True,
                          text=True, timeout=timeout, **kwargs)


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by its path, as a hash of its bytes."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}
