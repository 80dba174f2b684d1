"""Writing files atomically: a reader never sees a half-written file, and a failed build leaves the
previous file (or nothing) in place. Only a regular file is ever replaced: a device node, a folder or
a symbolic link where a file would go is refused with a sentence (an atomic rename would otherwise
replace the node or the link itself). And a reader that closes our output early (``| head``) ends
the command quietly."""

from __future__ import annotations

import io
import os
import re
import stat
import sys
import tempfile
from pathlib import Path

from ..base.errors import BuildError, PnpError
from ..base.interrupts import Held

MAX_FOLDER_CHARS = 1024  # a folder a user names (--out, the config's out): deeper than any real one
MAX_NAME_BYTES = 255  # one file or folder name, as Linux, macOS and Windows file systems allow


def folder_problem(text: str) -> str | None:
    """Why a folder path a user gave (``--out``, the config's ``out``) cannot be made, or None."""
    if text == "":  # Path("") would be the current folder
        return "is empty; name a folder for the kits (default: output)"
    if "\x00" in text:
        return "holds a NUL character; name a folder without one"
    if len(text) > MAX_FOLDER_CHARS:
        return f"is a path of {len(text):,} characters; at most {MAX_FOLDER_CHARS:,}"
    longest = max(len(name.encode("utf-8", "surrogateescape")) for name in re.split(r"[\\/]", text))
    if longest > MAX_NAME_BYTES:
        return f"holds a name of {longest:,} bytes; a file system allows at most {MAX_NAME_BYTES}"
    return None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, data: bytes | str) -> Path:
    """Write ``data`` to ``path`` via a temporary file in the same folder and a rename."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    check_replaceable(path)
    with Held():  # Ctrl-C waits for this one file: no temporary file is left behind
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        except OSError as exc:
            raise BuildError(f"cannot write here: {exc.strerror}", path.parent) from None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a kit is an ordinary file
            os.replace(tmp, path)
        except OSError as exc:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise BuildError(f"cannot write file: {exc.strerror}", path) from None
    return path


def check_replaceable(path: Path) -> None:
    """``path`` is absent or a regular file (not a link, a folder, a device or a pipe)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError:
        return  # the write itself will say what is wrong
    if stat.S_ISREG(mode):
        return
    if stat.S_ISLNK(mode):
        what = "a symbolic link"
    elif stat.S_ISDIR(mode):
        what = "a folder"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        what = "a device"
    elif stat.S_ISFIFO(mode):
        what = "a named pipe"
    else:
        what = "not a regular file"
    raise BuildError(f"is {what}; pnpforge only writes regular files: choose another name", path)


def closed_pipe_exit() -> None:
    """The reader of our output went away (``pnpforge list | head -1``): stop quietly, exit 0.

    Standard output is pointed at /dev/null so the interpreter's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    sys.exit(0)


class OutputError(PnpError):
    """Standard output cannot be written (closed, or a full disk behind it): exit 1."""

    exit_code = 1


class _StandardOutput(io.RawIOBase):
    """File descriptor 1, raising :class:`OutputError` (one sentence) where a write fails for any
    reason but a reader gone away (that stays BrokenPipeError: ``| head`` ends quietly). After one
    failure it takes what is left without writing it, so the interpreter's last flush stays quiet."""

    def __init__(self, closed: bool = False):
        super().__init__()
        self.failed: bool | str = closed  # fd 1 was closed when we started (``>&-``): /dev/null now holds it

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return 1

    def isatty(self) -> bool:
        return not self.failed and os.isatty(1)

    def write(self, data) -> int:  # noqa: ANN001 - a bytes-like object
        if self.failed == "reported":
            return len(data)
        if self.failed:
            self.failed = "reported"
            raise OutputError("cannot write to standard output: it is closed")
        try:
            return os.write(1, data)
        except BrokenPipeError:
            raise
        except OSError as exc:
            self.failed = "reported"
            raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None


def guard_standard_output() -> None:
    """Standard output as a text stream over :class:`_StandardOutput`, so a closed or full output
    (``pnpforge list >&-``, ``> /dev/full``) is one sentence and exit 1 rather than a traceback. A
    closed descriptor 1 is first given /dev/null to hold, so no file we open later takes its number."""
    closed = sys.stdout is None
    if closed:
        try:
            fd = os.open(os.devnull, os.O_WRONLY)
        except OSError:
            return
        if fd != 1:
            os.dup2(fd, 1)
            os.close(fd)
    old = sys.stdout
    line_buffering = bool(old is not None and old.line_buffering)
    encoding = old.encoding if old is not None else "utf-8"
    errors = old.errors if old is not None else "strict"
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(_StandardOutput(closed)), encoding=encoding, errors=errors,
                                  line_buffering=line_buffering, write_through=False)
