"""Checks beyond the shape of the data: keys that would validate but print nothing on this kind of
piece, colour words an element cannot print, ragged tables. (What only the element kinds can tell,
things placed outside their board and two marks on one hex, is :mod:`generator.elements.checks`.)

Errors stop a build; warnings (``game.warnings``) are printed by ``validate`` and ``build`` with
their file:line and the kit is still made.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..base.errors import DataError, show
from ..source.yamlsrc import YList, YMap
from .kinds import ComponentKind, Family, kind_of


def check_face_keys(kind: ComponentKind | None, face: Any, errors: list[DataError], back: bool = False) -> None:
    """Refuse face keys this kind of piece cannot print (its declaration's ``face_refused``; on a
    ``back``, less those its ``back_allowed``)."""
    if kind is None or not isinstance(face, YMap):
        return
    for key, why in kind.face_refused.items():
        if key in face and not (back and key in kind.back_allowed):
            errors.append(face.error(f"{key} does not print on a {kind.word}: {why.format(kind=kind.word)}", key))


BOARD_FACE = {"fill", "ink", "pattern", "terrain", "image", "image_fit", "image_tint", "font"}


def check_whole(spec: Any, errors: list[DataError]) -> None:
    """Component keys its kind cannot print (its declaration's ``refused``: a board's items, a sheet's
    face), and a board's face keys."""
    if not isinstance(spec, YMap):
        return
    kind = kind_of(spec.get("kind"))
    if kind is None:
        return
    for key, why in kind.refused.items():
        if key in spec:
            errors.append(spec.error(f"{key} does not print on a {kind.word}: {why}", key))
    face = spec.get("face")
    if kind.family == Family.BOARD and isinstance(face, YMap):
        for key in face:
            if key not in BOARD_FACE and key != "elements":
                errors.append(face.error(f"{key} does not print on a board's face (it takes "
                                         f"{', '.join(sorted(BOARD_FACE))}); put text on a board with a text "
                                         f"or box element", key))
        if "elements" in face:
            errors.append(face.error("a board's elements go under the component (elements:), not its face",
                                     "elements"))


def check_colours(main: Any, colours: Iterable[Any], errors: list[DataError]) -> None:
    """Each player colour listed once."""
    ids: set[str] = set()
    cols: Any = main.get("colours") or []  # a YList where any colour is listed
    for i, colour in enumerate(colours):
        if colour.id in ids:
            errors.append(cols.error(f"player colour {show(colour.id)} is listed twice", i))
        ids.add(colour.id)


def player_copies(main: Any, game: Any) -> list[DataError]:
    """A warning where ``per_player`` components print fewer copies than the game has players: one
    copy a player colour, and fewer colours than the most players the game is for. A component
    that lists its own colours (``players: [...]``) is left as written."""
    most = (game.meta.get("players") or [0, 0])[-1]
    short = [c.name for c in game.components if c.spec.get("per_player") and not c.spec.get("players")]
    if not short or not game.colours or len(game.colours) >= most:
        return []
    n = len(game.colours)
    names = ", ".join(short[:3]) + (f" and {len(short) - 3} more" if len(short) > 3 else "")
    return [main.error(f"{n} player colour{'s' if n != 1 else ''} for a game of up to {most} players "
                       f"(players: {game.meta['players']}): per_player components print one copy a colour, "
                       f"so {names} {'prints' if len(short) == 1 else 'print'} {n}; add a colour for each "
                       f"player", "colours")]


def check_card_rotate(face: Any, errors: list[DataError]) -> None:
    if isinstance(face, YMap) and "rotate" in face:
        turn = face["rotate"]
        if isinstance(turn, (int, float)) and turn % 90:
            errors.append(face.error(f"a card turns its face by 90, 180 or 270 degrees, not {turn}: "
                                     f"its text must stay inside the card", "rotate"))


# Where an element takes ``none`` for a colour (drawn without that paint); elsewhere it is refused.
_NONE_TAKEN = {"fill": ("box", "polygon"), "stroke": ("box", "polygon")}
_PLAYER_WORDS = ("player", "player-ink")
_COLOUR_KEYS = ("fill", "stroke", "ink", "sectors")


def element_colours(el: YMap, kind: str, per_player: bool, errors: list[DataError]) -> None:
    """The colour keywords an element's keys take where it is drawn: ``player`` and ``player-ink``
    name the colour of a per-player board's copy (nowhere else is there one); ``none`` only where
    the element draws without that paint."""
    for key in ("fill", "stroke"):
        if el.get(key) == "none" and kind not in _NONE_TAKEN[key]:
            errors.append(el.error(f"{key}: none does not print on a {kind} element (none is taken by "
                                   f"{', '.join(_NONE_TAKEN[key])} elements); give a colour", key))
    if per_player:
        return
    for key, value, owner in _colours_within(el):
        if value in _PLAYER_WORDS:
            errors.append(owner.error(f"{key}: {value} names the player colour of a per_player board's copy; "
                                      "this has none (add per_player: true to the board, or give a colour)",
                                      key))


def player_colours(el: Any) -> Iterable[tuple[str, Any, Any]]:
    """(key, player or player-ink, the mapping holding it) for each player colour word in an element."""
    return ((key, value, owner) for key, value, owner in _colours_within(el) if value in _PLAYER_WORDS)


def _colours_within(value: Any) -> Iterable[tuple[str, Any, Any]]:
    """(key, colour, the mapping holding it) for every colour key in an element, its marks, hexsides
    and routes included."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, YMap):
            for key, item in node.items():
                if key in _COLOUR_KEYS:
                    for one in (item if isinstance(item, list) else [item]):
                        yield key, one, node
                elif isinstance(item, (YMap, YList)):
                    stack.append(item)
        elif isinstance(node, YList):
            stack.extend(node)


def ragged_tables(value: Any, warnings: list[DataError]) -> None:
    """Warn about tables whose rows have different numbers of cells (missing cells print empty)."""
    if isinstance(value, YMap):
        rows = value.get("rows")
        if isinstance(rows, YList) and any(isinstance(r, list) for r in rows):
            header = value.get("header")
            lengths = [len(r) if isinstance(r, list) else 1 for r in rows]
            want = len(header) if isinstance(header, list) else max(lengths)
            for i, n in enumerate(lengths):
                row = rows[i] if isinstance(rows[i], list) else [rows[i]]
                if all(str(c).strip() == "" for c in row):
                    continue  # a blank row is a spacer
                if n != want:
                    warnings.append(rows.error(f"table row {i + 1} has {n} cell{'s' if n != 1 else ''} where "
                                               f"the table has {want}; the missing cells print empty", i))
        for item in value.values():
            ragged_tables(item, warnings)
    elif isinstance(value, YList):
        for item in value:
            ragged_tables(item, warnings)


def backs_of(spec: YMap) -> set[int]:
    """The ids of a component's back mappings (its own and its items'), among :func:`faces_of`'s."""
    backs = [spec.get("back")] + [item.get("back") for item in spec.get("items") or [] if isinstance(item, YMap)]
    return {id(b) for b in backs if isinstance(b, YMap)}


def faces_of(spec: YMap) -> Iterable[Any]:
    """Every face mapping of a component: its face, its back, each item and each item's back."""
    if isinstance(spec.get("face"), YMap):
        yield spec["face"]
    if isinstance(spec.get("back"), YMap):
        yield spec["back"]
    for item in spec.get("items") or []:
        if isinstance(item, YMap):
            yield item
            if isinstance(item.get("back"), YMap):
                yield item["back"]


def check_sheet_keys(specs: Iterable[Any], comps: dict[str, Any], errors: list[DataError]) -> None:
    """``sheet_title`` and ``group_fill`` belong to pieces, and ``group_fill`` names the groups the
    component's items print in."""
    for spec in specs:
        if not isinstance(spec, YMap):
            continue
        comp = comps.get(spec.get("id") or "")
        if comp is None:
            continue
        for key in ("sheet_title", "group_fill"):
            if key in spec and comp.family not in (Family.PIECE, Family.CARD):
                errors.append(spec.error(f"{key} prints on a sheet of pieces (tiles, tokens, counters, cards); "
                                         f"{show(comp.id)} is a {comp.kind}", key))
        fills = spec.get("group_fill")
        if not isinstance(fills, YMap) or comp.family not in (Family.PIECE, Family.CARD):
            continue
        groups = list(dict.fromkeys(item.group for item in comp.items if item.group))
        for name in fills:
            if str(name) not in groups:
                have = f"its items' groups are {', '.join(show(g) for g in groups)}" if groups else \
                    "none of its items has a group: (give them one, or map a column to group)"
                errors.append(fills.error(f"group_fill: no group {show(name)}; {have}", name))


def check_pack_with(specs: Iterable[Any], comps: dict[str, Any], errors: list[DataError]) -> None:
    """``pack_with`` names another one-sided piece component, and no chain of them loops."""
    targets: dict[str, str] = {}
    for spec in specs:
        if not isinstance(spec, YMap) or not isinstance(spec.get("pack_with"), str):
            continue
        me: Any = spec.get("id")
        target = spec["pack_with"]
        comp, other = comps.get(me), comps.get(target)
        if target == me:
            errors.append(spec.error("pack_with names this component itself; name the component whose sheet "
                                     "its pieces should share", "pack_with"))
            continue
        if other is None:
            import difflib  # only for a problem: not loaded on every run

            hint = difflib.get_close_matches(target, list(comps), n=1, cutoff=0.75)
            extra = f" (did you mean {hint[0]!r}?)" if hint else ""
            errors.append(spec.error(f"pack_with: no component {show(target)}{extra}; it names the component "
                                     f"whose sheet these pieces share", "pack_with"))
            continue
        for c in (comp, other):
            if c is None:
                continue
            if c.family not in (Family.PIECE, Family.CARD):
                errors.append(spec.error(f"pack_with shares sheets between pieces (tiles, tokens, counters, "
                                         f"cards); {show(c.id)} is a {c.kind}", "pack_with"))
                break
            if c.double_sided:
                errors.append(spec.error(f"pack_with shares sheets between one-sided pieces; {show(c.id)} has "
                                         f"backs, printed on fronts and backs pages of its own", "pack_with"))
                break
        else:
            targets[me] = target
    for start in targets:
        seen, at = [start], targets.get(start)
        while at is not None and at not in seen:
            seen.append(at)
            at = targets.get(at)
        if at == start:
            spec = next(s for s in specs if isinstance(s, YMap) and s.get("id") == start)
            errors.append(spec.error(f"pack_with goes round in a loop ({' -> '.join(seen + [start])}); one of "
                                     f"them must lead", "pack_with"))
            break
