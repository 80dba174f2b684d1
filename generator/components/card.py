"""Cards: a front with a title band, optional value, subtitle, picture, icon, flavour, text and
sections, footer and player cue; a back with the deck's art. A back that says more than a title
and an icon (a player-aid card, ``back: same``) is laid out like a front. Drawn centred on the
origin like every other piece."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from ..art.colour import ink_for, mix
from ..art.paint import (
    CUE_MIN_CAP_MM,
    cue_radius_mm,
    draw_cue,
    draw_icon,
    pattern,
    shape_path,
)
from ..art.richtext import (
    DEFAULT_FAMILY,
    MARKUP,
    draw_line,
    draw_plain,
    family_key,
    shrink_to,
    widest,
    wrap,
)
from ..art.textblock import check_sections, draw_sections
from ..base.notices import warn
from ..base.vocabulary import Anchor, ImageFit
from ..draw.fonts import fresh_width_mm
from ..draw.surface import MM_PER_PT, PT_PER_MM, Path, Style, Surface
from ..geometry.typescale import ROLES_PT, STEPS_PT, snap
from ..model import Component, Game
from .look import Look

PAD_MM = 3.5
SAFE_MM = 3.0  # no text nearer the cut than this: a knife wanders and corners are rounded
MIN_PT = 5.5
TITLE_MIN_PT = 6.5


def _frame(s: Surface, comp: Component, look: Look) -> tuple[float, float]:
    """Turn the face by ``rotate`` (90, 180, 270) and return the width and height to lay out in."""
    w, h = comp.size_mm
    turn = look.rotate % 360
    if turn:
        s.rotate(turn)
    if turn in (90, 270):
        w, h = h, w
    return w, h


def _ground(s: Surface, look: Look, w: float, h: float, bleed_mm: float, game: Game | None) -> None:
    """Fill, picture, pattern and elements, out to the bleed."""
    box = Path.rect(-bleed_mm, -bleed_mm, w + 2 * bleed_mm, h + 2 * bleed_mm)
    s.draw(box, Style(fill=look.fill))
    if look.image or look.pattern not in (None, "none"):  # (a clip with nothing inside it is left out)
        with s.saved():
            s.clip(box)
            if look.image:
                frame = (-bleed_mm, -bleed_mm, w + bleed_mm, h + bleed_mm) if look.image_fit == ImageFit.FILL else \
                    (PAD_MM, PAD_MM, w - PAD_MM, h - PAD_MM)
                from ..art.images import draw_image  # a picture: not loaded for a deck without one

                draw_image(s, look.image, frame, look.image_fit, look.image_tint)
            pattern(s, look.pattern, (-bleed_mm, -bleed_mm, w + bleed_mm, h + bleed_mm), look.pattern_colour,
                    step_mm=4.0, width_mm=0.35)
    if look.elements and game is not None:
        from ..elements import draw_elements  # the element kinds: a face without elements never loads them

        with s.saved():
            s.clip(box)
            s.translate(w / 2, h / 2)  # a face's elements are placed in mm from its centre
            draw_elements(s, game, list(look.elements), look.ink)


def draw_card_front(s: Surface, comp: Component, look: Look, bleed_mm: float, game: Game | None = None) -> None:
    s.save()
    w, h = _frame(s, comp, look)
    s.translate(-w / 2, -h / 2)
    banded = look.band != NO_BAND  # band: none: the title on the card's own ground, over its elements
    band = (look.band or mix(look.fill, look.ink, 0.75)) if banded else look.fill
    title = deck_title(comp, look.title_fonts)  # the deck's title size and lines
    band_h = _band_height(title, h)
    # the ground, the band and the value's disc: the same on many cards of a deck (its furniture),
    # drawn in place the first time and recorded (a form) to be placed from the second on
    key = ("card ground", look.fill, look.pattern, look.pattern_colour, look.image, look.image_fit,
           (repr(look.elements), look.ink) if look.elements else (), w, h, bleed_mm, band, band_h, bool(look.value),
           banded)
    s.repeat(repr(key), (-bleed_mm, -bleed_mm, w + bleed_mm, h + bleed_mm),
             lambda t: _front_ground(t, look, w, h, bleed_mm, game, band, band_h, banded))
    _front_text(s, look, w, h, band, band_h, title, game)
    s.restore()


def _front_ground(s: Surface, look: Look, w: float, h: float, bleed_mm: float, game: Game | None, band: str,
                  band_h: float, banded: bool = True) -> None:
    _ground(s, look, w, h, bleed_mm, game)
    if banded:
        s.draw(Path.rect(-bleed_mm, -bleed_mm, w + 2 * bleed_mm, band_h + bleed_mm), Style(fill=band))
    if look.value:
        s.circle(PAD_MM + 3.2, band_h / 2 + 0.4, 3.2, Style(fill=ink_for(band)))


def _band_height(title: tuple[float, int], h: float) -> float:
    size, lines = title
    band_h = max(9.0, h * 0.12)
    if lines > 1:  # the same height on every card of the deck, so the bodies line up
        band_h = max(band_h, size * MM_PER_PT * (0.96 + TITLE_LEAD * (lines - 1)) + 2 * TITLE_PAD_MM)
        # the lines are centred on the band: tall enough that the first line's capitals (0.76 em
        # above its baseline) stay SAFE_MM inside the cut
        lead = size * MM_PER_PT * TITLE_LEAD
        band_h = max(band_h, 2 * (SAFE_MM - 0.35 + 0.40 * size * MM_PER_PT + lead * (lines - 1) / 2))
    return band_h


def card_problems(comp: Component, look: Look) -> list[str]:
    """What will not fit on this card face (for validate): a title too long for its band (two lines
    at the smallest title size)."""
    w, h = comp.size_mm
    if look.rotate % 180 == 90:
        w, h = h, w
    if _is_plain_back(look) and not look.as_front:
        return []
    room = w - PAD_MM - PAD_MM - (8.0 if look.value else 0.0)
    if not _fits_lines(look.title or "", room, TITLE_MIN_PT, look.title_fonts, 2):
        return [_title_problem(look.title, widest(look.title or "", TITLE_MIN_PT, look.title_fonts, "bold"), room)]
    return []


def under_band(comp: Component, look: Look, front: bool) -> list[tuple[Any, str]]:
    """The elements of a card's ``front`` (or back laid out like one) that its title band hides (drawn
    over them): each box, picture, table, track or icon lying more than half under the band, each
    text whose baseline lies in it, and what to say of it. A picture or frame behind the whole card
    lies only partly under it, as it is meant to."""
    if look.band == NO_BAND or not look.elements or (not front and _is_plain_back(look)):
        return []
    from ..elements.checks import box_text, painted_mm  # a card with elements only

    w, h = comp.size_mm
    if look.rotate % 180 == 90:
        w, h = h, w
    band_h = _band_height(deck_title(comp, look.title_fonts), h)
    top, bottom = -h / 2, -h / 2 + band_h  # elements are placed from the card's centre
    out = []
    for el in look.elements:
        if el.get("type") == "text":
            out.extend(_text_under_band(el, top, bottom, w, band_h))
            continue
        box = painted_mm(el)
        if box is None or box[2] <= box[0] or box[3] <= box[1]:
            continue
        x0, y0, x1, y1 = box
        deep = min(y1, bottom) - max(y0, top)
        wide = min(x1, w / 2) - max(x0, -w / 2)
        if deep > 0 and wide > 0 and deep * wide > (x1 - x0) * (y1 - y0) / 2:
            out.append((el, f"this {el.get('type')} ({box_text(box)}) lies "
                            f"{deep:.1f} mm under the card's title band (its top {band_h:.1f} mm), which "
                            f"is drawn over a card's elements: move it down (at_mm), or give the face band: none "
                            f"to draw the card by its elements alone"))
    return out


def _text_under_band(el: Any, top: float, bottom: float, w: float, band_h: float) -> list[tuple[Any, str]]:
    """A text element whose (first) baseline lies in the band: the letters above it are hidden."""
    from ..elements.checks import anchor_mm  # a card with elements only

    at = anchor_mm(el)
    try:
        size_pt = float(el.get("size_pt", 10))
    except (TypeError, ValueError):
        return []
    if at is None:
        return []
    x, y = at
    if el.get("rotate") or not (top < y <= bottom and -w / 2 < x < w / 2):
        return []
    below = bottom + size_pt * MM_PER_PT * CAP_EM  # the baseline that keeps its capitals clear
    return [(el, f"this text (its baseline at x {x:g} mm, y {y:g} mm) lies under the card's title band (its "
                 f"top {band_h:.1f} mm), which is drawn over a card's elements: move it down (at_mm: a baseline "
                 f"at y {below:.1f} mm or lower), or give the face band: none to draw the card by its elements "
                 f"alone")]


CAP_EM = 0.73  # a capital's height in ems (DejaVu Sans's, the default face)
TITLE_MAX_PT = ROLES_PT["heading"]  # 11 pt
BODY_PT = ROLES_PT["card_body"]  # 8.5 pt: a card's text at its largest
TITLE_LEAD = 1.1  # baseline to baseline of a two-line title, in ems
NO_BAND = "none"  # band: none: no title band (a Squib or nanDECK card, drawn by its elements)
TITLE_PAD_MM = 1.2  # the band's margin above and below a two-line title


def deck_title_pt(comp: Component, family: Mapping[str, str]) -> float:
    """One title size for the whole deck (see :func:`deck_title`)."""
    return deck_title(comp, family)[0]


def deck_title(comp: Component, family: Mapping[str, str]) -> tuple[float, int]:
    """One title size and band for the whole deck, so titles do not shrink card by card: the largest
    size at which its longest title fits its band on one line (not below TITLE_MIN_PT); when that is
    smaller than the card's body text, the band takes two lines (a title wraps at its spaces) at the
    largest type-scale step at which every title fits in two. Returns (pt, lines in the band)."""
    fam = family_key(family)
    known = _DECK_PT.get(id(comp))
    if known is not None and known[0] is comp and known[1] is comp.items and known[2] == fam \
            and known[4] == len(comp.items):
        return known[3]
    titles = tuple((str(item.face.get("title") or item.name), bool(item.face.get("value"))) for item in comp.items)
    size = _deck_title_pt(comp.size_mm[0], titles, fam)
    if len(_DECK_PT) > 64:
        _DECK_PT.clear()
    _DECK_PT[id(comp)] = (comp, comp.items, fam, size, len(comp.items))
    return size


# the deck's title size per component, worked out once per deck rather than once per card (each
# card of a 10,800-card deck would otherwise walk all 10,800 titles): id -> (comp, items, family,
# (pt, lines), count)
_DECK_PT: dict[int, tuple] = {}


def _title_room(width: float, has_value: bool) -> float:
    return width - PAD_MM - (PAD_MM + 8.0 if has_value else PAD_MM)


def _fits_lines(title: str, room: float, size: float, family, lines: int) -> bool:
    """Whether ``title`` wraps at its spaces into at most ``lines`` lines no wider than ``room``."""
    if not title:
        return True
    if not MARKUP.search(title):  # one paragraph of plain words: on one line, the wrap keeps them there
        if _clearly_fits(title, size, family, room) or widest(title, size, family, "bold") <= room:
            return True
    got = wrap(title, room, size, family, "bold")
    return len(got) <= lines and all(width <= room + 0.05 for _, width in got)


def _clearly_fits(title: str, size: float, family, room: float) -> bool:
    """Whether a title with no markup is clearly narrower than ``room`` in bold on one line, by its
    width as one string: a sum of the same glyph widths as its words' and spaces' (equal up to the
    last bits; never less, spaces doubled). Measured without laying out its words, nor keeping a
    width per word (the titles of a deck are new on every card)."""
    return fresh_width_mm(title, size, family.get("bold", "bold")) <= room - 1e-6


@lru_cache(maxsize=256)
def _deck_title_pt(width: float, titles: tuple[tuple[str, bool], ...], family: tuple) -> tuple[float, int]:
    fam = dict(family) if family else DEFAULT_FAMILY
    size = TITLE_MAX_PT
    for title, has_value in titles:
        room = _title_room(width, has_value)
        plain = not MARKUP.search(title)
        while size > TITLE_MIN_PT and not (plain and _clearly_fits(title, size, fam, room)) \
                and widest(title, size, fam, "bold") > room:
            size = max(TITLE_MIN_PT, size - 0.25)
    if snap(size) >= BODY_PT:
        return size, 1
    # two lines only where they give a larger size than one (or where one line does not fit at all)
    one_fits = all(widest(title, size, fam, "bold") <= _title_room(width, has_value) + 0.05
                   for title, has_value in titles)
    floor = snap(size) + 0.01 if one_fits else TITLE_MIN_PT
    for step in sorted((p for p in STEPS_PT if floor <= p <= TITLE_MAX_PT), reverse=True):
        if all(_fits_lines(title, _title_room(width, has_value), step, fam, 2) for title, has_value in titles):
            return step, 2
    return size, 1


def _title_problem(title: str, wide: float, room: float) -> str:
    return (f"the title {title!r} is {wide:.1f} mm wide at {TITLE_MIN_PT:g} pt and does not fit two lines of "
            f"the card's {room:.1f} mm title band: shorten it")


def _front_text(s: Surface, look: Look, w: float, h: float, band: str, band_h: float, deck: tuple[float, int],
                game: Game | None) -> None:
    icons = game.icons if game is not None else {}
    left = _band_value(s, look, band, band_h, icons)
    _band_title(s, look, w, band_h, ink_for(band), deck, left, icons)
    fam = look.fonts
    y = band_h + 2.0
    if look.subtitle:
        line = wrap(look.subtitle, 1e9, 7.5, fam, "italic")[0]
        draw_line(s, w / 2, y + 3.0, line, 7.5, ink=look.ink, family=fam, anchor=Anchor.MIDDLE, icons=icons)
        y += 4.5
    if look.icon:
        icon_mm = min(w * 0.32, h * 0.2) * look.icon_scale
        draw_icon(s, list(look.icon), w / 2, y + icon_mm / 2, icon_mm, look.ink)
        y += icon_mm + 1.5
    foot_h = 4.5 if (look.footer or look.cue) else 0.0
    _card_body(s, look, (w, h), y, h - SAFE_MM - foot_h, icons)
    if look.footer:
        # the baseline sits so the lowest descender is SAFE_MM clear of the cut
        room = w - 2 * PAD_MM - (6.0 if look.cue else 0.0)
        fsize = shrink_to(look.footer, room, 6.0, MIN_PT, fam, "italic")
        draw_line(s, w / 2, h - SAFE_MM - fsize * MM_PER_PT * 0.24, wrap(look.footer, 1e9, fsize, fam, "italic")[0],
                  fsize, ink=mix(look.ink, look.fill, 0.35), family=fam, anchor=Anchor.MIDDLE, icons=icons)
    if look.cue:  # the letter 2 mm tall in its shape, in the player's colours, outlined in the card's ink
        r = max(2.4, cue_radius_mm(look.cue.shape, CUE_MIN_CAP_MM))
        cx, cy = w - PAD_MM - r, h - SAFE_MM - r
        s.draw(shape_path(look.cue.shape, cx, cy, r + 0.2), Style(fill=look.ink))
        draw_cue(s, look.cue.shape, look.cue.cue, cx, cy, r, look.cue.fill, look.cue.ink)


def _band_value(s: Surface, look: Look, band: str, band_h: float, icons: Any) -> float:
    """The value at the start of the title band, in the band's colour on a white disc's place; returns
    where the title may start."""
    if not look.value:
        return PAD_MM
    tfam = look.title_fonts
    vsize = shrink_to(look.value, 5.6, 10.0, MIN_PT, tfam, "bold")
    vy = band_h / 2 + 0.4 + vsize * MM_PER_PT * 0.36
    if not draw_plain(s, PAD_MM + 3.2, vy, look.value, vsize, ink=band, family=tfam, base="bold",
                      anchor=Anchor.MIDDLE):
        draw_line(s, PAD_MM + 3.2, vy, wrap(look.value, 1e9, vsize, tfam, "bold")[0], vsize, ink=band,
                  family=tfam, anchor=Anchor.MIDDLE, icons=icons)
    return PAD_MM + 8.0


def _band_title(s: Surface, look: Look, w: float, band_h: float, band_ink: str, deck: tuple[float, int],
                left: float, icons: Any) -> None:
    """The title in the band: the deck's one size, on one line or wrapped at its spaces."""
    title = look.title or ""
    if not title:
        return
    tfam = look.title_fonts
    size, lines = deck
    room = w - left - PAD_MM
    x = left + room / 2 if not look.value else left
    anchor = Anchor.MIDDLE if not look.value else Anchor.START
    if lines == 1:
        wide = None  # its width, where needed: to warn of it, or to centre it
        if anchor != Anchor.START or MARKUP.search(title) or not _clearly_fits(title, size, tfam, room + 0.05):
            wide = widest(title, size, tfam, "bold")
            if wide > room + 0.05:
                warn(look.where, _title_problem(title, wide, room))
        ty = band_h / 2 + size * MM_PER_PT * 0.36 + 0.4
        if not draw_plain(s, x, ty, title, size, ink=band_ink, family=tfam, base="bold", anchor=anchor, width=wide):
            draw_line(s, x, ty, wrap(title, 1e9, size, tfam, "bold")[0], size, ink=band_ink, family=tfam,
                      anchor=anchor, icons=icons)
        return
    rows = wrap(title, room, size, tfam, "bold")  # wrapped at its spaces, the lines centred together on the band
    if not _fits_lines(title, room, size, tfam, lines):
        warn(look.where, _title_problem(title, widest(title, size, tfam, "bold"), room))
    lead = size * MM_PER_PT * TITLE_LEAD
    first = band_h / 2 + 0.4 + size * MM_PER_PT * 0.36 - lead * (len(rows) - 1) / 2
    for k, row in enumerate(rows):
        draw_line(s, x, first + k * lead, row, size, ink=band_ink, family=tfam, anchor=anchor, icons=icons)


def _card_body(s: Surface, look: Look, size: tuple[float, float], y: float, bottom: float, icons: Any) -> None:
    """The flavour, the text and the sections between the icon and the footer."""
    w, h = size
    fam = look.fonts
    sections = []
    if look.flavour:
        sections.append({"text": look.flavour, "italic": True})
    if look.text:
        sections.append({"text": look.text})
    sections.extend(look.sections)
    if sections and look.sections:
        draw_sections(s, sections, PAD_MM, y, w - 2 * PAD_MM, bottom - y, max_pt=8.5, min_pt=MIN_PT + 0.5,
                      ink=look.ink, family=fam, icons=icons, where=look.where)
    elif sections:  # a flavour and a text: often the same on many cards, drawn once and placed again
        content = ("card text", look.flavour, look.text)
        box_w, box_h = w - 2 * PAD_MM, bottom - y
        check_sections(sections, box_w, box_h, max_pt=8.5, min_pt=MIN_PT + 0.5, family=fam, where=look.where,
                       content=content)
        s.repeat(repr(("card text", look.flavour, look.text, y, box_w, box_h, look.ink, family_key(fam))),
                 (-w, -h, 2 * w, 2 * h),  # room for text that runs past its box (warned about above)
                 lambda t: draw_sections(t, sections, PAD_MM, y, box_w, box_h, max_pt=8.5, min_pt=MIN_PT + 0.5,
                                         ink=look.ink, family=fam, icons=icons, where=None, content=content))


def _is_plain_back(look: Look) -> bool:
    """A deck back: at most a title, an icon, a pattern and a picture. Anything more (text,
    sections, a value...) makes it a second face, laid out like a front."""
    return not (look.as_front or look.subtitle or look.text or look.value or look.footer or look.flavour
                or look.sections or (look.band and look.band != NO_BAND))


def draw_card_back(s: Surface, comp: Component, look: Look, bleed_mm: float, game: Game | None = None) -> None:
    if not _is_plain_back(look):
        draw_card_front(s, comp, look, bleed_mm, game)
        return
    with s.saved():
        w, h = _frame(s, comp, look)
        s.translate(-w / 2, -h / 2)
        _ground(s, look, w, h, bleed_mm, game)
        inset = 4.0
        if not look.no_frame:  # stroke: none: the back as the designer drew it, no frame of ours
            colour, width = look.cut if look.cut else (look.outline or look.ink, 1.2 if look.outline else 0.6)
            s.draw(Path.rounded_rect(inset, inset, w - 2 * inset, h - 2 * inset, 2.5), Style(stroke=colour,
                                                                                          width_mm=width))
        cy = h / 2
        if look.icon:
            size = w * 0.45 * look.icon_scale
            s.circle(w / 2, cy - 4, size * 0.62, Style(fill=look.fill))
            draw_icon(s, list(look.icon), w / 2, cy - 4, size, look.ink)
            cy += size / 2 + 4
        if look.title:
            tfam = look.title_fonts
            size = shrink_to(look.title, w - 2 * inset - 4, 16.0, 7.0, tfam, "bold", step=0.5)
            draw_line(s, w / 2, cy + size / PT_PER_MM * 0.35, wrap(look.title, 1e9, size, tfam, "bold")[0], size,
                      ink=look.ink, family=tfam, anchor=Anchor.MIDDLE, icons=game.icons if game is not None else {})
