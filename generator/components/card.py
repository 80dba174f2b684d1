"""Cards: a front with a title band, optional icon, flavour and effect text; a back with the deck's
art. Drawn centred on the origin like every other piece."""

from __future__ import annotations

from functools import lru_cache

from ..draw.fonts import text_width_mm
from ..draw.surface import MM_PER_PT, PT_PER_MM, Path, Style, Surface
from ..model import Component
from .art import draw_icon, ink_for, mix, pattern, shape_path
from .look import Look
from .textblock import draw_sections

PAD_MM = 3.5


def draw_card_front(s: Surface, comp: Component, look: Look, bleed_mm: float) -> None:
    w, h = comp.size_mm
    with s.saved():
        s.translate(-w / 2, -h / 2)
        s.rect(-bleed_mm, -bleed_mm, w + 2 * bleed_mm, h + 2 * bleed_mm, Style(fill=look.fill))
        band = look.band or mix(look.fill, look.ink, 0.75)
        band_h = max(9.0, h * 0.12)
        s.rect(-bleed_mm, -bleed_mm, w + 2 * bleed_mm, band_h + bleed_mm, Style(fill=band))
        band_ink = ink_for(band)
        left = PAD_MM
        if look.value:
            s.circle(PAD_MM + 3.2, band_h / 2 + 0.4, 3.2, Style(fill=band_ink))
            s.text(PAD_MM + 3.2, band_h / 2 + 0.4 + 1.3, look.value, size_pt=10, font="bold", fill=band,
                   anchor="middle")
            left = PAD_MM + 8.0
        title = look.title or ""
        size = deck_title_pt(comp)
        room = w - left - PAD_MM
        s.text(left + room / 2 if not look.value else left, band_h / 2 + size * MM_PER_PT * 0.36 + 0.4,
               title, size_pt=size, font="bold", fill=band_ink, anchor="middle" if not look.value else "start")
        y = band_h + 2.0
        if look.subtitle:
            s.text(w / 2, y + 3.0, look.subtitle, size_pt=7.5, font="italic", fill=look.ink, anchor="middle")
            y += 4.5
        if look.icon:
            icon_mm = min(w * 0.32, h * 0.2) * look.icon_scale
            draw_icon(s, list(look.icon), w / 2, y + icon_mm / 2, icon_mm, look.ink)
            y += icon_mm + 1.5
        foot_h = 5.0 if (look.footer or look.cue) else 1.0
        sections = []
        if look.flavour:
            sections.append({"text": look.flavour, "italic": True})
        if look.text:
            sections.append({"text": look.text})
        sections.extend(look.sections)
        if sections:
            draw_sections(s, sections, PAD_MM, y, w - 2 * PAD_MM, h - y - foot_h - PAD_MM * 0.6,
                          max_pt=8.5, min_pt=5.5, ink=look.ink)
        if look.footer:
            s.text(w / 2, h - PAD_MM + 0.6, look.footer, size_pt=6, font="italic",
                   fill=mix(look.ink, look.fill, 0.35), anchor="middle")
        if look.cue:
            cx, cy, r = w - PAD_MM - 2.5, h - PAD_MM - 1.5, 2.4
            s.draw(shape_path(look.cue.shape, cx, cy, r), Style(fill=look.cue.fill, stroke=look.ink, width_mm=0.2))
            s.text(cx, cy + 1.1, look.cue.cue, size_pt=7, font="bold", fill=look.cue.ink, anchor="middle")


TITLE_MAX_PT = 11.0
TITLE_MIN_PT = 6.5


def _title_room_mm(comp: Component, face: dict) -> float:
    w = comp.size_mm[0]
    left = PAD_MM + 8.0 if face.get("value") else PAD_MM
    return w - left - PAD_MM


@lru_cache(maxsize=256)
def _deck_title_pt(comp_id: str, titles: tuple[tuple[str, float], ...]) -> float:
    size = TITLE_MAX_PT
    for title, room in titles:
        while size > TITLE_MIN_PT and text_width_mm(title, size, "bold") > room:
            size -= 0.25
    return size


def deck_title_pt(comp: Component) -> float:
    """One title size for the whole deck: the largest at which its longest title fits its band,
    so titles do not shrink card by card."""
    titles = tuple((str(item.face.get("title") or item.name), _title_room_mm(comp, item.face)) for item in comp.items)
    return _deck_title_pt(comp.id, titles)


def draw_card_back(s: Surface, comp: Component, look: Look, bleed_mm: float) -> None:
    w, h = comp.size_mm
    with s.saved():
        s.translate(-w / 2, -h / 2)
        box = (-bleed_mm, -bleed_mm, w + bleed_mm, h + bleed_mm)
        s.rect(box[0], box[1], box[2] - box[0], box[3] - box[1], Style(fill=look.fill))
        with s.saved():
            s.clip(Path.rect(*box[:2], box[2] - box[0], box[3] - box[1]))
            pattern(s, look.pattern, box, look.pattern_colour, step_mm=4.0, width_mm=0.35)
        inset = 4.0
        s.draw(Path.rounded_rect(inset, inset, w - 2 * inset, h - 2 * inset, 2.5),
               Style(stroke=look.outline or look.ink, width_mm=1.2 if look.outline else 0.6))
        cy = h / 2
        if look.icon:
            size = w * 0.45 * look.icon_scale
            s.circle(w / 2, cy - 4, size * 0.62, Style(fill=look.fill))
            draw_icon(s, list(look.icon), w / 2, cy - 4, size, look.ink)
            cy += size / 2 + 4
        if look.title:
            size = 16.0
            while size > 7 and text_width_mm(look.title, size, "bold") > w - 2 * inset - 4:
                size -= 0.5
            s.text(w / 2, cy + size / PT_PER_MM * 0.35, look.title, size_pt=size, font="bold", fill=look.ink,
                   anchor="middle")
