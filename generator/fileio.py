"""Writing files atomically: a reader never sees a half-written file, and a failed build leaves the
previous file (or nothing) in place. Only a regular file is ever replaced: a device node, a folder or
a symbolic link where a file would go is refused with a sentence (an atomic rename would otherwise
replace the node or the link itself). And a reader that closes our output early (``| head``) ends
the command quietly."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

from .errors import BuildError
from .interrupts import Held


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
