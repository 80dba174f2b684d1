"""What the solo engine (solo/) uses of the generator, in one place: the drawing surfaces and their
units, fonts, the scale bar every printed page carries, YAML read with file:line, atomic file
writing, the bundled resources, and the errors a user can cause. solo/ imports nothing else of
generator/ (tests/test_architecture.py holds it), so the generator's house can change behind this."""

from __future__ import annotations

from .base.errors import DataError, PnpError, UsageError
from .draw import fonts
from .draw.pdf import PdfSurface
from .draw.surface import MM_PER_PT, Path, Style, Surface
from .draw.svg import SvgSurface
from .layout.page import scale_bar
from .source import resources
from .source.fileio import check_replaceable, write_atomic
from .source.yamlsrc import LIMITS, YList, YMap, load_yaml, loads

__all__ = ["LIMITS", "MM_PER_PT", "DataError", "Path", "PdfSurface", "PnpError", "Style", "Surface", "SvgSurface",
           "UsageError", "YList", "YMap", "check_replaceable", "fonts", "load_yaml", "loads", "resources",
           "scale_bar", "write_atomic"]
