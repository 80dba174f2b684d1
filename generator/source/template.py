"""Templated values: ``{{ expression }}`` in a string of a component's face, back, elements, items or a
layout, evaluated per item over that item's fields (its spreadsheet row, its keys, ``index``, ``copy``,
``player``, ``variant``, the game's ``values``).

Expressions are jinja2's, in its sandboxed environment, and only expressions: ``{% ... %}`` is refused.
Each distinct string is compiled once (a bounded cache), never once per card. A string that is one
expression alone (``"{{ VP }}"``) gives the expression's own value (a number stays a number, so it can
fill ``size_pt`` or ``repeat``); a string mixing text and expressions gives text. A name the item does
not have is an error, never a blank; so is a result longer than a text may be.

>>> t = compile_text("Cost: {{ Wood + 1 }}")
>>> t.render({"Wood": 2})
'Cost: 3'
>>> compile_text("{{ VP }}").render({"VP": 4})
4
>>> compile_text("{{ Wood }}").names
('Wood',)
"""

from __future__ import annotations

import math
import re
import string
from functools import lru_cache
from typing import Any, Callable

from ..base.errors import DataError
from .schema import MAX_TEXT
from .yamlsrc import YList, YMap

MARK = "{{"
_PART = re.compile(r"\{\{(.*?)\}\}", re.S)
# jinja2's wording for a missing key: "'dict object' has no attribute 'drome'" (a table, a row)
_NO_KEY = re.compile(r"'(?:[\w.]+\.)?(?:dict|YMap|RowMap) object' has no attribute (.+)")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
ROW_KEY = re.compile(r"""row\[\s*(['"])([^'"\\]*)\1\s*\]""")
MAX_EXPRESSION = 500  # characters inside one {{ }}
MAX_POWER = 64  # the largest exponent of **
SAFE_FILTERS = ("abs", "capitalize", "default", "d", "first", "float", "int", "join", "last", "length",
                "count", "list", "lower", "max", "min", "replace", "round", "string", "sum", "title", "trim",
                "truncate", "upper", "wordcount")
MAX_WORK = 100_000  # characters (or list items) any step of an expression may make
MAX_DEPTH = 32  # brackets inside brackets in one expression (jinja2's parser recurses on each)
SAFE_GLOBALS = ("range", "dict")
# a conversion of printf-style formatting (``'%5.2f' % x``) and its width and precision (``*``: an argument)
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?[hlL]?([a-zA-Z%])")
_DIGITS = re.compile(r"\d+")


class TemplateError(Exception):
    """A template that cannot be compiled or evaluated; the caller adds where."""


def _make_env() -> Any:
    from jinja2 import StrictUndefined  # lazy: a game without {{ expressions }} never loads jinja2
    from jinja2.sandbox import SandboxedEnvironment, SecurityError

    class Env(SandboxedEnvironment):
        intercepted_binops = frozenset(["*", "**", "+", "%"])

        def call_binop(self, context: Any, operator_name: str, left: Any, right: Any) -> Any:
            if operator_name == "%":
                if isinstance(left, str):
                    _check_percent(left, right)
                return left % right
            if operator_name == "**":
                if isinstance(right, (int, float)) and abs(right) > MAX_POWER:
                    raise SecurityError(f"a power of {right} is too large (at most {MAX_POWER})")
                return left ** right
            if operator_name == "*":
                for seq, n in ((left, right), (right, left)):
                    if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_TEXT:
                        raise SecurityError(f"the result would be longer than {MAX_TEXT:,} characters")
                return left * right
            out = left + right
            if isinstance(out, (str, list, tuple)) and len(out) > MAX_TEXT:
                raise SecurityError(f"the result would be longer than {MAX_TEXT:,} characters")
            return out

        def call(self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
            _check_args(__obj, args, kwargs)
            return _check_size(super().call(__context, __obj, *args, **kwargs))

    env = Env(undefined=StrictUndefined, autoescape=False)
    env.filters = {k: _guarded(v) for k, v in env.filters.items() if k in SAFE_FILTERS}
    env.filters["html"] = _guarded(html_to_rich)  # a cell written in HTML (nanDECK) as rich text
    env.globals = {k: v for k, v in env.globals.items() if k in SAFE_GLOBALS}
    return env


def _check_percent(text: str, args: Any) -> None:
    """Refuse printf-style formatting whose widths or precisions would make more than MAX_WORK
    characters (``'%*d' % (999999999, 1)`` is 1 GB before any length is checked)."""
    from jinja2.sandbox import SecurityError  # as above

    given = list(args) if isinstance(args, tuple) else [args]
    for m in _PERCENT.finditer(text):
        if m.group(3) == "%":
            continue
        for part in (m.group(1), m.group(2)):
            if part == "*":
                width = given.pop(0) if given else 0
            else:
                width = int(part) if part else 0
            if isinstance(width, int) and abs(width) > MAX_WORK:
                raise SecurityError(f"a width of {width:,} is too large (at most {MAX_WORK:,})")
        if given:
            given.pop(0)


def _check_format(text: str) -> None:
    """The same for ``str.format``'s fields (``'{:999999999}'``); a width given as an argument is a
    number _check_args bounds."""
    from jinja2.sandbox import SecurityError  # as above

    for digits in _DIGITS.findall("".join(spec or "" for _, _, spec, _ in _formatter().parse(text))):
        if int(digits) > MAX_WORK:
            raise SecurityError(f"a width of {int(digits):,} is too large (at most {MAX_WORK:,})")


@lru_cache(maxsize=1)
def _formatter() -> Any:
    return string.Formatter()


def _check_args(fn: Any, args: tuple, kwargs: dict) -> None:
    from jinja2.sandbox import SecurityError  # as above

    method = getattr(fn, "__wrapped__", fn)  # jinja2 wraps str.format in a sandboxed formatter
    if getattr(method, "__name__", "") in ("format", "format_map") and isinstance(getattr(method, "__self__", None), str):
        try:
            _check_format(method.__self__)
        except ValueError:  # not a format string: str.format says so itself
            pass

    for a in (*args, *kwargs.values()):
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_WORK:
            raise SecurityError(f"a number of {a} is too large here (at most {MAX_WORK:,})")
        if isinstance(a, (str, list, tuple)) and len(a) > MAX_WORK:
            raise SecurityError(f"a value of {len(a):,} characters is too long (at most {MAX_WORK:,})")
    if getattr(fn, "__name__", "") in ("replace", "do_replace") and len(args) >= 2:
        base = getattr(fn, "__self__", None)
        text, old, new = (base, args[0], args[1]) if isinstance(base, str) else (args[-3:] if len(args) >= 3
                                                                                 else ("", "", ""))
        if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
            n = text.count(old) if old else len(text) + 1
            if len(text) + n * len(new) > MAX_WORK:
                raise SecurityError(f"the replaced text would be longer than {MAX_WORK:,} characters")


def _check_size(value: Any) -> Any:
    from jinja2.sandbox import SecurityError  # as above

    if isinstance(value, (str, list, tuple)) and len(value) > MAX_WORK:
        raise SecurityError(f"a value of more than {MAX_WORK:,} characters or items")
    return value


def _guarded(fn: Callable) -> Callable:
    def run(*args: Any, **kwargs: Any) -> Any:
        _check_args(fn, args, kwargs)
        return _check_size(fn(*args, **kwargs))
    run.__name__ = fn.__name__
    for attr in ("jinja_pass_arg",):
        if hasattr(fn, attr):
            setattr(run, attr, getattr(fn, attr))
    return run


_ENV: Any = None


def env() -> Any:
    global _ENV
    if _ENV is None:
        _ENV = _make_env()
    return _ENV


class Expression:
    """One ``{{ ... }}``: a plain name (``Wood``, ``row['Effect text']``) is looked up directly;
    anything else runs as a compiled jinja2 expression."""

    __slots__ = ("source", "run", "names")

    def __init__(self, source: str):
        self.source = source.strip()
        if not self.source:
            raise TemplateError("an empty {{ }}")
        if len(self.source) > MAX_EXPRESSION:
            raise TemplateError(f"an expression of {len(self.source)} characters; at most {MAX_EXPRESSION}")
        depth = _depth(self.source)
        if depth > MAX_DEPTH:
            raise TemplateError(f"an expression with brackets {depth} deep; at most {MAX_DEPTH}")
        self.run: Callable[[dict[str, Any]], Any]
        if _NAME.fullmatch(self.source) and self.source not in ("true", "false", "none", "True", "False",
                                                                "None"):
            name = self.source
            self.names: tuple[str, ...] = (name,)
            self.run = lambda ctx: _lookup(ctx, name)
            return
        row = ROW_KEY.fullmatch(self.source)
        if row:
            header = row.group(2)
            self.names = ("row",)
            self.run = lambda ctx: _row(ctx, header)
            return
        from jinja2 import TemplateSyntaxError, meta  # as above

        try:
            tree = env().parse("{{ " + self.source + " }}")
            compiled = env().compile_expression(self.source, undefined_to_none=False)
        except TemplateSyntaxError as exc:
            raise TemplateError(f"{{{{ {self.source} }}}} is not an expression: {exc.message}") from None
        self.names = tuple(sorted(meta.find_undeclared_variables(tree)))
        self.run = compiled


def _depth(source: str) -> int:
    """How deep brackets ((, [, {) lie inside each other in ``source`` (quoted text aside)."""
    depth = deepest = 0
    quote = None
    for ch in source:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")]}":
            depth -= 1
    return deepest


def _lookup(ctx: dict[str, Any], name: str) -> Any:
    try:
        return ctx[name]
    except KeyError:
        raise TemplateError(f"{name!r} is not a column or field of this item") from None


def _row(ctx: dict[str, Any], header: str) -> Any:
    row = ctx.get("row") or {}
    try:
        return row[header]
    except KeyError:
        raise TemplateError(f"row[{header!r}]: no such column") from None


class Template:
    """A string holding ``{{ }}``: literal text and expressions in turn."""

    __slots__ = ("source", "parts", "single", "names")

    def __init__(self, source: str):
        self.source = source
        if "{%" in source or "{#" in source:
            raise TemplateError("only expressions {{ ... }} may be used; statements {% ... %} and comments "
                                "{# ... #} are not (write {{ 'a' if X else 'b' }})")
        parts: list[str | Expression] = []
        pos = 0
        for m in _PART.finditer(source):
            if m.start() > pos:
                parts.append(source[pos:m.start()])
            parts.append(Expression(m.group(1)))
            pos = m.end()
        rest = source[pos:]
        if "{{" in rest or "}}" in rest and not parts:
            raise TemplateError("a {{ without its }}")
        if rest:
            parts.append(rest)
        self.parts = tuple(parts)
        self.single = parts[0] if len(parts) == 1 and isinstance(parts[0], Expression) else None
        names: set[str] = set()
        for p in parts:
            if isinstance(p, Expression):
                names.update(p.names)
        self.names = tuple(sorted(names))

    def render(self, ctx: dict[str, Any]) -> Any:
        if self.single is not None:
            return _bounded(_evaluate(self.single, ctx))
        out = []
        for p in self.parts:
            if isinstance(p, str):
                out.append(p)
            else:
                out.append(_as_text(_evaluate(p, ctx)))
        return _bounded("".join(out))


def _evaluate(expr: Expression, ctx: dict[str, Any]) -> Any:
    from jinja2.exceptions import SecurityError, UndefinedError  # as above
    from jinja2.exceptions import TemplateError as JinjaError

    try:
        return _plain(expr.run(ctx))
    except TemplateError:
        raise
    except SecurityError as exc:  # before UndefinedError: it is one
        raise TemplateError(f"{{{{ {expr.source} }}}}: refused: {exc}") from None
    except UndefinedError as exc:
        missing = _NO_KEY.fullmatch(exc.message or "")
        if missing:  # {'human': ..., 'drone': ...}[faction] with "drome" in the cell
            raise TemplateError(f"{{{{ {expr.source} }}}}: the table it looks up has no key {missing.group(1)}"
                                ) from None
        raise TemplateError(f"{{{{ {expr.source} }}}}: {exc.message or 'undefined'} (no such column or "
                            f"field)") from None
    except JinjaError as exc:  # a filter's wrong argument: round(0, 'f'), and jinja2's other refusals
        raise TemplateError(f"{{{{ {expr.source} }}}}: {exc.message or type(exc).__name__}") from None
    except (ArithmeticError, TypeError, ValueError, AttributeError, IndexError, KeyError, RecursionError,
            OverflowError) as exc:
        raise TemplateError(f"{{{{ {expr.source} }}}}: {type(exc).__name__}: {exc}") from None


def _plain(value: Any) -> Any:
    """A jinja2 result as a plain YAML-like value (a text subclass, such as ``player``, as plain text)."""
    if value is None or type(value) in (bool, int, str):
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):  # bool and int subclasses
        return bool(value) if isinstance(value, bool) else int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TemplateError(f"the result {value} is not a finite number")
        return int(value) if value.is_integer() and abs(value) < 1e15 else value
    if isinstance(value, (list, tuple)):
        if len(value) > 1000:
            raise TemplateError("a list of more than 1,000 values")
        return [_plain(v) for v in value]
    if hasattr(value, "__html__") or hasattr(value, "__str__"):
        return str(value)
    raise TemplateError(f"a result of type {type(value).__name__}")


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _bounded(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise TemplateError(f"the result is {len(value):,} characters; at most {MAX_TEXT:,}")
    return value


@lru_cache(maxsize=4096)
def compile_text(source: str) -> Template:
    """The compiled form of one templated string (once per distinct string)."""
    return Template(source)


def template_problem(source: str) -> str | None:
    """Why ``source`` cannot be compiled, or None."""
    try:
        compile_text(source)
    except TemplateError as exc:
        return str(exc)
    return None


def is_template(value: Any) -> bool:
    return type(value) is str and MARK in value


def truth(value: Any) -> bool:
    """``when:``: drawn for true, a non-zero number and a text with something in it."""
    if isinstance(value, str):
        return value.strip() != ""
    return bool(value)


def template_errors(node: Any, errors: list[DataError]) -> None:
    """Every templated text under ``node`` (YAML, with its lines) that cannot be compiled, refused at its
    line: checked once, whether or not an item uses it."""
    if isinstance(node, dict):
        pairs: Any = node.items()
    elif isinstance(node, list):
        pairs = enumerate(node)
    else:
        return
    for key, value in pairs:
        if type(value) is str:
            if MARK in value or "{%" in value:
                try:
                    compile_text(value)
                except TemplateError as exc:
                    message = f"{key}: {exc}" if isinstance(key, str) else str(exc)
                    errors.append(node.error(message, key) if isinstance(node, (YMap, YList)) else
                                  DataError(message))
        elif isinstance(value, (dict, list)):
            template_errors(value, errors)


# -- the html filter: a spreadsheet cell written in HTML (nanDECK's HTMLTEXT, a web export) ----------

_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z][A-Za-z0-9]*)\b[^<>]*>")
_BLANKS = re.compile(r"[ \t]*\n[ \t]*")
_MANY_BREAKS = re.compile(r"\n{3,}")


def _html_text(part: str) -> str:
    """Text between tags: entities read (&#39; is '), an asterisk kept as one (rich text's \\*)."""
    import html  # the html filter only: a deck without it never loads html's entity tables

    return html.unescape(part).replace("*", "\\*")


def _html_tag(closing: bool, name: str) -> str:
    if name == "br":
        return "\n"
    if name in ("p", "div", "ul", "ol"):
        return "\n" if closing else ""
    if name == "li":
        return "" if closing else "\n• "
    if name in ("b", "strong"):
        return "**"
    if name in ("i", "em"):
        return "*"
    return ""  # span, font, u, and any other tag: its text stays, the tag goes


def html_to_rich(value: object) -> str:
    """``value`` read as HTML: <br> a new line, <p> and lists their own lines (a list item starting
    "• "), <b>/<strong> bold, <i>/<em> italic, entities as their characters; any other tag left out."""
    text = str(value)
    out: list[str] = []
    pos = 0
    for m in _TAG.finditer(text):
        out.append(_html_text(text[pos:m.start()]))
        out.append(_html_tag(m.group(1) == "/", m.group(2).lower()))
        pos = m.end()
    out.append(_html_text(text[pos:]))
    return _MANY_BREAKS.sub("\n\n", _BLANKS.sub("\n", "".join(out))).strip("\n ")
