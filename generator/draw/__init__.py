"""The one drawing vocabulary (:mod:`surface`) and its two backends (:mod:`pdf`, :mod:`svg`)."""

from .surface import MM_PER_PT, PT_PER_MM, Path, Style, Surface

__all__ = ["Path", "Style", "Surface", "MM_PER_PT", "PT_PER_MM"]
