"""Ids as the data writes them: ``German``, ``INF``, ``Heavy Cavalry`` name a terrain, a player colour,
an item or an icon as well as ``german``, ``inf`` and ``heavy-cavalry`` do.

The one rule: **ids are compared ignoring case, with each run of spaces counted as one hyphen**.
``Heavy Cavalry``, ``heavy cavalry``, ``HEAVY  CAVALRY`` and ``heavy-cavalry`` are one id;
``heavy_cavalry`` is another (an underscore is kept). Internally every id is held in that compared
form (:func:`norm`), so definitions and references written either way meet, and two definitions that
the rule makes one are refused.

>>> norm("Heavy Cavalry"), norm("INF"), norm("light_woods")
('heavy-cavalry', 'inf', 'light_woods')
"""

from __future__ import annotations

import re
from typing import Any

from ..base.errors import DataError
from ..source.yamlsrc import YList, YMap

_ICON_REF = re.compile(r"\{icon:([^{}]{1,64})\}")
REF_KEYS = ("terrain", "icon")  # keys whose text names a terrain or an icon, wherever they are


def norm(text: str) -> str:
    """An id in its compared form."""
    if text.islower() and " " not in text:
        return text
    return "-".join(text.lower().split())


def normalise_keys(defs: dict[str, Any], what: str, errors: list[DataError]) -> dict[str, Any]:
    """``defs`` (terrain or icons by id) keyed by compared ids; two that the rule makes one are refused."""
    if all(norm(k) == k for k in defs):
        return defs
    out: dict[str, Any] = {}
    written: dict[str, str] = {}
    for key, value in defs.items():
        n = norm(key)
        if n in out:
            where = value if isinstance(value, (YMap, YList)) else None
            message = (f"{what} {key!r} and {written[n]!r} are one id (ids are compared ignoring case, spaces "
                       f"as hyphens); rename one")
            errors.append(where.error(message) if where is not None else DataError(message))
            continue
        out[n] = value
        written[n] = key
    return out


def canonical_refs(node: Any) -> None:
    """Every terrain, icon, player colour, player list and item id in ``node`` (a component), and every
    ``{icon:NAME}`` in its texts, in the compared form (in place)."""
    if isinstance(node, dict):
        for key, value in node.items():
            _canonical_value(node, key, value)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            kind = type(value)
            if kind is str:
                if "{icon:" in value:
                    node[i] = _icons_in_text(value)
            elif kind is not int and kind is not float and isinstance(value, (dict, list)):
                canonical_refs(value)


def _canonical_value(node: dict, key: Any, value: Any) -> None:
    kind = type(value)
    if kind is str:
        if key in REF_KEYS or key == "colour":
            if not (value.islower() and " " not in value) and not value.startswith("#"):
                node[key] = norm(value)
        elif "{icon:" in value:
            node[key] = _icons_in_text(value)
    elif kind is int or kind is float or kind is bool:
        return
    elif key == "players" and isinstance(value, list):
        for i, v in enumerate(value):
            if type(v) is str:
                value[i] = norm(v)
    elif isinstance(value, dict) or isinstance(value, list) and not _numbers(value):
        canonical_refs(value)


def _numbers(values: list) -> bool:
    """A point or a size ([x, y]): nothing in it to name an id."""
    return len(values) <= 4 and all(type(v) is int or type(v) is float for v in values)


def _icons_in_text(text: str) -> str:
    return _ICON_REF.sub(lambda m: "{icon:" + norm(m.group(1).strip()) + "}", text)
