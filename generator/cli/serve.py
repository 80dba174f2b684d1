"""The web server of ``pnpforge watch``: the files its build wrote, and nothing else, on 127.0.0.1.

- It serves and reads only the files the watch's last good build wrote into the output folder it made
  (:attr:`Live.files`): any other address is 404 without the file system being asked, so a page cannot
  name a way out of the folder, a link, a device or a file put there by anything else. Every answer
  says ``Cache-Control: no-cache``.
- It answers only requests addressed to it by a name of this computer (``Host: 127.0.0.1:PORT``,
  ``localhost:PORT`` or ``[::1]:PORT``), so a web page elsewhere cannot reach it by a name of its own
  that resolves here (DNS rebinding): any other is 421.
- A client that drops its connection, or sends an address that is not one, is answered or dropped
  without a word in the terminal.
- An HTML page gets two lines in its head: the number of the build it shows and the live script
  (``templates/watch/live.js``); each of its pictures is asked for with a digest of its bytes
  (``?v=...``), so the browser fetches again exactly the pictures that changed.
- ``/__pnpforge/events`` is a stream of server-sent events: ``build`` with the last good build's
  number and the problems of the last build (empty when it was good), sent on connecting and after
  every build. The live script swaps in what changed, or shows the problems over the page.
"""

from __future__ import annotations

import json
import mimetypes
import os
import posixpath
import re
import stat
import sys
import threading
import zlib
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

HOST = "127.0.0.1"
EVENTS = "/__pnpforge/events"
SCRIPT = "/__pnpforge/live.js"
KEEP_ALIVE_S = 15.0


class Live:
    """What the pages are told: the last good build's number, the last build's problems, the page to
    start from. ``announce`` wakes every open event stream."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self.serial = 0  # one more for every announcement
        self.version = 0
        self.errors: list[str] = []
        self.home = "/"
        self.closed = False
        self.files: frozenset[str] = frozenset()  # what may be served: paths in the folder, "/" between

    def announce(self, version: int, errors: list[str], home: str = "/", files: frozenset[str] | None = None) -> None:
        """A build: its number, its problems, the page to start from and (a good build) the files it
        wrote, the only ones served from now on."""
        with self._cond:
            self.serial += 1
            self.version, self.errors, self.home = version, list(errors), home
            if files is not None:
                self.files = frozenset(files)
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()

    def next_after(self, serial: int, timeout: float) -> tuple[int, dict] | None:
        """The state once it is newer than ``serial`` (None after ``timeout`` seconds, or when closed)."""
        with self._cond:
            self._cond.wait_for(lambda: self.closed or self.serial > serial, timeout)
            if self.closed or self.serial <= serial:
                return None
            return self.serial, self.message()

    def current(self) -> tuple[int, dict]:
        with self._cond:
            return self.serial, self.message()

    def message(self) -> dict:
        return {"version": self.version, "errors": self.errors, "home": self.home}


class _Stamps:
    """A short digest of each file's bytes, read again only when the file is another one (its inode,
    size or time changed)."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[tuple, str]] = {}
        self._lock = threading.Lock()

    def of(self, path: Path) -> str | None:
        try:
            st = path.stat()
        except OSError:
            return None
        ident = (st.st_ino, st.st_size, st.st_mtime_ns)
        with self._lock:
            known = self._known.get(str(path))
        if known is not None and known[0] == ident:
            return known[1]
        try:
            stamp = f"{zlib.crc32(path.read_bytes()):08x}"
        except OSError:
            return None
        with self._lock:
            self._known[str(path)] = (ident, stamp)
        return stamp


_SRC = re.compile(r'(<img\b[^>]*?\bsrc=")([^":?#]+)(")')
_HEAD = "</head>"


def live_page(html: str, page: str, version: int, stamps: _Stamps, find) -> str:  # noqa: ANN001
    """The page (its path in the folder, ``page``) as the watch serves it: the build number and the
    live script in its head, and a digest of each picture's bytes after the picture's address, for
    the pictures ``find`` gives a file of the build for (no other file is read)."""
    def stamped(m: re.Match) -> str:
        target = find(posixpath.join(posixpath.dirname(page), unquote(m.group(2))))
        stamp = None if target is None else stamps.of(target)
        return m.group(0) if stamp is None else f"{m.group(1)}{m.group(2)}?v={stamp}{m.group(3)}"

    html = _SRC.sub(stamped, html)
    extra = f'<meta name="pnpforge-build" content="{version}">\n<script src="{SCRIPT}" defer></script>\n'
    at = html.find(_HEAD)
    return html[:at] + extra + html[at:] if at >= 0 else extra + html


WAITING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>pnpforge watch</title></head>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 1rem">
<h1 style="font-size: 1.4rem">Waiting for a good build</h1>
<p>The game's data has problems (listed above). Save a fix and this page shows the kit.</p>
</body></html>
"""


def _script() -> bytes:
    from ..source.resources import templates_dir  # only when the server starts

    return (templates_dir() / "watch" / "live.js").read_bytes()


MAX_PATH = 4096  # an address longer than this names nothing the build wrote


def served_file(root: Path, live: Live, path: str) -> Path | None:
    """The file of the last good build that ``path`` (an address's path, decoded) names, or None:
    one of :attr:`Live.files`, still a regular file (not a link) in the folder."""
    if len(path) > MAX_PATH or "\x00" in path:
        return None
    rel = path.strip("/")
    if rel not in live.files:
        rel = posixpath.join(rel, "index.html") if rel else "index.html"
        if rel not in live.files:
            return None
    target = root.joinpath(*rel.split("/"))
    try:
        if not stat.S_ISREG(os.lstat(target).st_mode):
            return None
    except (OSError, ValueError):
        return None
    return target


def host_is_local(host: str | None, port: int) -> bool:
    """Whether a request's Host names this computer at the server's port."""
    return host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}")


def make_handler(root: Path, live: Live) -> type[BaseHTTPRequestHandler]:
    """The request handler for ``root`` (the output folder) and ``live`` (what the pages are told)."""
    return type("Handler", (_Handler,), {"root": root.resolve(), "live": live, "stamps": _Stamps(),
                                         "script": _script()})


class _Handler(BaseHTTPRequestHandler):
    """The watch's answers; the class make_handler() makes from it holds the folder, the live state,
    the pictures' digests and the live script."""

    root: Path
    live: Live
    stamps: _Stamps
    script: bytes
    server_version = "pnpforge-watch"
    protocol_version = "HTTP/1.1"
    # TCP_NODELAY (socketserver's own switch): the headers and the body go out as two writes, and on a
    # kept-alive connection Nagle's algorithm held the body until the browser's delayed ACK of the
    # headers, 40 ms on Linux: a refreshed picture took 45-55 ms to arrive, now a few ms
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        pass

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        address: Any = self.server.server_address  # (host, port): the server listens on TCP
        port = address[1]
        if not isinstance(port, int) or not host_is_local(self.headers.get("Host"), port):
            self._send(HTTPStatus.MISDIRECTED_REQUEST, b"this server answers only at 127.0.0.1\n",
                       "text/plain; charset=utf-8")
            return
        path = unquote(urlsplit(self.path).path, errors="replace")
        if path == EVENTS:
            self._events()
        elif path == SCRIPT:
            self._send(HTTPStatus.OK, self.script, "text/javascript; charset=utf-8")
        elif path == "/favicon.ico" and self._file(path) is None:  # browsers ask; the kit has none
            self.send_response(HTTPStatus.NO_CONTENT)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/":
            if self.live.home != "/" and self._file(self.live.home) is not None:
                self.send_response(HTTPStatus.FOUND)
                self.send_header("Location", self.live.home)
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                page = live_page(WAITING, "index.html", self.live.version, self.stamps, self._file)
                self._send(HTTPStatus.OK, page.encode("utf-8"), "text/html; charset=utf-8")
        else:
            self._serve(path)

    def _file(self, path: str) -> Path | None:
        return served_file(self.root, self.live, path)

    def _serve(self, path: str) -> None:
        target = self._file(path)
        if target is None:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")
            return
        try:
            data = target.read_bytes()
        except OSError:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")
            return
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if kind == "text/html":
            page = target.relative_to(self.root).as_posix()
            data = live_page(data.decode("utf-8", "replace"), page, self.live.version, self.stamps, self._file).encode("utf-8")
            kind += "; charset=utf-8"
        self._send(HTTPStatus.OK, data, kind)

    def _send(self, status: HTTPStatus, data: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _events(self) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.close_connection = True
        serial = -1
        try:
            serial, first = self.live.current()
            self._event(first)
            while True:
                got = self.live.next_after(serial, KEEP_ALIVE_S)
                if self.live.closed:
                    return
                if got is None:
                    self.wfile.write(b": still here\n\n")
                    self.wfile.flush()
                    continue
                serial, message = got
                self._event(message)
        except (BrokenPipeError, ConnectionResetError, OSError):
            return

    def _event(self, message: dict) -> None:
        self.wfile.write(f"event: build\ndata: {json.dumps(message)}\n\n".encode("utf-8"))
        self.wfile.flush()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    # the port is free again at once after Ctrl-C (not "Address already in use" for a minute); on Linux
    # and macOS this does not let a second server take a port one is listening on
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001 - socketserver's names
        """A client that went away mid-answer is nobody's problem; anything else is one line, not a
        traceback."""
        exc = sys.exc_info()[1]
        if isinstance(exc, (OSError, ValueError, UnicodeError)):
            return
        sys.stderr.write(f"pnpforge watch: a request failed ({type(exc).__name__}: {exc})\n")


def serve(root: Path, live: Live, port: int = 0, host: str = HOST) -> ThreadingHTTPServer:
    """Start serving ``root`` on ``host``:``port`` (0: a free port) in a thread of its own."""
    server = _Server((host, port), make_handler(root, live))
    threading.Thread(target=server.serve_forever, name="pnpforge-watch-server", daemon=True).start()
    return server

