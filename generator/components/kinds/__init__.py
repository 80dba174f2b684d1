"""The component kinds: one module a kind, each registering its declaration (:class:`~generator.model.
kinds.ComponentKind`: its word, family, outline, defaults, the keys it refuses, and its drawing) with
the model. Importing this package imports every module in it, so a new kind is one new file here
(and its rows in docs/data-format.md); :mod:`generator.build.loading` imports it before any game is
read. The drawing each declares is loaded only when a piece of the kind is drawn."""

from __future__ import annotations

import importlib
import os

from ...model.kinds import KINDS

for _name in sorted(os.listdir(os.path.dirname(__file__))):
    if _name.endswith(".py") and _name != "__init__.py":
        importlib.import_module(f"{__name__}.{_name[:-3]}")

__all__ = ["KINDS"]
