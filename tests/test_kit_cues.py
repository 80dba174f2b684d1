"""Colour-blind players: every player piece prints its colour's letter at least 2 mm tall (3 mm on
pieces of 19 mm or more) inside its shape, the shape at least 4 mm tall, and a piece of 15 mm or more
a dark outline 1.5 mm inside its cut line (a smaller piece has none: its cut line is the only line at
its edge). Where a player colour is close to a terrain colour (CIE76 colour difference under 20: a
Sky counter on a Lake tile is 8.6), those pieces are told apart by that cue (and outline)."""

from __future__ import annotations

import pytest
from probe import Probe

from generator.art.colour import delta_e76, lab
from generator.build.game import expand_generated
from generator.build.loading import load_game
from generator.components.look import resolve
from generator.components.piece import draw_piece
from generator.model import resolve_game
from generator.model.load import discover_games

GAMES = [p.name for p in discover_games()]
PIECES = ("token", "counter", "square-tile", "hex-tile")
DELTA_E_LIMIT = 20.0


def _player_pieces(game):
    """(component, item, look, probe) for one piece of every player item of every piece component."""
    for comp in expand_generated(game, 1):
        if comp.kind not in PIECES:
            continue
        for item in comp.items:
            if item.colour is None:
                continue
            look = resolve(game, item.face, item.colour)
            probe = Probe()
            draw_piece(probe, comp, look, 0.0, game)
            yield comp, item, look, probe


@pytest.mark.parametrize("name", GAMES)
def test_player_cue_letters_are_2_mm_tall_3_mm_on_big_pieces_inside_their_shape(name):
    game = load_game(resolve_game(name))
    checked = 0
    for comp, item, look, probe in _player_pieces(game):
        d = min(comp.size_mm)
        want = 3.0 if d >= 19.0 - 0.05 else 2.0
        runs = [r for r in probe.runs if r.text == item.colour.cue]
        assert runs, f"{comp.id} {item.name}: no cue letter"
        for run in runs:
            assert run.cap_mm >= want - 0.01, f"{comp.id} {item.name}: {run.cap_mm:.2f} mm letter"
            # the shape: a filled mark round the letter, in the piece's ink, at least as tall
            around = [m for m in probe.marks if m.fill and m.fill != look.fill and
                      m.bounds[0] <= run.x <= m.bounds[2] and m.bounds[1] <= run.y - run.cap_mm / 2 <= m.bounds[3]
                      and m.bounds[3] - m.bounds[1] >= run.cap_mm]
            assert around, f"{comp.id} {item.name}: letter without its shape"
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_every_player_piece_has_a_dark_outline_inside_its_cut(name):
    """The outline's outer edge runs 1.5 mm inside the cut on a piece of 15 mm or more, so a hand cut
    that strays keeps it whole and even; a smaller piece has no line near its cut but the cut line."""
    game = load_game(resolve_game(name))
    for comp, item, look, probe in _player_pieces(game):
        w, h = comp.size_mm
        # dark lines round the piece (not pattern strokes running on into the bleed, clipped there)
        dark = [m for m in probe.marks if m.stroke and m.fill is None and lab(m.stroke)[0] < 40
                and w - 8.0 <= m.bounds[2] - m.bounds[0] <= w + 0.01
                and abs(m.bounds[0] + m.bounds[2]) < 0.01 and abs(m.bounds[1] + m.bounds[3]) < 0.01]
        near_cut = [m for m in dark if (w - (m.bounds[2] - m.bounds[0])) / 2 - m.width_mm / 2 < 1.5 - 0.01]
        assert not near_cut, f"{comp.id} {item.name}: a line {near_cut[0].bounds} under 1.5 mm from the cut"
        rings = [m for m in dark if (m.bounds[2] - m.bounds[0]) >= w - 4.0]
        if min(w, h) >= 15.0:
            assert rings, f"{comp.id} {item.name}: no dark outline"
            assert lab(rings[0].stroke)[0] < lab(look.fill)[0] or lab(look.fill)[0] < 40
        else:
            assert not rings, f"{comp.id} {item.name}: a frame on a piece under 15 mm"


def _close_pairs(game):
    return [(c, key, delta_e76(c.fill, t["fill"])) for c in game.colours for key, t in game.terrain.items()
            if delta_e76(c.fill, t["fill"]) < DELTA_E_LIMIT]


def test_the_close_colour_pairs_are_the_ones_we_know():
    """CIE76 between each player colour and each terrain fill: these are the pairs under 20."""
    found = {}
    for name in GAMES:
        game = load_game(resolve_game(name))
        found[name] = sorted((c.id, key) for c, key, _ in _close_pairs(game))
    assert found["lords_of_war"] == [("sky", "lake")]
    assert ("blue", "water") in found["ktech"]


@pytest.mark.parametrize("name", GAMES)
def test_a_player_colour_close_to_a_terrain_always_has_an_outline_and_a_cue(name):
    game = load_game(resolve_game(name))
    close = {c.id for c, _, _ in _close_pairs(game)}
    for comp, item, look, probe in _player_pieces(game):
        if item.colour.id not in close:
            continue
        outlined = any(m.stroke and m.fill is None and lab(m.stroke)[0] < 40 for m in probe.marks)
        cued = any(r.text == item.colour.cue for r in probe.runs)
        assert cued and (outlined or min(comp.size_mm) < 15.0), (comp.id, item.name)


def _text_box(run):
    from generator.draw.fonts import text_width_mm

    w = text_width_mm(run.text, run.size_pt, "bold")
    x0 = run.x - w / 2 if run.anchor == "middle" else run.x
    return (x0, run.y - run.cap_mm, x0 + w, run.y + run.size_pt * 0.3528 * 0.22)


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_thrones_piece_labels_stay_1_5_mm_inside_the_cut_and_clear_of_icon_and_cue():
    import math

    game = load_game(resolve_game("thrones"))
    pieces = game.component("pieces")
    radius = pieces.size_mm[0] / 2
    assert radius * 2 == pytest.approx(22.225)  # 7/8 in: "Crossbowmen" at 5.5 pt inside the outline
    for item in pieces.items:
        look = resolve(game, item.face, item.colour)
        probe = Probe()
        draw_piece(probe, pieces, look, 0.0, game)
        (title,) = [r for r in probe.runs if r.text == item.face["title"]]
        box = _text_box(title)
        corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
        assert min(radius - math.hypot(*c) for c in corners) >= 2.0, item.name  # inside the outline
        (cue,) = [r for r in probe.runs if r.text == item.colour.cue]
        icon = [m for m in probe.marks if m.fill == look.ink or m.stroke == look.ink]
        cue_shape = [m for m in icon if m.bounds[0] <= cue.x <= m.bounds[2] and m.bounds[1] <= cue.y <= m.bounds[3]]
        for mark in icon:
            assert not _overlap(mark.bounds, box), (item.name, "icon or cue touches the label")
        assert cue_shape
