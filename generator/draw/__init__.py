"""The one drawing vocabulary (:mod:`surface`) and its two backends (:mod:`pdf`, :mod:`svg`)."""

from .surface import Path, Style, Surface, MM_PER_PT, PT_PER_MM

__all__ = ["Path", "Style", "Surface", "MM_PER_PT", "PT_PER_MM"]
