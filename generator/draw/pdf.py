"""The PDF backend: reportlab's canvas, in invariant mode so the same input gives the same bytes, written
through its public calls only: the page, its marks and text, pictures and reused art."""

from __future__ import annotations

import io
import re
from functools import lru_cache
from typing import Any, Callable

from reportlab import rl_config
from reportlab.lib.colors import HexColor as _HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfgen.canvas import Canvas

from ..geometry.typescale import snap
from . import fonts
from .surface import MM_PER_PT, PT_PER_MM, Path, Style, Surface


@lru_cache(maxsize=None)
def HexColor(value: str):  # noqa: N802 - reportlab's name, cached: a kit repeats few colours
    return _HexColor(value)


@lru_cache(maxsize=None)
def ttf_font(name: str):
    from reportlab.pdfbase.pdfmetrics import getFont  # reportlab's font table: loaded with the first text

    return getFont(name)


@lru_cache(maxsize=None)
def is_truetype(name: str) -> bool:
    """A TrueType font (reportlab subsets it as it goes), as every font we register is."""
    from reportlab.pdfbase.pdfmetrics import getFont  # as above
    from reportlab.pdfbase.ttfonts import TTFont

    return isinstance(getFont(name), TTFont)


@lru_cache(maxsize=None)
def colour_object(value: str, cmyk: bool):
    """The colour object reportlab's setFillColor and setStrokeColor take: what fill_code writes."""
    if cmyk:
        from reportlab.lib.colors import CMYKColor  # print shop (CMYK) only

        from .cmyk import cmyk_of

        return CMYKColor(*cmyk_of(value))
    return HexColor(value)


@lru_cache(maxsize=None)
def fill_code(fill: str, cmyk: bool = False) -> str:
    if cmyk:  # a print-shop file (draw/cmyk.py)
        from .cmyk import cmyk_of  # print shop (CMYK) only

        return f"{fp_str(cmyk_of(fill))} k"
    c = HexColor(fill)
    return f"{fp_str((c.red, c.green, c.blue))} rg"


@lru_cache(maxsize=None)
def stroke_code(stroke: str, width: float, join: str, cap: str, dash: tuple | None, cmyk: bool = False) -> str:
    if cmyk:
        from .cmyk import cmyk_of  # print shop (CMYK) only

        colour = f"{fp_str(cmyk_of(stroke))} K"
    else:
        c = HexColor(stroke)
        colour = f"{fp_str((c.red, c.green, c.blue))} RG"
    return "\n".join((colour, f"{fp_str(width)} w", f"{JOIN.get(join, 0)} j",
                      f"{CAP.get(cap, 0)} J", f"[{fp_str(list(dash) if dash else [])}] 0 d"))


JOIN = {"miter": 0, "round": 1, "bevel": 2}
PAINT = {(True, False): "S", (False, True): "f*", (True, True): "B*", (False, False): "n"}  # even-odd fill
# a fresh text object setting one character of a TrueType font: its subset's name and its code
ONE_GLYPH = re.compile(r"BT 1 0 0 1 0 0 Tm (/\S+) 10 Tf 12 TL \(((?:[^\\()]|\\[0-7]{1,3}|\\[()\\])+)\) Tj ET")
_ESCAPED = re.compile(r"\\([0-7]{1,3}|[()\\])")


def unescape_pdf(text: str) -> bytes:
    """The bytes of a PDF literal string's body as escapePDF writes it (octal codes, \\( \\) \\\\)."""
    return _ESCAPED.sub(lambda m: chr(int(m.group(1), 8)) if m.group(1)[0].isdigit() else m.group(1),
                        text).encode("latin-1")


_PATH_OP = {"M": "m", "L": "l", "C": "c"}
_PATH_CODES: dict[tuple, str] = {}


def path_code(path: Path) -> str:
    """The path's operators as reportlab's path object writes them ("n" first, then moves, lines,
    curves and closes). Most paths recur (every card's ground and band at its own origin, every
    page's clips and crop marks): each distinct one is formatted once."""
    key = tuple(path.ops)
    code = _PATH_CODES.get(key)
    if code is None:
        parts = ["n"]
        for op in path.ops:
            parts.append("h" if op[0] == "Z" else f"{fp_str(*op[1:])} {_PATH_OP[op[0]]}")
        code = " ".join(parts)
        if len(_PATH_CODES) >= 4096:
            _PATH_CODES.clear()
        _PATH_CODES[key] = code
    return code
CAP = {"butt": 0, "round": 1, "square": 2}


CUT_CONTOUR = "CutContour"  # the spot colour name print shops' cutters follow


class PdfSurface(Surface):
    """Draws into one PDF document through reportlab's public calls. Forms (``define``/``use``)
    become PDF form XObjects."""

    def __init__(self, title: str = "", author: str = "", subject: str = "",
                 viewer_prefs: dict[str, str] | None = None, print_shop: bool = False, compressed: bool = True):
        # compressed=False: streams stored as drawn, for a document read back at once in memory
        # (the gallery's and the PNGs' faces), never written to a file
        rl_config.useA85 = 0  # binary compressed streams: smaller files, no ASCII85 pass
        self._buffer = io.BytesIO()
        # print_shop: every colour CMYK, nothing translucent, PDF/X-1a parts (draw/cmyk.py)
        self._cmyk = print_shop
        hook = {}
        if print_shop:
            from .cmyk import enforce  # print shop (CMYK) only

            hook = {"enforceColorSpace": enforce}  # every colour the canvas or a text object sets
        # reportlab selects its initial font at every page start and would name Helvetica (not
        # embedded) in every PDF: start each page on our embedded regular font instead
        self._canvas = Canvas(self._buffer, invariant=1, pageCompression=1 if compressed else 0,
                              initialFontName=fonts.pdf_name("regular"), initialFontSize=10, **hook)
        if print_shop:
            from .cmyk import make_pdfx  # print shop (CMYK) only

            make_pdfx(self._canvas, title, author, subject)
        self._canvas.setTitle(title)
        self._canvas.setAuthor(author)
        self._canvas.setSubject(subject)
        self._canvas.setCreator("pnpforge")
        self._canvas.setProducer("pnpforge (reportlab)")
        for key, value in (viewer_prefs or {}).items():
            self._canvas.setViewerPreference(key, value)
        self._forms: dict[str, str] = {}
        self._alpha_noted = False
        self._codes: dict[str, dict[str, tuple[str, int] | None]] = {}  # font -> character -> (subset, code)
        self._encoded: dict[tuple[str, float, str], str | None] = {}  # (font, size, text) -> operators
        self._images: dict[str, str] = {}  # SVG picture path -> form name
        self._rasters: dict[str, str] = {}  # PNG/JPEG picture path -> reportlab's name for its pixels
        self._shared: dict = {}  # page dictionary parts that many pages share (see _deflate_last_page)
        self._page_h_mm = 0.0
        self._in_page = False
        # The fill and stroke the content stream has set in the current graphics state (None: not
        # known), so a colour or line style already in force is not written again; save and restore
        # keep a stack of them as "q" and "Q" do.
        self._fill: str | None = None
        self._stroke: str | None = None
        self._states: list[tuple[str | None, str | None]] = []
        self._text_codes: dict[tuple[str, float], tuple[str, float]] = {}  # (font, pt) -> (name, mm)
        self.page_count = 0

    # -- pages ----------------------------------------------------------------------------------
    def begin_page(self, width_mm, height_mm, *, trim_box_mm=None, bleed_box_mm=None, label=""):
        c = self._canvas
        c.setPageSize((width_mm * PT_PER_MM, height_mm * PT_PER_MM))
        self._page_h_mm = height_mm
        c.setTrimBox(None)
        c.setBleedBox(None)
        if self._cmyk and label:  # a print-shop page is named by its piece and count (PageLabels)
            c.addPageLabel(self.page_count, prefix=label)
        if trim_box_mm is not None and bleed_box_mm is not None:
            self.set_boxes(trim_box_mm, bleed_box_mm)
        c.saveState()
        # From here on: mm, origin top-left, y down.
        c.translate(0, height_mm * PT_PER_MM)
        c.scale(PT_PER_MM, -PT_PER_MM)
        self._in_page = True
        self._fill = self._stroke = None
        self._states.clear()

    def set_boxes(self, trim_box_mm, bleed_box_mm):
        """Set the TrimBox and BleedBox of the current page, (x, y, w, h) in mm, y down."""
        c = self._canvas
        for setter, (x, y, w, h) in ((c.setTrimBox, trim_box_mm), (c.setBleedBox, bleed_box_mm)):
            lower = (self._page_h_mm - y - h) * PT_PER_MM
            setter((x * PT_PER_MM, lower, (x + w) * PT_PER_MM, lower + h * PT_PER_MM))

    def end_page(self):
        self._canvas.restoreState()
        self._canvas.showPage()
        self._in_page = False
        self.page_count += 1

    def finish(self) -> bytes:
        data = self._canvas.getpdfdata()  # what save() writes into the buffer, without that copy
        if self._cmyk:
            from .cmyk import check_pdfx  # print shop (CMYK) only

            return check_pdfx(data)  # PDF/X parts present and the file whole, on any reportlab
        return data

    # -- state ----------------------------------------------------------------------------------
    # The content stream's operators are written through the canvas's public addLiteral, and the
    # surface keeps what it needs of the graphics state itself (the fill and stroke in force), so a
    # "q", a colour or a path costs one string. The canvas's own state (what saveState copies: 23
    # attributes) is touched only where reportlab writes state the surface does not track: the fill
    # and stroke alpha of a translucent mark, pictures, forms and the cut contour save and restore
    # through reportlab.
    def save(self):
        self._canvas.addLiteral("q")
        self._states.append((self._fill, self._stroke))

    def restore(self):
        self._canvas.addLiteral("Q")
        self._fill, self._stroke = self._states.pop()

    def translate(self, dx_mm, dy_mm):
        if dx_mm or dy_mm:
            self._canvas.translate(dx_mm, dy_mm)

    def rotate(self, degrees):
        if degrees:
            self._canvas.rotate(degrees)

    def scale(self, sx, sy):
        self._canvas.scale(sx, sy)

    def _rl_path(self, path: Path):
        """The path as reportlab's path object."""
        made = self._canvas.beginPath()
        for op in path.ops:
            kind = op[0]
            if kind == "M":
                made.moveTo(*op[1:])
            elif kind == "L":
                made.lineTo(*op[1:])
            elif kind == "C":
                made.curveTo(*op[1:])
            else:
                made.close()
        return made

    def clip(self, path):
        self._canvas.addLiteral(f"{path_code(path)} W* n")  # what clipPath(stroke=0, fill=0) writes

    # -- marks ----------------------------------------------------------------------------------
    def _paint(self, path, style: Style) -> Style | None:
        """The style ``path`` is drawn in (flattened to opaque in CMYK files), or None: nothing to draw."""
        if not path.ops or (style.fill is None and style.stroke is None):
            return None
        if self._cmyk and style.opacity < 1.0:
            from .cmyk import opaque_style  # print shop (CMYK) only

            return opaque_style(style)
        return style

    def draw(self, path, given: Style):
        style = self._paint(path, given)
        if style is None:
            return
        c = self._canvas
        if not self._alpha_noted:  # a document whose marks may be translucent: PDF 1.4 (writes nothing)
            c.setFillAlpha(1)
            self._alpha_noted = True
        # a colour or line style already in force is not set again
        if style.fill is not None:
            fill = fill_code(style.fill, self._cmyk)
            if fill != self._fill:
                c.addLiteral(fill)
                self._fill = fill
        if style.stroke is not None:
            stroke = stroke_code(style.stroke, style.width_mm, style.join, style.cap, style.dash_mm, self._cmyk)
            if stroke != self._stroke:
                c.addLiteral(stroke)
                self._stroke = stroke
        if style.opacity < 1.0:
            c.saveState()
            c.setFillAlpha(style.opacity)
            c.setStrokeAlpha(style.opacity)
        c.addLiteral(path_code(path))
        c.addLiteral(PAINT[bool(style.stroke), bool(style.fill)])
        if style.opacity < 1.0:
            c.restoreState()

    def cut_contour(self, path: Path, width_mm: float = 0.25) -> None:
        """Stroke ``path`` in the spot colour ``CutContour`` (a Separation, 100% tint, shown as magenta),
        overprinting: the die line a print shop's cutter follows, which prints on nothing. reportlab
        writes it: a CMYKColorSep with a spotName and the canvas's setStrokeOverprint."""
        from reportlab.lib.colors import CMYKColorSep  # print shop (the die line) only

        c = self._canvas
        c.saveState()
        c.setStrokeColor(CMYKColorSep(0, 1, 0, 0, spotName=CUT_CONTOUR, density=1))
        c.setStrokeOverprint(True)
        c.setOverprintMask(True)
        c.setLineWidth(width_mm)
        c.setLineJoin(JOIN["round"])
        c.setDash([], 0)
        c.drawPath(self._rl_path(path), stroke=1, fill=0)
        c.restoreState()

    def text(self, x_mm, y_mm, text, *, size_pt, font="regular", fill="#000000", anchor="start"):
        if not text:
            return
        known = self._text_codes.get((font, size_pt))
        if known is None:
            size_pt = snap(size_pt)  # every size from the one type scale
            known = self._text_codes[(font, size_pt)] = (fonts.pdf_name(font), size_pt * MM_PER_PT)
        name, size = known
        c = self._canvas
        if anchor != "start":
            width = c.stringWidth(text, name, size)
            x_mm -= width / 2 if anchor == "middle" else width
        glyphs = self._glyphs(name, size, text)
        if glyphs is None:  # a text object's code this writer does not know how to reuse: as it comes
            t = c.beginText()
            t.setTextTransform(1, 0, 0, -1, x_mm, y_mm)
            t.setFont(name, size)
            t.setFillColor(colour_object(fill, self._cmyk))
            t.textOut(text)
            c.drawText(t)
            self._fill = None  # set inside the text object: not known to the canvas's state
            return
        # the line as a text object writes it (the flipped matrix, the colour, the font and glyphs),
        # its colour only where it changes: a colour set inside a text object stays set after it
        colour = fill_code(fill, self._cmyk)
        if colour == self._fill:
            c.addLiteral(f"BT 1 0 0 -1 {fp_str(x_mm, y_mm)} Tm {glyphs} ET")
        else:
            self._fill = colour
            c.addLiteral(f"BT 1 0 0 -1 {fp_str(x_mm, y_mm)} Tm {colour} {glyphs} ET")

    def _glyphs(self, name: str, size: float, text: str) -> str | None:
        """The operators that set ``text`` in the font and size (each run of glyphs in one of the
        font's subsets: its name, size and leading, then its codes), as reportlab's text object
        writes them, or None where its code is not the shape read here. reportlab gives a character
        its code in a document the first time a text object sets it, and keeps it: each character's
        code is read once per font from a text object setting it alone, and each distinct line is
        made once per document (a deck repeats its rules text on every card)."""
        key = (name, size, text)
        if key in self._encoded:
            done = self._encoded[key]
        else:
            codes = self._codes.setdefault(name, {})
            runs: list[tuple[str, bytearray]] = []
            for ch in text:
                code = codes.get(ch)
                if code is None:
                    code = codes[ch] = self._code_of(name, ch)
                if code is None:
                    runs = []
                    break
                if runs and runs[-1][0] == code[0]:
                    runs[-1][1].append(code[1])
                else:
                    runs.append((code[0], bytearray((code[1],))))
            tf = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
            done = " ".join(f"{subset} {tf} ({escapePDF(bytes(chars))}) Tj" for subset, chars in runs) or None
            if len(self._encoded) >= 4096:
                self._encoded.clear()
            self._encoded[key] = done
        return done

    def _code_of(self, name: str, ch: str) -> tuple[str, int] | None:
        """The subset and code reportlab's text object gives ``ch`` in this document (giving it one,
        as setting it in a line would), read off the text object's own operators; None where they are
        not one glyph code in one subset (then lines in this font are written by text objects whole)."""
        t = self._canvas.beginText()
        t.setFont(name, 10)
        t.textOut(ch)
        found = ONE_GLYPH.fullmatch(t.getCode())
        if found is None:
            return None
        code = unescape_pdf(found.group(2))
        return (found.group(1), code[0]) if len(code) == 1 else None

    def image(self, path, x_mm, y_mm, w_mm, h_mm):
        from ..source.pictures import (  # a picture: a game without one never loads it
            is_svg,
            svg_drawing,
        )

        c = self._canvas
        c.saveState()
        c.translate(x_mm, y_mm + h_mm)
        c.scale(1, -1)  # pictures are stored y-up
        if is_svg(path):
            # an SVG picture stays vector: svglib's drawing, recorded once as a form XObject
            drawing = svg_drawing(path)
            name = self._images.get(path)
            if name is None:
                name = self._images[path] = f"Img{len(self._images)}"
                from reportlab.graphics import renderPDF  # an SVG picture only

                from .cmyk import cmyk_drawing, own_fonts

                drawing = cmyk_drawing(drawing) if self._cmyk else own_fonts(drawing)
                c.beginForm(name, 0, 0, drawing.width, drawing.height)
                renderPDF.draw(drawing, c, 0, 0)
                c.endForm()
            c.scale(w_mm / drawing.width, h_mm / drawing.height)
            c.doForm(name)
        else:
            # reportlab stores a file's pixels once per document (keyed by a digest of its content)
            if self._cmyk:  # CMYK pixels, alpha as a hard colour-key mask (no soft mask)
                from reportlab.lib.utils import ImageReader

                from .cmyk import cmyk_picture  # a picture only

                pixels, key = cmyk_picture(path)
                c.drawImage(ImageReader(pixels), 0, 0, w_mm, h_mm, mask=key)
            else:
                self._raster(path, w_mm, h_mm)
        c.restoreState()

    def _raster(self, path: str, w_mm: float, h_mm: float) -> None:
        """A PNG or JPEG picture, its pixels stored once per document under a name made from its
        content (given a file name, reportlab would name them by a digest of the path, so the same
        game built from another folder would give other bytes). Later uses place the stored pixels
        by that name, without digesting them again."""
        c = self._canvas
        name = self._rasters.get(path)
        if name is None:
            from reportlab.lib.utils import ImageReader  # a picture only

            made: Any = {"name": None}  # drawImage writes the image's name here
            c.drawImage(ImageReader(path), 0, 0, w_mm, h_mm, mask="auto", extraReturn=made)
            self._rasters[path] = made["name"]
            return
        c.saveState()  # what drawImage writes for a stored picture
        c.translate(0, 0)
        c.scale(w_mm, h_mm)
        c.doForm(name)
        c.restoreState()

    # -- reuse ----------------------------------------------------------------------------------
    def has(self, name):
        return name in self._forms

    def define(self, name, bbox_mm, draw: Callable[[Surface], object]):
        if name in self._forms:
            return
        self._forms[name] = f"F{len(self._forms)}"
        x0, y0, x1, y1 = bbox_mm
        c = self._canvas
        c.beginForm(self._forms[name], x0, y0, x1, y1)
        outer = (self._fill, self._stroke, self._states)
        self._fill = self._stroke = None  # a form starts in the state of wherever it is placed
        self._states = []
        try:
            draw(self)
        finally:  # a drawing that raises leaves the page's own state as it was (its error, not a stray one)
            self._fill, self._stroke, self._states = outer
        c.endForm()

    def use(self, name, x_mm=0.0, y_mm=0.0):
        c = self._canvas
        if not (x_mm or y_mm):  # a form's Do saves and restores the graphics state itself
            c.doForm(self._forms[name])
            return
        c.saveState()
        c.translate(x_mm, y_mm)
        c.doForm(self._forms[name])
        c.restoreState()
