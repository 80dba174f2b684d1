"""The SVG backend: one SVG file per page (one svgwrite drawing), sized in mm with a matching viewBox so
it prints true."""

from __future__ import annotations

import base64
from functools import lru_cache
from typing import Callable

import svgwrite
from svgwrite.base import BaseElement
from svgwrite.container import Group, Symbol, Use
from svgwrite.image import Image
from svgwrite.masking import ClipPath
from svgwrite.path import Path as SvgPath
from svgwrite.shapes import Rect
from svgwrite.text import Text, TSpan

from ..geometry.typescale import snap
from . import fonts
from .surface import MM_PER_PT, Path, Style, Surface


@lru_cache(maxsize=1 << 16)
def _n(v: float) -> str:
    """A number as the pages write it: at most three decimals, no trailing zeros, never "-0" (a page
    writes the same few thousand numbers over and over: each is formatted once)."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _op_data(op: tuple) -> str:
    """One path operation ("M", x, y) as path data."""
    return "Z" if op[0] == "Z" else op[0] + " ".join(map(_n, op[1:]))


def path_data(path: Path) -> str:
    return "".join(map(_op_data, path.ops))


@lru_cache(maxsize=1 << 12)
def _runs(text: str, size_pt: float, font: str) -> tuple[tuple[float, str], ...]:
    """A line split at its kerned pairs (fonts.unkerned_runs), once per distinct line: a kit sets each
    of its lines four times over on average (7,895 lines, 2,077 distinct, in the default build)."""
    return tuple(fonts.unkerned_runs(text, size_pt, font))


def _data_uri(path: str) -> str:
    kind = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml"}
    suffix = path[path.rfind("."):].lower()
    with open(path, "rb") as fh:
        data = base64.b64encode(fh.read()).decode("ascii")
    return f"data:{kind.get(suffix, 'application/octet-stream')};base64,{data}"


class _Page:
    """One page: its own svgwrite drawing, unchecked (``debug=False``). Our data validation already
    decides what is written, so svgwrite's per-attribute checks against the SVG grammar are left off;
    every element of the page is made with the drawing as its factory, so it is unchecked too."""

    __slots__ = ("drawing",)

    def __init__(self, width_mm: float, height_mm: float):
        # font-kerning: none for browsers; text() also places kerned pairs itself (rsvg kerns anyway)
        self.drawing = svgwrite.Drawing(size=(f"{_n(width_mm)}mm", f"{_n(height_mm)}mm"),
                                        viewBox=f"0 0 {_n(width_mm)} {_n(height_mm)}", debug=False,
                                        style="font-kerning:none")


class _Frame:
    """One level of save(): the groups opened since, so restore() can close them all."""

    __slots__ = ("groups",)

    def __init__(self, group: Group):
        self.groups = [group]


class SvgSurface(Surface):
    """Draws pages as separate SVG documents (one svgwrite drawing each); ``finish()`` returns their
    bytes in order."""

    def __init__(self, title: str = ""):
        self._title = title
        self._pages: list[bytes] = []
        self._forms: dict[str, BaseElement] = {}
        self._form_ids: dict[str, str] = {}
        self._form_deps: dict[str, set[str]] = {}
        self._clip_count = 0
        self._used: set[str] = set()
        self._frames: list[_Frame] = []
        self._doc: _Page | None = None
        # the factory of every element: the open page's drawing (art defined before the first page
        # takes a drawing of its own), unchecked
        self._factory: svgwrite.Drawing = svgwrite.Drawing(debug=False)
        self._font_text: dict[str, set[str]] = {}  # game font file -> characters set on this page
        self._form_fonts: dict[str, dict[str, set[str]]] = {}

    def _make(self, kind: type[BaseElement], *args, attribs: dict[str, str] | None = None) -> BaseElement:
        """An element of ``kind`` made by the page's unchecked drawing, its attributes (names as SVG
        spells them) set in its public ``attribs``."""
        element = kind(*args, factory=self._factory)
        if attribs:
            element.attribs.update(attribs)
        return element

    # -- pages ----------------------------------------------------------------------------------
    def begin_page(self, width_mm, height_mm, *, trim_box_mm=None, bleed_box_mm=None, label=""):
        self._doc = _Page(width_mm, height_mm)
        drawing = self._factory = self._doc.drawing
        if self._title or label:
            drawing.set_desc(title=" - ".join(t for t in (self._title, label) if t))
        # paper is white: without this, viewers in dark mode show the page dark
        drawing.add(self._make(Rect, (0, 0), (_n(width_mm), _n(height_mm)), attribs={"fill": "#ffffff"}))
        root = drawing.add(self._make(Group))
        self._frames = [_Frame(root)]
        self._used = set()
        self._font_text = {}

    def end_page(self) -> None:
        doc = self._doc
        assert doc is not None
        drawing = doc.drawing
        needed: list[str] = []
        todo = sorted(self._used)
        while todo:
            name = todo.pop()
            if name in needed:
                continue
            needed.append(name)
            todo.extend(sorted(self._form_deps[name]))
        for name in sorted(needed, key=lambda n: self._form_ids[n]):
            drawing.defs.add(self._forms[name])
        chars = dict(self._font_text)
        for name in needed:  # the fonts used inside reused art on this page
            for font, used in self._form_fonts.get(name, {}).items():
                chars.setdefault(font, set()).update(used)
        if chars:
            rules = []
            for font in sorted(chars):
                data = base64.b64encode(fonts.svg_subset(font, "".join(sorted(chars[font])))).decode("ascii")
                rules.append(f"@font-face {{ font-family: '{fonts.file_family(font)}'; "
                             f"src: url(data:font/ttf;base64,{data}) format('truetype'); }}")
            drawing.defs.add(drawing.style("\n".join(rules)))
        self._pages.append(drawing.tostring().encode("utf-8"))
        self._doc = None

    def finish(self) -> list[bytes]:  # type: ignore[override]
        return list(self._pages)

    # -- state ----------------------------------------------------------------------------------
    @property
    def _group(self) -> Group:
        return self._frames[-1].groups[-1]

    def _open(self, attribs: dict[str, str] | None = None) -> Group:
        group = self._make(Group, attribs=attribs)
        self._group.add(group)
        self._frames[-1].groups.append(group)
        return group

    def save(self):
        group = self._make(Group)
        self._group.add(group)
        self._frames.append(_Frame(group))

    def restore(self):
        self._frames.pop()

    def _transform(self, text: str):
        group = self._group
        # a transform on a clipped group would move its clip too: nest a fresh group instead
        if group.elements or "transform" in group.attribs or "clip-path" in group.attribs:
            group = self._open()
        group.attribs["transform"] = text

    def translate(self, dx_mm, dy_mm):
        if dx_mm or dy_mm:
            self._transform(f"translate({_n(dx_mm)} {_n(dy_mm)})")

    def rotate(self, degrees):
        if degrees:
            self._transform(f"rotate({_n(degrees)})")

    def scale(self, sx, sy):
        self._transform(f"scale({_n(sx)} {_n(sy)})")

    def clip(self, path):
        self._clip_count += 1
        cid = f"clip{self._clip_count}"
        clip = self._make(ClipPath, attribs={"id": cid})
        clip.add(self._make(SvgPath, path_data(path)))
        # defined right where it is used, so a form reused on a later page carries its own clips
        self._group.add(clip)
        self._open({"clip-path": f"url(#{cid})"})

    # -- marks ----------------------------------------------------------------------------------
    def draw(self, path, style: Style):
        if not path.ops or (style.fill is None and style.stroke is None):
            return
        attrs = {"fill": style.fill or "none"}
        if style.stroke:
            attrs["stroke"] = style.stroke
            attrs["stroke-width"] = _n(style.width_mm)
            if style.join != "miter":
                attrs["stroke-linejoin"] = style.join
            if style.cap != "butt":
                attrs["stroke-linecap"] = style.cap
            if style.dash_mm:
                attrs["stroke-dasharray"] = " ".join(_n(d) for d in style.dash_mm)
        if style.opacity < 1.0:
            attrs["opacity"] = _n(style.opacity)
        self._group.add(self._make(SvgPath, path_data(path), attribs=attrs))

    def text(self, x_mm: float, y_mm: float, text: str, *, size_pt: float, font: str = "regular",
             fill: str = "#000000", anchor: str = "start") -> None:
        if not text:
            return
        size_pt = snap(size_pt)  # every size from the one type scale
        if fonts.is_file(font):
            # a game's own font: named here, embedded (a subset) in this page's defs
            weight, style = "normal", "normal"
            family = f"'{fonts.file_family(font)}', {fonts.SVG_FAMILY}"
            self._font_text.setdefault(font, set()).update(text)
            runs: tuple[tuple[float, str], ...] = ((0.0, text),)  # its kerning is its own: as the renderer does
        else:
            weight, style = fonts.SVG_WEIGHT[fonts.font_kind(font)]
            family = fonts.SVG_FAMILY
            runs = _runs(text, size_pt, font)
        if len(runs) > 1 and anchor != "start":  # runs are placed from the start of the line
            width = fonts.text_width_mm(text, size_pt, font)
            x_mm -= width / 2 if anchor == "middle" else width
            anchor = "start"
        attrs = {"x": _n(x_mm), "y": _n(y_mm), "font-size": _n(size_pt * MM_PER_PT),
                 "font-family": family, "fill": fill}
        if anchor != "start":
            attrs["text-anchor"] = anchor
        if "  " in text or text[0] == " " or text[-1] == " ":  # SVG would make a run of spaces one
            attrs["xml:space"] = "preserve"
        if weight != "normal":
            attrs["font-weight"] = weight
        if style != "normal":
            attrs["font-style"] = style
        if len(runs) == 1:
            self._group.add(self._make(Text, text, attribs=attrs))
            return
        # kerned pairs split into runs at the PDF's positions: the line is as long as in the PDF
        # aria-label: the line whole, for screen readers and text search (the runs split words)
        attrs["aria-label"] = text
        node = self._make(Text, "", attribs=attrs)
        for offset, run in runs:
            node.add(self._make(TSpan, run, attribs={"x": _n(x_mm + offset)}))
        self._group.add(node)

    def image(self, path, x_mm, y_mm, w_mm, h_mm):
        from ..source.pictures import natural_size  # a picture: a game without one never loads it

        name = f"image:{path}"
        if name not in self._forms:
            # one symbol per picture, written into the defs of each page file that shows it; an SVG
            # picture is embedded as SVG (vector), PNG and JPEG as their own bytes
            iw, ih = natural_size(path)
            fid = f"f{len(self._form_ids)}"
            self._form_ids[name] = fid
            symbol = self._make(Symbol, attribs={"id": fid, "viewBox": f"0 0 {_n(iw)} {_n(ih)}",
                                                 "preserveAspectRatio": "none"})
            symbol.add(self._make(Image, _data_uri(path), attribs={"x": "0", "y": "0", "width": _n(iw),
                                                                  "height": _n(ih)}))
            self._forms[name] = symbol
            self._form_deps[name] = set()
        self._used.add(name)
        self._group.add(self._make(Use, f"#{self._form_ids[name]}", attribs={"x": _n(x_mm), "y": _n(y_mm),
                                   "width": _n(w_mm), "height": _n(h_mm)}))

    # -- reuse ----------------------------------------------------------------------------------
    def has(self, name):
        return name in self._forms

    def define(self, name, bbox_mm, draw: Callable[[Surface], object]):
        if name in self._forms:
            return
        fid = f"f{len(self._form_ids)}"
        self._form_ids[name] = fid
        group = self._make(Group, attribs={"id": fid})
        saved_frames, saved_used, saved_fonts = self._frames, self._used, self._font_text
        self._frames, self._used, self._font_text = [_Frame(group)], set(), {}
        try:
            draw(self)
        finally:
            deps = self._used
            self._form_fonts[name] = self._font_text
            self._frames, self._used, self._font_text = saved_frames, saved_used, saved_fonts
        self._forms[name] = group
        self._form_deps[name] = deps

    def use(self, name, x_mm=0.0, y_mm=0.0):
        self._used.add(name)
        at = {"x": _n(x_mm), "y": _n(y_mm)} if x_mm or y_mm else None
        self._group.add(self._make(Use, f"#{self._form_ids[name]}", attribs=at))
