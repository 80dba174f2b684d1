"""Headless Chromium for the browser tests: Debian's Chromium driven through Playwright's Python
package (nothing is downloaded). Skips, saying why, when either is missing."""

from __future__ import annotations

import shutil

import pytest

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)")


def launch(playwright):
    return playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS, timeout=60_000)


def sync_playwright():
    chromium_path()
    try:
        from playwright.sync_api import sync_playwright as start
    except ImportError:
        pytest.skip("the playwright Python package is not installed (pip install '.[test]')")
    return start()
