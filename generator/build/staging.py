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
whole: the swap, or the removal of a folder (see :mod:`generator.base.interrupts`). The kit is then the
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

from ..base.errors import BuildError, UsageError
from ..base.interrupts import Held
from ..source.fileio import folder_problem
from .ownership import (
    MARKER,
    MARKER_TEXT,
    STALE,
    clean_stale,
    folder_state,
    remove_ours,
)

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


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
        remove_ours(staging)  # now the old kit
        return
    old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old-{os.getpid()}-", dir=folder.parent))
    os.rmdir(old)
    os.rename(folder, old)
    os.rename(staging, folder)
    remove_ours(old)


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
            remove_ours(staging)
            where = exc.filename or folder
            try:
                where = Path(where)
                shown = folder / where.relative_to(staging) if where.is_relative_to(staging) else where
            except (TypeError, ValueError):
                shown = folder
            raise BuildError(f"cannot write the kit: {exc.strerror or exc}; "
                             "the previous kit is left as it was", shown) from None
        except BaseException:
            remove_ours(staging)
            raise


# -- the whole output folder --------------------------------------------------------------------------

def _holds_here(root: Path) -> bool:
    """Whether ``root`` is the home folder, or holds the current folder: never replaced whole (a
    process working inside it would find its folder gone)."""
    real = os.path.realpath(root)
    here = os.path.realpath(os.getcwd())
    home = os.path.realpath(os.path.expanduser("~"))
    return real == home or here == real or here.startswith(real.rstrip(os.sep) + os.sep)


def claim(out: Path | str) -> Path:
    """The output folder ``pnpforge watch`` builds into and serves: refused as a build refuses it (a
    file, a folder pnpforge did not make; there is no --force), made if absent and marked as pnpforge's
    if empty, so that what is served is always a folder pnpforge made. Returns its real path."""
    OutputRoot.open(out)  # the build's refusals, word for word
    root = Path(os.path.realpath(out))
    if folder_state(root) in ("absent", "empty"):
        try:
            root.mkdir(parents=True, exist_ok=True)
            with open(root / MARKER, "wb") as handle:
                handle.write(MARKER_TEXT)
        except OSError as exc:
            raise BuildError(f"cannot make the output folder: {exc.strerror}", root) from None
    return root


class OutputRoot:
    """Where a build's kits go. A folder pnpforge made (or a new or empty one) is built whole in a
    staging folder beside it: each game's kit (carrying over its other outputs, as :func:`publish`
    does), then the top-level ``index.html`` and ``manifest.json``, then everything else the folder
    held, as hard links; and :meth:`commit` swaps it in at once. After ``kill -9`` or Ctrl-C the folder
    is the whole old output or the whole new one: the top-level files always agree with the kits.

    A folder it cannot replace whole (a mount point, a parent it may not write in, one pnpforge did not
    make, given with ``--force``) gets each kit swapped in on its own and the top-level files written
    after them: ``whole`` is then False, and an interrupted build must say so."""

    def __init__(self, root: Path, whole: bool):
        self.root = root
        self.whole = whole
        self.staging: Path | None = None
        self.games: set[str] = set()
        self.changed = False

    @classmethod
    def open(cls, out: Path | str, force: bool = False) -> "OutputRoot":
        if problem := folder_problem(str(out)):
            raise UsageError(f"--out {problem}")
        state = folder_state(Path(out))
        if state == "not a folder":
            raise BuildError("is not a folder; choose another --out", out)
        if state == "foreign" and not force:
            raise UsageError("is a folder pnpforge did not make and holds other files; build into a new or empty "
                             "folder, or add --force to add the kits to it", out)
        root = Path(out)
        if os.path.islink(root) or root.name in ("", ".", ".."):  # the folder a link or "." leads to
            root = Path(os.path.realpath(root))
        parent = root.parent
        whole = state != "foreign" and parent != root and not os.path.ismount(root) and not _holds_here(root)
        if whole:
            try:
                parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise BuildError(f"cannot make the output folder: {exc.strerror}", parent) from None
            whole = os.access(parent, os.W_OK | os.X_OK)
        return cls(root if whole else Path(out), whole)

    def __enter__(self) -> "OutputRoot":
        if not self.whole:
            return self
        with Held():
            clean_stale(self.root.parent, self.root.name)
            try:
                self.staging = Path(tempfile.mkdtemp(prefix=f".{self.root.name}.staging-{os.getpid()}-",
                                                     dir=self.root.parent))
                os.chmod(self.staging, 0o777 & ~_umask())
            except OSError as exc:
                raise BuildError(f"cannot write here: {exc.strerror}", self.root.parent) from None
        return self

    def __exit__(self, kind, exc, tb) -> None:  # noqa: ANN001
        if self.staging is not None:  # not committed: the build failed or was interrupted
            remove_ours(self.staging)
            self.staging = None

    def put_game(self, folder: Path, files: dict[Path, bytes]) -> None:
        """One game's kit (``files``: paths inside ``folder``, the game's folder in the output)."""
        if not self.whole:
            publish(folder, files)
            return
        assert self.staging is not None
        name = folder.name
        old = self.root / name
        self.games.add(name)
        check_target(folder)
        if _unchanged(old, files):
            return  # carried over with the rest at the commit, as it is
        self.changed = True
        dest = self.staging / name
        written = {path.relative_to(folder).as_posix() for path in files}
        with Held() as held:
            try:
                dest.mkdir(exist_ok=True)
                if old.is_dir():
                    _carry_over(old, dest, written, held)
                for rel in sorted(written):
                    held.check()
                    path = dest / rel
                    path.parent.mkdir(parents=True, exist_ok=True)
                    with open(path, "wb") as handle:
                        handle.write(files[folder / rel])
            except OSError as exc:
                raise BuildError(f"cannot write the kit: {exc.strerror or exc}; the previous kits are left as "
                                 "they were", folder) from None

    def commit(self, top: dict[str, bytes]) -> None:
        """The top-level files (by name), then the swap: the whole new output in place at once."""
        if not self.whole:
            from ..source.fileio import write_atomic  # only when a build is stopped halfway

            for name, data in top.items():
                write_atomic(self.root / name, data)
            return
        assert self.staging is not None
        staging = self.staging
        import fcntl  # POSIX only

        with Held() as held:
            parent = os.open(self.root.parent, os.O_RDONLY)
            try:
                fcntl.flock(parent, fcntl.LOCK_EX)  # another build's commit in this folder waits
                marked = folder_state(self.root) == "ours" and (self.root / MARKER).is_file()
                if not self.changed and marked and self._same_top(top):
                    return  # nothing to swap: the folder already is this output
                try:
                    for name, data in {**top, MARKER: MARKER_TEXT}.items():
                        with open(staging / name, "wb") as handle:
                            handle.write(data)
                    self._carry_rest(set(top) | {MARKER}, held)
                    held.check()
                    _swap(staging, self.root)
                    self.staging = None
                except OSError as exc:
                    raise BuildError(f"cannot write the output: {exc.strerror or exc}; the previous kits are "
                                     "left as they were", self.root) from None
            finally:
                os.close(parent)  # the lock with it

    def _same_top(self, top: dict[str, bytes]) -> bool:
        for name, data in top.items():
            try:
                with open(self.root / name, "rb") as handle:
                    if handle.read() != data:
                        return False
            except OSError:
                return False
        return True

    def _carry_rest(self, top: set[str], held: Held) -> None:
        """Hard-link (or copy) into the staging folder what the output held and this build does not
        write: other games' kits, a game unchanged, other files; nothing a killed build left."""
        assert self.staging is not None
        try:
            entries = list(os.scandir(self.root))
        except FileNotFoundError:
            return
        for entry in entries:
            if entry.name in top or STALE.match(entry.name):
                continue
            if entry.name in self.games and (self.staging / entry.name).exists():
                continue  # written by this build
            held.check()
            source = Path(entry.path)
            if not entry.is_dir(follow_symlinks=False):
                _carry(source, self.staging / entry.name)
                continue
            for base, dirs, files in os.walk(source):
                rel_base = Path(base).relative_to(self.root)
                (self.staging / rel_base).mkdir(parents=True, exist_ok=True)
                for name in files + [d for d in dirs if os.path.islink(os.path.join(base, d))]:
                    _carry(Path(base) / name, self.staging / rel_base / name)


def _carry(source: Path, dest: Path) -> None:
    """One entry of the old output into the new: a file hard-linked (or copied), a link as a link
    (never followed: nothing is written through it); a device, pipe or socket refused."""
    mode = os.lstat(source).st_mode
    if stat.S_ISLNK(mode):
        os.symlink(os.readlink(source), dest)
    elif stat.S_ISREG(mode):
        try:
            os.link(source, dest, follow_symlinks=False)
        except OSError:
            shutil.copy2(source, dest, follow_symlinks=False)
    else:
        raise BuildError(f"is {_kind(mode)}; pnpforge writes only into folders and files it made: remove it or "
                         "build with another --out", source)
