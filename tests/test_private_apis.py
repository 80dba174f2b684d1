"""Where pnpforge leans on a library's or Python's private parts, it does so only on the release it was
written for and checked on, and says so loudly on any other: these tests FAIL (never skip) on a
reportlab or Python they were not checked on, and the public path that is taken there prints the same."""

from __future__ import annotations

import subprocess
import sys

from conftest import EXAMPLE, ROOT


def test_reportlab_is_a_release_the_direct_pdf_writer_was_checked_on():
    """On another release PDFs are written through reportlab's public calls (slower, the same pages,
    not the same bytes): check every kit byte-identical with DirectPdfSurface there, then add it."""
    import reportlab

    from generator.draw import pdf

    assert reportlab.Version in pdf.DIRECT_WRITING_FOR, (
        f"reportlab {reportlab.Version}: DirectPdfSurface was written for {pdf.DIRECT_WRITING_FOR}; "
        "compare every kit (compare_kits.sh) with it and add the release to DIRECT_WRITING_FOR")
    assert pdf.PdfSurface is pdf.DirectPdfSurface


def test_another_reportlab_release_gets_the_public_pdf_writer():
    from generator.draw import pdf

    assert pdf.surface_for("5.1.0") is pdf.DirectPdfSurface
    assert pdf.surface_for("5.1.1") is pdf.PublicPdfSurface
    assert pdf.surface_for("6.0.0") is pdf.PublicPdfSurface


def test_reportlab_is_a_release_the_pdfx_parts_were_checked_on():
    """--print-shop writes the OutputIntent and the GTS_PDFXVersion Info key into reportlab's document
    (no public call writes them): on another release, check a print-shop build passes
    tests/test_print_shop.py, then add the release to PDFX_WRITTEN_FOR."""
    import reportlab

    from generator.draw import cmyk

    assert reportlab.Version in cmyk.PDFX_WRITTEN_FOR, (
        f"reportlab {reportlab.Version}: make_pdfx was checked on {cmyk.PDFX_WRITTEN_FOR}; run "
        "tests/test_print_shop.py with it and add the release to PDFX_WRITTEN_FOR")


def test_print_shop_on_another_reportlab_release_stops_with_one_message(tmp_path, monkeypatch):
    """Not a PDF without its PDF/X parts: the build stops before it writes anything, in one line that
    names both releases."""
    import reportlab

    from generator.draw import cmyk
    from generator.draw.pdf import PdfSurface

    monkeypatch.setattr(reportlab, "Version", "6.0.0")
    try:
        PdfSurface(title="t", print_shop=True)
    except cmyk.PdfxUnchecked as err:
        message = str(err)
    else:
        raise AssertionError("a print-shop PDF was started on an unchecked reportlab")
    assert "reportlab 6.0.0" in message and "5.1.0" in message and "\n" not in message
    assert cmyk.PdfxUnchecked.exit_code == 1


def _pages(folder):
    import numpy as np
    import pypdfium2 as pdfium

    out = {}
    for path in sorted(folder.rglob("*.pdf")):
        doc = pdfium.PdfDocument(path)
        out[path.relative_to(folder)] = [
            (page.get_size(), np.asarray(page.render(scale=60 / 72).to_pil().convert("RGB"), dtype=np.int16))
            for page in doc]
        doc.close()
    return out


def test_the_public_pdf_writer_prints_every_page_of_a_kit_as_the_direct_one(tmp_path, monkeypatch):
    """The example game (pictures, a game font, cards, tokens, a board), A4: the same files with the
    same pages, sizes and pixels whichever writer wrote them."""
    import numpy as np

    import generator.build as build
    import generator.export.documents as documents
    from generator.draw import pdf
    from generator.loading import load_game

    users = [module for name, module in sorted(sys.modules.items())
             if name.startswith("generator.") and getattr(module, "PdfSurface", None) is pdf.PdfSurface]
    assert documents in users  # the kit's PDFs
    for name, kind in (("direct", pdf.DirectPdfSurface), ("public", pdf.PublicPdfSurface)):
        for module in users:  # every module that writes PDFs with it
            monkeypatch.setattr(module, "PdfSurface", kind)
        build.build_game(load_game(EXAMPLE), tmp_path / name, build.Options(papers=("a4",), formats=("pdf",)))
    direct, public = _pages(tmp_path / "direct"), _pages(tmp_path / "public")
    assert list(direct) == list(public) and len(direct) >= 2
    # the public writer did write them: its text objects are not the direct writer's bytes
    assert all((tmp_path / "direct" / p).read_bytes() != (tmp_path / "public" / p).read_bytes()
               for p in direct)
    for path, pages in direct.items():
        assert len(pages) == len(public[path]), path
        for i, ((size, pixels), (size2, pixels2)) in enumerate(zip(pages, public[path])):
            assert size == size2, (path, i)
            assert int(np.abs(pixels - pixels2).max()) == 0, (path, i)


def test_python_is_the_one_the_re_cache_and_ctrl_c_handling_were_written_for():
    """yamlsrc plants PyYAML's compiled character class in re's private cache; entry presses Ctrl-C
    again from a thread when CPython swallowed it in a callback. On another Python neither is done:
    check them there (tests/test_safe_yaml.py, tests/test_jobs_interrupt.py), then add it."""
    from generator import entry, yamlsrc

    here = (sys.implementation.name, sys.version_info[:2])
    assert here == yamlsrc.RE_CACHE_WRITTEN_FOR, f"yamlsrc's re._cache entry: written for {yamlsrc.RE_CACHE_WRITTEN_FOR}"
    assert here == entry.INTERRUPT_WRITTEN_FOR, f"entry's Ctrl-C handling: written for {entry.INTERRUPT_WRITTEN_FOR}"


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return done.stdout.strip()


def test_on_another_python_re_cache_is_left_alone_and_yaml_still_reads():
    code = ("import sys, re\n{patch}import generator.yamlsrc as y\n"
            "print(re._cache.get((str, y.PYYAML_NON_PRINTABLE, 0)) is y.NOT_PRINTABLE, "
            "y.loads('a: 1', 'x.yaml')['a'])")
    assert _run(code.format(patch="")) == "True 1"
    assert _run(code.format(patch="sys.version_info = (3, 14, 0, 'final', 0)\n")) == "False 1"


def test_on_another_python_the_ctrl_c_hook_is_not_installed():
    code = ("import sys\nimport generator.entry as e\n{patch}sys.argv = ['pnpforge', '--help']\n"
            "try:\n    e.main()\nexcept SystemExit:\n    pass\n"
            "print(sys.unraisablehook is e._interrupt_again)")
    assert _run(code.format(patch="")).endswith("True")
    assert _run(code.format(patch="e.INTERRUPT_WRITTEN_FOR = ('cpython', (3, 14))\n")).endswith("False")
