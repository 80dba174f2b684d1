"""What only the drawing side can tell about a game's data, for :func:`generator.build.loading.load_game`
to hand to the model's reader: whether a picture or a font file can be used, and whether each face's
text fits as the build lays it out. (The model reads and checks the data without knowing how it is
drawn; see :class:`generator.model.load.DrawingChecks`.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..art.glyphs import face_warnings
from ..art.richtext import DEFAULT_FAMILY, rich_width
from ..base import notices
from ..base.errors import DataError
from ..draw.fonts import check_font_file
from ..draw.fonts import text_width_mm as plain_width_mm
from ..model import Game
from ..model.colourcheck import text_problem
from ..model.kinds import Family
from ..source.yamlsrc import YMap
from .look import Look, resolve


def image_problem(path: Path, folder: Path) -> str | None:
    """Why this picture (in the game ``folder``) cannot be drawn, or None."""
    from ..source.pictures import check_image  # a picture: read only if named

    return check_image(path, folder)


def font_problem(path: Path) -> str | None:
    """Why this file cannot be a game font, or None."""
    return check_font_file(path)


def text_width_mm(text: str, size: float, font: str) -> float:
    """The widest line of a text element as printed: its markup (**bold**, *italic*) not counted, an
    inline {icon:...} as wide as the icon prints."""
    if "*" not in text and "{" not in text and "\\" not in text:
        return max(plain_width_mm(line, size, font) for line in text.split("\n"))
    return rich_width(text, size, DEFAULT_FAMILY, font if font in DEFAULT_FAMILY else "regular")


TEXT_KEYS = ("title", "subtitle", "value", "text", "flavour", "footer", "sections")


def _colour_line(comp: Any, side: str, face: dict[str, Any], item_line: tuple[str, int]) -> tuple[str, int]:
    """Where a face's ink (or fill) is written: the component's face or back where the item takes it
    from there, else the item."""
    shared = comp.spec.get(side) if isinstance(comp.spec, dict) else None
    if isinstance(shared, YMap):
        for key in ("ink", "fill"):
            if key in shared and shared.get(key) == face.get(key):
                return shared.file, shared.line_of(key)
    return item_line


def _said(game: Game, problem: str, where: tuple[str, int]) -> None:
    game.warnings.append(DataError(problem, *where))  # said once: read_game drops a repeated warning


def _accepted(game: Game, ink: str, fill: str) -> bool:
    accepted = game.accepted_colours
    return accepted is not None and accepted.covers((ink,), (fill,))


def _text_contrast(game: Game, look: Look, where: tuple[str, int]) -> None:
    """Text a player cannot read on its ground: the face's own text on its fill, a text element in
    its own ink on the face, a box's label on the box (colourcheck.text_problem: WCAG 2.1 AA)."""
    if any(getattr(look, key, None) for key in TEXT_KEYS):
        why = text_problem(look.ink, look.fill)
        if why is not None and not _accepted(game, look.ink, look.fill):
            _said(game, f"the face's {why}; change its ink or fill, or accept the pair with why "
                        f"(accepted_colours:)", where)
    _elements_contrast(game, list(look.elements), look.fill, where)


def _elements_contrast(game: Game, elements: list[Any], fill: str, where: tuple[str, int]) -> None:
    for i, el in enumerate(elements):
        if isinstance(el, dict):
            _element_contrast(game, el, _ground(elements[:i], el, fill), where)


def _box_of(el: Any) -> tuple[float, float, float, float] | None:
    """x0, y0, x1, y1 in mm of a filled box or polygon (what a text drawn after it may sit on)."""
    try:
        x, y = float(el["at_mm"][0]), float(el["at_mm"][1])
        if el.get("type") == "box":
            w, h = float(el["size_mm"][0]), float(el["size_mm"][1])
            return (x, y, x + w, y + h)
        if el.get("type") == "polygon":
            xs = [x + float(p[0]) for p in el["points_mm"]]
            ys = [y + float(p[1]) for p in el["points_mm"]]
            return (min(xs), min(ys), max(xs), max(ys))
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return None


def _ground(before: list[Any], el: dict[str, Any], fill: str) -> str:
    """The colour a text element is printed on: the last filled box or polygon drawn before it under
    its anchor, else the face's or board's fill."""
    try:
        x, y = float(el["at_mm"][0]), float(el["at_mm"][1])
    except (KeyError, TypeError, ValueError, IndexError):
        return fill
    for under in reversed(before):
        box = _box_of(under) if isinstance(under, dict) and _hex(under.get("fill")) else None
        if box is not None and box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            return str(under["fill"])
    return fill


def _element_contrast(game: Game, el: dict[str, Any], ground: str, where: tuple[str, int]) -> None:
    kind, ink = el.get("type"), el.get("ink")
    fill = el.get("fill") if kind == "box" and _hex(el.get("fill")) else ground
    if kind not in ("text", "box") or not _hex(ink) or not _hex(fill) or \
            not (el.get("text") if kind == "text" else el.get("label")):
        return
    why = text_problem(str(ink), str(fill), float(el.get("size_pt", 10)) if kind == "text" else 7.0,
                       el.get("font") == "bold")
    if why is not None and not _accepted(game, str(ink), str(fill)):
        place = (getattr(el, "file", where[0]), getattr(el, "line", where[1])) if getattr(el, "line", 0) else where
        _said(game, f"this {kind}'s {why}; change its ink, or accept the pair with why (accepted_colours:)",
              place)


def _hex(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 7 and value.startswith("#")


def _board_contrast(game: Game) -> None:
    """A board's text elements on the board's ground."""
    for comp in game.components:
        if comp.family != Family.BOARD:
            continue
        look = resolve(game, dict(comp.spec.get("face") or {}), None)
        _elements_contrast(game, list(comp.spec.get("elements") or []), look.fill, (comp.file, comp.line))


def _drawn_warnings(game: Game, elements: list, ink: str) -> None:
    """What drawing ``elements`` finds (a box's text too long at its smallest size), said now, so that
    validate says what build will: drawn on a surface that keeps nothing."""
    from ..draw.null import NullSurface  # only for a face or board with elements
    from ..elements import draw_elements

    pending = notices.take()  # the warnings noted so far stay noted, after these
    surface = NullSurface()
    for el in elements:
        try:
            draw_elements(surface, game, [el], ink)
        except Exception:  # noqa: BLE001 - an element the checks refuse (a link without to:) is said by them;
            continue  # what only the drawing finds of the others is all this looks for
    game.warnings.extend(notices.take())  # a repeat of one said before is dropped where read_game ends
    for w in pending:
        notices.warn((w.file, w.line), w.message)


def _band_warnings(game: Game, comp: Any, look: Look, front: bool, noted: set[tuple]) -> None:
    """A card's elements hidden under its title band, each said once at the element (a layout's
    element at the first row that shows it)."""
    if comp.family != Family.CARD:  # a card's title band
        return
    from .card import under_band  # cards with elements only

    for el, message in under_band(comp, look, front):
        place = getattr(el, "template_at", "") or (el.file, el.line)
        if (place, message) not in noted:
            noted.add((place, message))
            game.warnings.append(el.error(message, "at_mm"))


def fit_problems(game: Game, errors: list[DataError]) -> None:
    """Each distinct face laid out as the build will: a title too long for its piece, text that does
    not fit even at its smallest size (printed anyway, so a warning in ``game.warnings``); a piece too
    thin to hold its text at 5 pt is refused (an error in ``errors``)."""
    noted: set[tuple] = set()
    _board_contrast(game)
    for comp in game.components:  # a board's own elements
        if comp.family == Family.BOARD and comp.spec.get("elements") and not comp.spec.get("per_player"):
            # (a board per player is drawn once per colour, its {fill} and {cue} put in: not here)
            look = resolve(game, dict(comp.spec.get("face") or {}), None)
            _drawn_warnings(game, list(comp.spec["elements"]), look.ink)
    for comp in game.components:
        fit = comp.declaration.fit
        if fit is None:
            continue
        seen: set[str] = set()
        seen_faces: set[tuple] = set()  # a deck's items share one back dict: resolved once
        for item in comp.items:
            for side, face in (("face", item.face), ("back", item.back)):
                if face is None:
                    continue
                same = (id(face), item.colour.id if item.colour else None)
                if same in seen_faces:
                    continue
                seen_faces.add(same)
                look = resolve(game, face, item.colour)
                if look.key() in seen:
                    continue
                seen.add(look.key())
                face_warnings(game, look, item)
                _text_contrast(game, look, _colour_line(comp, side, face, (item.file, item.line)))
                if look.elements:
                    _drawn_warnings(game, list(look.elements), look.ink)
                    _band_warnings(game, comp, look, side == "face", noted)
                for problem in fit(comp, look, game):  # a repeat (each player's copy) is said once
                    said = DataError(problem, item.file, item.line)
                    (errors if "too thin" in problem else game.warnings).append(said)
