"""``solo play`` at a real terminal (a pseudo-terminal): arrow keys edit the answer (readline)
instead of landing in the log as escape codes, and end of input stops cleanly."""

from __future__ import annotations

import os
import select
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pty = pytest.importorskip("pty")
pytest.importorskip("readline")

LEFT = b"\x1b[D"


def _session(tmp_path: Path, steps: list[tuple[bytes, bytes]]) -> tuple[int, str]:
    """Run ``solo play`` in a pseudo-terminal; for each step wait for the prompt's text, then type.
    Returns the exit code and everything the terminal showed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm"}
    env.pop("PNPFORGE_DEBUG", None)
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(tmp_path)
        os.execvpe(sys.executable, [sys.executable, "-m", "generator", "solo", "play", "--seed", "7",
                                    "--log", "game.yaml"], env)
    shown = b""

    def wait_for(text: bytes, seconds: float = 60.0) -> None:
        nonlocal shown
        end = time.monotonic() + seconds
        while text not in shown and time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    shown += os.read(fd, 4096)
                except OSError:
                    break
        assert text in shown, shown[-500:]

    try:
        for prompt, typed in steps:
            wait_for(prompt)
            os.write(fd, typed)
        wait_for(b"To continue")
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    return os.waitstatus_to_exitcode(status), shown.decode("utf-8", "replace")


def test_arrow_keys_edit_the_answer_instead_of_landing_in_the_log(tmp_path):
    code, shown = _session(tmp_path, [
        (b"ruler", b"\r"),
        (b"kingdom's name", b"Nrth" + LEFT * 3 + b"o\r"),  # N|rth: the arrows move back, o goes in
        (b"capital's name", b"\r"), (b"your farm", b"\r"), (b"your mine", b"\r"), (b"your village", b"\r"),
        (b"Produce", b"\x04"),  # Ctrl-D: end of input
    ])
    assert code == 1 and "Kingdom of North" in shown
    log = (tmp_path / "game.yaml").read_text()
    assert 'kingdom: "North"' in log and "\\u001b" not in log
