"""The files a game names: how they are shown in messages, that they stay inside the game folder, its
fonts and pictures, and the inline icons its texts name, checked as the game is read; whether a
picture or a font file can be used only the drawing side can tell (:class:`DrawingChecks`, handed in
by :func:`generator.build.loading.load_game`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

from ..base.errors import DataError, show
from ..base.vocabulary import FONTS
from ..base.vocabulary import icons_in as found_in
from ..source.yamlsrc import YList, YMap
from .game import Game


def display_path(path: Path) -> str:
    """A short name for messages: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return rel if not rel.startswith("..") else str(path)


def inside_folder(folder: Path, rel: Any) -> tuple[Path | None, str]:
    """A file named in the data, resolved inside the game folder; (None, why) if it is not."""
    text = str(rel)
    if not text or os.path.isabs(text) or text.startswith("~"):
        return None, f"{text!r} must be a path inside the game folder, like art/forest.png"
    root = folder.resolve()
    path = (root / text).resolve()
    try:
        path.relative_to(root)
    except ValueError:
        return None, f"{text!r} leaves the game folder; pictures and fonts must live inside it"
    return path, ""


class DrawingChecks(Protocol):
    """What only the drawing side can check (:mod:`generator.components.problems`, handed in by
    :func:`generator.build.loading.load_game`): the model reads the data without knowing how it is drawn."""

    def image_problem(self, path: Path, folder: Path) -> str | None: ...

    def font_problem(self, path: Path) -> str | None: ...

    def fit_problems(self, game: Game, errors: list[DataError]) -> None: ...

    def text_width_mm(self, text: str, size_pt: float, font: str) -> float: ...


def svg_tinted(key: str, image: Any, elsewhere: bool = False) -> str:
    """The refusal of a tint (``key``) on an SVG picture; ``elsewhere``: the picture is named at another
    level than the tint (the component's face, an item)."""
    named = f"{show(image)} (the image it applies to here)" if elsewhere else show(image)
    return (f"{key}: recolours a PNG or JPEG picture; {named} is an SVG, whose own colours print (give its "
            f"shapes the colour in the file, or use a PNG)")


def read_fonts(main: YMap, folder: Path, errors: list[DataError], drawing: DrawingChecks | None
               ) -> tuple[dict[str, dict[str, str]], frozenset[str]]:
    """The game's own fonts: name -> {style: TrueType file}, each file checked to load (by ``drawing``),
    and the names of those refused."""
    out: dict[str, dict[str, str]] = {}
    refused: set[str] = set()
    fonts = main.get("fonts") or {}
    for name, value in fonts.items():
        where: Any = value if isinstance(value, YMap) else fonts
        files = dict(value) if isinstance(value, dict) else {"regular": value}
        resolved: dict[str, str] = {}
        for style, rel in files.items():
            path, why = inside_folder(folder, rel)
            if path is not None and drawing is not None:
                why = drawing.font_problem(path) or ""
            if why:
                errors.append(where.error(f"fonts.{name}{'.' + style if isinstance(value, dict) else ''}: {why}",
                                          style if isinstance(value, dict) else name))
                refused.add(str(name))
                continue
            resolved[style] = str(path)
        if resolved.get("regular"):
            out[name] = resolved
    return out, frozenset(refused)


def check_files(game: Game, spec: Any, errors: list[DataError], drawing: DrawingChecks | None) -> None:
    """Pictures, fonts and inline icons named anywhere in a component (pictures checked by ``drawing``)."""
    _FileCheck(game, errors, drawing).walk(spec)


class _FileCheck:
    def __init__(self, game: Game, errors: list[DataError], drawing: DrawingChecks | None):
        self.game, self.errors, self.drawing = game, errors, drawing

    def walk(self, spec: Any) -> None:
        if isinstance(spec, YMap):
            for key, value in spec.items():
                self.value(spec, key, value)
        elif isinstance(spec, list):
            for i, value in enumerate(spec):
                if isinstance(value, str) and isinstance(spec, YList):
                    self.unknown_icons(value, spec, i)
                else:
                    self.walk(value)

    def value(self, spec: YMap, key: Any, value: Any) -> None:
        if key == "image" and isinstance(value, (str, int, float)) and not isinstance(value, bool):
            self.image(spec, key, value)
        elif key in ("font", "title_font") and isinstance(value, str):
            self.font(spec, key, value)
        elif isinstance(value, str):
            self.unknown_icons(value, spec, key)
        else:
            self.walk(value)

    def image(self, spec: YMap, key: Any, value: Any) -> None:
        folder = Path(self.game.folder)
        path, why = inside_folder(folder, value)
        if path is not None and self.drawing is not None:
            why = self.drawing.image_problem(path, folder) or ""
        if why:
            self.errors.append(spec.error(f"image {show(value)}: {why}", key))
        tint = "tint" if "tint" in spec else "image_tint" if "image_tint" in spec else None
        if tint and str(value).lower().endswith(".svg"):
            self.errors.append(spec.error(svg_tinted(tint, value), tint))

    def font(self, spec: YMap, key: Any, value: str) -> None:
        element = "type" in spec  # an element may also name a built-in style
        if value in self.game.refused_fonts:
            return  # its file's problem is said at fonts:
        if value not in self.game.fonts and not (element and value in FONTS):
            known = ", ".join(sorted(self.game.fonts)) or "none: add fonts: to game.yaml"
            builtin = f"{', '.join(FONTS)} or " if element else ""
            self.errors.append(spec.error(f"unknown font {value!r}; use {builtin}a font named under "
                                          f"fonts: ({known})", key))

    def unknown_icons(self, text: str, where: YMap | YList, at: Any) -> None:
        for name in found_in(text) if "{" in text else []:  # {icon:NAME}
            if name not in self.game.icons:
                self.errors.append(where.error(f"unknown icon {{icon:{name}}} in the text; define it under "
                                               f"icons: (known: {', '.join(sorted(self.game.icons)) or 'none'})", at))
