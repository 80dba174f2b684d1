"""Evaluating one item's templates (model/expand.py): every ``{{ expression }}`` of a value, ``when``,
``repeat`` with ``step_mm`` and ``{{ i }}``, and ``{value: ..., when: ...}`` keys, into plain values
that remember where they came from."""

from __future__ import annotations

from typing import Any

from ..base.errors import DataError, show
from ..source.template import MARK, ROW_KEY, TemplateError, compile_text, truth
from ..source.yamlsrc import YList, YMap
from .layouts import SHIFTED
from .rowmap import RowMap

ELEMENT_ONLY = ("when", "repeat", "step_mm")  # used up here; never reach the drawing
# keys whose {{ expression }} is the element's own, run by its kind (a hexgrid's numbering: once a hex), so
# left as written here
OWN_TEMPLATES = frozenset({"numbering"})
MAX_REPEAT = 100
MAX_ELEMENTS = 2_000  # drawn elements on one face once repeats are made


def has_template(value: Any) -> bool:
    if type(value) is str:
        return MARK in value or "{%" in value
    if isinstance(value, dict):
        if "when" in value or "repeat" in value:
            return True
        return any(has_template(v) for k, v in value.items() if type(v) is not int and k not in OWN_TEMPLATES)
    if isinstance(value, list):
        return any(has_template(v) for v in value)
    return False


class Context:
    """One item's fields, and where its values are reported."""

    __slots__ = ("vars", "file", "line", "columns", "errors", "what")

    def __init__(self, vars: dict[str, Any], file: str, line: int, columns: set[str], errors: list[DataError],
                 what: str):
        self.vars = vars
        self.file = file
        self.line = line
        self.columns = columns  # the sheet's headers: a template naming one is reported at that column
        self.errors = errors
        self.what = what

    def place(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    def label(self, source: str, owner: Any, key: Any) -> str:
        try:
            names = [n for n in compile_text(source).names if n in self.columns]
        except TemplateError:  # a template that does not compile is placed by its line, not a column
            names = []
        names += [m.group(2) for m in ROW_KEY.finditer(source) if m.group(2) in self.columns]
        if len(names) == 1:
            return names[0]
        return _written_in(owner, key)

    def fail(self, message: str, label: str) -> None:
        where = self.place() + (f" ({label})" if label else "")
        self.errors.append(DataError(f"{self.what}: {message}", where, None))


DROP = object()


def render(value: Any, ctx: Context, owner: Any, key: Any) -> Any:
    """A value with every template in it evaluated (a new mapping or list where anything changed)."""
    if type(value) is str:
        if MARK not in value:
            return value
        try:
            compiled = compile_text(value)
        except TemplateError:  # said once at its line (template_errors: the component's or its layout's)
            return DROP
        try:
            return compiled.render(ctx.vars)
        except TemplateError as exc:
            ctx.fail(f"{key}: {exc}", ctx.label(value, owner, key))
            return DROP
    if isinstance(value, dict):
        if not has_template(value):
            return value
        return render_map(value, ctx, None)
    if isinstance(value, list):
        if not has_template(value):
            return value
        out = YList()
        out.file, out.line = getattr(value, "file", ctx.file), getattr(value, "line", ctx.line)
        for i, v in enumerate(value):
            r = render(v, ctx, value, i)
            if r is not DROP:
                out.append(r)
                out.item_lines.append(value.line_of(i) if isinstance(value, YList) else out.line)
        return out
    return value


def render_map(value: dict, ctx: Context, into: RowMap | None) -> RowMap:
    out = into if into is not None else _new_map(ctx)
    if into is None and isinstance(value, YMap) and value.line:
        out.template_at = f"{value.file}:{value.line}"
    for key, v in value.items():
        if key == "elements" and isinstance(v, list):
            r: Any = expand_elements(v, ctx, [])
        elif isinstance(v, dict) and "when" in v and set(v) <= {"value", "when"}:
            if not _condition(v["when"], ctx, v):
                continue
            r = render(v.get("value"), ctx, v, "value")
            source = v.get("value")
            if type(source) is str and MARK in source:
                out.labels[key] = ctx.label(source, v, "value")
        else:
            r = render(v, ctx, value, key)
            if type(v) is str and MARK in v:
                out.labels[key] = ctx.label(v, value, key)
            elif r is not v and isinstance(v, (dict, list)):  # a template inside: its value is checked again
                out.labels[key] = _written_at(v, value, key)
        if r is DROP:
            continue
        out[key] = r
    return out


def _written_at(v: Any, owner: Any, key: Any) -> str:
    """Where a mapping or list holding templates was written, as a label ("from game.yaml:12")."""
    if getattr(v, "file", "") and getattr(v, "line", 0):
        return f"from {v.file}:{v.line}"
    return _written_in(owner, key)


def _written_in(owner: Any, key: Any) -> str:
    """The label of ``owner[key]`` as written: "from game.yaml:12" (its key's line), or "" if not read
    from a file."""
    file = getattr(owner, "file", "")
    line = owner.line_of(key) if isinstance(owner, (YMap, YList)) else 0
    return f"from {file}:{line}" if file else ""


def _new_map(ctx: Context) -> RowMap:
    out = RowMap()
    out.file, out.line = ctx.file, ctx.line
    return out


def _condition(when: Any, ctx: Context, owner: Any) -> bool:
    value = render(when, ctx, owner, "when")
    if value is DROP:
        return False
    return truth(value)


def _repeats(value: Any, ctx: Context, owner: Any) -> int:
    n = render(value, ctx, owner, "repeat")
    if n is DROP:
        return 0
    if isinstance(n, str):
        text = n.strip()
        if text == "":
            return 0
        try:
            n = float(text)
        except ValueError:
            ctx.fail(f"repeat: {show(n)} is not a whole number", ctx.label(str(value), owner, "repeat"))
            return 0
    if isinstance(n, bool) or not isinstance(n, (int, float)) or n != int(n) or not 0 <= n <= MAX_REPEAT:
        ctx.fail(f"repeat: expected a whole number from 0 to {MAX_REPEAT}, not {show(n)}",
                 ctx.label(str(value), owner, "repeat"))
        return 0
    return int(n)


def expand_elements(elements: list, ctx: Context, out: list) -> YList:
    result = YList()
    result.file, result.line = getattr(elements, "file", ctx.file), getattr(elements, "line", ctx.line)
    result.extend(out)
    for el in elements:
        if not isinstance(el, dict):
            result.append(el)
            continue
        if "when" in el and not _condition(el["when"], ctx, el):
            continue
        times = _repeats(el["repeat"], ctx, el) if "repeat" in el else None
        if times is None:
            result.append(_element(el, ctx, None, (0.0, 0.0)))
            result.item_lines.append(el.line if isinstance(el, YMap) else ctx.line)
            continue
        step = render(el.get("step_mm", [0, 0]), ctx, el, "step_mm")
        if not (isinstance(step, list) and len(step) >= 2 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in step[:2])):
            ctx.fail(f"step_mm: expected [dx, dy] in mm, not {show(step)}", "")
            continue
        saved = ctx.vars.get("i", DROP)
        for i in range(times):
            ctx.vars["i"] = i
            result.append(_element(el, ctx, i, (step[0] * i, step[1] * i)))
            result.item_lines.append(el.line if isinstance(el, YMap) else ctx.line)
        if saved is DROP:
            ctx.vars.pop("i", None)
        else:
            ctx.vars["i"] = saved
        if len(result) > MAX_ELEMENTS:
            ctx.fail(f"more than {MAX_ELEMENTS:,} elements on one face once repeated", "")
            break
    return result


def _element(el: dict, ctx: Context, i: int | None, shift: tuple[float, float]) -> Any:
    plain = not has_template({k: v for k, v in el.items() if k not in ELEMENT_ONLY}) and shift == (0.0, 0.0) \
        and not any(k in el for k in ELEMENT_ONLY)
    if plain:
        return el  # shared by every item: the YAML mapping itself, reported at its own line
    out = RowMap()
    out.file, out.line = ctx.file, ctx.line
    if isinstance(el, YMap) and el.line:
        out.template_at = f"{el.file}:{el.line}"  # the element as written: its row's warnings name it
    for key, v in el.items():
        if key in ELEMENT_ONLY:
            continue
        if key in OWN_TEMPLATES:
            out[key] = v
            continue
        if type(v) is str and MARK in v:
            r = render(v, ctx, el, key)
            out.labels[key] = ctx.label(v, el, key)
        else:
            r = render(v, ctx, el, key)
            if isinstance(el, YMap):
                out.labels[key] = f"from {el.file}:{el.line_of(key)}"
        if r is DROP:
            return DROP_ELEMENT
        out[key] = r
    if shift != (0.0, 0.0):
        for key in SHIFTED:
            point = out.get(key)
            if isinstance(point, list) and len(point) >= 2 and all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) for v in point[:2]):
                out[key] = [_round(point[0] + shift[0]), _round(point[1] + shift[1])]
    return out


DROP_ELEMENT = RowMap()


def _round(v: float) -> float:
    r = round(v, 6)
    return int(r) if float(r).is_integer() else r
