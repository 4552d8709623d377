"""The one way outside text reaches a terminal.

Names, descriptions, paths and card text come from users and files. Shown
raw, an escape sequence in a name can clear the screen, retitle the window
or write the clipboard (OSC 52). :func:`visible` makes every control
character visible instead (``\\x1b`` shows as ``\\x1b``), together with the
invisible characters that reorder or hide text (bidirectional overrides,
zero-width marks) and lone surrogates, which cannot be printed at all.
:func:`emit` prints a line of text through it; :func:`json_text` writes
JSON that decodes to exactly the same values but carries no raw control
character either.

>>> visible("Anna\\x1b[31m")
'Anna\\\\x1b[31m'
>>> visible("Bjørn ♠")
'Bjørn ♠'
"""

from __future__ import annotations

import os
import re
import sys

TYPE_CHECKING = False  # not typing's: importing typing costs a few ms at every start
if TYPE_CHECKING:  # annotations only
    from collections.abc import Callable
    from typing import Any, TextIO

__all__ = [
    "visible",
    "visible_lines",
    "emit",
    "complain",
    "terminal_columns",
    "json_text",
    "cut",
    "cells",
    "ljust_cells",
]

# C0 controls (but tab and newline, handled by the callers), DEL, C1 controls,
# lone surrogates, and format characters that reorder or hide text. Every one
# of them is unprintable to str.isprintable, so printable text (nearly all of
# it) is returned as it is, and a pattern is compiled only when one is needed.
_FORMAT = "\x7f-\x9f\ud800-\udfff\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb"
_UNSAFE = "\x00-\x08\x0b-\x1f" + _FORMAT
_UNSAFE_IN_ONE = "\x00-\x1f" + _FORMAT
# What json.dumps leaves raw inside strings (it escapes C0 itself; outside
# strings JSON is plain ASCII, so this never touches the structure).
_UNSAFE_IN_JSON = _FORMAT
_patterns: dict[str, re.Pattern[str]] = {}


def _written_out(chars: str, text: str, replace: Callable[[re.Match[str]], str]) -> str:
    """``text`` with every character of the class ``chars`` replaced."""
    pattern = _patterns.get(chars)
    if pattern is None:
        pattern = _patterns[chars] = re.compile(f"[{chars}]")
    return pattern.sub(replace, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """One value (a name, a path, a description) with every control and
    invisible format character written out, newlines and tabs included."""
    return text if text.isprintable() else _written_out(_UNSAFE_IN_ONE, text, _escape)


def visible_lines(text: str) -> str:
    """Text of several lines: newlines and tabs kept, every other control
    or invisible format character written out."""
    if text.replace("\n", " ").replace("\t", " ").isprintable():
        return text
    return _written_out(_UNSAFE, text, _escape)


def cut(text: str, most: int = 60) -> str:
    """A value from outside as a message quotes it: whole when short, else
    its beginning and end around how many characters were left out (a 70 KB
    action in a settle file is not said back whole), in no language's words.

    >>> cut("x" * 100, 30)
    'xxxxxxxxxx[…80…]xxxxxxxxxx'
    """
    if len(text) <= most:
        return text
    keep = max(most // 3, 1)
    return f"{text[:keep]}[…{len(text) - 2 * keep}…]{text[-keep:]}"


def cells(text: str) -> int:
    """Columns ``text`` takes in a terminal: a wide (East Asian) character two,
    a combining mark none, any other one (what the screen's width is too,
    without loading the screen's library).

    >>> cells("Bjørn"), cells("日本"), cells("e\u0301")
    (5, 4, 1)
    """
    if text.isascii():
        return len(text)
    import unicodedata

    total = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def ljust_cells(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` terminal cells (see
    :func:`cells`; never cut).

    >>> ljust_cells("Bjørn", 7) + "|", ljust_cells("日本", 5) + "|"
    ('Bjørn  |', '日本 |')
    """
    return text + " " * max(0, columns - cells(text))


def emit(text: str = "", *, file: TextIO | None = None) -> None:
    """Print ``text`` (lines the program composed, with outside values in
    them) to ``file`` (stdout by default), control characters made visible."""
    stream = sys.stdout if file is None else file
    stream.write(visible_lines(text) + "\n")


def terminal_columns(*streams: object) -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` finds it
    (``COLUMNS``, else the terminal on the first of ``streams`` that is one,
    by default stdout, else 80), without importing shutil (and the archive
    modules it brings) at every start."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    for stream in streams or (sys.__stdout__,):
        if columns > 0:
            break
        try:
            columns = os.get_terminal_size(stream.fileno()).columns  # type: ignore[attr-defined]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


def complain(text: str, *, more: str = "    ") -> None:
    """Say ``text`` (a refusal, a warning: lines the program composed, with
    outside values in them) on stderr, control characters made visible,
    fitted to the terminal as stdout's text is (two columns spare): a line
    that fits as it is, a longer one wrapped at its spaces (a path after a
    folder's separator), its next lines ``more`` deeper than it begins.
    Only where stderr is a terminal (its width ``COLUMNS``, else the
    terminal's own): written to a file or a pipe (a log, a script reading
    it) each line is said whole, one sentence a line, as there is no window
    to fit. A stderr that is gone is no error: nobody is left to tell."""
    lines = visible_lines(text).split("\n")
    columns = _stderr_columns()
    if columns is not None:
        from drawpoker.wrapping import wrap

        width = max(20, columns - 2)
        fitted: list[str] = []
        for line in lines:
            if cells(line) <= width or not line.strip():
                fitted.append(line)
            else:
                lead = line[: len(line) - len(line.lstrip())]
                fitted += wrap(line, width, indent=lead + more)
        lines = fitted
    try:
        sys.stderr.write("\n".join(lines) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _stderr_columns() -> int | None:
    """The width stderr's lines are fitted to where stderr is a terminal:
    ``COLUMNS``, else the terminal's own, else 80; None where it is none."""
    stream = sys.stderr
    try:
        if stream is None or not stream.isatty():
            return None
    except (AttributeError, ValueError, OSError):
        return None
    return terminal_columns(stream)


def json_text(value: Any, *, indent: int | None = 2) -> str:
    """JSON for ``value``, exact (it decodes to the same data) and safe to
    print: every control or invisible format character is a ``\\u`` escape."""
    import json

    text = json.dumps(value, indent=indent, ensure_ascii=False)
    if text.replace("\n", " ").isprintable():
        return text
    return _written_out(_UNSAFE_IN_JSON, text, lambda m: f"\\u{ord(m.group()):04x}")
