"""Coordinates the way the source tool gave them (issue 37): a component's ``units: px`` (with its
``dpi``) or ``units: in``, and its ``origin``, make every number of its elements' ``*_mm`` keys that
unit, measured from the top-left corner of the layout (Squib's: the card with its bleed round it), as
the designer copied them from Squib or nanDECK. They are turned into pnpforge's millimetres, from the
face's centre (a card or piece) or the board's top-left corner, before anything else reads them."""

from __future__ import annotations

import math
from typing import Any

from ..source.yamlsrc import YList, YMap

MM_PER = {"in": 25.4}
ABSOLUTE = ("at_mm", "to_mm")  # positions: moved to pnpforge's origin; every other *_mm is a length


def scale_of(spec: YMap) -> float | None:
    """Millimetres per unit of a component's ``units`` (None: millimetres already)."""
    units = spec.get("units", "mm")
    if units == "px":
        dpi = spec.get("dpi", 300)
        if type(dpi) not in (int, float) or not 0 < dpi < math.inf:
            return None  # read before the checks: the check refuses it at its line ("dpi: ...")
        return 25.4 / dpi
    return MM_PER.get(str(units))


def prescale(doc: Any, errors: list) -> None:
    """Before a game file is checked: every component with ``units: px`` or ``in`` has its elements'
    numbers turned into millimetres from the cut's top-left corner (its ``origin`` taken off), so the
    checks read millimetres. A ``{{ }}`` template in such a number is refused: it is read after the
    checks, in millimetres."""
    from ..base.errors import DataError

    if not isinstance(doc, YMap) or not isinstance(doc.get("components"), list):
        return
    for spec in doc["components"]:
        if not isinstance(spec, YMap) or scale_of(spec) is None:
            continue
        k = scale_of(spec)
        assert k is not None
        origin = spec.get("origin") or [0, 0]
        if not (isinstance(origin, list) and all(isinstance(v, (int, float)) for v in origin[:2])):
            continue  # the check says what is wrong with it
        ox, oy = (float(v) * k for v in origin[:2])
        for el in _elements(spec):
            for node, key in _templated(el):
                errors.append(DataError(f"{key}: a {{{{ }}}} template is read in millimetres, after this "
                                        f"component's units: {spec.get('units')} are turned into them; give "
                                        f"a number here", *_where(node, key)))
            _element(el, k, (ox, oy))


def centre(spec: YMap, size_mm: tuple[float, float]) -> None:
    """A card's or piece's elements given in ``units`` (now mm from the cut's top-left corner) moved to
    pnpforge's origin for a face, its centre."""
    if scale_of(spec) is None:
        return
    for el in _elements(spec):
        _element(el, 1.0, (size_mm[0] / 2, size_mm[1] / 2))


def _elements(spec: YMap) -> list[Any]:
    faces = [spec, spec.get("face"), spec.get("back")]
    for item in spec.get("items") or []:
        faces += [item, item.get("back") if isinstance(item, YMap) else None]
    return [el for face in faces if isinstance(face, YMap) and isinstance(face.get("elements"), list)
            for el in face["elements"]]


def _templated(el: Any) -> list[tuple[Any, str]]:
    """(mapping, key) of each *_mm value of an element that holds a {{ }} template."""
    out = []
    if isinstance(el, YMap):
        for key, value in el.items():
            if isinstance(key, str) and key.endswith("_mm") and "{{" in repr(value):
                out.append((el, key))
            elif isinstance(value, (YMap, YList)):
                for part in (value.values() if isinstance(value, YMap) else value):
                    out += _templated(part) if isinstance(part, YMap) else []
    return out


def _where(node: Any, key: str) -> tuple[str, int | None]:
    return getattr(node, "file", "<string>"), node.line_of(key) if hasattr(node, "line_of") else None


def _element(el: Any, k: float, origin: tuple[float, float]) -> None:
    """An element's *_mm numbers times ``k``, its positions (at_mm, to_mm) less ``origin`` after."""
    if not isinstance(el, YMap):
        return
    for key, value in list(el.items()):
        if key == "elements" and isinstance(value, list):  # a group's: placed as they are alone
            for child in value:
                _element(child, k, origin)
        elif isinstance(key, str) and key.endswith("_mm") and (k != 1.0 or key in ABSOLUTE):
            el[key] = _scaled(value, k, origin if key in ABSOLUTE else None)
        elif isinstance(value, YMap) and k != 1.0:
            _lengths(value, k)
        elif isinstance(value, YList) and k != 1.0:
            for part in value:
                if isinstance(part, YMap):
                    _lengths(part, k)


def _lengths(node: YMap, k: float) -> None:
    """A nested mapping's own *_mm numbers (a hexside's width, a link's offset) scaled."""
    for key, value in list(node.items()):
        if isinstance(key, str) and key.endswith("_mm"):
            node[key] = _scaled(value, k, None)
        elif isinstance(value, YMap):
            _lengths(value, k)


def _scaled(value: Any, k: float, origin: tuple[float, float] | None) -> Any:
    """A number or a (nested) list of numbers times ``k``; a position less the origin."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value * k
    if isinstance(value, list):
        if origin is not None and len(value) >= 2 and all(isinstance(v, (int, float)) for v in value[:2]):
            return [value[0] * k - origin[0], value[1] * k - origin[1], *(_scaled(v, k, None) for v in value[2:])]
        return [_scaled(v, k, None) for v in value]
    return value
