"""docs/data-format.md documents the whole format: every key of generator/model/format.py (the same
declarative source ``pnpforge validate`` and ``pnpforge schema`` use) is named there in code type,
every allowed word of a key (kinds, patterns, features...) appears, every element type has its row
in the elements table, and every shared icon is listed by name."""

from __future__ import annotations

import re

import yaml

from tests.conftest import ROOT

DOC = (ROOT / "docs" / "data-format.md").read_text()


def _walk(node, path, keys, values, seen):
    from generator.source.schema import ListOf, Map, MapOf, OneOf, Scalar, resolved

    node = resolved(node)
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, Map):
        for key, spec in node.keys.items():
            keys.setdefault(key, f"{path}.{key}")
            _walk(spec.schema, f"{path}.{key}", keys, values, seen)
        for _selector, target, options in node.cases:
            for name, sub in options.items():
                _walk(sub, f"{path}.{target}({name})", keys, values, seen)
    elif isinstance(node, ListOf):
        _walk(node.item, f"{path}[]", keys, values, seen)
    elif isinstance(node, MapOf):
        _walk(node.value, f"{path}.*", keys, values, seen)
    elif isinstance(node, OneOf):
        for option in node.options:
            _walk(option, path, keys, values, seen)
    elif isinstance(node, Scalar) and isinstance(node.json, dict) and "enum" in node.json:
        for value in node.json["enum"]:
            values.setdefault(str(value), path)


def _format():
    from generator.model import format as fmt

    keys: dict[str, str] = {}
    values: dict[str, str] = {}
    seen: set[int] = set()
    for name, root in (("game.yaml", fmt.GAME_FILE), ("part", fmt.PART_FILE), ("icons.yaml", fmt.ICONS_FILE)):
        _walk(root, name, keys, values, seen)
    return keys, values


def _code_words() -> set[str]:
    """Words written as code: in fenced blocks and `inline code`."""
    code = "\n".join(re.findall(r"```.*?```", DOC, re.S) + re.findall(r"`([^`\n]+)`", DOC))
    return set(re.findall(r"[A-Za-z_][\w-]*", code))


def test_the_walk_finds_the_formats_keys():
    keys, values = _format()
    # a sample from every level: game, component, face, element, hex mark, generator params, icons
    for key in ("licence", "items_csv", "pack_with", "image_fit", "hexsides", "between", "regions", "width",
                "bolditalic", "pattern_colour", "first"):
        assert key in keys
    # (river and rail are names now, with the game's own map_features beside them: hexside and butt are words)
    assert {"terrain-chart", "CCRR", "hexside", "butt", "bricks"} <= set(values)
    assert len(keys) > 120


def test_every_key_of_the_format_is_named_in_the_docs_as_code():
    keys, _ = _format()
    words = _code_words()
    missing = {key: where for key, where in keys.items() if key not in words}
    assert not missing, f"keys not documented in docs/data-format.md (as `code`): {missing}"


def test_every_allowed_word_of_the_format_appears_in_the_docs():
    _, values = _format()
    missing = {v: where for v, where in values.items()
               if not re.search(r"(?<![\w-])" + re.escape(v) + r"(?![\w-])", DOC)}
    assert not missing, f"values not documented in docs/data-format.md: {missing}"


def test_every_element_type_has_its_row_in_the_elements_table():
    from generator.model import format as fmt

    types = fmt.ELEMENT.get().keys["type"].schema.json["enum"]
    rows = set(re.findall(r"^\| `([\w-]+)` \|", DOC, re.M))
    assert set(types) <= rows, sorted(set(types) - rows)


def test_every_shared_icon_is_listed_by_name():
    names = sorted((yaml.safe_load((ROOT / "data" / "icons.yaml").read_text()) or {})["icons"])
    section = DOC[DOC.index("## Shared icons"):]
    section = section[:section.index("\n## ", 4)] if "\n## " in section[4:] else section
    listed = re.findall(r"`([\w-]+)`", section)
    assert sorted(set(listed) & set(names)) == names, sorted(set(names) - set(listed))
    assert (ROOT / "docs" / "images" / "shared-icons.png").is_file()
