"""A game's kit is replaced whole: built into a staging folder beside it, then swapped in.

``publish(folder, files)`` writes ``files`` (paths inside ``folder``) into ``.<name>.staging-<pid>-*``
next to ``folder``, carrying over (as hard links, no copying) the files of the previous build's
other outputs — another paper, the ink-saver variant, another format (not the pages or pictures an
output written again no longer has) — and then swaps the staging folder
for ``folder`` in one step (``renameat2(RENAME_EXCHANGE)`` on Linux; elsewhere two renames, undone by
the next run if interrupted between them). Whatever moment a build is killed at, ``folder`` holds
either the whole old kit or the whole new one, its ``manifest.json`` included. A rebuild whose every
file is already there, byte for byte, leaves the folder as it is. Staging and old
folders left by a killed build (their process is gone) are cleaned up by the next build.

Nothing is written through a symbolic link: a link, device node or other special file inside the
game's folder (or the folder itself being one) is refused with a sentence.

Ctrl-C (SIGINT) during ``publish`` stops it between two files, never inside a step that must be
whole: the swap, or the removal of a folder (see :mod:`generator.interrupts`). The kit is then the
whole old one or the whole new one, no staging folder is left, and the KeyboardInterrupt goes on.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

from .errors import BuildError
from .interrupts import Held

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_STALE = re.compile(r"^\.(?P<name>.+)\.(?P<kind>staging|old)-(?P<pid>\d+)-[A-Za-z0-9_]+$")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _remove(path: Path) -> None:
    """Remove a folder we made (staging, an old kit), whole even if Ctrl-C is pressed meanwhile."""
    with Held():
        shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def clean_stale(root: Path, name: str) -> None:
    """Remove what killed builds of ``name`` left in ``root``; put an old kit back if the swap was cut
    between its two renames (only where the system has no atomic exchange)."""
    try:
        entries = list(os.scandir(root))
    except OSError:
        return
    target = root / name
    for entry in sorted(entries, key=lambda e: e.name):
        found = _STALE.match(entry.name)
        if not found or found.group("name") != name or _alive(int(found.group("pid"))):
            continue
        path = Path(entry.path)
        try:
            if found.group("kind") == "old" and not os.path.lexists(target):
                os.rename(path, target)
                continue
        except OSError:
            pass
        _remove(path)


def check_target(folder: Path) -> None:
    """``folder`` is absent or a real folder holding only folders and regular files."""
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise BuildError(f"cannot look at the kit folder: {exc.strerror}", folder) from None
    if not stat.S_ISDIR(mode):
        raise BuildError(f"is {_kind(mode)}, not a folder pnpforge made; remove it or build with another --out",
                         folder)
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(base) / name
            mode = os.lstat(path).st_mode
            if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                raise BuildError(f"is {_kind(mode)}; pnpforge writes only into folders and files it made: "
                                 "remove it or build with another --out", path)


# Folders one output writes whole, for every paper and variant: the gallery, the PNG and TTS pictures,
# the true-size posters and the print-shop files.
_WHOLE = frozenset({"gallery", "png", "tts", "poster", "print-shop"})
_PAGE = re.compile(r"(-\d+)?\.[^.]+$")  # an SVG page's number and a file's extension


def _family(rel: str) -> str:
    """Which output wrote a kit file: one of the folders written whole, or one document of one paper
    and variant (``a4/g-a4-single-inksaver.pdf``; its SVG pages ``a4/svg/g-a4-single-inksaver-NNN``)."""
    top, _, rest = rel.partition("/")
    if rest and top in _WHOLE:
        return top
    return _PAGE.sub("", rel)


def _old_files(old: Path, written: set[str]):
    """(path, relative name, stale) for each file of the old kit that this build does not write.
    Stale: a file of an output this build writes again, but not that file (an SVG page past a
    document's new end, the gallery picture of a piece the game no longer has)."""
    families = {_family(rel) for rel in written}
    for base, _dirs, files in os.walk(old):
        rel_base = Path(base).relative_to(old)
        for name in files:
            rel = (rel_base / name).as_posix()
            if rel not in written and rel != "manifest.json":
                yield Path(base) / name, rel, _family(rel) in families


def _stale_files(old: Path, written: set[str]) -> bool:
    return any(stale for _, _, stale in _old_files(old, written))


def _carry_over(old: Path, staging: Path, written: set[str], held: Held) -> None:
    """Hard-link (or copy) into the staging folder the old kit's files of the outputs this build does
    not write (another paper, another variant, another format); stale ones are left behind."""
    for path, rel, stale in _old_files(old, written):
        if stale:
            continue
        held.check()
        dest = staging / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(path, dest)
        except OSError:
            shutil.copy2(path, dest)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux renameat2). False where the system cannot."""
    import ctypes  # lazy: only when a kit's folder is replaced, not loaded on every run

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _swap(staging: Path, folder: Path) -> None:
    """Put ``staging`` where ``folder`` is; called with Ctrl-C held (the two renames are one step)."""
    try:
        os.rename(staging, folder)  # no kit there yet
        return
    except OSError as exc:
        if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST, errno.EISDIR, errno.ENOTDIR):
            raise
    if _exchange(staging, folder):
        _remove(staging)  # now the old kit
        return
    old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old-{os.getpid()}-", dir=folder.parent))
    os.rmdir(old)
    os.rename(folder, old)
    os.rename(staging, folder)
    _remove(old)


def _unchanged(folder: Path, files: dict[Path, bytes]) -> bool:
    """Whether ``folder`` already holds every one of ``files``, byte for byte (a rebuild that changed
    nothing): then there is nothing to swap, nor ctypes to load for the swap."""
    if not files or not folder.is_dir():
        return False
    for path, data in files.items():
        try:
            if os.lstat(path).st_size != len(data):
                return False
            with open(path, "rb") as handle:
                if handle.read() != data:
                    return False
        except OSError:  # not there, or not a file
            return False
    return not _stale_files(folder, {path.relative_to(folder).as_posix() for path in files})


def publish(folder: Path, files: dict[Path, bytes]) -> None:
    """Replace ``folder`` with the old kit's other files plus ``files``, in one swap."""
    folder = Path(folder)
    root = folder.parent
    written = {path.relative_to(folder).as_posix() for path in files}
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"cannot make the output folder: {exc.strerror}", root) from None
    with Held() as held:  # Ctrl-C: acted on between two files, or once the kit is swapped in
        clean_stale(root, folder.name)
        check_target(folder)
        if _unchanged(folder, files):
            return  # a copy swapped in would be this very kit (the other files are carried over anyway)
        try:
            staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.staging-{os.getpid()}-", dir=root))
        except OSError as exc:
            raise BuildError(f"cannot write here: {exc.strerror}", root) from None
        try:
            os.chmod(staging, 0o777 & ~_umask())  # mkdtemp makes 0700; a kit is an ordinary folder
            if folder.is_dir():
                _carry_over(folder, staging, written, held)
            for rel in sorted(written):
                held.check()
                dest = staging / rel
                dest.parent.mkdir(parents=True, exist_ok=True)
                with open(dest, "wb") as handle:
                    handle.write(files[folder / rel])
            held.check()
            _swap(staging, folder)
        except OSError as exc:
            _remove(staging)
            where = exc.filename or folder
            try:
                where = Path(where)
                shown = folder / where.relative_to(staging) if where.is_relative_to(staging) else where
            except (TypeError, ValueError):
                shown = folder
            raise BuildError(f"cannot write the kit: {exc.strerror or exc}; "
                             "the previous kit is left as it was", shown) from None
        except BaseException:
            _remove(staging)
            raise
