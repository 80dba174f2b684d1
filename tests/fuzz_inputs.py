"""Mutations of every input kind the game format reads besides its YAML, for tests/fuzzing.py:
pictures (PNG and JPEG bytes and headers, SVG text), fonts, spreadsheets (cells, rows, headers),
the project config (``pnpforge.yaml``) and the command line's values. Each maker takes a seeded
``random.Random`` and returns a :class:`Case`: files to write over a copy of a game folder, files
for the working folder, and the command's arguments. The same generator state always makes the
same case.

The seeds are the example wargame's own files (docs/example-wargame: art/seal.png, art/bridge.svg,
fonts/DejaVuSerifCondensed-Bold.ttf, oob.csv, red-oob.csv, events.csv), so an unmutated case builds.
"""

from __future__ import annotations

import io
import random
import re
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WARGAME = ROOT / "docs" / "example-wargame"
SMALL = ROOT / "docs" / "example-game"

# values a hostile or careless user gives where the format wants a number, a colour or a path
HUGE = ["1e308", "-1e308", "1.7976931348623157e308", "1e300", "-1e-308", "4e307"]
KEYWORDS = ["ink", "player-ink", "contrast", "none", "player", "transparent", "inherit", "currentColor"]
TAGS = ["!!bool maybe", "!!bool yes", "!!int 1e308", "!!float nan", "!!str", "!!null x", "!!timestamp 2020-13-45"]
CONTROL = ["\x00", "\x01", "\x07", "\x1b", "\x7f", "\x85", "\x9b", "\ufffe", "\ud800"]
NUL_PATHS = ['"art/se\\0al.png"', '"fonts/x\\0.ttf"', '"oob\\0.csv"', '"\\0"', "'" + "n" * 300 + ".png'",
             "'" + "d/" * 2100 + "x.png'", "'art/seal.png/'", "'.'", "'art'", "''"]


@dataclass
class Case:
    """What one case writes and runs: ``files`` over the copied game (relative path -> text, bytes, or
    ("sparse", size, head bytes)), ``cwd_files`` beside it, and the arguments after ``pnpforge``."""

    game: Path
    args: list[str]
    files: dict[str, object] = field(default_factory=dict)
    cwd_files: dict[str, object] = field(default_factory=dict)
    what: str = ""

    def spec(self) -> dict:
        return {"game": str(self.game), "args": self.args, "files": self.files, "cwd_files": self.cwd_files,
                "what": self.what}


def _cached(name: str, make) -> object:
    if name not in _CACHE:
        _CACHE[name] = make()
    return _CACHE[name]


_CACHE: dict[str, object] = {}


def _jpeg() -> bytes:
    """A small JPEG made from the example's PNG (the same bytes on every run of one Pillow)."""
    from PIL import Image

    with Image.open(WARGAME / "art" / "seal.png") as im:
        out = io.BytesIO()
        im.convert("RGB").save(out, "JPEG", quality=70)
    return out.getvalue()


def png(width: int, height: int, mode: int = 0) -> bytes:
    """A PNG of that size whose pixels are all zero (colour type ``mode``): small on disk whatever its size."""
    key = f"png {width} {height} {mode}"
    if key in _CACHE:
        return _CACHE[key]  # type: ignore[return-value]

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\x00" * (1 + width * {0: 1, 2: 3, 4: 2, 6: 4}[mode])
    per_block = max(1, 4_000_000 // len(row))
    block = row * min(per_block, height)
    packer = zlib.compressobj(9)
    parts, left = [], height
    while left > 0:
        take = min(left, per_block)
        parts.append(packer.compress(block[: take * len(row)]))
        left -= take
    parts.append(packer.flush())
    ihdr = struct.pack(">IIBBBBB", width, height, 8, mode, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b"")
    _CACHE[key] = out
    return out


def _flip(data: bytes, rng: random.Random, count: int, start: int = 0, end: int | None = None) -> bytes:
    out = bytearray(data)
    end = len(out) if end is None else min(end, len(out))
    for _ in range(count):
        if end > start:
            out[rng.randrange(start, end)] = rng.randrange(256)
    return bytes(out)


# -- pictures: PNG and JPEG ------------------------------------------------------------------------

SIZES = [(29_000_000, 1), (1, 29_000_000), (24_001, 10), (3_163, 3_163), (3_200, 3_200), (0, 0), (0, 5),
         (2**31 - 1, 2**31 - 1), (65_535, 65_535), (100_000, 100_000), (1, 1), (20_000, 20_000)]


def picture(rng: random.Random, build: bool) -> Case:
    """The wargame's event-card back picture (art/seal.png), its bytes or header mutated, or a PNG or
    JPEG of a hostile size, or another file under its name."""
    seal = (WARGAME / "art" / "seal.png").read_bytes()
    name = "art/seal.png"
    op = rng.randrange(9)
    if op == 0:
        data = _flip(seal, rng, rng.choice((1, 3, 20)))
        what = "png bytes flipped"
    elif op == 1:
        data = _flip(seal, rng, rng.choice((1, 2)), 8, 40)
        what = "png header bytes flipped"
    elif op == 2:
        w, h = rng.choice(SIZES)
        ihdr = struct.pack(">II", w, h)
        data = seal[:16] + ihdr + seal[24:]
        if rng.random() < 0.5:  # with a right checksum, so the header is believed
            body = data[12:29]
            data = data[:29] + struct.pack(">I", zlib.crc32(body)) + data[33:]
        what = f"png header says {w} x {h}"
    elif op == 3:
        w, h = rng.choice(SIZES[:5] + [(10, 10), (4000, 2600)])
        data = png(w, h, rng.choice((0, 2, 6)))
        what = f"a real {w} x {h} png"
    elif op == 4:
        data = seal[: rng.randrange(len(seal))]
        what = "png cut off"
    elif op == 5:
        jpeg = _cached("jpeg", _jpeg)
        assert isinstance(jpeg, bytes)
        data = _flip(jpeg, rng, rng.choice((1, 5, 30)))
        sof = jpeg.find(b"\xff\xc0")
        if sof > 0 and rng.random() < 0.5:  # the frame header's height and width
            h, w = rng.choice(SIZES)
            data = jpeg[:sof + 5] + struct.pack(">HH", min(h, 65535), min(w, 65535)) + jpeg[sof + 9:]
        name = "art/seal.jpg"
        what = "jpeg mutated"
    elif op == 6:
        data = rng.choice([b"", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", b"BM" + b"\x00" * 60, b"not a picture",
                           b"<svg xmlns='http://www.w3.org/2000/svg'/>", (WARGAME / "oob.csv").read_bytes()])
        what = "another file named .png"
    elif op == 7:
        data = ("sparse", rng.choice((33 * 1024 * 1024, 3 * 1024 ** 3)), seal)
        what = "a huge png file"
    else:
        data = seal
        name = rng.choice(["art/seal.PNG", "art/seal.jpeg", "art/seal.gif", "art/" + "s" * 300 + ".png", "art/seal",
                           "art/se\x00al.png", "art/" + "d/" * 2100 + "seal.png"])
        what = "picture under another name"
    files: dict[str, object] = {} if "\x00" in name or "d/d/" in name else {name: data}
    if name != "art/seal.png":
        ref = '"' + name.replace("\x00", "\\0") + '"'
        files["game.yaml"] = (WARGAME / "game.yaml").read_text(encoding="utf-8").replace("image: art/seal.png",
                                                                                        "image: " + ref)
    return Case(WARGAME, _command(rng, build), files, what=what)


# -- SVG -------------------------------------------------------------------------------------------

SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60">'
HREFS = ["/etc/passwd", "/etc/hosts.png", "../../../../etc/hosts.png", "../game.yaml", "http://example.com/a.png",
         "file:///etc/passwd", "#self", "#nothing", "data:image/png;base64,AAAA", "seal.png", "bridge.svg",
         "\x00", "art/" + "x" * 300 + ".png", "//server/share/a.png", "data:,"]


def svg(rng: random.Random, build: bool) -> Case:
    """The wargame's bridge (art/bridge.svg), mutated: numbers made huge, nesting, element counts,
    references, entities, control characters, cut off."""
    text = (WARGAME / "art" / "bridge.svg").read_text(encoding="utf-8")
    op = rng.randrange(10)
    if op == 0:  # a number made huge (or not a number)
        nums = list(re.finditer(r'(?<=")-?\d+(\.\d+)?(?=")|(?<= )-?\d+(\.\d+)?', text))
        for m in rng.sample(nums, min(len(nums), rng.randint(1, 3)))[::-1]:
            text = text[:m.start()] + rng.choice(HUGE + ["nan", "inf", "-inf", "1e999", "0", "-0"]) + text[m.end():]
        what = "svg numbers made huge"
    elif op == 1:
        attr = rng.choice(['width="1e308"', 'height="1e308"', 'viewBox="0 0 1e308 1e308"', 'viewBox="0 0 0 0"',
                           'transform="scale(1e300)"', 'transform="matrix(1e308 0 0 1e308 0 0)"',
                           'transform="rotate(nan)"', 'stroke-width="1e308"', 'font-size="1e308"'])
        text = text.replace("<rect ", f"<rect {attr} ", 1) if "transform" in attr or "stroke" in attr or \
            "font" in attr else text.replace('width="120"', attr, 1)
        what = f"svg {attr}"
    elif op == 2:
        depth = rng.choice((30, 63, 65, 300, 5000))
        text = text.replace("</svg>", "<g>" * depth + '<rect width="5" height="5"/>' + "</g>" * depth + "</svg>")
        what = f"svg nested {depth} deep"
    elif op == 3:
        count = rng.choice((100, 9_980, 10_001, 60_000))
        text = text.replace("</svg>", '<rect width="5" height="5"/>' * count + "</svg>")
        what = f"svg of {count} more elements"
    elif op == 4:
        href = rng.choice(HREFS)
        element = rng.choice([f'<image xlink:href="{href}" width="5" height="5"/>', f'<use xlink:href="{href}"/>',
                              f'<g id="self"><use href="{href}"/></g>'])
        text = text.replace("</svg>", element + "</svg>").replace(
            '<svg xmlns="http://www.w3.org/2000/svg"', SVG_HEAD.split(" width")[0], 1)
        what = f"svg refers to {href[:40]!r}"
    elif op == 5:
        entity = rng.choice([
            '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
            '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
            '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>',
            '<!DOCTYPE svg SYSTEM "http://example.com/evil.dtd">'])
        text = text.replace("<svg ", entity + "<svg ", 1).replace("</svg>", "<text>&x;&d;</text></svg>")
        what = "svg entities"
    elif op == 6:
        k = rng.randrange(len(text))
        text = text[:k] + rng.choice(CONTROL + ["<", "&", "]]>", "<!--", "\udcff"]) + text[k:]
        what = "svg control character"
    elif op == 7:
        text = text[: rng.randrange(len(text))]
        what = "svg cut off"
    elif op == 8:
        text = text.replace('d="M0 46', 'd="' + rng.choice(["M 1e308 1e308 L -1e308 -1e308 Z", "M nan 0 L 1 1",
                                                             "M 0 0 " + "L 1 1 " * 50_000, "M0 0 A 1e308 1 0 1 1 5 5",
                                                             "Z Z Z", ""]) + ' M0 46', 1)
        what = "svg path"
    else:
        text = text.replace("</svg>", "<!--" + " " * (4 * 1024 * 1024 + rng.randrange(-200, 200)) + "--></svg>")
        what = "svg about 4 MB"
    data: object = text.encode("utf-8", "surrogatepass")
    return Case(WARGAME, _command(rng, build), {"art/bridge.svg": data}, what=what)


# -- fonts -----------------------------------------------------------------------------------------

def font(rng: random.Random, build: bool) -> Case:
    """The wargame's title font, its bytes, table directory or size mutated."""
    real = (WARGAME / "fonts" / "DejaVuSerifCondensed-Bold.ttf").read_bytes()
    name = "fonts/DejaVuSerifCondensed-Bold.ttf"
    op = rng.randrange(7)
    files: dict[str, object] = {}
    if op == 0:
        data: object = _flip(real, rng, rng.choice((1, 4, 16)), 0, 512)  # the table directory
        what = "font header flipped"
    elif op == 1:
        data = _flip(real, rng, rng.choice((10, 100, 1000)))
        what = "font bytes flipped"
    elif op == 2:
        data = real[: rng.choice((0, 4, 12, 100, 1000, len(real) // 2, len(real) - 1))]
        what = "font cut off"
    elif op == 3:
        data = ("sparse", rng.choice((21 * 1024 * 1024, 3 * 1024 ** 3)), real)
        what = "a huge font file"
    elif op == 4:
        data = rng.choice([b"OTTO" + real[4:], b"wOFF" + real[4:], b"true" + real[4:], b"\x00\x01\x00\x00" * 4,
                           (WARGAME / "art" / "seal.png").read_bytes(), b"fonts are text"])
        what = "another font format or file"
    elif op == 5:
        data = real
        other = rng.choice(["fonts/x.otf", "fonts/" + "f" * 300 + ".ttf", "fonts", "../fonts/x.ttf", "/dev/zero",
                            "fonts/x\\0.ttf", "fonts/x.TTF"])
        files["game.yaml"] = (WARGAME / "game.yaml").read_text(encoding="utf-8").replace(
            "fonts/DejaVuSerifCondensed-Bold.ttf", f'"{other}"', 1)
        what = f"font path {other[:40]!r}"
    else:
        data = real
        files["game.yaml"] = (WARGAME / "game.yaml").read_text(encoding="utf-8").replace(
            "  title: fonts/DejaVuSerifCondensed-Bold.ttf",
            "  title: " + rng.choice(["{regular: fonts/DejaVuSerifCondensed-Bold.ttf, bold: fonts/nope.ttf}",
                                      "{bold: fonts/DejaVuSerifCondensed-Bold.ttf}", "[]", "5", "!!bool maybe",
                                      "{regular: 1e308}"]), 1)
        what = "fonts: entry mutated"
    files[name] = data
    return Case(WARGAME, _command(rng, build), files, what=what)


# -- spreadsheets ----------------------------------------------------------------------------------

CELLS = CONTROL + ["", " ", "1e308", "-1e308", "nan", "inf", "-1", "0", "10001", "99999999999999999999", "x" * 5001,
                   "y" * 100_001, '"', '""', "a,b", "a;b", "\t", "\r", "\n", "=1+1", "{icon:nope}", "{text:nope}",
                   "**", "ink", "player-ink", "contrast", "none", "!!bool maybe", "yes", "maybe", "#zzzzzz",
                   "{player}", "../../etc/passwd", "\\0", "\u202e"]


def sheet(rng: random.Random, build: bool) -> Case:
    """One of the wargame's sheets (oob.csv, red-oob.csv, events.csv): cells, rows, header, delimiter
    or encoding mutated."""
    name = rng.choice(["oob.csv", "red-oob.csv", "events.csv"])
    text = (WARGAME / name).read_text(encoding="utf-8")
    lines = text.split("\n")
    op = rng.randrange(8)
    data: object
    if op in (0, 1, 2):  # cells of the rows (the header has its own op)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(1, max(len(lines) - 1, 2))
            cells = lines[i].split(",")
            j = rng.randrange(len(cells))
            value = rng.choice(CELLS)
            cells[j] = '"' + value.replace('"', '""') + '"' if any(c in value for c in ',"\n\r') else value
            lines[i] = ",".join(cells)
        what = "cells"
    elif op == 3:  # rows repeated, up to past the row limit
        body = [ln for ln in lines[1:] if ln.strip()]
        times = rng.choice((2, 100, 1000, 30_006 // max(len(body), 1) + 1))
        lines = lines[:1] + body * times
        what = f"rows x {times}"
    elif op == 4:  # the header
        cols = lines[0].split(",")
        j = rng.randrange(len(cols))
        cols[j] = rng.choice(["", "nope", "titel", "sections", "back.elements", "count", cols[0], "back.", "back.x",
                              "ti\x00tle", "\x1b", " name ", "name" * 100])
        lines[0] = ",".join(cols)
        what = "header"
    elif op == 5:
        delim = rng.choice([";", "\t", "|"])
        lines = [ln.replace(",", delim) for ln in lines]
        what = f"delimiter {delim!r}"
    elif op == 6:
        k = rng.randrange(len(text) + 1)
        text = text[:k] + rng.choice(['"', '"\n', "\r", "\ufeff", ",,,,,,,,,,,,", "\x00"]) + text[k:]
        lines = text.split("\n")
        what = "quotes and breaks"
    else:
        raw = text.encode("utf-8")
        data = rng.choice([raw.decode("utf-8").encode("latin-1", "replace") + b"\xe9\xff", b"\xff\xfe" + raw,
                           text.encode("utf-16"), raw[: rng.randrange(len(raw))], b"", ("sparse", 5 * 1024 * 1024, raw)])
        return Case(WARGAME, _command(rng, build), {name: data}, what="encoding or size")
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    return Case(WARGAME, _command(rng, build), {name: data}, what=what)


# -- the project config and the command line -------------------------------------------------------

CONFIG = """build:
  paper: a4
  format: pdf
  dpi: 300
  duplex: long
  back_offset_mm: [0.8, -1.2]
  layout: duplex
  ink_saver: false
  bleed_mm: 3
  marks: crop
  print_shop: false
  out: out
  seed: 7
"""
CONFIG_VALUES = HUGE + TAGS + ["'\\0'", '"o\\0ut"', "''", "'" + "o" * 300 + "'", "'" + "d/" * 2100 + "'", ".nan", ".inf",
                               "-1", "0", "2147483648", "[1, 2, 3]", "{}", "both", "html", "png", "tts", "[.nan, 0]",
                               "[1e308, 1e308]", "1201", "29", "none", "'/dev/full'", "ink", "~"]


def config(rng: random.Random, build: bool) -> Case:
    """``./pnpforge.yaml`` mutated (its values, or the YAML around them), then a build of the small example."""
    from fuzzing import mutate

    lines = CONFIG.split("\n")
    if rng.random() < 0.6:
        i = rng.randrange(1, len(lines) - 1)
        key = lines[i].split(":")[0]
        lines[i] = f"{key}: {rng.choice(CONFIG_VALUES)}"
        text = "\n".join(lines)
        what = f"config {lines[i].strip()[:50]}"
    else:
        text = mutate(CONFIG, rng)
        what = "config yaml mutated"
    if rng.random() < 0.5:  # fewer keys: the build's defaults meet the hostile one
        keep = [ln for ln in text.split("\n")[1:] if ln.strip() and rng.random() < 0.4]
        text = "build:\n" + "\n".join(keep) + "\n" if keep and not text.startswith(" ") else text
    return Case(SMALL, ["build", "g", "--out", "out"] if rng.random() < 0.5 else ["build", "g"],
                cwd_files={"pnpforge.yaml": text}, what=what)


OPTIONS = {
    "--dpi": ["nan", "inf", "-inf", "1e308", "-1", "0", "29", "30", "1201", "", "x", "300", "1e-308"],
    "--paper": ["a4", "letter", "both", "", "A4", "a3", "a4\x1b"],
    "--format": ["pdf", "svg", "png", "tts", "html", "pdf,svg", "", "x", "pdf,,svg", "png,tts", "PDF", "pdf\x1b"],
    "--out": ["out", "", "o\x01ut", "o" * 300, "d/" * 2100, "out/../out", ".", "out/", "-", " "],
    "--seed": ["-1", "0", "2147483648", "99999999999999999999", "x", "1e308", "nan"],
    "--back-offset": ["nan,nan", "1e308,0", "1,2,3", "", "x,y", "0.5,-0.5", "inf,0", "1e400,1"],
    "--bleed": ["nan", "-1", "1e308", "7", "3", "", "inf"],
    "--duplex": ["long", "x", ""],
    "--marks": ["crop", "lines", "none", "x"],
    "--layout": ["duplex", "gutter-fold", "x"],
    "--jobs": ["0", "-1", "2", "100000", "x", "nan"],
    "--tts-url-base": ["", "http://x/", "x" * 5000, "\x1b", "javascript:alert(1)"],
}
# no NUL byte: a process's arguments cannot hold one (C strings); control characters they can
GAME_ARGS = ["g", "g\x1b", "", "nope", "g" * 300, "g/", "g/game.yaml", "-", "g/../g", "d/" * 2100]


def command_line(rng: random.Random, build: bool) -> Case:
    """A command with hostile option values: build's options, a game argument, validate, list, schema."""
    which = rng.randrange(10)
    game = rng.choice(GAME_ARGS) if rng.random() < 0.3 else "g"
    if which < 7:
        args = ["build", game, "--out", "out", "--paper", "a4", "--format", "pdf"]
        for option in rng.sample(sorted(OPTIONS), rng.randint(1, 3)):
            value = rng.choice(OPTIONS[option])
            if option in args:
                args[args.index(option) + 1] = value
            else:
                args += [option, value]
        if "png" not in " ".join(args) and rng.random() < 0.3:
            args += ["--format", "png"]
    elif which == 7:
        args = ["validate", game]
    elif which == 8:
        args = rng.choice([["list"], ["schema", "--out", rng.choice(OPTIONS["--out"])], ["list", game]])
    else:
        args = ["calibrate", "--out", rng.choice(["cal.pdf", "", "c\x01.pdf", "c" * 300 + ".pdf", "out"])]
    return Case(SMALL, args, what="command line")


def _command(rng: random.Random, build: bool) -> list[str]:
    if not build:
        return ["validate", "g"]
    return ["build", "g", "--paper", "a4", "--format", rng.choice(["pdf", "pdf,svg", "svg", "png", "html"]),
            "--out", "out"]


# -- issue 35: what a file unpacks to, expressions' widths and nesting, wide sheets, long paths ----------

HOSTILE_GAME = """format: 1
game: {id: h, title: H, author: A, licence: CC0, source: fuzz, players: [1, 2]}
components:
  - id: deck
    name: Deck
    kind: card
    size: poker
"""
_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _xlsx(rng: random.Random) -> tuple[bytes, str]:
    """A workbook with one part blown up (a cell, shared strings, rows, sheets listed, parts), or whole."""
    import zipfile

    op = rng.choice(["cell", "strings", "rows", "wide", "sheets", "parts", "ok"])
    size = rng.choice([10, 5_000, 5_001, 100_000, 2_000_000, 9_000_000, 40_000_000])
    rows = '<row r="2"><c r="A2" t="inlineStr"><is><t>Scout</t></is></c></row>'
    strings, sheets, parts = "", 1, 0
    if op == "cell":
        rows = f'<row r="2"><c r="A2" t="inlineStr"><is><t>{"a" * size}</t></is></c></row>'
    elif op == "strings":
        strings = "<si><t>abcdefghij</t></si>" * (size // 24)
    elif op == "rows":
        rows = "".join(f'<row r="{i}"><c r="A{i}" t="inlineStr"><is><t>x</t></is></c></row>'
                       for i in range(2, 2 + min(size // 60, 400_000)))
    elif op == "wide":
        rows = '<row r="2">' + '<c t="inlineStr"><is><t>x</t></is></c>' * min(size // 40, 400_000) + "</row>"
    elif op == "sheets":
        sheets = rng.choice([2, 256, 257, 20_000])
    elif op == "parts":
        parts = rng.choice([10, 995, 1_000, 5_000])
    listed = "".join(f'<sheet name="S{i}" sheetId="{i}" r:id="rId{i}"/>' for i in range(1, sheets + 1))
    rels = "".join(f'<Relationship Id="rId{i}" Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/>'
                   for i in range(1, sheets + 1))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-'
                   'package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override '
                   'PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
                   'spreadsheetml.sheet.main+xml"/></Types>')
        z.writestr("_rels/.rels", f'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   f'package/2006/relationships"><Relationship Id="rId1" Type="{_REL}/officeDocument" '
                   'Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml", f'<?xml version="1.0"?><workbook {_NS} xmlns:r="{_REL}"><sheets>{listed}'
                   '</sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.'
                   f'openxmlformats.org/package/2006/relationships">{rels}</Relationships>')
        z.writestr("xl/worksheets/sheet1.xml", f'<?xml version="1.0"?><worksheet {_NS}><sheetData><row r="1">'
                   f'<c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>{rows}</sheetData></worksheet>')
        if strings:
            z.writestr("xl/sharedStrings.xml", f'<?xml version="1.0"?><sst {_NS}>{strings}</sst>')
        for i in range(parts):
            z.writestr(f"xl/media/p{i}.bin", b"")
    return out.getvalue(), f"workbook {op} {size}"


EXPRESSIONS = ["'%*d' % ({w}, 1)", "'%{w}d' % 1", "'%.{w}f' % 1", "'%(a){w}s' % {{'a': 1}}", "'{{:{w}}}'.format(1)",
               "'{{:>{w}}}'.format('x')", "'x' * {w}", "[0] * {w}", "range({w}) | list | length", "'%-{w}s|' % 'a'"]


def _expression(rng: random.Random) -> tuple[str, str]:
    if rng.random() < 0.4:
        depth = rng.choice([1, 31, 32, 33, 64, 200])
        opening, closing = rng.choice([("[", "]"), ("(", ")"), ("{'a': ", "}")])
        core = opening * depth + ("1" if opening == "(" or opening.startswith("{") else "") + closing * depth
        return core, f"expression {depth} deep"
    width = rng.choice([5, 99_999, 100_000, 100_001, 999_999_999, 10**10, 10**20])
    return rng.choice(EXPRESSIONS).format(w=width), f"expression width {width}"


def hostile(rng: random.Random, build: bool) -> Case:
    """A small game folder holding one of issue 35's classes: a workbook bomb, an expression of huge
    widths or deep nesting, a sheet of many columns, a drawing of many path numbers, a long path."""
    op = rng.choice(["workbook", "expression", "wide", "svg", "path"])
    files: dict[str, object] = {}
    if op == "workbook":
        data, what = _xlsx(rng)
        files = {"game.yaml": HOSTILE_GAME + "    items_from: deck.xlsx\n", "deck.xlsx": data}
    elif op == "expression":
        expr, what = _expression(rng)
        text = expr.replace("\\", "\\\\").replace('"', '\\"')
        files = {"game.yaml": HOSTILE_GAME + f'    items:\n      - name: A\n        count: 1\n        text: "{{{{ {text} }}}}"\n'}
    elif op == "wide":
        columns = rng.choice([2, 200, 201, 100_000, 1_300_000])
        key = rng.choice(["items_csv", "items_from"])
        files = {"game.yaml": HOSTILE_GAME + f"    {key}: wide.csv\n",
                 "wide.csv": "name" + ",x" * (columns - 1) + "\nA" + ",1" * (columns - 1) + "\n"}
        what = f"{key} {columns} columns"
    elif op == "svg":
        numbers = rng.choice([10, 99_998, 100_002, 1_400_000])
        path = "M0,0 " + " ".join("l1 1" for _ in range(numbers // 2))
        files = {"game.yaml": HOSTILE_GAME + "    items:\n      - {name: A, count: 1, image: art.svg}\n",
                 "art.svg": f'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><path d="{path}"/></svg>'}
        what = f"svg {numbers} numbers"
    else:
        name = rng.choice(["a" * 255 + ".svg", "a" * 256 + ".svg", "d/" * 2000 + "x.svg", "../" * 40 + "etc/passwd",
                           "/dev/zero", "art.svg/" + "x" * 300])
        files = {"game.yaml": HOSTILE_GAME + f"    items:\n      - {{name: A, count: 1, image: '{name}'}}\n"}
        what = f"path of {len(name)} characters"
    args = ["validate", "g"] if not build else ["build", "g", "--paper", "a4", "--format", "pdf", "--out", "out"]
    return Case(SMALL, args, files, what=what)


MAKERS = {"picture": picture, "svg": svg, "font": font, "sheet": sheet, "config": config, "cli": command_line}
# how often each input kind is picked (the rest: the games' YAML, mutated by fuzzing.mutate)
SHARE = {"picture": 0.07, "svg": 0.08, "font": 0.05, "sheet": 0.10, "config": 0.05, "cli": 0.07}
