"""Text sizes as printed: every text run of a PDF with its size in points on the page (the font size
times the text and graphics matrices' scale, through Form XObjects), read with pypdf."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class Run:
    page: int  # 1-based
    size_pt: float
    text: str


def _mul(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _text(operands, op) -> str:
    if op == "TJ":
        parts = operands[0]
    else:
        parts = operands[-1:]
    out = []
    for p in parts:
        if isinstance(p, (bytes, str)) or hasattr(p, "original_bytes"):
            raw = p.original_bytes if hasattr(p, "original_bytes") else p
            out.append(raw.decode("latin-1") if isinstance(raw, bytes) else str(raw))
    return "".join(out)


def _walk(reader, resources, content, ctm, page_no, runs, depth=0):
    stack = []
    tm = (1, 0, 0, 1, 0, 0)
    size = 0.0
    ops = ContentStream(content, reader).operations
    for operands, op in ops:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop() if stack else ctm
        elif op == "cm":
            ctm = _mul(tuple(float(x) for x in operands), ctm)
        elif op == "BT":
            tm = (1, 0, 0, 1, 0, 0)
        elif op == "Tm":
            tm = tuple(float(x) for x in operands)
        elif op == "Tf":
            size = float(operands[1])
        elif op in ("Tj", "TJ", "'", '"'):
            text = _text(operands, op)
            if text.strip():
                a, b, c, d, _, _ = _mul(tm, ctm)
                runs.append(Run(page_no, round(size * math.sqrt(abs(a * d - b * c)), 2), text))
        elif op == "Do" and depth < 8:
            xobjs = resources.get("/XObject") if resources else None
            if xobjs is None:
                continue
            xo = xobjs[operands[0]].get_object()
            if xo.get("/Subtype") != "/Form":
                continue
            matrix = tuple(float(x) for x in xo.get("/Matrix", [1, 0, 0, 1, 0, 0]))
            res = xo.get("/Resources")
            res = res.get_object() if res is not None else resources
            _walk(reader, res, xo, _mul(matrix, ctm), page_no, runs, depth + 1)


def text_runs(pdf: Path | str) -> list[Run]:
    """Every shown text run of every page, with its printed size in points."""
    reader = PdfReader(str(pdf))
    runs: list[Run] = []
    for i, page in enumerate(reader.pages):
        res = page.get("/Resources")
        res = res.get_object() if res is not None else None
        content = page.get_contents()
        if content is None:
            continue
        _walk(reader, res, content, (1, 0, 0, 1, 0, 0), i + 1, runs)
    return runs
