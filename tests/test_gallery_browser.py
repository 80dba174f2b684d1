"""The galleries in a real browser: Debian's Chromium, driven headless through Playwright's Python
package (which talks to the system browser: nothing is downloaded). Every image loads, no link is
broken, nothing is logged to the console, and the page fits a 375 px phone and a 1280 px screen without
sideways scrolling. Full-page screenshots of both widths are kept in ``test-artifacts/gallery/``.

Skips, saying why, when Chromium or Playwright is missing (``.ci/run`` installs Chromium on a fresh
Debian machine).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import ROOT

WIDTHS = (375, 1280)
ARTIFACTS = Path(os.environ.get("PNPFORGE_ARTIFACTS", ROOT / "test-artifacts")) / "gallery"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]

# every image decoded (lazy ones made eager first): the sources of those that failed
IMAGES_JS = """async () => {
  const imgs = Array.from(document.images);
  imgs.forEach(i => { i.loading = 'eager'; });
  await Promise.all(imgs.map(i => i.decode().catch(() => null)));
  return {count: imgs.length,
          broken: imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute('src'))};
}"""
# elements that stick out past the right edge of the window
OVERFLOW_JS = """() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > w + 0.5) out.push(el.tagName + (el.id ? '#' + el.id : '') + ' ' + Math.round(r.right));
  }
  return {scroll: document.documentElement.scrollWidth, width: w, out: out.slice(0, 5)};
}"""


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)")


@pytest.fixture(scope="module")
def browser():
    executable = _chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright Python package is not installed (pip install '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=FLAGS, timeout=60_000)
        yield b
        b.close()


def _pages(out: Path) -> list[Path]:
    return [out / "index.html", *sorted(out.glob("*/index.html"))]


@pytest.mark.parametrize("width", WIDTHS)
def test_galleries_load_whole_in_chromium_and_fit_the_width(browser, default_build, width):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for page_file in _pages(default_build):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        console, failed = [], []
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: console.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: failed.append(r.url))
        page.goto(page_file.as_uri(), wait_until="load")
        images = page.evaluate(IMAGES_JS)
        assert images["count"] > 0
        assert images["broken"] == [], f"{page_file}: images that did not load"
        links = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
        for href in links:
            url = urlparse(href)
            if url.scheme == "file":
                assert Path(unquote(url.path)).exists(), f"{page_file}: broken link {href}"
                if url.fragment:
                    target = Path(unquote(url.path))
                    if target == page_file:
                        assert page.locator(f"#{url.fragment}").count() == 1, href
            else:
                pytest.fail(f"{page_file}: a link leaves the kit: {href}")
        fit = page.evaluate(OVERFLOW_JS)
        assert fit["scroll"] <= width and not fit["out"], f"{page_file} at {width} px: {fit}"
        assert console == [] and failed == [], f"{page_file}: {console} {failed}"
        name = "index" if page_file.parent == default_build else page_file.parent.name
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}px.png"), full_page=True)
        context.close()


def test_the_gallery_reads_with_javascript_off(browser, default_build):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 900})
    page = context.new_page()
    page.goto((default_build / "lords_of_war" / "index.html").as_uri())
    assert page.locator("details.component").count() >= 19
    assert page.locator("img").count() > 100
    assert page.get_by_text("Terrain tiles", exact=True).first.is_visible()
    page.click("#c-terrain-tiles > summary")  # a fold opens without a script
    assert page.locator('#c-terrain-tiles img[alt="Forest, front"]').is_visible()
    page.click('#c-terrain-tiles a.zoom:has(img[alt="Forest, front"])')  # and the link opens the large picture
    page.wait_for_url("**/gallery/terrain-tiles/forest-front-large.jpg")
    context.close()
