"""The PDF backend: reportlab's canvas, in invariant mode so the same input gives the same bytes.

Two writers draw the same pages: :class:`PublicPdfSurface` (generator/draw/pdf_public.py) through
reportlab's public calls only, and :class:`DirectPdfSurface` (generator/draw/pdf_direct.py), which
writes the content stream, the document's fonts and its page dictionaries itself through reportlab's
private parts: the same files, byte for byte, at a fraction of the cost, on the releases it was
checked on. ``PdfSurface`` is the one to use on the reportlab installed.
"""

from __future__ import annotations

import reportlab

from .pdf_direct import DirectPdfSurface
from .pdf_public import PublicPdfSurface

__all__ = ["DIRECT_WRITING_FOR", "DirectPdfSurface", "PdfSurface", "PublicPdfSurface", "surface_for"]

# The reportlab releases DirectPdfSurface was written for and checked against (every kit
# byte-identical to the files made before). On any other release PdfSurface is PublicPdfSurface (the
# same pictures, not the same bytes: a text object writes its origin and colour every time), and
# tests/test_private_apis.py fails until the new release is checked and added here.
DIRECT_WRITING_FOR = ("5.1.0",)


def surface_for(release: str) -> type[PublicPdfSurface]:
    """The document writer for a reportlab release: the direct one on a release it was checked on,
    the public one on any other."""
    return DirectPdfSurface if release in DIRECT_WRITING_FOR else PublicPdfSurface


PdfSurface = surface_for(reportlab.Version)
