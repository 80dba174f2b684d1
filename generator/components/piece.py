"""Tiles (hex and square), round tokens and counters: each drawn once, into a box centred on the origin,
for both sides. The layout decides where the box goes."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

from ..art.colour import mix
from ..art.images import draw_image
from ..art.paint import cue_cap_mm, cue_mark_radius_mm, draw_cue, draw_icon, pattern, shape_path
from ..art.richtext import Line, draw_line, draw_one_line, fit_lines, plain, shrink_to, widest, wrap
from ..base.notices import warn
from ..base.vocabulary import Anchor, ImageFit, Orientation
from ..draw.surface import MM_PER_PT, PT_PER_MM, Path, Style, Surface
from ..model import Component, Game
from ..model.kinds import Family, Outline
from ..source.pictures import natural_size
from .look import Look
from .shape import SQRT3, chord, half_height, outline
from .titlefit import PIECE_MIN_PT, hex_title, token_title


def _inner(comp: Component) -> float:
    """Diameter of the largest circle inside the piece: what text and icons must fit."""
    w, h = comp.size_mm
    return min(w, h)


def _pt(mm: float) -> float:
    return mm * PT_PER_MM


def draw_piece(s: Surface, comp: Component, look: Look, bleed_mm: float, game: Game | None = None,
               safe_mm: float = 0.0) -> None:
    """Draw one side of a tile, token or counter centred on the origin. ``safe_mm``: a print shop's
    safe zone (3 mm, ``--print-shop``): text keeps that far inside the cut and a player's outline runs
    out into the bleed (:func:`shop_plan`); 0: the home kit's 1.5 mm."""
    d = _inner(comp)
    art = outline(comp, bleed_mm)
    x0, y0, x1, y1 = art.bounds()
    with s.saved():
        s.clip(art)
        s.rect(x0, y0, x1 - x0, y1 - y0, Style(fill=look.fill))
        pattern(s, look.pattern, (x0, y0, x1, y1), look.pattern_colour, step_mm=max(1.6, d / 9),
                width_mm=max(0.18, d / 110))
        if look.image:  # fill: the whole face out to the bleed; fit: inside the piece
            draw_image(s, look.image, art.bounds() if look.image_fit == ImageFit.FILL else _image_box(comp, look.image),
                       look.image_fit, look.image_tint)
        if look.elements and game is not None:
            from ..elements import draw_elements  # the element kinds: a face without elements never loads them

            draw_elements(s, game, list(look.elements), look.ink)
    if look.outline:  # ink-saver: the terrain colour as a band inside the cut line
        band = max(0.8, d * 0.06)
        s.draw(outline(comp, -band / 2), Style(stroke=look.outline, width_mm=band, join="round"))
    plan = shop_plan(comp, look, game, safe_mm) if safe_mm else layout(comp, look, game)
    if look.player and _inner(comp) >= FRAME_MIN_PIECE_MM - 0.05:
        _player_outline(s, comp, look, bleed_mm if safe_mm and plan.safe else 0.0)
    if look.cut:  # stroke: a line along the inside of the cut, whole on the cut piece
        colour, width = look.cut
        s.draw(outline(comp, -width / 2), Style(stroke=colour, width_mm=width, join="round"))
    draw_content(s, comp, look, game, plan)


def draw_content(s: Surface, comp: Component, look: Look, game: Game | None = None, plan: "Plan | None" = None) -> None:
    """A face's words, icon, value and cue, laid out (``plan``, else as at home) in ``comp``'s shape
    about the origin; no ground."""
    d = _inner(comp)
    plan = plan if plan is not None else layout(comp, look, game)
    if look.rotate:
        s.save()
        s.rotate(look.rotate)
    for where in plan.problems:
        warn(look.where, where)
    if plan.icon is not None:
        ix, iy, isize = plan.icon
        _icon_plate(s, look, ix, iy, isize)
        draw_icon(s, list(look.icon or ()), ix, iy, isize, look.ink)
    icons = game.icons if game is not None else {}
    for line in plan.lines:
        draw_line(s, line.x, line.y, line.line, line.size, ink=line.ink or look.ink, family=line.family,
                  anchor=Anchor.MIDDLE, icons=icons)
    _bottom(s, comp, look, d, plan, icons)
    if look.rotate:
        s.restore()


# -- layout: what goes where on a tile, token or counter ----------------------------------------

MIN_PT = PIECE_MIN_PT  # no text on a piece is set smaller than this (a label read at 100%)


@dataclass(slots=True)
class _Placed:
    """A line placed on a piece: its words, x, baseline y, size, family and ink ("" for the piece's)."""

    line: Line
    x: float
    y: float
    size: float
    family: Any
    ink: str = ""


@dataclass
class Plan:
    """Where a piece's parts go: its lines, icon (cx, cy, size), the value and cue row (badge_y its
    centre, badge_r, badge_x where a strip layout's row starts), the cue's own radius (its letter at
    least cue_cap_mm(d) tall) and centre when not in the value row, big_value (baseline, size) when
    the value is the whole face, and the problems found laying it out."""

    lines: list[_Placed] = field(default_factory=list)
    icon: tuple[float, float, float] | None = None
    badge_y: float | None = None
    badge_x: float | None = None
    cue_x: float | None = None
    badge_r: float = 0.0
    cue_r: float = 0.0
    big_value: tuple[float, float] | None = None
    problems: list[str] = field(default_factory=list)
    safe: bool = False  # laid out inside a print shop's safe zone (shop_plan)


def _framed(comp: Component) -> bool:
    """A player's piece of FRAME_MIN_PIECE_MM or more: it has the player outline inside its cut. A
    smaller piece has no room for one 1.5 mm inside; its cut line is its only line at the edge."""
    return _inner(comp) >= FRAME_MIN_PIECE_MM - 0.05 and any(item.colour is not None for item in comp.items)


def piece_inset(comp: Component, framed: bool | None = None, safe_mm: float = 0.0) -> float:
    """How far inside the cut a piece's text and icons keep: clear of the player outline on a
    player's piece, and of a print shop's safe zone (``safe_mm``; the outline then runs into the
    bleed, its inner edge no further in than at home)."""
    d = _inner(comp)
    inset = max(CUT_CLEAR_MM if d >= 15.0 else 0.5, d * (0.08 if _square_cut(comp) else 0.06))
    if _framed(comp) if framed is None else framed:
        inset = max(inset, OUTLINE_INSET_MM + OUTLINE_MM + FRAME_GAP_MM)
    return max(inset, safe_mm)


def _one_line(comp: Component, text: str, y_top: float, nominal: float, family: Mapping[str, str], base: str,
              inset: float, what: str, problems: list) -> tuple[_Placed, float]:
    """A single line of rich text at the top of the band starting at ``y_top``: shrunk until it is
    as wide as the piece there, not below MIN_PT. Returns it and the height it takes."""
    size = max(MIN_PT, nominal)
    while True:
        lh = size * MM_PER_PT
        room = chord(comp, y_top, y_top + lh, inset)
        width = widest(text, size, family, base)
        if width <= room or size <= MIN_PT:
            break
        size = max(MIN_PT, size - 0.25)
    if width > room + 0.05:
        problems.append(f"{what} {plain(text)!r} is {width:.1f} mm wide at {size:g} pt; the "
                        f"{_kind_text(comp)} has {room:.1f} mm there: shorten it")
    line = wrap(text, 1e9, size, family, base)[0] if text else ((), 0.0)
    lines = wrap(text, 1e9, size, family, base)
    placed = _Placed(lines[0] if lines else line, 0.0, y_top + size * MM_PER_PT * 0.78, size, family)
    return placed, size * MM_PER_PT * 1.1


def _square_cut(comp: Component) -> bool:
    """A tile or counter cut square (not a card, whose corners are rounded)."""
    return comp.outline == Outline.RECT and comp.family == Family.PIECE


def _kind_text(comp: Component) -> str:
    w, h = comp.size_mm
    if comp.outline == Outline.ROUND:
        return f"{w:g} mm token"
    if comp.outline == Outline.HEX:
        return f"{min(w, h):.1f} mm hex"
    return f"{w:g} x {h:g} mm {comp.kind}"


def layout(comp: Component, look: Look, game: Game | None = None, safe_mm: float = 0.0) -> Plan:
    """The face laid out at its natural sizes, or smaller (down to MIN_PT) when crowded. Every title
    of a component is set at one size: the largest at which its longest title fits. ``safe_mm``:
    text at least this far inside the cut (0: the home kit's own inset)."""
    title_pt = component_title_pt(comp, look.title_fonts, safe_mm)
    plan = _layout(comp, look, 1.0, title_pt, safe_mm)
    for k in (0.88, 0.76, 0.64):
        if not plan.problems:
            break
        smaller = _layout(comp, look, k, title_pt, safe_mm)
        if len(smaller.problems) <= len(plan.problems):
            plan = smaller
    return plan


def shop_plan(comp: Component, look: Look, game: Game | None, safe_mm: float) -> Plan:
    """The face laid out for a print shop: its text ``safe_mm`` inside the cut (``plan.safe``), at the
    home kit's sizes or smaller but never under MIN_PT. A face whose text cannot keep that far in at
    MIN_PT keeps the home layout, its text at least 1.5 mm inside the cut (tests/test_print_shop.py
    names every such face)."""
    plan = layout(comp, look, game, safe_mm)
    if plan.problems:
        home = layout(comp, look, game)
        if len(home.problems) < len(plan.problems):
            return home
    plan.safe = True
    return plan


def component_title_pt(comp: Component, family: Mapping[str, str], safe_mm: float = 0.0) -> float:
    """One title size for every piece of a component, fronts and backs: the smallest size any of its
    titles fits at on its own (so "Lake" and "Wasteland" tiles print their names alike)."""
    titles = sorted({str(side.get("title")) for item in comp.items for side in (item.face, item.back or {})
                     if side.get("title")})
    return _component_title_pt(comp.kind, tuple(comp.size_mm), comp.orientation, tuple(titles),
                               tuple(sorted(family.items())), _framed(comp), safe_mm)


@lru_cache(maxsize=256)
def _component_title_pt(kind: str, size_mm: tuple, orientation: str, titles: tuple, family: tuple,
                        framed: bool = False, safe_mm: float = 0.0) -> float:
    probe = Component("title-probe", "", kind, size_mm, [], {}, "", 0, orientation=orientation)
    look_family = dict(family)
    size = 1e9
    for title in titles:
        plan = Plan()
        y, nominal = _title_start(probe, 1.0, safe_mm)
        if probe.outline == Outline.ROUND:
            y, nominal = token_title(probe, title, y, nominal, look_family, piece_inset(probe, framed, safe_mm))
        elif probe.outline == Outline.HEX:
            y, nominal = hex_title(probe, title, y, nominal, look_family, piece_inset(probe, framed, safe_mm))
        placed, _ = _one_line(probe, title, y, nominal, look_family, "bold", piece_inset(probe, framed, safe_mm), "the title",
                              plan.problems)
        size = min(size, placed.size)
    return size


def _title_start(comp: Component, k: float, safe_mm: float = 0.0) -> tuple[float, float]:
    """Where a title's band starts (its top, centre origin) and its size before fitting."""
    d = _inner(comp)
    hh = half_height(comp)
    top = -hh + piece_inset(comp, safe_mm=safe_mm)
    if comp.outline == Outline.ROUND:
        top = -hh * 0.64
    elif comp.outline == Outline.HEX and comp.orientation == Orientation.POINTY:
        top = -hh * 0.66
    return top, k * min(_pt(d * 0.15), 11.0)


def _layout(comp: Component, look: Look, k: float, title_pt: float = 1e9, safe_mm: float = 0.0) -> Plan:
    """Where each face key goes: title and subtitle along the top, the value and cue row and the
    footer (a counter's factors, "4-3-4") along the bottom edge, the icon, text and flavour in the
    middle. Sizes follow the piece (``d``, its smallest width) and never drop below MIN_PT; what
    does not fit is listed in ``problems``."""
    d = _inner(comp)
    w, h = comp.size_mm
    if _square_cut(comp) and w >= 2.2 * h:
        return _strip_layout(comp, look, k)
    plan = Plan()
    inset = piece_inset(comp, safe_mm=safe_mm)
    top, bottom = _text_bounds(comp, inset, safe_mm)
    crowded = bool(look.text or look.flavour or look.subtitle)
    if look.value and not look.icon and not look.title and not crowded and not look.image:
        return _value_face(comp, look, k, d, (top, bottom), inset, plan)
    if look.cue and not (look.icon or look.title or look.value or crowded or look.image or look.elements):
        plan.cue_r = max(_cue_r(look, d), d * 0.3)  # a plain marker: the cue is the face
        plan.badge_y, plan.badge_r = 0.0, plan.cue_r
        return plan
    y = _top_lines(comp, look, k, d, top, title_pt, inset, plan)
    yb = _footer(comp, look, k, d, bottom, inset, plan)
    beside = (comp.outline == Outline.ROUND and look.title and look.icon and look.cue and not look.value
              and not (look.text or look.flavour or look.footer))
    if beside:  # a titled round piece: icon and cue side by side, so neither shrinks
        _beside(comp, look, d, k, y, bottom, inset, plan)
        return plan
    if look.value or look.cue:
        r = max(d * 0.1, MIN_PT * MM_PER_PT * 0.75)  # a value disc one size on every piece of a size
        plan.badge_r = r
        plan.cue_r = _cue_r(look, d) if look.cue else 0.0
        row = max(r, plan.cue_r)
        plan.badge_y = yb - row
        yb -= 2 * row + d * 0.03
    yb = _body(comp, look, k, d, y, yb, inset, plan)
    if look.icon:
        _icon_place(comp, look, d, y, yb, inset, plan)
    return plan


def _text_bounds(comp: Component, inset: float, safe_mm: float) -> tuple[float, float]:
    """The top and bottom of where a piece's text goes: inside its cut, and where a round or pointy
    piece is wide enough."""
    hh = half_height(comp)
    top, bottom = -hh + inset, hh - inset
    if comp.outline == Outline.ROUND:  # a round piece narrows at top and bottom: keep text where it is wide
        top, bottom = -hh * 0.64, hh * 0.8
    elif comp.outline == Outline.HEX and comp.orientation == Orientation.POINTY:
        top, bottom = -hh * 0.66, hh * 0.7
    return max(top, -hh + safe_mm), min(bottom, hh - safe_mm)


def _value_face(comp: Component, look: Look, k: float, d: float, bounds: tuple[float, float], inset: float,
                plan: Plan) -> Plan:
    """The value is the face (a coin, a victory point chip); a footer names it along the bottom."""
    top, bottom = bounds
    fam = look.fonts
    size = min(_pt(d * 0.42), 40.0, _pt((bottom - top) * 0.8))
    while size > MIN_PT and widest(look.value, size, look.title_fonts, "bold") > chord(
            comp, -size * MM_PER_PT * 0.36, size * MM_PER_PT * 0.36, inset):  # a word as the value
        size = max(MIN_PT, size - 0.25)
    wide = widest(look.value, size, look.title_fonts, "bold")
    if wide > chord(comp, -size * MM_PER_PT * 0.36, size * MM_PER_PT * 0.36, inset) + 0.05:
        plan.problems.append(f"the value {look.value!r} is {wide:.1f} mm wide at {size:g} pt: too wide for "
                             f"the {_kind_text(comp)}; shorten it")
    plan.big_value = (size * MM_PER_PT * 0.36, max(MIN_PT, size))
    if look.footer:
        fsize = max(MIN_PT, k * min(_pt(d * 0.1), 9.0))
        placed, _ = _one_line(comp, look.footer, bottom - fsize * MM_PER_PT * 1.1, fsize, fam, "bold", inset,
                              "the footer", plan.problems)
        plan.lines.append(placed)
    elif look.cue:
        plan.badge_r = d * 0.1
        plan.cue_r = _cue_r(look, d)
        plan.badge_y = min(d * 0.36, bottom - plan.cue_r)
    return plan


def _top_lines(comp: Component, look: Look, k: float, d: float, y: float, title_pt: float, inset: float,
               plan: Plan) -> float:
    """The title and subtitle from the top down; returns where what follows them starts."""
    if look.title:
        nominal = min(k * min(_pt(d * 0.15), 11.0), title_pt)
        tfam = look.title_fonts
        if comp.outline == Outline.ROUND:  # a long title moves down to where the round piece is wider
            y, nominal = token_title(comp, look.title, y, nominal, tfam, inset)
        elif comp.outline == Outline.HEX:  # ...and on a hex, where its slanted sides leave more room
            y, nominal = hex_title(comp, look.title, y, nominal, tfam, inset)
        placed, used = _one_line(comp, look.title, y, nominal, tfam, "bold", inset,
                                 "the title", plan.problems)
        plan.lines.append(placed)
        y += used
    if look.subtitle:
        placed, used = _one_line(comp, look.subtitle, y, k * min(_pt(d * 0.09), 8.0), look.fonts, "italic", inset,
                                 "the subtitle", plan.problems)
        plan.lines.append(placed)
        y += used
    return y


def _footer(comp: Component, look: Look, k: float, d: float, yb: float, inset: float, plan: Plan) -> float:
    """The footer along the bottom, at one size on every piece of a size whatever else crowds it (a
    counter's factors: a long unit name shrinks its own words, not its numbers); returns where what
    goes above it ends."""
    if look.footer:
        size = max(MIN_PT, min(_pt(d * 0.16), 12.0))
        lh = size * MM_PER_PT * 1.1
        placed, _ = _one_line(comp, look.footer, yb - lh, size, look.fonts, "bold", inset, "the footer",
                              plan.problems)
        placed.y = yb - size * MM_PER_PT * 0.22
        plan.lines.append(placed)
        yb -= lh
    return yb


def _body(comp: Component, look: Look, k: float, d: float, y: float, yb: float, inset: float, plan: Plan) -> float:
    """The text and flavour, set bottom up above the value row; returns where the room above them ends."""
    body = []
    if look.text:
        body.append((look.text, "regular"))
    if look.flavour:
        body.append((look.flavour, "italic"))
    if not body:
        return yb
    fam = look.fonts
    room_h = yb - y
    nominal = max(MIN_PT, k * min(_pt(d * 0.085), 8.0))
    joined = "\n".join(t if b == "regular" else f"*{t}*" for t, b in body)
    # the icon keeps a fifth of the piece if the text still fits at its smallest beside it
    for want_icon in ((d * 0.2, d * 0.12, 0.0) if look.icon else (0.0,)):
        text_h = max(0.0, room_h - want_icon)
        width = chord(comp, yb - text_h, yb, inset)
        size, lines, ok = fit_lines(joined, width, text_h, nominal, MIN_PT, fam)
        if ok:
            break
    used = len(lines) * size * MM_PER_PT * 1.2
    ty = yb - used
    if not ok and (moved := _body_where_wider(comp, joined, y, yb, nominal, fam, inset)) is not None:
        size, lines, ty = moved
        ok, used = True, len(lines) * size * MM_PER_PT * 1.2
    if not ok:
        plan.problems.append(f"the text does not fit the {_kind_text(comp)} even at {size:g} pt "
                             f"({len(lines)} lines, {used:.1f} mm tall, room for {text_h:.1f} mm): "
                             f"shorten it")
    for i, line in enumerate(lines):
        plan.lines.append(_Placed(line, 0.0, ty + (i + 0.78) * size * MM_PER_PT * 1.2, size, fam))
    return ty - d * 0.02


def _body_where_wider(comp: Component, text: str, y: float, yb: float, nominal: float, fam: Mapping[str, str],
                      inset: float) -> tuple[float, list[Line], float] | None:
    """(size, lines, top) of text that does not fit the narrowest width of its whole room (a round or
    hex piece narrows towards its top and bottom) set where the piece is widest: each size from
    ``nominal`` down, each number of lines the room holds, the block kept as near the piece's middle
    as the room allows and wrapped to the width it spans there. None if it fits nowhere."""
    size = nominal
    while True:
        lh = size * MM_PER_PT * 1.2
        set_wide = sum(widest(part, size, fam) for part in text.split("\n"))  # the text on one line
        for n in range(1, int((yb - y) / lh + 1e-6) + 1):
            top = min(max(-n * lh / 2, y), yb - n * lh)
            width = chord(comp, top, top + n * lh, inset)
            if n * width < set_wide * 0.8:  # n lines this wide cannot hold it (the spaces broken at
                continue  # take no room: a fifth is more than they take)
            lines = wrap(text, width, size, fam)
            if len(lines) <= n and max((w for _, w in lines), default=0.0) <= width + 1e-6:
                return size, lines, top
        if size <= MIN_PT:
            return None
        size = max(MIN_PT, round(size - 0.25, 2))


def _icon_place(comp: Component, look: Look, d: float, y: float, yb: float, inset: float, plan: Plan) -> None:
    room = yb - y
    nominal = d * (0.36 if (look.title and (look.value or look.cue)) else 0.5) * look.icon_scale
    size = min(nominal, room * 0.96)
    cy = (y + yb) / 2
    size = min(size, chord(comp, cy - size / 2, cy + size / 2, inset))
    if size >= 1.5:
        plan.icon = (0.0, cy, size)
    else:
        plan.problems.append(f"no room for the icon on the {_kind_text(comp)} under the text")


CUT_CLEAR_MM = 1.5  # text on a piece of 15 mm or more stays this far inside its cut line
OUTLINE_INSET_MM = 1.5  # the player outline's outer edge, this far inside the cut: a hand cut that strays
# keeps it whole and even, and the cut line is the only line at the cut
OUTLINE_MM = 0.5
FRAME_GAP_MM = 0.3  # text and icons keep this far inside the player outline
FRAME_MIN_PIECE_MM = 15.0  # a player piece this big or bigger has the outline


def _cue_r(look: Look, d: float) -> float:
    """The radius of the cue shape whose letter is cue_cap_mm(d) tall (2 mm; 3 mm on big pieces),
    the shape at least 4 mm tall."""
    return cue_mark_radius_mm(look.cue.shape, cue_cap_mm(d)) if look.cue else 0.0


def _player_outline(s: Surface, comp: Component, look: Look, bleed_mm: float = 0.0) -> None:
    """A dark line 1.5 mm inside the cut of a player piece: it stands out on any terrain, even one
    close to the player's colour, and a cut that strays still leaves it whole and even. With
    ``bleed_mm`` (a print shop's file): a band from the same inner edge out to the end of the bleed,
    so a die that strays shows more or less of it, never a sliver or a line by the cut."""
    inner = OUTLINE_INSET_MM + OUTLINE_MM
    if bleed_mm > 0:
        s.draw(outline(comp, (bleed_mm - inner) / 2),
               Style(stroke=mix(look.player, "#000000", 0.7), width_mm=bleed_mm + inner, join="round"))
        return
    s.draw(outline(comp, -(OUTLINE_INSET_MM + OUTLINE_MM / 2)),
           Style(stroke=mix(look.player, "#000000", 0.7), width_mm=OUTLINE_MM, join="round"))


def _beside(comp: Component, look: Look, d: float, k: float, y: float, bottom: float, inset: float,
            plan: Plan) -> None:
    """The icon and the cue side by side under the title of a round piece."""
    rc = _cue_r(look, d)
    top, low = y + 0.3, bottom * 0.95
    _x0, up, _x1, down = shape_path(look.cue.shape, 0.0, 0.0, rc).bounds() if look.cue else (0.0, 0.0, 0.0, 0.0)
    highest, lowest = top - up, low - down  # a tall cue (a star's point) stays under the title, above the foot
    cy = min(max((top + low) / 2, highest), lowest) if highest <= lowest else (highest + lowest) / 2
    size = min(d * 0.5 * look.icon_scale, low - top, chord(comp, cy, cy, inset) - 2 * rc - 0.6)
    total = size + 0.6 + 2 * rc
    plan.icon = (-total / 2 + size / 2, cy, size)
    plan.cue_r, plan.badge_r = rc, rc
    plan.badge_y, plan.cue_x = cy, total / 2 - rc


def _strip_layout(comp: Component, look: Look, k: float) -> Plan:
    """A long thin piece (a 25 x 6 mm marker): the icon at the left end, the value and cue at the
    right, the words in lines between them, read along the piece. Text keeps MIN_PT; a piece too
    thin to hold its lines at that size is listed in ``problems`` (validate refuses it)."""
    w, h = comp.size_mm
    plan = Plan()
    inset = max(0.4, h * 0.08)
    inner_h = h - 2 * inset
    x0, x1 = -w / 2 + inset, w / 2 - inset
    if look.icon:
        size = min(inner_h, w * 0.3) * look.icon_scale
        plan.icon = (x0 + size / 2, 0.0, size)
        x0 += size + inset
    if look.value or look.cue:
        r = inner_h / 2
        plan.badge_r = r
        plan.badge_y = 0.0
        plan.badge_x = x1 - r * (2.2 if (look.value and look.cue) else 1.0)
        x1 -= r * (4.4 if (look.value and look.cue) else 2.2)
    fam, tfam = look.fonts, look.title_fonts
    rows = [(t, f, base, n) for t, f, base, n in ((look.title, tfam, "bold", 11.0), (look.subtitle, fam, "italic", 8.0),
                                                  (look.text, fam, "regular", 8.0), (look.flavour, fam, "italic", 8.0),
                                                  (look.footer, fam, "bold", 10.0)) if t]
    if not rows:
        return plan
    room_w = max(0.0, x1 - x0)
    # one size for all the lines: the largest at which they fit the height, not below MIN_PT
    size = max(MIN_PT, min(k * 11.0, _pt(inner_h / (len(rows) * 1.15))))
    tall = len(rows) * size * MM_PER_PT * 1.15
    if tall > inner_h + 0.05:
        plan.problems.append(f"a {w:g} x {h:g} mm {comp.kind} is too thin for {len(rows)} line"
                             f"{'s' if len(rows) > 1 else ''} of text at {MIN_PT:g} pt (the smallest that can be "
                             f"read): it needs {tall + 2 * inset:.1f} mm; make it taller or say less")
    y = -tall / 2
    for text, f, base, nominal in rows:
        s_ = size
        while s_ > MIN_PT and widest(text, s_, f, base) > room_w:
            s_ = max(MIN_PT, s_ - 0.25)
        if widest(text, s_, f, base) > room_w + 0.05:
            plan.problems.append(f"{plain(text)!r} is {widest(text, s_, f, base):.1f} mm long at {s_:g} pt; the "
                                 f"{_kind_text(comp)} has {room_w:.1f} mm for it: shorten it")
        line = wrap(text, 1e9, s_, f, base)[0]
        plan.lines.append(_Placed(line, (x0 + x1) / 2, y + size * MM_PER_PT * 0.9, s_, f))
        y += size * MM_PER_PT * 1.15
    return plan


def _image_box(comp: Component, path: str) -> tuple[float, float, float, float]:
    """Where a fitted picture goes: the largest box of the picture's proportions, centred, whose
    corners stay on or inside the cut line, so all of it shows on the cut piece (a round token's or
    a hex's shape would cut the corners of the piece's square box)."""
    w, h = comp.size_mm
    iw, ih = natural_size(path)
    if comp.outline == Outline.ROUND:  # the corners on the circle
        k = (w / 2) / math.hypot(iw / 2, ih / 2)
    elif comp.outline == Outline.HEX:  # inside the two flats and the four slanted sides
        flats = min(w, h)
        across, along = (iw, ih) if comp.orientation == Orientation.FLAT else (ih, iw)  # along: flat to flat
        k = min(flats / along, flats / (SQRT3 * across / 2 + along / 2))
    else:
        return (-w / 2, -h / 2, w / 2, h / 2)
    return (-iw * k / 2, -ih * k / 2, iw * k / 2, ih * k / 2)


def _icon_plate(s: Surface, look: Look, cx: float, cy: float, size: float) -> None:
    """A soft disc behind the icon so it reads on patterned ground."""
    if look.pattern != "none":
        s.circle(cx, cy, size * 0.56, Style(fill=look.fill))


def _bottom(s: Surface, comp: Component, look: Look, d: float, plan: Plan, icons: Mapping[str, Any]) -> None:
    """The value (a number, or rich text: "2 {icon:apple}") and the player cue: the whole face when the
    value stands alone, else a row of a value disc and a cue shape above the footer."""
    if plan.big_value is not None:
        dy, size = plan.big_value
        draw_one_line(s, 0, dy, look.value, size, ink=look.ink, family=look.title_fonts, base="bold",
                      anchor=Anchor.MIDDLE, icons=icons)
    if plan.badge_y is None:
        return
    r = plan.badge_r
    cy = plan.badge_y
    both = bool(look.value and look.cue)
    if look.value and plan.big_value is None:
        size = shrink_to(look.value, r * 1.9, max(MIN_PT, min(_pt(r * 1.8), 14.0)), MIN_PT, look.title_fonts, "bold")
        value_w = widest(look.value, size, look.title_fonts, "bold")
        cx = d * 0.14 if both else 0.0
        if plan.badge_x is not None:
            cx = plan.badge_x + (2.2 * r if both else 0.0)
        wide = value_w + r * 0.8
        if wide > 2 * r:  # a long value: a pill instead of a disc
            s.draw(Path.rounded_rect(cx - wide / 2, cy - r, wide, 2 * r, r), Style(fill=look.ink))
        else:
            s.circle(cx, cy, r, Style(fill=look.ink))
        draw_one_line(s, cx, cy + size / PT_PER_MM * 0.36, look.value, size, ink=look.fill, family=look.title_fonts,
                      base="bold", anchor=Anchor.MIDDLE, icons=icons)
    if look.cue:
        cr = plan.cue_r or r
        cx = -max(d * 0.14, (r + cr) / 2 + 0.4) if both else 0.0
        if plan.badge_x is not None:
            cx = plan.badge_x
        if plan.cue_x is not None:
            cx = plan.cue_x
        draw_cue(s, look.cue.shape, look.cue.cue, cx, cy, cr, look.ink, look.fill)
