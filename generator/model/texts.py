"""Shared rule texts: a game names a phrase once under ``texts:`` in game.yaml, and any text in its
components prints it with ``{text:NAME}``. A rule worded on a board and on a card then comes from
one place and cannot drift apart (Lords of War's Valor and Honor on the hero board and the cards).

>>> from generator.source.yamlsrc import loads
>>> spec = loads("label: 'Valor: {text:valor}'\\n", "demo.yaml")
>>> errors = []
>>> substitute([spec], {"valor": "+1 for each enemy unit you destroy"}, errors)
>>> spec["label"], errors
('Valor: +1 for each enemy unit you destroy', [])
"""

from __future__ import annotations

import re
from typing import Any

from ..base.errors import DataError
from ..source.yamlsrc import YList, YMap

MAX_FILLED = 20_000  # characters in one text once its {text:NAME} are filled in (a field: 5,000)
PLACEHOLDER = re.compile(r"\{text:([A-Za-z0-9_-]+)\}")


def substitute(specs: list[Any], texts: dict[str, str], errors: list[DataError]) -> None:
    """Replace every ``{text:NAME}`` in ``specs`` (in place); an unknown NAME is a file:line error."""
    for spec in specs:
        _walk(spec, texts, errors)


def _walk(node: Any, texts: dict[str, str], errors: list[DataError]) -> None:
    if isinstance(node, dict):
        for key, value in list(node.items()):
            if type(value) is str and "{text:" not in value:  # most values: nothing to fill in
                continue
            node[key] = _value(value, texts, errors, node, key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            if type(value) is str and "{text:" not in value:
                continue
            node[i] = _value(value, texts, errors, node, i)


def _value(value: Any, texts: dict[str, str], errors: list[DataError], owner: Any, where: Any) -> Any:
    if not isinstance(value, str):
        _walk(value, texts, errors)
        return value
    if "{text:" not in value:
        return value

    def one(match: re.Match) -> str:
        name = match.group(1)
        if name in texts:
            return str(texts[name])
        known = ", ".join(sorted(texts)) or "none defined"
        if isinstance(owner, (YMap, YList)):
            errors.append(owner.error(f"unknown shared text {{text:{name}}} (texts: in game.yaml has {known})",
                                      where))
        return match.group(0)
    out = PLACEHOLDER.sub(one, value)
    if len(out) > MAX_FILLED:  # bounded work: a few placeholders must not make megabytes of text
        if isinstance(owner, (YMap, YList)):
            errors.append(owner.error(f"with its shared texts filled in this text has {len(out):,} characters, over "
                                      f"the limit of {MAX_FILLED:,} (see Limits in docs/data-format.md)", where))
        return value
    return out
