"""Plain text wrapped to a width, in no terminal library's terms: the
command line's paragraphs and the client's (:mod:`drawpoker.client.lines`
gives its own width of a character). A line is broken at spaces, never
inside a word, a number or a card, nor between an amount and its
currency; a path too long for a line is broken after a folder's separator.

>>> wrap("Cato pays Anna 12.50 NOK", 20)
['Cato pays Anna', '12.50 NOK']
"""

from __future__ import annotations

import re

from drawpoker.terminal import cells

TYPE_CHECKING = False  # not typing's: importing typing costs a few ms at every start
if TYPE_CHECKING:  # annotations only
    from collections.abc import Callable, Sequence

__all__ = ["wrap", "wrap_items", "wrap_list", "wrap_lines", "word_cut", "money_unbroken", "MONEY_GAP"]

#: the space between an amount and its currency (``12.50 NOK``, ``-4,00 SEK``:
#: a number, then a three-letter code, as :mod:`drawpoker.money` writes them),
#: where no line is broken
MONEY_GAP = re.compile(r"(?<=[0-9]) (?=[A-Z]{3}(?![A-Za-z]))")


def money_unbroken(text: str) -> str:
    """``text`` with a no-break space between each amount and its currency,
    for a page that wraps its own lines (a phone's).

    >>> money_unbroken("Cato pays Anna 12.50 NOK") == "Cato pays Anna 12.50\u00a0NOK"
    True
    """
    return MONEY_GAP.sub("\u00a0", text)


def _words(paragraph: str, room: int, width: Callable[[str], int] = cells) -> list[str]:
    """The paragraph's words, an amount and its currency as one (when it fits in ``room``).

    >>> _words("Cato wins 4.00 NOK, Anna 2", 20)
    ['Cato', 'wins', '4.00 NOK,', 'Anna', '2']
    """
    out: list[str] = []
    for word in paragraph.split():
        joined = f"{out[-1]} {word}" if out else word
        if out and MONEY_GAP.match(joined, len(out[-1])) and width(joined) <= room:
            out[-1] = joined
        else:
            out.append(word)
    return out


def wrap(text: str, columns: int, indent: str = "", width: Callable[[str], int] = cells) -> list[str]:
    """Plain text wrapped at spaces to ``columns`` (paragraphs kept apart).
    A word longer than a line (a file's path) is broken after a folder's
    separator where it can be, and goes on where the next line begins
    (``indent``, or the paragraph's own hanging indent);
    an amount and its currency (``4.00 NOK``) are never parted. ``width``:
    the columns a text takes.

    >>> wrap("one two three", 8)
    ['one two', 'three']
    >>> wrap("saved in /home/anna/histories/x.jsonl.", 16)
    ['saved in', '/home/anna/', 'histories/', 'x.jsonl.']
    >>> wrap("# /home/anna/histories/x.jsonl", 14, indent="  ")
    ['# /home/anna/', '  histories/', '  x.jsonl']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if not paragraph.strip():
            lines.append("")
            continue
        lead = paragraph[: len(paragraph) - len(paragraph.lstrip())]
        hanging = indent or " " * (len(lead) + (2 if paragraph.lstrip().startswith(("• ", "- ")) else 0))
        current = ""
        for word in _words(paragraph, max(1, columns - width(hanging)), width):
            for i, part in enumerate(_word_parts(word, max(1, columns - width(hanging)), width)):
                glue = " " if i == 0 else ""
                candidate = lead + part if not current else current + glue + part
                if current and width(candidate) > columns:
                    lines.append(current)
                    current = hanging + part  # (a long word's next piece too: in the paragraph's column)
                else:
                    current = candidate
        lines.append(current)
    return lines


#: where a word too long for a line (a file's path) is best broken: after a folder's separator
_SEPARATORS = ("/", "\\")


def word_cut(word: Sequence[str], fits: int) -> int:
    """Where a word too long for its line is cut, its first ``fits``
    characters fitting in the line: after the last folder's separator among
    them (not after the first character), else after ``fits``; after one
    character at least, so that every line takes something, even where not
    one character fits (a wide one in one column). The one rule of the
    plain text and of the screen's styled lines.

    >>> word_cut("/home/anna/histories", 14)
    11
    >>> word_cut("abcdefg", 3), word_cut("漢字", 0)
    (3, 1)
    """
    return max((i + 1 for i in range(1, fits) if word[i] in _SEPARATORS), default=max(1, fits))


def _word_parts(word: str, room: int, width: Callable[[str], int] = cells) -> list[str]:
    """``word`` whole if it fits in ``room`` columns, else in pieces that do:
    each ending at a folder's separator where one is near enough, else cut.

    >>> _word_parts("/a/bb/ccc", 4)
    ['/a/', 'bb/', 'ccc']
    >>> _word_parts("abcdefg", 3)
    ['abc', 'def', 'g']
    """
    if width(word) <= room:
        return [word]
    parts: list[str] = []
    rest = word
    while width(rest) > room:
        fits = 0
        used = 0
        while fits < len(rest) and used + width(rest[fits]) <= room:
            used += width(rest[fits])
            fits += 1
        cut = word_cut(rest, fits)
        parts.append(rest[:cut])
        rest = rest[cut:]
    return parts + ([rest] if rest else [])


def wrap_items(
    items: Sequence[str], columns: int, first: str = "", indent: str = "", width: Callable[[str], int] = cells
) -> list[str]:
    """``items`` one after another, a space between two, broken into lines of
    at most ``columns`` only between items (a player and their chips, a pot
    and who won it stay on one line); the first line begins with ``first``,
    the others with ``indent``. An item wider than a line is wrapped at its
    own spaces (:func:`wrap`: never inside a number, a card or an amount).
    Spaces an item ends with (a padded column) are kept inside a line and
    dropped at its end.

    >>> wrap_items(["P1 has 35,", "P2 has 47,", "P3 has 9"], 24, first="  ", indent="  ")
    ['  P1 has 35, P2 has 47,', '  P3 has 9']
    >>> wrap_items(["deal 1 ", "button Anna"], 10, indent="  ")
    ['deal 1', '  button', '  Anna']
    """
    lines: list[str] = []
    current, fresh = first, True  # fresh: nothing but the line's lead yet
    for item in items:
        candidate = current + item if fresh else f"{current} {item}"
        if width(candidate.rstrip()) <= columns:
            current, fresh = candidate, False
            continue
        if not fresh:
            lines.append(current.rstrip())
            current, fresh = indent, True
        if width((current + item).rstrip()) <= columns:
            current, fresh = current + item, False
            continue
        room = max(1, columns - max(width(current), width(indent)))
        pieces = [
            current + piece if k == 0 else indent + piece
            for k, piece in enumerate(wrap(item.strip(), room, width=width))
        ]
        lines += [piece.rstrip() for piece in pieces[:-1]]
        current, fresh = pieces[-1], False
    if not fresh or not lines:
        lines.append(current.rstrip())
    return lines


#: what ends a part of a list (or of a sentence): a line breaks best after one
_LIST_ENDS = (",", ";")
#: how full a line broken after a list's part must be, at least (else it is broken where it fills)
_FULL_ENOUGH = 0.6


def wrap_list(text: str, columns: int, indent: str | None = None, width: Callable[[str], int] = cells) -> list[str]:
    """A line that lists things (``Stacks: Anna has 85, Bjørn has 85``, a
    paytable, the parts of a sentence) wrapped to ``columns`` at its spaces,
    preferring the end of a part (after a comma or a semicolon) where that
    leaves the line well filled: a name and its number stay together where
    they can; never inside a number, an amount or a card (:func:`wrap`).
    The line's leading spaces begin its first line; the others begin with
    ``indent`` (by default those spaces and four more).

    >>> wrap_list("outcomes: the player folds 32.58%, the dealer wins 22.45%", 40)
    ['outcomes: the player folds 32.58%,', '    the dealer wins 22.45%']
    >>> wrap_list("Stacks: Anna has 85, Bjørn has 85, Cato has 98", 30)
    ['Stacks: Anna has 85,', '    Bjørn has 85, Cato has 98']
    >>> wrap_list("  short, enough", 40)
    ['  short, enough']
    """
    lead = text[: len(text) - len(text.lstrip())]
    if width(text) <= columns:
        return [text.rstrip()]
    hanging = lead + "    " if indent is None else indent
    words = _words(text.strip(), max(1, columns - width(hanging)), width)
    if any(width(word) > columns - max(width(lead), width(hanging)) for word in words):
        return wrap(text, columns, indent=hanging, width=width)  # (a path longer than a line: broken at its folders)
    lines: list[str] = []
    at, prefix = 0, lead
    while at < len(words):
        room = columns - width(prefix)
        taken = [words[at]]
        at += 1
        while at < len(words) and width(" ".join([*taken, words[at]])) <= room:
            taken.append(words[at])
            at += 1
        if at < len(words) and not taken[-1].endswith(_LIST_ENDS):
            ends = [k for k in range(1, len(taken)) if taken[k - 1].endswith(_LIST_ENDS)]
            if ends and width(" ".join(taken[: ends[-1]])) >= _FULL_ENOUGH * room:
                at -= len(taken) - ends[-1]
                taken = taken[: ends[-1]]
        lines.append(prefix + " ".join(taken))
        prefix = hanging
    return lines


def wrap_lines(text: str, columns: int, more: str = "    ", width: Callable[[str], int] = cells) -> list[str]:
    """Every line of ``text`` within ``columns``: a line that fits as it is,
    a longer one by :func:`wrap_list`, its next lines ``more`` deeper than it
    begins (a blank line stays blank).

    >>> wrap_lines("Anna wins 4, Bo 2\\n  Net: +4, back 8", 14)
    ['Anna wins 4,', '    Bo 2', '  Net: +4,', '      back 8']
    """
    out: list[str] = []
    for line in text.split("\n"):
        lead = line[: len(line) - len(line.lstrip())]
        out += wrap_list(line, columns, lead + more, width) if line.strip() else [""]
    return out
