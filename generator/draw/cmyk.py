"""Print-shop colour for the PDF backend: every colour as DeviceCMYK, nothing translucent, and the
PDF/X-1a:2003 parts a print shop checks (an OutputIntent, XMP metadata, the Info keys).

reportlab does the writing: its canvas takes a colour hook (``enforceColorSpace``) that every
``setFillColor``/``setStrokeColor`` of the canvas and of its text objects passes through, and it
writes a catalog entry, a metadata stream and the Info dictionary we give it. The backend's own fast
paths (``_fill_code``) ask :func:`cmyk_of` directly.

RGB to CMYK is the plain device conversion with full black generation (K = 1 - max(R, G, B), the rest
of each channel under it): black and greys print on the black plate alone, and no colour carries more
than 300% ink (the SWOP limit). It is not colour-managed: no free CMYK ICC profile ships in Debian or
on PyPI under a licence we can bundle (Ghostscript's default_cmyk.icc is AGPL), and PDF/X-1a needs none
when the OutputIntent names a registered characterization, as ours does (CGATS TR 001, SWOP coated).
A shop proofing against SWOP will show saturated colours a little differently from the screen.

Translucency becomes its opaque equivalent over paper: a colour at opacity ``a`` is drawn as the
colour mixed ``a`` to ``1 - a`` with white. A picture's alpha becomes a hard-edged colour-key mask (cut
where alpha is under one half), which PDF/X-1a allows, where a soft mask is transparency.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

import reportlab
from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, toColor
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDate,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFStream,
    PDFString,
)

from ..base.errors import BuildError
from . import fonts

# The printing condition named in the OutputIntent: SWOP coated, as DriveThruCards asks ("US Web Coated
# (SWOP) v2" in Acrobat); CGATS TR 001 is its name in the ICC's registry of characterizations.
OUTPUT_CONDITION_ID = "CGATS TR 001"
OUTPUT_CONDITION = "SWOP (Publication) Grade 1 coated paper, 300% total ink"
REGISTRY = "http://www.color.org"
PDFX_VERSION = "PDF/X-1a:2003"


def rgb_to_cmyk(r: int, g: int, b: int) -> tuple[int, int, int, int]:
    """0-255 RGB to 0-255 CMYK with full black generation, in whole numbers (the pictures use the very
    same arithmetic, so a flat colour in a picture and a vector fill of it print alike)."""
    top = max(r, g, b)
    if top == 0:
        return (0, 0, 0, 255)
    return (((top - r) * 255 + top // 2) // top, ((top - g) * 255 + top // 2) // top,
            ((top - b) * 255 + top // 2) // top, 255 - top)


def _over_white(r: float, g: float, b: float, alpha: float) -> tuple[float, float, float]:
    return (r * alpha + (1 - alpha), g * alpha + (1 - alpha), b * alpha + (1 - alpha))


@lru_cache(maxsize=None)
def cmyk_of(hex_colour: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    """A ``#rrggbb`` colour (at ``alpha`` over white) as C, M, Y, K fractions."""
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return _cmyk_fractions(*_over_white(r, g, b, alpha))


def _cmyk_fractions(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    ints = rgb_to_cmyk(*(max(0, min(255, round(v * 255))) for v in (r, g, b)))
    return tuple(round(v / 255, 4) for v in ints)  # type: ignore[return-value]


def enforce(colour) -> CMYKColor:
    """reportlab's colour hook: any colour (a name, an RGB Color, one with alpha) as an opaque CMYKColor."""
    c = toColor(colour)
    if isinstance(c, CMYKColorSep) and c.spotName:  # a spot colour (the CutContour die line) stays one
        return c
    alpha = getattr(c, "alpha", 1) if getattr(c, "alpha", 1) is not None else 1
    if isinstance(c, CMYKColor):
        if alpha >= 1 and type(c) is CMYKColor:
            return c
        r, g, b = c.rgb()
    else:
        r, g, b = c.red, c.green, c.blue
    cyan, magenta, yellow, black = _cmyk_fractions(*_over_white(r, g, b, float(alpha)))
    return CMYKColor(cyan, magenta, yellow, black)


def opaque_style(style):
    """A translucent Style as the opaque one that prints the same over white paper."""
    a = style.opacity
    return style.replace(opacity=1.0, fill=_mix_hex(style.fill, a), stroke=_mix_hex(style.stroke, a))


def _mix_hex(colour: str | None, alpha: float) -> str | None:
    if colour is None:
        return None
    h = colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in _over_white(r, g, b, alpha))


# -- pictures -------------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def cmyk_picture(path: str):
    """A raster picture as (Pillow CMYK image, colour-key mask or None), alpha made a hard mask."""
    from PIL import (  # raster pictures only: a build without them never loads Pillow
        Image,
        ImageChops,
        ImageMath,
    )

    with Image.open(path) as im:
        im.load()
        if im.mode == "CMYK":
            return im.copy(), None
        rgba = im.convert("RGBA")
    r, g, b, a = rgba.split()
    top = ImageChops.lighter(ImageChops.lighter(r, g), b)

    def channel(x):
        # (top - x) * 255 / top, rounded, 0 where top is 0: rgb_to_cmyk's arithmetic, pixel by pixel
        return ImageMath.lambda_eval(lambda e: ((e["t"] - e["x"]) * 255 + e["t"] / 2) / e["max"](e["t"], 1),
                                     t=top, x=x).convert("L")
    c, m, y = channel(r), channel(g), channel(b)
    k = ImageChops.invert(top)
    mask = None
    clear = a.point(lambda v: 255 if v < 128 else 0)  # where the picture is (mostly) see-through
    if clear.getbbox() is not None:
        # a cyan value no opaque pixel has marks the clear pixels (a colour-key /Mask): if all 256 are
        # used, the opaque pixels of the rarest one move one step (1/255 of cyan: not visible)
        opaque_c = Image.composite(Image.new("L", c.size, 0), c, clear)
        counts = opaque_c.histogram()
        counts[0] -= clear.histogram()[255]  # the clear pixels were counted at 0
        key = min(range(256), key=lambda v: (counts[v], v))
        if counts[key]:
            step = key + 1 if key < 255 else key - 1
            c = c.point(lambda v: step if v == key else v)
        c = Image.composite(Image.new("L", c.size, key), c, clear)
        mask = [key, key, 0, 255, 0, 255, 0, 255]
    return Image.merge("CMYK", (c, m, y, k)), mask


def cmyk_drawing(drawing):
    """A copy of an svglib drawing with every colour CMYK and opacity folded into the colours."""
    d = own_fonts(drawing)

    def visit(node) -> None:
        for colour_key, opacity_key in (("fillColor", "fillOpacity"), ("strokeColor", "strokeOpacity")):
            colour = getattr(node, colour_key, None)
            opacity = getattr(node, opacity_key, None)
            if isinstance(colour, Color):
                a = float(colour.alpha if colour.alpha is not None else 1) * float(1 if opacity is None else opacity)
                r, g, b = colour.rgb()
                setattr(node, colour_key, CMYKColor(*_cmyk_fractions(*_over_white(r, g, b, a))))
            if opacity is not None:
                setattr(node, opacity_key, 1)
        for child in getattr(node, "contents", None) or ():
            visit(child)
    visit(d)
    return d


def own_fonts(drawing):
    """A copy of an svglib drawing whose text is set in our embedded fonts: svglib and reportlab's
    renderer name the PDF standard fonts (Helvetica), which are never embedded."""
    d = copy.deepcopy(drawing)
    d.initialFontName = fonts.pdf_name("regular")  # the renderer's starting font (else Helvetica)

    def visit(node) -> None:
        name = getattr(node, "fontName", None)
        if name is not None:
            node.fontName = fonts.pdf_name("bold" if "bold" in str(name).lower() else "regular")
        for child in getattr(node, "contents", None) or ():
            visit(child)
    visit(d)
    return d


# -- PDF/X ----------------------------------------------------------------------------------------

# reportlab has no public call for two of the PDF/X parts: a catalog entry it does not know
# (OutputIntents: setCatalogEntry sets an attribute its catalog never writes) and an Info key of one's
# own (GTS_PDFXVersion). make_pdfx sets both on the canvas's document (``canvas._doc``), which another
# release may lay out differently, so the finished file is checked (pdfx_problems) rather than the
# release trusted: a print-shop PDF without its parts is never written.


class PdfxMissing(BuildError):
    """A print-shop PDF that came out without its PDF/X parts."""


def make_pdfx(canvas, title: str, author: str, subject: str) -> None:
    """Give a reportlab canvas the PDF/X-1a:2003 document parts: the OutputIntent, the Info keys
    (GTS_PDFXVersion; Trapped is False, as reportlab writes it) and the XMP metadata that repeats them.
    reportlab writes them with the rest of the file (no second pass through another PDF library)."""
    xmp = PDFStream(PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}),
                    _xmp(title, author, subject).encode("utf-8"), filters=[])
    canvas.setCatalogEntry("Metadata", xmp)  # a catalog key reportlab writes: the public call
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION_ID), "RegistryName": PDFString(REGISTRY),
        "OutputCondition": PDFString(OUTPUT_CONDITION), "Info": PDFString(OUTPUT_CONDITION),
    })
    try:  # reportlab's catalog writes only the keys it knows, and its defaults: OutputIntents goes there
        catalog = canvas._doc.Catalog
        catalog.__Defaults__ = dict(catalog.__Defaults__, OutputIntents=PDFArray([intent]))
        canvas._doc.info.__class__ = _PdfxInfo
    except (AttributeError, TypeError):  # another layout of reportlab's document: pdfx_problems says so
        pass


def pdfx_problems(data: bytes) -> list[str]:
    """What a finished print-shop PDF lacks of PDF/X-1a:2003, read back from its bytes (pypdf, strict:
    a damaged file is a problem too); empty when it has every part make_pdfx gives it."""
    import io  # print shop only: a home build never loads pypdf

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data), strict=True)
        root: Any = reader.trailer["/Root"].get_object()  # pypdf types these as any PDF object
        info: Any = reader.trailer["/Info"].get_object()
        intents = [i.get_object() for i in root.get("/OutputIntents", [])]
        problems = []
        if not any(i.get("/S") == "/GTS_PDFX" and i.get("/OutputConditionIdentifier") == OUTPUT_CONDITION_ID
                   for i in intents):
            problems.append("the OutputIntent")
        if info.get("/GTS_PDFXVersion") != PDFX_VERSION:
            problems.append("the Info key GTS_PDFXVersion")
        if info.get("/Trapped") != "/False":
            problems.append("the Info key Trapped")
        if b"GTS_PDFXVersion" not in root["/Metadata"].get_object().get_data():
            problems.append("the XMP metadata")
        return problems
    except (PdfReadError, KeyError, AttributeError, ValueError) as err:
        return [f"a file pypdf can read ({type(err).__name__}: {err})"]


def check_pdfx(data: bytes) -> bytes:
    """``data`` if it is a whole PDF/X-1a file, else the build stops in one message."""
    problems = pdfx_problems(data)
    if problems:
        raise PdfxMissing(f"--print-shop: reportlab {reportlab.Version} wrote the print-shop PDF without "
                          f"{', '.join(problems)}; build without --print-shop, and please report it")
    return data


def _pdfx_info_class():
    class PdfxInfo(PDFInfo):
        """reportlab's Info dictionary (the same keys as PDFInfo.format writes) and GTS_PDFXVersion."""

        def format(self, document):
            date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
            return PDFDictionary({
                "Title": PDFString(self.title), "Author": PDFString(self.author),
                "Subject": PDFString(self.subject), "Keywords": PDFString(self.keywords),
                "Creator": PDFString(self.creator), "Producer": PDFString(self.producer),
                "CreationDate": date, "ModDate": date, "Trapped": PDFName(self.trapped),
                "GTS_PDFXVersion": PDFString(PDFX_VERSION),
            }).format(document)
    return PdfxInfo


_PdfxInfo = _pdfx_info_class()

# reportlab's invariant mode dates every document 2000-01-01 00:00 UTC (same input, same bytes)
_DATE = "2000-01-01T00:00:00+00:00"


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _xmp(title: str, author: str, subject: str) -> str:
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
    xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{_esc(title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>{_esc(author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">{_esc(subject)}</rdf:li></rdf:Alt></dc:description>
   <xmp:CreateDate>{_DATE}</xmp:CreateDate>
   <xmp:ModifyDate>{_DATE}</xmp:ModifyDate>
   <xmp:MetadataDate>{_DATE}</xmp:MetadataDate>
   <xmp:CreatorTool>pnpforge</xmp:CreatorTool>
   <pdf:Producer>pnpforge (reportlab)</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
   <pdfx:GTS_PDFXVersion>{PDFX_VERSION}</pdfx:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
