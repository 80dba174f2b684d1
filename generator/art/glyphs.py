"""Characters a font cannot print: ``★`` in Vera prints as an empty box. Each is a warning naming the
text, the character and the font, at the face (or element) that holds it, once per text and font."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..base.errors import DataError
from ..source.yamlsrc import YMap

FACE_TEXTS = ("subtitle", "text", "flavour", "footer")  # in the body family (title and value: the title's)


def missing(text: str, font: str) -> list[str]:
    """The characters of ``text`` (its markup and icons left out) ``font`` has no glyph for."""
    from ..draw.fonts import covered
    from .richtext import plain  # circular: richtext checks glyphs as it sets text

    have = covered(font)
    seen: list[str] = []
    for ch in plain(text) if ("*" in text or "{" in text or "\\" in text) else text:
        if ord(ch) > 126 and ord(ch) not in have and not ch.isspace() and ch not in seen:
            seen.append(ch)
    return seen


def message(text: str, chars: list[str], font: str) -> str:
    from ..base.errors import show
    from ..draw.fonts import font_label  # circular: as above

    listed = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in chars[:5])
    return (f"{show(text, 40)}: {listed} {'is' if len(chars) == 1 else 'are'} not in the font {font_label(font)}; "
            f"{'it prints' if len(chars) == 1 else 'they print'} as an empty box: use a font that has "
            f"{'it' if len(chars) == 1 else 'them'} (fonts: in game.yaml), or give the font a fallback")


def look_problems(look: Any) -> list[str]:
    """Messages for a face's texts, each in the font it prints in."""
    from .richtext import DEFAULT_FAMILY  # circular: as above

    body = dict(look.family) if look.family else DEFAULT_FAMILY
    title = dict(look.title_family) if look.title_family else body
    out = []
    for text, fam, style in ((look.title, title, "bold"), (look.value, title, "bold"),
                             *((getattr(look, k), body, "regular") for k in FACE_TEXTS)):
        if text:
            out.extend(_one(str(text), fam, style))
    for sec in look.sections or ():
        if isinstance(sec, Mapping):
            for text in _section_texts(sec):
                out.extend(_one(text, body, "regular"))
    return out


def element_problems(game: Any, elements: Iterable[Any]) -> list[tuple[Any, str]]:
    """(element, message) for each element text its font cannot print."""
    from .richtext import named_fonts  # circular: as above

    out = []
    for el in elements or ():
        if not isinstance(el, Mapping):
            continue
        fam, base = named_fonts(game, el.get("font"))
        texts = [el.get(k) for k in ("text", "label") if el.get(k)]
        texts += [v for k in ("labels", "header") for v in (el.get(k) or []) if isinstance(v, str)]
        texts += [c for row in el.get("rows") or [] if isinstance(row, list) for c in row if isinstance(c, str)]
        for text in texts:
            for problem in _one(str(text), fam, base):
                out.append((el, problem))
    return out


def _one(text: str, fam: Mapping[str, str], style: str) -> list[str]:
    if text.isascii():
        return []
    font = fam.get(style, fam.get("regular", "regular"))
    chars = missing(text, font)
    if chars and fam.get("fallback"):
        chars = [ch for ch in chars if missing(ch, fam["fallback"])]
    return [message(text, chars, font)] if chars else []


def _section_texts(sec: Mapping[str, Any]) -> list[str]:
    out = [str(sec[k]) for k in ("heading", "text") if sec.get(k)]
    out += [str(b) for b in sec.get("bullets") or []]
    out += [str(c) for row in sec.get("rows") or [] if isinstance(row, list) for c in row]
    return out


def face_warnings(game: Any, look: Any, item: Any) -> None:
    """A character the face's font cannot print (it would be an empty box): a warning, once a text
    (a repeat, each item of a deck, is dropped where read_game ends)."""
    if look.key().isascii():  # every text in it plain ASCII, which every font here has
        return
    for problem in look_problems(look):
        game.warnings.append(DataError(problem, item.file, item.line))
    for el, problem in element_problems(game, look.elements):
        game.warnings.append(el.error(problem, "text") if isinstance(el, YMap) else
                             DataError(problem, item.file, item.line))
