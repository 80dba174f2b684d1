"""Readable by everyone: an icon's details (a door, a window, a cross on a shield) stand out from the
icon they sit on, whatever the piece's colours; player colours that sit close to a terrain's colour
(CIE76 colour difference under 20) are still told apart by an outline and a cue."""

from __future__ import annotations

import pytest

from generator.art.colour import contrast, delta_e76
from generator.art.paint import _paint
from generator.build.game import expand_generated
from generator.build.loading import load_game
from generator.components.look import resolve
from generator.model import resolve_game
from generator.model.load import discover_games

GAMES = [p.name for p in discover_games()]
DETAIL_CONTRAST = 3.0  # WCAG's minimum for graphics


def _faces(game):
    for comp in expand_generated(game, 1):
        for item in comp.items:
            yield comp, item, item.face
            if item.back:
                yield comp, item, item.back


@pytest.mark.parametrize("name", GAMES)
def test_icon_details_contrast_with_the_icon_they_sit_on(name):
    game = load_game(resolve_game(name))
    bad = []
    for comp, item, face in _faces(game):
        look = resolve(game, face, item.colour)
        if not look.icon:
            continue
        for shape in look.icon:
            for key in ("fill", "stroke"):
                declared = shape.get(key)
                if declared in (None, "none", "ink", "player"):
                    continue  # the icon's body, drawn in the ink
                paint = _paint(declared, look.ink)
                if contrast(paint, look.ink) < DETAIL_CONTRAST:
                    bad.append((comp.id, item.name, look.icon_name, declared, paint, look.ink))
    assert bad == []


def test_realm_icons_keep_their_details_in_either_ink():
    """Blue realm tokens print white icons, Green ones black (white read at 3.4:1 on its green): the
    Fort's gate and the Garrison's cross are drawn in the other colour, so a Fort does not look like a
    Wall and a Garrison is not a blank shield."""
    game = load_game(resolve_game("lords_of_war"))
    tokens = game.component("realm-tokens").items + game.component("extra-realm-tokens").items
    seen = set()
    for item in tokens:
        if item.colour.id not in ("green", "blue") or item.face.get("icon") not in ("fort", "garrison"):
            continue
        look = resolve(game, item.face, item.colour)
        assert look.ink == {"blue": "#ffffff", "green": "#000000"}[item.colour.id]
        details = [_paint(s["fill"] if s.get("fill") not in (None, "none") else s.get("stroke"), look.ink)
                   for s in look.icon[1:]]
        other = "#000000" if look.ink == "#ffffff" else "#ffffff"
        assert details and all(d == other for d in details)
        seen.add(item.colour.id)
    assert seen == {"green", "blue"}


def test_cie76_matches_the_reported_sky_on_lake_difference():
    assert delta_e76("#56B4E9", "#7fb8e6") == pytest.approx(8.6, abs=0.1)
    assert delta_e76("#000000", "#ffffff") == pytest.approx(100, abs=0.1)


@pytest.mark.parametrize("name", GAMES)
def test_every_deck_prints_its_titles_at_one_size_that_fits_the_longest(name):
    from probe import Probe

    from generator.components.card import PAD_MM, draw_card_front
    from generator.draw.fonts import text_width_mm

    game = load_game(resolve_game(name))
    for comp in game.components:
        if comp.kind != "card":
            continue
        sizes = {}
        for item in comp.items:
            look = resolve(game, item.face, item.colour)
            probe = Probe()
            draw_card_front(probe, comp, look, 0.0)
            # the title on one line, or (a deck with long titles) on two consecutive lines
            texts = [r.text for r in probe.runs]
            runs = [[r] for r in probe.runs if r.text == look.title] or \
                [probe.runs[k:k + 2] for k in range(len(texts) - 1) if " ".join(texts[k:k + 2]) == look.title]
            assert runs, (comp.id, item.name)
            sizes[look.title] = runs[0][0].size_pt
            room = comp.size_mm[0] - 2 * PAD_MM - (8.0 if look.value else 0.0)
            for run in runs[0]:
                assert run.size_pt == runs[0][0].size_pt, (comp.id, look.title)
                assert text_width_mm(run.text, run.size_pt, "bold") <= room + 0.05, (comp.id, run.text)
        assert len(set(sizes.values())) == 1, (comp.id, sorted(set(sizes.values())))
