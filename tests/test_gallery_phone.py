"""The kit gallery on a phone, in headless Chromium: the largest kit (Lords of War) in at most 15 screens
of a 375 x 667 px phone with every component folded, its count on the fold; a deck's shared back shown
once and named for the deck; a picture opening its own large picture with next and previous; touch
targets at least 24 px. Screenshots of both widths, folded and opened, go to test-artifacts/gallery/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import ROOT

ARTIFACTS = Path(os.environ.get("PNPFORGE_ARTIFACTS", ROOT / "test-artifacts")) / "gallery"
PHONE = {"width": 375, "height": 667}

# every link, button and fold that is shown, smaller than 24 x 24 CSS px
SMALL_TARGETS_JS = """() => Array.from(document.querySelectorAll('a[href], button, summary'))
  .filter(el => el.getClientRects().length)
  .map(el => { const r = el.getBoundingClientRect();
               return {what: el.tagName + ' ' + (el.getAttribute('href') || el.textContent.trim()).slice(0, 40),
                       w: Math.round(r.width), h: Math.round(r.height)}; })
  .filter(t => t.w < 24 || t.h < 24)"""


@pytest.fixture(scope="module")
def browser():
    from chromium import launch, sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def phone(browser, default_build):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((default_build / "lords_of_war" / "index.html").as_uri(), wait_until="load")
    yield page
    assert errors == []
    context.close()


def test_the_largest_kit_is_at_most_15_phone_screens_with_each_component_folded(phone):
    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height <= 15 * PHONE["height"], f"{height} px: {height / PHONE['height']:.1f} screens"
    folds = phone.locator("details.component")
    assert folds.count() >= 19
    assert phone.locator("details.component[open]").count() == 0
    summary = phone.locator("#c-terrain-tiles > summary").inner_text()
    assert "Terrain tiles" in summary and "127 tiles · 6 kinds" in summary
    assert "36 cards" in phone.locator("#c-event-deck > summary").inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "lords_of_war-phone-folded.png"), full_page=True)


def test_a_decks_shared_back_shows_once_named_for_the_deck(phone):
    phone.click("#c-event-deck > summary")
    deck = phone.locator("#c-event-deck")
    backs = deck.locator('img[alt*=", back"]')
    assert backs.count() == 1
    assert backs.get_attribute("alt") == "Event deck, back (every card)"
    assert backs.get_attribute("src") == "gallery/event-deck/back.jpg"
    assert "The back of every card (36)" in deck.inner_text()
    assert deck.locator('img[alt$=", front"]').count() == 36


def test_a_picture_opens_its_own_large_picture_with_next_and_previous(phone):
    phone.click("#c-event-deck > summary")
    first = phone.locator("#c-event-deck a.zoom").nth(1)  # the first card's front (the back comes first)
    thumb_width = first.locator("img").evaluate("i => i.naturalWidth")
    first.tap()
    viewer = phone.locator("dialog#viewer[open]")
    viewer.wait_for()
    big = viewer.locator("img")
    phone.wait_for_function("() => { const i = document.querySelector('dialog#viewer img'); "
                            "return i.complete && i.naturalWidth > 0; }")
    assert big.get_attribute("src").endswith("-front-large.jpg")
    assert big.evaluate("i => i.naturalWidth") == 2 * thumb_width  # its own picture, twice the pixels each way
    shown = big.get_attribute("src")
    assert "2 of 37" in viewer.inner_text() and big.get_attribute("alt").endswith(", front")
    viewer.get_by_role("button", name="Next picture").tap()
    assert big.get_attribute("src") != shown and "3 of 37" in viewer.inner_text()
    viewer.get_by_role("button", name="Previous picture").tap()
    assert big.get_attribute("src") == shown
    for button in ("Next picture", "Previous picture", "Close"):
        box = viewer.get_by_role("button", name=button).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "lords_of_war-phone-viewer.png"))
    phone.keyboard.press("Escape")
    assert phone.locator("dialog#viewer[open]").count() == 0


@pytest.mark.parametrize("width", [375, 1280])
def test_every_link_button_and_fold_is_at_least_24_px_each_way(browser, default_build, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto((default_build / "lords_of_war" / "index.html").as_uri(), wait_until="load")
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    assert page.evaluate(SMALL_TARGETS_JS) == []
    page.evaluate("""async () => { const imgs = Array.from(document.images);
                     imgs.forEach(i => { i.loading = 'eager'; });
                     await Promise.all(imgs.map(i => i.decode().catch(() => null))); }""")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lords_of_war-{width}px-open.png"), full_page=True)
    context.close()
