"""The PDF backend's direct writer (see generator.draw.pdf): what reportlab's calls write, appended to
the canvas's own content stream without their bookkeeping. It reads and writes reportlab's private
parts, so it is used only on the reportlab releases it was checked on."""

from __future__ import annotations

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfdoc import PDFArray, PDFObject
from reportlab.pdfbase.pdfdoc import format as pdf_format
from reportlab.pdfgen.canvas import PATH_OPS

from ..typescale import snap
from . import fonts
from .pdf_public import CAP, JOIN, HexColor, PublicPdfSurface, fill_code, is_truetype, stroke_code, ttf_font
from .surface import MM_PER_PT, Path, Style

_PATH_OP = {"M": "m", "L": "l", "C": "c"}


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
        style = self._paint(path, style)
        if style is None:
            return
        c = self._canvas
        code = c._code
        if not self._alpha_noted:  # what setFillAlpha(1) does even when it writes nothing: PDF 1.4
            c._doc.ensureMinPdfVersion("transparency")
            self._alpha_noted = True
        # the same operators reportlab's setFillColor, setLineWidth ... and drawPath write, with the
        # style's part formatted once per style rather than once per path
        if style.fill is not None:
            fill = fill_code(style.fill, self._cmyk)
            if fill != self._fill:
                c._fillColorObj = HexColor(style.fill)
                code.append(fill)
                self._fill = fill
            if c._extgstate.getValue("ca") != 1:
                c.setFillAlpha(1)  # as setFillColor does for an opaque colour (it writes nothing if 1)
        if style.stroke is not None:
            stroke = stroke_code(style.stroke, style.width_mm, style.join, style.cap, style.dash_mm, self._cmyk)
            if stroke != self._stroke:
                c._strokeColorObj = HexColor(style.stroke)
                c._lineWidth = style.width_mm
                c._lineJoin = JOIN.get(style.join, 0)
                c._lineCap = CAP.get(style.cap, 0)
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
            known = self._text_codes[(font, size_pt)] = (name, size_pt * MM_PER_PT, is_truetype(name))
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
        colour = fill_code(fill, self._cmyk)
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
        font = ttf_font(name)
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
            font_name = self._subset_names[(name, subset)] = ttf_font(name).getSubsetInternalName(subset, self._canvas._doc)
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
