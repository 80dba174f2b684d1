"""The PDF backend: reportlab's canvas, in invariant mode so the same input gives the same bytes."""

from __future__ import annotations

import io
from typing import Callable

from functools import lru_cache

import reportlab
from reportlab import rl_config

from reportlab.lib.colors import HexColor as _HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfdoc import PDFArray, PDFObject
from reportlab.pdfbase.pdfdoc import format as pdf_format
from reportlab.pdfgen.canvas import PATH_OPS, Canvas

from ..typescale import snap
from . import fonts
from .surface import MM_PER_PT, PT_PER_MM, Path, Style, Surface

# The reportlab releases DirectPdfSurface was written for and checked against (every kit
# byte-identical to the files made before): it writes the canvas's content stream, the document's
# fonts and its page dictionaries itself, through reportlab's private parts. On any other release
# PdfSurface is PublicPdfSurface (reportlab's public calls only: the same pictures, not the same
# bytes); tests/test_pdf_backend.py fails until the new release is checked and added here.
DIRECT_WRITING_FOR = ("5.1.0",)


@lru_cache(maxsize=None)
def HexColor(value: str):  # noqa: N802 - reportlab's name, cached: a kit repeats few colours
    return _HexColor(value)


@lru_cache(maxsize=None)
def _ttf(name: str):
    from reportlab.pdfbase.pdfmetrics import getFont

    return getFont(name)


@lru_cache(maxsize=None)
def _dynamic(name: str) -> bool:
    """A TrueType font (reportlab subsets it as it goes), as every font we register is."""
    from reportlab.pdfbase.pdfmetrics import getFont
    from reportlab.pdfbase.ttfonts import TTFont

    return isinstance(getFont(name), TTFont)


@lru_cache(maxsize=None)
def _colour(value: str, cmyk: bool):
    """The colour object reportlab's setFillColor and setStrokeColor take: what _fill_code writes."""
    if cmyk:
        from reportlab.lib.colors import CMYKColor

        from .cmyk import cmyk_of

        return CMYKColor(*cmyk_of(value))
    return HexColor(value)


_PATH_OP = {"M": "m", "L": "l", "C": "c"}


@lru_cache(maxsize=None)
def _fill_code(fill: str, cmyk: bool = False) -> str:
    if cmyk:  # a print-shop file (draw/cmyk.py)
        from .cmyk import cmyk_of

        return f"{fp_str(cmyk_of(fill))} k"
    c = HexColor(fill)
    return f"{fp_str((c.red, c.green, c.blue))} rg"


@lru_cache(maxsize=None)
def _stroke_code(stroke: str, width: float, join: str, cap: str, dash: tuple | None, cmyk: bool = False) -> str:
    if cmyk:
        from .cmyk import cmyk_of

        colour = f"{fp_str(cmyk_of(stroke))} K"
    else:
        c = HexColor(stroke)
        colour = f"{fp_str((c.red, c.green, c.blue))} RG"
    return "\n".join((colour, f"{fp_str(width)} w", f"{_JOIN.get(join, 0)} j",
                      f"{_CAP.get(cap, 0)} J", f"[{fp_str(list(dash) if dash else [])}] 0 d"))


_JOIN = {"miter": 0, "round": 1, "bevel": 2}
_CAP = {"butt": 0, "round": 1, "square": 2}


def _num(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".") or "0"


class _Deflated:
    """A Flate filter whose content is compressed already (see PdfSurface._deflate_last_page)."""

    pdfname = "FlateDecode"

    @staticmethod
    def deflate(text: str) -> bytes:
        import zlib

        return zlib.compress(text.encode("utf8"))  # what reportlab's PDFZCompress.encode does

    def encode(self, content: bytes) -> bytes:
        return content


_DEFLATED = _Deflated()


class _Formatted(PDFObject):
    """A part of a page dictionary that many pages share, written into each page as it was written
    into the first (formatted once: its references are numbered the first time)."""

    def __init__(self, obj):
        self.obj = obj
        self.done: bytes | None = None

    def format(self, document):
        if self.done is None:
            self.done = pdf_format(self.obj, document)
        return self.done
_PATH_CODES: dict[tuple, str] = {}


def _format_path(path: Path) -> str:
    parts = ["n"]
    add = parts.append
    for op in path.ops:
        kind = op[0]
        if kind == "Z":
            add("h")
        else:
            add(f"{fp_str(*op[1:])} {_PATH_OP[kind]}")
    return " ".join(parts)


class PublicPdfSurface(Surface):
    """Draws into one PDF document through reportlab's public calls. Forms (``define``/``use``)
    become PDF form XObjects."""

    def __init__(self, title: str = "", author: str = "", subject: str = "",
                 viewer_prefs: dict[str, str] | None = None, print_shop: bool = False):
        rl_config.useA85 = 0  # binary compressed streams: smaller files, no ASCII85 pass
        self._buffer = io.BytesIO()
        # print_shop: every colour CMYK, nothing translucent, PDF/X-1a parts (draw/cmyk.py)
        self._cmyk = print_shop
        hook = {}
        if print_shop:
            from .cmyk import enforce

            hook = {"enforceColorSpace": enforce}  # every colour the canvas or a text object sets
        # reportlab selects its initial font at every page start and would name Helvetica (not
        # embedded) in every PDF: start each page on our embedded regular font instead
        self._canvas = Canvas(self._buffer, invariant=1, pageCompression=1,
                              initialFontName=fonts.pdf_name("regular"), initialFontSize=10, **hook)
        if print_shop:
            from .cmyk import make_pdfx

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
        self._codes: dict[str, tuple] = {}  # font -> (character -> (subset, code), subset 0's table)
        self._subset_names: dict[tuple[str, int], str] = {}  # (font, subset) -> its name in the PDF
        self._encoded: dict[tuple[str, float, str], str] = {}  # (font, size, text) -> operators
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
        self._text_codes: dict[tuple[str, float], tuple[str, float, bool]] = {}  # (font, pt) -> (name, mm, TrueType)
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
        return self._canvas.getpdfdata()  # what save() writes into the buffer, without that copy

    # -- state ----------------------------------------------------------------------------------
    def save(self):
        self._canvas.saveState()
        self._states.append((self._fill, self._stroke))

    def restore(self):
        self._canvas.restoreState()
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
        self._canvas.clipPath(self._rl_path(path), stroke=0, fill=0)

    # -- marks ----------------------------------------------------------------------------------
    def draw(self, path, style: Style):
        if not path.ops or (style.fill is None and style.stroke is None):
            return
        if self._cmyk and style.opacity < 1.0:
            from .cmyk import opaque_style

            style = opaque_style(style)
        c = self._canvas
        # a colour or line style already in force is not set again
        if style.fill is not None:
            fill = _fill_code(style.fill, self._cmyk)
            if fill != self._fill:
                c.setFillColor(_colour(style.fill, self._cmyk))
                self._fill = fill
            c.setFillAlpha(1)  # writes nothing when it is 1 already
        if style.stroke is not None:
            stroke = _stroke_code(style.stroke, style.width_mm, style.join, style.cap, style.dash_mm, self._cmyk)
            if stroke != self._stroke:
                c.setStrokeColor(_colour(style.stroke, self._cmyk))
                c.setLineWidth(style.width_mm)
                c.setLineJoin(_JOIN.get(style.join, 0))
                c.setLineCap(_CAP.get(style.cap, 0))
                c.setDash(list(style.dash_mm) if style.dash_mm else [], 0)
                self._stroke = stroke
            c.setStrokeAlpha(1)
        if style.opacity < 1.0:
            c.saveState()
            c.setFillAlpha(style.opacity)
            c.setStrokeAlpha(style.opacity)
        c.drawPath(self._rl_path(path), stroke=1 if style.stroke else 0, fill=1 if style.fill else 0, fillMode=0)
        if style.opacity < 1.0:
            c.restoreState()

    def text(self, x_mm, y_mm, text, *, size_pt, font="regular", fill="#000000", anchor="start"):
        if not text:
            return
        size_pt = snap(size_pt)  # every size from the one type scale
        name, size = fonts.pdf_name(font), size_pt * MM_PER_PT
        c = self._canvas
        if anchor != "start":
            width = c.stringWidth(text, name, size)
            x_mm -= width / 2 if anchor == "middle" else width
        t = c.beginText()
        t.setTextTransform(1, 0, 0, -1, x_mm, y_mm)
        t.setFont(name, size)
        t.setFillColor(_colour(fill, self._cmyk))
        t.textOut(text)
        c.drawText(t)
        self._fill = None  # set inside the text object: not known to the canvas's state

    def image(self, path, x_mm, y_mm, w_mm, h_mm):
        from ..components.images import is_svg, svg_drawing

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
                from reportlab.graphics import renderPDF

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
                from .cmyk import cmyk_picture

                from reportlab.lib.utils import ImageReader

                pixels, key = cmyk_picture(path)
                c.drawImage(ImageReader(pixels), 0, 0, w_mm, h_mm, mask=key)
            else:
                self._raster(path, w_mm, h_mm)
        c.restoreState()

    def _raster(self, path, w_mm, h_mm):
        """A PNG or JPEG picture, its pixels stored once per document under a name made from its
        content (given a file name, reportlab would name them by a digest of the path, so the same
        game built from another folder would give other bytes). Later uses place the stored pixels
        by that name, without digesting them again."""
        c = self._canvas
        name = self._rasters.get(path)
        if name is None:
            from reportlab.lib.utils import ImageReader

            made = {"name": None}
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

    def define(self, name, bbox_mm, draw: Callable[[Surface], None]):
        if name in self._forms:
            return
        self._forms[name] = f"F{len(self._forms)}"
        x0, y0, x1, y1 = bbox_mm
        c = self._canvas
        c.beginForm(self._forms[name], x0, y0, x1, y1)
        outer = (self._fill, self._stroke, self._states)
        self._fill = self._stroke = None  # a form starts in the state of wherever it is placed
        self._states = []
        draw(self)
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


class DirectPdfSurface(PublicPdfSurface):
    """The same drawing, its hot parts writing what reportlab's calls write without their bookkeeping:
    the content stream's operators appended to the canvas's own list, a TrueType line's glyph codes
    found as reportlab's ``_formatText`` finds them, each page's content compressed as it ends. It
    reads and writes reportlab's private parts, so it is used only on the releases in
    :data:`DIRECT_WRITING_FOR`, where its files are the ones the public calls give."""

    def end_page(self):
        super().end_page()
        self._deflate_last_page()

    def _deflate_last_page(self) -> None:
        """Compress the page's content stream now, as reportlab would when the document is saved
        (the same zlib call on the same bytes), so a 1,200-page deck does not hold every page's
        operators as text until then."""
        page = self._canvas._doc.Pages.pages[-1]
        # what reportlab makes anew for every page though pages share it (the forms a page uses, its
        # boxes, its empty transition): one object for all the pages that have the same, formatted
        # the same into each page (a 1,200-page deck held 5 MB of them until the file was written)
        shared = self._shared
        if page.XObjects is not None:
            page.XObjects = shared.setdefault(("xobjects", tuple(sorted(page.XObjects.dict))), page.XObjects)
        if page.Trans is not None and not page.Trans.dict:
            page.Trans = shared.setdefault("no transition", _Formatted(page.Trans))
        if page.MediaBox is None:  # as check_format sets it
            size = [0, 0, page.pageheight, page.pagewidth] if page.Rotate in (90, 270) else \
                [0, 0, page.pagewidth, page.pageheight]
            key = ("MediaBox", tuple(size))
            page.MediaBox = shared.get(key) or shared.setdefault(key, _Formatted(PDFArray(size)))
        for box in ("TrimBox", "BleedBox"):
            value = getattr(page, box)
            if value is not None:
                setattr(page, box, shared.setdefault((box, tuple(value.sequence)), _Formatted(value)))
        if page.Resources is None and not page.ExtGState and not page._colorsUsed and not page._shadingUsed:
            # the resources dictionary reportlab makes for each page as it writes the file (check_format)
            key = ("resources", id(page.XObjects), bool(page.hasImages))
            resources = shared.get(key)
            if resources is None:
                from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

                made = PDFResourceDictionary()
                made.basicFonts()
                if page.hasImages:
                    made.allProcs()
                if page.XObjects:
                    made.XObject = page.XObjects
                shared[("xobjects kept", id(page.XObjects))] = page.XObjects  # (its id stays its own)
                resources = shared[key] = _Formatted(made)
            page.Resources = resources
        if not (page.compression and page.stream) or rl_config.useA85 or page.Contents is not None:
            return
        from reportlab.pdfbase.pdfdoc import PDFStream

        stream = PDFStream()
        stream.filters = [_DEFLATED]
        stream.content = _DEFLATED.deflate(page.stream)
        stream.__Comment__ = "page stream"
        page.Contents = stream
        page.stream = None

    # -- state ----------------------------------------------------------------------------------
    # save and restore write the operators reportlab's saveState and restoreState write ("q", "Q")
    # without their bookkeeping (a copy of 22 state attributes per save: a fifth of a card's drawing
    # time). What that bookkeeping is for stays right: the fill and stroke alpha (the only state
    # reportlab writes differently from what it remembers) change only inside draw() and image(),
    # which save and restore through reportlab.
    def save(self):
        self._canvas._code.append("q")
        self._states.append((self._fill, self._stroke))

    def restore(self):
        self._canvas._code.append("Q")
        self._fill, self._stroke = self._states.pop()

    def translate(self, dx_mm, dy_mm):
        if dx_mm or dy_mm:
            code = self._canvas._code
            if code and code[-1][-3:] == " cm":
                self._canvas.translate(dx_mm, dy_mm)  # merged into the "cm" just written, as reportlab does
            else:  # what reportlab's translate writes, without its matrix bookkeeping (nothing reads it)
                code.append(f"1 0 0 1 {fp_str(dx_mm, dy_mm)} cm")

    @staticmethod
    def _path_code(path: Path) -> str:
        """The path's operators exactly as reportlab's path object writes them ("n" first, then
        moves, lines, curves and closes). Most paths recur (every card's ground and band at its own
        origin, every page's clips and crop marks): each distinct one is formatted once."""
        key = tuple(path.ops)
        code = _PATH_CODES.get(key)
        if code is None:
            code = _format_path(path)
            if len(_PATH_CODES) >= 4096:
                _PATH_CODES.clear()
            _PATH_CODES[key] = code
        return code

    def clip(self, path):
        self._canvas._code.append(f"{self._path_code(path)} W* n")  # what clipPath(stroke=0, fill=0) writes

    # -- marks ----------------------------------------------------------------------------------
    def draw(self, path, style: Style):
        if not path.ops or (style.fill is None and style.stroke is None):
            return
        if self._cmyk and style.opacity < 1.0:
            from .cmyk import opaque_style

            style = opaque_style(style)
        c = self._canvas
        code = c._code
        if not self._alpha_noted:  # what setFillAlpha(1) does even when it writes nothing: PDF 1.4
            c._doc.ensureMinPdfVersion("transparency")
            self._alpha_noted = True
        # the same operators reportlab's setFillColor, setLineWidth ... and drawPath write, with the
        # style's part formatted once per style rather than once per path
        if style.fill is not None:
            fill = _fill_code(style.fill, self._cmyk)
            if fill != self._fill:
                c._fillColorObj = HexColor(style.fill)
                code.append(fill)
                self._fill = fill
            if c._extgstate.getValue("ca") != 1:
                c.setFillAlpha(1)  # as setFillColor does for an opaque colour (it writes nothing if 1)
        if style.stroke is not None:
            stroke = _stroke_code(style.stroke, style.width_mm, style.join, style.cap, style.dash_mm, self._cmyk)
            if stroke != self._stroke:
                c._strokeColorObj = HexColor(style.stroke)
                c._lineWidth = style.width_mm
                c._lineJoin = _JOIN.get(style.join, 0)
                c._lineCap = _CAP.get(style.cap, 0)
                code.append(stroke)
                self._stroke = stroke
            if c._extgstate.getValue("CA") != 1:
                c.setStrokeAlpha(1)
        if style.opacity < 1.0:
            c.saveState()
            c.setFillAlpha(style.opacity)
            c.setStrokeAlpha(style.opacity)
        code.append(self._path_code(path))
        code.append(PATH_OPS[1 if style.stroke else 0, 1 if style.fill else 0, 0])
        if style.opacity < 1.0:
            c.restoreState()

    def text(self, x_mm, y_mm, text, *, size_pt, font="regular", fill="#000000", anchor="start"):
        if not text:
            return
        known = self._text_codes.get((font, size_pt))
        if known is None:
            size_pt = snap(size_pt)  # every size from the one type scale
            name = fonts.pdf_name(font)
            known = self._text_codes[(font, size_pt)] = (name, size_pt * MM_PER_PT, _dynamic(name))
        name, size, dynamic = known
        c = self._canvas
        if anchor != "start":
            width = c.stringWidth(text, name, size)
            x_mm -= width / 2 if anchor == "middle" else width
        if not dynamic:  # a font reportlab does not subset (none of ours): its own text object
            t = c.beginText()
            t.setTextTransform(1, 0, 0, -1, x_mm, y_mm)
            t.setFont(name, size)
            t.setFillColor(HexColor(fill))
            t.textOut(text)
            c.drawText(t)
            self._fill = None
            return
        # A TrueType line as reportlab's text object writes it ("BT", the flipped matrix, the colour,
        # the glyphs in their subsets, "ET"), without a graphics-state save per line; the colour only
        # where it changes (a colour set inside a text object stays set after it)
        colour = _fill_code(fill, self._cmyk)
        if colour == self._fill:
            c._code.append(f"BT 1 0 0 -1 {fp_str(x_mm, y_mm)} Tm {self._glyphs(name, size, text)} ET")
        else:
            self._fill = colour
            c._code.append(f"BT 1 0 0 -1 {fp_str(x_mm, y_mm)} Tm {colour} {self._glyphs(name, size, text)} ET")

    def _glyphs(self, name: str, size: float, text: str) -> str:
        """The text object's operators for ``text`` (font, size, glyph codes in the font's subsets), as
        reportlab's ``_formatText`` writes them. A character keeps its code in a document once given
        one, so the same line in the same font and size always encodes the same: each distinct line is
        encoded once per document (a deck repeats its rules text on every card)."""
        key = (name, size, text)
        done = self._encoded.get(key)
        if done is None:
            done = self._encode(name, size, text)
            if len(self._encoded) >= 4096:
                self._encoded.clear()
            self._encoded[key] = done
        return done

    def _encode(self, name: str, size: float, text: str) -> str:
        """``_formatText`` for a TrueType font, remembering each character's (subset, code) and each
        subset's font name per document: reportlab's splitString gives a character its code (in the
        text's order, as it would) the first time the document sets it, and is asked again never."""
        codes = self._codes.get(name)
        if codes is None:
            codes = self._codes[name] = ({}, {}, set())  # character -> (subset, code); subset 0's table
        known, first, in_first = codes
        tmpl = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
        if in_first.issuperset(text):  # every character coded in the first subset (nearly every line)
            return f"{self._subset_name(name, 0)} {tmpl} ({escapePDF(text.translate(first).encode('latin-1'))}) Tj"
        doc = self._canvas._doc
        font = _ttf(name)
        runs: list[tuple[int, list[int]]] = []
        for ch in text:
            code = known.get(ch)
            if code is None:
                ((subset, byte),) = font.splitString(ch, doc)
                code = known[ch] = (subset, byte[0])
                if subset == 0:
                    first[ord(ch)] = chr(byte[0])
                    in_first.add(ch)
            if runs and runs[-1][0] == code[0]:
                runs[-1][1].append(code[1])
            else:
                runs.append((code[0], [code[1]]))
        parts = []
        for subset, chars in runs:
            parts.append(f"{self._subset_name(name, subset)} {tmpl}")
            parts.append(f"({escapePDF(bytes(chars))}) Tj")
        return " ".join(parts)

    def _subset_name(self, name: str, subset: int) -> str:
        font_name = self._subset_names.get((name, subset))
        if font_name is None:  # the first use names the subset in the document: reportlab's call
            font_name = self._subset_names[(name, subset)] = _ttf(name).getSubsetInternalName(subset, self._canvas._doc)
        return font_name

    def use(self, name, x_mm=0.0, y_mm=0.0):
        code = self._canvas._code
        if not (x_mm or y_mm):  # a form's Do saves and restores the graphics state itself
            self._canvas.doForm(self._forms[name])
            return
        code.append("q")
        code.append(f"1 0 0 1 {fp_str(x_mm, y_mm)} cm")
        self._canvas.doForm(self._forms[name])
        code.append("Q")


def surface_for(release: str) -> type[PublicPdfSurface]:
    """The document writer for a reportlab release: the direct one on a release it was checked on,
    the public one on any other."""
    return DirectPdfSurface if release in DIRECT_WRITING_FOR else PublicPdfSurface


PdfSurface = surface_for(reportlab.Version)
