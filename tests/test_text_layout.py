"""Laying text out: the short ways (plain text without the rich-text parser, a title drawn without laying
it out in words, a fit checked by its whole width, a size found by halving) give what the general
wrapping gives, to the last bit, and what is worked out once is worked out once (a deck's title size,
each font's kern pairs)."""

from __future__ import annotations


def test_plain_text_is_laid_out_as_rich_text_would_be():
    """Titles, values and rules without markup skip the rich-text parser: the same lines, the same
    widths to the last bit, at every width, size and style (the PDFs stay byte-identical)."""
    import random

    from generator.art import richtext as rt

    def general(text, width, size, base):  # the rich-text path, which the shortcut skips
        return list(rt._wrap_rich(text, width, size, rt.DEFAULT_FAMILY, base))

    rng = random.Random(5)
    words = "Gain two gold and draw a card. Discard it at the end of the turn. Ünïcode 10800 x".split()
    for _ in range(3000):
        text = " ".join(rng.choice(words + [""]) for _ in range(rng.randint(0, 12)))
        size, base = rng.choice([5.0, 6.25, 8.5, 11.0]), rng.choice(["regular", "bold", "italic", "mono"])
        width = rng.choice([1e9, 18.0, 40.0, 56.5])
        assert rt.wrap(text, width, size, rt.DEFAULT_FAMILY, base) == general(text, width, size, base)
        assert rt.widest(text, size, rt.DEFAULT_FAMILY, base) == max(
            (w for _, w in general(text, 1e9, size, base)), default=0.0)


def test_a_plain_title_or_value_is_drawn_as_its_laid_out_line_would_be():
    """A card's title and value (new on every card) are drawn without laying them out in words: the
    same text calls, to the last bit of every position, as drawing the wrapped line, at sizes on and
    off the type scale, with every anchor, double spaces included; text with markup is left to the
    line setter."""
    import random

    from generator.art import richtext as rt

    class Calls:
        def __init__(self):
            self.calls = []

        def text(self, *args, **kw):
            self.calls.append((args, tuple(sorted(kw.items()))))

    rng = random.Random(7)
    words = "Card 10800 Gain two gold W Ünïcode x".split()
    for _ in range(2000):
        text = " ".join(rng.choice(words + [""]) for _ in range(rng.randint(1, 5)))
        size, base = rng.choice([5.0, 7.25, 8.5, 10.75, 11.0]), rng.choice(["regular", "bold", "italic"])
        anchor = rng.choice(["start", "middle", "end"])
        plain, line = Calls(), Calls()
        assert rt.draw_plain(plain, 10.0, 20.0, text, size, ink="#123456", base=base, anchor=anchor)
        rt.draw_line(line, 10.0, 20.0, rt.wrap(text, 1e9, size, rt.DEFAULT_FAMILY, base)[0], size, ink="#123456",
                     anchor=anchor)
        assert plain.calls == line.calls, (text, size, base, anchor)
    assert not rt.draw_plain(Calls(), 0, 0, "**Bold** {icon:gold}", 8.0, ink="#000000")


def test_a_title_fit_check_by_its_whole_width_says_what_wrapping_says():
    """Validating a deck checks each title's fit by its width as one string first (new on every card,
    no words laid out): the same answer as wrapping it, at rooms right at the edge of the width."""
    import random

    from generator.art import richtext as rt
    from generator.components import card

    rng = random.Random(11)
    words = "Card 10800 Gain two gold W Ünïcode Mountain Pass x".split()
    for _ in range(3000):
        title = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
        size = rng.choice([6.5, 8.0, 11.0])
        wide = rt.widest(title, size, rt.DEFAULT_FAMILY, "bold")
        for room in (wide, wide - 1e-9, wide + 1e-9, wide / 2, rng.uniform(5.0, 60.0)):
            got = rt.wrap(title, room, size, rt.DEFAULT_FAMILY, "bold")
            expected = len(got) <= 2 and all(width <= room + 0.05 for _, width in got)
            assert card._fits_lines(title, room, size, rt.DEFAULT_FAMILY, 2) == expected, (title, size, room)


def test_shrinking_a_line_to_fit_finds_what_stepping_down_finds():
    """Fitting a title, value or footer halves the list of sizes instead of stepping down 0.25 pt at
    a time: the same size every time (widths only grow with the size)."""
    import random

    from generator.art import richtext as rt

    rng = random.Random(11)
    words = "Gain two gold 10800 7 Lord **of** {icon:x} War".split()
    for _ in range(3000):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 4)))
        top, low, step = rng.choice([10.0, 11.0, 16.0, 5.0]), rng.choice([5.0, 6.5, 7.0]), rng.choice([0.25, 0.5])
        room, base = rng.uniform(0, 60), rng.choice(["bold", "italic", "regular"])
        size = top
        while size > low and rt.widest(text, size, rt.DEFAULT_FAMILY, base) > room:
            size = max(low, size - step)
        assert rt.shrink_to(text, room, top, low, rt.DEFAULT_FAMILY, base, step) == size


def test_a_deck_works_out_its_title_size_once_not_once_per_card(tmp_path, monkeypatch):
    """Every card of a deck shares one title size, fitted to its longest title: worked out per card it
    walked every title for every card (10,800 cards took 57 s)."""
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from generator.components import card

    items = "".join(f"      - {{name: Card {k}, count: 1, text: Gain two gold.}}\n" for k in range(1, 61))
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.yaml").write_text(
        "game: {id: g, title: G, author: me, licence: CC0, source: test, players: [1, 4]}\n"
        "components:\n  - id: deck\n    name: Deck\n    kind: card\n    size: poker\n    back: {title: G}\n"
        "    items:\n" + items)
    calls = []
    real = card._deck_title_pt.__wrapped__

    def counted(*args):
        calls.append(len(args[1]))
        return real(*args)

    monkeypatch.setattr(card, "_deck_title_pt", counted)
    card._DECK_PT.clear()
    build_game(load_game(tmp_path / "g"), tmp_path / "out", Options(papers=("a4",), formats=("pdf",), jobs=1))
    assert calls == [60]  # one deck of 60 titles, fitted once


def test_each_fonts_kern_table_is_read_once():
    """SVG text is split at kern pairs: reading a font's kern table (fontTools) for every text instead
    of once made the default build four times slower, with every file the same."""
    from generator.draw import fonts

    fonts.load_kerning()
    for kind in ("regular", "bold", "italic", "bolditalic"):
        assert fonts._kern_pairs(kind) is fonts._kern_pairs(kind)
        assert ("A", "V") in fonts._kern_pairs(kind)  # "AV" is set closer in every Vera style


def test_bold_marks_in_a_bold_text_keep_it_bold_and_italic_marks_in_italics_set_it_upright():
    """``**2**`` on a die face or ``**Scout**`` in a card title (both set in bold) print bold, as the
    docs say ``**`` does; they printed in regular weight, the marks turning the bold off. In italic
    text (flavour), ``*word*`` sets the word upright, as emphasis in italics is set."""
    from generator.art.richtext import parse

    def styles(text: str, base: str) -> list[tuple[str, str]]:
        return [(frag.text, frag.style) for para in parse(text, base) for word in para for frag in word]

    assert styles("**2**", "bold") == [("2", "bold")]
    assert styles("Scout **of** Ash", "bold") == [("Scout", "bold"), ("of", "bold"), ("Ash", "bold")]
    assert styles("**Gain** 2", "regular") == [("Gain", "bold"), ("2", "regular")]
    assert styles("a *bold* claim", "italic") == [("a", "italic"), ("bold", "regular"), ("claim", "italic")]
    assert styles("***both***", "regular") == [("both", "bolditalic")]
    assert styles("2 ** 3", "bold") == [("2", "bold"), ("**", "bold"), ("3", "bold")]  # no partner: as written
    assert styles("4 * 5", "regular") == [("4", "regular"), ("*", "regular"), ("5", "regular")]
