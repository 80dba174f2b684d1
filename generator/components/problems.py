"""What only the drawing side can tell about a game's data, for :func:`generator.build.loading.load_game`
to hand to the model's reader: whether a picture or a font file can be used, and whether each face's
text fits as the build lays it out. (The model reads and checks the data without knowing how it is
drawn; see :class:`generator.model.load.DrawingChecks`.)"""

from __future__ import annotations

from pathlib import Path

from ..art.glyphs import face_warnings
from ..art.richtext import DEFAULT_FAMILY, rich_width
from ..base.errors import DataError
from ..draw.fonts import check_font_file
from ..draw.fonts import text_width_mm as plain_width_mm
from ..model import Game
from .look import resolve


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


def fit_problems(game: Game, errors: list[DataError]) -> None:
    """Each distinct face laid out as the build will: a title too long for its piece, text that does
    not fit even at its smallest size (printed anyway, so a warning in ``game.warnings``); a piece too
    thin to hold its text at 5 pt is refused (an error in ``errors``)."""
    noted: set[tuple] = set()
    for comp in game.components:
        fit = comp.declaration.fit
        if fit is None:
            continue
        seen: set[str] = set()
        seen_faces: set[tuple] = set()  # a deck's items share one back dict: resolved once
        for item in comp.items:
            for face in (item.face, item.back):
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
                face_warnings(game, look, item, noted)
                for problem in fit(comp, look, game):
                    if (item.file, item.line, problem) not in noted:  # once, not once per player
                        noted.add((item.file, item.line, problem))
                        (errors if "too thin" in problem else game.warnings).append(
                            DataError(problem, item.file, item.line))
