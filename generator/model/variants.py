"""``variants:`` in game.yaml and ``build --variant NAME``: a variant's keys merged over game.yaml's
top-level keys (a mapping into a mapping, key by key; anything else replaced)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..base.errors import DataError
from ..source.yamlsrc import YMap


def apply_variant(main: YMap, name: str | None, errors: list[DataError]) -> YMap:
    """game.yaml with the variant's keys merged over it (mappings key by key, anything else replaced)."""
    variants = main.get("variants") or {}
    if name is None:
        return main
    if name not in variants:
        from ..base.errors import UsageError  # only for a problem

        known = ", ".join(sorted(variants)) or "none (add variants: to game.yaml)"
        raise UsageError(f"no variant {name!r} in {main.file} (variants: {known})")
    over: Any = variants[name]  # a mapping as read from YAML (a YMap), or a wrong value
    if isinstance(over, YMap) and ("variants" in over or "format" in over):
        errors.append(over.error("a variant changes top-level keys of game.yaml other than variants and format"))
    return _deep_merge(main, over) if isinstance(over, dict) else main


def _deep_merge(base: YMap, over: dict) -> YMap:
    out = YMap()
    out.file, out.line = base.file, base.line
    for key, value in base.items():
        out[key] = value
        out.key_lines[key] = base.line_of(key)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), YMap):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
        out.key_lines[key] = over.line_of(key) if isinstance(over, YMap) else out.line
    return out


def variant_names(folder: Path) -> list[str]:
    """The variants game.yaml in ``folder`` names (none when it cannot be read: loading says why)."""
    from ..source.yamlsrc import load_yaml  # only when a game has variants

    try:
        doc = load_yaml(Path(folder) / "game.yaml", str(Path(folder) / "game.yaml"))
    except DataError:
        return []
    variants = doc.get("variants") if isinstance(doc, dict) else None
    return [str(k) for k in variants] if isinstance(variants, dict) else []
