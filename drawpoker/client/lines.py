"""Styled text for the screens: lines of fragments, widths, a canvas.

A fragment is ``(style, text)`` as prompt_toolkit's formatted text has it;
a :data:`Line` is a list of fragments without a newline. The views build
lines from the game state; nothing here draws on a terminal, so a screen
can be tested as plain text (:func:`plain`).

>>> plain(pad([("", "ab")], 4)) + "|"
'ab  |'
>>> plain(clip([("", "abcdef")], 4))
'abc…'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from prompt_toolkit.utils import get_cwidth

from drawpoker import wrapping
from drawpoker.wrapping import MONEY_GAP, money_unbroken, word_cut

__all__ = [
    "Fragment",
    "Line",
    "width",
    "ljust",
    "rjust",
    "line_width",
    "pad",
    "clip",
    "plain",
    "join_lines",
    "money_unbroken",
    "Canvas",
    "wrap",
    "wrap_line",
    "center",
    "center_wrapped",
    "styled",
    "pack_keys",
]

Fragment = tuple[str, str]
Line = list[Fragment]


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal (printable ASCII: a column a character,
    counted at once, as most of every screen is).

    >>> width("Anna"), width("😀"), width("e\u0301")
    (4, 2, 1)
    """
    if text.isascii() and text.isprintable():
        return len(text)
    return get_cwidth(text)


def ljust(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` terminal cells (never cut):
    a wide character such as an emoji takes two.

    >>> ljust("😀 Kari", 10) + "|"
    '😀 Kari   |'
    """
    return text + " " * max(0, columns - width(text))


def rjust(text: str, columns: int) -> str:
    """``text`` right-aligned in ``columns`` terminal cells (never cut)."""
    return " " * max(0, columns - width(text)) + text


def line_width(line: Sequence[Fragment]) -> int:
    """Columns a line takes."""
    return sum(width(text) for _, text in line)


def styled(style: str, text: str) -> Line:
    """A line of one fragment."""
    return [(style, text)]


def clip(line: Sequence[Fragment], columns: int) -> Line:
    """The line cut to ``columns``, ending in an ellipsis when cut."""
    if line_width(line) <= columns:
        return list(line)
    out: Line = []
    used = 0
    for style, text in line:
        for ch in text:
            w = width(ch)
            if used + w > columns - 1:
                out.append((style, "…"))
                return _merge(out)
            out.append((style, ch))
            used += w
    return _merge(out)


def _merge(line: Line) -> Line:
    merged: Line = []
    for style, text in line:
        if merged and merged[-1][0] == style:
            merged[-1] = (style, merged[-1][1] + text)
        else:
            merged.append((style, text))
    return merged


def pad(line: Sequence[Fragment], columns: int, style: str = "") -> Line:
    """The line clipped or padded with spaces to exactly ``columns``."""
    out = clip(line, columns)
    rest = columns - line_width(out)
    if rest > 0:
        out.append((style, " " * rest))
    return out


def center(line: Sequence[Fragment], columns: int) -> Line:
    """The line centred in ``columns`` (clipped if too long)."""
    out = clip(line, columns)
    left = (columns - line_width(out)) // 2
    return pad([("", " " * left)] + out, columns)


def center_wrapped(line: Sequence[Fragment], columns: int) -> list[Line]:
    """The line broken at spaces into lines of at most ``columns``, each centred
    (a question too long for one line is never cut).

    >>> [plain(x) + "|" for x in center_wrapped([("", "Let it in? "), ("key", "[Y]")], 9)]
    [' Let it  |', ' in? [Y] |']
    """
    return [center(part, columns) for part in wrap_line(line, columns, indent=0)]


def plain(line: Iterable[Fragment]) -> str:
    """The text of fragments without their styles."""
    return "".join(text for _, text in line)


def join_lines(lines: Sequence[Sequence[Fragment]]) -> list[Fragment]:
    """Lines as one formatted text, a newline between lines."""
    out: list[Fragment] = []
    for i, line in enumerate(lines):
        if i:
            out.append(("", "\n"))
        out.extend(line)
    return out


def wrap(text: str, columns: int, indent: str = "") -> list[str]:
    """Plain text wrapped at spaces to ``columns`` (:func:`drawpoker.wrapping.wrap`),
    a character as wide as the screen draws it.

    >>> wrap("one two three", 8)
    ['one two', 'three']
    >>> wrap("saved in /home/anna/histories/x.jsonl.", 16)
    ['saved in', '/home/anna/', 'histories/', 'x.jsonl.']
    """
    return wrapping.wrap(text, columns, indent, width=width)


def wrap_line(line: Sequence[Fragment], columns: int, indent: int = 2) -> list[Line]:
    """A styled line broken at spaces into lines of at most ``columns``
    (never between an amount and its currency, nor between a key and what
    it does, where another space will do); the lines after the first are
    indented.

    >>> [plain(x) for x in wrap_line([("", "one two "), ("x", "three")], 9)]
    ['one two', '  three']
    >>> [plain(x) for x in wrap_line([("", "go "), ("class:key", "[Enter]"), ("", " raise")], 15)]
    ['go', '  [Enter] raise']
    """
    if line_width(line) <= columns:  # the line fits: only the spaces at its end go
        return [_trimmed(line)]
    return _broken(line, columns, indent)


def _broken(line: Sequence[Fragment], columns: int, indent: int) -> list[Line]:
    """:func:`wrap_line` a cell at a time (also for a line that fits, as a test compares)."""
    cells = [(style, ch) for style, text in line for ch in text]
    widths = [width(ch) for _, ch in cells]
    gaps = {m.start() for m in MONEY_GAP.finditer("".join(ch for _, ch in cells))}
    # (nor between a key and what it does: "[Enter]" at a line's end, "raise" on the next)
    gaps |= {i for i in range(1, len(cells)) if cells[i][1] == " " and "class:key" in cells[i - 1][0].split()}
    out: list[Line] = []
    start = 0
    lead = 0
    while start < len(cells):
        room = columns - lead
        used = 0
        end = start
        last_space = -1
        last_gap = -1  # (a space between an amount and its currency: only where no other will do)
        while end < len(cells) and used + widths[end] <= room:
            if cells[end][1] == " ":
                if end in gaps:
                    last_gap = end
                else:
                    last_space = end
            used += widths[end]
            end += 1
        if last_space <= start:
            last_space = last_gap
        inside_word = False
        if end < len(cells) and last_space > start:
            end = last_space
        elif end < len(cells) and cells[end][1] != " ":  # a word longer than the line: break it after a separator
            inside_word = True
            end = start + word_cut([ch for _, ch in cells[start:end]], end - start)
        chunk = cells[start:end]
        while chunk and chunk[-1][1] == " ":
            chunk.pop()
        out.append(_merge(([("", " " * lead)] if lead else []) + list(chunk)))
        start = end
        while start < len(cells) and cells[start][1] == " ":
            start += 1
        lead = 0 if inside_word else indent  # a broken word goes on at the line's start
    return out or [[]]


def _trimmed(line: Sequence[Fragment]) -> Line:
    """The line's fragments of one style merged, the empty ones and the spaces at its end gone.

    >>> _trimmed([("a", "x"), ("b", ""), ("a", "y "), ("c", "  ")])
    [('a', 'xy')]
    """
    out = _merge([(style, text) for style, text in line if text])
    while out:
        style, text = out[-1]
        kept = text.rstrip(" ")
        if kept:
            out[-1] = (style, kept)
            break
        out.pop()
    return out


def pack_keys(keys: Sequence[tuple[str, str]], columns: int) -> list[Line]:
    """``(key, what it does)`` pairs on as few lines as fit in ``columns``.

    >>> [plain(line) for line in pack_keys([("Q", "quit"), ("V", "view")], 12)]
    ['Q quit', 'V view']
    """
    lines: list[Line] = [[]]
    for key, what in keys:
        item: Line = [("class:key", key), ("", f" {what}")]
        if lines[-1] and line_width(lines[-1]) + 2 + line_width(item) > columns:
            lines.append([])
        if lines[-1]:
            lines[-1].append(("", "  "))
        lines[-1].extend(item)
    return lines


class Canvas:
    """A fixed grid of styled cells on which boxes of text are placed."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self._cells: list[list[Fragment]] = [[("", " ")] * columns for _ in range(rows)]

    def put(self, x: int, y: int, line: Sequence[Fragment]) -> None:
        """Write ``line`` starting at column ``x`` of row ``y`` (clipped at the edge).

        >>> canvas = Canvas(6, 1)
        >>> canvas.put(-1, 0, [("a", "xe"), ("b", "\u0301😀"), ("c", "yzzz")])
        >>> canvas.lines()[0] == [("a", "e\\u0301"), ("b", "😀"), ("c", "yzz")]
        True
        """
        if not 0 <= y < self.rows or x >= self.columns:
            return
        col = x
        last = -1  # the cell the last character written went in: a combining mark joins it
        row = self._cells[y]
        for style, text in line:
            if text.isascii() and text.isprintable():  # a cell a character: placed at once
                if col < 0:
                    cut = min(-col, len(text))
                    text, col = text[cut:], col + cut
                    if not text:
                        continue
                room = max(0, self.columns - col)
                row[col : col + min(room, len(text))] = [(style, ch) for ch in text[:room]]
                if len(text) > room:
                    return
                if text:
                    last = col + len(text) - 1
                col += len(text)
                continue
            for ch in text:
                w = width(ch)
                if w == 0:  # a mark (an accent on the letter before): no cell of its own
                    if last >= 0:
                        mark_style, before = self._cells[y][last]
                        self._cells[y][last] = (mark_style, before + ch)
                    continue
                if col < 0:
                    col += w
                    continue
                if col + w > self.columns:
                    return
                last = col
                self._cells[y][col] = (style, ch)
                for extra in range(1, w):
                    self._cells[y][col + extra] = (style, "")
                col += w

    def lines(self) -> list[Line]:
        """The canvas as lines of fragments."""
        return [_merge(list(row)) for row in self._cells]
