"""``layouts:`` in game.yaml: named lists of elements, or named elements so that one can ``extends:``
another (``shift_mm`` moves it, ``grow_mm`` makes it larger, as Squib's ``+=``), and a layout can
``extends:`` another. Each is resolved once, at load, into a plain list of elements."""

from __future__ import annotations

from typing import Any, Iterable

from ..errors import DataError
from ..schema import check
from ..template import template_errors
from ..yamlsrc import YList, YMap
from . import format as fmt

SHIFTED = ("at_mm", "to_mm")  # moved by repeat's step_mm and an extending element's shift_mm


def resolve_layouts(docs: Iterable[YMap], errors: list[DataError]) -> dict[str, list[YMap]]:
    """Every ``layouts:`` entry as a plain list of elements, extends resolved."""
    written: dict[str, Any] = {}
    for doc in docs:
        for name, value in (doc.get("layouts") or {}).items():
            if name in written:
                errors.append((doc["layouts"]).error(f"layout {name!r} is defined twice", name))
                continue
            written[name] = value
    named: dict[str, list[tuple[str | None, YMap]]] = {}

    def named_of(name: str, chain: tuple[str, ...]) -> list[tuple[str | None, YMap]]:
        if name in named:
            return named[name]
        value = written[name]
        out: list[tuple[str | None, YMap]] = []
        if isinstance(value, list):
            out = [(None, el) for el in value]
        elif isinstance(value, dict):
            parent = value.get("extends")
            if parent is not None:
                if parent not in written:
                    errors.append(value.error(f"extends: no layout {parent!r} (layouts: "
                                              f"{', '.join(sorted(written))})", "extends"))
                elif parent in chain:
                    errors.append(value.error(f"layouts extend each other in a loop "
                                              f"({' -> '.join(chain + (parent,))})", "extends"))
                else:
                    out = list(named_of(parent, chain + (parent,)))
            own = {k: v for k, v in value.items() if k != "extends"}
            for key, el in own.items():
                if not isinstance(el, YMap):
                    errors.append(value.error(f"layout {name!r}: {key!r} should be an element (a mapping with "
                                              f"type:, at_mm: ...)", key))
                    continue
                check(el, fmt.LAYOUT_ELEMENT, errors, (el.file, el.line), f"layouts.{name}.{key}")
            elements = dict(out)
            resolved: dict[str, YMap | None] = {}

            def element(key: str, seen: tuple[str, ...]) -> YMap | None:
                if key not in resolved:  # each element once: a refusal is said once, however often it is named
                    resolved[key] = merge(key, seen)
                return resolved[key]

            def merge(key: str, seen: tuple[str, ...]) -> YMap | None:
                el = own.get(key)
                base = elements.get(key)
                if not isinstance(el, YMap):
                    return base
                parent_name = el.get("extends")
                if parent_name is not None:
                    if not isinstance(parent_name, (str, int)) or isinstance(parent_name, bool):
                        return None  # a list or a mapping: the format's check refuses it at its line
                    if parent_name in seen:
                        errors.append(el.error(f"elements extend each other in a loop "
                                               f"({' -> '.join(seen + (parent_name,))})", "extends"))
                        return None
                    if parent_name == key:
                        base_el = base
                    else:
                        base_el = element(parent_name, seen + (parent_name,)) if parent_name in own \
                            else elements.get(parent_name)
                    if base_el is None and parent_name in own:
                        return None  # an element refused itself (said at its line): not said again here
                    if base_el is None:
                        errors.append(el.error(f"extends: no element {parent_name!r} in layout {name!r}",
                                               "extends"))
                        return None
                    base = base_el
                return _merge_element(base, el)

            order = [k for k, _ in out if k is not None]
            unnamed = [(k, e) for k, e in out if k is None]
            final: list[tuple[str | None, YMap]] = list(unnamed)
            for key in order + [k for k in own if k not in elements]:
                el = element(key, (key,)) if key in own else elements[key]
                if el is not None:
                    final.append((key, el))
            out = final
        named[name] = out
        return out

    template_errors(written, errors)  # a layout's texts compile, used or not
    layouts: dict[str, list[YMap]] = {}
    for name in written:
        elements = named_of(name, (name,))
        for key, el in elements:
            for need in ("type", "at_mm"):
                if need not in el:
                    errors.append(el.error(f"layout {name!r}: element {key!r} needs {need} (or extends: another "
                                           f"element that has it)"))
        layouts[name] = [el for _, el in elements]
    return layouts


def _merge_element(base: YMap | None, own: YMap) -> YMap:
    out = YMap()
    out.file, out.line = own.file, own.line
    if base is not None:
        for key, value in base.items():
            out[key] = value
            out.key_lines[key] = base.line_of(key)
    shift = own.get("shift_mm")
    grow = own.get("grow_mm")
    for key, value in own.items():
        if key in ("extends", "shift_mm", "grow_mm"):
            continue
        out[key] = value
        out.key_lines[key] = own.line_of(key)
    if _pair(shift):
        for key in SHIFTED:
            point = out.get(key)
            if _pair(point):
                moved = YList([point[0] + shift[0], point[1] + shift[1]])
                moved.file, moved.line = own.file, own.line_of("shift_mm")
                out[key] = moved
    size = out.get("size_mm")
    if _pair(grow) and _pair(size):
        grown = YList([size[0] + grow[0], size[1] + grow[1]])
        grown.file, grown.line = own.file, own.line_of("grow_mm")
        out["size_mm"] = grown
    return out


def _pair(value: Any) -> bool:
    """Two numbers first (a point or a size to move or grow); anything else is left to the checks."""
    return isinstance(value, list) and len(value) >= 2 and \
        all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value[:2])
