"""A game's own icons beyond shapes: a picture file of the designer's (``wood: art/wood.svg``), printed in
its own colours wherever the icon prints, and another icon in a colour of its own (``ore: {icon: stone,
colour: "#8b5a2b"}``), so an inline ``{icon:ore}`` keeps its colour in black text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..art.colour import ink_for
from ..base.errors import DataError
from ..source.yamlsrc import YMap
from .files import inside_folder
from .ids import norm


def resolve_own_icons(own: dict[str, Any], icons: Any, folder: Path, where: dict[str, tuple[YMap, Any]],
               errors: list[DataError]) -> None:
    """A game's icons that are picture files, or other icons in a colour of their own, as shapes (in place)."""
    for name, value in list(own.items()):
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            path, why = inside_folder(folder, value)
            if path is not None:
                from ..source.pictures import check_image  # a picture: read only if named

                why = check_image(path) or ""
            if why:
                owner, key = where[name]
                errors.append(owner.error(f"icons.{name}: {why}", key))
                own.pop(name)
                continue
            own[name] = [{"picture": str(path)}]
    for name, value in list(own.items()):
        if isinstance(value, YMap):
            other = norm(str(value.get("icon")))
            base = own.get(other) if other != name else None
            if base is None or isinstance(base, dict):
                base = icons.get(other) if other not in own else base
            if not isinstance(base, list):
                errors.append(value.error(f"icons.{name}: no icon {value.get('icon')!r} to draw in its own colour "
                                          f"(the game's own or a shared one, not another recoloured icon)", "icon"))
                own.pop(name)
                continue
            own[name] = recolour(base, str(value["colour"]))
            icons.forget()  # looked up the shared icons: read them again with this one

def recolour(shapes: list[Any], colour: str) -> list[dict[str, Any]]:
    """An icon's shapes with every part drawn in the text's ink drawn in ``colour`` instead."""
    out = []
    for shape in shapes:
        shape = dict(shape)
        if "picture" in shape:
            return [shape]
        fill = shape.get("fill", "ink" if "stroke" not in shape else "none")
        for key, paint in (("fill", fill), ("stroke", shape.get("stroke"))):
            if paint in ("ink", "player"):
                shape[key] = colour
            elif paint == "contrast":
                shape[key] = ink_for(colour)
        out.append(shape)
    return out
