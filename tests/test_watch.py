"""``pnpforge watch``: a designer saves, the gallery in the browser shows it.

The incremental builder draws only the pictures a save changed; a save with problems keeps the last
good kit; the server serves the output folder and nothing else, on 127.0.0.1; and in headless Chromium
the open page shows a card's new title by itself (no reload by the test, nor by the page), shows a
broken save's problem with its file:line, recovers on the next good save, and Ctrl-C ends it with
exit 130 and no half-written folder.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import EXAMPLE, ROOT

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


def _game_copy(tmp_path: Path) -> Path:
    game = tmp_path / "game"
    shutil.copytree(EXAMPLE, game)
    return game


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _builder(game: Path, out: Path):
    from generator.build import Options
    from generator.watch import Builder

    return Builder(game, out, Options(papers=("a4",), formats=("html",)), jobs=1)


def test_one_cards_new_text_draws_that_card_alone_and_keeps_every_other_picture(tmp_path):
    game = _game_copy(tmp_path)
    out = tmp_path / "out"
    builder = _builder(game, out)
    first = builder.build()
    assert first.ok and first.drawn == 14 and first.version == 1
    pictures = {p: p.read_bytes() for p in (out / "pebble_pond" / "gallery").rglob("*.jpg")}
    _edit(game / "game.yaml", "Every other player moves one pebble back to the bank.",
          "Every other player moves two pebbles back to the bank.")
    second = builder.build()
    assert second.ok and second.version == 2
    assert (second.drawn, second.reused) == (1, 13)  # the Splash card's front; its back is the deck's
    now = {p: p.read_bytes() for p in (out / "pebble_pond" / "gallery").rglob("*.jpg")}
    changed = sorted(p.name for p in now if now[p] != pictures.get(p))
    assert changed == ["splash-front-large.jpg", "splash-front.jpg"]  # its large view and its preview
    assert "two pebbles back" not in (out / "pebble_pond" / "index.html").read_text()  # text is on the picture


def test_a_title_that_changes_the_decks_title_size_draws_the_whole_deck_again(tmp_path):
    game = _game_copy(tmp_path)
    builder = _builder(game, tmp_path / "out")
    builder.build()
    _edit(game / "game.yaml", "- name: Splash", "- name: Splash across the whole wide pond")
    got = builder.build()
    assert got.ok
    # the deck's one title size is smaller now: both fronts, and the shared back (a back can be drawn as a
    # front); the hex tiles, tokens, counter, board and sheet are kept
    assert (got.drawn, got.reused) == (3, 11)


def test_a_broken_save_keeps_the_last_good_kit_and_names_file_and_line(tmp_path):
    game = _game_copy(tmp_path)
    out = tmp_path / "out"
    builder = _builder(game, out)
    builder.build()
    page = (out / "pebble_pond" / "index.html").read_bytes()
    _edit(game / "game.yaml", "count: 2\n        value: \"2\"", "count: two\n        value: \"2\"")
    bad = builder.build()
    assert not bad.ok and bad.version == 1
    line = next(n for n, text in enumerate((game / "game.yaml").read_text().splitlines(), 1) if "count: two" in text)
    assert any(f"game.yaml:{line}:" in e and "count" in e for e in bad.errors), bad.errors
    assert (out / "pebble_pond" / "index.html").read_bytes() == page
    _edit(game / "game.yaml", "count: two", "count: 4")
    good = builder.build()
    assert good.ok and good.version == 2
    assert "4 × Splash" in (out / "pebble_pond" / "index.html").read_text()


def test_the_server_answers_on_127_0_0_1_with_the_output_folder_only(tmp_path):
    from generator.serve import Live, serve

    out = tmp_path / "out"
    (out / "kit").mkdir(parents=True)
    (out / "kit" / "index.html").write_text('<html><head></head><body><img src="a.jpg"></body></html>')
    (out / "kit" / "a.jpg").write_bytes(b"picture")
    (tmp_path / "secret.txt").write_text("not served")
    (out / "kit" / "link.txt").symlink_to(tmp_path / "secret.txt")
    live = Live()
    live.announce(3, [], "/kit/index.html")
    server = serve(out, live)
    try:
        host, port = server.server_address[:2]
        assert host == "127.0.0.1"
        base = f"http://127.0.0.1:{port}"
        page = urllib.request.urlopen(f"{base}/kit/index.html").read().decode()
        assert '<meta name="pnpforge-build" content="3">' in page
        assert re.search(r'<img src="a\.jpg\?v=[0-9a-f]{8}">', page)
        assert urllib.request.urlopen(f"{base}/").geturl().endswith("/kit/index.html")
        for path in ("/../secret.txt", "/kit/../../secret.txt", "/%2e%2e/secret.txt", "/kit/link.txt", "/nothing"):
            with pytest.raises(urllib.error.HTTPError) as got:
                urllib.request.urlopen(base + path)
            assert got.value.code == 404, path
    finally:
        live.close()
        server.shutdown()
        server.server_close()


# -- the whole command in a real browser ---------------------------------------------------------

def _start(game: Path, out: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "generator", "watch", str(game), "--out", str(out)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    lines = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        found = re.search(r"serving (http://127\.0\.0\.1:\d+/\S+)", line)
        if found:
            return proc, found.group(1)
    proc.kill()
    pytest.fail(f"watch did not start: {''.join(lines)} {proc.stderr.read()}")


def test_the_open_page_shows_a_saved_title_by_itself_and_a_broken_save_with_its_line(tmp_path):
    from chromium import launch, sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        game = _game_copy(tmp_path)
        out = tmp_path / "out"
        proc, url = _start(game, out)
        try:
            page = browser.new_page(viewport={"width": 375, "height": 800})
            console = []
            page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
            navigations = []
            page.on("framenavigated", lambda f: navigations.append(f.url) if f == page.main_frame else None)
            page.goto(url, wait_until="load")
            page.click("#c-lily-cards > summary")  # the deck's fold, opened by the reader, stays open
            page.evaluate("() => { window.sameDocument = true; }")
            loaded = len(navigations)
            assert page.get_by_text("2 × Splash").count() == 1
            old_src = page.get_attribute('img[alt="Splash, front"]', "src")

            _edit(game / "game.yaml", "- name: Splash", "- name: Ripple")
            page.wait_for_function("() => document.body.innerText.includes('2 × Ripple')", timeout=30_000)
            assert page.evaluate("() => window.sameDocument") is True
            assert len(navigations) == loaded  # not reloaded by the page either
            new_src = page.get_attribute('img[alt="Ripple, front"]', "src")
            assert new_src != old_src and re.search(r"\?v=[0-9a-f]{8}$", new_src)
            page.locator('img[alt="Ripple, front"]').scroll_into_view_if_needed()  # lazy: loads when in view
            page.wait_for_function("""() => { const i = document.querySelector('img[alt="Ripple, front"]');
                                              return i.complete && i.naturalWidth > 0; }""")

            _edit(game / "game.yaml", "count: 2\n        value: \"2\"", "count: lots\n        value: \"2\"")
            line = next(n for n, t in enumerate((game / "game.yaml").read_text().splitlines(), 1) if "count: lots" in t)
            alert = page.locator("#pnpforge-problems")
            alert.wait_for(timeout=30_000)
            assert f"game.yaml:{line}:" in alert.inner_text()
            assert page.locator('img[alt="Ripple, front"]').count() == 1  # the last good pictures stay

            _edit(game / "game.yaml", "count: lots", "count: 5")
            page.wait_for_function("() => document.body.innerText.includes('5 × Ripple')", timeout=30_000)
            assert alert.count() == 0
            assert page.evaluate("() => window.sameDocument") is True
            assert console == []
            page.screenshot(path=str(tmp_path / "watch.png"))
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                _, err = proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                raise
            browser.close()
        assert proc.returncode == 130, err
        assert "Traceback" not in err
        # no staging or old folder left; the mark every output folder pnpforge makes carries
        assert [p.name for p in out.parent.iterdir() if p.name.startswith(".")] == []
        assert [p.name for p in out.iterdir() if p.name.startswith(".")] == [".pnpforge-output"]


def test_watch_without_a_game_outside_a_game_folder_says_how(tmp_path):
    run = subprocess.run([sys.executable, "-m", "generator", "watch"], cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert run.returncode == 2
    assert "give a game" in run.stderr and "Traceback" not in run.stderr


def test_a_warning_is_said_once_until_it_changes(tmp_path):
    game = _game_copy(tmp_path)
    _edit(game / "game.yaml", "- {id: rock, name: Rock, count: 1,", "- {id: rock, name: Rock, count: 0,")
    builder = _builder(game, tmp_path / "out")
    first = builder.build()
    assert first.ok and any("game.yaml:" in w and "warning:" in w for w in first.warnings), first.warnings
    _edit(game / "game.yaml", "Every other player", "Each other player")
    assert builder.build().warnings == []  # the same warning: not said again


def test_a_port_in_use_is_one_sentence_and_exit_2(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "generator", "watch", str(_game_copy(tmp_path)), "--out",
                              str(tmp_path / "out"), "--port", str(port)], cwd=ROOT, capture_output=True, text=True,
                             timeout=120)
    assert run.returncode == 2, run.stderr
    assert f"cannot serve on 127.0.0.1:{port}" in run.stderr and "Traceback" not in run.stderr


def test_a_folder_pnpforge_did_not_make_is_not_written_into(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("a player's own file")
    got = _builder(_game_copy(tmp_path), out).build()
    assert not got.ok and "pnpforge did not make" in got.errors[0]
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_a_save_writes_only_what_changed_and_removes_what_the_kit_no_longer_has(tmp_path):
    game = _game_copy(tmp_path)
    out = tmp_path / "out"
    builder = _builder(game, out)
    builder.build()
    kit = out / "pebble_pond"
    before = {p: p.stat().st_ino for p in kit.rglob("*") if p.is_file()}
    _edit(game / "game.yaml", "Every other player moves one pebble back to the bank.",
          "Every other player moves two pebbles back to the bank.")
    builder.build()
    after = {p: p.stat().st_ino for p in kit.rglob("*") if p.is_file()}
    rewritten = sorted(p.name for p in after if after[p] != before.get(p))
    assert rewritten == ["splash-front-large.jpg", "splash-front.jpg"]  # the page and manifest did not change
    _edit(game / "game.yaml", "- name: Splash", "- name: Ripple")
    builder.build()
    pictures = sorted(p.name for p in (kit / "gallery" / "lily-cards").iterdir())
    assert pictures == ["back-large.jpg", "back.jpg", "leap-front-large.jpg", "leap-front.jpg",
                        "ripple-front-large.jpg", "ripple-front.jpg"]  # Splash's pictures gone
    shown = set(re.findall(r'(?:src|href)="(gallery/[^"?]+)"', (kit / "index.html").read_text()))
    assert shown == {p.relative_to(kit).as_posix() for p in (kit / "gallery").rglob("*") if p.is_file()}


def test_open_hands_the_printed_address_to_the_browser(tmp_path):
    opened = tmp_path / "opened.txt"
    browser = f"{sys.executable} -c \"import sys; open(sys.argv[1], 'w').write(sys.argv[2])\" {opened} %s"
    proc = subprocess.Popen([sys.executable, "-m", "generator", "watch", str(_game_copy(tmp_path)), "--out",
                             str(tmp_path / "out"), "--open"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "BROWSER": browser})
    try:
        url = None
        while url is None:
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
            found = re.search(r"serving (http://127\.0\.0\.1:\d+/pebble_pond/index\.html)", line)
            url = found and found.group(1)
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert opened.read_text() == url
        assert b"Pebble Pond" in urllib.request.urlopen(url).read()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)
    assert proc.returncode == 130
