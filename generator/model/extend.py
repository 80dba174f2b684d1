"""Reuse without repeating: a component may ``extend:`` another by id. It starts from the other's
kind, size, orientation, corners, bleed, player copies (per_player, players), face and back; its own
keys win, and its ``face:`` (and a ``back:`` mapping) are merged key by key over the other's, as an
item's face is merged over the component's. Items are never inherited: the new component lists its
own. A chain (A extends B extends C) works; a loop is an error.
"""

from __future__ import annotations

from typing import Any

from ..base.errors import DataError
from ..source.yamlsrc import YMap

SIZE_KEYS = ("size", "size_mm", "size_in")
INHERITED = ("kind", "orientation", "corner_mm", "bleed_mm", "per_player", "players")  # own keys win
MERGED = ("face", "back")


def _parent(spec: YMap, chain: tuple[str, ...], by_id: dict[str, Any], errors: list[DataError]) -> Any:
    """The component ``spec`` extends, or None (none, or a loop, or no such component: said)."""
    cid = spec.get("id")
    parent_id = spec.get("extend")
    if parent_id is None:
        return None
    if parent_id in chain or parent_id == cid:
        loop = " -> ".join((*chain, str(cid), str(parent_id)))
        errors.append(spec.error(f"extend makes a loop ({loop})", "extend"))
        return None
    parent = by_id.get(parent_id)
    if parent is None:
        from difflib import get_close_matches  # only for a problem

        hint = get_close_matches(str(parent_id), list(by_id), n=1, cutoff=0.75)
        extra = f" (did you mean {hint[0]!r}?)" if hint else ""
        errors.append(spec.error(f"extend: no component {parent_id!r}{extra}; known: "
                                 f"{', '.join(sorted(by_id))}", "extend"))
    return parent


def _extended(spec: YMap, base: Any, errors: list[DataError]) -> YMap:
    """``spec`` over the component it extends (``base``, itself resolved)."""
    merged = YMap()
    merged.file, merged.line = spec.file, spec.line
    merged.key_lines = dict(spec.key_lines)
    for key in INHERITED:
        if key in base and key not in spec:
            merged[key] = base[key]
    if not any(k in spec for k in SIZE_KEYS):
        for key in SIZE_KEYS:
            if key in base:
                merged[key] = base[key]
    for key, value in spec.items():
        merged[key] = value
    for key in MERGED:
        if key in base:
            merged[key] = _merge_map(base[key], spec[key]) if key in spec else base[key]
    kind_own, kind_base = spec.get("kind"), base.get("kind")
    if kind_own and kind_base and kind_own != kind_base:
        errors.append(spec.error(f"a {kind_own} cannot extend {spec.get('extend')!r}, a {kind_base}", "extend"))
    return merged


def _merge_map(base: Any, own: Any) -> Any:
    if not isinstance(base, dict) or not isinstance(own, dict):
        return own
    out = YMap()
    out.file = getattr(own, "file", getattr(base, "file", "<string>"))
    out.line = getattr(own, "line", 0)
    for src in (base, own):
        for key, value in src.items():
            out[key] = value
            if isinstance(src, YMap) and src.file == out.file:
                out.key_lines[key] = src.line_of(key)
    return out


def resolve_extends(specs: list[Any], errors: list[DataError]) -> list[Any]:
    """The component specs with every ``extend:`` applied (in the same order)."""
    by_id = {s["id"]: s for s in specs if isinstance(s, dict) and "id" in s}
    done: dict[str, Any] = {}

    def resolve(spec: Any, chain: tuple[str, ...]) -> Any:
        cid = spec.get("id")
        if cid in done:
            return done[cid]
        parent = _parent(spec, chain, by_id, errors)
        done[cid] = spec if parent is None else _extended(spec, resolve(parent, (*chain, cid)), errors)
        return done[cid]

    out = []
    for spec in specs:
        if not isinstance(spec, YMap):
            out.append(spec)
            continue
        resolved = resolve(spec, ())
        if "kind" not in resolved:
            errors.append(spec.error("missing required key 'kind' (or extend: another component)"))
            continue
        out.append(resolved)
    return out
